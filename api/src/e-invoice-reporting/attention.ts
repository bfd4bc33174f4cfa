// What the owner must hear about Saudi e-invoice reporting (issue 75): documents ZATCA has not answered
// 12 hours after their sale (the law gives 24), documents that wait for a stamp (none onboarded, or ZATCA
// refused our CSID: expired or revoked), and how many ZATCA refused or answered with warnings. Read by
// the owner's list (the back office) and by the hourly alert of the cron (queue.ts).
import { type DatabaseEnv, orderShards } from '../db/databases';

const OVERDUE_MS = 12 * 3_600_000;

export interface ReportingAttention {
  /** Not answered by ZATCA (or not signed) 12 hours or more after the sale. */
  overdue: number;
  /** The oldest unanswered document's issue (or request) time, null when none waits. */
  oldest_waiting_at: number | null;
  pending: number;
  /** Why documents cannot go now: no production CSID, ZATCA refused ours, or the stamp cannot sign. */
  stamp_problem: 'no-csid' | 'csid-refused' | 'cannot-sign' | null;
  refused: number;
  warnings: number;
}

interface Counts {
  overdue: number | null;
  oldest: number | null;
  pending: number | null;
  unsigned: number | null;
  credentials_refused: number | null;
  refused: number | null;
  warnings: number | null;
}

export async function reportingAttention(
  env: DatabaseEnv,
  now: number,
  hasCredentials: boolean,
): Promise<ReportingAttention> {
  const shards = await orderShards(env);
  const all = await Promise.all(
    shards.map((s) =>
      s.db
        .prepare(
          `SELECT
             SUM(report_status = 'pending' AND COALESCE(issued_at, requested_at) <= ?1) AS overdue,
             MIN(CASE WHEN report_status = 'pending' THEN COALESCE(issued_at, requested_at) END) AS oldest,
             SUM(report_status = 'pending') AS pending,
             SUM(report_status = 'pending' AND state = 'waiting') AS unsigned,
             SUM(report_status = 'pending' AND report_messages LIKE '%"code":"credentials"%') AS credentials_refused,
             SUM(report_status = 'refused') AS refused,
             SUM(report_status = 'warning') AS warnings
           FROM e_invoices`,
        )
        .bind(now - OVERDUE_MS)
        .first<Counts>(),
    ),
  );
  const sum = (k: keyof Counts) => all.reduce((n, c) => n + (c?.[k] ?? 0), 0);
  const oldest = all.map((c) => c?.oldest).filter((v): v is number => typeof v === 'number');
  const pending = sum('pending');
  const signedPending = pending - sum('unsigned');
  return {
    overdue: sum('overdue'),
    oldest_waiting_at: oldest.length ? Math.min(...oldest) : null,
    pending,
    stamp_problem:
      signedPending > 0 && !hasCredentials
        ? 'no-csid'
        : sum('credentials_refused') > 0
          ? 'csid-refused'
          : sum('unsigned') > 0
            ? 'cannot-sign'
            : null,
    refused: sum('refused'),
    warnings: sum('warnings'),
  };
}
