// The owner's list of Saudi e-invoices (issue 75): every order database's rows (core holds shard 0 and the
// bookings), newest first, filtered by ZATCA's answer and the Gulf date of issue, with ZATCA's messages.
// A refund's row names its order through the refund. 200 rows at most per database and in all.
import type { EInvoiceFilter, EInvoiceListQuery, EInvoiceRow } from '#shared/api/staff-e-invoice-responses';
import { gulfInstant } from '#shared/blood-tests/slot-rules';
import { type DatabaseEnv, orderShards } from '../db/databases';

const LIMIT = 200;
const DAY_MS = 86_400_000;

const STATUS_SQL: Record<EInvoiceFilter, string> = {
  attention: "e.report_status IN ('refused', 'warning', 'pending')",
  refused: "e.report_status = 'refused'",
  warning: "e.report_status = 'warning'",
  pending: "e.report_status = 'pending'",
  reported: "e.report_status = 'reported'",
  all: '1 = 1',
};

type Stored = Omit<EInvoiceRow, 'messages'> & { report_messages: string | null };

function messagesOf(text: string | null): EInvoiceRow['messages'] {
  if (!text) return [];
  try {
    const list: unknown = JSON.parse(text);
    return Array.isArray(list) ? (list as EInvoiceRow['messages']) : [];
  } catch {
    return [];
  }
}

export async function listEInvoices(env: DatabaseEnv, q: EInvoiceListQuery): Promise<EInvoiceRow[]> {
  const where = [STATUS_SQL[q.status ?? 'attention']];
  const values: number[] = [];
  if (q.from) where.push('COALESCE(e.issued_at, e.requested_at) >= ?') && values.push(gulfInstant(q.from, 0));
  if (q.to) where.push('COALESCE(e.issued_at, e.requested_at) < ?') && values.push(gulfInstant(q.to, 0) + DAY_MS);
  const shards = await orderShards(env);
  const answers = await Promise.all(
    shards.map((s) =>
      s.db
        .prepare(
          `SELECT e.key, e.kind, COALESCE(e.order_id, r.order_id) AS order_id, e.refund_id, e.booking_ref, e.state,
             e.waiting_reason, e.icv, e.total_minor, o.currency, o.country,
             COALESCE(e.issued_at, e.requested_at) AS at, e.report_status, e.report_attempts, e.next_report_at,
             e.reported_at, e.report_messages
           FROM e_invoices e
           LEFT JOIN refunds r ON r.id = e.refund_id
           LEFT JOIN orders o ON o.id = COALESCE(e.order_id, r.order_id)
           WHERE ${where.join(' AND ')}
           ORDER BY at DESC LIMIT ?`,
        )
        .bind(...values, LIMIT)
        .all<Stored>(),
    ),
  );
  return answers
    .flatMap((a) => a.results)
    .sort((a, b) => b.at - a.at)
    .slice(0, LIMIT)
    .map(({ report_messages, ...row }) => ({ ...row, messages: messagesOf(report_messages) }));
}
