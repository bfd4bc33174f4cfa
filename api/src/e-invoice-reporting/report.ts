// Reporting a stamp's signed documents to ZATCA (issue 75, decision 75's reporting amendment). One run
// per unit at a time (a claim in core, migration 0086) sends the chain's unanswered documents in ICV
// order, one after the other: a document is sent only once the one before it has ZATCA's verdict, so
// document 5 never reaches ZATCA before 4 (which a chain check would refuse as a gap). A transient fault
// (5xx, 429, timeout, our CSID refused) stops the run: the document keeps its place and waits its
// back-off, the ones after it wait behind it. A refusal is a verdict: it is stored, and the next
// document goes on (a refusal never holds the shop up). The credentials are an argument, so tests pass
// a CSID they obtained from the local stand-in and production passes stampInUse's.
import type { ChainDocument, EInvoiceChain } from '../e-invoice-chain/chain';
import type { ReportOutcome } from '../e-invoices/zatca/answers';
import type { Credentials, Submission } from '../e-invoices/zatca/client';
import type { DatabaseEnv } from '../db/databases';
import { locateRows, storeRetry, storeVerdict } from './records';

export type ReportingEnv = DatabaseEnv & { E_INVOICE_CHAINS: DurableObjectNamespace<EInvoiceChain> };

export interface ReportingDeps {
  /** The production CSID; null: not onboarded, nothing is sent, the documents wait. */
  credentials: Credentials | null;
  /** The adapter's report (api/src/e-invoices/zatca/), or a test's. */
  report: (credentials: Credentials, submission: Submission) => Promise<ReportOutcome>;
  now?: () => number;
  /** Documents one run takes from the chain; a full batch asks for another run. */
  batch?: number;
}

type Stop =
  | 'done'
  | 'claimed-elsewhere'
  | 'no-credentials'
  | 'retry'
  | 'waiting-back-off'
  | 'no-record'
  | 'claim-lost'
  | 'more';

export interface UnitRun {
  stop: Stop;
  /** Verdicts stored by this run. */
  answered: number;
  /** After 'retry' or 'waiting-back-off': when to try again, ms from now. */
  retryInMs?: number;
}

/** Longer than a run's worst case (a batch of ZATCA's 20-second timeouts is renewed per document). */
const CLAIM_MS = 5 * 60_000;

const chainOf = (env: ReportingEnv, unit: string) => env.E_INVOICE_CHAINS.get(env.E_INVOICE_CHAINS.idFromName(unit));

async function claim(db: D1Database, unit: string, holder: string, now: number): Promise<boolean> {
  const r = await db
    .prepare(
      `INSERT INTO e_invoice_report_claims (unit, holder, until) VALUES (?1, ?2, ?3)
       ON CONFLICT (unit) DO UPDATE SET holder = excluded.holder, until = excluded.until
       WHERE e_invoice_report_claims.until <= ?4`,
    )
    .bind(unit, holder, now + CLAIM_MS, now)
    .run();
  return r.meta.changes > 0;
}

async function renew(db: D1Database, unit: string, holder: string, now: number): Promise<boolean> {
  const r = await db
    .prepare('UPDATE e_invoice_report_claims SET until = ? WHERE unit = ? AND holder = ?')
    .bind(now + CLAIM_MS, unit, holder)
    .run();
  return r.meta.changes > 0;
}

const verdictOf = (o: Exclude<ReportOutcome, { kind: 'retry' }>) =>
  o.kind === 'reported'
    ? { status: 'reported' as const, messages: [] }
    : o.kind === 'reported-with-warnings'
      ? { status: 'warning' as const, messages: o.warnings }
      : { status: 'refused' as const, messages: [...o.errors, ...o.warnings] };

/** Sends what the unit's chain has not reported yet, in order, until done, a fault or the batch's end. */
export async function reportUnit(env: ReportingEnv, unit: string, deps: ReportingDeps): Promise<UnitRun> {
  const now = deps.now ?? Date.now;
  if (!deps.credentials) return { stop: 'no-credentials', answered: 0 };
  const holder = crypto.randomUUID();
  if (!(await claim(env.DB, unit, holder, now()))) return { stop: 'claimed-elsewhere', answered: 0 };
  try {
    return await drain(env, unit, holder, deps.credentials, deps, now);
  } finally {
    await env.DB.prepare('DELETE FROM e_invoice_report_claims WHERE unit = ? AND holder = ?').bind(unit, holder).run();
  }
}

async function drain(
  env: ReportingEnv,
  unit: string,
  holder: string,
  credentials: Credentials,
  deps: ReportingDeps,
  now: () => number,
): Promise<UnitRun> {
  const chain = chainOf(env, unit);
  const batch = deps.batch ?? 20;
  const documents: ChainDocument[] = await chain.unreported(batch);
  if (documents.length === 0) return { stop: 'done', answered: 0 };
  const rows = await locateRows(
    env,
    documents.map((d) => d.key),
  );
  let answered = 0;
  for (const doc of documents) {
    const found = rows.get(doc.key);
    // Signed, but the sale has not written its row yet (it does after the chain answers): the answer
    // would have nowhere to go; it waits, and the documents after it too (the chain's order).
    if (!found) return { stop: 'no-record', answered };
    const { db, row } = found;
    if (row.report_status !== 'pending') {
      // Answered and stored by a run that died before telling the chain: tell it now, send nothing.
      await chain.settle(doc.key, row.report_status);
      continue;
    }
    const t = now();
    if (row.next_report_at !== null && row.next_report_at > t)
      return { stop: 'waiting-back-off', answered, retryInMs: row.next_report_at - t };
    if (!(await renew(env.DB, unit, holder, t))) return { stop: 'claim-lost', answered };
    const outcome = await deps.report(credentials, { invoiceHash: doc.invoiceHash, uuid: doc.uuid, xml: doc.xml });
    if (outcome.kind === 'retry') {
      const wait = await storeRetry(db, row, outcome.reason, now());
      return { stop: 'retry', answered, retryInMs: wait };
    }
    const verdict = verdictOf(outcome);
    // Stored with the row first: a crash before settle() leaves the chain saying 'signed', and the next
    // run settles it from the row above without sending it again.
    if (await storeVerdict(db, doc.key, verdict.status, verdict.messages, now())) answered++;
    await chain.settle(doc.key, verdict.status);
  }
  return { stop: documents.length === batch ? 'more' : 'done', answered };
}
