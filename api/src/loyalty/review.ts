// Points for a shopper's first approved review (decision 58): once per shopper ever (`review:<user>`),
// in her country (her account's, else her last order's, else Kuwait), in the batch that approves it
// (the moderator's decision, or a review approved on writing when the shop's rules let it through).
import { HOME_COUNTRY, isCountryCode } from '#shared/countries';
import type { CountryCode } from '#shared/locale';
import { expiryOf } from '#shared/loyalty/rules';
import { pointsMove } from './ledger';
import { loyaltyRules } from './rules-read';
import { type DatabaseEnv, shardFor, userOwner } from '../db/databases';
import { ApiError } from '../lib/errors';

/** Her country, and whether her points are in another order shard than the core (decision 61), in
 * the one read of the core this always made. */
async function shopperOf(db: D1Database, userId: number): Promise<{ country: CountryCode; away: boolean }> {
  const row = await db
    .prepare(
      `SELECT coalesce(u.country, (SELECT o.country FROM orders o WHERE o.user_id = u.id ORDER BY o.created_at DESC LIMIT 1), ?) AS country,
         EXISTS (SELECT 1 FROM shopper_shards r JOIN order_shards s ON s.id = r.shard_id
                 WHERE r.owner_key = 'user:' || u.id AND s.binding <> 'DB') AS away
       FROM users u WHERE u.id = ?`,
    )
    .bind(HOME_COUNTRY, userId)
    .first<{ country: CountryCode; away: number }>();
  return { country: isCountryCode(row?.country) ? row.country : HOME_COUNTRY, away: row?.away === 1 };
}

/**
 * Her first approved review's points when her points are in another order shard: after the core's batch
 * that approved it (the review is the core's), written in her shard once (reviewPointsInShard).
 * reviewPointsStatements answers nothing for her, so the core never holds them. The staff's approval
 * calls it after its batch (reviews/moderation.ts).
 */
export async function reviewPointsAcross(env: DatabaseEnv, userId: number, reviewId: number, now: number) {
  const route = await shardFor(env, userOwner(userId));
  if (route.binding === 'DB') return;
  if (route.moving) throw new ApiError(503, 'service_busy');
  const statements = await reviewPointsInShard(env.DB, route.db, userId, reviewId, now);
  if (statements.length) await route.db.batch(statements);
}

/**
 * The statements crediting her review points if the review is approved when the batch reaches them.
 * `reviewId` is the review's id, or SQL naming it (a review written in the same batch).
 */
export async function reviewPointsStatements(
  db: D1Database,
  userId: number,
  reviewId: number | { sql: string; binds: unknown[] },
  now: number,
): Promise<D1PreparedStatement[]> {
  const { country, away } = await shopperOf(db, userId);
  // Her points are in another shard: nothing for the core's batch (reviewPointsAcross after it).
  if (away) return [];
  const { rules } = await loyaltyRules(db, country);
  if (!rules.is_active || rules.review_points <= 0) return [];
  const review = typeof reviewId === 'number' ? { sql: '?', binds: [reviewId] } : reviewId;
  return pointsMove(db, {
    userId,
    country,
    amount: {
      sql: `SELECT CASE WHEN (SELECT status FROM reviews WHERE id = (${review.sql})) = 'approved'
          AND EXISTS (SELECT 1 FROM users WHERE id = ? AND deleted_at IS NULL) THEN CAST(? AS INTEGER) END`,
      binds: [...review.binds, userId, rules.review_points],
    },
    kind: 'earn_review',
    eventKey: `review:${userId}`,
    expiresAt: expiryOf(now, rules.expiry_months),
    reviewId: review,
    now,
  });
}

/**
 * Her review points when her points are in another order shard than the core (decision 61): the review
 * is already approved in the core (the caller's batch), so the amount is bound, and her country falls
 * back to her last order's in her shard. Run in her shard; the event key makes it once.
 */
export async function reviewPointsInShard(
  core: D1Database,
  shard: D1Database,
  userId: number,
  reviewId: number,
  now: number,
): Promise<D1PreparedStatement[]> {
  const [account, last] = await Promise.all([
    core.prepare('SELECT country, deleted_at FROM users WHERE id = ?').bind(userId).first<{
      country: CountryCode | null;
      deleted_at: number | null;
    }>(),
    shard
      .prepare('SELECT country FROM orders WHERE user_id = ? ORDER BY created_at DESC LIMIT 1')
      .bind(userId)
      .first<{ country: CountryCode }>(),
  ]);
  if (!account || account.deleted_at !== null) return [];
  const theirs = account.country ?? last?.country;
  const country: CountryCode = isCountryCode(theirs) ? theirs : HOME_COUNTRY;
  const { rules } = await loyaltyRules(core, country);
  if (!rules.is_active || rules.review_points <= 0) return [];
  return pointsMove(shard, {
    userId,
    country,
    amount: rules.review_points,
    kind: 'earn_review',
    eventKey: `review:${userId}`,
    expiresAt: expiryOf(now, rules.expiry_months),
    reviewId,
    now,
  });
}
