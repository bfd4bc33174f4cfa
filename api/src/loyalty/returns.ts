// Points an order spent come back when it is cancelled or its payment fails (decision 58), in the batch
// that gives back its stock, coupon and wallet part (payments/outcome.ts releaseStatements). The amount
// is computed in the batch from the ledger rows the batch sees: what the order spent ('spend',
// `spend:order:<id>`, written by the checkout's order batch) less what came back already (a refund's
// 'spend_return'), so a release applied twice, or after a refund, gives back nothing more.
// Paying again after a failed payment takes them again (`spend:order:<id>:<payment>`, in the pay-again's
// batch: routes/orders.ts); a failure of that attempt gives back that spend once, under a key of its own
// (`return:order:<id>:<payment>`: each return's key is its spend's).
import type { CountryCode } from '#shared/locale';
import { expiryOf } from '#shared/loyalty/rules';
import { pointsMove } from './ledger';
import { loyaltyRules } from './rules-read';

/**
 * The expiry of points given back: the earliest expiry among her credits not yet due. The expiring
 * arithmetic is first in, first out over the sums (expiringBy), so points given back at that date leave
 * every later expiry as if they had never been spent: cancelling an order never makes points live
 * longer. Without such a credit (all expired): the rules' months from now.
 */
export function givenBackExpiry(userId: number, country: CountryCode, now: number, fallback: number) {
  return {
    sql: `coalesce((SELECT min(expires_at) FROM points_ledger WHERE user_id = ? AND country = ? AND expires_at > ?), ?)`,
    binds: [userId, country, now, fallback],
  };
}

/** SQL: the points an order spent that have not come back yet (0 when none). */
function outstandingSpendSql(orderId: number) {
  return {
    sql: `(SELECT -coalesce(sum(amount), 0) FROM points_ledger WHERE order_id = ? AND kind IN ('spend', 'spend_return'))`,
    binds: [orderId],
  };
}

/**
 * SQL: the key of the give-back of the order's latest spend, `return:order:<id>` followed by what follows
 * `spend:order:<id>` in that spend's key (a pay-again's payment); NULL when it spent nothing.
 */
function returnKeySql(orderId: number) {
  return {
    sql: `(SELECT ? || substr(event_key, length(?) + 1) FROM points_ledger WHERE order_id = ? AND kind = 'spend' ORDER BY id DESC LIMIT 1)`,
    binds: [`return:order:${orderId}`, `spend:order:${orderId}`, orderId],
  };
}

/**
 * For a pay-again's batch in her order shard: the points the order spent, given back when its payment
 * failed, taken again (what it spent less what it still holds, so nothing when nothing came back),
 * once per attempt (`spend:order:<id>:<payment>`). Past her balance the ledger's CHECK fails the batch.
 */
export function pointsRetakeStatements(
  db: D1Database,
  o: { id: number; userId: number; country: CountryCode; paymentId: string },
  now = Date.now(),
): D1PreparedStatement[] {
  const held = outstandingSpendSql(o.id);
  return pointsMove(db, {
    userId: o.userId,
    country: o.country,
    amount: {
      sql: `SELECT -max(0, points_used - ${held.sql}) FROM orders WHERE id = ?`,
      binds: [...held.binds, o.id],
    },
    kind: 'spend',
    eventKey: `spend:order:${o.id}:${o.paymentId}`,
    orderId: o.id,
    now,
  });
}

/** For a pay-again's batch in the core: the friend's referral its failure made void stands again. */
export const referralRetakeStatement = (core: D1Database, orderId: number) =>
  core.prepare("UPDATE referrals SET status = 'pending' WHERE order_id = ? AND status = 'void'").bind(orderId);

/**
 * Statements for the batch that cancels an order or records its failed payment: the points it spent come
 * back (`return:order:<id>`, 'spend_return'; a pay-again's, under its own key), and the referral it carried is void (the referrer is never
 * rewarded for it). One database: shard 0, where the core holds her points.
 */
export async function spendReturnStatements(
  db: D1Database,
  order: { id: number; user_id: number | null; country: CountryCode },
  now = Date.now(),
): Promise<D1PreparedStatement[]> {
  const parts = await spendReturnParts(db, db, order, now);
  return [...parts.core, ...parts.shard];
}

/**
 * The same for an order in another shard (decision 61): the referral's void is the core's, the points
 * her shard's (computed in her shard's batch from its own ledger, so given back once). The rules are
 * the core's configuration.
 */
export async function spendReturnParts(
  db: D1Database,
  core: D1Database,
  order: { id: number; user_id: number | null; country: CountryCode },
  now = Date.now(),
): Promise<{ core: D1PreparedStatement[]; shard: D1PreparedStatement[] }> {
  const coreStatements = [
    core.prepare("UPDATE referrals SET status = 'void' WHERE order_id = ? AND status = 'pending'").bind(order.id),
  ];
  if (order.user_id === null) return { core: coreStatements, shard: [] };
  const { rules } = await loyaltyRules(core, order.country);
  return {
    core: coreStatements,
    shard: pointsMove(db, {
      userId: order.user_id,
      country: order.country,
      amount: outstandingSpendSql(order.id),
      kind: 'spend_return',
      eventKey: returnKeySql(order.id),
      expiresAt: givenBackExpiry(order.user_id, order.country, now, expiryOf(now, rules.expiry_months)),
      orderId: order.id,
      now,
    }),
  };
}
