// Gateway refunds that settle later (issue 14 follow-up). Tap may answer a refund PENDING; the refund
// row then counts as refunded until the gateway says otherwise. Three ways to hear:
//   - the gateway's webhook (routes/payments.ts): signature checked, then the refund fetched from the
//     gateway itself, whose status (not the webhook's) decides, as for charges (confirm.ts);
//   - the sweep (the cron): refunds still pending after REFUND_PENDING_AFTER_MS are asked about, each
//     again at most every REFUND_RECHECK_MS;
//   - locally, a tester settling a sandbox refund from the staff order page.
// A refund settles once (refund_events, migration 0031): succeeded, or failed, when it stops counting
// in what was refunded (the staff page shows it failed and offers another refund).
import type { StaffMember } from '../staff/sessions';
import { auditStatement } from '../staff/audit';
import { log } from '../lib/log';
import type { Gateway, RefundReport } from './gateway';

export const REFUND_PENDING_AFTER_MS = 6 * 60 * 60 * 1000;
export const REFUND_RECHECK_MS = 60 * 60 * 1000;

export type RefundSource = 'webhook' | 'sweep' | 'sandbox';

export type RefundSettlement =
  | { ok: true; applied: boolean; refundId: number; status: RefundReport['status'] }
  | { ok: false; reason: 'unknown_refund' | 'mismatch' | 'unavailable' };

interface PendingRow {
  id: number;
  order_id: number;
  amount: number;
  currency: string;
  status: RefundReport['status'];
  provider_ref: string | null;
  country: string;
}

/**
 * Records what the gateway says of a refund, once. With `confirm`, the refund is first fetched from
 * the gateway (when it can be asked) and must be the same refund, amount and currency.
 */
export async function settleRefund(
  db: D1Database,
  gateway: Gateway,
  claimed: RefundReport,
  source: RefundSource,
  options: { confirm: boolean; staff?: Pick<StaffMember, 'id'> | null },
): Promise<RefundSettlement> {
  const row = await db
    .prepare(
      `SELECT r.id, r.order_id, r.amount, r.currency, r.status, r.provider_ref, o.country
       FROM refunds r JOIN orders o ON o.id = r.order_id
       WHERE r.method = 'gateway' AND (r.provider_ref = ?1 OR (r.provider_ref IS NULL AND r.id = ?2))`,
    )
    .bind(claimed.providerRef, claimed.refundId ?? -1)
    .first<PendingRow>();
  if (!row) return { ok: false, reason: 'unknown_refund' };
  let report = claimed;
  if (options.confirm && gateway.fetchRefund) {
    let fetched: RefundReport | null;
    try {
      fetched = await gateway.fetchRefund(claimed.providerRef);
    } catch (error) {
      log.error('payment gateway unreachable while confirming a refund', { refundId: row.id, error });
      return { ok: false, reason: 'unavailable' };
    }
    if (!fetched || fetched.providerRef !== claimed.providerRef) return { ok: false, reason: 'mismatch' };
    report = fetched;
  }
  if (report.amount !== row.amount || report.currency !== row.currency) return { ok: false, reason: 'mismatch' };
  if (report.status === 'pending' || row.status !== 'pending') {
    if (row.status === 'succeeded' && report.status === 'failed')
      log.error('gateway reports a refund failed that was recorded as succeeded', { refundId: row.id });
    return { ok: true, applied: false, refundId: row.id, status: row.status };
  }
  const now = Date.now();
  try {
    await db.batch([
      // First: a second settlement of the same refund (a repeated webhook, the sweep) aborts here.
      db
        .prepare('INSERT INTO refund_events (refund_id, outcome, source, created_at) VALUES (?, ?, ?, ?)')
        .bind(row.id, report.status, source, now),
      db
        .prepare(
          "UPDATE refunds SET status = ?, provider_ref = coalesce(provider_ref, ?), updated_at = ? WHERE id = ? AND status = 'pending'",
        )
        .bind(report.status, report.providerRef, now, row.id),
      auditStatement(db, options.staff ?? null, {
        action: report.status === 'failed' ? 'order.refund_failed' : 'order.refund_settled',
        resource: 'order',
        resourceId: row.order_id,
        country: row.country,
        before: { refund_id: row.id, status: 'pending' },
        after: { refund_id: row.id, status: report.status, provider_ref: report.providerRef, source },
      }),
    ]);
  } catch (error) {
    if (/refund_events/.test(String(error))) return { ok: true, applied: false, refundId: row.id, status: row.status };
    throw error;
  }
  return { ok: true, applied: true, refundId: row.id, status: report.status };
}

/** The cron's sweep: asks the gateway about refunds pending for hours. Answers how many settled. */
export async function sweepPendingRefunds(db: D1Database, gateway: Gateway, now = Date.now()): Promise<number> {
  if (!gateway.fetchRefund) return 0;
  const { results } = await db
    .prepare(
      `SELECT id, provider_ref FROM refunds
       WHERE status = 'pending' AND method = 'gateway' AND provider_ref IS NOT NULL AND created_at < ? AND updated_at < ?
       ORDER BY updated_at LIMIT 20`,
    )
    .bind(now - REFUND_PENDING_AFTER_MS, now - REFUND_RECHECK_MS)
    .all<{ id: number; provider_ref: string }>();
  let settled = 0;
  for (const { id, provider_ref } of results) {
    let report: RefundReport | null;
    try {
      report = await gateway.fetchRefund(provider_ref);
    } catch (error) {
      log.warn('payment gateway unreachable while sweeping refunds', { refundId: id, error });
      continue;
    }
    if (report && report.status !== 'pending') {
      const result = await settleRefund(db, gateway, report, 'sweep', { confirm: false });
      if (result.ok && result.applied) {
        settled++;
        continue;
      }
      if (!result.ok) log.error('refund sweep: the gateway reports another refund', { refundId: id, ...result });
    } else if (!report) log.error('refund sweep: the gateway does not know the refund', { refundId: id });
    // Still pending (or unanswerable): asked again after REFUND_RECHECK_MS.
    await db.prepare("UPDATE refunds SET updated_at = ? WHERE id = ? AND status = 'pending'").bind(now, id).run();
  }
  return settled;
}
