// Every Saudi sale and refund becomes an e-invoice (issue 75, decision 75): a card order when its payment
// succeeds, a wallet order at placement, cash on delivery at delivery, a consultation paid, a refund and a
// return's refund as credit notes naming their invoice; each one signed document in the stamp's chain and
// one signed `e_invoices` row whose figures and QR are the shopper's printed invoice's. Kuwait makes none.
// A sale asked twice is one document; without a stamp it waits and the sweep signs it; a burst cut by
// killing the chain and the signer leaves, after the sweep, one unbroken chain with every sale once.
import { env, runInDurableObject } from 'cloudflare:test';
import type { EInvoiceChain } from '#api/src/e-invoice-chain/chain';
import { orderInvoiceRecord, signOrderDocuments, sweepWaitingEInvoices } from '#api/src/e-invoice-sales';
import { CONFIG_UNIT } from '#api/src/e-invoice-stamp';
import { qrTags, verifyChain } from '#api/src/e-invoices';
import { walletMove } from '#api/src/orders/place';
import { beforeAll, describe, expect, it } from 'vitest';
import { book, freeTimeAfter, setUp as consultationsSetUp, topUp } from './consultation-helpers';
import { call, deviceToken, json, shopperHeaders } from './helpers';
import { deliver, newShopper, paidCardOrder, placeCod, refundOf, type Shopper } from './loyalty-helpers';
import { staffCall, staffWith, type TestStaff } from './staff-helpers';

let device: string;
let owner: TestStaff;

beforeAll(async () => {
  // The consultations' fixture loads the catalogue too.
  await consultationsSetUp();
  device = await deviceToken();
  owner = await staffWith([{ role: 'owner', country: null }], { name: 'Owner' });
});

type Row = {
  key: string;
  kind: string;
  state: string;
  waiting_reason: string | null;
  icv: number | null;
  uuid: string | null;
  invoice_hash: string | null;
  qr: string | null;
  total_minor: number | null;
  vat_minor: number | null;
  issued_at: number | null;
  report_status: string;
  next_report_at: number | null;
  invoice_key: string | null;
};

const rowOf = (key: string) => env.DB.prepare('SELECT * FROM e_invoices WHERE key = ?').bind(key).first<Row>();

/** The row once signed: the request's waitUntil signs it after the answer, so it is looked for a while. */
async function signedRow(key: string): Promise<Row> {
  for (let i = 0; i < 100; i++) {
    const row = await rowOf(key);
    if (row?.state === 'signed') return row;
    await new Promise((r) => setTimeout(r, 30));
  }
  throw new Error(`${key} not signed: ${JSON.stringify(await rowOf(key))}`);
}

const chainStub = () => {
  const ns = env.E_INVOICE_CHAINS as DurableObjectNamespace<EInvoiceChain>;
  return ns.get(ns.idFromName(CONFIG_UNIT));
};

/** The whole chain of the stamp in use, verified by the core (signature, hash, QR, ICV +1, PIH). */
async function checkedChain() {
  const docs = await chainStub().documents(0, 10_000);
  return { docs, problems: verifyChain(docs.map((d) => d.xml)).flatMap((v) => v.problems) };
}

/** The shopper's order page's invoice and credit notes, as the API answers them. */
async function orderPage(her: Shopper, id: number, lang = 'en') {
  const res = await call(`/user/order/${id}`, { token: device, headers: shopperHeaders(her.token, 'SA', lang) });
  expect(res.status).toBe(200);
  return (await json(res)).data;
}

/** A signed invoice row and the printed invoice are one: figures, time and the nine-field QR. */
async function expectPrintedAsSigned(her: Shopper, id: number) {
  const row = await signedRow(`order:${id}`);
  const page = await orderPage(her, id);
  expect(page.tax_invoice).toMatchObject({
    e_invoice: 'signed',
    total: row.total_minor,
    vat: row.vat_minor,
    qr: row.qr,
  });
  expect(row.total_minor).toBe(page.totals.total);
  // The VAT the order stored is the document's (pricing stores ZATCA's VAT for an e-invoicing country).
  expect(row.vat_minor).toBe(page.totals.vat);
  expect(row).toMatchObject({ report_status: 'pending', next_report_at: row.issued_at });
  expect([...qrTags(row.qr!)!.keys()]).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
  return { row, page };
}

async function placeWalletOrder(her: Shopper, country: 'SA' | 'KW' = 'SA') {
  await env.DB.batch(
    walletMove(env.DB, {
      userId: her.id,
      currency: country === 'SA' ? 'SAR' : 'KWD',
      amount: 500_000,
      kind: 'top_up',
      orderId: null,
      paymentId: null,
    }),
  );
  const res = await call('/order/submit', {
    body: JSON.stringify({
      items: [
        { sku_id: 101, count: 2 },
        { sku_id: 102, count: 1 },
      ],
      payment_method: 'wallet',
      address_id: her.addresses[country],
      idempotency_key: crypto.randomUUID(),
    }),
    token: device,
    headers: shopperHeaders(her.token, country),
  });
  const body = await json(res);
  expect(res.status, JSON.stringify(body)).toBe(200);
  expect(body.data.order.status).toBe('paid');
  return body.data.order.id as number;
}

describe('Saudi sales become signed e-invoices', () => {
  it('a card order when paid, a wallet order at placement, cash on delivery once delivered; Kuwait none', async () => {
    const her = await newShopper(device, 'einv-sales', ['SA', 'KW']);
    const card = await paidCardOrder(device, her, { country: 'SA', count: 3 });
    const wallet = await placeWalletOrder(her);
    const cod = await placeCod(device, her, { country: 'SA', count: 2 });
    // Cash on delivery is not a sale until delivered: nothing recorded yet.
    expect(await rowOf(`order:${cod.id}`)).toBeNull();
    expect((await deliver(owner, cod.id)).status).toBe(200);

    for (const id of [card.id, wallet, cod.id]) await expectPrintedAsSigned(her, id);

    // Kuwait has no VAT and no e-invoicing: a card, a wallet and a delivered cash order make no row.
    const kwCard = await paidCardOrder(device, her, { country: 'KW' });
    const kwWallet = await placeWalletOrder(her, 'KW');
    const kwCod = await placeCod(device, her, { country: 'KW' });
    expect((await deliver(owner, kwCod.id)).status).toBe(200);
    await sweepWaitingEInvoices(env);
    const kw = await env.DB.prepare('SELECT count(*) AS n FROM e_invoices WHERE order_id IN (?, ?, ?)')
      .bind(kwCard.id, kwWallet, kwCod.id)
      .first<{ n: number }>();
    expect(kw!.n).toBe(0);
    const kwPage = await call(`/user/order/${kwCard.id}`, { token: device, headers: shopperHeaders(her.token) });
    expect((await json(kwPage)).data.tax_invoice).toBeNull();

    // Each sale is one document in the chain, and the chain is whole.
    const { docs, problems } = await checkedChain();
    expect(problems).toEqual([]);
    for (const id of [card.id, wallet, cod.id]) {
      const mine = docs.filter((d) => d.key === `order:${id}`);
      expect(mine).toHaveLength(1);
      expect((await rowOf(`order:${id}`))!.icv).toBe(mine[0]!.icv);
    }
  });

  it('a refund and a return refund are credit notes naming their invoice, with the reason, printed as signed', async () => {
    const her = await newShopper(device, 'einv-refund', ['SA']);
    const order = await paidCardOrder(device, her, { country: 'SA', count: 2 });
    const refunded = await refundOf(owner, order.id, 1_000, 'gateway');
    expect(refunded.status, await refunded.clone().text()).toBe(200);
    const { refunds } = await orderPage(her, order.id);
    const refundId = refunds[0].id as number;
    const note = await signedRow(`refund:${refundId}`);
    expect(note).toMatchObject({ kind: 'credit-note', invoice_key: `order:${order.id}`, total_minor: 1_000 });
    const page = await orderPage(her, order.id, 'ar');
    expect(page.refunds[0].credit_note).toMatchObject({
      e_invoice: 'signed',
      invoice_number: String(order.id),
      total: note.total_minor,
      vat: note.vat_minor,
      qr: note.qr,
    });
    const xml = (await chainStub().documents(note.icv! - 1, 1))[0]!.xml;
    expect(xml).toContain('<cbc:InvoiceTypeCode name="0200000">381</cbc:InvoiceTypeCode>');
    expect(xml).toMatch(
      new RegExp(`<cac:BillingReference>\\s*<cac:InvoiceDocumentReference>\\s*<cbc:ID>${order.id}</cbc:ID>`),
    );
    expect(xml).toContain('إرجاع منتج تالف');
    // The invoice came first in the chain.
    expect((await rowOf(`order:${order.id}`))!.icv).toBeLessThan(note.icv!);
    // A card refund the gateway refuses at once (the sandbox refuses amounts ending in 66) gave nothing
    // back: no credit note, no counter.
    expect((await refundOf(owner, order.id, 1_066, 'gateway')).status).toBe(502);
    await sweepWaitingEInvoices(env);
    const refused = await env.DB.prepare(
      "SELECT r.id, e.key FROM refunds r LEFT JOIN e_invoices e ON e.refund_id = r.id WHERE r.order_id = ? AND r.status = 'failed'",
    )
      .bind(order.id)
      .first<{ id: number; key: string | null }>();
    expect(refused).toMatchObject({ key: null });
    expect((await chainStub().documents(0, 10_000)).some((d) => d.key === `refund:${refused!.id}`)).toBe(false);

    // A return's refund (delivered, asked, received, inspected, refunded) is a credit note too.
    const cod = await placeCod(device, her, { country: 'SA', count: 2 });
    expect((await deliver(owner, cod.id)).status).toBe(200);
    const asked = await call(`/user/order/${cod.id}/return`, {
      body: JSON.stringify({ items: [{ sku_id: 101, count: 1 }], reason: 'changed_mind', unopened: true }),
      token: device,
      headers: shopperHeaders(her.token, 'SA'),
    });
    const askedBody = await json(asked);
    expect(asked.status, JSON.stringify(askedBody)).toBe(200);
    const returnId = askedBody.data.return_id as number;
    const step = (name: string, body: unknown = {}) =>
      staffCall(owner.token, `/staff/returns/${returnId}/${name}`, { json: body });
    expect((await step('receive')).status).toBe(200);
    expect((await step('inspect', { items: [{ sku_id: 101, resellable: true }] })).status).toBe(200);
    const back = await step('refund', { method: 'wallet' });
    const backBody = await json(back);
    expect(back.status, JSON.stringify(backBody)).toBe(200);
    const returnNote = await signedRow(`refund:${backBody.data.refund_id}`);
    expect(returnNote).toMatchObject({ kind: 'credit-note', invoice_key: `order:${cod.id}` });
    const refundRow = await env.DB.prepare('SELECT amount FROM refunds WHERE id = ?')
      .bind(backBody.data.refund_id)
      .first<{ amount: number }>();
    expect(returnNote.total_minor).toBe(refundRow!.amount);
    expect((await checkedChain()).problems).toEqual([]);
  });

  it('a consultation paid from the wallet in Saudi Arabia is an invoice of its total', async () => {
    const s = await newShopper(device, 'einv-consult', []);
    await topUp(s.id, 'SAR', 500_000);
    const at = await freeTimeAfter(30, { skip: 4 });
    const booked = await book({ id: s.id, token: s.token }, at, { method: 'wallet' }, { country: 'SA' });
    expect(booked.status, JSON.stringify(booked.body)).toBe(200);
    const id = booked.body.data.consultation.id as number;
    const row = await signedRow(`booking:consultation:${id}`);
    const c = await env.DB.prepare('SELECT total FROM consultations WHERE id = ?').bind(id).first<{ total: number }>();
    expect(row.total_minor).toBe(c!.total);
    const docs = (await checkedChain()).docs.filter((d) => d.key === row.key);
    expect(docs).toHaveLength(1);
  });
});

describe('nothing lost, nothing doubled', () => {
  /** A Saudi cash order delivered straight in D1 (no request's signing), its invoice recorded as the step's batch does. */
  async function deliveredUnsigned(her: Shopper): Promise<number> {
    const { id } = await placeCod(device, her, { country: 'SA' });
    const now = Date.now();
    await env.DB.batch([
      env.DB.prepare("UPDATE orders SET status = 'delivered', delivered_at = ? WHERE id = ?").bind(now, id),
      orderInvoiceRecord(env.DB, id, now),
    ]);
    return id;
  }

  it('signs a sale asked twice, at once, as one document; without a stamp it waits and the sweep signs it', async () => {
    const her = await newShopper(device, 'einv-twice', ['SA']);
    const id = await deliveredUnsigned(her);
    // Recorded again (another path's batch): still one row.
    await orderInvoiceRecord(env.DB, id, Date.now()).run();
    await Promise.all([signOrderDocuments(env, env.DB, id), signOrderDocuments(env, env.DB, id)]);
    const { docs } = await checkedChain();
    expect(docs.filter((d) => d.key === `order:${id}`)).toHaveLength(1);

    // No stamp (none configured, nor onboarded): the row waits with the reason, no counter is used.
    const other = await deliveredUnsigned(her);
    const before = (await checkedChain()).docs.length;
    const noStamp = { ...env, E_INVOICE_STAMP_KEY: undefined } as unknown as ApiEnv;
    await signOrderDocuments(noStamp, env.DB, other);
    expect(await rowOf(`order:${other}`)).toMatchObject({ state: 'waiting', waiting_reason: 'no-stamp', icv: null });
    expect((await checkedChain()).docs.length).toBe(before);
    // The minute cron's sweep, once a stamp is there.
    await sweepWaitingEInvoices(env);
    expect(await rowOf(`order:${other}`)).toMatchObject({ state: 'signed', waiting_reason: null, icv: before + 1 });
  });

  it('keeps one unbroken chain, every sale once, when the shop is killed in the middle of a burst', async () => {
    const her = await newShopper(device, 'einv-burst', ['SA']);
    const ids: number[] = [];
    for (let i = 0; i < 10; i++) ids.push(await deliveredUnsigned(her));
    // The signer dies between the chain's answer and its row's update for some sales…
    let killed = 0;
    const dying = new Proxy(env.DB, {
      get(target, prop) {
        if (prop !== 'prepare') return Reflect.get(target, prop);
        return (sql: string) => {
          if (sql.includes("SET state = 'signed'") && killed++ % 3 === 0) throw new Error('killed after signing');
          return target.prepare(sql);
        };
      },
    });
    // …and the chain's object is reset in the middle of the burst.
    const burst = await Promise.allSettled([
      ...ids.slice(0, 5).map((id) => signOrderDocuments(env, dying, id)),
      runInDurableObject(chainStub(), (_o, state) => state.abort('killed')),
      ...ids.slice(5).map((id) => signOrderDocuments(env, dying, id)),
    ]);
    expect(burst.some((r) => r.status === 'rejected')).toBe(true);
    // Some sales are left waiting: the sweep finishes them.
    await sweepWaitingEInvoices(env);
    const rows = await Promise.all(ids.map((id) => rowOf(`order:${id}`)));
    expect(rows.every((r) => r?.state === 'signed')).toBe(true);

    const { docs, problems } = await checkedChain();
    expect(problems).toEqual([]);
    expect(docs.map((d) => d.icv)).toEqual(docs.map((_, i) => i + 1));
    for (const row of rows) {
      const mine = docs.filter((d) => d.key === row!.key);
      expect(mine).toHaveLength(1);
      expect(row).toMatchObject({ icv: mine[0]!.icv, uuid: mine[0]!.uuid, invoice_hash: mine[0]!.invoiceHash });
    }
  });
});
