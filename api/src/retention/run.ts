// The retention run (issue 48): every rule of ./windows.ts as one statement of one batch, repeated while
// some rule still found a full batch of rows, up to `rounds` times. Each statement touches at most
// `limit` rows, so one run is short however far behind a table is; the next run (the cron, hourly)
// carries on where it stopped. Rules are independent: when the batch fails, the round is run again a
// statement at a time, so one failing rule (reported) does not hold the others back.
//
// Every order shard (decision 61): `runRetentionEverywhere` runs every rule in the core (shard 0) and
// the rules on order-domain tables (SHARD_RETENTION_RULES: idempotency keys, points-expiry notices) in
// each other shard, each shard a bounded run of its own.
import { type DatabaseEnv, orderShards } from '../db/databases';
import { log } from '../lib/log';
import { DAY_MS, RETENTION_RULES, type RetentionRule, SHARD_RETENTION_RULES } from './windows';

/** The minute of each hour the cron runs retention (away from the hour's other jobs). */
export const RETENTION_MINUTE = 17;

export interface RetentionOutcome {
  /** Rows deleted or emptied, per rule name (rules that touched nothing are left out). */
  changed: Record<string, number>;
  /** Rules still behind when the run stopped (they found a full batch in the last round). */
  behind: string[];
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
  let pending = [...rules];
  for (let round = 0; round < rounds && pending.length; round++) {
    const statements = pending.map((r) => db.prepare(r.sql).bind(now - r.days * DAY_MS, limit));
    const results = await db.batch(statements).catch(() => oneByOne(statements, pending));
    const next: RetentionRule[] = [];
    results.forEach((result, i) => {
      const rule = pending[i]!;
      const n = result?.meta.changes ?? 0;
      if (n) changed[rule.name] = (changed[rule.name] ?? 0) + n;
      if (n >= limit) next.push(rule);
    });
    pending = next;
  }
  const behind = pending.map((r) => r.name);
  if (behind.length) log.info('retention still behind', { behind });
  return { changed, behind };
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
  for (const shard of await orderShards(env)) {
    if (shard.db === env.DB) continue;
    try {
      const part = await runRetention(shard.db, now, { ...options, rules: SHARD_RETENTION_RULES });
      for (const [rule, n] of Object.entries(part.changed)) outcome.changed[`shard ${shard.id}: ${rule}`] = n;
      outcome.behind.push(...part.behind.map((rule) => `shard ${shard.id}: ${rule}`));
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
