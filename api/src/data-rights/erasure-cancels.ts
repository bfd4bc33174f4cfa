// What an erased account still had coming (issue 44, decision 49): a home visit still to happen, an
// order not yet shipped, a subscription's next deliveries. Nobody can be visited or delivered to at an
// address that is gone, so each is cancelled in the erasure's own batch, with the money the usual rules
// give back: a visit's paid amount and wallet part to her wallet (as the shopper's own cancel does), an
// order's stock, coupon and wallet part back (as a cancel does) and what a card paid to the wallet as a
// 'cancelled' refund row (a staff cancel's wallet refund). Nothing is sent to a gateway from here: the
// wallet of an erased account is money the shop owes her, and staff are told so. Staff learn of each
// cancellation through the audit log (the back office's record of changes), with the wallet balances
// left to pay back. An order already shipped is on its way with its label: it is not stopped, and the
// audit row says so.
//
// A shopper in another order shard (decision 61): her orders, payments, wallet and points are written in
// her shard, the stock, coupons, promotions, subscriptions and audit rows in the core, each statement
// marked with its database (./her-databases.ts). An open order's release is payments/outcome.ts's split
// one: its lines and promotions read in her shard, their values bound into the core's statements.
import { bookingCreditRecord, orderCreditRecords } from '../e-invoice-sales';
import { releaseStatements, splitReleaseStatements } from '../payments/outcome';
import { walletMove } from '../orders/payment-moves';
import { bookingWalletStatements } from '../orders/booking-amounts';
import { auditStatement } from '../staff/audit';
import { consultationErasureCancels } from './consultations';
import { type HerDatabases, onCore, onShard, type Step } from './her-databases';
import { countryOfCurrencySql } from '../db/country-sql';

/** Order statuses before shipping: cancelled on erasure. */
const OPEN_ORDER_STATUSES = ['placed', 'pending_payment', 'paid', 'processing'] as const;
/** A visit still to come, paid or not. */
const OPEN_VISIT_STATUSES = ['pending_payment', 'booked'] as const;

interface OpenVisit {
  id: number;
  country: string;
  currency: string;
  total: number;
  wallet_used: number;
  payment_state: string;
  coupon_id: number | null;
}
interface OpenOrder {
  id: number;
  country: string;
  currency: string;
  status: string;
  wallet_used: number;
  holds_stock: number;
  card_left: number;
}

export interface ErasureCancels {
  /** In order; in shard 0 all one batch, in another shard the shard's and the core's part apart. */
  steps: Step[];
  visits: number[];
  orders: number[];
  subscriptions: number[];
  shipped: number[];
  consultations: number[];
}

const inList = (values: readonly string[]) => values.map((v) => `'${v}'`).join(', ');

/** The statements that cancel what she had coming, for the erasure's batch (before her rows go). */
export async function erasureCancels(her: HerDatabases, userId: number, now: number): Promise<ErasureCancels> {
  const db = her.core;
  const shard = her.shard;
  const visitsRead = db
    .prepare(
      `SELECT id, country, currency, total, wallet_used, payment_state, coupon_id FROM blood_test_orders
         WHERE user_id = ? AND status IN (${inList(OPEN_VISIT_STATUSES)})`,
    )
    .bind(userId);
  // What a card paid and no refund gave back (the staff cancel's figure), beyond the wallet part.
  const ordersRead = shard
    .prepare(
      `SELECT o.id, o.country, o.currency, o.status, o.wallet_used, o.holds_stock,
           max(0, coalesce((SELECT sum(p.amount) FROM payments p WHERE p.order_id = o.id AND p.purpose = 'order' AND p.status = 'succeeded'), 0)
             - coalesce((SELECT sum(r.amount) FROM refunds r WHERE r.order_id = o.id AND r.status <> 'failed'), 0)) AS card_left
         FROM orders o WHERE o.user_id = ? AND o.status IN (${inList(OPEN_ORDER_STATUSES)})`,
    )
    .bind(userId);
  const subsRead = db
    .prepare("SELECT id, country FROM subscriptions WHERE user_id = ? AND status IN ('pending', 'active', 'paused')")
    .bind(userId);
  const shippedRead = shard
    .prepare("SELECT id, country FROM orders WHERE user_id = ? AND status = 'shipped'")
    .bind(userId);
  const [visitsRes, ordersRes, subsRes, shippedRes] = her.apart
    ? await Promise.all([db.batch([visitsRead, subsRead]), shard.batch([ordersRead, shippedRead])]).then(
        ([[v, s], [o, sh]]) => [v, o, s, sh],
      )
    : await db.batch([visitsRead, ordersRead, subsRead, shippedRead]);
  const visits = visitsRes!.results as unknown as OpenVisit[];
  const orders = ordersRes!.results as unknown as OpenOrder[];
  const subscriptions = subsRes!.results as { id: number; country: string }[];
  const shipped = shippedRes!.results as { id: number; country: string }[];
  const statements: Step[] = [];
  const reason = 'account erased';

  for (const v of visits) {
    const refund = v.payment_state === 'paid' ? v.total : v.wallet_used;
    statements.push(
      ...onCore(
        // The lab's list no longer shows it and no nurse can be sent; slot_held stays 1 (its CHECK):
        // the erasure cancels past the shopper's cut-off too.
        db
          .prepare(
            `UPDATE blood_test_orders SET status = 'cancelled', cancelled_at = ?1, nurse_id = NULL, visit_confirmed_at = NULL,
             payment_state = CASE WHEN ?2 > 0 THEN 'refunded' ELSE payment_state END, updated_at = ?1 WHERE id = ?3`,
          )
          .bind(now, refund, v.id),
        db
          .prepare(
            "UPDATE payments SET status = 'cancelled', updated_at = ? WHERE blood_test_order_id = ? AND status = 'initiated'",
          )
          .bind(now, v.id),
        db.prepare('DELETE FROM blood_test_slot_bookings WHERE order_id = ?').bind(v.id),
        // A Saudi paid visit's money back is a credit note on its e-invoice (decision 75); none without one.
        bookingCreditRecord(db, 'blood-test', v.id, refund, now),
      ),
    );
    if (v.coupon_id)
      statements.push(...onCore(db.prepare('UPDATE coupons SET used = used - 1 WHERE id = ?').bind(v.coupon_id)));
    // Once per visit and amount (bookingWalletStatements): her shard's batch commits before the core's,
    // and an erasure run again after a failure between them finds the visit still open in the core.
    if (refund > 0)
      statements.push(
        ...onShard(
          ...bookingWalletStatements(
            shard,
            { userId, currency: v.currency, amount: refund, kind: 'refund', bloodTestOrderId: v.id },
            now,
          ),
        ),
      );
    statements.push(
      ...onCore(
        auditStatement(db, null, {
          action: 'blood_test_order.cancel',
          resource: 'blood_test_order',
          resourceId: v.id,
          country: v.country,
          before: { status: v.payment_state === 'paid' ? 'booked' : 'unpaid' },
          after: {
            status: 'cancelled',
            refund: refund > 0 ? { amount: refund, currency: v.currency, to: 'wallet' } : null,
          },
          reason,
        }),
      ),
    );
  }

  for (const o of orders) {
    statements.push(
      ...onShard(
        shard
          .prepare(
            "INSERT INTO payment_events (payment_id, outcome, created_at) SELECT id, 'cancelled', ?1 FROM payments WHERE order_id = ?2 AND status = 'initiated'",
          )
          .bind(now, o.id),
        shard
          .prepare(
            "UPDATE payments SET status = 'cancelled', updated_at = ? WHERE order_id = ? AND status = 'initiated'",
          )
          .bind(now, o.id),
      ),
      ...(her.apart
        ? await splitRelease(her, o.id, now)
        : onCore(...(await releaseStatements(db, o.id, now, 'cancelled')))),
      ...onShard(
        shard.prepare('UPDATE orders SET cancelled_at = ? WHERE id = ?').bind(now, o.id),
        // The order's timeline shows the cancel (no staff member: the erasure did it; the audit row says why).
        shard
          .prepare(
            "INSERT OR IGNORE INTO order_events (order_id, kind, staff_id, note, at) VALUES (?, 'cancelled', NULL, NULL, ?)",
          )
          .bind(o.id, now),
      ),
    );
    if (o.card_left > 0)
      statements.push(
        ...onShard(
          shard
            .prepare(
              `INSERT INTO refunds (order_id, amount, currency, method, reason, note, status, payment_id, staff_id, created_at, updated_at)
             VALUES (?1, ?2, ?3, 'wallet', 'cancelled', NULL, 'succeeded', NULL, NULL, ?4, ?4)`,
            )
            .bind(o.id, o.card_left, o.currency, now),
          // Its credit note when the order was a Saudi sale (decision 75): the minute sweep signs it.
          orderCreditRecords(shard, o.id, now),
          ...walletMove(shard, {
            userId,
            currency: o.currency,
            amount: o.card_left,
            kind: 'refund',
            orderId: o.id,
            paymentId: null,
          }),
        ),
      );
    statements.push(
      ...onCore(
        auditStatement(db, null, {
          action: 'order.cancel',
          resource: 'order',
          resourceId: o.id,
          country: o.country,
          before: { status: o.status },
          after: {
            status: 'cancelled',
            refund: o.card_left > 0 ? { amount: o.card_left, currency: o.currency, to: 'wallet' } : null,
          },
          reason,
        }),
      ),
    );
  }

  for (const s of subscriptions)
    statements.push(
      ...onCore(
        auditStatement(db, null, {
          action: 'subscription.cancel',
          resource: 'subscription',
          resourceId: s.id,
          country: s.country,
          after: { status: 'cancelled' },
          reason,
        }),
      ),
    );
  for (const o of shipped)
    statements.push(
      ...onCore(
        auditStatement(db, null, {
          action: 'order.erased_in_transit',
          resource: 'order',
          resourceId: o.id,
          country: o.country,
          after: { note: 'shipped before the erasure: the carrier holds the label; the order keeps no address' },
          reason,
        }),
      ),
    );

  // Consultations still to come (decision 55): cancelled, what she paid to her wallet.
  const consultations = await consultationErasureCancels(db, userId, now, shard);
  statements.push(...consultations.steps);

  // What the shop owes her after all that: the wallet of an erased account is paid back by staff (in
  // another shard the erasure writes this row from her balances as her shard's batch left them).
  if (!her.apart) statements.push(...onCore(walletOwedStatement(db, userId, now)));

  return {
    steps: statements,
    visits: visits.map((v) => v.id),
    orders: orders.map((o) => o.id),
    subscriptions: subscriptions.map((s) => s.id),
    shipped: shipped.map((o) => o.id),
    consultations: consultations.ids,
  };
}

const reasonOf = 'account erased';

/** The audit row of what the shop owes her, in shard 0: her balances read in the erasure's batch. */
function walletOwedStatement(db: D1Database, userId: number, now: number): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO audit_log (staff_id, action, resource, resource_id, country, before_json, after_json, reason, request_id, at)
       SELECT NULL, 'wallet.owed_on_erasure', 'wallet', ?1, ${countryOfCurrencySql('currency')}, NULL,
         json_object('balance', balance, 'currency', currency), ?2, NULL, ?3
       FROM wallet_accounts WHERE user_id = ?1 AND balance > 0`,
    )
    .bind(String(userId), reasonOf, now);
}

/** Her wallet balances after her shard's batch (read at its end): the SELECT for that batch. */
export const walletBalancesStatement = (shard: D1Database, userId: number) =>
  shard.prepare('SELECT currency, balance FROM wallet_accounts WHERE user_id = ? AND balance > 0').bind(userId);

/** In another shard: the same audit rows, from the balances her shard's batch answered. */
export function walletOwedStatements(
  db: D1Database,
  userId: number,
  balances: readonly { currency: string; balance: number }[],
  now: number,
): D1PreparedStatement[] {
  return balances.map((b) =>
    db
      .prepare(
        `INSERT INTO audit_log (staff_id, action, resource, resource_id, country, before_json, after_json, reason, request_id, at)
         VALUES (NULL, 'wallet.owed_on_erasure', 'wallet', ?1, ${countryOfCurrencySql('?2')}, NULL,
           json_object('balance', CAST(?3 AS INTEGER), 'currency', ?2), ?4, NULL, ?5)`,
      )
      .bind(String(userId), b.currency, b.balance, reasonOf, now),
  );
}

/**
 * An open order's release for a shopper in another shard: payments/outcome.ts's split of the same
 * release a cancel makes (her shard: the order's status, wallet part and points; the core: stock, coupon,
 * promotions, a referral void, the subscriptions it would have started), its shard part first.
 */
async function splitRelease(her: HerDatabases, orderId: number, now: number): Promise<Step[]> {
  const release = await splitReleaseStatements(her.shard, her.core, orderId, now, 'cancelled');
  return [...onShard(...release.shard), ...onCore(...release.core)];
}
