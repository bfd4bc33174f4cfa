// Money moves of orders and bookings: payment ids, the card kind of a country, the return path after a
// hosted payment page, wallet movements (never below zero) and open card payments.
import { localizePath } from '#shared/locale';
import { GATEWAY_METHODS, unavailableReason, type GatewayMethod } from '#shared/payments/gateway-methods';
import { randomHex } from '#shared/bytes';
import { nationalNumber, PHONE_RULES } from '#shared/api/address-facts';
import { isMobileNumber } from '#shared/phone/mobile';
import { COUNTRY_CODES } from '#shared/countries';
import { PAYMENTS } from '#shared/countries/payments';
import { ApiError } from '../lib/errors';

/** A payment's id names the order shard that holds it (decision 62): `pay_…` in shard 0 as always,
 * `pay<n>_…` in shard n (db/databases.ts paymentShardId). */
export function newPaymentId(shard = 0): string {
  return `pay${shard === 0 ? '' : shard}_${randomHex(12)}`;
}

/**
 * The gateway method of a payment (a product order, a blood-test booking, paying either again): the one
 * asked for, else the country's first card kind. One the country does not have is refused, and so is one
 * that does not take this amount (a pay-later provider's minimum and maximum), with its own message.
 * `methods` narrows the country's list (blood-test bookings take cards only).
 */
export function cardMethodFor(
  country: keyof typeof GATEWAY_METHODS,
  asked: string | undefined,
  due: number,
  methods: readonly string[] = GATEWAY_METHODS[country],
): GatewayMethod {
  const method = asked ?? methods[0]!;
  if (!methods.includes(method)) throw new ApiError(400, 'payment_method_unavailable');
  const why = unavailableReason(method as GatewayMethod, country, due);
  if (why) throw new ApiError(400, `payment_method_${why.reason}`, { method, limit: why.limit });
  return method as GatewayMethod;
}

/**
 * The STC Pay account a payment charges, in E.164: the number the shopper typed at the review step, else
 * the delivery phone when it is a Saudi mobile; null for every other method. A number that is no Saudi
 * mobile is refused before anything is held.
 */
export function stcPayPhoneFor(
  method: string | null,
  given: string | undefined,
  deliveryPhone: string | null,
): string | null {
  if (method !== 'stc_pay') return null;
  const national = given ?? nationalNumber(deliveryPhone ?? '');
  const country = STC_PAY_COUNTRIES.find((c) => isMobileNumber(c, national));
  if (!country) throw new ApiError(400, 'stc_pay_phone_invalid');
  return `${PHONE_RULES[country].dial}${national}`;
}

/** STC Pay accounts are mobile numbers of the countries that offer it (their modules list the method). */
const STC_PAY_COUNTRIES = COUNTRY_CODES.filter((c) => (PAYMENTS[c].methods as readonly string[]).includes('stc_pay'));

/** The number an order or booking was last charged on STC Pay from, for paying it again. */
export async function lastPayerPhone(
  db: D1Database,
  of: { orderId: number } | { bookingId: number },
): Promise<string | null> {
  const [column, id] = 'orderId' in of ? ['order_id', of.orderId] : ['blood_test_order_id', of.bookingId];
  const row = await db
    .prepare(
      `SELECT payer_phone FROM payments WHERE ${column} = ? AND payer_phone IS NOT NULL ORDER BY created_at DESC LIMIT 1`,
    )
    .bind(id)
    .first<{ payer_phone: string }>();
  return row?.payer_phone ?? null;
}

export function returnPath(lang: 'en' | 'ar', orderId: number): string {
  return localizePath(`/checkout/success?order=${orderId}`, lang);
}

/** A wallet movement: the ledger row and the balance it changes (which may never go below zero). */
export function walletMove(
  db: D1Database,
  m: {
    userId: number;
    currency: string;
    amount: number;
    kind: 'top_up' | 'order_payment' | 'refund';
    orderId: number | null;
    paymentId: string | null;
    /** The blood-test booking paid or refunded (instead of a product order). */
    bloodTestOrderId?: number;
    /** The consultation paid or refunded (instead of a product order). */
    consultationId?: number;
  },
): D1PreparedStatement[] {
  // A spend updates the existing row (a balance above zero was read, so it exists): an upsert would
  // check the CHECK on the would-be new row first and refuse every spend.
  const balance =
    m.amount < 0
      ? db.prepare('UPDATE wallet_accounts SET balance = balance + ?3 WHERE user_id = ?1 AND currency = ?2')
      : db.prepare(
          'INSERT INTO wallet_accounts (user_id, currency, balance) VALUES (?1, ?2, ?3) ON CONFLICT (user_id, currency) DO UPDATE SET balance = balance + ?3',
        );
  return [
    balance.bind(m.userId, m.currency, m.amount),
    db
      .prepare(
        'INSERT INTO wallet_ledger (user_id, currency, amount, kind, order_id, payment_id, blood_test_order_id, consultation_id, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
      )
      .bind(
        m.userId,
        m.currency,
        m.amount,
        m.kind,
        m.orderId,
        m.paymentId,
        m.bloodTestOrderId ?? null,
        m.consultationId ?? null,
        Date.now(),
      ),
  ];
}

export function openPayment(
  db: D1Database,
  p: {
    id: string;
    orderId: number | null;
    userId: number | null;
    amount: number;
    currency: string;
    method: string;
    returnPath: string;
    purpose?: 'order' | 'wallet';
    provider?: string;
    /** The blood-test booking this payment pays (then orderId is null). */
    bloodTestOrderId?: number;
    /** The consultation, or the package of consultations (consultation_credits), this payment pays. */
    consultationId?: number;
    consultationCreditId?: number;
    /** STC Pay's account number (stcPayPhoneFor). */
    payerPhone?: string | null;
    /** Ask the gateway to keep the card for later charges (a checkout that subscribes). */
    saveCard?: boolean;
  },
): D1PreparedStatement {
  const now = Date.now();
  return db
    .prepare(
      `INSERT INTO payments (id, provider, purpose, order_id, blood_test_order_id, consultation_id, consultation_credit_id, user_id, amount, currency, method, status, return_path, payer_phone, save_card, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'initiated', ?, ?, ?, ?, ?)`,
    )
    .bind(
      p.id,
      p.provider ?? 'pending',
      p.purpose ?? 'order',
      p.orderId,
      p.bloodTestOrderId ?? null,
      p.consultationId ?? null,
      p.consultationCreditId ?? null,
      p.userId,
      p.amount,
      p.currency,
      p.method,
      p.returnPath,
      p.payerPhone ?? null,
      p.saveCard ? 1 : 0,
      now,
      now,
    );
}
