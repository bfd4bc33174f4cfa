// The archive run (issue 48, decision 60): moves cold orders (./tables.ts) into sealed files in R2, in
// bounded steps the hourly cron repeats until none is left. Each order moves on its own, in three steps:
//
//   1. claim: its row takes the file's name (`archive_key`), only if no run or bring-back holds it;
//   2. write: its rows are read, sealed and put in ARCHIVE and, as the backup's copy, in BACKUPS;
//   3. commit: one D1 batch marks the row archived and deletes exactly the rows the file holds, only
//      while the claim is still this run's.
//
// A run killed anywhere loses nothing and doubles nothing: before the commit the rows are all still
// hot and the row only carries a claim; a later run finds the claim stale (older than STALE_CLAIM_MS),
// deletes whatever file it may have left and frees the order, which then moves again. A bring-back
// (./bring-back.ts) clears a claim, so a commit racing it changes nothing.
//
// Every order shard (decision 61): a run walks the shards (`orderShards`) with one budget of `limit`
// orders across them, starting each run at the next shard in turn, so no shard waits behind another's
// backlog and a run stays bounded however many shards there are. In a shard other than the core, the
// catalogue's count of archived sales (a core table) is taken before the shard's commit and given back
// if the commit finds its claim gone; a failure between leaves the count one high (a SKU counted as
// sold stays undeletable: the safe side).
import { orderShards, type Shard } from '../db/databases';
import { log } from '../lib/log';
import { type ColdOrderFile, COLD_FORMAT, COLD_VERSION, coldKey, sealCold } from './file';
import { backupCopyKey } from './read';
import { ARCHIVE_AFTER_MS, COLD_TABLES, DUE_SQL, SOLD_SQL, SOLD_UPSERT, soldSkus } from './tables';
import type { Keyring } from '../lib/keyring';

/**
 * The cron's pace: a run every 5 minutes of up to 40 orders, 11,520 a day, above the 5,000 orders a
 * day of the capacity table (README), so a backlog shrinks; a run is about 4 subrequests an order.
 */
export const ARCHIVE_EVERY_MINUTES = 5;
export const ARCHIVE_PER_RUN = 40;

/** A claim older than this is a run that died: its file (if any) is deleted and the order freed. */
export const STALE_CLAIM_MS = 60 * 60 * 1000;

export interface ArchiveEnv {
  DB: D1Database;
  ARCHIVE: R2Bucket;
  BACKUPS: R2Bucket;
}

export interface ArchiveOutcome {
  /** Orders moved by this run. */
  moved: number[];
  /** Stale claims and brought-back orders whose files were deleted. */
  swept: number;
  /** Orders whose move failed (left hot, tried again next run). */
  failed: number[];
  /** True when a full batch was due: the cron carries on next time. */
  behind: boolean;
}

export interface ArchiveOptions {
  now?: number;
  /** Orders claimed per run. */
  limit?: number;
  /** Tests only: throws after this many files were written, as a run killed half-way would stop. */
  dieAfterWrites?: number;
}

/** When a claim was made, from its name (./file.ts coldKey). */
const claimTime = (key: string) => Number(/\.(\d+)\.json\.gz\.sealed(#\w+)?$/.exec(key)?.[1] ?? 0);

/**
 * What a name left on a hot row means: `#back`, an order brought back (its file is deleted at once);
 * `#void`, a claim a bring-back voided, and a bare name, a claim never committed (both after
 * STALE_CLAIM_MS: a run may still be writing the file).
 */
export const BACK_MARK = '#back';
export const VOID_MARK = '#void';
const fileOf = (key: string) => key.replace(/#\w+$/, '');

export async function archiveColdOrders(
  env: ArchiveEnv,
  ring: Keyring,
  { now = Date.now(), limit = 25, dieAfterWrites }: ArchiveOptions = {},
): Promise<ArchiveOutcome> {
  const shards = await orderShards(env);
  // Which shard goes first this run: the next one each ARCHIVE_EVERY_MINUTES.
  const first = Math.floor(now / (ARCHIVE_EVERY_MINUTES * 60_000)) % shards.length;
  const order = [...shards.slice(first), ...shards.slice(0, first)];
  const outcome: ArchiveOutcome = { moved: [], swept: 0, failed: [], behind: false };
  const killed = { writes: 0, after: dieAfterWrites };
  for (const shard of order) {
    const budget = limit - outcome.moved.length - outcome.failed.length;
    if (budget <= 0) {
      outcome.behind = true;
      break;
    }
    const part = await archiveShard(env, shard, ring, now, budget, killed);
    outcome.moved.push(...part.moved);
    outcome.failed.push(...part.failed);
    outcome.swept += part.swept;
    outcome.behind ||= part.behind;
  }
  return outcome;
}

/** One shard's part of a run: at most `limit` orders. */
async function archiveShard(
  env: ArchiveEnv,
  shard: Shard,
  ring: Keyring,
  now: number,
  limit: number,
  killed: { writes: number; after: number | undefined },
): Promise<ArchiveOutcome> {
  const db = shard.db;
  const apart = db !== env.DB;
  const swept = await sweepStale(env, now, 100, db);
  const { results: due } = await db
    .prepare(DUE_SQL)
    .bind(now - ARCHIVE_AFTER_MS, limit)
    .all<{ id: number; country: string }>();
  const outcome: ArchiveOutcome = { moved: [], swept, failed: [], behind: due.length >= limit };
  if (!due.length) return outcome;

  // 1. Claim: one conditional update an order; an order another run or a bring-back holds is left.
  const claims = await db.batch(
    due.map(({ id, country }) =>
      db
        .prepare(
          'UPDATE orders SET archive_key = ?2 WHERE id = ?1 AND archived_at IS NULL AND archive_key IS NULL RETURNING id, archive_key',
        )
        .bind(id, coldKey(id, country, now)),
    ),
  );
  const claimed = claims.flatMap((r) => r.results as { id: number; archive_key: string }[]);

  for (const { id, archive_key: key } of claimed) {
    try {
      // 2. Write: the rows as they are now (read after the claim, so a bring-back since then voids it).
      const file = await readOrderFile(db, id, now, env.DB);
      if (!file) continue;
      const sealed = await sealCold(ring, key, file);
      await env.ARCHIVE.put(key, sealed.bytes);
      await env.BACKUPS.put(backupCopyKey(key), sealed.bytes);
      if (killed.after !== undefined && ++killed.writes >= killed.after) throw new KilledRun();
      // 3. Commit: archived, and exactly the filed rows deleted, while the claim is still this run's.
      const mine = 'EXISTS (SELECT 1 FROM orders WHERE id = ?1 AND archive_key = ?3 AND archived_at = ?4)';
      // Another shard: the core counts the sales first, from the file's rows (taken back below if the
      // commit finds its claim gone).
      const sold = apart ? soldStatements(env.DB, file, +1) : [];
      if (sold.length) await env.DB.batch(sold);
      const results = await db.batch([
        db
          .prepare(
            `UPDATE orders SET archived_at = ?2, archive_wrapped_key = ?3, archive_iv = ?4, archive_key_version = ?5,
             archived_products = (SELECT json_group_array(DISTINCT product_id) FROM order_items WHERE order_id = ?1)
           WHERE id = ?1 AND archive_key = ?6 AND archived_at IS NULL`,
          )
          .bind(id, now, sealed.wrapped_key, sealed.iv, sealed.key_version, key),
        ...(apart ? [] : [db.prepare(`${SOLD_SQL} AND ${mine} ${SOLD_UPSERT}`).bind(id, null, key, now)]),
        ...COLD_TABLES.map((t) =>
          db
            .prepare(`${t.remove} AND ${mine}`)
            .bind(
              id,
              JSON.stringify(file.tables[t.name].map((row) => JSON.stringify(t.key.map((k) => row[k])))),
              key,
              now,
            ),
        ),
      ]);
      if (results[0]!.meta.changes === 1) outcome.moved.push(id);
      else if (sold.length) await env.DB.batch(soldStatements(env.DB, file, -1));
    } catch (error) {
      if (error instanceof KilledRun) throw error;
      // The claim stays: the sweep frees it (and deletes a file it may have left) after STALE_CLAIM_MS.
      log.error('archiving an order failed', { orderId: id, error });
      outcome.failed.push(id);
    }
  }
  return outcome;
}

class KilledRun extends Error {
  constructor() {
    super('archive run killed (test)');
  }
}

/**
 * The core's count of what a file's order sold (SOLD_SQL's rows, from the file instead of a join),
 * taken (+1) or given back (-1), for an order in a shard other than the core.
 */
function soldStatements(core: D1Database, file: ColdOrderFile, delta: 1 | -1): D1PreparedStatement[] {
  const skus = soldSkus(file.tables);
  if (!skus.length) return [];
  if (delta < 0)
    return [
      core
        .prepare(
          'UPDATE archived_sales SET orders = orders - 1 WHERE sku_id IN (SELECT value FROM json_each(?)) AND orders > 0',
        )
        .bind(JSON.stringify(skus)),
    ];
  const lines = file.tables.order_items.map((r) => [r.sku_id, r.product_id]);
  const gifts = file.tables.order_promotions.filter((p) => p.gift_sku_id !== null).map((p) => p.gift_sku_id);
  return [
    core
      .prepare(
        `INSERT INTO archived_sales (sku_id, product_id, orders)
         SELECT sku_id, product_id, 1 FROM (SELECT value ->> 0 AS sku_id, value ->> 1 AS product_id FROM json_each(?1)
           UNION SELECT id, product_id FROM skus WHERE id IN (SELECT value FROM json_each(?2))) WHERE 1 ${SOLD_UPSERT}`,
      )
      .bind(JSON.stringify(lines), JSON.stringify(gifts)),
  ];
}

/** The order's row and its moving rows as one file (null when the order is gone). Staff names are the
 * core's (`core`, when `db` is another shard). */
async function readOrderFile(
  db: D1Database,
  id: number,
  now: number,
  core: D1Database = db,
): Promise<ColdOrderFile | null> {
  const staffSql = 'SELECT id, name FROM staff WHERE id IN (SELECT staff_id FROM order_events WHERE order_id = ?1)';
  const apart = core !== db;
  const [order, refunds, staffHere, ...tables] = await db.batch([
    db.prepare('SELECT * FROM orders WHERE id = ?1').bind(id),
    db.prepare('SELECT * FROM refunds WHERE order_id = ?1 ORDER BY id').bind(id),
    apart
      ? db
          .prepare('SELECT DISTINCT staff_id AS id FROM order_events WHERE order_id = ?1 AND staff_id IS NOT NULL')
          .bind(id)
      : db.prepare(staffSql).bind(id),
    ...COLD_TABLES.map((t) => db.prepare(t.select).bind(id)),
  ]);
  const row = order!.results[0] as Record<string, unknown> | undefined;
  if (!row) return null;
  const staffIds = (staffHere!.results as { id: number }[]).map((s) => s.id);
  const staff =
    apart && staffIds.length
      ? await core
          .prepare('SELECT id, name FROM staff WHERE id IN (SELECT value FROM json_each(?))')
          .bind(JSON.stringify(staffIds))
          .all()
      : apart
        ? { results: [] }
        : staffHere!;
  return {
    format: COLD_FORMAT,
    version: COLD_VERSION,
    order_id: id,
    archived_at: now,
    order: row,
    refunds: refunds!.results as Record<string, unknown>[],
    tables: Object.fromEntries(COLD_TABLES.map((t, i) => [t.name, tables[i]!.results])) as ColdOrderFile['tables'],
    staff_names: Object.fromEntries((staff!.results as { id: number; name: string }[]).map((s) => [s.id, s.name])),
  };
}

/**
 * Files no row reads any more: a claim older than STALE_CLAIM_MS that never committed, and an order
 * brought back (its rows hot again). The files go from both buckets, then the row forgets the name.
 */
export async function sweepStale(
  env: ArchiveEnv,
  now: number,
  limit = 100,
  /** The order shard to sweep (the core, shard 0, by default). */
  db: D1Database = env.DB,
): Promise<number> {
  const { results } = await db
    .prepare(
      `SELECT id, archive_key FROM orders INDEXED BY orders_archive_stale
     WHERE archived_at IS NULL AND archive_key IS NOT NULL LIMIT ?`,
    )
    .bind(limit)
    .all<{ id: number; archive_key: string }>();
  const stale = results.filter(
    (r) => r.archive_key.endsWith(BACK_MARK) || claimTime(r.archive_key) < now - STALE_CLAIM_MS,
  );
  if (!stale.length) return 0;
  const keys = stale.map((r) => fileOf(r.archive_key));
  await env.ARCHIVE.delete(keys);
  await env.BACKUPS.delete(keys.map(backupCopyKey));
  await db.batch(
    stale.map((r) =>
      db
        .prepare('UPDATE orders SET archive_key = NULL WHERE id = ? AND archive_key = ? AND archived_at IS NULL')
        .bind(r.id, r.archive_key),
    ),
  );
  return stale.length;
}
