// The e-invoice reports' queue (shop-e-invoice-reports, binding E_INVOICE_REPORTS, api/wrangler.toml) and
// its cron (issue 75, decision 75's reporting amendment). A message names a stamp's unit, never a
// document: the consumer drains that unit's chain in order (report.ts), so messages that arrive twice,
// late or together are harmless (one run holds the unit's claim; the others find nothing to do). The
// minute cron is what cannot be lost: it sends a message whenever a signed document's back-off is over
// and no run holds its unit, so a message lost in a crash or a redeploy costs a minute, not a report.
import { stampInUse } from '../e-invoice-stamp';
import { zatcaFor } from '../e-invoices/zatca';
import { apiConfig } from '../lib/config';
import { log } from '../lib/log';
import { reportWarning } from '#shared/observability/report-error';
import { reportingAttention } from './attention';
import { mailOwners } from './owner-mail';
import { unitHasDue } from './records';
import { type ReportingEnv, reportUnit } from './report';

interface ReportMessage {
  kind: 'report-e-invoices';
  unit: string;
}

type QueueEnv = ReportingEnv & { E_INVOICE_REPORTS?: Queue };

function isReportMessage(value: unknown): value is ReportMessage {
  const m = value as Partial<ReportMessage> | null;
  return !!m && m.kind === 'report-e-invoices' && typeof m.unit === 'string' && m.unit.length > 0;
}

/** Asks for a reporting run of `unit` (the cron every minute, a run that stopped with a full batch). */
async function requestReporting(env: QueueEnv, unit: string): Promise<void> {
  if (!env.E_INVOICE_REPORTS) {
    log.warn('e-invoice reports: queue not bound', { unit });
    return;
  }
  await env.E_INVOICE_REPORTS.send({ kind: 'report-e-invoices', unit } satisfies ReportMessage, {
    contentType: 'json',
  });
}

/** The consumer: one run per unit named in the batch, with the stamp in use's CSID (none for another unit). */
export async function consumeReports(batch: MessageBatch<unknown>, env: ApiEnv): Promise<void> {
  const units = new Set(
    batch.messages
      .map((m) => m.body)
      .filter(isReportMessage)
      .map((m) => m.unit),
  );
  const stamp = await stampInUse(env);
  const zatca = zatcaFor(apiConfig(env).ZATCA_ENVIRONMENT, env.DB);
  for (const unit of units) {
    const run = await reportUnit(env, unit, {
      credentials: unit === stamp.unit ? stamp.reporting : null,
      report: zatca.report,
    });
    if (run.stop !== 'done') log.info('e-invoice reports', { unit, ...run });
    // A full batch: the rest now. A fault or a back-off: the cron sends the unit again once it is due.
    if (run.stop === 'more') await requestReporting(env, unit);
  }
  batch.ackAll();
}

/** The cron's part, every minute: the unit in use asked for when it has something due and nobody runs it. */
export async function enqueueDueReports(env: ApiEnv, now = Date.now()): Promise<boolean> {
  const stamp = await stampInUse(env);
  if (!stamp.reporting) return false;
  const held = await env.DB.prepare('SELECT 1 AS held FROM e_invoice_report_claims WHERE unit = ? AND until > ?')
    .bind(stamp.unit, now)
    .first();
  if (held || !(await unitHasDue(env, stamp.unit, now))) return false;
  await requestReporting(env, stamp.unit);
  return true;
}

/** The minute of each hour the alert runs (apart from the other hourly jobs). */
export const E_INVOICE_ALERT_MINUTE = 25;

/**
 * The hourly alert while documents wait too long or for a stamp: an error line in Workers Logs and a
 * warning in Sentry for whoever is on call (docs/operating/monitoring.md), a mail to each owner (once a
 * Gulf day, owner-mail.ts); the back office's E-invoices page says the same at its top.
 */
export async function alertWaitingReports(env: ApiEnv, now = Date.now(), hasCredentials?: boolean): Promise<boolean> {
  const credentials = hasCredentials ?? (await stampInUse(env)).reporting !== null;
  const attention = await reportingAttention(env, now, credentials);
  if (attention.overdue === 0 && attention.stamp_problem === null) return false;
  log.error('e-invoices waiting to be reported', { ...attention });
  const mailed = await mailOwners(env.DB, attention, apiConfig(env).STAFF_ORIGIN, now);
  if (mailed) log.info('e-invoices waiting: owners told', { mailed });
  reportWarning(apiConfig(env).SENTRY_DSN, 'e-invoices waiting to be reported', {
    overdue: String(attention.overdue),
    stamp_problem: attention.stamp_problem ?? 'none',
  });
  return true;
}
