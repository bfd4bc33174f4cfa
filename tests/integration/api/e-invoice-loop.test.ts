// The whole Saudi e-invoice loop through the shop's own paths (issue 75's "done means"): the owner
// onboards against the local ZATCA stand-in through the back office's routes; a shopper's Saudi card
// order and its refund become an invoice and a credit note in the onboarded stamp's chain; the minute
// cron's part asks for reporting, the queue's consumer reports both in order, ZATCA's answers are
// stored with the documents, and the local /dev/e-invoices list shows both as reported (PASS).
import { env } from 'cloudflare:test';
import { enqueueDueReports } from '#api/src/e-invoice-reporting/queue';
import { stampInUse } from '#api/src/e-invoice-stamp';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { setUp as consultationsSetUp } from './consultation-helpers';
import { call, deviceToken, json } from './helpers';
import { newShopper, paidCardOrder, refundOf } from './loyalty-helpers';
import { staffCall, staffWith, type TestStaff } from './staff-helpers';

const apiEnv = env as unknown as ApiEnv;
let device: string;
let owner: TestStaff;

beforeAll(async () => {
  await consultationsSetUp();
  device = await deviceToken();
  owner = await staffWith([{ role: 'owner', country: null }], { name: 'Owner' });
});

const rowOf = (key: string) =>
  env.DB.prepare('SELECT state, unit, report_status, report_messages FROM e_invoices WHERE key = ?')
    .bind(key)
    .first<{ state: string; unit: string; report_status: string; report_messages: string | null }>();

/** A row once the request's waitUntil has signed it. */
async function signed(key: string) {
  for (let i = 0; i < 100; i++) {
    const row = await rowOf(key);
    if (row?.state === 'signed') return row;
    await new Promise((r) => setTimeout(r, 30));
  }
  throw new Error(`${key} not signed: ${JSON.stringify(await rowOf(key))}`);
}

describe('a Saudi order and its refund, from checkout to ZATCA', () => {
  it('are signed with the onboarded stamp, reported in order through the queue and listed as reported', async () => {
    const step = async (path: string, body: unknown = {}) => {
      const res = await staffCall(owner.token, `/staff/e-invoicing/${path}`, { json: body });
      expect(res.status, `${path}: ${await res.clone().text()}`).toBe(200);
    };
    await step('seller', {
      name_ar: 'شركة خليج الفيتامينات التجارية',
      vat_number: '399999999900003',
      cr_number: '1010745112',
      street: 'طريق الملك فهد',
      building: '7421',
      district: 'العليا',
      city: 'الرياض',
      postal_code: '12214',
      branch: 'Riyadh Online',
      business_category: 'Health supplements',
    });
    await step('keys', { unit: 'Gulf Vitamins Online' });
    await step('compliance-csid', { otp: '123456' });
    await step('compliance-checks');
    await step('production-csid');
    const stamp = await stampInUse(apiEnv);
    expect(stamp.unit).toBe('Gulf Vitamins Online');
    expect(stamp.reporting).not.toBeNull();

    // Before any sale, the cron has nothing to ask for.
    expect(await enqueueDueReports(apiEnv)).toBe(false);

    const her = await newShopper(device, 'einv-loop', ['SA']);
    const order = await paidCardOrder(device, her, { country: 'SA', count: 2 });
    const refunded = await refundOf(owner, order.id, 1_000, 'gateway');
    expect(refunded.status, await refunded.clone().text()).toBe(200);
    const refundId = (await env.DB.prepare('SELECT id FROM refunds WHERE order_id = ? AND status <> ?')
      .bind(order.id, 'failed')
      .first<{ id: number }>())!.id;
    const keys = [`order:${order.id}`, `refund:${refundId}`];
    for (const key of keys) expect(await signed(key)).toMatchObject({ unit: stamp.unit, report_status: 'pending' });

    // The cron's part asks for the unit; the queue delivers the message to the worker's consumer, which
    // reports both in the chain's order.
    expect(await enqueueDueReports(apiEnv)).toBe(true);
    await vi.waitFor(
      async () => {
        for (const key of keys) expect(await rowOf(key)).toMatchObject({ report_status: 'reported' });
      },
      { timeout: 10_000, interval: 50 },
    );
    // Nothing left to report: the cron asks for nothing more.
    expect(await enqueueDueReports(apiEnv)).toBe(false);

    // The local stand-in's page lists both as ZATCA answered them, the invoice first, each once.
    const page = await call('/dev/e-invoices', { token: device });
    expect(page.status).toBe(200);
    const received = (await json(page)).data.items as Array<{
      kind: string;
      status: string;
      unit: string;
      icv: number | null;
    }>;
    // Newest first, as the page lists them.
    const ours = received.filter((d) => d.kind === 'reporting' && d.unit === stamp.unit).reverse();
    expect(ours.map((d) => [d.icv, d.status])).toEqual([
      [1, 'PASS'],
      [2, 'PASS'],
    ]);
  });
});
