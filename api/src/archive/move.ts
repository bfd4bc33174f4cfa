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
import { log } from '../lib/log';
import { type ColdOrderFile, COLD_FORMAT, COLD_VERSION, coldKey, sealCold } from './file';
import { backupCopyKey } from './read';
import { ARCHIVE_AFTER_MS, COLD_TABLES, DUE_SQL, SOLD_SQL, SOLD_UPSERT } from './tables';
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
export const claimTime = (key: string) => Number(/\.(\d+)\.json\.gz\.sealed(#\w+)?$/.exec(key)?.[1] ?? 0);

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
  const swept = await sweepStale(env, now);
  const { results: due } = await env.DB.prepare(DUE_SQL)
    .bind(now - ARCHIVE_AFTER_MS, limit)
    .all<{ id: number; country: string }>();
  const outcome: ArchiveOutcome = { moved: [], swept, failed: [], behind: due.length >= limit };
  if (!due.length) return outcome;

  // 1. Claim: one conditional update an order; an order another run or a bring-back holds is left.
  const claims = await env.DB.batch(
    due.map(({ id, country }) =>
      env.DB.prepare(
        'UPDATE orders SET archive_key = ?2 WHERE id = ?1 AND archived_at IS NULL AND archive_key IS NULL RETURNING id, archive_key',
      ).bind(id, coldKey(id, country, now)),
    ),
  );
  const claimed = claims.flatMap((r) => r.results as { id: number; archive_key: string }[]);

  let writes = 0;
  for (const { id, archive_key: key } of claimed) {
    try {
      // 2. Write: the rows as they are now (read after the claim, so a bring-back since then voids it).
      const file = await readOrderFile(env.DB, id, now);
      if (!file) continue;
      const sealed = await sealCold(ring, key, file);
      await env.ARCHIVE.put(key, sealed.bytes);
      await env.BACKUPS.put(backupCopyKey(key), sealed.bytes);
      if (dieAfterWrites !== undefined && ++writes >= dieAfterWrites) throw new KilledRun();
      // 3. Commit: archived, and exactly the filed rows deleted, while the claim is still this run's.
      const mine = 'EXISTS (SELECT 1 FROM orders WHERE id = ?1 AND archive_key = ?3 AND archived_at = ?4)';
      const results = await env.DB.batch([
        env.DB.prepare(
          `UPDATE orders SET archived_at = ?2, archive_wrapped_key = ?3, archive_iv = ?4, archive_key_version = ?5,
             archived_products = (SELECT json_group_array(DISTINCT product_id) FROM order_items WHERE order_id = ?1)
           WHERE id = ?1 AND archive_key = ?6 AND archived_at IS NULL`,
        ).bind(id, now, sealed.wrapped_key, sealed.iv, sealed.key_version, key),
        env.DB.prepare(`${SOLD_SQL} AND ${mine} ${SOLD_UPSERT}`).bind(id, null, key, now),
        ...COLD_TABLES.map((t) =>
          env.DB.prepare(`${t.remove} AND ${mine}`).bind(
            id,
            JSON.stringify(file.tables[t.name].map((row) => JSON.stringify(t.key.map((k) => row[k])))),
            key,
            now,
          ),
        ),
      ]);
      if (results[0]!.meta.changes === 1) outcome.moved.push(id);
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

/** The order's row and its moving rows as one file (null when the order is gone). */
export async function readOrderFile(db: D1Database, id: number, now: number): Promise<ColdOrderFile | null> {
  const [order, refunds, staff, ...tables] = await db.batch([
    db.prepare('SELECT * FROM orders WHERE id = ?1').bind(id),
    db.prepare('SELECT * FROM refunds WHERE order_id = ?1 ORDER BY id').bind(id),
    db
      .prepare('SELECT id, name FROM staff WHERE id IN (SELECT staff_id FROM order_events WHERE order_id = ?1)')
      .bind(id),
    ...COLD_TABLES.map((t) => db.prepare(t.select).bind(id)),
  ]);
  const row = order!.results[0] as Record<string, unknown> | undefined;
  if (!row) return null;
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
export async function sweepStale(env: ArchiveEnv, now: number, limit = 100): Promise<number> {
  const { results } = await env.DB.prepare(
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
  await env.DB.batch(
    stale.map((r) =>
      env.DB.prepare(
        'UPDATE orders SET archive_key = NULL WHERE id = ? AND archive_key = ? AND archived_at IS NULL',
      ).bind(r.id, r.archive_key),
    ),
  );
  return stale.length;
}
