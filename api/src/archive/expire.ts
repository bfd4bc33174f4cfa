// Cold orders past their tax period (issue 60, decision 64): the retention rules (retention/windows.ts)
// empty a hot order's personal fields in D1; a cold order's row here, and its sealed file in R2 (which
// holds a copy of the row, its timeline's notes, its refunds' notes and its payments' numbers), are
// this job's. Each order on its own, in four steps:
//
//   1. read: its file is opened and copied without the personal fields;
//   2. write: the copy is sealed under a new name (coldKey at this run's time: the name is bound into
//      the seal) and put in ARCHIVE and, as the backup's copy, in BACKUPS;
//   3. swap: one D1 batch points the row at the new file, remembers the old name
//      (`archive_replaced_key`), empties the row's personal fields and sets anonymised_at, only while the
//      row still points at the old file (a bring-back or another run since then changes nothing), with
//      its hot rows' notes, gift, links and numbers;
//   4. delete: the old file goes from both buckets, then the row forgets its name (when the swap found
//      the row moved on, the new file goes instead).
//
// A run killed before the swap leaves the order as it was and a copy without personal data nobody reads;
// killed between the swap and the delete, the next run's sweep deletes the old file the row still names
// in `archive_replaced_key`. Bounded: at most `limit` orders a run across the order shards; the cron runs it beside
// the archive run, at the archive's pace, so orders leave their tax period no faster than it clears them.
import { orderShards } from '../db/databases';
import type { Keyring } from '../lib/keyring';
import { log } from '../lib/log';
import {
  GIFT_PERSONAL_SET,
  NOTE_PERSONAL_SET,
  ORDER_PERSONAL_SET,
  PAYMENT_PERSONAL_SET,
  withoutPersonalFields,
} from '../db/personal-fields';
import { forgetCouponKeys } from '../retention/run';
import { PAST_TAX_PERIOD } from '../retention/windows';
import { taxCutoff } from '#shared/data-rights/tax-period';
import { type ColdOrderFile, coldKey, sealCold } from './file';
import type { ArchiveEnv } from './move';
import { backupCopyKey, type ColdPointer, coldReader } from './read';

/** Cold orders past their tax period, oldest first (?1: taxCutoff, ?2: how many). */
const EXPIRED_COLD_SQL = `SELECT o.id, o.country, o.archived_at, o.archive_key, o.archive_wrapped_key, o.archive_iv,
    o.archive_key_version FROM orders o INDEXED BY orders_personal_due
  WHERE ${PAST_TAX_PERIOD} AND o.archived_at IS NOT NULL AND o.archive_key IS NOT NULL
  ORDER BY o.created_at, o.id LIMIT ?2`;

export interface ExpireOutcome {
  /** Cold orders whose row and file no longer name the shopper. */
  anonymised: number[];
  /** Orders whose rewrite failed (tried again next run). */
  failed: number[];
  /** A full batch was due: the cron carries on next time. */
  behind: boolean;
}

/** A cold order's file without what names the shopper: the row's fields, notes and payer numbers. */
function withoutPersonalData(file: ColdOrderFile, now: number): ColdOrderFile {
  return {
    ...file,
    order: { ...withoutPersonalFields(file.order), anonymised_at: now },
    refunds: file.refunds.map((r) => ({ ...r, note: null })),
    tables: {
      ...file.tables,
      order_events: file.tables.order_events.map((e) => ({ ...e, note: null })),
      payments: file.tables.payments.map((p) => ({ ...p, payer_phone: null })),
    },
  };
}

export async function expireColdOrders(
  env: ArchiveEnv,
  ring: Keyring,
  {
    now = Date.now(),
    limit = 40,
    dieAfterSwaps,
  }: {
    now?: number;
    limit?: number;
    /** Tests only: throws after this many swaps, before their old files are deleted (a run killed there). */
    dieAfterSwaps?: number;
  } = {},
): Promise<ExpireOutcome> {
  const outcome: ExpireOutcome = { anonymised: [], failed: [], behind: false };
  const killed = { swaps: 0, after: dieAfterSwaps };
  for (const shard of await orderShards(env)) {
    const db = shard.db;
    await sweepReplaced(env, db);
    const budget = limit - outcome.anonymised.length - outcome.failed.length;
    if (budget <= 0) {
      outcome.behind = true;
      break;
    }
    const { results: due } = await db
      .prepare(EXPIRED_COLD_SQL)
      .bind(taxCutoff(now), budget)
      .all<ColdPointer & { country: string; archive_key: string }>();
    outcome.behind ||= due.length >= budget;
    const reader = coldReader(env, ring);
    const done: number[] = [];
    for (const o of due) {
      try {
        if (await expireOne(env, db, ring, reader, o, now, killed)) done.push(o.id);
      } catch (error) {
        if (error instanceof KilledRun) throw error;
        log.error('anonymising a cold order failed', { orderId: o.id, shard: shard.id, error });
        outcome.failed.push(o.id);
      }
    }
    outcome.anonymised.push(...done);
    // The core's coupon keys of these orders (a guest's names her e-mail).
    await forgetCouponKeys(env.DB, done).catch((error: unknown) =>
      log.error('coupon keys of anonymised orders not rewritten', { shard: shard.id, orders: done, error }),
    );
  }
  return outcome;
}

async function expireOne(
  env: ArchiveEnv,
  db: D1Database,
  ring: Keyring,
  reader: ReturnType<typeof coldReader>,
  o: ColdPointer & { country: string; archive_key: string },
  now: number,
  killed: { swaps: number; after: number | undefined },
): Promise<boolean> {
  // 1. Read.
  const file = (await reader.file(o))!;
  const copy = withoutPersonalData(file, now);
  // 2. Write, under a name of its own (never the old one, even from a run at the same millisecond).
  let key = coldKey(o.id, o.country, now);
  if (key === o.archive_key) key = coldKey(o.id, o.country, now + 1);
  const sealed = await sealCold(ring, key, copy);
  await env.ARCHIVE.put(key, sealed.bytes);
  await env.BACKUPS.put(backupCopyKey(key), sealed.bytes);
  // 3. Swap, while the row still points at the old file; its hot rows follow in the same batch.
  const byOrder = (sql: string) => db.prepare(sql).bind(o.id);
  const [swap] = await db.batch([
    db
      .prepare(
        `UPDATE orders SET ${ORDER_PERSONAL_SET}, anonymised_at = ?1, archive_key = ?2, archive_wrapped_key = ?3,
           archive_iv = ?4, archive_key_version = ?5, archive_replaced_key = ?7
         WHERE id = ?6 AND archive_key = ?7 AND archived_at = ?8 AND anonymised_at IS NULL`,
      )
      .bind(now, key, sealed.wrapped_key, sealed.iv, sealed.key_version, o.id, o.archive_key, o.archived_at),
    byOrder(`UPDATE order_gifts SET ${GIFT_PERSONAL_SET} WHERE order_id = ?`),
    byOrder(`UPDATE order_events SET ${NOTE_PERSONAL_SET} WHERE order_id = ?`),
    byOrder(`UPDATE refunds SET ${NOTE_PERSONAL_SET} WHERE order_id = ?`),
    byOrder(`UPDATE payments SET ${PAYMENT_PERSONAL_SET} WHERE order_id = ?`),
    byOrder('DELETE FROM order_links WHERE order_id = ?'),
  ]);
  // 4. Delete the file nobody reads now.
  const swapped = swap!.meta.changes === 1;
  if (!swapped) {
    await env.ARCHIVE.delete(key);
    await env.BACKUPS.delete(backupCopyKey(key));
    return false;
  }
  if (killed.after !== undefined && ++killed.swaps >= killed.after) throw new KilledRun();
  await forgetReplaced(env, db, o.id, o.archive_key);
  return true;
}

/** The old file of a swap, from both buckets; then the row forgets its name. */
async function forgetReplaced(env: ArchiveEnv, db: D1Database, id: number, old: string) {
  await env.ARCHIVE.delete(old);
  await env.BACKUPS.delete(backupCopyKey(old));
  await db
    .prepare('UPDATE orders SET archive_replaced_key = NULL WHERE id = ? AND archive_replaced_key = ?')
    .bind(id, old)
    .run();
}

/** Old files a killed run swapped away but never deleted (the row still names them). */
async function sweepReplaced(env: ArchiveEnv, db: D1Database, limit = 100) {
  const { results } = await db
    .prepare(
      `SELECT id, archive_replaced_key AS old FROM orders INDEXED BY orders_archive_replaced
       WHERE archive_replaced_key IS NOT NULL LIMIT ?`,
    )
    .bind(limit)
    .all<{ id: number; old: string }>();
  for (const r of results) await forgetReplaced(env, db, r.id, r.old);
}

class KilledRun extends Error {
  constructor() {
    super('cold-order expiry killed (test)');
  }
}
