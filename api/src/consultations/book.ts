// Booking a held time: one D1 batch (a transaction) writes the consultation, its data key and its
// sealed intake, claims the hold's cells, spends the wallet or a package's session and opens the card
// payment. The consultation row's slot_held is read from the hold in the same statement: a hold that
// expired or was replaced makes it 0, its CHECK fails, and nothing of the booking is stored. The same
// idempotency key answers the same consultation (UNIQUE (user_id, idempotency_key)).
import { bookingInvoiceRecord, saleVat } from '../e-invoice-sales';
import { cellsFor, sessionEnd } from '#shared/consultations/rules';
import type { ConsultationBookInput } from '#shared/consultations/schemas';
import type { CountryCode, Lang } from '#shared/locale';
import { COUNTRY_FACTS } from '#shared/countries';
import { CARD_KINDS, GATEWAY_METHODS, PAY_LATER_METHODS } from '#shared/payments/gateway-methods';
import { ApiError } from '../lib/errors';
import { type BookingTable, requestHash } from '../lib/idempotency';
import { newOrderId } from '../orders/order-id';
import { cardMethodFor, newPaymentId, openPayment, stcPayPhoneFor, walletMove } from '../orders/payment-moves';
import type { Keyring } from '../lib/keyring';
import { liveHold, serviceFor } from './hold';
import { debitBookingOrUndo, replayedBooking, vatRate, walletBalance, walletWhere } from '../orders/booking-amounts';
import { keyInsert, newConsultationKey, sealWith } from './seal';
import { confirmationStatements } from './notices';
import { consultationReturnPath } from './paths';
import type { DatabaseEnv, Route } from '../db/databases';

export { consultationReturnPath };

export interface BookContext {
  db: D1Database;
  ring: Keyring | null;
  country: CountryCode;
  lang: Lang;
  user: { id: number; phone: string | null };
  /** The site the confirmation mail's links point to. */
  siteOrigin: string;
  /** The bindings: a shopper whose wallet is in another order shard is debited there (decision 61). */
  env?: DatabaseEnv;
}

export interface Booked {
  id: number;
  paymentId: string | null;
  /** Minor units left to pay through the gateway (0 without a gateway payment). */
  due: number;
  currency: string;
  cardMethod: string | null;
  replayed: boolean;
}

/** The gateway ways a card payment may use (card kinds and STC Pay) and a pay-later one (Tabby, Tamara). */
const CARD_WAYS: readonly string[] = [...CARD_KINDS, 'stc_pay'];
const PAY_LATER_WAYS: readonly string[] = PAY_LATER_METHODS;

/**
 * The gateway method of a card or pay-later payment for `due`: the country's own ways of that kind,
 * and for pay later the shop's one eligibility rule (gatewayMethodsFor's limits, through cardMethodFor).
 */
export function gatewayMethod(
  country: CountryCode,
  kind: 'card' | 'pay_later',
  asked: string | undefined,
  due: number,
): string {
  const ways = (kind === 'card' ? CARD_WAYS : PAY_LATER_WAYS).filter((m) =>
    (GATEWAY_METHODS[country] as readonly string[]).includes(m),
  );
  if (kind === 'pay_later' && asked && !ways.includes(asked)) throw new ApiError(400, 'payment_method_unavailable');
  try {
    return cardMethodFor(country, asked, due, ways);
  } catch (error) {
    if (kind === 'pay_later' && error instanceof ApiError && error.key !== 'payment_method_unavailable')
      throw new ApiError(409, 'consultation_pay_later_unavailable', error.details);
    throw error;
  }
}

/** Consultations, for their keys' replay. */
const BOOKINGS: BookingTable = { table: 'consultations', paymentColumn: 'consultation_id' };

async function replay(ctx: BookContext, key: string, hash: string): Promise<Booked | null> {
  // (Its confirmation mail, queued after the debit, is not sent then: the booking page shows it.)
  const row = await replayedBooking(ctx, BOOKINGS, key, hash, (shard, ...debit) => debitInShard(ctx, shard, ...debit));
  if (!row) return null;
  return {
    id: row.id,
    paymentId: row.payment_id,
    due: row.payment_id ? row.total - row.wallet_used : 0,
    currency: row.currency,
    cardMethod: row.card_method,
    replayed: true,
  };
}

interface CreditRow {
  id: number;
  package_id: number;
  service_id: number;
  country: string;
  price: number;
  sessions_total: number;
  sessions_left: number;
  payment_state: string;
  expires_at: number;
}

/**
 * The results she shares must be hers: her uploaded reports and her blood-test orders. Another
 * shopper's id (guessed or copied) is refused like one that does not exist, before anything is stored.
 */
async function assertSharedAreHers(
  db: D1Database,
  userId: number,
  share: { uploads: number[]; orders: number[] },
): Promise<void> {
  if (!share.uploads.length && !share.orders.length) return;
  const list = (ids: number[]) => (ids.length ? ids.map(() => '?').join(', ') : 'NULL');
  const row = await db
    .prepare(
      `SELECT (SELECT count(*) FROM blood_test_uploads WHERE user_id = ?1 AND id IN (${list(share.uploads)})) AS uploads,
         (SELECT count(*) FROM blood_test_orders WHERE user_id = ?1 AND id IN (${list(share.orders)})) AS orders`,
    )
    .bind(userId, ...share.uploads, ...share.orders)
    .first<{ uploads: number; orders: number }>();
  if (row?.uploads !== share.uploads.length || row.orders !== share.orders.length)
    throw new ApiError(400, 'validation_failed', {
      fields: [{ field: 'intake.share', code: 'custom', message: 'item_validation_error' }],
    });
}

/**
 * Her wallet's part of a consultation when her wallet is in another order shard than the core (decision
 * 61), after the core's batch wrote the booking: the debit in her shard, once per consultation
 * (bookingWalletStatements). Booking first, debit second: its idempotency key makes a retry find the
 * booking and write the debit a dead request left out. When her shard refuses (she spent the balance
 * meanwhile) the booking is undone in the core at once (its time freed, an open card payment closed)
 * and the answer is 409 wallet_insufficient.
 */
async function debitInShard(ctx: BookContext, shard: D1Database, id: number, used: number, currency: string) {
  const db = ctx.db;
  await debitBookingOrUndo(shard, db, { userId: ctx.user.id, currency, used, consultationId: id }, (now) => [
    db
      .prepare(
        "UPDATE payments SET status = 'cancelled', updated_at = ? WHERE consultation_id = ? AND status = 'initiated'",
      )
      .bind(now, id),
    db
      .prepare(
        "UPDATE consultations SET status = 'payment_failed', payment_state = 'failed', wallet_used = 0, updated_at = ? WHERE id = ?",
      )
      .bind(now, id),
    db.prepare('DELETE FROM consultation_cells WHERE consultation_id = ?').bind(id),
  ]);
}

export async function bookConsultation(
  ctx: BookContext,
  input: ConsultationBookInput,
  now = Date.now(),
): Promise<Booked> {
  const { db } = ctx;
  if (!ctx.ring) throw new ApiError(503, 'consultation_health_unavailable');
  const hash = await requestHash(input);
  const earlier = await replay(ctx, input.idempotency_key, hash);
  if (earlier) return earlier;

  const hold = await liveHold(db, input.hold_id, ctx.user.id, now);
  if (!hold) throw new ApiError(409, 'consultation_hold_expired');
  const { service } = await serviceFor(db, {
    serviceId: input.service_id,
    country: ctx.country,
    lang: ctx.lang,
    now,
    exceptUser: ctx.user.id,
  });
  // The hold is of this service's nutritionist and length.
  if (
    hold.nutritionist_id !== service.nutritionist_id ||
    hold.cells !== cellsFor(hold.starts_at, service.minutes).length
  )
    throw new ApiError(409, 'consultation_hold_expired');

  if (input.follow_up_of) {
    const prior = await db
      .prepare(
        "SELECT 1 AS ok FROM consultations WHERE id = ? AND user_id = ? AND nutritionist_id = ? AND status IN ('booked', 'completed')",
      )
      .bind(input.follow_up_of, ctx.user.id, service.nutritionist_id)
      .first();
    if (!prior) throw new ApiError(409, 'consultation_follow_up_invalid');
  }

  await assertSharedAreHers(db, ctx.user.id, input.intake.share);

  const currency = COUNTRY_FACTS[ctx.country].currency;
  const vatBasisPoints = await vatRate(db, ctx.country);
  const pay = input.payment;
  let price = service.price;
  let total = service.price;
  let walletUsed = 0;
  let walletAway: Route | null = null;
  let credit: CreditRow | null = null;
  if (pay.method === 'package') {
    if (!pay.credit_id) throw new ApiError(409, 'consultation_package_invalid');
    credit = await db
      .prepare(
        `SELECT c.id, c.package_id, p.service_id, c.country, c.price, c.sessions_total, c.sessions_left, c.payment_state, c.expires_at
         FROM consultation_credits c JOIN consultation_packages p ON p.id = c.package_id WHERE c.id = ? AND c.user_id = ?`,
      )
      .bind(pay.credit_id, ctx.user.id)
      .first<CreditRow>();
    if (!credit || credit.service_id !== service.id || credit.country !== ctx.country || credit.expires_at <= now)
      throw new ApiError(409, 'consultation_package_invalid');
    if (credit.payment_state !== 'paid') throw new ApiError(409, 'consultation_package_unpaid');
    if (credit.sessions_left <= 0) throw new ApiError(409, 'consultation_package_invalid');
    // The session's share of what the package cost (for the earnings); nothing more to pay.
    price = Math.round(credit.price / credit.sessions_total);
    total = 0;
  } else if (pay.method === 'wallet' || pay.use_wallet) {
    // Her route rides with the balance (decision 61): a wallet in another shard is debited there.
    const wallet = ctx.env ? await walletWhere(ctx.env, ctx.user.id, currency) : null;
    const balance = wallet ? wallet.balance : await walletBalance(db, ctx.user.id, currency);
    walletAway = wallet?.away ?? null;
    if (walletAway?.moving) throw new ApiError(503, 'service_busy');
    walletUsed = Math.min(balance, total);
    if (pay.method === 'wallet' && walletUsed < total) throw new ApiError(409, 'wallet_insufficient');
  }
  const due = total - walletUsed;
  const viaGateway = (pay.method === 'card' || pay.method === 'pay_later') && due > 0;
  const method =
    pay.method !== 'package' && !viaGateway ? (walletUsed > 0 || total === 0 ? 'wallet' : pay.method) : pay.method;
  const cardMethod = viaGateway
    ? gatewayMethod(ctx.country, pay.method as 'card' | 'pay_later', pay.card_method, due)
    : null;
  const payerPhone = stcPayPhoneFor(cardMethod, pay.stc_pay_phone, ctx.user.phone);
  const status = viaGateway ? 'pending_payment' : 'booked';
  const paymentState = pay.method === 'package' ? 'package' : viaGateway ? 'pending' : 'paid';
  const startsAt = hold.starts_at;
  const endsAt = sessionEnd(startsAt, service.minutes);
  const expectedCells = cellsFor(startsAt, service.minutes).length;
  const intakeJson = JSON.stringify(input.intake);
  // Booked at once (wallet, package): the confirmation mail goes in the booking's own batch.
  const mailTo =
    status === 'booked'
      ? await db
          .prepare(
            `SELECT u.email, CASE WHEN ?3 = 'ar' THEN n.name_ar ELSE n.name_en END AS nutritionist_name
             FROM users u, nutritionists n WHERE u.id = ?1 AND n.id = ?2`,
          )
          .bind(ctx.user.id, service.nutritionist_id, ctx.lang)
          .first<{ email: string | null; nutritionist_name: string }>()
      : null;

  for (let attempt = 0; attempt < 3; attempt++) {
    const id = newOrderId();
    const key = await newConsultationKey(ctx.ring, id);
    const intake = await sealWith(key, intakeJson);
    const paymentId = viaGateway ? newPaymentId() : null;
    const statements: D1PreparedStatement[] = [
      db
        .prepare(
          `INSERT INTO consultations (id, user_id, nutritionist_id, service_id, idempotency_key, body_hash, country, currency, lang, status, mode,
             starts_at, ends_at, slot_held, payment_method, card_method, payment_state, credit_id, price, vat, vat_basis_points, total, wallet_used,
             follow_up_of, booked_at, created_at, updated_at)
           VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13,
             (SELECT COUNT(*) = ?14 FROM consultation_cells WHERE hold_id = ?15 AND user_id = ?2 AND nutritionist_id = ?3
               AND consultation_id IS NULL AND expires_at > ?16),
             ?17, ?18, ?19, ?20, ?21, ?22, ?23, ?24, ?25, ?26, ?27, ?16, ?16)`,
        )
        .bind(
          id,
          ctx.user.id,
          service.nutritionist_id,
          service.id,
          input.idempotency_key,
          hash,
          ctx.country,
          currency,
          ctx.lang,
          status,
          input.mode,
          startsAt,
          endsAt,
          expectedCells,
          input.hold_id,
          now,
          method,
          cardMethod,
          paymentState,
          credit?.id ?? null,
          price,
          saleVat(ctx.country, price, vatBasisPoints),
          vatBasisPoints,
          total,
          walletUsed,
          input.follow_up_of ?? null,
          status === 'booked' ? now : null,
        ),
      keyInsert(db, key),
      db
        .prepare(
          `INSERT INTO consultation_intakes (consultation_id, sealed, iv, shared_results, pregnancy, consent_version, consent_at, created_at, updated_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .bind(
          id,
          intake.sealed,
          intake.iv,
          JSON.stringify(input.intake.share),
          input.intake.pregnancy,
          input.consent_version,
          now,
          now,
          now,
        ),
      db
        .prepare(
          'UPDATE consultation_cells SET consultation_id = ?, expires_at = NULL WHERE hold_id = ? AND user_id = ?',
        )
        .bind(id, input.hold_id, ctx.user.id),
    ];
    if (credit)
      // sessions_left's CHECK (>= 0) refuses a package another booking used up meanwhile.
      statements.push(
        db
          .prepare('UPDATE consultation_credits SET sessions_left = sessions_left - 1 WHERE id = ? AND user_id = ?')
          .bind(credit.id, ctx.user.id),
      );
    const away = walletUsed > 0 ? walletAway : null;
    if (walletUsed > 0 && !away)
      statements.push(
        ...walletMove(db, {
          userId: ctx.user.id,
          currency,
          amount: -walletUsed,
          kind: 'order_payment',
          orderId: null,
          paymentId: null,
          consultationId: id,
        }),
      );
    // Her wallet in another shard: the mail waits for her shard's debit (a batch of its own after it).
    const mails: D1PreparedStatement[] = [];
    if (mailTo)
      (away ? mails : statements).push(
        ...confirmationStatements(
          db,
          {
            id,
            user_id: ctx.user.id,
            lang: ctx.lang,
            country: ctx.country,
            currency,
            starts_at: startsAt,
            ends_at: endsAt,
            mode: input.mode,
            total,
            payment_method: method,
            // The session this booking takes is already counted out (its UPDATE is in this batch).
            sessions_left: credit ? credit.sessions_left - 1 : null,
            rescheduled_count: 0,
            service_name: service.name,
            nutritionist_name: mailTo.nutritionist_name,
            email: mailTo.email,
            whatsapp_to: null,
          },
          ctx.siteOrigin,
          now,
        ),
      );
    if (paymentId)
      statements.push(
        openPayment(db, {
          id: paymentId,
          orderId: null,
          consultationId: id,
          userId: ctx.user.id,
          amount: due,
          currency,
          method: cardMethod!,
          returnPath: consultationReturnPath(ctx.lang, id),
          payerPhone,
        }),
      );
    // Paid in full from the wallet: a sale now, its e-invoice recorded with it (decision 75); with a
    // wallet in another shard, once that debit is made (the booking is undone if it fails).
    const invoiceRecord = bookingInvoiceRecord(db, 'consultation', id, Date.now());
    if (paymentState === 'paid' && !away) statements.push(invoiceRecord);
    try {
      await db.batch(statements);
      if (away) {
        await debitInShard(ctx, away.db, id, walletUsed, currency);
        if (mails.length) await db.batch(mails);
        if (paymentState === 'paid') await invoiceRecord.run();
      }
      return { id, paymentId, due: paymentId ? due : 0, currency, cardMethod, replayed: false };
    } catch (error) {
      const text = String(error instanceof Error ? error.message : error);
      if (/consultations\.id\b/.test(text) && !/idempotency_key/.test(text)) continue;
      if (/idempotency_key/.test(text)) {
        const first = await replay(ctx, input.idempotency_key, hash);
        if (first) return first;
      }
      if (/consultation_slot_held/.test(text)) throw new ApiError(409, 'consultation_hold_expired');
      if (/wallet_not_negative/.test(text)) throw new ApiError(409, 'wallet_insufficient');
      if (/sessions_left/.test(text)) throw new ApiError(409, 'consultation_package_invalid');
      throw error;
    }
  }
  throw new Error('could not find a free consultation number');
}
