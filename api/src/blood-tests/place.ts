// Booking blood tests: one D1 batch (a transaction) writes the order, claims the shopper's live slot
// hold for it, stores the tests, counts the coupon, spends the wallet and opens the card payment.
// The order row carries slot_held, read from the hold in the same statement; a hold that expired or
// was replaced makes it 0, its CHECK fails, and nothing of the booking is stored. The same key
// answers the same order (UNIQUE (user_id, idempotency_key)).
import { bookingInvoiceRecord } from '../e-invoice-sales';
import type { BloodTestSubmitInput } from '#shared/api/blood-test-order-schemas';
import { visitInstant, WINDOW_HOURS, zoneKey } from '#shared/blood-tests/slot-rules';
import { type CountryCode, type Lang, localizePath } from '#shared/locale';
import { COUNTRY_FACTS } from '#shared/countries';
import { ApiError } from '../lib/errors';
import { type BookingTable, requestHash } from '../lib/idempotency';
import { resolveAddress } from '../orders/address';
import { newOrderId } from '../orders/order-id';
import { cardMethodFor, newPaymentId, openPayment, stcPayPhoneFor, walletMove } from '../orders/place';
import { ageOn, ownedPatient, savePatient } from './patients';
import { type BloodTestLine, bloodTestQuote } from './quote';
import type { DatabaseEnv } from '../db/databases';
import { debitBookingOrUndo, replayedBooking } from '../orders/booking-amounts';
import { assertBookable } from './slots';

export interface BookContext {
  db: D1Database;
  country: CountryCode;
  lang: Lang;
  user: { id: number };
  /** The bindings: a shopper whose wallet is in another order shard is debited there (decision 61). */
  env?: DatabaseEnv;
}

export interface Booked {
  orderId: number;
  paymentId: string | null;
  /** Minor units left to pay by card (0 without a card payment). */
  due: number;
  currency: string;
  cardMethod: string | null;
  replayed: boolean;
}

interface HoldRow {
  id: string;
  zone: string;
  slot_date: string;
  slot_window: keyof typeof WINDOW_HOURS;
}

/** Blood-test orders, for their keys' replay. */
const BOOKINGS: BookingTable = { table: 'blood_test_orders', paymentColumn: 'blood_test_order_id' };

async function replay(ctx: BookContext, key: string, hash: string): Promise<Booked | null> {
  const row = await replayedBooking(ctx, BOOKINGS, key, hash, (shard, ...debit) => debitInShard(ctx, shard, ...debit));
  if (!row) return null;
  return {
    orderId: row.id,
    paymentId: row.payment_id,
    due: row.total - row.wallet_used,
    currency: row.currency,
    cardMethod: row.card_method,
    replayed: true,
  };
}

/** The tests' age and sex rules against the patient, on the day of the visit. */
function assertEligible(
  lines: Array<Pick<BloodTestLine, 'min_age' | 'sex'>>,
  patient: { sex: 'female' | 'male'; date_of_birth: string },
  visitDate: string,
): void {
  const age = ageOn(patient.date_of_birth, visitDate);
  if (lines.some((l) => age < l.min_age)) throw new ApiError(409, 'blood_test_min_age');
  if (lines.some((l) => l.sex === 'female' && patient.sex !== 'female'))
    throw new ApiError(409, 'blood_test_female_only');
  if (lines.some((l) => l.sex === 'male' && patient.sex !== 'male')) throw new ApiError(409, 'blood_test_male_only');
}

/**
 * Her wallet's part of a booking when her wallet is in another order shard than the core (decision 61),
 * after the core's batch wrote the booking: the debit in her shard, once per booking
 * (bookingWalletStatements). Booking first, debit second, because the booking's key makes a retry find
 * it: a request that dies between the two leaves a booking whose debit the retry (replay) writes. When
 * her shard refuses (she spent the balance meanwhile), the booking is undone in the core at once: its
 * place, coupon use and open card payment given back, the booking failed, and 409 wallet_insufficient.
 */
async function debitInShard(ctx: BookContext, shard: D1Database, orderId: number, used: number, currency: string) {
  const db = ctx.db;
  const live = "EXISTS (SELECT 1 FROM blood_test_orders WHERE id = ?1 AND status <> 'payment_failed')";
  await debitBookingOrUndo(shard, db, { userId: ctx.user.id, currency, used, bloodTestOrderId: orderId }, (now) => [
    // Before the status changes: given back only by the first undo.
    db
      .prepare(
        `UPDATE coupons SET used = used - 1 WHERE id = (SELECT coupon_id FROM blood_test_orders WHERE id = ?1) AND ${live}`,
      )
      .bind(orderId),
    db
      .prepare(
        `UPDATE payments SET status = 'cancelled', updated_at = ?2 WHERE blood_test_order_id = ?1 AND status = 'initiated' AND ${live}`,
      )
      .bind(orderId, now),
    db
      .prepare(
        "UPDATE blood_test_orders SET status = 'payment_failed', payment_state = 'failed', wallet_used = 0, updated_at = ?2 WHERE id = ?1",
      )
      .bind(orderId, now),
    db.prepare('DELETE FROM blood_test_slot_bookings WHERE order_id = ?').bind(orderId),
  ]);
}

export function bookingReturnPath(lang: Lang, orderId: number): string {
  return localizePath(`/checkout-blood-test/success?order=${orderId}`, lang);
}

export async function bookBloodTests(ctx: BookContext, input: BloodTestSubmitInput, now = Date.now()): Promise<Booked> {
  const { db } = ctx;
  const hash = await requestHash(input);
  const earlier = await replay(ctx, input.idempotency_key, hash);
  if (earlier) return earlier;
  // Her totals were another country's (she switched country mid-checkout, issue 77): nothing is booked.
  if (input.currency && input.currency !== COUNTRY_FACTS[ctx.country].currency)
    throw new ApiError(409, 'checkout_country_changed');

  const hold = await db
    .prepare(
      'SELECT id, zone, slot_date, slot_window FROM blood_test_slot_bookings WHERE id = ? AND user_id = ? AND order_id IS NULL AND expires_at > ?',
    )
    .bind(input.hold_id, ctx.user.id, now)
    .first<HoldRow>();
  if (!hold) throw new ApiError(409, 'slot_hold_expired');

  const address = await resolveAddress(db, { addressId: input.address_id, userId: ctx.user.id, lang: ctx.lang });
  if (address.country !== ctx.country) throw new ApiError(400, 'address_country_mismatch');
  const zone = zoneKey(address as { area_id?: number | null; city_id?: number | null });
  if (zone !== hold.zone) throw new ApiError(409, 'slot_zone_mismatch');

  const patient = input.patient
    ? await savePatient(db, ctx.user.id, input.patient)
    : await ownedPatient(db, ctx.user.id, input.patient_id!);

  const useWallet = input.payment_method === 'wallet' || !!input.use_wallet;
  const priced = await bloodTestQuote(
    db,
    { items: input.items, coupon: input.coupon, use_wallet: useWallet },
    { country: ctx.country, lang: ctx.lang, userId: ctx.user.id, env: ctx.env },
  );
  const q = priced.quote;
  // Her wallet in another shard: debited there after the booking (debitInShard), not in its batch.
  const walletAway = q.wallet_used > 0 ? (priced.walletRoute ?? null) : null;
  if (walletAway?.moving) throw new ApiError(503, 'service_busy');
  if (q.coupon_error) throw new ApiError(409, q.coupon_error as 'coupon_invalid');
  // The same rules as the hold, for the tests actually ordered (the cart may have changed since).
  await assertBookable(
    db,
    { country: ctx.country, date: hold.slot_date, window: hold.slot_window, tests: priced.lines },
    now,
  );
  assertEligible(priced.lines, patient, hold.slot_date);
  if (input.payment_method === 'wallet' && q.due > 0) throw new ApiError(409, 'wallet_insufficient');

  // Nothing left to pay (the wallet covered it): paid, whatever method was picked.
  const method = q.due === 0 && q.wallet_used > 0 ? 'wallet' : input.payment_method;
  const cardMethod = method === 'card' ? cardMethodFor(ctx.country, input.card_method, q.due) : null;
  const payerPhone = stcPayPhoneFor(cardMethod, input.stc_pay_phone, address.phone);
  const status = method === 'card' ? 'pending_payment' : 'booked';
  const paymentState = method === 'card' ? 'pending' : method === 'wallet' ? 'paid' : 'pay_at_visit';
  const visitAt = visitInstant(ctx.country, hold.slot_date, WINDOW_HOURS[hold.slot_window].start);

  for (let attempt = 0; attempt < 3; attempt++) {
    const orderId = newOrderId();
    const paymentId = method === 'card' ? newPaymentId() : null;
    const statements: D1PreparedStatement[] = [
      db
        .prepare(
          `INSERT INTO blood_test_orders (id, user_id, idempotency_key, body_hash, country, currency, lang, status, patient_id, address_id, address,
             zone, slot_date, slot_window, visit_at, slot_held, consent_version, consent_at, payment_method, card_method, payment_state,
             subtotal, discount, vat, vat_basis_points, total, wallet_used, coupon_id, coupon_code, booked_at, created_at, updated_at)
           VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15,
             (SELECT COUNT(*) FROM blood_test_slot_bookings WHERE id = ?16 AND user_id = ?2 AND order_id IS NULL AND expires_at > ?17),
             ?18, ?17, ?19, ?20, ?21, ?22, ?23, ?24, ?25, ?26, ?27, ?28, ?29, ?30, ?17, ?17)`,
        )
        .bind(
          orderId,
          ctx.user.id,
          input.idempotency_key,
          hash,
          ctx.country,
          COUNTRY_FACTS[ctx.country].currency,
          ctx.lang,
          status,
          patient.id,
          input.address_id,
          JSON.stringify(address),
          zone,
          hold.slot_date,
          hold.slot_window,
          visitAt,
          hold.id,
          now,
          input.consent_version,
          method,
          cardMethod,
          paymentState,
          q.subtotal,
          q.discount,
          q.vat,
          priced.vatBasisPoints,
          q.total,
          q.wallet_used,
          priced.coupon?.id ?? null,
          priced.coupon?.code ?? null,
          status === 'booked' ? now : null,
        ),
      db
        .prepare('UPDATE blood_test_slot_bookings SET order_id = ?, expires_at = NULL WHERE id = ?')
        .bind(orderId, hold.id),
      ...priced.lines.map((l) =>
        db
          .prepare(
            `INSERT INTO blood_test_order_items (order_id, sku_id, blood_test_id, name_en, name_ar, price, fasting_hours, morning_draw,
               stop_biotin_hours, preparation_en, preparation_ar, sample_type) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
          )
          .bind(
            orderId,
            l.sku_id,
            l.blood_test_id,
            l.name_en,
            l.name_ar,
            l.price,
            l.fasting_hours,
            l.morning_draw,
            l.stop_biotin_hours,
            l.preparation_en,
            l.preparation_ar,
            l.sample_type,
          ),
      ),
    ];
    if (priced.coupon)
      statements.push(db.prepare('UPDATE coupons SET used = used + 1 WHERE id = ?').bind(priced.coupon.id));
    if (q.wallet_used > 0 && !walletAway)
      statements.push(
        ...walletMove(db, {
          userId: ctx.user.id,
          currency: q.currency,
          amount: -q.wallet_used,
          kind: 'order_payment',
          orderId: null,
          paymentId: null,
          bloodTestOrderId: orderId,
        }),
      );
    if (paymentId)
      statements.push(
        openPayment(db, {
          id: paymentId,
          orderId: null,
          bloodTestOrderId: orderId,
          userId: ctx.user.id,
          amount: q.due,
          currency: q.currency,
          method: cardMethod!,
          returnPath: bookingReturnPath(ctx.lang, orderId),
          payerPhone,
        }),
      );
    // Paid in full from the wallet: a sale now, its e-invoice recorded with it (decision 75). A wallet in
    // another shard is debited after this batch (and the booking undone if that fails): recorded then.
    const invoiceRecord = bookingInvoiceRecord(db, 'blood-test', orderId, Date.now());
    if (paymentState === 'paid' && !walletAway) statements.push(invoiceRecord);
    try {
      await db.batch(statements);
      if (walletAway) await debitInShard(ctx, walletAway.db, orderId, q.wallet_used, q.currency);
      if (paymentState === 'paid' && walletAway) await invoiceRecord.run();
      return { orderId, paymentId, due: q.due, currency: q.currency, cardMethod, replayed: false };
    } catch (error) {
      const text = String(error instanceof Error ? error.message : error);
      if (/blood_test_orders\.id\b(?!empotency)/.test(text) && !/idempotency_key/.test(text)) continue;
      if (/idempotency_key/.test(text)) {
        const first = await replay(ctx, input.idempotency_key, hash);
        if (first) return first;
      }
      if (/blood_test_slot_held/.test(text)) throw new ApiError(409, 'slot_hold_expired');
      if (/wallet_not_negative/.test(text)) throw new ApiError(409, 'wallet_insufficient');
      if (/coupon_uses_left/.test(text)) throw new ApiError(409, 'coupon_used_up');
      throw error;
    }
  }
  throw new Error('could not find a free order number');
}
