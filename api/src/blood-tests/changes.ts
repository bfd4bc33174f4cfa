// After booking: reschedule to a newly held slot, cancel (the place returns; what was paid goes to the
// wallet), and the payment outcome of a card booking. Each change is one batch whose first write
// re-checks the order's state through the slot_held CHECK: a change that lost a race to another one
// (or to the cut-off) stores nothing.
import { bookingWalletStatements } from '../orders/booking-amounts';
import { type DatabaseEnv, routeFrom, routeStatement, userOwner } from '../db/databases';
import { BOOKING_RULES, changeableUntil, visitInstant, WINDOW_HOURS } from '#shared/blood-tests/slot-rules';
import { randomHex } from '#shared/bytes';
import { cardMethodFor, newPaymentId, openPayment, stcPayPhoneFor, walletMove } from '../orders/place';
import { lastPayerPhone } from '../orders/payment-moves';
import type { SlotWindow } from '#shared/api/blood-test-order-schemas';
import { ApiError } from '../lib/errors';
import { bookingCreditRecord } from '../e-invoice-sales';
import { giveBackStatement, payGiveBacksOf } from '../orders/give-backs';
import { bookingReturnPath } from './place';
import { assertBookable } from './slots';
import type { BloodTestItemRow, BloodTestOrderRow } from './view';

/** The columns a change reads (the coupon's id among them, to give its use back). */
type OrderForChange = Omit<
  BloodTestOrderRow,
  'idempotency_key' | 'body_hash' | 'lang' | 'patient_id' | 'address_id' | 'address' | 'slot_date' | 'slot_window'
>;

const ownedStatement = (db: D1Database, userId: number, id: number) =>
  db
    .prepare(
      'SELECT id, user_id, status, visit_at, zone, country, currency, total, wallet_used, payment_state, payment_method, coupon_id FROM blood_test_orders WHERE id = ? AND user_id = ?',
    )
    .bind(id, userId);

async function ownedForChange(db: D1Database, userId: number, id: number): Promise<OrderForChange> {
  const o = await ownedStatement(db, userId, id).first<OrderForChange>();
  if (!o) throw new ApiError(404, 'not_found');
  return o;
}

function assertChangeable(o: OrderForChange, now: number, statuses: readonly string[]): void {
  if (!statuses.includes(o.status)) throw new ApiError(409, 'blood_test_order_not_changeable');
  if (now >= changeableUntil(o.visit_at)) throw new ApiError(409, 'blood_test_change_closed');
}

/** Moves a booked visit to the slot the shopper has just held (same zone); the old place returns. */
export async function reschedule(
  db: D1Database,
  p: { userId: number; orderId: number; holdId: string },
  now = Date.now(),
): Promise<void> {
  const o = await ownedForChange(db, p.userId, p.orderId);
  assertChangeable(o, now, ['booked']);
  const hold = await db
    .prepare(
      'SELECT id, zone, slot_date, slot_window FROM blood_test_slot_bookings WHERE id = ? AND user_id = ? AND order_id IS NULL AND expires_at > ?',
    )
    .bind(p.holdId, p.userId, now)
    .first<{ id: string; zone: string; slot_date: string; slot_window: SlotWindow }>();
  if (!hold) throw new ApiError(409, 'slot_hold_expired');
  if (hold.zone !== o.zone) throw new ApiError(409, 'slot_zone_mismatch');
  const { results: tests } = await db
    .prepare('SELECT fasting_hours, morning_draw FROM blood_test_order_items WHERE order_id = ?')
    .bind(o.id)
    .all<Pick<BloodTestItemRow, 'fasting_hours' | 'morning_draw'>>();
  await assertBookable(db, { country: o.country, date: hold.slot_date, window: hold.slot_window, tests }, now);
  const visitAt = visitInstant(o.country, hold.slot_date, WINDOW_HOURS[hold.slot_window].start);
  try {
    await db.batch([
      db.prepare('DELETE FROM blood_test_slot_bookings WHERE order_id = ?').bind(o.id),
      db
        .prepare(
          'UPDATE blood_test_slot_bookings SET order_id = ?, expires_at = NULL WHERE id = ? AND user_id = ? AND order_id IS NULL AND expires_at > ?',
        )
        .bind(o.id, hold.id, p.userId, now),
      // slot_held: the new hold is now this order's, the order is still booked and before its cut-off.
      db
        .prepare(
          `UPDATE blood_test_orders SET slot_held = (status = 'booked' AND ?1 < visit_at - ?2
             AND EXISTS (SELECT 1 FROM blood_test_slot_bookings WHERE id = ?3 AND order_id = ?4)),
             slot_date = ?5, slot_window = ?6, visit_at = ?7, reminded_at = NULL, nurse_id = NULL,
             visit_confirmed_at = NULL, updated_at = ?1 WHERE id = ?4`,
        )
        .bind(now, o.visit_at - changeableUntil(o.visit_at), hold.id, o.id, hold.slot_date, hold.slot_window, visitAt),
    ]);
  } catch (error) {
    if (/blood_test_slot_held/.test(String(error))) throw new ApiError(409, 'slot_hold_expired');
    throw error;
  }
}

/**
 * Cancels a booked (or still unpaid) visit before its cut-off: the place returns, the coupon use is
 * given back, and whatever was paid (wallet part and card payment) is refunded to the wallet. An
 * open card payment is closed first through the payment outcome path (caller's job: cancelOpenPayment).
 */
export async function cancelBooking(
  db: D1Database,
  p: { userId: number; orderId: number },
  now = Date.now(),
  /** The bindings: her wallet in another order shard (decision 61) is given back there. */
  env?: DatabaseEnv,
): Promise<{ refunded: number }> {
  // Her route rides with the booking's read (no round trip more in shard 0).
  const [found, routeRes] = env
    ? await db.batch([ownedStatement(db, p.userId, p.orderId), routeStatement(env, userOwner(p.userId))])
    : [await ownedStatement(db, p.userId, p.orderId).all(), null];
  const o = found!.results[0] as OrderForChange | undefined;
  if (!o) throw new ApiError(404, 'not_found');
  // Her wallet in another shard: the core's guarded batch cancels (once) and records the money owed to
  // her as a give-back (orders/give-backs.ts), which this request then writes in her shard. A request
  // that dies between the two leaves the give-back for the minute cron: nothing waits for her to cancel
  // again, which the page of a cancelled booking never offers.
  const away = env && routeRes ? routeFrom(env, routeRes.results[0] as Parameters<typeof routeFrom>[1]) : null;
  const wallet = away && away.binding !== 'DB' ? away : null;
  if (wallet?.moving) throw new ApiError(503, 'service_busy');
  if (o.status === 'cancelled') {
    if (wallet && o.payment_state === 'refunded') {
      // Its give-back still waiting: written now. A booking cancelled before give-backs recorded the
      // cancel's (none waiting) gets the credit it may lack, once per booking and amount; never both,
      // which key their once-only writes differently.
      const waiting = await db
        .prepare('SELECT 1 AS waiting FROM wallet_give_backs WHERE blood_test_order_id = ?')
        .bind(o.id)
        .first();
      if (waiting) await payGiveBacksOf(env!, o.user_id);
      else await creditInShard(db, wallet.db, o);
    }
    return { refunded: 0 };
  }
  assertChangeable(o, now, ['booked']);
  const refund = o.payment_state === 'paid' ? o.total : o.wallet_used;
  const statements = [
    // The guard: still booked and before the cut-off as this batch runs, or nothing is stored.
    db
      .prepare(
        `UPDATE blood_test_orders SET slot_held = (status = 'booked' AND ?1 < visit_at - ?2), status = 'cancelled', cancelled_at = ?1,
           payment_state = CASE WHEN ?3 > 0 THEN 'refunded' ELSE payment_state END, updated_at = ?1 WHERE id = ?4`,
      )
      .bind(now, o.visit_at - changeableUntil(o.visit_at), refund, o.id),
    db.prepare('DELETE FROM blood_test_slot_bookings WHERE order_id = ?').bind(o.id),
  ];
  if (o.coupon_id) statements.push(db.prepare('UPDATE coupons SET used = used - 1 WHERE id = ?').bind(o.coupon_id));
  // What a Saudi sale gives back is a credit note on its e-invoice (decision 75), with the cancel. Only
  // a paid booking has an invoice (one paid at the visit is not a sale before the visit, cannot be
  // cancelled after it); the statement records nothing without one.
  if (o.payment_state === 'paid') statements.push(bookingCreditRecord(db, 'blood-test', o.id, refund, now));
  if (refund > 0 && wallet)
    statements.push(
      giveBackStatement(
        db,
        {
          note: `blood test ${o.id}: cancelled`,
          userId: o.user_id,
          currency: o.currency,
          amount: refund,
          bloodTestOrderId: o.id,
        },
        now,
      ),
    );
  if (refund > 0 && !wallet)
    statements.push(
      ...walletMove(db, {
        userId: o.user_id,
        currency: o.currency,
        amount: refund,
        kind: 'refund',
        orderId: null,
        paymentId: null,
        bloodTestOrderId: o.id,
      }),
    );
  try {
    await db.batch(statements);
  } catch (error) {
    if (/blood_test_slot_held/.test(String(error))) throw new ApiError(409, 'blood_test_change_closed');
    throw error;
  }
  if (wallet && refund > 0) await payGiveBacksOf(env!, o.user_id);
  return { refunded: refund };
}

/** A cancelled booking's refund in her shard: `amount` when known, else what the cancel gave back (the
 * total of a booking its card paid, the wallet part otherwise). */
async function creditInShard(core: D1Database, shard: D1Database, o: OrderForChange, amount?: number) {
  const paid = await core
    .prepare("SELECT EXISTS (SELECT 1 FROM payments WHERE blood_test_order_id = ? AND status = 'succeeded') AS paid")
    .bind(o.id)
    .first<number>('paid');
  const refund = amount ?? (paid ? o.total : o.wallet_used);
  if (refund <= 0) return;
  await shard.batch(
    bookingWalletStatements(shard, {
      userId: o.user_id,
      currency: o.currency,
      amount: refund,
      kind: 'refund',
      bloodTestOrderId: o.id,
    }),
  );
}

/**
 * The outcome of a blood-test order's card payment, for the batch that records it (payments/outcome.ts):
 * paid → booked; failed or cancelled (the shopper, the gateway, the stale-payment sweep) → the place
 * returns, the coupon use and any wallet part are given back.
 */
export async function bookingOutcomeStatements(
  db: D1Database,
  orderId: number,
  outcome: 'succeeded' | 'failed' | 'cancelled',
  now: number,
  /** Her wallet is in another order shard than the core (decision 61): the wallet part's give-back is
   * recorded in this batch, for her shard after it (orders/give-backs.ts), named by the failed payment. */
  away?: { paymentId: string },
): Promise<D1PreparedStatement[]> {
  if (outcome === 'succeeded')
    return [
      db
        .prepare(
          "UPDATE blood_test_orders SET status = 'booked', payment_state = 'paid', booked_at = ?1, updated_at = ?1 WHERE id = ?2 AND status = 'pending_payment'",
        )
        .bind(now, orderId),
    ];
  const o = await db
    .prepare('SELECT user_id, currency, wallet_used, coupon_id, status FROM blood_test_orders WHERE id = ?')
    .bind(orderId)
    .first<OrderForChange>();
  if (o?.status !== 'pending_payment') return [];
  return [
    db
      .prepare(
        "UPDATE blood_test_orders SET status = 'payment_failed', payment_state = 'failed', wallet_used = 0, updated_at = ? WHERE id = ?",
      )
      .bind(now, orderId),
    db.prepare('DELETE FROM blood_test_slot_bookings WHERE order_id = ?').bind(orderId),
    ...(o.coupon_id ? [db.prepare('UPDATE coupons SET used = used - 1 WHERE id = ?').bind(o.coupon_id)] : []),
    ...(o.wallet_used > 0 && away
      ? [
          giveBackStatement(
            db,
            {
              note: `blood test ${orderId}: payment ${away.paymentId} ${outcome}`,
              userId: o.user_id,
              currency: o.currency,
              amount: o.wallet_used,
              bloodTestOrderId: orderId,
            },
            now,
          ),
        ]
      : []),
    ...(o.wallet_used > 0 && !away
      ? walletMove(db, {
          userId: o.user_id,
          currency: o.currency,
          amount: o.wallet_used,
          kind: 'refund',
          orderId: null,
          paymentId: null,
          bloodTestOrderId: orderId,
        })
      : []),
  ];
}

/**
 * Pay again for a booking whose card payment failed (or was abandoned and swept): its place is taken
 * again if the window still has one (the same conditional insert as a hold), the coupon use is counted
 * again, and a new card payment is opened for the whole total, all in one batch.
 */
export async function payAgain(
  db: D1Database,
  p: { userId: number; orderId: number; cardMethod?: string; stcPayPhone?: string; lang: 'en' | 'ar' },
  now = Date.now(),
): Promise<{ paymentId: string; amount: number; currency: string; cardMethod: string }> {
  const o = await ownedForChange(db, p.userId, p.orderId);
  if (o.status !== 'payment_failed') throw new ApiError(409, 'order_not_payable');
  if (now >= changeableUntil(o.visit_at)) throw new ApiError(409, 'blood_test_change_closed');
  const row = await db
    .prepare('SELECT slot_date, slot_window FROM blood_test_orders WHERE id = ?')
    .bind(o.id)
    .first<{ slot_date: string; slot_window: SlotWindow }>();
  const { results: tests } = await db
    .prepare('SELECT sku_id, fasting_hours, morning_draw FROM blood_test_order_items WHERE order_id = ?')
    .bind(o.id)
    .all<Pick<BloodTestItemRow, 'sku_id' | 'fasting_hours' | 'morning_draw'>>();
  await assertBookable(db, { country: o.country, date: row!.slot_date, window: row!.slot_window, tests }, now);
  const cardMethod = cardMethodFor(o.country, p.cardMethod, o.total);
  // STC Pay again: the number typed now, else the one paid from before.
  const earlier = cardMethod === 'stc_pay' && !p.stcPayPhone ? await lastPayerPhone(db, { bookingId: o.id }) : null;
  const payerPhone = stcPayPhoneFor(cardMethod, p.stcPayPhone, earlier);
  const paymentId = newPaymentId();
  const statements = [
    db
      .prepare(
        `INSERT INTO blood_test_slot_bookings (id, user_id, zone, slot_date, slot_window, sku_ids, expires_at, order_id, created_at)
         SELECT ?1, ?2, ?3, ?4, ?5, ?6, NULL, ?7, ?8
         WHERE (SELECT COUNT(*) FROM blood_test_slot_bookings WHERE zone = ?3 AND slot_date = ?4 AND slot_window = ?5
           AND (order_id IS NOT NULL OR expires_at > ?8)) < coalesce((SELECT capacity FROM blood_test_slot_capacity
           WHERE zone = ?3 AND slot_window = ?5), ${BOOKING_RULES.defaultCapacity})`,
      )
      .bind(
        `book-${randomHex(12)}`,
        p.userId,
        o.zone,
        row!.slot_date,
        row!.slot_window,
        tests.map((t) => t.sku_id).join(','),
        o.id,
        now,
      ),
    // The guard: still failed (another pay-again did not get there first) and the place taken above.
    db
      .prepare(
        `UPDATE blood_test_orders SET slot_held = (status = 'payment_failed' AND EXISTS (SELECT 1 FROM blood_test_slot_bookings WHERE order_id = ?1)),
           status = 'pending_payment', payment_state = 'pending', payment_method = 'card', card_method = ?2, wallet_used = 0, updated_at = ?3
         WHERE id = ?1`,
      )
      .bind(o.id, cardMethod, now),
    ...(o.coupon_id ? [db.prepare('UPDATE coupons SET used = used + 1 WHERE id = ?').bind(o.coupon_id)] : []),
    openPayment(db, {
      id: paymentId,
      orderId: null,
      bloodTestOrderId: o.id,
      userId: p.userId,
      amount: o.total,
      currency: o.currency,
      method: cardMethod,
      returnPath: bookingReturnPath(p.lang, o.id),
      payerPhone,
    }),
  ];
  try {
    await db.batch(statements);
  } catch (error) {
    const text = String(error);
    if (/blood_test_slot_held/.test(text)) throw new ApiError(409, 'slot_full');
    if (/coupon_uses_left/.test(text)) throw new ApiError(409, 'coupon_used_up');
    if (/blood_test_order_id|UNIQUE/.test(text)) throw new ApiError(409, 'order_not_payable');
    throw error;
  }
  return { paymentId, amount: o.total, currency: o.currency, cardMethod };
}
