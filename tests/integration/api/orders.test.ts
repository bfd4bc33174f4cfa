// Buying through the API: calculate (both countries, VAT, coupons, free delivery, old prices), submit
// with idempotency, card payments through the sandbox gateway and its signed webhook, the wallet,
// the ownership matrix, and the guarantees under concurrency.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Gateway } from '#api/src/payment-gateway/gateway';
import { sandboxGateway, signSandboxEvent } from '#api/src/payment-gateway/sandbox';
import { PENDING_PAYMENT_TTL_MS, sweepStalePayments } from '#api/src/payments/sweep';
import { loadCatalogueFixture } from '../fixtures/catalogue';
import {
  call,
  deviceToken,
  GUEST_KW_ADDRESS,
  json,
  saveAddress,
  shopperHeaders,
  signedInShoppers,
  signUp,
  openVerifyLink,
  stockOf,
  submitOrder,
} from './helpers';

let token: string;
let userA: string;
let userB: string;
let addressKW: number;
let addressSA: number;

const WEBHOOK_SECRET = 'test-payment-webhook-secret-0123456789ab';
const as = shopperHeaders;
const post = (path: string, body: unknown, user: string | null, country = 'KW') =>
  call(path, { body: JSON.stringify(body), token, headers: as(user, country) });
const get = (path: string, user: string | null, country = 'KW') => call(path, { token, headers: as(user, country) });
const key = () => crypto.randomUUID();
const stock = stockOf;
const setStock = (sku: number, n: number) =>
  env.DB.prepare('UPDATE skus SET stock = ? WHERE id = ?').bind(n, sku).run();
const KW_ADDRESS = GUEST_KW_ADDRESS;

/** A shopper signed up who opened her confirmation link: her order mails are the full ones (decision 85). */
async function register(email: string) {
  const user = await signUp(token, email);
  await openVerifyLink(email, token);
  return user;
}

/** The sandbox page's choice, from the session (device and shopper) that opened the payment. */
async function sandbox(
  paymentId: string,
  outcome: 'succeeded' | 'failed' | 'cancelled',
  user: string | null = userA,
  device = token,
) {
  return call(`/dev/payments/${paymentId}`, { body: JSON.stringify({ outcome }), token: device, headers: as(user) });
}

beforeAll(async () => {
  await loadCatalogueFixture(env.DB);
  await env.DB.prepare(
    `INSERT INTO coupons (id, code, kind, value, min_subtotal_fils, max_uses, once_per_shopper) VALUES
      (1, 'TEN', 'percent', 1000, 0, NULL, 0), (2, 'TWOKD', 'fixed', 2000, 10000, NULL, 0), (3, 'ONCE', 'percent', 500, 0, NULL, 1), (4, 'LAST', 'fixed', 500, 0, 1, 0)`,
  ).run();
  token = await deviceToken();
  userA = await register('a.orders@example.com');
  userB = await register('b.orders@example.com');
  addressKW = await saveAddress(token, userA, 'KW');
  addressSA = await saveAddress(token, userA, 'SA', { recipient: 'Sara' });
});

describe('calculate', () => {
  it('prices a Kuwait cart from the server prices: delivery below the threshold, no VAT', async () => {
    const { data } = await json(await post('/order/calculate', { items: [{ sku_id: 101, count: 2 }] }, null));
    expect(data).toMatchObject({
      currency: 'KWD',
      decimals: 3,
      subtotal: 7000,
      delivery: 1000,
      vat: 0,
      total: 8000,
      free_delivery: false,
      free_shipping: 15000,
      problems: [],
    });
    expect(data.payment_methods).toEqual(['cod', 'card']);
    // 8.000 KWD is within Tabby's limits; STC Pay and Tamara are Saudi Arabia's only.
    expect(data.card_methods).toEqual(['knet', 'card', 'apple_pay', 'tabby']);
    expect(data.unavailable_methods).toEqual([]);
  });

  it('prices a Saudi cart VAT-inclusive in SAR: the VAT is the part of the total, not added on top', async () => {
    const { data } = await json(await post('/order/calculate', { items: [{ sku_id: 101, count: 2 }] }, null, 'SA'));
    // 3.500 KWD × 12.2 × 1.15 = SAR 49.105 → 49.11 a unit, as the card shows it.
    expect(data.lines[0]).toMatchObject({ unit_price: 4911, line_total: 9822 });
    expect(data).toMatchObject({
      currency: 'SAR',
      decimals: 2,
      subtotal: 9822,
      delivery: 2500,
      total: 9822 + 2500,
      vat_rate: 15,
      card_methods: ['mada', 'card', 'apple_pay', 'stc_pay', 'tabby', 'tamara'],
    });
    // SAR 123.22 × 15 / 115 = 16.0721… → 16.07.
    expect(data.vat).toBe(1607);
    // Saudi Arabia's own threshold, SAR 200.00, not 16.000 KWD converted to SAR 224.48 (issue 44, decision 52).
    expect(data).toMatchObject({ free_shipping: 20000, free_delivery: false });
  });

  it('delivers free from the threshold and counts old prices before discount', async () => {
    const { data } = await json(
      await post(
        '/order/calculate',
        {
          items: [
            { sku_id: 401, count: 2 },
            { sku_id: 501, count: 1 },
          ],
        },
        null,
      ),
    );
    expect(data).toMatchObject({
      subtotal: 5500 + 24000,
      before_discount: 6500 + 24000,
      delivery: 0,
      free_delivery: true,
    });
  });

  it('reports sold-out, over-limit and unknown items instead of pricing them silently', async () => {
    const { data } = await json(
      await post(
        '/order/calculate',
        {
          items: [
            { sku_id: 201, count: 1 },
            { sku_id: 301, count: 3 },
            { sku_id: 999, count: 1 },
          ],
        },
        null,
      ),
    );
    expect(data.problems).toEqual(
      expect.arrayContaining([
        { sku_id: 201, reason: 'out_of_stock', available: 0 },
        { sku_id: 301, reason: 'over_limit', available: 2 },
        { sku_id: 999, reason: 'unavailable', available: 0 },
      ]),
    );
  });

  it('applies coupons by their rules and explains the ones that do not apply', async () => {
    const ten = (
      await json(await post('/order/calculate', { items: [{ sku_id: 101, count: 2 }], coupon: 'ten' }, null))
    ).data;
    expect(ten).toMatchObject({
      discount: 700,
      total: 7000 - 700 + 1000,
      coupon: { code: 'TEN', applied: true, problem: null },
    });
    const min = (
      await json(await post('/order/calculate', { items: [{ sku_id: 101, count: 2 }], coupon: 'TWOKD' }, null))
    ).data;
    expect(min).toMatchObject({ discount: 0, coupon: { applied: false, problem: 'coupon_min_subtotal' } });
    const bad = (
      await json(await post('/order/calculate', { items: [{ sku_id: 101, count: 1 }], coupon: 'NOPE' }, null))
    ).data;
    expect(bad.coupon).toMatchObject({ applied: false, problem: 'coupon_invalid' });
  });

  it('refuses an empty cart and a malformed one with 400', async () => {
    const empty = await post('/order/calculate', { items: [] }, null);
    expect(empty.status).toBe(400);
    expect((await json(empty)).data.fields[0]).toMatchObject({ field: 'items', message: 'cart_empty' });
    expect((await post('/order/calculate', { items: [{ sku_id: 'x', count: 1 }] }, null)).status).toBe(400);
    expect((await post('/order/calculate', { items: [{ sku_id: 101, count: 0 }] }, null)).status).toBe(400);
  });
});

describe('submit', () => {
  it('places a cash-on-delivery order, takes the stock, mails a confirmation and answers a retry with the same order', async () => {
    const before = await stock(101);
    const body = {
      items: [{ sku_id: 101, count: 2 }],
      payment_method: 'cod',
      address_id: addressKW,
      idempotency_key: key(),
    };
    const first = await json(await post('/order/submit', body, userA));
    expect(first.data.order).toMatchObject({
      status: 'placed',
      payment_method: 'cod',
      currency: 'KWD',
      totals: { total: 8000, due: 8000 },
      address: { recipient: 'Sara', area_name: 'Salmiya' },
    });
    expect(first.data.payment).toBeNull();
    expect(await stock(101)).toBe(before - 2);
    const again = await json(await post('/order/submit', body, userA));
    expect(again.data.order.id).toBe(first.data.order.id);
    expect(again.data.replayed).toBe(true);
    expect(await stock(101)).toBe(before - 2);
    const mail = await env.DB.prepare('SELECT subject FROM mail_outbox WHERE subject LIKE ?')
      .bind(`%${first.data.order.id}%`)
      .all();
    expect(mail.results).toHaveLength(1);
  });

  it('refuses the same key with a different body (409)', async () => {
    const k = key();
    expect(
      (
        await post(
          '/order/submit',
          { items: [{ sku_id: 401, count: 1 }], payment_method: 'cod', address_id: addressKW, idempotency_key: k },
          userA,
        )
      ).status,
    ).toBe(200);
    const res = await post(
      '/order/submit',
      { items: [{ sku_id: 401, count: 2 }], payment_method: 'cod', address_id: addressKW, idempotency_key: k },
      userA,
    );
    expect(res.status).toBe(409);
    expect((await json(res)).meta.msg).toBe('idempotency_conflict');
  });

  it('lets a guest check out with an email and a typed address', async () => {
    const res = await json(
      await post(
        '/order/submit',
        {
          items: [{ sku_id: 401, count: 1 }],
          payment_method: 'cod',
          address: KW_ADDRESS,
          email: 'guest@example.com',
          idempotency_key: key(),
        },
        null,
      ),
    );
    expect(res.data.order).toMatchObject({
      status: 'placed',
      email: 'guest@example.com',
      address: { area_name: 'Salmiya', phone: '+96598765432' },
    });
    // The device that placed it can read it (the success page); nobody else can.
    expect((await get(`/order/${res.data.order.id}`, null)).status).toBe(200);
    const otherDevice = await call('/device/auth', {
      body: JSON.stringify({
        device: { name: 'Other', uid: 'other-device-uid-0002', platform: 'web' },
        os: { type: 'linux', version: '6' },
      }),
    });
    const otherToken = (await json(otherDevice)).data.access_token;
    expect((await call(`/order/${res.data.order.id}`, { token: otherToken, headers: as(null) })).status).toBe(404);
    expect((await call(`/order/${res.data.order.id}`, { token: otherToken, headers: as(userB) })).status).toBe(404);
    const noEmail = await post(
      '/order/submit',
      { items: [{ sku_id: 401, count: 1 }], payment_method: 'cod', address: KW_ADDRESS, idempotency_key: key() },
      null,
    );
    expect(noEmail.status).toBe(400);
  });

  it('refuses what cannot be delivered or paid, with clear keys', async () => {
    const cases: Array<[Record<string, unknown>, string | null, string, number]> = [
      [
        { items: [{ sku_id: 201, count: 1 }], payment_method: 'cod', address_id: addressKW },
        userA,
        'cart_changed',
        409,
      ],
      [
        { items: [{ sku_id: 101, count: 1 }], payment_method: 'cod', address_id: addressSA },
        userA,
        'address_country_mismatch',
        400,
      ],
      [{ items: [{ sku_id: 101, count: 1 }], payment_method: 'cod' }, userA, 'address_required', 400],
      [
        { items: [{ sku_id: 101, count: 1 }], payment_method: 'wallet', address_id: addressKW },
        userA,
        'wallet_insufficient',
        409,
      ],
      [
        { items: [{ sku_id: 101, count: 1 }], payment_method: 'card', card_method: 'mada', address_id: addressKW },
        userA,
        'payment_method_unavailable',
        400,
      ],
      [
        { items: [{ sku_id: 101, count: 1 }], payment_method: 'cod', address_id: addressKW, coupon: 'NOPE' },
        userA,
        'coupon_invalid',
        409,
      ],
      [
        { items: [{ sku_id: 101, count: 1 }], payment_method: 'cod', address_id: addressKW },
        userB,
        'address_required',
        400,
      ],
    ];
    for (const [body, user, msg, status] of cases) {
      const res = await post('/order/submit', { ...body, idempotency_key: key() }, user);
      expect(res.status, msg).toBe(status);
      expect((await json(res)).meta.msg, msg).toBe(msg);
    }
    const noKey = await post(
      '/order/submit',
      { items: [{ sku_id: 101, count: 1 }], payment_method: 'cod', address_id: addressKW },
      userA,
    );
    expect((await json(noKey)).data.fields).toContainEqual(expect.objectContaining({ field: 'idempotency_key' }));
  });

  it("lets a single-use coupon be used once per shopper, by account or by a guest's email", async () => {
    const order = (body: Record<string, unknown>, user: string | null) =>
      post(
        '/order/submit',
        { items: [{ sku_id: 401, count: 1 }], payment_method: 'cod', coupon: 'ONCE', idempotency_key: key(), ...body },
        user,
      );
    expect((await order({ address_id: addressKW }, userA)).status).toBe(200);
    const calc = (
      await json(await post('/order/calculate', { items: [{ sku_id: 401, count: 1 }], coupon: 'ONCE' }, userA))
    ).data;
    expect(calc.coupon).toMatchObject({ applied: false, problem: 'coupon_already_used' });
    const again = await order({ address_id: addressKW }, userA);
    expect(again.status).toBe(409);
    expect((await json(again)).meta.msg).toBe('coupon_already_used');
    expect((await order({ address: KW_ADDRESS, email: 'Once@Example.com' }, null)).status).toBe(200);
    expect((await json(await order({ address: KW_ADDRESS, email: 'once@example.com' }, null))).meta.msg).toBe(
      'coupon_already_used',
    );
  });

  it('places a Saudi order in SAR with the VAT included and a simplified tax invoice from a Saudi address', async () => {
    const res = await json(
      await post(
        '/order/submit',
        { items: [{ sku_id: 401, count: 1 }], payment_method: 'cod', address_id: addressSA, idempotency_key: key() },
        userA,
        'SA',
      ),
    );
    const order = res.data.order;
    // 2.750 KWD × 12.2 × 1.15 = SAR 38.5825 → 38.58; delivery SAR 25.00; VAT 63.58 × 15/115 = 8.293… → 8.29.
    expect(order).toMatchObject({
      country: 'SA',
      currency: 'SAR',
      address: { city_name: 'Jeddah' },
      vat_basis_points: 1500,
    });
    expect(order.items[0]).toMatchObject({ unit_price: 3858, line_total: 3858 });
    expect(order.totals).toMatchObject({ subtotal: 3858, delivery: 2500, total: 6358, vat: 829, due: 6358 });
    const invoice = order.tax_invoice;
    expect(invoice).toMatchObject({
      number: String(order.id),
      vat_number: '310457812300003',
      total: 6358,
      vat: 829,
      vat_basis_points: 1500,
    });
    expect(invoice.issued_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    // The QR payload decodes to the five fields of the invoice.
    const bytes = Uint8Array.from(atob(invoice.qr), (ch) => ch.charCodeAt(0));
    const fields: string[] = [];
    for (let i = 0; i < bytes.length; i += 2 + bytes[i + 1]!)
      fields[bytes[i]!] = new TextDecoder().decode(bytes.subarray(i + 2, i + 2 + bytes[i + 1]!));
    expect(fields.slice(1)).toEqual([invoice.seller_name.ar, '310457812300003', invoice.issued_at, '63.58', '8.29']);
    // The confirmation mail carries the invoice too, its QR drawn as a table of cells in the HTML part.
    const mail = await env.DB.prepare(
      'SELECT body_text, body_html FROM mail_outbox WHERE subject LIKE ? ORDER BY id DESC',
    )
      .bind(`%${order.id}%`)
      .first<{ body_text: string; body_html: string }>();
    expect(mail!.body_text).toContain('310457812300003');
    expect(mail!.body_html).toContain('310457812300003');
    expect(mail!.body_html).toMatch(/<table[^>]*data-qr/);
  });

  it('keeps a Kuwait order free of VAT and of a tax invoice', async () => {
    const res = await json(
      await post(
        '/order/submit',
        { items: [{ sku_id: 401, count: 1 }], payment_method: 'cod', address_id: addressKW, idempotency_key: key() },
        userA,
      ),
    );
    expect(res.data.order).toMatchObject({ country: 'KW', vat_basis_points: 0, tax_invoice: null });
    expect(res.data.order.totals).toMatchObject({ subtotal: 2750, delivery: 1000, vat: 0, total: 3750 });
    const mail = await env.DB.prepare(
      'SELECT body_text, body_html FROM mail_outbox WHERE subject LIKE ? ORDER BY id DESC',
    )
      .bind(`%${res.data.order.id}%`)
      .first<{ body_text: string; body_html: string | null }>();
    expect(mail!.body_text).not.toMatch(/VAT/);
    expect(mail!.body_html ?? '').not.toContain('data-qr');
  });
});

describe('card payments through the sandbox gateway', () => {
  it('fails, gives back stock and coupon, then pays again and succeeds; each outcome applies once', async () => {
    const before = await stock(601);
    const body = {
      items: [{ sku_id: 601, count: 2 }],
      payment_method: 'card',
      card_method: 'knet',
      coupon: 'TEN',
      address_id: addressKW,
      idempotency_key: key(),
    };
    const placed = (await json(await post('/order/submit', body, userA))).data;
    expect(placed.order.status).toBe('pending_payment');
    expect(placed.payment.url).toMatch(/\/payments\/sandbox\/pay_[0-9a-f]{24}$/);
    expect(await stock(601)).toBe(before - 2);
    const used = async () =>
      (await env.DB.prepare("SELECT used FROM coupons WHERE code = 'TEN'").first<{ used: number }>())!.used;
    const usedBefore = await used();

    const failed = await json(await sandbox(placed.payment.id, 'failed', userA));
    expect(failed.data.return_path).toBe(`/checkout/success?order=${placed.order.id}`);
    expect((await json(await get(`/user/order/${placed.order.id}`, userA))).data).toMatchObject({
      status: 'payment_failed',
      can_pay_again: true,
    });
    expect(await stock(601)).toBe(before);
    expect(await used()).toBe(usedBefore - 1);
    // The same outcome delivered again changes nothing.
    await sandbox(placed.payment.id, 'failed', userA);
    expect(await stock(601)).toBe(before);

    expect((await post('/order/payAgain', { order_id: placed.order.id }, userB)).status).toBe(404);
    const again = (await json(await post('/order/payAgain', { order_id: placed.order.id }, userA))).data;
    expect(again.payment.id).not.toBe(placed.payment.id);
    expect(await stock(601)).toBe(before - 2);
    // While that charge is open, paying again resumes it instead of opening a second one.
    expect((await json(await post('/order/payAgain', { order_id: placed.order.id }, userA))).data.payment.id).toBe(
      again.payment.id,
    );
    await sandbox(again.payment.id, 'succeeded', userA);
    expect((await json(await get(`/user/order/${placed.order.id}`, userA))).data).toMatchObject({
      status: 'paid',
      can_pay_again: false,
    });
    expect(await stock(601)).toBe(before - 2);
  });

  it('accepts the webhook only with a valid signature', async () => {
    const placed = await submitOrder(token, userA, {
      items: [{ sku_id: 601, count: 1 }],
      payment_method: 'card',
      address_id: addressKW,
      idempotency_key: key(),
    });
    const forged = await call('/payments/webhook/sandbox', {
      body: JSON.stringify({ paymentId: placed.payment.id, outcome: 'succeeded' }),
      headers: { 'x-sandbox-signature': 'a'.repeat(64) },
    });
    expect(forged.status).toBe(401);
    const signed = await signSandboxEvent(WEBHOOK_SECRET, { paymentId: placed.payment.id, outcome: 'succeeded' });
    const res = await call('/payments/webhook/sandbox', {
      body: signed.body,
      headers: { 'x-sandbox-signature': signed.signature },
    });
    expect(res.status).toBe(200);
    expect((await json(await get(`/user/order/${placed.order.id}`, userA))).data.status).toBe('paid');
    const replay = await json(
      await call('/payments/webhook/sandbox', {
        body: signed.body,
        headers: { 'x-sandbox-signature': signed.signature },
      }),
    );
    expect(replay.data.applied).toBe(false);
  });
});

describe('sandbox payments belong to the session that opened them', () => {
  it('a payment id is no bearer key: another shopper or device can neither read nor settle it', async () => {
    // Its own shopper, so other tests' wallet balances stay as they expect.
    const rich = await register('sandbox.owner@example.com');
    const charge = (await json(await post('/user/wallet/charge', { amount: 2000, payment_method: 'knet' }, rich))).data;
    const otherDevice = await deviceToken();
    for (const [user, device] of [
      [userA, token],
      [null, token],
      [null, otherDevice],
      [userA, otherDevice],
    ] as const) {
      const read = await call(`/dev/payments/${charge.id}`, { token: device, headers: as(user) });
      expect(read.status).toBe(404);
      expect((await json(read)).meta.msg).toBe('not_found');
      expect((await sandbox(charge.id, 'succeeded', user, device)).status).toBe(404);
    }
    expect((await json(await get(`/user/wallet/${charge.id}`, rich))).data.status).toBe('initiated');
    expect((await call(`/dev/payments/${charge.id}`, { token, headers: as(rich) })).status).toBe(200);
    expect((await json(await sandbox(charge.id, 'succeeded', rich))).data.status).toBe('succeeded');
  });

  it("a guest's card order is settled only from the device that placed it", async () => {
    const guestDevice = await deviceToken();
    const placed = (
      await json(
        await call('/order/submit', {
          token: guestDevice,
          headers: as(null),
          body: JSON.stringify({
            items: [{ sku_id: 601, count: 1 }],
            payment_method: 'card',
            card_method: 'knet',
            address: KW_ADDRESS,
            email: 'guest.card@example.com',
            idempotency_key: key(),
          }),
        }),
      )
    ).data;
    expect(placed.payment.id).toMatch(/^pay_/);
    expect((await sandbox(placed.payment.id, 'succeeded', null, token)).status).toBe(404);
    expect((await sandbox(placed.payment.id, 'succeeded', userA, token)).status).toBe(404);
    expect((await json(await sandbox(placed.payment.id, 'failed', null, guestDevice))).data.status).toBe('failed');
  });
});

describe('unfinished card payments', () => {
  it('are cancelled after their time, giving back the stock; recent ones are left alone', async () => {
    const before = await stock(601);
    const placed = await submitOrder(token, userA, {
      items: [{ sku_id: 601, count: 3 }],
      payment_method: 'card',
      address_id: addressKW,
      idempotency_key: key(),
    });
    expect(await stock(601)).toBe(before - 3);
    expect(await sweepStalePayments(env, 'http://shop.test')).toBe(0);
    expect(
      await sweepStalePayments(env, 'http://shop.test', Date.now() + PENDING_PAYMENT_TTL_MS + 1000),
    ).toBeGreaterThanOrEqual(1);
    expect(await stock(601)).toBe(before);
    expect((await json(await get(`/user/order/${placed.order.id}`, userA))).data).toMatchObject({
      status: 'payment_failed',
      can_pay_again: true,
    });
  });
});

describe('reconciliation of a payment left initiated', () => {
  const later = () => Date.now() + PENDING_PAYMENT_TTL_MS + 1000;
  /** A card order of userA whose charge stays open (the shopper never came back, or her choice was lost). */
  async function openCharge(sku: number) {
    const placed = await submitOrder(token, userA, {
      items: [{ sku_id: sku, count: 1 }],
      payment_method: 'card',
      address_id: addressKW,
      idempotency_key: key(),
    });
    const row = await env.DB.prepare('SELECT id, provider_ref, amount, currency FROM payments WHERE id = ?')
      .bind(placed.payment.id)
      .first<{ id: string; provider_ref: string; amount: number; currency: string }>();
    return { orderId: placed.order.id as number, payment: row! };
  }
  const paymentStatus = async (id: string) =>
    (await env.DB.prepare('SELECT status FROM payments WHERE id = ?').bind(id).first<{ status: string }>())!.status;
  /** The local gateway, able to be asked about a charge as Tap is. */
  const asking = (fetchCharge: Gateway['fetchCharge']): Gateway => ({
    ...sandboxGateway('test-payment-webhook-secret-0123456789ab'),
    fetchCharge,
  });

  it('settles a stale charge the gateway reports captured as paid, not cancelled', async () => {
    const before = await stock(601);
    const { orderId, payment } = await openCharge(601);
    const gateway = asking(async (ref) => ({
      paymentId: payment.id,
      outcome: 'succeeded',
      finished: true,
      providerRef: ref,
      amount: payment.amount,
      currency: payment.currency,
    }));
    expect(await sweepStalePayments(env, 'http://shop.test', Date.now(), gateway)).toBe(0);
    expect(await sweepStalePayments(env, 'http://shop.test', later(), gateway)).toBeGreaterThanOrEqual(1);
    expect(await paymentStatus(payment.id)).toBe('succeeded');
    expect((await json(await get(`/user/order/${orderId}`, userA))).data.status).toBe('paid');
    expect(await stock(601)).toBe(before - 1);
  });

  it('leaves it for the next run while the gateway cannot be reached, then cancels a charge still open', async () => {
    const before = await stock(601);
    const { orderId, payment } = await openCharge(601);
    const unreachable = asking(async () => {
      throw new Error('Tap answered 500 when asked for a charge');
    });
    await sweepStalePayments(env, 'http://shop.test', later(), unreachable);
    expect(await paymentStatus(payment.id)).toBe('initiated');
    const stillOpen = asking(async (ref) => ({
      paymentId: payment.id,
      outcome: 'failed',
      finished: false,
      providerRef: ref,
      amount: payment.amount,
      currency: payment.currency,
    }));
    await sweepStalePayments(env, 'http://shop.test', later(), stillOpen);
    expect(await paymentStatus(payment.id)).toBe('cancelled');
    expect((await json(await get(`/user/order/${orderId}`, userA))).data).toMatchObject({
      status: 'payment_failed',
      can_pay_again: true,
    });
    expect(await stock(601)).toBe(before);
  });

  it('settles a paid-again charge left open the same way, and only once', async () => {
    const { orderId, payment } = await openCharge(601);
    expect((await json(await sandbox(payment.id, 'failed'))).data.status).toBe('failed');
    const again = (await json(await post('/order/payAgain', { order_id: orderId }, userA))).data.payment;
    expect(await paymentStatus(again.id)).toBe('initiated');
    expect(await sweepStalePayments(env, 'http://shop.test', later())).toBeGreaterThanOrEqual(1);
    expect(await paymentStatus(again.id)).toBe('cancelled');
    expect(await sweepStalePayments(env, 'http://shop.test', later())).toBe(0);
    expect((await json(await get(`/user/order/${orderId}`, userA))).data.status).toBe('payment_failed');
  });
});

describe('wallet', () => {
  it('tops up through the gateway, pays an order in whole or in part, and keeps the balance equal to the ledger', async () => {
    const charge = (await json(await post('/user/wallet/charge', { amount: 5000, payment_method: 'knet' }, userA)))
      .data;
    expect(charge.url).toContain('/payments/sandbox/');
    expect((await json(await get(`/user/wallet/${charge.id}`, userA))).data.status).toBe('initiated');
    expect((await get(`/user/wallet/${charge.id}`, userB)).status).toBe(404);
    await sandbox(charge.id, 'succeeded', userA);
    expect((await json(await get('/user/wallet', userA))).data).toMatchObject({ balance: 5000, currency: 'KWD' });

    const wholeRes = await json(
      await post(
        '/order/submit',
        { items: [{ sku_id: 401, count: 1 }], payment_method: 'wallet', address_id: addressKW, idempotency_key: key() },
        userA,
      ),
    );
    const whole = wholeRes.data;
    expect(wholeRes.meta).toMatchObject({ code: 200 });
    expect(whole.order).toMatchObject({
      status: 'paid',
      payment_method: 'wallet',
      totals: { total: 3750, wallet_used: 3750, due: 0 },
    });
    const partial = await submitOrder(token, userA, {
      items: [{ sku_id: 401, count: 1 }],
      payment_method: 'cod',
      use_wallet: true,
      address_id: addressKW,
      idempotency_key: key(),
    });
    expect(partial.order).toMatchObject({ status: 'placed', totals: { wallet_used: 1250, due: 2500 } });
    expect((await json(await get('/user/wallet', userA))).data.balance).toBe(0);

    const history = (await json(await get('/user/wallet/history', userA))).data;
    expect(history.items.map((m: { kind: string; amount: number }) => [m.kind, m.amount])).toEqual([
      ['order_payment', -1250],
      ['order_payment', -3750],
      ['top_up', 5000],
    ]);
    expect((await json(await get('/user/wallet/history', userB))).data.items).toEqual([]);
    expect((await post('/user/wallet/charge', { amount: 0, payment_method: 'knet' }, userA)).status).toBe(400);
    const tooMuch = await post('/user/wallet/charge', { amount: 500_001, payment_method: 'knet' }, userA);
    expect(tooMuch.status).toBe(400);
    expect((await json(tooMuch)).meta.msg).toBe('wallet_amount_too_large');
    expect((await get('/user/wallet', null)).status).toBe(401);
  });
});

describe('orders belong to their shopper', () => {
  it('lists and shows only the shopper’s own orders', async () => {
    const mine = (await json(await get('/user/order', userA))).data;
    expect(mine.total).toBeGreaterThan(0);
    const id = mine.items[0].id;
    expect((await get(`/user/order/${id}`, userB)).status).toBe(404);
    expect((await get(`/user/order/${id}`, null)).status).toBe(401);
    expect((await get(`/order/${id}`, userB)).status).toBe(404);
    expect((await post('/order/payAgain', { order_id: id }, null)).status).toBe(404);
    expect((await json(await get('/user/order', userB))).data.items).toEqual([]);
  });
});

// Fifty real requests through workerd each: on a loaded 2-core machine they take longer than Vitest's
// default 5 s, which says nothing about the guarantee they check.
describe('under concurrency', { timeout: 30_000 }, () => {
  it('sells the last 5 units to exactly 5 of 50 simultaneous checkouts; stock never goes negative', async () => {
    await setStock(102, 5);
    const shoppers = await signedInShoppers(10, 'crowd');
    const addresses = await Promise.all(
      shoppers.map(async (s) => (await json(await post('/user/address/new', KW_ADDRESS, s))).data.id as number),
    );
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        post(
          '/order/submit',
          {
            items: [{ sku_id: 102, count: 1 }],
            payment_method: 'cod',
            address_id: addresses[i % 10],
            idempotency_key: key(),
          },
          shoppers[i % 10]!,
        ),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);
    expect(statuses.filter((s) => s === 409)).toHaveLength(45);
    const refused = await json(results.find((r) => r.status === 409)!);
    expect(['out_of_stock', 'cart_changed']).toContain(refused.meta.msg);
    expect(await stock(102)).toBe(0);
    const sold = await env.DB.prepare('SELECT sum(count) AS n FROM order_items WHERE sku_id = 102').first<{
      n: number;
    }>();
    expect(sold!.n).toBe(5);
  });

  it('redeems a single-use coupon once among 20 simultaneous checkouts', async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        post(
          '/order/submit',
          {
            items: [{ sku_id: 401, count: 1 }],
            payment_method: 'cod',
            coupon: 'LAST',
            address: KW_ADDRESS,
            email: 'crowd@example.com',
            idempotency_key: key(),
          },
          null,
        ),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    const coupon = await env.DB.prepare(
      "SELECT used, (SELECT count(*) FROM coupon_redemptions r WHERE r.coupon_id = coupons.id) AS redemptions FROM coupons WHERE code = 'LAST'",
    ).first();
    expect(coupon).toEqual({ used: 1, redemptions: 1 });
  });

  it('never spends more than the wallet holds, whatever runs at the same time', async () => {
    const rich = await register('wallet.crowd@example.com');
    const address = (await json(await post('/user/address/new', KW_ADDRESS, rich))).data.id;
    const charge = (await json(await post('/user/wallet/charge', { amount: 10_000, payment_method: 'knet' }, rich)))
      .data;
    await sandbox(charge.id, 'succeeded', rich);
    // Each order costs 3.750 KWD (2.750 + 1.000 delivery): the wallet covers two of them.
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        post(
          '/order/submit',
          { items: [{ sku_id: 401, count: 1 }], payment_method: 'wallet', address_id: address, idempotency_key: key() },
          rich,
        ),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(2);
    const balance = (await json(await get('/user/wallet', rich))).data.balance;
    const ledger = await env.DB.prepare(
      "SELECT sum(amount) AS total FROM wallet_ledger WHERE user_id = (SELECT id FROM users WHERE email = 'wallet.crowd@example.com')",
    ).first<{ total: number }>();
    expect(balance).toBe(10_000 - 2 * 3750);
    expect(ledger!.total).toBe(balance);
  });

  it('makes one order of 10 simultaneous retries with the same key', async () => {
    const body = {
      items: [{ sku_id: 401, count: 1 }],
      payment_method: 'cod',
      address_id: addressKW,
      idempotency_key: key(),
    };
    const results = await Promise.all(Array.from({ length: 10 }, () => post('/order/submit', body, userA)));
    const ids = new Set(await Promise.all(results.map(async (r) => (await json(r)).data.order.id)));
    expect(ids.size).toBe(1);
    const rows = await env.DB.prepare('SELECT count(*) AS n FROM idempotency_keys WHERE key = ?')
      .bind(body.idempotency_key)
      .first<{ n: number }>();
    expect(rows!.n).toBe(1);
  });
});
