// What the shopper reads of her points (GET /loyalty, GET /loyalty/history): in the request's country,
// her own rows only. The summary is one D1 round trip on a warm isolate (the rules are cached); each
// read is also a list of statements for a caller that batches several (the points page: routes/loyalty.ts).
import type { CountryCode } from '#shared/locale';
import { currencyInfoFor, RATE_SCALE } from '#shared/money';
import { expiringBy, nextTier, pointsValue, tierFor } from '#shared/loyalty/rules';
import { dayEndIn, timeZoneOf } from '#shared/country-days';
import type { LoyaltySummary, PointsHistoryLine, PointsHistoryPage } from '#shared/loyalty/types';
import type { PointsAccountRow } from '../db/rows';
import { loyaltyRules } from './rules-read';
import { orderSpendOf, orderSpendStatement, SPEND_WINDOW_MS, spendSql, TIER_FRESH_MS } from './tiers';
import { core, type DatabaseEnv, routeFrom, routeStatement, userOwner } from '../db/databases';

const DAY = 24 * 60 * 60 * 1000;
const HISTORY_PAGE = 25;

/** The summary's reads, for the caller's batch (three statements). */
function summaryStatements(db: D1Database, userId: number, country: CountryCode, now: number): D1PreparedStatement[] {
  const spend = spendSql(userId, now - SPEND_WINDOW_MS, '?', [country]);
  return [...pointsStatements(db, userId, country), db.prepare(`SELECT ${spend.sql} AS spend`).bind(...spend.binds)];
}

/** Her points account and ledger sums: the summary's reads of her order shard. */
function pointsStatements(db: D1Database, userId: number, country: CountryCode): D1PreparedStatement[] {
  return [
    db
      .prepare(
        'SELECT balance, tier, spend_12m, tier_updated_at FROM points_accounts WHERE user_id = ? AND country = ?',
      )
      .bind(userId, country),
    // The credits and the debits so far, for what expires next (first in, first out).
    db
      .prepare(
        `SELECT coalesce(sum(CASE WHEN amount < 0 THEN -amount END), 0) AS debited,
           json_group_array(CASE WHEN amount > 0 THEN json_array(amount, expires_at) END) AS credits
         FROM points_ledger WHERE user_id = ? AND country = ?`,
      )
      .bind(userId, country),
  ];
}

/**
 * Her summary's reads (and, with `history`, her first page of history) from her order shard, with the
 * caller's own reads of the core (`also`) in the same batch as her route (decision 61). In shard 0 that
 * is the one batch it always was. In another shard her points are read there (one trip more) with her
 * orders' spending, and only when her stored tier is stale the core sums that with her blood tests and
 * consultations (one more).
 */
export async function mySummaryReads(
  env: DatabaseEnv,
  userId: number,
  country: CountryCode,
  now: number,
  o: { history?: boolean; also?: D1PreparedStatement[] } = {},
): Promise<{ summary: D1Result[]; history: D1Result | null; also: D1Result[] }> {
  const db = core(env);
  const history = o.history ? 1 : 0;
  const historyOf = (on: D1Database) => (o.history ? [historyStatement(on, userId, country, undefined)] : []);
  const [routeRes, ...results] = await db.batch([
    routeStatement(env, userOwner(userId)),
    ...summaryStatements(db, userId, country, now),
    ...historyOf(db),
    ...(o.also ?? []),
  ]);
  const also = results.slice(3 + history);
  const where = routeFrom(env, routeRes!.results[0] as Parameters<typeof routeFrom>[1]);
  if (where.binding === 'DB') return { summary: results.slice(0, 3), history: history ? results[3]! : null, also };
  const cutoff = now - SPEND_WINDOW_MS;
  const [account, credits, orders, lines] = await where.db.batch([
    ...pointsStatements(where.db, userId, country),
    orderSpendStatement(where.db, userId, cutoff),
    ...historyOf(where.db),
  ]);
  const stored = account!.results[0] as Pick<PointsAccountRow, 'tier_updated_at'> | undefined;
  const fresh = stored?.tier_updated_at != null && now - stored.tier_updated_at < TIER_FRESH_MS;
  const spend = spendSql(userId, cutoff, '?', [country], orderSpendOf(orders!));
  const spent = fresh
    ? ({ results: [{ spend: 0 }] } as unknown as D1Result)
    : await db
        .prepare(`SELECT ${spend.sql} AS spend`)
        .bind(...spend.binds)
        .all();
  return { summary: [account!, credits!, spent], history: lines ?? null, also };
}

/** The summary from the results of summaryStatements, in their order. */
export function summaryFrom(
  [accountRes, creditsRes, spendRes]: D1Result[],
  { rules, tiers }: Awaited<ReturnType<typeof loyaltyRules>>,
  country: CountryCode,
  now: number,
): LoyaltySummary {
  const account = accountRes!.results[0] as
    | Pick<PointsAccountRow, 'balance' | 'tier' | 'spend_12m' | 'tier_updated_at'>
    | undefined;
  const sums = creditsRes!.results[0] as { debited: number; credits: string };
  const credits = (JSON.parse(sums.credits) as Array<[number, number] | null>)
    .filter((c): c is [number, number] => c !== null)
    .map(([amount, expires_at]) => ({ amount, expires_at }));
  const balance = account?.balance ?? 0;
  // A stored tier while fresh (as the checkout's tierOf), else her spending now.
  const fresh = account?.tier_updated_at != null && now - account.tier_updated_at < TIER_FRESH_MS;
  const spend12m = fresh ? account!.spend_12m : (spendRes!.results[0] as { spend: number }).spend;
  const tier = tierFor(spend12m, tiers);
  // The next expiry within a year: the earliest day (on her country's clocks: in Dubai it ends at Dubai's
  // midnight) of a credit's expiry whose points expiring by its end are above what is already due. The page names the day, so it counts every credit of that
  // day (credits of one day expire at different moments of it), as the expiry reminder does.
  const dueNow = expiringBy(credits, sums.debited, balance, now);
  let expiring: LoyaltySummary['expiring'] = null;
  for (const at of [...new Set(credits.map((c) => c.expires_at))].filter((t) => t > now).sort((a, b) => a - b)) {
    if (at > now + 366 * DAY) break;
    const dayEnd = dayEndIn(timeZoneOf(country), at);
    const points = expiringBy(credits, sums.debited, balance, dayEnd) - dueNow;
    if (points > 0) {
      expiring = { points, at };
      break;
    }
  }
  const { currency } = currencyInfoFor(country, RATE_SCALE);
  return {
    country,
    currency,
    balance,
    balance_value: pointsValue(balance, rules),
    tier: tier.tier,
    tier_rule: tier,
    spend_12m: spend12m,
    next_tier: nextTier(spend12m, tier.tier, tiers),
    expiring,
    rules,
  };
}

/** Her summary from her order shard (mySummaryReads). */
export async function mySummary(
  env: DatabaseEnv,
  userId: number,
  country: CountryCode,
  now = Date.now(),
): Promise<LoyaltySummary> {
  const rules = await loyaltyRules(core(env), country);
  return summaryFrom((await mySummaryReads(env, userId, country, now)).summary, rules, country, now);
}

/** A page of her history, newest first, before the line `before` (or from the newest). */
export function historyStatement(
  db: D1Database,
  userId: number,
  country: CountryCode,
  before: number | undefined,
): D1PreparedStatement {
  return db
    .prepare(
      `SELECT id, kind, amount, balance_after, created_at AS at, expires_at, order_id, blood_test_order_id, consultation_id,
         CASE WHEN kind = 'adjustment' THEN reason END AS reason
       FROM points_ledger WHERE user_id = ? AND country = ? AND id < ? ORDER BY id DESC LIMIT ?`,
    )
    .bind(userId, country, before ?? Number.MAX_SAFE_INTEGER, HISTORY_PAGE + 1);
}

export function historyFrom(result: D1Result): PointsHistoryPage {
  const results = result.results as PointsHistoryLine[];
  const lines = results.slice(0, HISTORY_PAGE);
  return { lines, next: results.length > HISTORY_PAGE ? lines.at(-1)!.id : null };
}
