// Saudi e-invoices reported to ZATCA (issue 75, decision 75's reporting amendment), in workerd against the
// local ZATCA stand-in through the adapter: documents signed by the chain with the configured test stamp,
// their rows as the sale writes them, a CSID the stand-in issued. Each is reported once in the chain's
// order with ZATCA's answer stored; a ZATCA that is down is tried again after a back-off; a crash between
// sending and storing ends in one report; a tampered document is refused with ZATCA's code and the next
// one still goes; documents pending 12 hours and documents without a CSID are the owner's to hear about.
import { createExecutionContext, createMessageBatch, env, getQueueResult } from 'cloudflare:test';
import worker from '#api/src/index';
import { reportingAttention } from '#api/src/e-invoice-reporting/attention';
import { alertWaitingReports } from '#api/src/e-invoice-reporting/queue';
import { reportUnit } from '#api/src/e-invoice-reporting/report';
import { CONFIG_UNIT, stampInUse } from '#api/src/e-invoice-stamp';
import { newKeyPair, saleFigures } from '#api/src/e-invoices';
import { standInFetch } from '#api/src/e-invoices/stand-in/handler';
import { zatcaClient } from '#api/src/e-invoices/zatca/client';
import { type Credentials, zatcaFor } from '#api/src/e-invoices/zatca/index';
import { describe, expect, it } from 'vitest';
import { insertStaff } from '../../support/staff-fixture';
import { chainOf, saleTexts, TEST_SELLER, testCsr } from './e-invoice-fixtures';

const apiEnv = env as unknown as ApiEnv;
const zatca = zatcaFor('local', env.DB);
const keys = newKeyPair();

/** A production CSID from the stand-in for a fresh unit (its chain check starts with this test). */
async function onboard(): Promise<Credentials> {
  const csr = testCsr(`Reporting ${crypto.randomUUID().slice(0, 8)}`, keys.privateKey);
  const compliance = await zatca.complianceCsid(csr, '123345');
  if (compliance.kind !== 'issued') throw new Error(JSON.stringify(compliance));
  // The stand-in issues the production CSID once a compliance check passed: a document of our chain.
  const sample = await signedIn(crypto.randomUUID(), 1);
  expect(await zatca.complianceCheck(compliance.csid, sample[0]!)).toMatchObject({ kind: 'reported' });
  const production = await zatca.productionCsid(compliance.csid, compliance.csid.requestId);
  if (production.kind !== 'issued') throw new Error(JSON.stringify(production));
  return production.csid;
}

const seller = TEST_SELLER;
const texts = saleTexts(['Vitamin D3 1000 IU']);

let nextOrder = 90_000;

/** `count` sales signed by the unit's chain with the configured stamp, and their rows as the sale writes them. */
async function signedIn(unit: string, count: number, rowAt?: (i: number) => number) {
  const material = (await stampInUse(apiEnv)).material;
  const out = [];
  for (let i = 0; i < count; i++) {
    const orderId = nextOrder++;
    const key = `order:${orderId}`;
    const total = 5_980 + 2_500 + i;
    const answer = await chainOf(unit).issue(
      {
        key,
        kind: 'invoice',
        number: `SA-${orderId}`,
        currency: 'SAR',
        decimals: 2,
        vatBasisPoints: 1500,
        seller,
        paymentMeans: '48',
        ...saleFigures(
          {
            lines: [{ count: 2, line_total: 5_980 + i }],
            delivery: 2_500,
            discount: 0,
            promotion_discount: 0,
            referral_discount: 0,
            points_discount: 0,
            total,
          },
          texts,
        ),
      },
      material,
    );
    if (!answer.ok) throw new Error(answer.refusal);
    const doc = answer.document;
    const at = rowAt?.(i) ?? doc.issuedAt;
    await env.DB.prepare(
      `INSERT INTO e_invoices (key, kind, order_id, unit, state, icv, uuid, invoice_hash, qr, total_minor, vat_minor,
         issued_at, next_report_at, requested_at)
       VALUES (?, 'invoice', ?, ?, 'signed', ?, ?, ?, 'qr', ?, 0, ?, ?, ?)`,
    )
      .bind(key, orderId, unit, doc.icv, doc.uuid, doc.invoiceHash, total, at, at, at)
      .run();
    out.push({ key, orderId, invoiceHash: doc.invoiceHash, uuid: doc.uuid, xml: doc.xml });
  }
  return out;
}

type Row = {
  report_status: string;
  report_attempts: number;
  next_report_at: number | null;
  report_messages: string | null;
  reported_at: number | null;
};
const rowOf = (key: string) =>
  env.DB.prepare(
    'SELECT report_status, report_attempts, next_report_at, report_messages, reported_at FROM e_invoices WHERE key = ?',
  )
    .bind(key)
    .first<Row>();

/** What the stand-in received for these documents (one record per report it checked). */
async function receivedBy(uuids: string[]) {
  const { results } = await env.DB.prepare(
    "SELECT uuid, status FROM zatca_stand_in_documents WHERE kind = 'reporting' AND uuid IN (SELECT value FROM json_each(?)) ORDER BY id",
  )
    .bind(JSON.stringify(uuids))
    .all<{ uuid: string; status: string }>();
  return results;
}

const chainStatuses = async (unit: string) => (await chainOf(unit).documents()).map((d) => d.status);

describe('reporting signed e-invoices to ZATCA', () => {
  it('reports each document once, in the chain order, and stores the answer with it', async () => {
    const csid = await onboard();
    const unit = crypto.randomUUID();
    const docs = await signedIn(unit, 3);
    // A run takes a batch from the chain; a full batch asks for the next run, which goes on in order.
    expect(await reportUnit(env, unit, { credentials: csid, report: zatca.report, batch: 2 })).toEqual({
      stop: 'more',
      answered: 2,
    });
    expect(await reportUnit(env, unit, { credentials: csid, report: zatca.report, batch: 2 })).toEqual({
      stop: 'done',
      answered: 1,
    });
    for (const d of docs) expect(await rowOf(d.key)).toMatchObject({ report_status: 'reported', report_attempts: 1 });
    expect((await rowOf(docs[0]!.key))!.reported_at).toBeGreaterThan(0);
    expect(await chainStatuses(unit)).toEqual(['reported', 'reported', 'reported']);
    // Nothing left: a second run (a message that came twice) sends nothing.
    expect(await reportUnit(env, unit, { credentials: csid, report: zatca.report })).toEqual({
      stop: 'done',
      answered: 0,
    });
    expect((await receivedBy(docs.map((d) => d.uuid))).map((r) => r.status)).toEqual(['PASS', 'PASS', 'PASS']);
  });

  it('waits out a ZATCA that is down, never calls it a refusal, and reports later once', async () => {
    const csid = await onboard();
    const unit = crypto.randomUUID();
    const docs = await signedIn(unit, 2);
    const standIn = standInFetch(env.DB);
    let down = true;
    let calls = 0;
    const fetcher = (async (input: RequestInfo | URL, init?: RequestInit) => {
      calls++;
      return down ? new Response('Service Unavailable', { status: 503 }) : standIn(input, init);
    }) as typeof fetch;
    const flaky = zatcaClient({ environment: 'local', fetcher });
    const t0 = Date.now();
    const first = await reportUnit(env, unit, { credentials: csid, report: flaky.report, now: () => t0 });
    expect(first).toEqual({ stop: 'retry', answered: 0, retryInMs: 60_000 });
    const waiting = (await rowOf(docs[0]!.key))!;
    expect(waiting).toMatchObject({ report_status: 'pending', report_attempts: 1, next_report_at: t0 + 60_000 });
    expect(JSON.parse(waiting.report_messages!)).toMatchObject([{ type: 'RETRY', code: 'unavailable' }]);
    // The second document waits behind the first: never sent before it.
    expect(await rowOf(docs[1]!.key)).toMatchObject({ report_status: 'pending', report_attempts: 0 });
    expect(calls).toBe(1);

    // Asked again within the back-off (the cron, a duplicate message): nothing is sent.
    const early = await reportUnit(env, unit, { credentials: csid, report: flaky.report, now: () => t0 + 30_000 });
    expect(early).toMatchObject({ stop: 'waiting-back-off', answered: 0 });
    expect(calls).toBe(1);
    // Down again after the back-off: the next wait is twice as long.
    expect(await reportUnit(env, unit, { credentials: csid, report: flaky.report, now: () => t0 + 61_000 })).toEqual({
      stop: 'retry',
      answered: 0,
      retryInMs: 120_000,
    });

    down = false;
    const later = await reportUnit(env, unit, { credentials: csid, report: flaky.report, now: () => t0 + 200_000 });
    expect(later).toEqual({ stop: 'done', answered: 2 });
    expect(await rowOf(docs[0]!.key)).toMatchObject({
      report_status: 'reported',
      report_attempts: 3,
      report_messages: null,
    });
    expect((await receivedBy(docs.map((d) => d.uuid))).map((r) => r.uuid)).toEqual(docs.map((d) => d.uuid));
  });

  it('reports once in the end when the run dies between sending and storing the answer', async () => {
    const csid = await onboard();
    const unit = crypto.randomUUID();
    const [doc] = await signedIn(unit, 1);
    const dying = async (c: Credentials, s: Parameters<typeof zatca.report>[1]) => {
      await zatca.report(c, s);
      throw new Error('the isolate was evicted');
    };
    await expect(reportUnit(env, unit, { credentials: csid, report: dying })).rejects.toThrow('evicted');
    expect(await rowOf(doc!.key)).toMatchObject({ report_status: 'pending', report_attempts: 0 });
    // A run that died without letting go of its claim: nobody else reports the unit until it lapses.
    await env.DB.prepare('INSERT INTO e_invoice_report_claims (unit, holder, until) VALUES (?, ?, ?)')
      .bind(unit, 'a run that died', Date.now() + 60_000)
      .run();
    expect(await reportUnit(env, unit, { credentials: csid, report: zatca.report })).toEqual({
      stop: 'claimed-elsewhere',
      answered: 0,
    });
    await env.DB.prepare('UPDATE e_invoice_report_claims SET until = ? WHERE unit = ?')
      .bind(Date.now() - 1, unit)
      .run();

    // The next run sends it again; ZATCA answers the resend with its first answer: one report, stored once.
    expect(await reportUnit(env, unit, { credentials: csid, report: zatca.report })).toEqual({
      stop: 'done',
      answered: 1,
    });
    expect(await rowOf(doc!.key)).toMatchObject({ report_status: 'reported', report_attempts: 1 });
    expect(await receivedBy([doc!.uuid])).toEqual([{ uuid: doc!.uuid, status: 'PASS' }]);
    expect(await chainStatuses(unit)).toEqual(['reported']);

    // Died after storing the verdict, before telling the chain: the next run tells it, sending nothing.
    const [later] = await signedIn(unit, 1);
    await env.DB.prepare("UPDATE e_invoices SET report_status = 'warning', report_attempts = 1 WHERE key = ?")
      .bind(later!.key)
      .run();
    const never = async () => {
      throw new Error('sent again');
    };
    expect(await reportUnit(env, unit, { credentials: csid, report: never })).toEqual({ stop: 'done', answered: 0 });
    expect(await chainStatuses(unit)).toEqual(['reported', 'warning']);
  });

  it("stores a refusal with ZATCA's code and message, and the next document still goes", async () => {
    const csid = await onboard();
    const unit = crypto.randomUUID();
    const docs = await signedIn(unit, 2);
    // The first document's total changed on its way (after signing): ZATCA's hash check refuses it.
    const tampering = (c: Credentials, s: Parameters<typeof zatca.report>[1]) =>
      zatca.report(c, s.uuid === docs[0]!.uuid ? { ...s, xml: s.xml.replace(/(PayableAmount[^>]*>)\d/, '$19') } : s);
    expect(await reportUnit(env, unit, { credentials: csid, report: tampering })).toEqual({
      stop: 'done',
      answered: 2,
    });
    const refused = (await rowOf(docs[0]!.key))!;
    expect(refused.report_status).toBe('refused');
    const messages = JSON.parse(refused.report_messages!) as { code: string; message: string }[];
    expect(messages).toContainEqual(
      expect.objectContaining({
        code: 'invalid-invoice-hash',
        message: 'The invoice hash API body does not match the (calculated) Hash of the XML',
      }),
    );
    expect(await rowOf(docs[1]!.key)).toMatchObject({ report_status: 'reported' });
    expect(await chainStatuses(unit)).toEqual(['refused', 'reported']);
    // A refusal is ZATCA's verdict: nothing sends the document again.
    expect(await reportUnit(env, unit, { credentials: csid, report: zatca.report })).toEqual({
      stop: 'done',
      answered: 0,
    });
  });

  it('tells the owner about documents pending over 12 hours, not under', async () => {
    const owner = await insertStaff(env.DB, [{ role: 'owner', country: null }], { lang: 'ar' });
    const mails = () =>
      env.DB.prepare("SELECT subject, body_text FROM mail_outbox WHERE to_address = ? AND kind = 'e_invoices_waiting'")
        .bind(owner.email)
        .all<{ subject: string; body_text: string }>()
        .then((r) => r.results);
    const unit = crypto.randomUUID();
    // Yesterday at noon in Kuwait and Riyadh (09:00 UTC): the owner is told once a day of the home
    // country's calendar, and an hour later must still be the same day, whenever the suite runs (run
    // at 23:20 there, the hour after fell on the next day and a second mail was right).
    const now = Math.floor(Date.now() / 86_400_000) * 86_400_000 - 86_400_000 + 9 * 3_600_000;
    await signedIn(unit, 1, () => now - 11 * 3_600_000);
    expect((await reportingAttention(env, now, true)).overdue).toBe(0);
    expect(await alertWaitingReports(apiEnv, now, true)).toBe(false);
    expect(await mails()).toEqual([]);

    await signedIn(unit, 1, () => now - 13 * 3_600_000);
    const over = await reportingAttention(env, now, true);
    expect(over.overdue).toBe(1);
    expect(over.oldest_waiting_at).toBe(now - 13 * 3_600_000);
    expect(await alertWaitingReports(apiEnv, now, true)).toBe(true);
    // The owner's mail, in her language, with the link to the list; the next hour's run sends no second one.
    expect(await alertWaitingReports(apiEnv, now + 3_600_000, true)).toBe(true);
    const sent = await mails();
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body_text).toContain('مستند واحد ينتظر الإبلاغ منذ أكثر من 12 ساعة.');
    expect(sent[0]!.body_text).toContain('/e-invoices');
    // Reported at last: nothing to tell.
    await reportUnit(env, unit, { credentials: await onboard(), report: zatca.report });
    expect(await alertWaitingReports(apiEnv, now, true)).toBe(false);
  });

  it('keeps documents waiting without a CSID, and tells the owner why (none, or ZATCA refused ours)', async () => {
    // The configured stamp has no production CSID (not onboarded): the queue's run sends nothing.
    const docs = await signedIn(CONFIG_UNIT, 1);
    expect((await stampInUse(apiEnv)).reporting).toBeNull();
    const batch = createMessageBatch('shop-e-invoice-reports', [
      { id: 'm1', timestamp: new Date(), attempts: 1, body: { kind: 'report-e-invoices', unit: CONFIG_UNIT } },
    ]);
    const ctx = createExecutionContext();
    // Through the worker's queue handler, as the queue delivers it: acknowledged, nothing sent.
    await worker.queue(batch, apiEnv, ctx);
    expect((await getQueueResult(batch, ctx)).ackAll).toBe(true);
    expect(await rowOf(docs[0]!.key)).toMatchObject({ report_status: 'pending', report_attempts: 0 });
    // Nothing of the configured stamp's chain was reported (other files' Saudi sales share that chain).
    expect(new Set(await chainStatuses(CONFIG_UNIT))).toEqual(new Set(['signed']));
    expect((await reportingAttention(env, Date.now(), false)).stamp_problem).toBe('no-csid');

    // A CSID ZATCA no longer accepts (expired, revoked: 401) is a wait, never a refusal.
    const unit = crypto.randomUUID();
    const [doc] = await signedIn(unit, 1);
    const revoked = { binarySecurityToken: btoa('not a certificate'), secret: 'wrong' };
    expect(await reportUnit(env, unit, { credentials: revoked, report: zatca.report })).toMatchObject({
      stop: 'retry',
    });
    const row = (await rowOf(doc!.key))!;
    expect(row.report_status).toBe('pending');
    expect(JSON.parse(row.report_messages!)).toMatchObject([{ code: 'credentials' }]);
    expect((await reportingAttention(env, Date.now(), true)).stamp_problem).toBe('csid-refused');
  });
});
