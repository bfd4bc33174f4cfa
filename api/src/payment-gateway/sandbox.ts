// Local mode's gateway: the "hosted payment page" is the storefront's /payments/sandbox/{id}, where a
// tester chooses the outcome; the storefront then posts a webhook signed with the shared secret,
// exactly as a real gateway would, and the API checks that signature like any other.
import { hmacHex, verifyHmacHex } from '#shared/api/signing';
import type { Gateway, RefundReport, SavedCardRef, WebhookEvent } from './gateway';
import { WEBHOOK_SIGNATURE_HEADERS } from '#shared/api/payment-webhooks';

const SANDBOX_SIGNATURE_HEADER = WEBHOOK_SIGNATURE_HEADERS.sandbox;

/**
 * The card the sandbox "keeps" with a charge: every later charge of it succeeds, except a card a tester
 * marked declining (its ref ends in this; the sandbox page's "card declines later" choice).
 */
const SANDBOX_DECLINING_CARD = '_declines';

function sandboxCard(paymentId: string, declines = false): SavedCardRef {
  return {
    customerRef: 'sbx_cus',
    cardRef: `sbx_card_${paymentId}${declines ? SANDBOX_DECLINING_CARD : ''}`,
    agreementRef: `sbx_agr_${paymentId}`,
    brand: 'VISA',
    last4: declines ? '0002' : '4242',
  };
}

/** A sandbox refund whose amount in minor units ends in these two digits answers pending. */
const SANDBOX_PENDING_REFUND_ENDING = 77;
/** One ending in these is refused, as a real gateway may refuse (the card closed, the charge too old). */
const SANDBOX_REFUSED_REFUND_ENDING = 66;

export function sandboxGateway(secret: string): Gateway {
  return {
    name: 'sandbox',
    async createCharge(charge) {
      // The sandbox page lives on the storefront the shopper is using (the origin it returns to).
      return {
        providerRef: `sbx_${charge.paymentId}`,
        url: `${new URL(charge.returnUrl).origin}/payments/sandbox/${charge.paymentId}`,
      };
    },
    async chargeSaved(charge) {
      return {
        providerRef: `sbx_${charge.paymentId}`,
        outcome: charge.card.cardRef.endsWith(SANDBOX_DECLINING_CARD) ? 'failed' : 'succeeded',
      };
    },
    // The sandbox took no money: its refunds succeed at once, recorded by the caller, except an amount
    // whose minor units end in 77 (1.077 KWD, 10.77 SAR), which stays pending as a real gateway's may,
    // until a tester settles it from the staff order page (POST /staff/orders/:id/refunds/:rid/settle),
    // and one ending in 66 (1.066 KWD, 10.66 SAR), which the sandbox refuses, as Tap's error answer does.
    async refund(refund) {
      if (refund.amount % 100 === SANDBOX_REFUSED_REFUND_ENDING)
        throw new Error('The sandbox refuses refunds whose amount ends in 66');
      return {
        providerRef: `sbx_re_${refund.refundId}`,
        status: refund.amount % 100 === SANDBOX_PENDING_REFUND_ENDING ? 'pending' : 'succeeded',
      };
    },
    async verifyRefundWebhook(headers, body) {
      if (!(await verifyHmacHex(secret, body, headers.get(SANDBOX_SIGNATURE_HEADER) ?? ''))) return null;
      try {
        const r = JSON.parse(body) as Partial<RefundReport> & { object?: string };
        if (
          r.object !== 'refund' ||
          typeof r.providerRef !== 'string' ||
          !Number.isInteger(r.refundId) ||
          !Number.isInteger(r.amount) ||
          typeof r.currency !== 'string' ||
          !['pending', 'succeeded', 'failed'].includes(r.status ?? '')
        )
          return null;
        return {
          providerRef: r.providerRef,
          refundId: r.refundId!,
          status: r.status!,
          amount: r.amount!,
          currency: r.currency,
        };
      } catch {
        return null;
      }
    },
    async verifyWebhook(headers, body) {
      if (!(await verifyHmacHex(secret, body, headers.get(SANDBOX_SIGNATURE_HEADER) ?? ''))) return null;
      try {
        const event = JSON.parse(body) as Partial<WebhookEvent> & { cardDeclines?: boolean };
        if (typeof event.paymentId !== 'string' || !['succeeded', 'failed', 'cancelled'].includes(event.outcome ?? ''))
          return null;
        return {
          paymentId: event.paymentId,
          outcome: event.outcome!,
          providerRef: `sbx_${event.paymentId}`,
          // Kept only when the charge asked for it (payments.save_card), as a real gateway does.
          savedCard: event.outcome === 'succeeded' ? sandboxCard(event.paymentId, event.cardDeclines === true) : null,
        };
      } catch {
        return null;
      }
    },
  };
}

/** The body and signature header of a sandbox webhook (the storefront's sandbox page sends it). */
export async function signSandboxEvent(
  secret: string,
  event: { paymentId: string; outcome: WebhookEvent['outcome']; cardDeclines?: boolean },
): Promise<{ body: string; signature: string }> {
  const body = JSON.stringify(event);
  return { body, signature: await hmacHex(secret, body) };
}

/** The body and signature header of a sandbox refund's settlement (the staff order page's tester button). */
export async function signSandboxRefund(
  secret: string,
  report: RefundReport & { refundId: number },
): Promise<{ body: string; signature: string }> {
  const body = JSON.stringify({ object: 'refund', ...report });
  return { body, signature: await hmacHex(secret, body) };
}
