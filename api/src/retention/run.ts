// The retention run (issue 48): every rule of ./windows.ts as one statement of one batch, repeated while
// some rule still found a full batch of rows, up to `rounds` times. Each statement touches at most
// `limit` rows, so one run is short however far behind a table is; the next run (the cron, hourly)
// carries on where it stopped. Rules are independent: when the batch fails, the round is run again a
// statement at a time, so one failing rule (reported) does not hold the others back.
//
// Every order shard (decision 61): `runRetentionEverywhere` runs every rule in the core (shard 0) and
// the rules on order-domain tables (SHARD_RETENTION_RULES: idempotency keys, points-expiry notices, the
// end of the tax period) in each other shard, each shard a bounded run of its own. The orders a shard's
// run anonymised (decision 64) then have their once-per-shopper coupon keys, the core's, rewritten:
// a guest's key holds her e-mail.
import { type DatabaseEnv, orderShards } from '../db/databases';
import { log } from '../lib/log';
import { cutoffOf, RETENTION_RULES, type RetentionRule, SHARD_RETENTION_RULES } from './windows';

/** The minute of each hour the cron runs retention (away from the hour's other jobs). */
export const RETENTION_MINUTE = 17;

export interface RetentionOutcome {
  /** Rows deleted or emptied, per rule name (rules that touched nothing are left out). */
  changed: Record<string, number>;
  /** Rules still behind when the run stopped (they found a full batch in the last round). */
  behind: string[];
  /** The orders whose personal fields went this run (their tax period over, decision 64). */
  anonymised: number[];
}

export async function runRetention(
  db: D1Database,
  now = Date.now(),
  {
    limit = 500,
    rounds = 4,
    rules = RETENTION_RULES,
  }: { limit?: number; rounds?: number; rules?: readonly RetentionRule[] } = {},
): Promise<RetentionOutcome> {
  const changed: Record<string, number> = {};
  const anonymised: number[] = [];
  let pending = [...rules];
  for (let round = 0; round < rounds && pending.length; round++) {
    const statements = pending.map((r) =>
      r.sql.includes('?3')
        ? db.prepare(r.sql).bind(cutoffOf(r, now), limit, now)
        : db.prepare(r.sql).bind(cutoffOf(r, now), limit),
    );
    const results = await db.batch(statements).catch(() => oneByOne(statements, pending));
    const next: RetentionRule[] = [];
    results.forEach((result, i) => {
      const rule = pending[i]!;
      const n = result?.meta.changes ?? 0;
      if (n) changed[rule.name] = (changed[rule.name] ?? 0) + n;
      if (n >= limit) next.push(rule);
      if (rule.anonymisesOrders && result) anonymised.push(...(result.results as { id: number }[]).map((r) => r.id));
    });
    pending = next;
  }
  const behind = pending.map((r) => r.name);
  if (behind.length) log.info('retention still behind', { behind });
  return { changed, behind, anonymised };
}

/**
 * The core's once-per-shopper coupon keys of anonymised orders: '<coupon>:e<e-mail>' for a guest
 * names her, so it takes the erasure's form ('<coupon>:erased-<order>'), which still counts the use.
 * Idempotent; an order whose key is lost to a failure between keeps it (reported).
 */
export async function forgetCouponKeys(core: D1Database, orders: readonly number[]): Promise<number> {
  if (!orders.length) return 0;
  const result = await core
    .prepare(
      `UPDATE coupon_redemptions SET once_key = coupon_id || ':erased-' || order_id
       WHERE once_key IS NOT NULL AND once_key <> coupon_id || ':erased-' || order_id
         AND order_id IN (SELECT value FROM json_each(?))`,
    )
    .bind(JSON.stringify(orders))
    .run();
  return result.meta.changes;
}

/**
 * The cron's run: the core with every rule, then each other order shard with its rules. A shard's
 * figures are named `shard <n>: <rule>`; a shard that fails is reported and the others still run.
 */
export async function runRetentionEverywhere(
  env: DatabaseEnv,
  now = Date.now(),
  options: { limit?: number; rounds?: number } = {},
): Promise<RetentionOutcome> {
  const outcome = await runRetention(env.DB, now, options);
  await couponKeysOf(env.DB, outcome.anonymised, 0);
  for (const shard of await orderShards(env)) {
    if (shard.db === env.DB) continue;
    try {
      const part = await runRetention(shard.db, now, { ...options, rules: SHARD_RETENTION_RULES });
      for (const [rule, n] of Object.entries(part.changed)) outcome.changed[`shard ${shard.id}: ${rule}`] = n;
      outcome.behind.push(...part.behind.map((rule) => `shard ${shard.id}: ${rule}`));
      outcome.anonymised.push(...part.anonymised);
      await couponKeysOf(env.DB, part.anonymised, shard.id);
    } catch (error) {
      log.error('retention run failed in an order shard', { shard: shard.id, error });
    }
  }
  return outcome;
}

async function oneByOne(statements: D1PreparedStatement[], rules: RetentionRule[]): Promise<(D1Result | null)[]> {
  const results: (D1Result | null)[] = [];
  for (const [i, statement] of statements.entries()) {
    results.push(
      await statement.run().catch((error: unknown) => {
        log.error('retention rule failed', { rule: rules[i]!.name, error });
        return null;
      }),
    );
  }
  return results;
}

async function couponKeysOf(core: D1Database, orders: number[], shard: number) {
  await forgetCouponKeys(core, orders).catch((error: unknown) =>
    log.error('coupon keys of anonymised orders not rewritten', { shard, orders, error }),
  );
}
