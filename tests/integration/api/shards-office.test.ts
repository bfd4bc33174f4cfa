// Payments and the back office find an order in its shard (issue 48, decisions 61 and 62): a shopper
// moved to shard 1 (ORDERS_1) has her card orders paid, failed, swept, refunded, found and worked on
// exactly as one in shard 0, her rows read from and written to ORDERS_1 and nothing of hers left in or
// written to the core's order tables (DB), while the core keeps the stock, coupons, mails and audit.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { userOwner } from '#api/src/db/databases';
import { moveShopper } from '#api/src/db/move-shopper';
import { registerShard } from '#api/src/db/shard-admin';
import { signSandboxEvent } from '#api/src/payment-gateway/sandbox';
import { PENDING_PAYMENT_TTL_MS, sweepStalePayments } from '#api/src/payments/sweep';
import { loyaltyJobs } from '#api/src/loyalty/jobs';
import { loyaltyReport } from '#api/src/loyalty/office/report';
import { gulfDate } from '#shared/gulf-days';
import { freshStart } from '../../support/fresh-start';
import { loadCatalogueFixture } from '../fixtures/catalogue';
import { KW_PATIENT, loadBloodTestFixture, SKU } from '../fixtures/blood-test-booking';
import { addDays } from '#shared/blood-tests/slot-rules';
import { ADDRESSES, call, deviceToken, json, shopperHeaders, stockOf } from './helpers';
import { newShopper, type Shopper } from './loyalty-helpers';
import { staffCall, staffWith, type TestStaff } from './staff-helpers';

const SITE = 'https://shop.test';
const WEBHOOK_SECRET = 'test-payment-webhook-secret-0123456789ab';

let device: string;
let owner: TestStaff;

beforeAll(async () => {
  await freshStart(env.ORDERS_1, env.TEST_SHARD_MIGRATIONS);
  await loadCatalogueFixture(env.DB);
  await loadBloodTestFixture(env.DB);
  await env.DB.prepare('UPDATE skus SET stock = 1000 WHERE id IN (101, 102)').run();
  device = await deviceToken();
  await registerShard(env, 1, 'ORDERS_1');
  owner = await staffWith([{ role: 'owner', country: null }], { name: 'Owner' });
});

/** A shopper with 5.000 KWD in her wallet, moved to shard 1. */
async function movedShopper(tag: string, wallet = 5000): Promise<Shopper> {
  const shopper = await newShopper(device, tag);
  if (wallet)
    await env.DB.batch([
      env.DB.prepare("INSERT INTO wallet_accounts (user_id, currency, balance) VALUES (?, 'KWD', ?)").bind(
        shopper.id,
        wallet,
      ),
      env.DB.prepare(
        "INSERT INTO wallet_ledger (user_id, currency, amount, kind, created_at) VALUES (?, 'KWD', ?, 'top_up', ?)",
      ).bind(shopper.id, wallet, Date.now()),
    ]);
  await moveShopper(env, userOwner(shopper.id), 1, { lockGraceMs: 0 });
  return shopper;
}

const asShopper = (shopper: Shopper, init: { body?: unknown } = {}) => ({
  token: device,
  headers: shopperHeaders(shopper.token),
  ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
});

/** A card order (with part of it paid from her wallet when asked) waiting for its payment. */
async function cardOrder(shopper: Shopper, o: { wallet?: boolean; sku?: number; count?: number } = {}) {
  const res = await call(
    '/order/submit',
    asShopper(shopper, {
      body: {
        items: [{ sku_id: o.sku ?? 101, count: o.count ?? 2 }],
        payment_method: 'card',
        address_id: shopper.addresses.KW,
        idempotency_key: crypto.randomUUID(),
        ...(o.wallet ? { use_wallet: true } : {}),
      },
    }),
  );
  const body = await json(res);
  if (res.status !== 200) throw new Error(`submit failed: ${JSON.stringify(body)}`);
  return { id: body.data.order.id as number, paymentId: body.data.payment.id as string, order: body.data.order };
}

const inShard = (sql: string, ...binds: unknown[]) =>
  env.ORDERS_1.prepare(sql)
    .bind(...binds)
    .first<Record<string, unknown>>();
const inCore = (sql: string, ...binds: unknown[]) =>
  env.DB.prepare(sql)
    .bind(...binds)
    .first<Record<string, unknown>>();
const walletOf = async (userId: number) =>
  (await inShard("SELECT balance FROM wallet_accounts WHERE user_id = ? AND currency = 'KWD'", userId))?.balance;

/** Nothing of this order in the core's order tables: only its index row. */
async function expectNothingInCore(orderId: number, paymentId?: string) {
  const counts = await env.DB.batch([
    env.DB.prepare('SELECT count(*) AS n FROM orders WHERE id = ?').bind(orderId),
    env.DB.prepare('SELECT count(*) AS n FROM order_items WHERE order_id = ?').bind(orderId),
    env.DB.prepare('SELECT count(*) AS n FROM payments WHERE order_id = ? OR id = ?').bind(orderId, paymentId ?? ''),
    env.DB.prepare('SELECT count(*) AS n FROM payment_events WHERE payment_id = ?').bind(paymentId ?? ''),
    env.DB.prepare('SELECT count(*) AS n FROM order_links WHERE order_id = ?').bind(orderId),
    env.DB.prepare('SELECT count(*) AS n FROM refunds WHERE order_id = ?').bind(orderId),
    env.DB.prepare('SELECT count(*) AS n FROM order_events WHERE order_id = ?').bind(orderId),
  ]);
  expect(counts.map((r) => (r.results[0] as { n: number }).n)).toEqual([0, 0, 0, 0, 0, 0, 0]);
}

describe('payments of a shopper in shard 1', () => {
  it('pays her card order through the sandbox page and the webhook, once, in her shard', async () => {
    const shopper = await movedShopper('pay', 0);
    const { id, paymentId } = await cardOrder(shopper);
    expect(paymentId).toMatch(/^pay1_/);
    // The sandbox page finds her payment in the shard its id names.
    const page = await call(`/dev/payments/${paymentId}`, asShopper(shopper));
    expect(page.status).toBe(200);
    expect((await json(page)).data).toMatchObject({ id: paymentId, order_id: id, status: 'initiated' });
    const paid = await call(`/dev/payments/${paymentId}`, asShopper(shopper, { body: { outcome: 'succeeded' } }));
    expect(paid.status).toBe(200);
    expect((await json(paid)).data.status).toBe('succeeded');
    expect(await inShard('SELECT status FROM orders WHERE id = ?', id)).toEqual({ status: 'paid' });
    expect(await inShard('SELECT count(*) AS n FROM payment_events WHERE payment_id = ?', paymentId)).toEqual({ n: 1 });
    // The confirmation mail is the core's, queued once.
    expect(await inCore('SELECT kind FROM mail_outbox WHERE dedupe_key = ?', `order:${id}:confirmation`)).toEqual({
      kind: 'payment_confirmation',
    });
    // The gateway delivering the same outcome again changes nothing.
    const signed = await signSandboxEvent(WEBHOOK_SECRET, { paymentId, outcome: 'succeeded' });
    const hook = await call('/payments/webhook/sandbox', {
      body: signed.body,
      headers: { 'x-sandbox-signature': signed.signature },
    });
    expect(hook.status).toBe(200);
    expect((await json(hook)).data).toEqual({ applied: false, status: 'succeeded' });
    expect(await inShard('SELECT count(*) AS n FROM payment_events WHERE payment_id = ?', paymentId)).toEqual({ n: 1 });
    await expectNothingInCore(id, paymentId);
  });

  it('gives back a failed payment once: stock and coupon in the core, wallet part in her shard', async () => {
    const shopper = await movedShopper('fail');
    const stock = await stockOf(101);
    const { id, paymentId, order } = await cardOrder(shopper, { wallet: true });
    const walletUsed = order.totals.wallet_used as number;
    expect(walletUsed).toBeGreaterThan(0);
    expect(await stockOf(101)).toBe(stock - 2);
    expect(await walletOf(shopper.id)).toBe(5000 - walletUsed);
    const signed = await signSandboxEvent(WEBHOOK_SECRET, { paymentId, outcome: 'failed' });
    const hook = { body: signed.body, headers: { 'x-sandbox-signature': signed.signature } };
    expect((await json(await call('/payments/webhook/sandbox', hook))).data).toEqual({
      applied: true,
      status: 'failed',
    });
    expect(await inShard('SELECT status, holds_stock, wallet_used FROM orders WHERE id = ?', id)).toEqual({
      status: 'payment_failed',
      holds_stock: 0,
      wallet_used: 0,
    });
    expect(await stockOf(101)).toBe(stock);
    expect(await walletOf(shopper.id)).toBe(5000);
    // Again: nothing more given back.
    expect((await json(await call('/payments/webhook/sandbox', hook))).data.applied).toBe(false);
    expect(await stockOf(101)).toBe(stock);
    expect(await walletOf(shopper.id)).toBe(5000);
    await expectNothingInCore(id, paymentId);
  });

  it('settles her stale card charge in the sweep, which walks every shard', async () => {
    const shopper = await movedShopper('stale', 0);
    const stock = await stockOf(102);
    const { id, paymentId } = await cardOrder(shopper, { sku: 102, count: 1 });
    await env.ORDERS_1.prepare('UPDATE payments SET created_at = ? WHERE id = ?')
      .bind(Date.now() - PENDING_PAYMENT_TTL_MS - 1000, paymentId)
      .run();
    expect(await sweepStalePayments(env, SITE)).toBeGreaterThanOrEqual(1);
    expect(await inShard('SELECT status FROM payments WHERE id = ?', paymentId)).toEqual({ status: 'cancelled' });
    expect(await inShard('SELECT status, holds_stock FROM orders WHERE id = ?', id)).toEqual({
      status: 'payment_failed',
      holds_stock: 0,
    });
    expect(await stockOf(102)).toBe(stock);
    await expectNothingInCore(id, paymentId);
  });
});

/** A cash-on-delivery order of hers. */
async function codOrder(shopper: Shopper, count = 1, sku = 101) {
  const res = await call(
    '/order/submit',
    asShopper(shopper, {
      body: {
        items: [{ sku_id: sku, count }],
        payment_method: 'cod',
        address_id: shopper.addresses.KW,
        idempotency_key: crypto.randomUUID(),
      },
    }),
  );
  const body = await json(res);
  if (res.status !== 200) throw new Error(`submit failed: ${JSON.stringify(body)}`);
  return body.data.order.id as number;
}

const staffGet = async (path: string) => json(await staffCall(owner.token, path));
const act = (id: number, step: string, body: unknown = {}) =>
  staffCall(owner.token, `/staff/orders/${id}/${step}`, { json: body });

describe('the back office and an order in shard 1', () => {
  it('finds her order by its number, by her e-mail and in the list, and shows its detail', async () => {
    const shopper = await movedShopper('office', 0);
    const id = await codOrder(shopper, 3);
    const byNumber = await staffGet(`/staff/orders?q=${id}`);
    expect(byNumber.data.orders[0]).toMatchObject({
      id,
      email: shopper.email,
      stage: 'to_confirm',
      total: expect.any(Number),
    });
    const byMail = await staffGet(`/staff/orders?q=${encodeURIComponent(shopper.email.slice(0, 20))}`);
    expect(byMail.data.orders.map((o: { id: number }) => o.id)).toEqual([id]);
    const list = await staffGet('/staff/orders');
    expect(list.data.orders[0]).toMatchObject({ id, email: shopper.email });
    // A shard-0 order placed after hers comes first: the shards' answers are merged newest first.
    const other = await newShopper(device, 'office-core');
    const coreId = await codOrder(other);
    expect((await staffGet('/staff/orders')).data.orders.slice(0, 2).map((o: { id: number }) => o.id)).toEqual([
      coreId,
      id,
    ]);
    const detail = await staffGet(`/staff/orders/${id}`);
    expect(detail.data.order).toMatchObject({
      id,
      email: shopper.email,
      user_name: 'Noura Points',
      stage: 'to_confirm',
    });
    expect(detail.data.items).toEqual([expect.objectContaining({ order_id: id, sku_id: 101, count: 3 })]);
    expect(detail.data.next).toMatchObject({ confirm: true, cancel: true });
  });

  it('works her order through its steps in her shard, with the mails and audit rows in the core', async () => {
    const shopper = await movedShopper('steps', 0);
    const id = await codOrder(shopper);
    for (const [name, body] of [
      ['confirm', {}],
      ['pack', {}],
      ['ship', { carrier: 'aramex', tracking_number: `T${id}` }],
      ['deliver', {}],
    ] as const) {
      const res = await act(id, name, body);
      expect(res.status, name).toBe(200);
    }
    const last = await staffGet(`/staff/orders/${id}`);
    expect(last.data.order).toMatchObject({ status: 'delivered', stage: 'delivered', tracking_number: `T${id}` });
    expect(last.data.events.map((e: { kind: string; staff_name: string }) => [e.kind, e.staff_name])).toEqual(
      expect.arrayContaining([
        ['confirmed', 'Owner'],
        ['delivered', 'Owner'],
      ]),
    );
    expect(await inShard('SELECT status FROM orders WHERE id = ?', id)).toEqual({ status: 'delivered' });
    expect(await inShard('SELECT count(*) AS n FROM order_events WHERE order_id = ?', id)).toEqual({ n: 4 });
    // Her points for the delivery are in her shard.
    expect(
      await inShard("SELECT count(*) AS n FROM points_ledger WHERE order_id = ? AND kind = 'earn_order'", id),
    ).toEqual({ n: 1 });
    expect(await inCore('SELECT count(*) AS n FROM points_ledger WHERE user_id = ?', shopper.id)).toEqual({ n: 0 });
    // A wrong step is refused from her shard's state, as in shard 0.
    expect((await act(id, 'confirm')).status).toBe(409);
    const mails = await env.DB.prepare('SELECT dedupe_key FROM mail_outbox WHERE dedupe_key LIKE ? ORDER BY id')
      .bind(`order:${id}:%`)
      .all<{ dedupe_key: string }>();
    expect(mails.results.map((m) => m.dedupe_key)).toEqual(
      expect.arrayContaining([`order:${id}:confirmed`, `order:${id}:shipped`, `order:${id}:delivered`]),
    );
    expect(
      await inCore("SELECT count(*) AS n FROM audit_log WHERE resource = 'order' AND resource_id = ?", String(id)),
    ).toEqual({ n: 4 });
    await expectNothingInCore(id);
  });

  it('refunds her order once in her shard for a refund form sent twice at once', async () => {
    const shopper = await movedShopper('refund-once', 0);
    const id = await codOrder(shopper, 3);
    for (const [name, body] of [
      ['confirm', {}],
      ['pack', {}],
      ['ship', { carrier: 'aramex', tracking_number: `R${id}` }],
      ['deliver', {}],
    ] as const)
      expect((await act(id, name, body)).status, name).toBe(200);
    const form = { amount: 500, method: 'wallet', reason: 'goodwill', idempotency_key: crypto.randomUUID() };
    const both = await Promise.all([act(id, 'refund', form), act(id, 'refund', form)]);
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    expect(await inShard('SELECT count(*) AS n, sum(amount) AS sum FROM refunds WHERE order_id = ?', id)).toEqual({
      n: 1,
      sum: 500,
    });
    expect(await walletOf(shopper.id)).toBe(500);
    expect(
      await inCore("SELECT count(*) AS n FROM audit_log WHERE action = 'order.refund' AND resource_id = ?", String(id)),
    ).toEqual({ n: 1 });
    await expectNothingInCore(id);
  });

  it('cancels her paid card order: stock back in the core, wallet part and card refund in her shard, once', async () => {
    const shopper = await movedShopper('cancel');
    const stock = await stockOf(101);
    const { id, paymentId, order } = await cardOrder(shopper, { wallet: true });
    const paid = await call(`/dev/payments/${paymentId}`, asShopper(shopper, { body: { outcome: 'succeeded' } }));
    expect(paid.status).toBe(200);
    const total = order.totals.total as number;
    const res = await act(id, 'cancel', { confirm: true, refund_method: 'wallet' });
    expect(res.status).toBe(200);
    const detail = (await json(res)).data;
    expect(detail.order).toMatchObject({ status: 'cancelled', holds_stock: 0 });
    expect(detail.refunds).toEqual([
      expect.objectContaining({ method: 'wallet', reason: 'cancelled', staff_name: 'Owner' }),
    ]);
    // Everything she paid is back in her wallet: the wallet part by the release, the card part refunded.
    expect(await walletOf(shopper.id)).toBe(5000 + total - (order.totals.wallet_used as number));
    expect(await stockOf(101)).toBe(stock);
    // Cancelling again is refused and gives back nothing more.
    expect((await act(id, 'cancel', { confirm: true, refund_method: 'wallet' })).status).toBe(409);
    expect(await stockOf(101)).toBe(stock);
    expect(await inShard('SELECT count(*) AS n FROM refunds WHERE order_id = ?', id)).toEqual({ n: 1 });
    await expectNothingInCore(id, paymentId);
  });
});

describe('the back office over every shard', () => {
  it("finds a moved shopper for a one-country member of her records' country only", async () => {
    // A Saudi shopper whose records are all in her shard (a SAR wallet), her address deleted: the core
    // holds nothing of her country.
    const shopper = await newShopper(device, 'search-sa', ['SA']);
    await moveShopper(env, userOwner(shopper.id), 1, { lockGraceMs: 0 });
    await env.ORDERS_1.prepare("INSERT INTO wallet_accounts (user_id, currency, balance) VALUES (?, 'SAR', 1000)")
      .bind(shopper.id)
      .run();
    await env.DB.prepare('UPDATE addresses SET deleted_at = ? WHERE user_id = ?').bind(Date.now(), shopper.id).run();
    const search = async (country: 'KW' | 'SA') => {
      const support = await staffWith([{ role: 'support', country }]);
      const res = await staffCall(support.token, `/staff/customers?q=${encodeURIComponent(shopper.email)}`);
      return ((await json(res)).data.customers as { id: number }[]).map((x) => x.id);
    };
    expect(await search('KW')).toEqual([]);
    expect(await search('SA')).toEqual([shopper.id]);
    // A Kuwaiti order in her shard beside her Saudi address in the core: she is Kuwait's shopper too.
    const kuwaiti = await newShopper(device, 'search-kw-order', ['KW', 'SA']);
    await moveShopper(env, userOwner(kuwaiti.id), 1, { lockGraceMs: 0 });
    await codOrder(kuwaiti);
    await env.DB.prepare('UPDATE addresses SET deleted_at = ? WHERE id = ?')
      .bind(Date.now(), kuwaiti.addresses.KW)
      .run();
    const found = async (country: 'KW' | 'SA') => {
      const support = await staffWith([{ role: 'support', country }]);
      const res = await staffCall(support.token, `/staff/customers?q=${encodeURIComponent(kuwaiti.email)}`);
      return ((await json(res)).data.customers as { id: number }[]).map((x) => x.id);
    };
    expect(await found('KW')).toEqual([kuwaiti.id]);
    expect(await found('SA')).toEqual([kuwaiti.id]);
  });

  it("shows a customer's orders and wallet from her shard, and adjusts her wallet there", async () => {
    const shopper = await movedShopper('customer');
    const id = await codOrder(shopper);
    const page = await staffGet(`/staff/customers/${shopper.id}`);
    expect(page.data.orders.map((o: { id: number }) => o.id)).toEqual([id]);
    expect(page.data.wallets).toEqual([{ currency: 'KWD', balance: 5000 }]);
    expect(page.data.countries).toContain('KW');
    const found = await staffGet(`/staff/customers?q=${encodeURIComponent(shopper.email)}`);
    expect(found.data.customers).toEqual([expect.objectContaining({ id: shopper.id, orders: 1 })]);
    // The same form sent twice at once: her shard moves it once, the core audits it once.
    const form = {
      currency: 'KWD',
      direction: 'credit',
      amount: '1.250',
      reason_code: 'goodwill',
      note: 'late parcel',
      idempotency_key: crypto.randomUUID(),
    };
    const adjust = await Promise.all([
      staffCall(owner.token, `/staff/customers/${shopper.id}/wallet`, { json: form }),
      staffCall(owner.token, `/staff/customers/${shopper.id}/wallet`, { json: form }),
    ]);
    expect(adjust.map((r) => r.status)).toEqual([200, 200]);
    const answers = await Promise.all(adjust.map(async (r) => (await json(r)).data));
    expect(answers.sort((a, b) => Number(a.replayed) - Number(b.replayed))).toEqual([
      { currency: 'KWD', balance: 6250, replayed: false },
      { currency: 'KWD', balance: 6250, replayed: true },
    ]);
    expect(await walletOf(shopper.id)).toBe(6250);
    const ledger = (await staffGet(`/staff/customers/${shopper.id}`)).data.ledger;
    expect(ledger[0]).toMatchObject({ kind: 'adjustment', amount: 1250, staff_name: 'Owner' });
    expect(ledger.filter((l: { kind: string }) => l.kind === 'adjustment')).toHaveLength(1);
    expect(await inCore('SELECT count(*) AS n FROM wallet_ledger WHERE user_id = ?', shopper.id)).toEqual({ n: 0 });
    expect(
      await inCore(
        "SELECT count(*) AS n FROM audit_log WHERE action = 'wallet.adjust' AND resource_id = ?",
        String(shopper.id),
      ),
    ).toEqual({ n: 1 });
  });

  it("adds her orders to the dashboard's day", async () => {
    const shopper = await movedShopper('dashboard', 0);
    const kw = async () =>
      (await staffGet('/staff/dashboard')).data.countries.find((d: { country: string }) => d.country === 'KW');
    const before = await kw();
    await codOrder(shopper);
    const after = await kw();
    expect(after.orders).toBe(before.orders + 1);
    expect(after.to_confirm).toBe(before.to_confirm + 1);
    expect(after.orders_total).toBeGreaterThan(before.orders_total);
  });

  it('keeps a size that only an order in shard 1 bought', async () => {
    await env.DB.prepare(
      "INSERT INTO skus (id, product_id, name_en, name_ar, price, old_price, stock, buy_limit, sort_order) VALUES (9901, 1, 'Trial', 'تجربة', 1000, NULL, 50, 10, 9)",
    ).run();
    const shopper = await movedShopper('sold', 0);
    await codOrder(shopper, 1, 9901);
    const res = await staffCall(owner.token, '/staff/catalogue/skus/9901/delete', { json: { confirm: 'on' } });
    expect(res.status).toBe(409);
    expect(await json(res)).toMatchObject({ meta: { msg: 'sku_has_orders' }, data: { orders: 1 } });
    expect(await inCore('SELECT id FROM skus WHERE id = 9901')).toEqual({ id: 9901 });
  });
});

describe('loyalty of a shopper in shard 1', () => {
  it('credits her birthday in her shard once, and the back office shows, adjusts and reports her points', async () => {
    const shopper = await movedShopper('points', 0);
    const now = Date.now();
    const day = gulfDate(now);
    await env.DB.prepare('UPDATE users SET birthday = ?, birthday_set_at = ? WHERE id = ?')
      .bind(day.slice(5), now - 40 * 24 * 60 * 60 * 1000, shopper.id)
      .run();
    const key = `birthday:${shopper.id}:${day.slice(0, 4)}`;
    await loyaltyJobs(env, SITE, now);
    await loyaltyJobs(env, SITE, now);
    expect(await inShard('SELECT amount FROM points_ledger WHERE event_key = ?', key)).toEqual({ amount: 100 });
    expect(await inShard('SELECT count(*) AS n FROM points_ledger WHERE user_id = ?', shopper.id)).toEqual({ n: 1 });
    expect(await inCore('SELECT kind FROM mail_outbox WHERE dedupe_key = ?', `points:${key}`)).toEqual({
      kind: 'points_birthday',
    });
    const month = day.slice(0, 7);
    const issued = async () => (await loyaltyReport(env, month, ['KW'])).countries[0]!.months.at(-1)!.issued_total;
    const before = await issued();
    const view = await staffGet(`/staff/loyalty/customers/${shopper.id}`);
    expect(view.data.accounts).toEqual([expect.objectContaining({ country: 'KW', balance: 100 })]);
    expect(view.data.lines[0]).toMatchObject({ kind: 'earn_birthday', amount: 100, staff_name: null });
    const adjust = await staffCall(owner.token, `/staff/loyalty/customers/${shopper.id}/adjust`, {
      json: { country: 'KW', direction: 'add', points: '25', reason: 'late parcel', event_key: crypto.randomUUID() },
    });
    expect(adjust.status).toBe(200);
    expect((await json(adjust)).data).toMatchObject({ country: 'KW', balance: 125, replayed: false });
    const after = await staffGet(`/staff/loyalty/customers/${shopper.id}`);
    expect(after.data.lines[0]).toMatchObject({ kind: 'adjustment', amount: 25, staff_name: 'Owner' });
    expect(await issued()).toBe(before + 25);
    expect(await inCore('SELECT count(*) AS n FROM points_ledger WHERE user_id = ?', shopper.id)).toEqual({ n: 0 });
    expect(
      await inCore(
        "SELECT count(*) AS n FROM audit_log WHERE action = 'points.adjust' AND resource_id = ?",
        String(shopper.id),
      ),
    ).toEqual({ n: 1 });
  });

  it("rewards a referrer in shard 1 in her shard for a friend's delivered order in shard 0", async () => {
    const referrer = await movedShopper('referrer', 0);
    const code = `R${referrer.id}X`;
    await env.DB.prepare('INSERT INTO referral_codes (user_id, code, created_at) VALUES (?, ?, ?)')
      .bind(referrer.id, code, Date.now())
      .run();
    const friendDevice = await deviceToken();
    const friend = await newShopper(friendDevice, 'friend', []);
    const res = await call('/order/submit', {
      body: JSON.stringify({
        items: [{ sku_id: 101, count: 3 }],
        referral_code: code,
        payment_method: 'cod',
        address: { ...ADDRESSES.KW, phone: '98761234', block: String(Math.floor(Math.random() * 1e6)) },
        idempotency_key: crypto.randomUUID(),
      }),
      token: friendDevice,
      headers: shopperHeaders(friend.token),
    });
    const placed = await json(res);
    expect(res.status, JSON.stringify(placed.meta)).toBe(200);
    const id = placed.data.order.id as number;
    for (const [name, body] of [
      ['confirm', {}],
      ['pack', {}],
      ['ship', { carrier: 'aramex', tracking_number: `T${id}` }],
      ['deliver', {}],
    ] as const)
      expect((await act(id, name, body)).status, name).toBe(200);
    expect(await inCore('SELECT status FROM referrals WHERE order_id = ?', id)).toEqual({ status: 'rewarded' });
    expect(
      await inShard("SELECT amount FROM points_ledger WHERE user_id = ? AND kind = 'earn_referral'", referrer.id),
    ).toEqual({ amount: 500 });
    expect(await inCore('SELECT count(*) AS n FROM points_ledger WHERE user_id = ?', referrer.id)).toEqual({ n: 0 });
  });
});

describe('a blood test paid from the wallet of a shopper in shard 1', () => {
  /** An open day (not a Friday) a few days ahead, Gulf time. */
  function openDay(ahead = 3): string {
    let d = addDays(gulfDate(Date.now()), ahead);
    while (new Date(`${d}T00:00:00Z`).getUTCDay() === 5) d = addDays(d, 1);
    return d;
  }

  it('books in the core and debits her wallet in her shard once; a failed card part gives it back there', async () => {
    const shopper = await movedShopper('blood');
    const held = await json(
      await call(
        '/bloodTest/slots/hold',
        asShopper(shopper, { body: { area_id: 26, date: openDay(), window: '07-09', sku_ids: [SKU.plain] } }),
      ),
    );
    const quote = await json(
      await call(
        '/bloodTestOrder/calculate',
        asShopper(shopper, { body: { items: [{ sku_id: SKU.plain }], use_wallet: true } }),
      ),
    );
    expect(quote.data).toMatchObject({ wallet_balance: 5000, wallet_used: 5000 });
    const body = {
      items: [{ sku_id: SKU.plain }],
      idempotency_key: crypto.randomUUID(),
      patient: KW_PATIENT,
      address_id: shopper.addresses.KW,
      hold_id: held.data.hold_id,
      consent: true,
      consent_version: '2026-11-v1',
      payment_method: 'card',
      use_wallet: true,
    };
    const res = await call('/bloodTestOrder/submit', asShopper(shopper, { body }));
    const booked = await json(res);
    expect(res.status, JSON.stringify(booked.meta)).toBe(200);
    const orderId = booked.data.order_id as number;
    expect(await walletOf(shopper.id)).toBe(0);
    // The same key again finds the booking and debits nothing more.
    const again = await json(await call('/bloodTestOrder/submit', asShopper(shopper, { body })));
    expect(again.data).toMatchObject({ order_id: orderId, replayed: true });
    expect(await walletOf(shopper.id)).toBe(0);
    expect(
      await inShard(
        "SELECT count(*) AS n FROM wallet_ledger WHERE blood_test_order_id = ? AND kind = 'order_payment'",
        orderId,
      ),
    ).toEqual({ n: 1 });
    expect(await inCore('SELECT count(*) AS n FROM wallet_ledger WHERE user_id = ?', shopper.id)).toEqual({ n: 0 });
    // Its card part fails: the booking's place and wallet part come back, the wallet in her shard.
    const payment = await inCore('SELECT id FROM payments WHERE blood_test_order_id = ?', orderId);
    expect(String(payment!.id)).toMatch(/^pay_/);
    const signed = await signSandboxEvent(WEBHOOK_SECRET, { paymentId: String(payment!.id), outcome: 'failed' });
    const hook = { body: signed.body, headers: { 'x-sandbox-signature': signed.signature } };
    expect((await json(await call('/payments/webhook/sandbox', hook))).data.applied).toBe(true);
    expect(await inCore('SELECT status FROM blood_test_orders WHERE id = ?', orderId)).toEqual({
      status: 'payment_failed',
    });
    expect(await walletOf(shopper.id)).toBe(5000);
    expect(await inCore('SELECT count(*) AS n FROM wallet_accounts WHERE user_id = ?', shopper.id)).toEqual({ n: 0 });
  });

  it('gives a cancelled booking back to her wallet in her shard, once', async () => {
    const shopper = await movedShopper('blood-cancel', 10000);
    const held = await json(
      await call(
        '/bloodTest/slots/hold',
        asShopper(shopper, { body: { area_id: 26, date: openDay(5), window: '07-09', sku_ids: [SKU.plain] } }),
      ),
    );
    const res = await call(
      '/bloodTestOrder/submit',
      asShopper(shopper, {
        body: {
          items: [{ sku_id: SKU.plain }],
          idempotency_key: crypto.randomUUID(),
          patient: KW_PATIENT,
          address_id: shopper.addresses.KW,
          hold_id: held.data.hold_id,
          consent: true,
          consent_version: '2026-11-v1',
          payment_method: 'wallet',
        },
      }),
    );
    const booked = await json(res);
    expect(res.status, JSON.stringify(booked.meta)).toBe(200);
    expect(booked.data.status).toBe('booked');
    expect(await walletOf(shopper.id)).toBe(2000);
    const cancel = () =>
      call('/user/bloodTestOrder/cancel', asShopper(shopper, { body: { order_id: booked.data.order_id } }));
    expect((await json(await cancel())).data).toMatchObject({ status: 'cancelled', refunded_to_wallet: 8000 });
    expect(await walletOf(shopper.id)).toBe(10000);
    await cancel();
    expect(await walletOf(shopper.id)).toBe(10000);
    expect(await inCore('SELECT count(*) AS n FROM wallet_ledger WHERE user_id = ?', shopper.id)).toEqual({ n: 0 });
  });
});
