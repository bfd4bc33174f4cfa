// A shopper's tier (decision 58): reached by her last 12 months' spending, every country's (the other
// country's amounts at the shop's exchange rate), kept on her points account of each country with the
// spending it was computed from. Refreshed in the batch of every earning or reversal (tierRefresh), and
// nightly as spending ages out (jobs.ts); read by the checkout for its perks (tierOf).
import type { CountryCode } from '#shared/locale';
import { tierFor } from '#shared/loyalty/rules';
import type { TierRule } from '#shared/loyalty/types';
import type { PointsAccountRow } from '../db/rows';
import { loyaltyRules } from './rules-read';

/** Spending counts this long (12 calendar months would differ by a day or two; 365 days is the rule). */
export const SPEND_WINDOW_MS = 365 * 24 * 60 * 60 * 1000;
/** A stored tier younger than this is used as it is; the nightly job refreshes older ones. */
export const TIER_FRESH_MS = 26 * 60 * 60 * 1000;

const pow10 = (col: string) => `(CASE ${col} WHEN 3 THEN 1000 WHEN 2 THEN 100 ELSE 1 END)`;

/**
 * SQL for a shopper's money spending since a cutoff, in minor units of the country `countrySql` names
 * (a column or a `?`): delivered shop orders less their refunds (a failed one does not count),
 * blood-test orders with results ready (unless refunded) and completed consultations less refunds;
 * each country's sum converted through the base currency, rounded to the nearest minor unit.
 * Binds: user id, cutoff (three times each, in order), then `countryBinds`.
 */
export function spendSql(
  userId: number,
  cutoff: number,
  countrySql: string,
  countryBinds: unknown[] = [],
  /**
   * Her orders' spending read from her order shard (orderSpendStatement's rows, as JSON), for a shopper
   * whose orders are not in the core (decision 61): it takes the orders' place in the sum, and the
   * statement then binds this JSON where it bound her user id and cutoff for the orders.
   */
  orders?: string,
): { sql: string; binds: unknown[] } {
  const ordersPart =
    orders === undefined
      ? `SELECT o.country, o.total - coalesce((SELECT sum(r.amount) FROM refunds r WHERE r.order_id = o.id AND r.status <> 'failed'), 0) AS amount
            FROM orders o WHERE o.user_id = ? AND o.status = 'delivered' AND o.delivered_at >= ?`
      : `SELECT json_extract(j.value, '$.country') AS country, json_extract(j.value, '$.amount') AS amount FROM json_each(?) j`;
  return {
    sql: `(SELECT coalesce(sum((2 * s.amount * tc.exchange_rate_scaled * ${pow10('tc.decimals')} + fc.exchange_rate_scaled * ${pow10('fc.decimals')})
             / (2 * fc.exchange_rate_scaled * ${pow10('fc.decimals')})), 0)
      FROM (SELECT x.country, sum(max(0, x.amount)) AS amount FROM (
          ${ordersPart}
          UNION ALL
          SELECT b.country, CASE WHEN b.payment_state = 'refunded' THEN 0 ELSE b.total END
            FROM blood_test_orders b WHERE b.user_id = ? AND b.status = 'results_ready' AND b.results_ready_at >= ?
          UNION ALL
          SELECT c.country, c.total - c.refunded
            FROM consultations c WHERE c.user_id = ? AND c.status = 'completed' AND c.completed_at >= ?
        ) x GROUP BY x.country) s
      JOIN countries fc ON fc.code = s.country
      JOIN countries tc ON tc.code = (${countrySql}))`,
    binds: [...(orders === undefined ? [userId, cutoff] : [orders]), userId, cutoff, userId, cutoff, ...countryBinds],
  };
}

/**
 * Her orders' part of spendSql, read in her order shard (which has no blood tests, consultations or
 * exchange rates): per country, the delivered orders less their refunds, each order at least 0. Their
 * rows, as JSON, go to spendSql's `orders` in the core, which adds the rest and converts: the same sum.
 */
export function orderSpendStatement(db: D1Database, userId: number, cutoff: number): D1PreparedStatement {
  return db
    .prepare(
      `SELECT coalesce(json_group_array(json_object('country', x.country, 'amount', x.amount)), '[]') AS orders
       FROM (SELECT o.country, sum(max(0, o.total - coalesce((SELECT sum(r.amount) FROM refunds r WHERE r.order_id = o.id AND r.status <> 'failed'), 0))) AS amount
         FROM orders o WHERE o.user_id = ? AND o.status = 'delivered' AND o.delivered_at >= ? GROUP BY o.country) x`,
    )
    .bind(userId, cutoff);
}

/** The JSON orderSpendStatement's result carries. */
export const orderSpendOf = (result: D1Result) => (result.results[0] as { orders: string } | undefined)?.orders ?? '[]';

/**
 * Statements that refresh all of a shopper's points accounts' spending and tier, for the batch of an
 * earning or reversal (after its ledger rows, so what the batch changed is seen). A shopper who moves
 * up gets a mail (mail.ts), written between the two updates where the old tier is still stored.
 */
export function tierRefreshStatements(
  db: D1Database,
  userId: number,
  now: number,
  extra: { between?: D1PreparedStatement[] } = {},
): D1PreparedStatement[] {
  const spend = spendSql(userId, now - SPEND_WINDOW_MS, 'points_accounts.country');
  return [
    db.prepare(`UPDATE points_accounts SET spend_12m = ${spend.sql} WHERE user_id = ?`).bind(...spend.binds, userId),
    ...(extra.between ?? []),
    db
      .prepare(
        `UPDATE points_accounts SET tier = coalesce((SELECT t.tier FROM loyalty_tiers t WHERE t.country = points_accounts.country
           AND t.min_spend <= points_accounts.spend_12m ORDER BY t.min_spend DESC LIMIT 1), 'bronze'), tier_updated_at = ?
         WHERE user_id = ?`,
      )
      .bind(now, userId),
  ];
}

/**
 * A shopper's spending in the last 12 months, in the country's currency, computed now. `db` is the
 * core; `shard`, when her orders are in another order shard (decision 61), is read for her orders'
 * part first (two reads, merged in the core's statement).
 */
export async function spend12m(
  db: D1Database,
  userId: number,
  country: CountryCode,
  now = Date.now(),
  shard?: D1Database,
) {
  const cutoff = now - SPEND_WINDOW_MS;
  const orders =
    shard && shard !== db ? orderSpendOf(await orderSpendStatement(shard, userId, cutoff).all()) : undefined;
  const spend = spendSql(userId, cutoff, '?', [country], orders);
  const row = await db
    .prepare(`SELECT ${spend.sql} AS spend`)
    .bind(...spend.binds)
    .first<{ spend: number }>();
  return row?.spend ?? 0;
}

/**
 * Her tier in a country: the stored one while fresh (refreshed with every earning and nightly),
 * otherwise computed from her spending now (a shopper without an account yet: from her orders).
 */
export async function tierOf(
  db: D1Database,
  userId: number,
  country: CountryCode,
  now = Date.now(),
  /** Her order shard, when it is not the core (decision 61): her points account and orders are there. */
  shard: D1Database = db,
): Promise<{ tier: TierRule; spend_12m: number }> {
  const [{ tiers }, account] = await Promise.all([
    loyaltyRules(db, country),
    shard
      .prepare('SELECT tier, spend_12m, tier_updated_at FROM points_accounts WHERE user_id = ? AND country = ?')
      .bind(userId, country)
      .first<Pick<PointsAccountRow, 'tier' | 'spend_12m' | 'tier_updated_at'>>(),
  ]);
  if (account?.tier_updated_at && now - account.tier_updated_at < TIER_FRESH_MS) {
    // The stored spending decides against today's tiers (the owner may have changed them since).
    return { tier: tierFor(account.spend_12m, tiers), spend_12m: account.spend_12m };
  }
  const spend = await spend12m(db, userId, country, now, shard);
  return { tier: tierFor(spend, tiers), spend_12m: spend };
}
