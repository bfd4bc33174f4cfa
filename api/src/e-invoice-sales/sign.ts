// Signing the recorded e-invoices (issue 75, decision 75): a waiting row of `e_invoices` is given to the
// chain (the EInvoiceChain Durable Object of the stamp in use, the one writer of counters), and the
// document it answers moves the row to signed, with what the printed invoice shows (the phase-2 QR, the
// document's total and VAT) and report_status 'pending' due at once for the reporting queue. The chain is
// idempotent by the row's key, so a crash between its answer and this row's update, two signers at once,
// or the sweep after a request's waitUntil, all end with the one document. A chain that refuses (no
// stamp, an expired certificate) leaves the row waiting with the reason, for the minute cron's sweep.
import { log } from '../lib/log';
import type { EInvoiceChain } from '../e-invoice-chain/chain';
import { stampInUse, type StampInUse } from '../e-invoice-stamp';
import { splitTotal } from '../e-invoices';
import { orderShards } from '../db/databases';
import { orderDebitRecord } from './records';
import { type RecordRow, requestFor } from './requests';

type Waiting = RecordRow & { state: string };

/** The QR's base64 text, as the signed document carries it (its AdditionalDocumentReference QR). */
function qrOf(xml: string): string | null {
  return (
    /<cbc:ID>QR<\/cbc:ID>\s*<cac:Attachment>\s*<cbc:EmbeddedDocumentBinaryObject[^>]*>([^<]+)</.exec(xml)?.[1] ?? null
  );
}

/** Why a row still waits; the chain's refusals, or these. */
type Outcome = 'signed' | 'no-sale' | 'invoice-waiting' | string;

async function signRow(env: ApiEnv, db: D1Database, row: Waiting, stamp: StampInUse): Promise<Outcome> {
  const wait = async (reason: string) => {
    await db
      .prepare("UPDATE e_invoices SET waiting_reason = ? WHERE key = ? AND state = 'waiting'")
      .bind(reason, row.key)
      .run();
    return reason;
  };
  // A credit note follows its invoice in the chain: it waits while the invoice does.
  if (row.kind === 'credit-note') {
    const invoice = await db
      .prepare('SELECT state FROM e_invoices WHERE key = ?')
      .bind(row.invoice_key)
      .first<{ state: string }>();
    if (invoice?.state !== 'signed') return wait('invoice-waiting');
    // An order's card refund the gateway refused before its note was signed gave nothing back: no note,
    // no counter used (a waiting row is not in the chain yet), and no debit note to reverse it. So is a
    // consultation's refused at once before migration 0097 (its amount went to her wallet with a wallet
    // credit note of its own, no refund_events row); one the gateway refused or failed since (a
    // refund_events row) was paid to her wallet by that settlement (payments/refunds.ts), with no other
    // note: this note stays true.
    const refund = await db
      .prepare(
        'SELECT status, order_id, EXISTS (SELECT 1 FROM refund_events e WHERE e.refund_id = r.id) AS settled FROM refunds r WHERE r.id = ?',
      )
      .bind(row.refund_id)
      .first<{ status: string; order_id: number | null; settled: number }>();
    if (refund?.status === 'failed' && (refund.order_id !== null || !refund.settled)) {
      await db.batch([
        db.prepare("DELETE FROM e_invoices WHERE key = ? AND state = 'waiting'").bind(row.key),
        db.prepare("DELETE FROM e_invoices WHERE key = ? AND state = 'waiting'").bind(`debit:${row.key}`),
      ]);
      return 'refund-failed';
    }
  }
  // A debit note follows the credit note it reverses; when that note was dropped unsigned (above), so is this.
  if (row.kind === 'debit-note') {
    const credit = await db
      .prepare('SELECT state FROM e_invoices WHERE key = ?')
      .bind(row.invoice_key)
      .first<{ state: string }>();
    if (!credit) {
      await db.prepare("DELETE FROM e_invoices WHERE key = ? AND state = 'waiting'").bind(row.key).run();
      return 'credit-note-dropped';
    }
    if (credit.state !== 'signed') return wait('credit-note-waiting');
  }
  const request = await requestFor(db, row);
  if (!request) return wait('no-sale');
  const chains = env.E_INVOICE_CHAINS as DurableObjectNamespace<EInvoiceChain>;
  const answer = await chains.get(chains.idFromName(stamp.unit)).issue(request, stamp.material);
  if (!answer.ok) return wait(answer.refusal);
  const doc = answer.document;
  const qr = qrOf(doc.xml);
  if (!qr) throw new Error(`the chain's document for ${row.key} has no QR`);
  // The document's VAT: ZATCA's round(X × rate) of its taxable amount X (amounts.ts), the figure printed.
  const { vat } = splitTotal(request.total, request.vatBasisPoints);
  const stored = await db
    .prepare(
      `UPDATE e_invoices SET state = 'signed', unit = ?, icv = ?, uuid = ?, invoice_hash = ?, qr = ?, total_minor = ?,
         vat_minor = ?, issued_at = ?, waiting_reason = NULL, report_status = 'pending', next_report_at = ?
       WHERE key = ? AND state = 'waiting'`,
    )
    .bind(stamp.unit, doc.icv, doc.uuid, doc.invoiceHash, qr, request.total, vat, doc.issuedAt, doc.issuedAt, row.key)
    .run();
  // A credit note dropped while the chain signed it (its refund failed meanwhile and another signer saw it
  // still waiting): the note is in the chain now, so its row comes back signed and a debit note reverses it.
  if (!stored.meta.changes && row.kind === 'credit-note' && row.order_id !== null && row.refund_id !== null)
    await db.batch([
      db
        .prepare(
          `INSERT OR IGNORE INTO e_invoices (key, kind, order_id, refund_id, invoice_key, user_id, unit, state, icv, uuid,
             invoice_hash, qr, total_minor, vat_minor, issued_at, report_status, next_report_at, requested_at)
           SELECT ?1, 'credit-note', ?2, ?3, ?4, i.user_id, ?5, 'signed', ?6, ?7, ?8, ?9, ?10, ?11, ?12, 'pending', ?12, ?12
           FROM e_invoices i WHERE i.key = ?4`,
        )
        .bind(
          row.key,
          row.order_id,
          row.refund_id,
          row.invoice_key,
          stamp.unit,
          doc.icv,
          doc.uuid,
          doc.invoiceHash,
          qr,
          request.total,
          vat,
          doc.issuedAt,
        ),
      orderDebitRecord(db, row.refund_id, doc.issuedAt),
    ]);
  return 'signed';
}

const WAITING_COLUMNS = 'key, kind, order_id, refund_id, booking_ref, invoice_key, total_minor, state';

/**
 * Signs the waiting rows `where` selects, one after another: invoices, then credit notes, then the debit
 * notes that reverse them, and rows never tried before those a refusal left waiting, so a stuck row never
 * holds back a new sale.
 */
async function signWhere(env: ApiEnv, db: D1Database, where: string, binds: unknown[], limit: number) {
  const { results } = await db
    .prepare(
      `SELECT ${WAITING_COLUMNS} FROM e_invoices WHERE state = 'waiting' AND ${where}
       ORDER BY CASE kind WHEN 'invoice' THEN 0 WHEN 'credit-note' THEN 1 ELSE 2 END, waiting_reason IS NOT NULL, requested_at, key LIMIT ${limit}`,
    )
    .bind(...binds)
    .all<Waiting>();
  if (!results.length) return { signed: 0, waiting: 0 };
  const stamp = await stampInUse(env);
  let signed = 0;
  for (const row of results) if ((await signRow(env, db, row, stamp)) === 'signed') signed++;
  return { signed, waiting: results.length - signed };
}

/** Signs what an order's batch just recorded (its invoice, its refunds' credit notes): after the commit. */
export function signOrderDocuments(env: ApiEnv, db: D1Database, orderId: number) {
  return signWhere(env, db, 'order_id = ?', [orderId], 20);
}

/** Signs what a booking's batch just recorded, in the core. */
export function signBookingDocuments(env: ApiEnv, bookingRef: string) {
  return signWhere(env, env.DB, 'booking_ref = ?', [bookingRef], 20);
}

/**
 * Right after the batch that recorded a document committed, without holding the answer: the request's
 * waitUntil. A failure here loses nothing (the row waits; the sweep signs it within a minute).
 */
export function signSoon(
  ctx: { waitUntil(promise: Promise<unknown>): void },
  work: () => Promise<unknown>,
  what: Record<string, unknown>,
): void {
  ctx.waitUntil(
    Promise.resolve()
      .then(work)
      .catch((error: unknown) => log.warn('e-invoice left waiting for the sweep', { ...what, error })),
  );
}

/** At most this many documents a database per minute: some 100 a second per stamp is the chain's pace. */
const SWEEP_LIMIT = 200;

/**
 * The minute cron: every waiting document in the core and every order shard, oldest first (a chain
 * refusal keeps them waiting with its reason, and each run tries again: a renewed stamp signs them all).
 */
export async function sweepWaitingEInvoices(env: ApiEnv, limit = SWEEP_LIMIT) {
  const total = { signed: 0, waiting: 0 };
  for (const shard of await orderShards(env)) {
    try {
      const r = await signWhere(env, shard.db, '1 = 1', [], limit);
      total.signed += r.signed;
      total.waiting += r.waiting;
    } catch (error) {
      log.error('e-invoice sweep failed in a database', { binding: shard.binding, error });
    }
  }
  return total;
}
