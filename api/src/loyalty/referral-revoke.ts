// A friend's order returned in full takes back her referrer's reward (issue 61, decision 58 amended).
// The reward pays for bringing a customer; an order whose goods all came back brought none, and left as
// it was, buying and returning would pay the referrer for nothing. "Returned in full" is the order's
// refunds (not failed) reaching its goods (total less delivery), the same line at which the friend's
// own earning is all taken back (reverse.ts). The reward goes with one 'earn_reversal' row
// (`revoke:referral:<referral id>`, once), never past the referrer's balance (what she already spent
// is forgiven, as for any reversal), and the referral becomes 'void': it no longer counts against her
// monthly cap. The friend stays referred (referrals.friend_id is unique): a later order of hers never
// carries a code again, so buying and returning cannot earn a second reward.
import type { CountryCode } from '#shared/locale';
import { type DatabaseEnv, orderShardForWrite, userOwner } from '../db/databases';
import { pointsMove } from './ledger';

/** SQL: the order `idSql` names has had all its goods refunded (refunds not failed reach total − delivery). */
export const returnedInFullSql = (idSql: string) =>
  `(SELECT coalesce(sum(r.amount), 0) FROM refunds r WHERE r.order_id = ${idSql} AND r.status <> 'failed')
     >= (SELECT max(1, o.total - o.delivery) FROM orders o WHERE o.id = ${idSql})`;

const rewardSql = (referralId: number) =>
  `(SELECT amount FROM points_ledger WHERE event_key = 'referral:${Number(referralId)}')`;

/**
 * For a refund's batch in the order's own database, after the refund row's insert: the reward of the
 * referral this order carried taken back and the referral void, when the refunds now return the order
 * in full and the referral was rewarded. Nothing when the referrer's points are in another shard (then
 * `away.referrer` is set and the caller runs referralRevokeAcross after the batch).
 */
export async function referralRevokeStatements(
  db: D1Database,
  orderId: number,
  now: number,
  away?: { referrer: boolean },
): Promise<D1PreparedStatement[]> {
  const referral = await db
    .prepare(
      `SELECT id, referrer_id, country,
         EXISTS (SELECT 1 FROM shopper_shards r JOIN order_shards s ON s.id = r.shard_id
                 WHERE r.owner_key = 'user:' || referrals.referrer_id AND s.binding <> 'DB') AS referrer_away
       FROM referrals WHERE order_id = ? AND status = 'rewarded'`,
    )
    .bind(orderId)
    .first<{ id: number; referrer_id: number; country: CountryCode; referrer_away: number }>();
  if (!referral) return [];
  if (referral.referrer_away === 1) {
    if (away) away.referrer = true;
    return [];
  }
  const due = `(SELECT status FROM referrals WHERE id = ${Number(referral.id)}) = 'rewarded' AND ${returnedInFullSql('?1')}`;
  return [
    ...pointsMove(db, {
      userId: referral.referrer_id,
      country: referral.country,
      amount: {
        sql: `SELECT CASE WHEN ${due.replaceAll('?1', '?')} THEN -min(${rewardSql(referral.id)},
            (SELECT balance FROM points_accounts WHERE user_id = ? AND country = ?)) END`,
        binds: [orderId, orderId, referral.referrer_id, referral.country],
      },
      kind: 'earn_reversal',
      eventKey: `revoke:referral:${referral.id}`,
      referralId: referral.id,
      now,
    }),
    db.prepare(`UPDATE referrals SET status = 'void' WHERE id = ?2 AND ${due}`).bind(orderId, referral.id),
  ];
}

/**
 * The same after a refund, when the order or the referrer's points are in another shard than the core
 * (decision 61): the referral is read in the core, the order's refunds in its shard, the reward taken
 * back in the referrer's shard (once: the event key), and only then the referral marked void, so a
 * failure between leaves it rewarded with the points taken (the next full refund's call finishes it).
 */
export async function referralRevokeAcross(
  env: DatabaseEnv,
  db: D1Database,
  orderId: number,
  now: number,
): Promise<void> {
  const core = env.DB;
  const referral = await core
    .prepare("SELECT id, referrer_id, country FROM referrals WHERE order_id = ? AND status = 'rewarded'")
    .bind(orderId)
    .first<{ id: number; referrer_id: number; country: CountryCode }>();
  if (!referral) return;
  const full = await db
    .prepare(`SELECT ${returnedInFullSql('?1')} AS full`)
    .bind(orderId)
    .first<number>('full');
  if (full !== 1) return;
  const theirs = await orderShardForWrite(env, userOwner(referral.referrer_id));
  await theirs.batch(
    pointsMove(theirs, {
      userId: referral.referrer_id,
      country: referral.country,
      amount: {
        sql: `SELECT -min(${rewardSql(referral.id)}, (SELECT balance FROM points_accounts WHERE user_id = ? AND country = ?))`,
        binds: [referral.referrer_id, referral.country],
      },
      kind: 'earn_reversal',
      eventKey: `revoke:referral:${referral.id}`,
      referralId: referral.id,
      now,
    }),
  );
  await core
    .prepare("UPDATE referrals SET status = 'void' WHERE id = ? AND status = 'rewarded'")
    .bind(referral.id)
    .run();
}
