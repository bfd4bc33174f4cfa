// Bringing a cold order back (decision 60): before anything writes to an archived order (a refund, the
// erasure of its shopper's account), its rows return to D1 from its file, the row forgets it was
// archived, and the file is deleted from both buckets. The next archive run moves it again once it
// has been quiet for ARCHIVE_AFTER_DAYS. An order a run has claimed but not committed has its claim
// voided instead (the run's commit then changes nothing), and the sweep deletes the file it may write.
//
// An order in another order shard (decision 61) comes back in its shard (`db`, the shard the caller
// routed to); the catalogue's count of archived sales is the core's, given back after the shard's
// batch says the order is hot again (a failure between leaves the count one high: a SKU counted as sold
// stays undeletable, the safe side).
import type { Keyring } from '../lib/keyring';
import { type ArchiveEnv, BACK_MARK, sweepStale, VOID_MARK } from './move';
import { type ColdPointer, coldReader, isCold } from './read';
import { COLD_TABLES, soldSkus } from './tables';

/** Hot again: every order of `ids` that was archived (or claimed) is hot when this returns. */
export async function bringBack(
  env: ArchiveEnv,
  ring: Keyring | null,
  ids: readonly number[],
  now = Date.now(),
  /** The order shard holding the orders (the core, shard 0, by default). */
  db: D1Database = env.DB,
) {
  if (!ids.length) return 0;
  const apart = db !== env.DB;
  const marks = ids.map(() => '?').join(', ');
  const { results } = await db
    .prepare(
      `SELECT id, archived_at, archive_key, archive_wrapped_key, archive_iv, archive_key_version FROM orders
     WHERE id IN (${marks}) AND (archived_at IS NOT NULL OR archive_key NOT LIKE '%#%')`,
    )
    .bind(...ids)
    .all<ColdPointer>();
  if (!results.length) return 0;
  const reader = coldReader(env, ring);
  const statements: D1PreparedStatement[] = [];
  /** In another shard: the core's statements for each order, sent once its shard's batch brought it back. */
  const sales: { at: number; statements: D1PreparedStatement[] }[] = [];
  for (const o of results) {
    if (!isCold(o)) {
      // Claimed by a run in progress: void the claim (the key's claim time is kept for the sweep).
      statements.push(
        db
          .prepare(
            `UPDATE orders SET archive_key = archive_key || '${VOID_MARK}' WHERE id = ? AND archive_key = ? AND archived_at IS NULL`,
          )
          .bind(o.id, o.archive_key),
      );
      continue;
    }
    const file = (await reader.file(o))!;
    // Parents before children (payments before their outcomes); a row still hot is left as it is.
    for (const table of [...COLD_TABLES].sort((a, b) => rank(a.name) - rank(b.name))) {
      for (const row of file.tables[table.name]) {
        const columns = Object.keys(row);
        statements.push(
          db
            .prepare(
              `INSERT OR IGNORE INTO ${table.name} (${columns.join(', ')}) SELECT ${columns.map(() => '?').join(', ')}
             WHERE EXISTS (SELECT 1 FROM orders WHERE id = ? AND archived_at = ?)`,
            )
            .bind(...columns.map((c) => row[c] ?? null), o.id, o.archived_at),
        );
      }
    }
    // Its lines are hot again: the catalogue's count of archived sales gives this order back.
    if (apart) {
      const skus = soldSkus(file.tables);
      if (skus.length)
        sales.push({
          at: statements.length,
          statements: skus.map((sku) =>
            env.DB.prepare('UPDATE archived_sales SET orders = orders - 1 WHERE sku_id = ? AND orders > 0').bind(sku),
          ),
        });
    } else
      for (const sku of soldSkus(file.tables)) {
        statements.push(
          env.DB.prepare(
            `UPDATE archived_sales SET orders = orders - 1 WHERE sku_id = ? AND orders > 0
             AND EXISTS (SELECT 1 FROM orders WHERE id = ? AND archived_at = ?)`,
          ).bind(sku, o.id, o.archived_at),
        );
      }
    // Last: the row is hot again; its archive_key stays until the sweep has deleted the file.
    statements.push(
      db
        .prepare(
          `UPDATE orders SET archived_at = NULL, archive_wrapped_key = NULL, archive_iv = NULL, archive_key_version = NULL,
           archived_products = NULL, archive_key = archive_key || '${BACK_MARK}' WHERE id = ? AND archived_at = ?`,
        )
        .bind(o.id, o.archived_at),
    );
  }
  const done = await db.batch(statements);
  // Another shard: the core's counts, for the orders whose row this batch made hot (its last statement).
  const counts = sales.flatMap((s) => (done[s.at]!.meta.changes === 1 ? s.statements : []));
  if (counts.length) await env.DB.batch(counts);
  // The files of the orders now hot: deleted at once; voided claims' after STALE_CLAIM_MS (a run may
  // still be writing theirs).
  await sweepStale(env, now, 100, db);
  return results.length;
}

const rank = (name: string) => (name === 'payments' ? 0 : 1);
