// Every Saudi sale and refund becomes an e-invoice (issue 75, decision 75): a card order when its payment
// succeeds, a wallet order at placement, cash on delivery at delivery, a consultation paid, a refund and a
// return's refund as credit notes naming their invoice; each one signed document in the stamp's chain and
// one signed `e_invoices` row whose figures and QR are the shopper's printed invoice's. Kuwait makes none.
// A sale asked twice is one document; without a stamp it waits and the sweep signs it; a burst cut by
// killing the chain and the signer leaves, after the sweep, one unbroken chain with every sale once.
import { env, runInDurableObject } from 'cloudflare:test';
import { addDays, gulfDate } from '#shared/blood-tests/slot-rules';
import type { EInvoiceChain } from '#api/src/e-invoice-chain/chain';
import {
  consultationCreditRecords,
  orderCreditRecords,
  orderDebitRecord,
  orderInvoiceRecord,
  saleVat,
  signOrderDocuments,
  sweepWaitingEInvoices,
} from '#api/src/e-invoice-sales';
import { CONFIG_UNIT } from '#api/src/e-invoice-stamp';
import { qrTags, verifyChain } from '#api/src/e-invoices';
import { walletMove } from '#api/src/orders/place';
import { beforeAll, describe, expect, it } from 'vitest';
import { startVisit } from '../fixtures/blood-test-booking';
import { FIXTURE_PACKAGE, FIXTURE_SERVICES } from '../fixtures/consultations';
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

  it('a consultation paid from the wallet in Saudi Arabia is an invoice of its total; a card refund failed later keeps its note', async () => {
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

    // Two card refunds of it, recorded as a consultation's change records them (pending, with their
    // credit notes), that fail before the notes are signed: one refused at once before migration 0097 (no
    // settlement: its amount went to the wallet with a note of its own: this one is dropped), one failed
    // by the gateway's settlement (paid to her wallet there: its note stands).
    const now = Date.now();
    const refundIds: number[] = [];
    for (const amount of [1_000, 2_000]) {
      const [inserted] = await env.DB.batch([
        env.DB.prepare(
          `INSERT INTO refunds (consultation_id, amount, currency, method, reason, note, status, created_at, updated_at)
           VALUES (?, ?, 'SAR', 'gateway', 'other', 'test', 'pending', ?, ?) RETURNING id`,
        ).bind(id, amount, now, now),
        consultationCreditRecords(env.DB, id, now),
      ]);
      refundIds.push((inserted!.results[0] as { id: number }).id);
    }
    const [atOnce, later] = refundIds as [number, number];
    await env.DB.batch([
      env.DB.prepare("UPDATE refunds SET status = 'failed' WHERE id IN (?, ?)").bind(atOnce, later),
      env.DB.prepare(
        "INSERT INTO refund_events (refund_id, outcome, source, created_at) VALUES (?, 'failed', 'sandbox', ?)",
      ).bind(later, now),
    ]);
    await sweepWaitingEInvoices(env);
    expect(await rowOf(`booking-refund:consultation:${atOnce}`)).toBeNull();
    expect(await signedRow(`booking-refund:consultation:${later}`)).toMatchObject({ total_minor: 2_000 });
    expect((await checkedChain()).problems).toEqual([]);
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

// The gaps of the first part closed (decision 75's last amendment): a blood test paid at the visit, a
// package's purchase, money a booking gives back to the wallet, and a card refund the gateway fails after
// its credit note was signed (a debit note naming the note). Each row's figures are the shopper's page's.
describe('every Saudi sale and refund, the gaps closed', () => {
  const VITAMIN_D_SKU = 1001;
  const SA_PATIENT = {
    name: 'Noura Invoice',
    sex: 'female',
    date_of_birth: '1985-03-15',
    relation: 'self',
    country: 'SA',
    national_id: '1012345672',
  };
  const KW_PATIENT = { ...SA_PATIENT, country: 'KW', national_id: '285031512318' };

  /** An open day (not a Friday) some days ahead, Gulf time. */
  function openDay(ahead: number): string {
    let d = addDays(gulfDate(Date.now()), ahead);
    while (new Date(`${d}T00:00:00Z`).getUTCDay() === 5) d = addDays(d, 1);
    return d;
  }

  /** A vitamin D visit booked through the API; its order id. */
  async function bookBloodTest(her: Shopper, country: 'SA' | 'KW', method: 'pay_at_visit' | 'wallet', ahead = 3) {
    const headers = shopperHeaders(her.token, country);
    const zone = country === 'SA' ? { city_id: 2 } : { area_id: 26 };
    const held = await json(
      await call('/bloodTest/slots/hold', {
        body: JSON.stringify({ ...zone, date: openDay(ahead), window: '07-09', sku_ids: [VITAMIN_D_SKU] }),
        token: device,
        headers,
      }),
    );
    expect(held.data?.hold_id, JSON.stringify(held.meta)).toBeTruthy();
    const res = await call('/bloodTestOrder/submit', {
      body: JSON.stringify({
        items: [{ sku_id: VITAMIN_D_SKU }],
        idempotency_key: crypto.randomUUID(),
        patient: country === 'SA' ? SA_PATIENT : KW_PATIENT,
        address_id: her.addresses[country],
        hold_id: held.data.hold_id,
        consent: true,
        consent_version: '2026-11-v1',
        payment_method: method,
      }),
      token: device,
      headers,
    });
    const body = await json(res);
    expect(res.status, JSON.stringify(body)).toBe(200);
    return body.data.order_id as number;
  }

  /** The shopper's blood-test order page (its totals). */
  async function bloodTestPage(her: Shopper, id: number, country: 'SA' | 'KW' = 'SA') {
    const res = await call(`/user/bloodTestOrder/getOrder?id=${id}`, {
      token: device,
      headers: shopperHeaders(her.token, country),
    });
    expect(res.status).toBe(200);
    return (await json(res)).data;
  }

  const collect = (id: number) => staffCall(owner.token, '/staff/visits/collect', { json: { order_id: id } });
  const rowsFor = async (ref: string) =>
    (await env.DB.prepare('SELECT * FROM e_invoices WHERE booking_ref = ? ORDER BY key').bind(ref).all<Row>()).results;

  it('a blood test paid at the visit is a sale when the visit is collected; its cancel before then none; Kuwait none', async () => {
    const her = await newShopper(device, 'einv-visit', ['SA', 'KW']);
    const sa = await bookBloodTest(her, 'SA', 'pay_at_visit');
    const kw = await bookBloodTest(her, 'KW', 'pay_at_visit');
    // Not a sale before the nurse has been (the money is taken at the visit).
    expect(await rowsFor(`blood-test:${sa}`)).toEqual([]);
    for (const id of [sa, kw]) {
      await startVisit(env.DB, id);
      expect((await collect(id)).status).toBe(200);
    }
    const row = await signedRow(`booking:blood-test:${sa}`);
    const page = await bloodTestPage(her, sa);
    expect(page.payment).toMatchObject({ method: 'pay_at_visit' });
    expect(row).toMatchObject({ kind: 'invoice', total_minor: page.totals.total, vat_minor: page.totals.vat });
    const doc = (await checkedChain()).docs.filter((d) => d.key === row.key);
    expect(doc).toHaveLength(1);
    expect(doc[0]!.xml).toContain('<cbc:PaymentMeansCode>10</cbc:PaymentMeansCode>');
    // Kuwait has no VAT: its visit makes no row; a visit paid at the door cancelled before it was no sale.
    const unvisited = await bookBloodTest(her, 'SA', 'pay_at_visit', 5);
    const cancelled = await call('/user/bloodTestOrder/cancel', {
      body: JSON.stringify({ order_id: unvisited }),
      token: device,
      headers: shopperHeaders(her.token, 'SA'),
    });
    expect(cancelled.status).toBe(200);
    await sweepWaitingEInvoices(env);
    expect(await rowsFor(`blood-test:${kw}`)).toEqual([]);
    expect(await rowsFor(`blood-test:${unvisited}`)).toEqual([]);
    expect((await checkedChain()).problems).toEqual([]);
  });

  it('a paid blood test and a consultation refunded to the wallet are credit notes of what went back', async () => {
    const her = await newShopper(device, 'einv-wallet-back', ['SA']);
    await topUp(her.id, 'SAR', 500_000);
    const bt = await bookBloodTest(her, 'SA', 'wallet', 4);
    const invoice = await signedRow(`booking:blood-test:${bt}`);
    const cancelled = await call('/user/bloodTestOrder/cancel', {
      body: JSON.stringify({ order_id: bt }),
      token: device,
      headers: shopperHeaders(her.token, 'SA'),
    });
    const cancelBody = await json(cancelled);
    expect(cancelled.status, JSON.stringify(cancelBody)).toBe(200);
    const note = await signedRow(`booking-refund:blood-test:${bt}`);
    expect(note).toMatchObject({
      kind: 'credit-note',
      invoice_key: invoice.key,
      total_minor: cancelBody.data.refunded_to_wallet,
    });
    expect(note.total_minor).toBe((await bloodTestPage(her, bt)).totals.total);
    expect(note.icv).toBeGreaterThan(invoice.icv!);

    // A consultation paid from the wallet, cancelled in time to the wallet.
    const at = await freeTimeAfter(30, { skip: 6 });
    const booked = await book({ id: her.id, token: her.token }, at, { method: 'wallet' }, { country: 'SA' });
    expect(booked.status, JSON.stringify(booked.body)).toBe(200);
    const id = booked.body.data.consultation.id as number;
    const consultationInvoice = await signedRow(`booking:consultation:${id}`);
    const back = await call(`/user/consultation/${id}/cancel`, {
      body: JSON.stringify({ refund_to: 'wallet' }),
      token: device,
      headers: shopperHeaders(her.token, 'SA'),
    });
    const backBody = await json(back);
    expect(back.status, JSON.stringify(backBody)).toBe(200);
    expect(backBody.data).toMatchObject({ refund_to: 'wallet' });
    const [consultationNote] = (await rowsFor(`consultation:${id}`)).filter((r) => r.kind === 'credit-note');
    expect(consultationNote).toMatchObject({
      invoice_key: consultationInvoice.key,
      total_minor: backBody.data.refunded,
    });
    const signedNote = await signedRow(consultationNote!.key);
    const xml = (await chainStub().documents(signedNote.icv! - 1, 1))[0]!.xml;
    expect(xml).toContain('<cbc:InvoiceTypeCode name="0200000">381</cbc:InvoiceTypeCode>');
    expect(xml).toMatch(new RegExp(`<cac:InvoiceDocumentReference>\\s*<cbc:ID>consultation:${id}</cbc:ID>`));
    expect((await checkedChain()).problems).toEqual([]);
  });

  it('a package bought is the sale; a consultation booked from it is none; its sessions refunded a credit note', async () => {
    const her = await newShopper(device, 'einv-package', ['SA']);
    await topUp(her.id, 'SAR', 500_000);
    const bought = await call('/consultation/package', {
      body: JSON.stringify({ package_id: FIXTURE_PACKAGE, payment: { method: 'wallet' } }),
      token: device,
      headers: shopperHeaders(her.token, 'SA'),
    });
    const boughtBody = await json(bought);
    expect(bought.status, JSON.stringify(boughtBody)).toBe(200);
    const creditId = boughtBody.data.credit_id as number;
    const row = await signedRow(`booking:package:${creditId}`);
    // The price the shopper paid (the package's answer and page), its VAT ZATCA's.
    expect(row.total_minor).toBe(boughtBody.data.price);
    expect(row.vat_minor).toBe(saleVat('SA', boughtBody.data.price, 1500));
    const at = await freeTimeAfter(30, { skip: 3, serviceId: FIXTURE_SERVICES.followUp });
    const session = await book(
      { id: her.id, token: her.token },
      at,
      { method: 'package', credit_id: creditId },
      { serviceId: FIXTURE_SERVICES.followUp, country: 'SA' },
    );
    expect(session.status, JSON.stringify(session.body)).toBe(200);
    await sweepWaitingEInvoices(env);
    const sessionRef = `consultation:${session.body.data.consultation.id}`;
    expect(await rowsFor(sessionRef)).toEqual([]);
    // Her account erased: the session is cancelled back into the package and the package's unused
    // sessions (all four) go back to her wallet: a credit note on the package's invoice, none for the session.
    const erased = await staffCall(owner.token, `/staff/customers/${her.id}/erase`, {
      json: { confirm_email: her.email, reason: 'Asked by mail' },
    });
    expect(erased.status, await erased.clone().text()).toBe(200);
    await sweepWaitingEInvoices(env);
    const note = await signedRow(`booking-refund:package:${creditId}`);
    expect(note).toMatchObject({ kind: 'credit-note', invoice_key: row.key, total_minor: boughtBody.data.price });
    expect(await rowsFor(sessionRef)).toEqual([]);
    const { docs, problems } = await checkedChain();
    expect(problems).toEqual([]);
    expect(docs.filter((d) => d.key === row.key)).toHaveLength(1);
  });

  it('a card refund the gateway fails after its credit note was signed is reversed by a debit note naming it', async () => {
    const her = await newShopper(device, 'einv-debit', ['SA']);
    const order = await paidCardOrder(device, her, { country: 'SA', count: 2 });
    // The sandbox keeps a refund ending in 77 pending until it is settled.
    const pending = await refundOf(owner, order.id, 1_077, 'gateway');
    expect(pending.status, await pending.clone().text()).toBe(200);
    const refundId = (await json(pending)).data.refunds[0].id as number;
    const note = await signedRow(`refund:${refundId}`);
    const settled = await staffCall(owner.token, `/staff/orders/${order.id}/refunds/${refundId}/settle`, {
      json: { status: 'failed' },
    });
    expect(settled.status, await settled.clone().text()).toBe(200);
    // Recorded with the failure, signed by the sweep after the credit note.
    expect(await rowOf(`debit:refund:${refundId}`)).toMatchObject({ kind: 'debit-note', state: 'waiting' });
    await sweepWaitingEInvoices(env);
    const debit = await signedRow(`debit:refund:${refundId}`);
    expect(debit).toMatchObject({ invoice_key: note.key, total_minor: note.total_minor, vat_minor: note.vat_minor });
    expect(debit.icv).toBeGreaterThan(note.icv!);
    const xml = (await chainStub().documents(debit.icv! - 1, 1))[0]!.xml;
    expect(xml).toContain('<cbc:InvoiceTypeCode name="0200000">383</cbc:InvoiceTypeCode>');
    expect(xml).toMatch(new RegExp(`<cac:InvoiceDocumentReference>\\s*<cbc:ID>${order.id}-CN${refundId}</cbc:ID>`));
    expect(xml).toContain(`<cbc:ID>${order.id}-DN${refundId}</cbc:ID>`);
    // The shopper's page: a failed refund and its credit note are no longer shown (no money went back),
    // as the debit note cancels the credit note in the chain.
    const page = await orderPage(her, order.id);
    expect(page.refunds.some((r: { id: number }) => r.id === refundId)).toBe(false);
    const { docs, problems } = await checkedChain();
    expect(problems).toEqual([]);
    expect(docs.filter((d) => d.key === debit.key)).toHaveLength(1);

    // The refund fails while the chain signs its credit note, and another signer drops the note as still
    // waiting: the signed note's row comes back and a debit note reverses it (none is left unreversed).
    const now = Date.now();
    const [inserted] = await env.DB.batch([
      env.DB.prepare(
        `INSERT INTO refunds (order_id, amount, currency, method, reason, status, created_at, updated_at)
         VALUES (?, 3077, 'SAR', 'gateway', 'damaged', 'pending', ?, ?) RETURNING id`,
      ).bind(order.id, now, now),
      orderCreditRecords(env.DB, order.id, now),
    ]);
    const racedId = (inserted!.results[0] as { id: number }).id;
    const raced = new Proxy(env.DB, {
      get(target, prop) {
        if (prop !== 'prepare') return Reflect.get(target, prop);
        return (sql: string) => {
          const statement = target.prepare(sql);
          if (!sql.includes("SET state = 'signed'")) return statement;
          return {
            bind: (...values: unknown[]) => ({
              run: async () => {
                // The failure's batch (payments/refunds.ts), then another signer dropping the waiting note.
                await target.batch([
                  target.prepare("UPDATE refunds SET status = 'failed' WHERE id = ?").bind(racedId),
                  orderDebitRecord(target, racedId, now),
                ]);
                await target
                  .prepare("DELETE FROM e_invoices WHERE key IN (?, ?) AND state = 'waiting'")
                  .bind(`refund:${racedId}`, `debit:refund:${racedId}`)
                  .run();
                return statement.bind(...values).run();
              },
            }),
          };
        };
      },
    });
    await signOrderDocuments(env, raced, order.id);
    const racedNote = await rowOf(`refund:${racedId}`);
    expect(racedNote).toMatchObject({ state: 'signed', kind: 'credit-note', total_minor: 3077 });
    await sweepWaitingEInvoices(env);
    const racedDebit = await signedRow(`debit:refund:${racedId}`);
    expect(racedDebit).toMatchObject({ invoice_key: racedNote!.key, total_minor: 3077 });
    expect(racedDebit.icv).toBeGreaterThan(racedNote!.icv!);
    expect((await checkedChain()).problems).toEqual([]);
  });
});
