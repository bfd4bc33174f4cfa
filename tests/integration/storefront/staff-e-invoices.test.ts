// The owner's list of Saudi e-invoices in the back office (issue 75), through the built workers: a
// document ZATCA refused shows ZATCA's code and message and names its order, in English and Arabic; a
// document waiting over 12 hours and the missing CSID are told at the top; the status filter narrows the
// list; a member without the owner's permission never sees it. The rows are as reporting stores them
// (tests/integration/api/e-invoice-reporting.test.ts stores this refusal from the local ZATCA stand-in).
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { staffPage, staffSignIn } from './staff-session';

const HOUR = 3_600_000;
const refusal = [
  {
    type: 'ERROR',
    code: 'invalid-invoice-hash',
    category: 'INVOICE_HASHING_ERRORS',
    message: 'The invoice hash API body does not match the (calculated) Hash of the XML',
    status: 'ERROR',
  },
];

async function row(key: string, orderId: number, status: string, issuedAt: number, messages: unknown[] | null) {
  await env.API_DB.prepare(
    `INSERT INTO e_invoices (key, kind, order_id, unit, state, icv, uuid, invoice_hash, qr, total_minor, vat_minor,
       issued_at, report_status, report_attempts, report_messages, reported_at, requested_at)
     VALUES (?, 'invoice', ?, 'configured-stamp', 'signed', ?, ?, 'hash', 'qr', 8480, 1106, ?, ?, ?, ?, ?, ?)`,
  )
    .bind(
      key,
      orderId,
      orderId,
      crypto.randomUUID(),
      issuedAt,
      status,
      status === 'pending' ? 0 : 1,
      messages ? JSON.stringify(messages) : null,
      status === 'pending' ? null : issuedAt + 60_000,
      issuedAt,
    )
    .run();
}

let owner: string;
let ownerAr: string;

beforeAll(async () => {
  const now = Date.now();
  await row('order:7001', 7001, 'refused', now - HOUR, refusal);
  await row('order:7002', 7002, 'pending', now - 13 * HOUR, null);
  await row('order:7003', 7003, 'reported', now - 2 * HOUR, null);
  owner = (await staffSignIn([{ role: 'owner', country: null }])).cookie;
  ownerAr = (await staffSignIn([{ role: 'owner', country: null }], { lang: 'ar' })).cookie;
});

describe("the owner's list of e-invoices", () => {
  it("shows a refusal with ZATCA's code and message and its order, and what waits, in English", async () => {
    const res = await staffPage('/e-invoices', owner);
    expect(res.status).toBe(200);
    const page = await res.text();
    expect(page).toContain('href="/e-invoices"');
    const refused = page.match(/<tr data-key="order:7001" data-status="refused">.*?<\/tr>/s)?.[0] ?? '';
    expect(refused).toContain('Refused');
    expect(refused).toContain('invalid-invoice-hash');
    expect(refused).toContain('The invoice hash API body does not match the (calculated) Hash of the XML');
    expect(refused).toContain('href="/orders/7001"');
    expect(refused).toContain('Order #7001');
    // Waiting over 12 hours, and no production CSID yet: told at the top.
    expect(page).toMatch(/role="alert".*1 document has waited more than 12 hours to be reported/s);
    expect(page).toContain('the shop has no production CSID to report with yet');
    expect(page).toContain('data-key="order:7002" data-status="pending"');
    // Reported ones are not in the default list of what needs attention…
    expect(page).not.toContain('data-key="order:7003"');
    // …and the status filter narrows the list.
    const onlyRefused = await (await staffPage('/e-invoices?status=refused', owner)).text();
    expect(onlyRefused).toContain('data-key="order:7001"');
    expect(onlyRefused).not.toContain('data-key="order:7002"');
    const reported = await (await staffPage('/e-invoices?status=reported', owner)).text();
    expect(reported).toContain('data-key="order:7003"');
    // A date range before the documents: none.
    const old = await (await staffPage('/e-invoices?status=all&from=2020-01-01&to=2020-01-31', owner)).text();
    expect(old).toContain('No document matches these filters.');
  });

  it('says the same in Arabic, right to left, with ZATCA’s message as ZATCA wrote it', async () => {
    const page = await (await staffPage('/e-invoices', ownerAr)).text();
    expect(page).toContain('dir="rtl"');
    const refused = page.match(/<tr data-key="order:7001" data-status="refused">.*?<\/tr>/s)?.[0] ?? '';
    expect(refused).toContain('مرفوض');
    expect(refused).toContain('الطلب رقم 7001');
    expect(refused).toContain('invalid-invoice-hash');
    expect(refused).toContain('The invoice hash API body does not match the (calculated) Hash of the XML');
    expect(page).toContain('مستند واحد ينتظر الإبلاغ منذ أكثر من 12 ساعة');
    expect(page).toContain('ليس لدى المتجر بعد شهادة إنتاج (CSID)');
  });

  it('is the owner’s alone', async () => {
    const support = (await staffSignIn([{ role: 'support', country: null }])).cookie;
    const res = await staffPage('/e-invoices', support);
    expect(res.status).toBe(403);
    const dashboard = await (await staffPage('/orders', support)).text();
    expect(dashboard).not.toContain('href="/e-invoices"');
  });
});
