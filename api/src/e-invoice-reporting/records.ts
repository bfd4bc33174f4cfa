// The shop's e-invoice rows (table e_invoices, migration 0084) as reporting reads and writes them
// (issue 75, decision 75's reporting amendment). A document's row is in the database of its order's
// shard (core holds shard 0 and every booking), so reporting looks a unit's documents up in every
// order database at once, and writes ZATCA's answer only over a row still 'pending': a second writer
// (a run that resent after a crash) changes nothing, so an answer is stored once.
import type { ZatcaMessage } from '../e-invoices/zatca/answers';
import { type DatabaseEnv, orderShards } from '../db/databases';

export type ReportStatus = 'pending' | 'reported' | 'warning' | 'refused';

export interface ReportRow {
  key: string;
  report_status: ReportStatus;
  report_attempts: number;
  next_report_at: number | null;
}

export interface LocatedRow {
  db: D1Database;
  row: ReportRow;
}

/** The rows of `keys`, wherever their order lives. */
export async function locateRows(env: DatabaseEnv, keys: string[]): Promise<Map<string, LocatedRow>> {
  const found = new Map<string, LocatedRow>();
  if (keys.length === 0) return found;
  const shards = await orderShards(env);
  const answers = await Promise.all(
    shards.map((s) =>
      s.db
        .prepare(
          `SELECT key, report_status, report_attempts, next_report_at FROM e_invoices
           WHERE state = 'signed' AND key IN (SELECT value FROM json_each(?))`,
        )
        .bind(JSON.stringify(keys))
        .all<ReportRow>(),
    ),
  );
  answers.forEach((a, i) => {
    for (const row of a.results) found.set(row.key, { db: shards[i]!.db, row });
  });
  return found;
}

/** The wait before try n+1 after n transient faults: 1, 2, 4 … minutes, at most an hour. */
function backoffMs(attempts: number): number {
  return Math.min(60_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);
}

/** ZATCA's verdict on a document, stored with its row once. */
export async function storeVerdict(
  db: D1Database,
  key: string,
  status: Exclude<ReportStatus, 'pending'>,
  messages: ZatcaMessage[],
  now: number,
): Promise<boolean> {
  const r = await db
    .prepare(
      `UPDATE e_invoices SET report_status = ?, report_attempts = report_attempts + 1, next_report_at = NULL,
         report_messages = ?, reported_at = ? WHERE key = ? AND report_status = 'pending'`,
    )
    .bind(status, messages.length ? JSON.stringify(messages) : null, now, key)
    .run();
  return r.meta.changes > 0;
}

/**
 * A transient fault: the document stays pending, counts the try and waits its back-off. The reason is
 * kept as one message of type RETRY (code `credentials` when ZATCA refused our CSID, 401/403: the owner
 * must renew or onboard) so the owner's list says why it waits.
 */
export async function storeRetry(db: D1Database, row: ReportRow, reason: string, now: number): Promise<number> {
  const attempts = row.report_attempts + 1;
  const wait = backoffMs(attempts);
  const message: ZatcaMessage = {
    type: 'RETRY',
    code: /refused our credentials/.test(reason) ? 'credentials' : 'unavailable',
    category: '',
    message: reason,
    status: 'RETRY',
  };
  await db
    .prepare(
      `UPDATE e_invoices SET report_attempts = ?, next_report_at = ?, report_messages = ?
       WHERE key = ? AND report_status = 'pending'`,
    )
    .bind(attempts, now + wait, JSON.stringify([message]), row.key)
    .run();
  return wait;
}

/** Whether the unit has a signed document ZATCA has not answered whose back-off is over, in any database. */
export async function unitHasDue(env: DatabaseEnv, unit: string, now: number): Promise<boolean> {
  const shards = await orderShards(env);
  const answers = await Promise.all(
    shards.map((s) =>
      s.db
        .prepare(
          `SELECT 1 AS due FROM e_invoices WHERE state = 'signed' AND report_status = 'pending' AND unit = ?
             AND (next_report_at IS NULL OR next_report_at <= ?) LIMIT 1`,
        )
        .bind(unit, now)
        .first<{ due: number }>(),
    ),
  );
  return answers.some(Boolean);
}
