// Tap Payments (tap.company), the gateway of many Kuwaiti and Saudi shops: POST /v2/charges creates
// a charge whose transaction.url is the hosted payment page; the outcome arrives at post.url with a
// `hashstring` header: HMAC-SHA256 (secret key) over
//   x_id{id}x_amount{amount}x_currency{currency}x_gateway_reference{gateway.reference}
//   x_payment_reference{reference.payment}x_status{status}x_created{transaction.created}
// with the amount written with the currency's decimals. Statuses: CAPTURED is paid; CANCELLED and
// ABANDONED are a cancel; anything else (DECLINED, FAILED, RESTRICTED, VOID, TIMEDOUT…) a failure.
// Refunds (POST /v2/refunds) may answer PENDING; Tap then posts the refund object to the refund's own
// post.url, signed the same way over the refund's fields with refund.created; GET /v2/refunds/{id}
// tells its status when asked (payments/refunds.ts).
import { WEBHOOK_SIGNATURE_HEADERS } from '#shared/api/payment-webhooks';
import { hmacHex } from '#shared/api/signing';
import { timingSafeEqualText } from '#shared/bytes';
import type { CardMethod } from '#shared/api/order-schemas';
import { COUNTRY_FACTS } from '#shared/countries';
import { currencyDecimals, isShopCurrency, minorToDecimal } from '#shared/money';
import type { FetchedCharge, Gateway, RefundReport, SavedCardRef, WebhookEvent } from './gateway';

const API = 'https://api.tap.company/v2/charges';
/** Tap's Tokens API: a one-use token from a kept card ({saved_card: {card_id, customer_id}}). */
const TOKENS_API = 'https://api.tap.company/v2/tokens';
/** Tap's Refunds API: POST {charge_id, amount, currency, reason} refunds part or all of a captured charge. */
const REFUNDS_API = 'https://api.tap.company/v2/refunds';

/**
 * Tap's source ids for each way to pay. STC Pay's source carries the account's phone (Tap's page then
 * asks for the code STC Pay sends it); Tabby's id is spelt as Tap documents it ("installement").
 */
const TAP_SOURCES: Record<CardMethod, string> = {
  knet: 'src_kw.knet',
  mada: 'src_sa.mada',
  card: 'src_card',
  apple_pay: 'src_apple_pay',
  stc_pay: 'src_sa.stcpay',
  tabby: 'src_tabby.installement',
  tamara: 'src_tamara',
};

/** The charge's source: its id, and for STC Pay the number to charge. */
function tapSource(method: CardMethod, payerPhone: string | null | undefined): Record<string, unknown> {
  if (method !== 'stc_pay') return { id: TAP_SOURCES[method] };
  const phone = tapPhone(payerPhone);
  if (!phone) throw new Error('STC Pay needs the account phone');
  return { id: TAP_SOURCES.stc_pay, phone };
}

/** Tap's signed string: the same fields for charges and refunds, `created` taken from each its own way. */
function hashString(o: TapCharge | TapRefund, created: string | number | undefined): string {
  const decimals = currencyDecimals(o.currency);
  return (
    `x_id${o.id}x_amount${Number(o.amount).toFixed(decimals)}x_currency${o.currency}` +
    `x_gateway_reference${o.reference?.gateway ?? ''}x_payment_reference${o.reference?.payment ?? ''}` +
    `x_status${o.status}x_created${created ?? ''}`
  );
}

export function tapHashString(charge: TapCharge): string {
  return hashString(charge, charge.transaction?.created);
}

/**
 * A refund's webhook (posted to the post.url given when creating it) is signed over the refund's own
 * fields: refund.id, refund.amount, refund.currency, refund.reference.gateway,
 * refund.reference.payment, refund.status and refund.created (a charge's is transaction.created).
 */
export function tapRefundHashString(refund: TapRefund): string {
  return hashString(refund, refund.created);
}

export interface TapRefund {
  id: string;
  object?: string;
  amount: number | string;
  currency: string;
  status: string;
  created?: number | string;
  charge_id?: string;
  reference?: { gateway?: string; payment?: string; merchant?: string };
  metadata?: { refund_id?: string };
}

/** A refund as Tap reports it, in minor units; null when it is none of this shop's (currency, id). */
function fetchedRefund(refund: TapRefund): RefundReport | null {
  const amount = Number(refund.amount);
  if (
    !isShopCurrency(refund.currency) ||
    !Number.isFinite(amount) ||
    typeof refund.id !== 'string' ||
    typeof refund.status !== 'string'
  )
    return null;
  const ours = /^\d{1,12}$/.test(refund.metadata?.refund_id ?? '') ? Number(refund.metadata!.refund_id) : null;
  return {
    providerRef: refund.id,
    refundId: ours,
    status: tapRefundStatus(refund.status),
    amount: Math.round(amount * 10 ** currencyDecimals(refund.currency)),
    currency: refund.currency,
  };
}

export interface TapCharge {
  id: string;
  amount: number | string;
  currency: string;
  status: string;
  reference?: { transaction?: string; order?: string; gateway?: string; payment?: string };
  transaction?: { url?: string; created?: string };
  metadata?: { payment_id?: string };
  /** With save_card: the kept card, its customer and the agreement later charges name. */
  card?: { id?: string; last_four?: string; brand?: string; scheme?: string };
  customer?: { id?: string };
  payment_agreement?: { id?: string };
}

/** The card Tap kept with a charge (save_card), or null when it kept none. */
function keptCard(charge: TapCharge): SavedCardRef | null {
  const cardRef = charge.card?.id;
  const customerRef = charge.customer?.id;
  if (typeof cardRef !== 'string' || !cardRef.startsWith('card_') || typeof customerRef !== 'string') return null;
  return {
    customerRef,
    cardRef,
    agreementRef: typeof charge.payment_agreement?.id === 'string' ? charge.payment_agreement.id : null,
    brand: String(charge.card?.brand ?? charge.card?.scheme ?? '').slice(0, 20),
    last4: /^\d{4}$/.test(charge.card?.last_four ?? '') ? charge.card!.last_four! : '',
  };
}

/** Statuses of a charge Tap has not finished: its webhook gives the outcome later. */
const UNFINISHED = new Set(['INITIATED', 'IN_PROGRESS', 'UNKNOWN', 'AUTHORIZED']);

/**
 * A 4xx that refuses the card or the request about it; not 401 or 403 (the shop's key), nor 429 (the
 * rate), which are the shop's trouble: those throw, and the charge is tried again later, never told to
 * the shopper as a declined card.
 */
const isCardRefusal = (status: number) => status >= 400 && status < 500 && ![401, 403, 429].includes(status);

function outcomeOf(status: string): WebhookEvent['outcome'] {
  if (status === 'CAPTURED') return 'succeeded';
  if (status === 'CANCELLED' || status === 'ABANDONED') return 'cancelled';
  return 'failed';
}

export function tapGateway(secretKey: string, fetcher: typeof fetch = fetch): Gateway {
  /** Every call's headers: the secret key and JSON answers; a call that sends a body says it is JSON. */
  const readHeaders = { authorization: `Bearer ${secretKey}`, accept: 'application/json' };
  const jsonHeaders = { ...readHeaders, 'content-type': 'application/json' };
  /** One of Tap's objects by its id: none when the id is not of its shape (never sent) or Tap has none. */
  async function readOne<T>(base: string, shape: RegExp, id: string, what: string): Promise<T | null> {
    if (!shape.test(id)) return null;
    const res = await fetcher(`${base}/${id}`, { headers: readHeaders });
    if (res.status === 404) return null;
    if (!res.ok) throw new Error(`Tap answered ${res.status} when asked for ${what}`);
    return (await res.json()) as T;
  }
  return {
    name: 'tap',
    async createCharge(charge) {
      const [first, ...rest] = charge.customer.name.trim().split(/\s+/);
      const phone = tapPhone(charge.customer.phone);
      const res = await fetcher(API, {
        method: 'POST',
        headers: jsonHeaders,
        body: JSON.stringify({
          amount: Number(minorToDecimal(charge.amount, charge.decimals)),
          currency: charge.currency,
          threeDSecure: true,
          // A checkout that subscribes: Tap keeps the card and answers with its card, customer and
          // payment agreement ids, which later charges of the subscription name.
          save_card: charge.saveCard === true,
          description: charge.description,
          reference: { transaction: charge.paymentId, order: charge.paymentId },
          metadata: { payment_id: charge.paymentId },
          customer: {
            first_name: first || 'Customer',
            last_name: rest.join(' ') || undefined,
            // An account made with a phone may have no e-mail: Tap then goes by the phone.
            ...(charge.customer.email ? { email: charge.customer.email } : {}),
            ...(phone ? { phone } : {}),
          },
          source: tapSource(charge.method, charge.payerPhone),
          post: { url: charge.webhookUrl },
          redirect: { url: charge.returnUrl },
        }),
      });
      if (!res.ok) throw new Error(`Tap answered ${res.status} when creating a charge`);
      const body = (await res.json()) as TapCharge;
      if (!body.transaction?.url) throw new Error('Tap gave no payment page for the charge');
      return { providerRef: body.id, url: body.transaction.url };
    },
    async chargeSaved(charge) {
      // A kept card is charged through a one-use token made from it.
      const tokenRes = await fetcher(TOKENS_API, {
        method: 'POST',
        headers: jsonHeaders,
        body: JSON.stringify({
          saved_card: { card_id: charge.card.cardRef, customer_id: charge.card.customerRef },
        }),
      });
      if (!tokenRes.ok) {
        // A card Tap no longer keeps (removed, expired) cannot be charged: a decline, not an outage.
        if (isCardRefusal(tokenRes.status)) return { providerRef: null, outcome: 'failed' };
        throw new Error(`Tap answered ${tokenRes.status} when making a token from a kept card`);
      }
      const token = (await tokenRes.json()) as { id?: string };
      if (typeof token.id !== 'string') throw new Error('Tap gave no token for the kept card');
      // Merchant-initiated: no 3-D Secure, no shopper; the payment agreement names the card's mandate.
      const res = await fetcher(API, {
        method: 'POST',
        headers: jsonHeaders,
        body: JSON.stringify({
          amount: Number(minorToDecimal(charge.amount, charge.decimals)),
          currency: charge.currency,
          customer_initiated: false,
          threeDSecure: false,
          save_card: false,
          ...(charge.card.agreementRef ? { payment_agreement: { id: charge.card.agreementRef } } : {}),
          description: charge.description,
          reference: { transaction: charge.paymentId, order: charge.paymentId },
          metadata: { payment_id: charge.paymentId },
          customer: { id: charge.card.customerRef },
          source: { id: token.id },
          post: { url: charge.webhookUrl },
        }),
      });
      if (isCardRefusal(res.status)) return { providerRef: null, outcome: 'failed' };
      if (!res.ok) throw new Error(`Tap answered ${res.status} when charging a kept card`);
      const body = (await res.json()) as TapCharge;
      return {
        providerRef: typeof body.id === 'string' ? body.id : null,
        outcome: UNFINISHED.has(body.status) ? 'pending' : outcomeOf(body.status),
      };
    },
    async fetchCharge(providerRef) {
      const charge = await readOne<TapCharge>(API, /^chg_[A-Za-z0-9_]{1,64}$/, providerRef, 'a charge');
      return charge && fetchedCharge(charge);
    },
    async refund(refund) {
      const res = await fetcher(REFUNDS_API, {
        method: 'POST',
        headers: jsonHeaders,
        body: JSON.stringify({
          charge_id: refund.providerRef,
          amount: Number(minorToDecimal(refund.amount, refund.decimals)),
          currency: refund.currency,
          reason: refund.reason,
          reference: { merchant: `refund_${refund.refundId}` },
          metadata: { refund_id: String(refund.refundId) },
          post: { url: refund.webhookUrl },
        }),
      });
      if (!res.ok) throw new Error(`Tap answered ${res.status} when refunding a charge`);
      const body = (await res.json()) as { id?: string; status?: string };
      return { providerRef: typeof body.id === 'string' ? body.id : null, status: tapRefundStatus(body.status) };
    },
    async fetchRefund(providerRef) {
      const refund = await readOne<TapRefund>(REFUNDS_API, /^re_[A-Za-z0-9_]{1,64}$/, providerRef, 'a refund');
      return refund && fetchedRefund(refund);
    },
    async verifyRefundWebhook(headers, body) {
      let refund: TapRefund;
      try {
        refund = JSON.parse(body) as TapRefund;
      } catch {
        return null;
      }
      if (typeof refund !== 'object' || refund === null) return null;
      const given = headers.get(WEBHOOK_SIGNATURE_HEADERS.tap) ?? '';
      const expected = await hmacHex(secretKey, tapRefundHashString(refund));
      if (!timingSafeEqualText(given, expected)) return null;
      return fetchedRefund(refund);
    },
    async verifyWebhook(headers, body) {
      let charge: TapCharge;
      try {
        charge = JSON.parse(body) as TapCharge;
      } catch {
        return null;
      }
      const given = headers.get(WEBHOOK_SIGNATURE_HEADERS.tap) ?? '';
      const expected = await hmacHex(secretKey, tapHashString(charge));
      if (!timingSafeEqualText(given, expected)) return null;
      const paymentId = charge.metadata?.payment_id ?? charge.reference?.transaction;
      if (!paymentId) return null;
      return { paymentId, outcome: outcomeOf(charge.status), providerRef: charge.id, savedCard: keptCard(charge) };
    },
  };
}

/** A Tap refund's status: REFUNDED is done; PENDING and INITIATED are on their way; anything else failed. */
export function tapRefundStatus(status: string | undefined): 'pending' | 'succeeded' | 'failed' {
  if (status === 'REFUNDED') return 'succeeded';
  if (status === 'PENDING' || status === 'INITIATED' || status === 'IN_PROGRESS') return 'pending';
  return 'failed';
}

/** An E.164 number of the shop's countries as Tap wants it: the dial code without "+", then the rest. */
export function tapPhone(phone: string | null | undefined): { country_code: string; number: string } | null {
  const dial = phone ? Object.values(COUNTRY_FACTS).find((f) => phone.startsWith(f.dialCode))?.dialCode : undefined;
  const number = dial ? phone!.slice(dial.length) : '';
  return dial && /^\d+$/.test(number) ? { country_code: dial.slice(1), number } : null;
}

/** A charge as Tap reports it, with the amount in minor units; null in a currency the shop never charges. */
export function fetchedCharge(charge: TapCharge): FetchedCharge | null {
  const amount = Number(charge.amount);
  if (!isShopCurrency(charge.currency) || !Number.isFinite(amount) || typeof charge.id !== 'string') return null;
  const decimals = currencyDecimals(charge.currency);
  const savedCard = keptCard(charge);
  return {
    paymentId: charge.metadata?.payment_id ?? charge.reference?.transaction ?? null,
    outcome: outcomeOf(charge.status),
    finished: !UNFINISHED.has(charge.status),
    providerRef: charge.id,
    amount: Math.round(amount * 10 ** decimals),
    currency: charge.currency,
    ...(savedCard ? { savedCard } : {}),
  };
}
