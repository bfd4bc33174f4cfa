// Refunds and points (decision 58). A refund of a delivered order takes back its share of the points
// the order earned ('earn_reversal', `reverse:refund:<id>`), and gives back its share of the points the
// order spent ('spend_return', `return:refund:<id>`), both in the refund's batch and computed there
// from the rows the batch sees, cumulatively over the order's refunds so rounding never drifts:
//   kept     = earned × (goods − all refunds) ÷ (goods − the refunds the earning already counted)
//   returned = spent × all refunds ÷ total
// where goods is the total less delivery: points are earned on goods, so refunds count against the goods
// first, and refunding every item takes back every point (issue 61), whatever delivery cost. A friend's
// order returned in full (all its goods refunded) also takes back her referrer's reward
// (./referral-revoke.ts).
// each row being the difference from what earlier rows did. The points given back come first, then the
// reversal, which never takes more than her balance: points she already spent elsewhere are forgiven
// (the shortfall is what the share says less the row's amount; nothing is owed, nothing goes negative).
// A gateway refund that later fails undoes exactly what its rows did (`restore:refund:<id>`,
// `restore:return:refund:<id>`). A consultation's refund takes back its share the same way.
import type { CountryCode } from '#shared/locale';
import { expiryOf } from '#shared/loyalty/rules';
import { pointsMove } from './ledger';
import { givenBackExpiry } from './returns';
import { loyaltyRules } from './rules-read';
import { recipientOf, tierAfterStatements } from './earn';
import { referralRevokeStatements, returnedInFullSql } from './referral-revoke';

const balanceSql = '(SELECT balance FROM points_accounts WHERE user_id = ? AND country = ?)';

/** SQL naming the refund this batch inserted for the order (the newest of its refunds). */
const newestRefundSql = (orderId: number) => ({
  sql: 'SELECT max(id) FROM refunds WHERE order_id = ?',
  binds: [orderId],
});

/**
 * The points statements of a shop order's refund, for its batch AFTER the refund row's insert. `refundId`
 * is the refund's id when known, else SQL naming it (an insert in the same batch).
 */
export async function refundPointsStatements(
  db: D1Database,
  order: { id: number; user_id: number | null; country: CountryCode },
  now: number,
  siteOrigin: string,
  refundId: number | { sql: string; binds: unknown[] } = newestRefundSql(order.id),
  /** The core, for an order in another shard (decision 61): its rules are read there, and the
   * statements are her shard's alone; the referral's void is `referralVoidAfterRefund`'s, the
   * referrer's reward `referralRevokeAcross`'s, and the tier refresh (which sums the core's bookings
   * beside her orders) the tier's own helper's. */
  core?: D1Database,
  /** Set when the friend's referrer has her points in another shard: the caller takes her reward back
   * after the batch (referralRevokeAcross). */
  away?: { referrer: boolean },
): Promise<D1PreparedStatement[]> {
  if (order.user_id === null) return [];
  const user = order.user_id;
  const split = core !== undefined && core !== db;
  const { rules } = await loyaltyRules(core ?? db, order.country);
  const ref = typeof refundId === 'number' ? { sql: '?', binds: [refundId] } : refundId;
  const refunds = `(SELECT coalesce(sum(amount), 0) FROM refunds WHERE order_id = ? AND status <> 'failed')`;
  const total = '(SELECT total FROM orders WHERE id = ?)';
  const goods = '(SELECT max(0, total - delivery) FROM orders WHERE id = ?)';
  const sumOf = (kinds: string) =>
    `(SELECT coalesce(sum(amount), 0) FROM points_ledger WHERE order_id = ? AND kind IN (${kinds}))`;
  const key = (prefix: string) => ({ sql: `'${prefix}' || (${ref.sql})`, binds: ref.binds });
  const recipient = split ? null : await recipientOf(db, user);
  return [
    // Returned in full before delivery: the friend's referral never rewards its referrer.
    ...(split
      ? []
      : [
          db
            .prepare(
              `UPDATE referrals SET status = 'void' WHERE order_id = ?1 AND status = 'pending'
           AND (SELECT status FROM orders WHERE id = ?1) <> 'delivered' AND ${returnedInFullSql('?1')}`,
            )
            .bind(order.id),
        ]),
    // Returned in full after delivery: the referrer's reward for it taken back (issue 61).
    ...(split ? [] : await referralRevokeStatements(db, order.id, now, away)),
    // Given back: spent × refunds ÷ total, less what came back already (a cancel gives back all). What
    // it spent is net of what a failed payment gave back before it was paid again (a give-back with no
    // refund: routes/orders.ts payAgain takes the points again), so only refunds' give-backs count as back.
    ...pointsMove(db, {
      userId: user,
      country: order.country,
      amount: {
        sql: `SELECT max(0, min(s.spent - s.back, s.spent * s.refunded / s.total - s.back)) FROM (SELECT
            -(SELECT coalesce(sum(amount), 0) FROM points_ledger WHERE order_id = ?
                AND (kind = 'spend' OR (kind = 'spend_return' AND refund_id IS NULL))) AS spent,
            (SELECT coalesce(sum(amount), 0) FROM points_ledger WHERE order_id = ?
                AND kind = 'spend_return' AND refund_id IS NOT NULL) AS back,
            ${refunds} AS refunded, ${total} AS total) s
          WHERE s.total > 0`,
        binds: [order.id, order.id, order.id, order.id],
      },
      kind: 'spend_return',
      eventKey: key('return:refund:'),
      expiresAt: givenBackExpiry(user, order.country, now, expiryOf(now, rules.expiry_months)),
      orderId: order.id,
      refundId: ref,
      now,
    }),
    // Taken back: what is left of the earning less what the refunds leave of the goods (points are
    // earned on goods: refunding every item leaves none, delivery kept or not), never past her balance.
    ...pointsMove(db, {
      userId: user,
      country: order.country,
      amount: {
        sql: `SELECT -min(e.balance, max(0, e.left - e.earned * max(0, e.goods - e.refunded) / (e.goods - e.counted))) FROM (SELECT
            ${sumOf("'earn_order'")} AS earned, ${sumOf("'earn_order', 'earn_reversal'")} AS left,
            ${refunds} AS refunded, ${goods} AS goods,
            (SELECT coalesce(sum(r.amount), 0) FROM refunds r WHERE r.order_id = ? AND r.status <> 'failed'
               AND r.id <= coalesce((SELECT refund_id FROM points_ledger WHERE event_key = ?), 0)) AS counted,
            ${balanceSql} AS balance) e
          WHERE e.earned > 0 AND e.goods > e.counted`,
        binds: [order.id, order.id, order.id, order.id, order.id, `earn:order:${order.id}`, user, order.country],
      },
      kind: 'earn_reversal',
      eventKey: key('reverse:refund:'),
      orderId: order.id,
      refundId: ref,
      now,
    }),
    ...(split ? [] : tierAfterStatements(db, user, order.country, recipient, now, siteOrigin)),
  ];
}

/**
 * For an order in another shard, after her shard stored a refund: the friend's referral it carried is
 * void when the order is now returned in full (its goods refunded) before delivery (read from her shard, then one statement
 * for the core's batch; the referral row is the core's).
 */
export async function referralVoidAfterRefund(
  db: D1Database,
  core: D1Database,
  orderId: number,
): Promise<D1PreparedStatement[]> {
  const row = await db
    .prepare(
      `SELECT o.status, o.total, o.delivery, (SELECT coalesce(sum(amount), 0) FROM refunds WHERE order_id = o.id AND status <> 'failed') AS refunded
       FROM orders o WHERE o.id = ?`,
    )
    .bind(orderId)
    .first<{ status: string; total: number; delivery: number; refunded: number }>();
  if (!row || row.status === 'delivered' || row.refunded < Math.max(1, row.total - row.delivery)) return [];
  return [core.prepare("UPDATE referrals SET status = 'void' WHERE order_id = ? AND status = 'pending'").bind(orderId)];
}

/**
 * A gateway refund that failed after its points moved: both rows undone, for the batch recording the
 * failure. The points it gave back are taken again only as far as her balance goes.
 */
export async function refundFailedPointsStatements(
  db: D1Database,
  refund: { id: number; order_id: number | null; user_id: number | null; country: CountryCode },
  now: number,
  siteOrigin: string,
  /** False for an order in another shard than the core: its tier refresh sums the core's bookings
   * beside her orders, which no one statement may join (decision 61); the tier's own helper refreshes it. */
  withTier = true,
): Promise<D1PreparedStatement[]> {
  if (refund.order_id === null || refund.user_id === null) return [];
  const user = refund.user_id;
  const rowAmount = (key: string) => `(SELECT amount FROM points_ledger WHERE event_key = '${key}')`;
  const reverseKey = `reverse:refund:${refund.id}`;
  const returnKey = `return:refund:${refund.id}`;
  const recipient = withTier ? await recipientOf(db, user) : null;
  // Only once the refund is stored failed (an answer that lost to a webhook's success changes nothing).
  const failed = `(SELECT status FROM refunds WHERE id = ${Number(refund.id)}) = 'failed'`;
  return [
    ...pointsMove(db, {
      userId: user,
      country: refund.country,
      amount: { sql: `SELECT CASE WHEN ${failed} THEN -${rowAmount(reverseKey)} END`, binds: [] },
      kind: 'earn_reversal',
      eventKey: `restore:refund:${refund.id}`,
      // Back with the expiry of the earning they were part of.
      expiresAt: {
        sql: `coalesce((SELECT expires_at FROM points_ledger WHERE event_key = ?), ?)`,
        binds: [`earn:order:${refund.order_id}`, now + 1],
      },
      orderId: refund.order_id,
      refundId: refund.id,
      now,
    }),
    ...pointsMove(db, {
      userId: user,
      country: refund.country,
      amount: {
        sql: `SELECT CASE WHEN ${failed} THEN -min(${rowAmount(returnKey)}, ${balanceSql}) END`,
        binds: [user, refund.country],
      },
      kind: 'spend_return',
      eventKey: `restore:return:refund:${refund.id}`,
      orderId: refund.order_id,
      refundId: refund.id,
      now,
    }),
    ...(withTier ? tierAfterStatements(db, user, refund.country, recipient, now, siteOrigin) : []),
  ];
}

/**
 * A consultation's refund (moneyBackStatements, after its `refunded` is updated in the batch): the
 * share of what it earned that the refunds now leave, taken back once per refunded total.
 */
export function consultationRefundPointsStatements(
  db: D1Database,
  c: { id: number; user_id: number; country: CountryCode },
  now: number,
): D1PreparedStatement[] {
  return pointsMove(db, {
    userId: c.user_id,
    country: c.country,
    amount: {
      sql: `SELECT -min(e.balance, max(0, e.left - e.earned * max(0, e.total - e.refunded) / e.total)) FROM (SELECT
          (SELECT coalesce(sum(amount), 0) FROM points_ledger WHERE consultation_id = c.id AND kind = 'earn_consultation') AS earned,
          (SELECT coalesce(sum(amount), 0) FROM points_ledger WHERE consultation_id = c.id AND kind IN ('earn_consultation', 'earn_reversal')) AS left,
          c.total, c.refunded, (SELECT balance FROM points_accounts WHERE user_id = ? AND country = ?) AS balance
        FROM consultations c WHERE c.id = ?) e WHERE e.earned > 0 AND e.total > 0`,
      binds: [c.user_id, c.country, c.id],
    },
    kind: 'earn_reversal',
    eventKey: {
      sql: `SELECT 'reverse:consultation:' || id || ':' || refunded FROM consultations WHERE id = ?`,
      binds: [c.id],
    },
    consultationId: c.id,
    now,
  });
}
