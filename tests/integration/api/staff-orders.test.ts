// The back office's orders: lists scoped by the country grant, the fulfilment steps with
// their mails in the order's language, 409 from a wrong state (also under a race), cancel giving
// back stock and coupon, refunds that keep the wallet ledger equal to the balance and never exceed
// what was paid, and an audit row for every change.
import { env } from 'cloudflare:workers';
import { listWhere } from '#api/src/order-office/detail';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogueFixture } from '../fixtures/catalogue';
import { settleRefund, sweepPendingRefunds, REFUND_PENDING_AFTER_MS } from '#api/src/payments/refunds';
import type { Gateway, RefundReport } from '#api/src/payment-gateway/gateway';
import { hmacHex } from '#shared/api/signing';
import { formatMinor } from '#shared/money';
import { COUNTRY_CODES, currencyOf } from '#shared/countries';
import { b64urlEncode } from '#api/src/push/b64';
import { call, deviceToken, json, saveAddress, registerShopper } from './helpers';
import { staffCall, staffWith, type TestStaff } from './staff-helpers';

let device: string;
let shopper: string;
let shopperId: number;
let addressKW: number;
let addressSA: number;
let clerkKW: TestStaff;
let support: TestStaff;
let owner: TestStaff;

/** Where the shopper's links in mails point (the test's SITE_ORIGIN is no concern here). */
const SITE = 'https://shop.test';

const headers = (user: string | null, country: string, lang: string): Record<string, string> => ({
  ...(user ? { authorization: `Bearer ${user}` } : {}),
  'x-country': country,
  lang,
});
const post = (path: string, body: unknown, user: string | null, country = 'KW', lang = 'en') =>
  call(path, { body: JSON.stringify(body), token: device, headers: headers(user, country, lang) });
const stock = async (sku: number) =>
  (await env.DB.prepare('SELECT stock FROM skus WHERE id = ?').bind(sku).first<{ stock: number }>())!.stock;

/**
 * The sandbox gateway's webhook about a refund of `amount` fils, signed with the test secret as the
 * gateway signs it (or with `signature`, to forge one).
 */
async function refundWebhook(refundId: number, status: 'succeeded' | 'failed', amount: number, signature?: string) {
  const body = JSON.stringify({
    object: 'refund',
    providerRef: `sbx_re_${refundId}`,
    refundId,
    status,
    amount,
    currency: 'KWD',
  });
  const sign = signature ?? (await hmacHex('test-payment-webhook-secret-0123456789ab', body));
  return call('/payments/webhook/sandbox', { body, headers: { 'x-sandbox-signature': sign } });
}

async function placeCod(
  o: { country?: 'KW' | 'SA'; lang?: 'en' | 'ar'; sku?: number; count?: number; coupon?: string } = {},
): Promise<number> {
  const country = o.country ?? 'KW';
  const res = await post(
    '/order/submit',
    {
      items: [{ sku_id: o.sku ?? 101, count: o.count ?? 1 }],
      payment_method: 'cod',
      address_id: country === 'KW' ? addressKW : addressSA,
      idempotency_key: crypto.randomUUID(),
      ...(o.coupon ? { coupon: o.coupon } : {}),
    },
    shopper,
    country,
    o.lang ?? 'en',
  );
  const body = await json(res);
  if (res.status !== 200) throw new Error(`submit failed: ${JSON.stringify(body)}`);
  return body.data.order.id;
}

/** A step as its form sends it: a refund's form carries a key of its own (minted when it is shown). */
const act = (member: TestStaff, id: number, step: string, body: object = {}) =>
  staffCall(member.token, `/staff/orders/${id}/${step}`, {
    json: step === 'refund' ? { idempotency_key: crypto.randomUUID(), ...body } : body,
  });

/** A card order (optionally with part paid from the wallet) whose sandbox payment succeeded. */
async function paidCardOrder(o: { sku?: number; count?: number; wallet?: boolean; lang?: 'en' | 'ar' } = {}) {
  const submit = await json(
    await post(
      '/order/submit',
      {
        items: [{ sku_id: o.sku ?? 101, count: o.count ?? 1 }],
        payment_method: 'card',
        address_id: addressKW,
        idempotency_key: crypto.randomUUID(),
        ...(o.wallet ? { use_wallet: true } : {}),
      },
      shopper,
      'KW',
      o.lang ?? 'en',
    ),
  );
  if (!submit.data?.payment) throw new Error(`card submit failed: ${JSON.stringify(submit)}`);
  const paid = await call(`/dev/payments/${submit.data.payment.id}`, {
    body: JSON.stringify({ outcome: 'succeeded' }),
    token: device,
    headers: headers(shopper, 'KW', 'en'),
  });
  if (paid.status !== 200) throw new Error('sandbox payment failed');
  return { id: submit.data.order.id as number, card: submit.data.order.totals.due as number };
}

/** The shopper's mail with this dedupe key, or null. */
const outboxMail = (key: string) =>
  env.DB.prepare('SELECT lang, subject, body_text, to_address FROM mail_outbox WHERE dedupe_key = ?')
    .bind(key)
    .first<{ lang: string; subject: string; body_text: string; to_address: string }>();

async function walletConsistent(userId: number) {
  const row = await env.DB.prepare(
    `SELECT coalesce((SELECT sum(amount) FROM wallet_ledger WHERE user_id = ?1 AND currency = 'KWD'), 0) AS ledger,
            coalesce((SELECT balance FROM wallet_accounts WHERE user_id = ?1 AND currency = 'KWD'), 0) AS balance`,
  )
    .bind(userId)
    .first<{ ledger: number; balance: number }>();
  expect(row!.ledger).toBe(row!.balance);
  return row!.balance;
}

beforeAll(async () => {
  await loadCatalogueFixture(env.DB);
  await env.DB.prepare(
    "INSERT OR IGNORE INTO coupons (id, code, kind, value, min_subtotal_fils, max_uses, once_per_shopper) VALUES (41, 'STAFFTEN', 'percent', 1000, 0, 5, 0)",
  ).run();
  device = await deviceToken();
  ({ token: shopper, id: shopperId } = await registerShopper(device, 'staff-orders'));
  addressKW = await saveAddress(device, shopper, 'KW', { recipient: 'Noura' });
  addressSA = await saveAddress(device, shopper, 'SA');
  clerkKW = await staffWith([{ role: 'fulfilment', country: 'KW' }], { name: 'Clerk KW' });
  support = await staffWith([{ role: 'support', country: null }], { name: 'Support' });
  owner = await staffWith([{ role: 'owner', country: null }], { name: 'Owner' });
});

describe('the order list', () => {
  it("shows a Kuwait-only clerk Kuwait's orders alone, and refuses a Saudi order's detail and steps", async () => {
    const kw = await placeCod();
    const sa = await placeCod({ country: 'SA', sku: 101 });
    const list = await json(await staffCall(clerkKW.token, '/staff/orders'));
    const ids = list.data.orders.map((o: { id: number }) => o.id);
    expect(ids).toContain(kw);
    expect(ids).not.toContain(sa);
    expect(list.data.orders.every((o: { country: string }) => o.country === 'KW')).toBe(true);
    const asked = await json(await staffCall(clerkKW.token, '/staff/orders?country=SA'));
    expect(asked.data.orders).toEqual([]);
    expect((await staffCall(clerkKW.token, `/staff/orders/${sa}`)).status).toBe(403);
    expect((await act(clerkKW, sa, 'confirm')).status).toBe(403);
    const all = await json(await staffCall(owner.token, '/staff/orders'));
    expect(all.data.orders.map((o: { id: number }) => o.id)).toEqual(expect.arrayContaining([kw, sa]));
  });

  it('finds an order by its number, the e-mail, the name or the phone, and filters by stage', async () => {
    const id = await placeCod();
    for (const q of [String(id), 'staff-orders-', 'Noura', '98765432']) {
      const found = await json(await staffCall(owner.token, `/staff/orders?q=${encodeURIComponent(q)}`));
      expect(
        found.data.orders.map((o: { id: number }) => o.id),
        q,
      ).toContain(id);
    }
    const none = await json(await staffCall(owner.token, '/staff/orders?q=nobody-at-all'));
    expect(none.data.orders).toEqual([]);
    const toConfirm = await json(await staffCall(owner.token, '/staff/orders?stage=to_confirm'));
    expect(toConfirm.data.orders.every((o: { stage: string }) => o.stage === 'to_confirm')).toBe(true);
    const newest = toConfirm.data.orders.map((o: { created_at: number }) => o.created_at);
    expect([...newest].sort((a, b) => b - a)).toEqual(newest);
  });

  it('searches names and phones in the last three months unless dates are set, and an order number at any age', async () => {
    const id = await placeCod();
    const longAgo = Date.now() - 400 * 24 * 60 * 60 * 1000;
    await env.DB.prepare('UPDATE orders SET created_at = ? WHERE id = ?').bind(longAgo, id).run();
    const ids = async (query: string) =>
      (await json(await staffCall(owner.token, `/staff/orders?${query}`))).data.orders.map((o: { id: number }) => o.id);
    expect(await ids('q=Noura')).not.toContain(id);
    expect(await ids('q=98765432')).not.toContain(id);
    const day = new Date(longAgo).toISOString().slice(0, 10);
    expect(await ids(`q=Noura&from=${day}`)).toContain(id);
    // Its number finds it at any age, first; and only within the grant.
    expect((await ids(`q=${id}`))[0]).toBe(id);
    expect(await json(await staffCall(clerkKW.token, `/staff/orders?q=${id}`))).toMatchObject({
      data: { orders: [expect.objectContaining({ id })] },
    });
    const sa = await placeCod({ country: 'SA', sku: 101 });
    expect((await json(await staffCall(clerkKW.token, `/staff/orders?q=${sa}`))).data.orders).toEqual([]);
  });

  it('walks the newest orders by the date index for a member who sees every country (no sort of every order)', async () => {
    // Also between two days, each order's on its own country's clocks (issue 77's leftovers).
    for (const q of [{}, { from: '2026-11-01', to: '2026-11-28' }]) {
      const { sql, values } = listWhere(q, [...COUNTRY_CODES]);
      const { results } = await env.DB.prepare(
        `EXPLAIN QUERY PLAN SELECT o.id FROM orders o LEFT JOIN users u ON u.id = o.user_id LEFT JOIN order_gifts g ON g.order_id = o.id
         WHERE ${sql} ORDER BY o.created_at DESC, o.id DESC LIMIT 31`,
      )
        .bind(...values)
        .all<{ detail: string }>();
      const plan = results.map((r) => r.detail).join('\n');
      expect(plan).toMatch(
        q.from
          ? /SEARCH o USING INDEX orders_created \(created_at>\? AND created_at<\?\)/
          : /SCAN o USING INDEX orders_created/,
      );
      expect(plan).not.toMatch(/TEMP B-TREE/);
    }
  });

  it("lists every country's orders of a day by each one's own clocks (issue 77's leftovers)", async () => {
    // One instant, two days: 20:30 UTC on 15 March 2025 is 23:30 on the 15th in Kuwait, 00:30 on the 16th
    // in Dubai. The Emirates' order is a Saudi one moved there, with their currency (both of 2 decimals):
    // the list reads its country and instant, the figures below its currency.
    const at = Date.parse('2025-03-15T20:30:00Z');
    const kw = await placeCod();
    const ae = await placeCod({ country: 'SA' });
    await env.DB.batch([
      env.DB.prepare('UPDATE orders SET created_at = ? WHERE id IN (?, ?)').bind(at, ae, kw),
      env.DB.prepare("UPDATE orders SET country = 'AE', currency = ? WHERE id = ?").bind(currencyOf('AE'), ae),
    ]);
    const ofDay = async (date: string) =>
      (await json(await staffCall(owner.token, `/staff/orders?from=${date}&to=${date}`))).data.orders.map(
        (o: { id: number }) => o.id,
      );
    expect(await ofDay('2025-03-15')).toEqual([kw]);
    expect(await ofDay('2025-03-16')).toEqual([ae]);
  });
});

describe("the back office's figures per country (issue 77)", () => {
  it('answers one entry per country of the registry, in its order and currency, and a clerk her own alone', async () => {
    await placeCod();
    await placeCod({ country: 'SA' });
    const countriesOf = async (member: TestStaff, path: string) => {
      const res = await staffCall(member.token, path);
      expect(res.status, path).toBe(200);
      return (await json(res)).data.countries as Array<{ country: string; currency?: string }>;
    };
    for (const path of [
      '/staff/dashboard',
      '/staff/settings/amounts',
      '/staff/settings/delivery',
      '/staff/loyalty/rules',
      '/staff/loyalty/report',
    ])
      expect(
        (await countriesOf(owner, path)).map((d) => d.country),
        path,
      ).toEqual([...COUNTRY_CODES]);
    const days = await countriesOf(owner, '/staff/dashboard');
    expect(days.map((d) => d.currency)).toEqual(COUNTRY_CODES.map(currencyOf));
    // The cart reminders' incentive is set per country of the registry too.
    const reminders = await json(await staffCall(owner.token, '/staff/cart-reminders'));
    expect(Object.keys(reminders.data.settings.incentive)).toEqual([...COUNTRY_CODES]);
    expect((await countriesOf(clerkKW, '/staff/dashboard')).map((d) => d.country)).toEqual(['KW']);
  });
});

describe('fulfilment steps', () => {
  it('confirms, packs, ships and delivers, mailing each step in the order language, audited', async () => {
    const id = await placeCod({ lang: 'ar' });
    expect((await act(clerkKW, id, 'confirm')).status).toBe(200);
    expect((await act(clerkKW, id, 'pack')).status).toBe(200);
    const noTracking = await act(clerkKW, id, 'ship', { carrier: 'aramex' });
    expect(noTracking.status).toBe(400);
    const shipped = await json(await act(clerkKW, id, 'ship', { carrier: 'aramex', tracking_number: 'AWB123456789' }));
    expect(shipped.data.order).toMatchObject({ status: 'shipped', carrier: 'aramex', tracking_number: 'AWB123456789' });
    const delivered = await json(await act(clerkKW, id, 'deliver'));
    expect(delivered.data.order.stage).toBe('delivered');
    expect(delivered.data.events.map((e: { kind: string }) => e.kind)).toEqual([
      'confirmed',
      'packed',
      'shipped',
      'delivered',
    ]);

    const mails = await env.DB.prepare(
      "SELECT dedupe_key, lang, subject, body_text FROM mail_outbox WHERE kind = 'order_update' AND dedupe_key LIKE ? ORDER BY id",
    )
      .bind(`order:${id}:%`)
      .all<{ dedupe_key: string; lang: string; subject: string; body_text: string }>();
    expect(mails.results.map((m) => m.dedupe_key)).toEqual([
      `order:${id}:confirmed`,
      `order:${id}:shipped`,
      `order:${id}:delivered`,
    ]);
    expect(mails.results.every((m) => m.lang === 'ar')).toBe(true);
    expect(mails.results[1]!.subject).toContain('تم شحن طلبك');
    expect(mails.results[1]!.body_text).toContain('AWB123456789');
    expect(mails.results[1]!.body_text).toContain('أرامكس');

    const audit = await env.DB.prepare(
      "SELECT action, staff_id FROM audit_log WHERE resource = 'order' AND resource_id = ? ORDER BY id",
    )
      .bind(String(id))
      .all<{ action: string; staff_id: number }>();
    expect(audit.results.map((a) => a.action)).toEqual(['order.confirm', 'order.pack', 'order.ship', 'order.deliver']);
    expect(audit.results.every((a) => a.staff_id === clerkKW.id)).toBe(true);

    // The shopper's own order page shows the timeline and the tracking number.
    const mine = await json(await call(`/user/order/${id}`, { token: device, headers: headers(shopper, 'KW', 'ar') }));
    expect(mine.data.fulfilment).toMatchObject({ carrier: 'aramex', tracking_number: 'AWB123456789' });
    expect(mine.data.fulfilment.timeline.map((s: { kind: string }) => s.kind)).toEqual([
      'placed',
      'confirmed',
      'packed',
      'shipped',
      'delivered',
    ]);
  });

  it("pushes confirmed, shipped and delivered to the shopper's device in its language, after the answer", async () => {
    // The shopper's phone, subscribed in Arabic; a local: endpoint keeps its pushes in push_outbox.
    const pair = (await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, [
      'deriveBits',
    ])) as CryptoKeyPair;
    const p256dh = b64urlEncode(new Uint8Array((await crypto.subtle.exportKey('raw', pair.publicKey)) as ArrayBuffer));
    const auth = b64urlEncode(crypto.getRandomValues(new Uint8Array(16)));
    const endpoint = `local:${crypto.randomUUID()}`;
    const subscribed = await post(
      '/user/push/subscribe',
      { endpoint, keys: { p256dh, auth }, lang: 'ar' },
      shopper,
      'KW',
      'ar',
    );
    expect(subscribed.status).toBe(200);

    const id = await placeCod({ lang: 'en' });
    for (const step of ['confirm', 'pack']) expect((await act(clerkKW, id, step)).status).toBe(200);
    expect((await act(clerkKW, id, 'ship', { carrier: 'aramex', tracking_number: 'AWB555000111' })).status).toBe(200);
    expect((await act(clerkKW, id, 'deliver')).status).toBe(200);

    const pushes = async () =>
      (
        await env.DB.prepare(
          "SELECT title, url, tag, lang FROM push_outbox WHERE user_id = ? AND topic = 'order_status' AND tag = ? ORDER BY id",
        )
          .bind(shopperId, `order-${id}`)
          .all<{ title: string; url: string; tag: string; lang: string }>()
      ).results;
    // Written after the answers (waitUntil): waited for as long as a busy machine needs (the poll ends as
    // soon as all three are there), under a test limit above that.
    await expect.poll(async () => (await pushes()).length, { timeout: 20_000 }).toBe(3);
    // Packing is not news to the shopper; the device's language, not the order's, picks the texts.
    expect((await pushes()).map((p) => p.title)).toEqual([
      `تم تأكيد طلبك رقم ${id}`,
      `تم شحن طلبك رقم ${id}`,
      `تم توصيل طلبك رقم ${id}`,
    ]);
    expect((await pushes())[0]!.url).toMatch(new RegExp(`/ar/profile/orders\\?id=${id}$`));
  }, 30_000);

  it('marks a shipped order out for delivery: the shopper is told, the timeline has it, delivered follows', async () => {
    const id = await placeCod({ lang: 'en' });
    expect((await act(clerkKW, id, 'dispatch')).status).toBe(409);
    for (const step of ['confirm', 'pack']) await act(clerkKW, id, step);
    await act(clerkKW, id, 'ship', { carrier: 'shop_courier', tracking_number: 'SC77' });
    const out = await json(await act(clerkKW, id, 'dispatch'));
    expect(out.data.order).toMatchObject({ status: 'shipped', stage: 'out_for_delivery' });
    expect(out.data.next).toMatchObject({ dispatch: false, deliver: true });
    // Once: a second clerk's click changes nothing.
    expect((await act(clerkKW, id, 'dispatch')).status).toBe(409);
    const list = await json(await staffCall(clerkKW.token, '/staff/orders?stage=out_for_delivery'));
    expect(list.data.orders.map((o: { id: number }) => o.id)).toContain(id);
    const mail = await env.DB.prepare('SELECT subject FROM mail_outbox WHERE dedupe_key = ?')
      .bind(`order:${id}:out_for_delivery`)
      .first<{ subject: string }>();
    expect(mail!.subject).toBe(`Order ${id} is out for delivery today – Gulf Vitamins`);
    expect((await act(clerkKW, id, 'deliver')).status).toBe(200);
    const mine = await json(await call(`/user/order/${id}`, { token: device, headers: headers(shopper, 'KW', 'en') }));
    expect(mine.data.fulfilment.timeline.map((s: { kind: string }) => s.kind)).toEqual([
      'placed',
      'confirmed',
      'packed',
      'shipped',
      'out_for_delivery',
      'delivered',
    ]);
  });

  it('mails in English for an English order', async () => {
    const id = await placeCod({ lang: 'en' });
    await act(clerkKW, id, 'confirm');
    const mail = await env.DB.prepare('SELECT lang, subject FROM mail_outbox WHERE dedupe_key = ?')
      .bind(`order:${id}:confirmed`)
      .first<{ lang: string; subject: string }>();
    expect(mail).toMatchObject({ lang: 'en' });
    expect(mail!.subject).toContain(`order ${id}`);
  });

  it('answers 409 transition_not_allowed from a wrong state, and stores nothing', async () => {
    const id = await placeCod();
    for (const step of ['pack', 'deliver']) {
      const res = await act(clerkKW, id, step);
      expect(res.status, step).toBe(409);
      expect((await json(res)).meta.msg).toBe('transition_not_allowed');
    }
    const ship = await act(clerkKW, id, 'ship', { carrier: 'dhl', tracking_number: 'X1' });
    expect(ship.status).toBe(409);
    await act(clerkKW, id, 'confirm');
    expect((await act(clerkKW, id, 'confirm')).status).toBe(409);
    const events = await env.DB.prepare('SELECT count(*) AS n FROM order_events WHERE order_id = ?')
      .bind(id)
      .first<{ n: number }>();
    expect(events!.n).toBe(1);
  });

  it('lets one of two clerks confirming at once through: one mail, one audit row', async () => {
    const id = await placeCod();
    const results = await Promise.all([act(clerkKW, id, 'confirm'), act(owner, id, 'confirm')]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const mails = await env.DB.prepare(
      "SELECT count(*) AS n FROM mail_outbox WHERE kind = 'order_update' AND dedupe_key LIKE ?",
    )
      .bind(`order:${id}:%`)
      .first<{ n: number }>();
    expect(mails!.n).toBe(1);
    const audits = await env.DB.prepare(
      "SELECT count(*) AS n FROM audit_log WHERE action = 'order.confirm' AND resource_id = ?",
    )
      .bind(String(id))
      .first<{ n: number }>();
    expect(audits!.n).toBe(1);
  });

  it('keeps the fulfilment role from refunding', async () => {
    const id = await placeCod();
    const res = await act(clerkKW, id, 'refund', { amount: 100, method: 'wallet', reason: 'goodwill' });
    expect(res.status).toBe(403);
  });
});

describe('cancel', () => {
  it('gives the stock and the coupon use back in the batch that cancels, mails and audits it', async () => {
    const stockBefore = await stock(401);
    const usedBefore = (await env.DB.prepare('SELECT used FROM coupons WHERE id = 41').first<{ used: number }>())!.used;
    const id = await placeCod({ sku: 401, count: 2, coupon: 'STAFFTEN' });
    expect(await stock(401)).toBe(stockBefore - 2);
    expect((await env.DB.prepare('SELECT used FROM coupons WHERE id = 41').first<{ used: number }>())!.used).toBe(
      usedBefore + 1,
    );
    await act(clerkKW, id, 'confirm');
    expect((await act(clerkKW, id, 'cancel', {})).status).toBe(400);
    const res = await act(clerkKW, id, 'cancel', { confirm: true, note: 'Shopper phoned' });
    expect(res.status).toBe(200);
    expect((await json(res)).data.order).toMatchObject({ status: 'cancelled', holds_stock: 0 });
    expect(await stock(401)).toBe(stockBefore);
    expect((await env.DB.prepare('SELECT used FROM coupons WHERE id = 41').first<{ used: number }>())!.used).toBe(
      usedBefore,
    );
    expect(await env.DB.prepare('SELECT 1 FROM coupon_redemptions WHERE order_id = ?').bind(id).first()).toBeNull();
    expect(
      await env.DB.prepare('SELECT 1 FROM mail_outbox WHERE dedupe_key = ?').bind(`order:${id}:cancelled`).first(),
    ).not.toBeNull();
    const audit = await env.DB.prepare("SELECT reason FROM audit_log WHERE action = 'order.cancel' AND resource_id = ?")
      .bind(String(id))
      .first<{ reason: string }>();
    expect(audit!.reason).toBe('Shopper phoned');
    // Cancelled is final: a second cancel or a step after it is refused, and stock is not given twice.
    expect((await act(clerkKW, id, 'cancel', { confirm: true, siteOrigin: SITE })).status).toBe(409);
    expect(await stock(401)).toBe(stockBefore);
  });

  it('writes the back-in-stock event a restock writes when the stock it gives back was 0, and only then', async () => {
    const events = async () =>
      (await env.DB.prepare('SELECT count(*) AS n FROM back_in_stock_events WHERE sku_id = 102').first<{
        n: number;
      }>())!.n;
    await env.DB.prepare('UPDATE skus SET stock = 1 WHERE id = 102').run();
    const soldOut = await placeCod({ sku: 102, count: 1 });
    expect(await stock(102)).toBe(0);
    const before = await events();
    expect((await act(clerkKW, soldOut, 'cancel', { confirm: true, siteOrigin: SITE })).status).toBe(200);
    expect(await stock(102)).toBe(1);
    expect(await events()).toBe(before + 1);
    // Stock given back to a SKU that still had some is no event.
    const some = await placeCod({ sku: 102, count: 1 });
    await env.DB.prepare('UPDATE skus SET stock = 3 WHERE id = 102').run();
    expect((await act(clerkKW, some, 'cancel', { confirm: true, siteOrigin: SITE })).status).toBe(200);
    expect(await stock(102)).toBe(4);
    expect(await events()).toBe(before + 1);
  });

  it('refuses to cancel a shipped order', async () => {
    const id = await placeCod();
    await act(clerkKW, id, 'confirm');
    await act(clerkKW, id, 'pack');
    await act(clerkKW, id, 'ship', { carrier: 'dhl', tracking_number: 'JD0001' });
    const res = await act(clerkKW, id, 'cancel', { confirm: true, siteOrigin: SITE });
    expect(res.status).toBe(409);
    expect((await json(res)).meta.msg).toBe('transition_not_allowed');
  });
});

describe('refunds', () => {
  async function deliveredOrder(): Promise<{ id: number; total: number }> {
    const id = await placeCod();
    await act(owner, id, 'confirm');
    await act(owner, id, 'pack');
    await act(owner, id, 'ship', { carrier: 'kuwait_post', tracking_number: 'KP1' });
    const detail = await json(await act(owner, id, 'deliver'));
    return { id, total: detail.data.order.total };
  }

  it('refunds a delivered cash order to the wallet in parts, keeps the ledger equal to the balance, refuses more', async () => {
    const { id, total } = await deliveredOrder();
    const balanceBefore = await walletConsistent(shopperId);
    const first = await act(support, id, 'refund', {
      amount: 500,
      method: 'wallet',
      reason: 'damaged',
      note: 'Bottle cracked',
    });
    expect(first.status).toBe(200);
    expect((await json(first)).data.money).toMatchObject({ paid: total, refunded: 500, refundable: total - 500 });
    expect(await walletConsistent(shopperId)).toBe(balanceBefore + 500);

    const over = await act(support, id, 'refund', { amount: total, method: 'wallet', reason: 'goodwill' });
    expect(over.status).toBe(409);
    expect((await json(over)).meta.msg).toBe('refund_exceeds_paid');
    expect(await walletConsistent(shopperId)).toBe(balanceBefore + 500);

    // Two refunds of the rest at once: one passes, the other is refused inside its batch.
    const rest = total - 500;
    const both = await Promise.all([
      act(support, id, 'refund', { amount: rest, method: 'wallet', reason: 'late_delivery' }),
      act(owner, id, 'refund', { amount: rest, method: 'wallet', reason: 'late_delivery' }),
    ]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await walletConsistent(shopperId)).toBe(balanceBefore + total);
    const refunds = await env.DB.prepare('SELECT sum(amount) AS n FROM refunds WHERE order_id = ?')
      .bind(id)
      .first<{ n: number }>();
    expect(refunds!.n).toBe(total);

    const mails = await env.DB.prepare('SELECT count(*) AS n FROM mail_outbox WHERE dedupe_key LIKE ?')
      .bind(`order:${id}:refund:%`)
      .first<{ n: number }>();
    expect(mails!.n).toBe(2);
    const audits = await env.DB.prepare(
      "SELECT count(*) AS n FROM audit_log WHERE action = 'order.refund' AND resource_id = ?",
    )
      .bind(String(id))
      .first<{ n: number }>();
    expect(audits!.n).toBe(2);
    const mine = await json(await call(`/user/order/${id}`, { token: device, headers: headers(shopper, 'KW', 'en') }));
    expect(mine.data.fulfilment.timeline.filter((s: { kind: string }) => s.kind === 'refunded')).toHaveLength(2);
  });

  it('refunds once per form key: the same form sent twice at once, or again later, moves the money once', async () => {
    const id = await placeCod({ count: 5 });
    for (const step of ['confirm', 'pack']) await act(owner, id, step);
    await act(owner, id, 'ship', { carrier: 'kuwait_post', tracking_number: 'KP-ONCE' });
    const total = (await json(await act(owner, id, 'deliver'))).data.order.total as number;
    // Room for both: without the key, two refunds of 2000 would both pass the amount's CHECK.
    expect(total).toBeGreaterThanOrEqual(4000);
    const balanceBefore = await walletConsistent(shopperId);
    const form = { amount: 2000, method: 'wallet', reason: 'goodwill', idempotency_key: crypto.randomUUID() };
    const both = await Promise.all([act(support, id, 'refund', form), act(support, id, 'refund', form)]);
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    for (const res of both) expect((await json(res)).data.money).toMatchObject({ refunded: 2000 });
    const again = await act(support, id, 'refund', form);
    expect(again.status).toBe(200);
    expect((await json(again)).data.money).toMatchObject({ refunded: 2000, refundable: total - 2000 });

    const rows = await env.DB.prepare('SELECT count(*) AS n, sum(amount) AS sum FROM refunds WHERE order_id = ?')
      .bind(id)
      .first<{ n: number; sum: number }>();
    expect(rows).toEqual({ n: 1, sum: 2000 });
    expect(await walletConsistent(shopperId)).toBe(balanceBefore + 2000);
    const audits = await env.DB.prepare(
      "SELECT count(*) AS n FROM audit_log WHERE action = 'order.refund' AND resource_id = ?",
    )
      .bind(String(id))
      .first<{ n: number }>();
    expect(audits!.n).toBe(1);
    const mails = await env.DB.prepare('SELECT count(*) AS n FROM mail_outbox WHERE dedupe_key LIKE ?')
      .bind(`order:${id}:refund:%`)
      .first<{ n: number }>();
    expect(mails!.n).toBe(1);

    // The key names this order's refund: on another order it is refused, nothing refunded there.
    const other = await placeCod();
    for (const step of ['confirm', 'pack']) await act(owner, other, step);
    await act(owner, other, 'ship', { carrier: 'kuwait_post', tracking_number: 'KP-ONCE-2' });
    await act(owner, other, 'deliver');
    const elsewhere = await act(support, other, 'refund', { ...form, amount: 100 });
    expect(elsewhere.status).toBe(409);
    expect((await json(elsewhere)).meta.msg).toBe('refund_key_used');
    // A refund without a key is not a form the back office sends.
    const { idempotency_key: _, ...keyless } = form;
    const bare = await staffCall(support.token, `/staff/orders/${other}/refund`, { json: { ...keyless, amount: 100 } });
    expect(bare.status).toBe(400);
    const otherRows = await env.DB.prepare('SELECT count(*) AS n FROM refunds WHERE order_id = ?')
      .bind(other)
      .first<{ n: number }>();
    expect(otherRows!.n).toBe(0);
  });

  it('shows a refund to the shopper with why and by whom, and a Saudi refund’s credit note names the invoice', async () => {
    const id = await placeCod({ country: 'SA', lang: 'ar' });
    for (const step of ['confirm', 'pack']) await act(owner, id, step);
    await act(owner, id, 'ship', { carrier: 'smsa', tracking_number: 'SM1' });
    await act(owner, id, 'deliver');
    const refund = await act(support, id, 'refund', { amount: 1000, method: 'wallet', reason: 'damaged' });
    expect(refund.status).toBe(200);

    const order = (
      await json(await call(`/user/order/${id}`, { token: device, headers: headers(shopper, 'SA', 'ar') }))
    ).data;
    expect(order.refunded).toBe(1000);
    expect(order.refunds).toHaveLength(1);
    expect(order.refunds[0]).toMatchObject({ amount: 1000, method: 'wallet', reason: 'damaged', status: 'succeeded' });
    const note = order.refunds[0].credit_note;
    expect(note).toMatchObject({
      number: `${id}-CN${order.refunds[0].id}`,
      invoice_number: order.tax_invoice.number,
      total: 1000,
      // 15 % VAT inside 10.00 SAR: 1.30 SAR.
      vat: 130,
      vat_number: order.tax_invoice.vat_number,
    });
    expect(note.qr).toMatch(/^[A-Za-z0-9+/]+=*$/);

    // The wallet history (Saudi riyals) says why the money came back and that the shop gave it.
    const history = (
      await json(await call('/user/wallet/history', { token: device, headers: headers(shopper, 'SA', 'ar') }))
    ).data.items;
    expect(history.find((m: { order_id: number }) => m.order_id === id)).toMatchObject({
      kind: 'refund',
      amount: 1000,
      reason: 'damaged',
      given_by: 'shop',
    });
    // The back office's ledger names the reason and the staff member.
    const customer = (await json(await staffCall(owner.token, `/staff/customers/${shopperId}`))).data;
    expect(customer.ledger.find((l: { order_id: number }) => l.order_id === id)).toMatchObject({
      refund_reason: 'damaged',
      staff_name: 'Support',
      by_customer: 0,
    });

    // A Kuwaiti order's refund has no credit note: there is no VAT invoice to reduce.
    const { id: kw } = await deliveredOrder();
    await act(support, kw, 'refund', { amount: 100, method: 'wallet', reason: 'goodwill' });
    const kwOrder = (
      await json(await call(`/user/order/${kw}`, { token: device, headers: headers(shopper, 'KW', 'en') }))
    ).data;
    expect(kwOrder.refunds[0]).toMatchObject({ amount: 100, credit_note: null });
  });

  it('refuses to refund a cash order nothing was paid for yet, and a gateway refund without a card payment', async () => {
    const id = await placeCod();
    const res = await act(support, id, 'refund', { amount: 100, method: 'wallet', reason: 'goodwill' });
    expect(res.status).toBe(409);
    expect((await json(res)).meta.msg).toBe('refund_exceeds_paid');
    const gateway = await act(support, id, 'refund', { amount: 100, method: 'gateway', reason: 'goodwill' });
    expect(gateway.status).toBe(409);
    expect((await json(gateway)).meta.msg).toBe('refund_no_card_payment');
  });

  it('refunds a card payment through the gateway (the sandbox records it as succeeded)', async () => {
    const submit = await json(
      await post(
        '/order/submit',
        {
          items: [{ sku_id: 101, count: 1 }],
          payment_method: 'card',
          address_id: addressKW,
          idempotency_key: crypto.randomUUID(),
        },
        shopper,
      ),
    );
    const id = submit.data.order.id as number;
    const paid = await call(`/dev/payments/${submit.data.payment.id}`, {
      body: JSON.stringify({ outcome: 'succeeded' }),
      token: device,
      headers: headers(shopper, 'KW', 'en'),
    });
    expect(paid.status).toBe(200);
    const total = submit.data.order.totals.due as number;
    const res = await act(support, id, 'refund', { amount: total, method: 'gateway', reason: 'cancelled' });
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body.data.refunds).toEqual([
      expect.objectContaining({ amount: total, method: 'gateway', status: 'succeeded' }),
    ]);
    expect(body.data.money.refundable).toBe(0);
    const again = await act(support, id, 'refund', { amount: 1, method: 'gateway', reason: 'other' });
    expect((await json(again)).meta.msg).toBe('refund_exceeds_paid');
    const actions = await env.DB.prepare('SELECT action FROM audit_log WHERE resource_id = ? ORDER BY id')
      .bind(String(id))
      .all<{ action: string }>();
    expect(actions.results.map((a) => a.action)).toEqual(['order.refund', 'order.refund_sent']);
  });

  it('asks the gateway once per form key, and answers a refused one sent again as refused', async () => {
    const { id, card } = await paidCardOrder({ sku: 101, count: 3 });
    expect(card).toBeGreaterThanOrEqual(2066);
    const form = { amount: 1000, method: 'gateway', reason: 'goodwill', idempotency_key: crypto.randomUUID() };
    const both = await Promise.all([act(support, id, 'refund', form), act(support, id, 'refund', form)]);
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    // The sandbox refuses an amount ending in 66: the first answer and the repeat's are the same refusal.
    const refused = { ...form, amount: 1066, idempotency_key: crypto.randomUUID() };
    for (let i = 0; i < 2; i++) {
      const res = await act(support, id, 'refund', refused);
      expect(res.status).toBe(502);
      expect((await json(res)).meta.msg).toBe('refund_gateway_failed');
    }
    const rows = await env.DB.prepare('SELECT amount, status FROM refunds WHERE order_id = ? ORDER BY id')
      .bind(id)
      .all<{ amount: number; status: string }>();
    expect(rows.results).toEqual([
      { amount: 1000, status: 'succeeded' },
      { amount: 1066, status: 'failed' },
    ]);
    const sent = await env.DB.prepare(
      "SELECT count(*) AS n FROM audit_log WHERE resource_id = ? AND action IN ('order.refund_sent', 'order.refund_failed')",
    )
      .bind(String(id))
      .first<{ n: number }>();
    expect(sent!.n).toBe(2);
  });

  it('keeps a sandbox refund of an amount ending in 77 pending, counted until a tester settles it failed', async () => {
    const { id, card } = await paidCardOrder({ sku: 101, count: 2 });
    const pending = await act(support, id, 'refund', { amount: 1077, method: 'gateway', reason: 'damaged' });
    expect(pending.status).toBe(200);
    const body = await json(pending);
    const refundId = body.data.refunds[0].id as number;
    expect(body.data.refunds[0]).toMatchObject({ amount: 1077, status: 'pending', provider_ref: `sbx_re_${refundId}` });
    expect(body.data.money).toMatchObject({ refunded: 1077, gateway_refundable: card - 1077 });
    expect(body.data.sandbox_refunds).toBe(true);
    const settle = (status: string, who = support) =>
      staffCall(who.token, `/staff/orders/${id}/refunds/${refundId}/settle`, { json: { status } });
    expect((await settle('failed', clerkKW)).status).toBe(403);
    expect((await settle('maybe')).status).toBe(400);
    const failed = await settle('failed');
    expect(failed.status).toBe(200);
    const after = (await json(failed)).data;
    expect(after.refunds[0].status).toBe('failed');
    // A failed refund stops counting: the whole card payment can be refunded again.
    expect(after.money).toMatchObject({ refunded: 0, refundable: card, gateway_refundable: card });
    // Settled once: again (or the other way) is refused, and a repeated webhook changes nothing.
    const again = await settle('succeeded');
    expect(again.status).toBe(409);
    expect((await json(again)).meta.msg).toBe('refund_not_pending');
    const hook = await refundWebhook(refundId, 'succeeded', 1077);
    expect(hook.status).toBe(200);
    expect((await json(hook)).data).toEqual({ applied: false, status: 'failed' });
    const forged = await refundWebhook(refundId, 'succeeded', 1077, 'f'.repeat(64));
    expect(forged.status).toBe(401);
    const audits = await env.DB.prepare('SELECT action, staff_id FROM audit_log WHERE resource_id = ? ORDER BY id')
      .bind(String(id))
      .all<{ action: string; staff_id: number | null }>();
    expect(audits.results.map((a) => a.action)).toEqual(['order.refund', 'order.refund_sent', 'order.refund_failed']);
    expect(audits.results[2]!.staff_id).toBe(support.id);
    expect(
      await env.DB.prepare('SELECT outcome, source FROM refund_events WHERE refund_id = ?').bind(refundId).first(),
    ).toEqual({ outcome: 'failed', source: 'sandbox' });
  });

  it('settles a pending refund from the sandbox webhook once, also when it arrives before the answer was stored', async () => {
    const { id } = await paidCardOrder();
    const res = await act(owner, id, 'refund', { amount: 77, method: 'gateway', reason: 'goodwill' });
    const refundId = (await json(res)).data.refunds[0].id as number;
    // As if the gateway's answer had not been stored yet: no provider_ref, still pending.
    await env.DB.prepare('UPDATE refunds SET provider_ref = NULL WHERE id = ?').bind(refundId).run();
    const deliver = () => refundWebhook(refundId, 'succeeded', 77);
    const both = await Promise.all([deliver(), deliver()]);
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    const applied = await Promise.all(both.map(async (r) => (await json(r)).data.applied));
    expect(applied.sort()).toEqual([false, true]);
    const row = await env.DB.prepare('SELECT status, provider_ref FROM refunds WHERE id = ?').bind(refundId).first();
    expect(row).toEqual({ status: 'succeeded', provider_ref: `sbx_re_${refundId}` });
    const settled = await env.DB.prepare(
      "SELECT count(*) AS n FROM audit_log WHERE action = 'order.refund_settled' AND resource_id = ?",
    )
      .bind(String(id))
      .first<{ n: number }>();
    expect(settled!.n).toBe(1);
  });

  it("confirms a gateway's refund report by asking the gateway, and sweeps refunds pending for hours", async () => {
    const { id } = await paidCardOrder();
    const res = await act(owner, id, 'refund', { amount: 177, method: 'gateway', reason: 'goodwill' });
    const refundId = (await json(res)).data.refunds[0].id as number;
    const providerRef = `sbx_re_${refundId}`;
    let answer: RefundReport | null | Error = {
      providerRef,
      refundId,
      status: 'pending',
      amount: 177,
      currency: 'KWD',
    };
    const asked: string[] = [];
    const gateway = {
      name: 'tap',
      createCharge: async () => ({ providerRef: null, url: '' }),
      chargeSaved: async () => ({ providerRef: null, outcome: 'failed' }),
      verifyWebhook: async () => null,
      verifyRefundWebhook: async () => null,
      refund: async () => ({ providerRef: null, status: 'failed' }),
      fetchRefund: async (ref: string) => {
        asked.push(ref);
        if (answer instanceof Error) throw answer;
        return answer;
      },
    } satisfies Gateway;
    const claim: RefundReport = { providerRef, refundId, status: 'succeeded', amount: 177, currency: 'KWD' };
    const status = async () =>
      (await env.DB.prepare('SELECT status FROM refunds WHERE id = ?').bind(refundId).first<{ status: string }>())!
        .status;
    // The webhook says refunded, the gateway says still pending: the gateway decides.
    expect(await settleRefund(env.DB, gateway, claim, 'webhook', { confirm: true, siteOrigin: SITE })).toMatchObject({
      ok: true,
      applied: false,
    });
    answer = new Error('down');
    expect(await settleRefund(env.DB, gateway, claim, 'webhook', { confirm: true, siteOrigin: SITE })).toEqual({
      ok: false,
      reason: 'unavailable',
    });
    answer = { ...claim, amount: 100 };
    expect(await settleRefund(env.DB, gateway, claim, 'webhook', { confirm: true, siteOrigin: SITE })).toEqual({
      ok: false,
      reason: 'mismatch',
    });
    expect(
      await settleRefund(env.DB, gateway, { ...claim, providerRef: 're_unknown', refundId: null }, 'webhook', {
        confirm: true,
        siteOrigin: SITE,
      }),
    ).toEqual({ ok: false, reason: 'unknown_refund' });
    expect(await status()).toBe('pending');
    // The sweep asks only about refunds pending for hours.
    answer = { ...claim, status: 'failed' };
    const now = Date.now();
    expect(await sweepPendingRefunds(env.DB, gateway, SITE, now)).toBe(0);
    await env.DB.prepare('UPDATE refunds SET created_at = ?, updated_at = ? WHERE id = ?')
      .bind(now - REFUND_PENDING_AFTER_MS - 1, now - REFUND_PENDING_AFTER_MS - 1, refundId)
      .run();
    asked.length = 0;
    expect(await sweepPendingRefunds(env.DB, gateway, SITE, now)).toBe(1);
    expect(asked).toContain(providerRef);
    expect(await status()).toBe('failed');
    // The shopper was told the refund was on its way; the sweep's failure queues the correction.
    const correction = await outboxMail(`order:${id}:refund:${refundId}:failed`);
    expect(correction).toMatchObject({ lang: 'en' });
    expect(correction!.subject).toContain(`Your refund on order ${id} did not go through`);
    expect(correction!.body_text).toContain(formatMinor(177, 'KWD', 'en', 'KW'));
    expect(correction!.body_text).toContain('Our team will contact you and try again');
    // A late "refunded" delivery after the failure changes nothing.
    answer = claim;
    expect(await settleRefund(env.DB, gateway, claim, 'webhook', { confirm: true, siteOrigin: SITE })).toMatchObject({
      ok: true,
      applied: false,
      status: 'failed',
    });
    expect(await status()).toBe('failed');
  });
});

describe('a gateway refund that fails after the shopper was told', () => {
  it("mails the correction in the order's language when a tester settles a pending refund failed, once", async () => {
    const { id } = await paidCardOrder({ lang: 'ar' });
    const res = await act(support, id, 'refund', { amount: 77, method: 'gateway', reason: 'damaged' });
    expect(res.status).toBe(200);
    const refundId = (await json(res)).data.refunds[0].id as number;
    // "We have refunded" went out when the gateway answered pending.
    expect(await outboxMail(`order:${id}:refund:${refundId}`)).toMatchObject({ lang: 'ar' });
    expect(await outboxMail(`order:${id}:refund:${refundId}:failed`)).toBeNull();
    const refundedSteps = async () =>
      (
        await json(await call(`/user/order/${id}`, { token: device, headers: headers(shopper, 'KW', 'ar') }))
      ).data.fulfilment.timeline.filter((s: { kind: string }) => s.kind === 'refunded');
    expect(await refundedSteps()).toHaveLength(1);
    const settled = await staffCall(support.token, `/staff/orders/${id}/refunds/${refundId}/settle`, {
      json: { status: 'failed' },
    });
    expect(settled.status).toBe(200);
    const detail = (await json(settled)).data;
    expect(detail.refunds[0]).toMatchObject({ id: refundId, status: 'failed' });
    const mail = await outboxMail(`order:${id}:refund:${refundId}:failed`);
    expect(mail).toMatchObject({ lang: 'ar', to_address: expect.stringContaining('@example.com') });
    expect(mail!.subject).toContain(`تعذّر استرداد مبلغ من طلبك رقم ${id}`);
    expect(mail!.body_text).toContain(formatMinor(77, 'KWD', 'ar', 'KW'));
    expect(mail!.body_text).toContain('سيتواصل معك فريقنا');
    expect(mail!.body_text).toContain('/ar/profile/orders?id=');
    // The shopper's order page no longer says the money went back.
    expect(await refundedSteps()).toHaveLength(0);
    // A replayed failure changes nothing and queues nothing more.
    const hook = await refundWebhook(refundId, 'failed', 77);
    expect((await json(hook)).data).toEqual({ applied: false, status: 'failed' });
    const count = await env.DB.prepare('SELECT count(*) AS n FROM mail_outbox WHERE dedupe_key LIKE ?')
      .bind(`order:${id}:refund:${refundId}%`)
      .first<{ n: number }>();
    expect(count!.n).toBe(2);
  });

  it('queues no correction when no "refunded" mail went out before the failure', async () => {
    const { id } = await paidCardOrder();
    // The refund row as the route stores it before asking the gateway, failed by its webhook at once.
    const res = await act(owner, id, 'refund', { amount: 1077, method: 'gateway', reason: 'goodwill' });
    const refundId = (await json(res)).data.refunds[0].id as number;
    await env.DB.prepare('DELETE FROM mail_outbox WHERE dedupe_key = ?').bind(`order:${id}:refund:${refundId}`).run();
    const hook = await refundWebhook(refundId, 'failed', 1077);
    expect((await json(hook)).data).toEqual({ applied: true, status: 'failed' });
    // No "refunded" mail was queued before the failure: nothing to correct.
    expect(await outboxMail(`order:${id}:refund:${refundId}:failed`)).toBeNull();
  });

  it('marks failed a refund the gateway never gave an id for, once pending for hours, with the correction', async () => {
    const { id, card } = await paidCardOrder();
    const res = await act(owner, id, 'refund', { amount: 277, method: 'gateway', reason: 'late_delivery' });
    const refundId = (await json(res)).data.refunds[0].id as number;
    // As if the worker had stopped after the gateway call: pending, no gateway id.
    await env.DB.prepare('UPDATE refunds SET provider_ref = NULL WHERE id = ?').bind(refundId).run();
    const asked: string[] = [];
    const gateway = {
      name: 'tap',
      createCharge: async () => ({ providerRef: null, url: '' }),
      chargeSaved: async () => ({ providerRef: null, outcome: 'failed' }),
      verifyWebhook: async () => null,
      verifyRefundWebhook: async () => null,
      refund: async () => ({ providerRef: null, status: 'failed' }),
      fetchRefund: async (ref: string) => {
        asked.push(ref);
        return null;
      },
    } satisfies Gateway;
    const status = async () =>
      (await env.DB.prepare('SELECT status FROM refunds WHERE id = ?').bind(refundId).first<{ status: string }>())!
        .status;
    const now = Date.now();
    // Not yet: it may still be on its way (the gateway's webhook carries our id).
    expect(await sweepPendingRefunds(env.DB, gateway, SITE, now)).toBe(0);
    expect(await status()).toBe('pending');
    await env.DB.prepare('UPDATE refunds SET created_at = ?, updated_at = ? WHERE id = ?')
      .bind(now - REFUND_PENDING_AFTER_MS - 1, now - REFUND_PENDING_AFTER_MS - 1, refundId)
      .run();
    expect(await sweepPendingRefunds(env.DB, gateway, SITE, now)).toBe(1);
    expect(asked).toEqual([]);
    expect(await status()).toBe('failed');
    expect(
      await env.DB.prepare('SELECT outcome, source FROM refund_events WHERE refund_id = ?').bind(refundId).first(),
    ).toEqual({ outcome: 'failed', source: 'sweep' });
    const audit = await env.DB.prepare(
      "SELECT staff_id, reason FROM audit_log WHERE action = 'order.refund_failed' AND resource_id = ?",
    )
      .bind(String(id))
      .first();
    expect(audit).toEqual({ staff_id: null, reason: 'no_gateway_id' });
    const mail = await outboxMail(`order:${id}:refund:${refundId}:failed`);
    expect(mail!.body_text).toContain(formatMinor(277, 'KWD', 'en', 'KW'));
    // It stops counting: the card payment is refundable in full again; a second sweep finds nothing.
    const detail = (await json(await staffCall(owner.token, `/staff/orders/${id}`))).data;
    expect(detail.money).toMatchObject({ refunded: 0, gateway_refundable: card });
    expect(await sweepPendingRefunds(env.DB, gateway, SITE, now)).toBe(0);
  });
});

describe('cancelling a paid card order', () => {
  it('refunds what the card paid through the gateway, with reason cancelled, mailed and audited', async () => {
    const { id, card } = await paidCardOrder();
    const res = await act(clerkKW, id, 'cancel', { confirm: true, note: 'Out of stock' });
    expect(res.status).toBe(200);
    const body = (await json(res)).data;
    expect(body.order.status).toBe('cancelled');
    expect(body.refunds).toEqual([
      expect.objectContaining({ amount: card, method: 'gateway', reason: 'cancelled', status: 'succeeded' }),
    ]);
    expect(body.money).toMatchObject({ paid: card, refunded: card, refundable: 0 });
    const refundId = body.refunds[0].id;
    expect(
      await env.DB.prepare('SELECT 1 FROM mail_outbox WHERE dedupe_key = ?')
        .bind(`order:${id}:refund:${refundId}`)
        .first(),
    ).not.toBeNull();
    const audit = await env.DB.prepare(
      "SELECT after_json FROM audit_log WHERE action = 'order.cancel' AND resource_id = ?",
    )
      .bind(String(id))
      .first<{ after_json: string }>();
    expect(JSON.parse(audit!.after_json).refund).toMatchObject({
      amount: card,
      method: 'gateway',
      reason: 'cancelled',
    });
  });

  it('still cancels when the gateway refuses the refund, and says so in the answer', async () => {
    const { id, card } = await paidCardOrder({ sku: 401 });
    // The sandbox refuses refunds whose amount ends in 66: an earlier partial refund leaves such a rest.
    const earlier = (((card - 66) % 100) + 100) % 100;
    expect([66, 77]).not.toContain(earlier);
    if (earlier > 0)
      expect(
        (await act(support, id, 'refund', { amount: earlier, method: 'gateway', reason: 'goodwill' })).status,
      ).toBe(200);
    const rest = card - earlier;
    const stockBefore = await stock(401);
    const res = await act(owner, id, 'cancel', { confirm: true, note: 'Shopper asked' });
    expect(res.status).toBe(200);
    const body = (await json(res)).data;
    expect(body.order).toMatchObject({ status: 'cancelled', holds_stock: 0 });
    expect(await stock(401)).toBe(stockBefore + 1);
    const failed = body.refunds.find((r: { reason: string }) => r.reason === 'cancelled');
    expect(failed).toMatchObject({ amount: rest, method: 'gateway', status: 'failed' });
    expect(body.refund_failed).toEqual({ refund_id: failed.id, amount: rest, msg: 'refund_gateway_failed' });
    // Nothing went back: the rest is refundable again, and the shopper got no "refunded" mail for it.
    expect(body.money).toMatchObject({ refunded: earlier, refundable: rest, gateway_refundable: rest });
    expect(await outboxMail(`order:${id}:refund:${failed.id}`)).toBeNull();
    expect(await outboxMail(`order:${id}:refund:${failed.id}:failed`)).toBeNull();
    expect(await outboxMail(`order:${id}:cancelled`)).not.toBeNull();
    const actions = await env.DB.prepare('SELECT action FROM audit_log WHERE resource_id = ? ORDER BY id')
      .bind(String(id))
      .all<{ action: string }>();
    expect(actions.results.map((a) => a.action).slice(-2)).toEqual(['order.cancel', 'order.refund_failed']);
    // Staff can then refund the rest another way; a cancel that refunds nothing answers no refund_failed.
    const wallet = await act(owner, id, 'refund', { amount: rest, method: 'wallet', reason: 'cancelled' });
    expect(wallet.status).toBe(200);
    expect((await json(wallet)).data.money.refundable).toBe(0);
    const plain = await json(await act(owner, await placeCod(), 'cancel', { confirm: true }));
    expect(plain.data.refund_failed).toBeUndefined();
  });

  it('lets staff send the card part to the wallet instead', async () => {
    const { id, card } = await paidCardOrder();
    const balance = await walletConsistent(shopperId);
    const res = await act(owner, id, 'cancel', { confirm: true, refund_method: 'wallet' });
    expect(res.status).toBe(200);
    expect((await json(res)).data.refunds).toEqual([
      expect.objectContaining({ amount: card, method: 'wallet', reason: 'cancelled', status: 'succeeded' }),
    ]);
    expect(await walletConsistent(shopperId)).toBe(balance + card);
  });

  it('never refunds more than was paid when a refund races the cancel', async () => {
    const { id, card } = await paidCardOrder();
    const [cancel, refund] = await Promise.all([
      act(owner, id, 'cancel', { confirm: true, siteOrigin: SITE }),
      act(support, id, 'refund', { amount: card, method: 'gateway', reason: 'goodwill' }),
    ]);
    expect([cancel.status, refund.status]).toContain(200);
    const sum = await env.DB.prepare(
      "SELECT coalesce(sum(amount), 0) AS n FROM refunds WHERE order_id = ? AND status <> 'failed'",
    )
      .bind(id)
      .first<{ n: number }>();
    expect(sum!.n).toBe(card);
    // Whichever lost, the order can still be cancelled without a second refund.
    if (cancel.status !== 200)
      expect((await act(owner, id, 'cancel', { confirm: true, siteOrigin: SITE })).status).toBe(200);
    const after = await env.DB.prepare(
      "SELECT coalesce(sum(amount), 0) AS n FROM refunds WHERE order_id = ? AND status <> 'failed'",
    )
      .bind(id)
      .first<{ n: number }>();
    expect(after!.n).toBe(card);
  });
});
