// Promotions through the API (decision 33): a free gift that comes and goes with the cart's
// subtotal, the shopper's choice of gift, an out-of-stock gift, dates and countries, the total limit
// (used up, released by a failed payment, and two concurrent orders for the last gift), buy X get Y
// in the totals with VAT in KWD and SAR, and the gift lines of a stored order.
import { env } from 'cloudflare:workers';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { vatIncluded } from '#shared/money';
import { failureOf } from '#api/src/orders/place';
import { loadCatalogueFixture } from '../fixtures/catalogue';
import { call, deviceToken, json, openVerifyLink } from './helpers';
import { staffCall, staffWith } from './staff-helpers';

let token: string;
let user: string;
let other: string;
let addressKW: number;
let addressSA: number;
let addressOther: number;

const as = (u: string | null, country = 'KW'): Record<string, string> => ({
  ...(u ? { authorization: `Bearer ${u}` } : {}),
  'x-country': country,
  lang: 'en',
});
const post = (path: string, body: unknown, u: string | null, country = 'KW') =>
  call(path, { body: JSON.stringify(body), token, headers: as(u, country) });
const get = (path: string, u: string | null) => call(path, { token, headers: as(u) });
const key = () => crypto.randomUUID();
const stock = async (sku: number) =>
  (await env.DB.prepare('SELECT stock FROM skus WHERE id = ?').bind(sku).first<{ stock: number }>())!.stock;
const setStock = (sku: number, n: number) =>
  env.DB.prepare('UPDATE skus SET stock = ? WHERE id = ?').bind(n, sku).run();
const used = async (id: number) =>
  (await env.DB.prepare('SELECT used FROM promotions WHERE id = ?').bind(id).first<{ used: number }>())!.used;
const calculate = async (body: unknown, country = 'KW', u: string | null = null) =>
  (await json(await post('/order/calculate', body, u, country))).data;

let nextId = 100;
/** A promotion of its own for each test (the others are switched off before it). */
async function promotion(
  values: Record<string, string | number | null>,
  gifts: number[] = [],
  targets: Array<{ product_id?: number; sku_id?: number }> = [],
): Promise<number> {
  const id = nextId++;
  // A gift threshold's cart total per country, minor units of its currency (decision 52): `min_subtotal`
  // for each country it runs in, or `min_subtotal_KW` / `min_subtotal_SA` for one.
  const { min_subtotal, min_subtotal_KW, min_subtotal_SA, ...rest } = values;
  const row: Record<string, string | number | null> = {
    id,
    kind: 'gift_threshold',
    name_en: `Promotion ${id}`,
    name_ar: `عرض ${id}`,
    ...rest,
  };
  const thresholds = (['KW', 'SA'] as const).flatMap((country) => {
    const amount = (country === 'KW' ? min_subtotal_KW : min_subtotal_SA) ?? min_subtotal;
    return typeof amount === 'number' && (!row.country || row.country === country) ? [[country, amount] as const] : [];
  });
  const columns = Object.keys(row);
  await env.DB.batch([
    env.DB.prepare(`INSERT INTO promotions (${columns.join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`).bind(
      ...Object.values(row),
    ),
    ...thresholds.map(([country, amount]) =>
      env.DB.prepare(
        'INSERT INTO promotion_thresholds (promotion_id, country, min_subtotal_minor) VALUES (?, ?, ?)',
      ).bind(id, country, amount),
    ),
    ...gifts.map((sku, i) =>
      env.DB.prepare('INSERT INTO promotion_gifts (promotion_id, sku_id, sort_order) VALUES (?, ?, ?)').bind(
        id,
        sku,
        i,
      ),
    ),
    ...targets.map((t) =>
      env.DB.prepare('INSERT INTO promotion_targets (promotion_id, product_id, sku_id) VALUES (?, ?, ?)').bind(
        id,
        t.product_id ?? null,
        t.sku_id ?? null,
      ),
    ),
  ]);
  return id;
}

/** A shopper signed up who opened her confirmation link: her order mails reach her (decision 85). */
async function register(email: string): Promise<string> {
  const access = (
    await json(
      await call('/user/register', {
        body: JSON.stringify({ name: `Shopper ${email}`, email, password: 'secret1' }),
        token,
      }),
    )
  ).data.access_token;
  await openVerifyLink(email, token);
  return access;
}

const order = (items: Array<{ sku_id: number; count: number }>, extra: Record<string, unknown> = {}) => ({
  items,
  payment_method: 'cod',
  address_id: addressKW,
  idempotency_key: key(),
  ...extra,
});

beforeAll(async () => {
  await loadCatalogueFixture(env.DB);
  token = await deviceToken();
  user = await register('promo.a@example.com');
  other = await register('promo.b@example.com');
  addressKW = (
    await json(
      await post(
        '/user/address/new',
        { country: 'KW', recipient: 'Sara', phone: '98765432', area_id: 26, block: '3', street: '12', building: '7' },
        user,
      ),
    )
  ).data.id;
  addressOther = (
    await json(
      await post(
        '/user/address/new',
        { country: 'KW', recipient: 'Huda', phone: '98765433', area_id: 26, block: '4', street: '2', building: '9' },
        other,
      ),
    )
  ).data.id;
  addressSA = (
    await json(
      await post(
        '/user/address/new',
        {
          country: 'SA',
          recipient: 'Sara',
          phone: '512345678',
          city_id: 2,
          district: 'Rawdah',
          street: 'Tahlia',
          building_number: '1234',
          postal_code: '23433',
        },
        user,
      ),
    )
  ).data.id;
});

beforeEach(async () => {
  await env.DB.prepare('UPDATE promotions SET is_active = 0').run();
  for (const [sku, n] of [
    [101, 50],
    [102, 40],
    [401, 100],
    [601, 20],
  ] as const)
    await setStock(sku, n);
});

describe('a free gift from a subtotal', () => {
  it('appears when the cart reaches the threshold and leaves when it drops below, explained', async () => {
    const id = await promotion({ min_subtotal: 10_000 }, [401]);
    const below = await calculate({ items: [{ sku_id: 101, count: 2 }] });
    expect(below.gift_lines).toEqual([]);
    expect(below.promotions).toEqual([
      expect.objectContaining({
        promotion_id: id,
        applied: false,
        threshold: 10_000,
        remaining: 3_000,
        reason: { key: 'promo_threshold_short', params: { amount: 3_000 } },
      }),
    ]);

    const above = await calculate({ items: [{ sku_id: 101, count: 3 }] });
    expect(above.gift_lines).toEqual([
      expect.objectContaining({ promotion_id: id, sku_id: 401, count: 1, unit_price: 0, line_total: 0 }),
    ]);
    expect(above.promotions[0]).toMatchObject({
      applied: true,
      remaining: 0,
      reason: { key: 'promo_threshold_applied', params: { amount: 10_000 } },
    });
    // The gift is free: the totals are the paid lines'.
    expect(above).toMatchObject({ subtotal: 10_500, discount: 0, promotion_discount: 0, total: 11_500 });

    const again = await calculate({ items: [{ sku_id: 101, count: 2 }] });
    expect(again.gift_lines).toEqual([]);
    expect(again.promotions[0].applied).toBe(false);
  });

  it('gives the shopper’s choice of gift, else the first in stock; a sold-out gift is not given', async () => {
    const id = await promotion({ min_subtotal: 5_000 }, [401, 601]);
    const cart = { items: [{ sku_id: 102, count: 1 }] };
    expect((await calculate(cart)).gift_lines.map((g: { sku_id: number }) => g.sku_id)).toEqual([401]);
    const chosen = await calculate({ ...cart, gifts: [{ promotion_id: id, sku_id: 601 }] });
    expect(chosen.gift_lines.map((g: { sku_id: number }) => g.sku_id)).toEqual([601]);
    expect(
      chosen.promotions[0].options.map((o: { sku_id: number; in_stock: boolean }) => [o.sku_id, o.in_stock]),
    ).toEqual([
      [401, true],
      [601, true],
    ]);

    await setStock(401, 0);
    expect((await calculate(cart)).gift_lines.map((g: { sku_id: number }) => g.sku_id)).toEqual([601]);
    await setStock(601, 0);
    const none = await calculate(cart);
    expect(none.gift_lines).toEqual([]);
    expect(none.promotions[0]).toMatchObject({ applied: false, reason: { key: 'promo_gift_out_of_stock' } });
    // The order goes through without the gift, and no use is counted.
    const placed = await json(await post('/order/submit', order(cart.items), user));
    expect(placed.data.order.promotions).toEqual([]);
    expect(await used(id)).toBe(0);
  });

  it('refuses two choices for one promotion with a message key', async () => {
    const id = await promotion({ min_subtotal: 5_000 }, [401, 601]);
    const res = await post(
      '/order/calculate',
      {
        items: [{ sku_id: 102, count: 1 }],
        gifts: [
          { promotion_id: id, sku_id: 401 },
          { promotion_id: id, sku_id: 601 },
        ],
      },
      null,
    );
    expect(res.status).toBe(400);
    expect(JSON.stringify(await json(res))).toContain('promotion_gift_invalid');
  });

  it('compares a Saudi cart with Saudi Arabia’s own round amount in riyals, not the Kuwaiti one converted', async () => {
    const id = await promotion({ min_subtotal_KW: 20_000, min_subtotal_SA: 25_000 }, [401]);
    // Two units of SKU 101 in Saudi Arabia: SAR 49.11 each with VAT.
    const sa = await calculate({ items: [{ sku_id: 101, count: 2 }] }, 'SA');
    expect(sa.promotions).toEqual([
      expect.objectContaining({
        promotion_id: id,
        applied: false,
        threshold: 25_000,
        remaining: 25_000 - 9_822,
        reason: { key: 'promo_threshold_short', params: { amount: 25_000 - 9_822 } },
      }),
    ]);
    // The cart sync's giveaway items carry it too, in halalas.
    const items = (
      await json(await post('/product/sku', { ids: [101], counts: [2], exclude_purchase_together: true }, null, 'SA'))
    ).data.giveaway_items;
    expect(items).toEqual([expect.objectContaining({ id, min_subtotal: 25_000, threshold: 25_000 })]);
    // Kuwait keeps its KWD 20.000.
    expect((await calculate({ items: [{ sku_id: 101, count: 2 }] })).promotions[0]).toMatchObject({
      threshold: 20_000,
    });
    // A promotion with no Saudi amount does not run in Saudi Arabia.
    await env.DB.prepare("DELETE FROM promotion_thresholds WHERE promotion_id = ? AND country = 'SA'").bind(id).run();
    expect((await calculate({ items: [{ sku_id: 101, count: 2 }] }, 'SA')).promotions).toEqual([]);
  });

  it('holds only in its dates and its country', async () => {
    const day = 24 * 60 * 60 * 1000;
    await promotion({ min_subtotal: 1_000, country: 'SA' }, [401]);
    await promotion({ min_subtotal: 1_000, ends_at: Date.now() - day }, [401]);
    await promotion({ min_subtotal: 1_000, starts_at: Date.now() + day }, [401]);
    const cart = { items: [{ sku_id: 101, count: 1 }] };
    expect((await calculate(cart)).promotions).toEqual([]);
    const sa = await calculate(cart, 'SA');
    expect(sa.promotions).toHaveLength(1);
    expect(sa.gift_lines).toHaveLength(1);
  });
});

describe('stored orders', () => {
  it('stores the gift at price 0 with its promotion and reason, and holds its stock and the use', async () => {
    const id = await promotion({ min_subtotal: 10_000 }, [401]);
    const before = await stock(401);
    const res = await post(
      '/order/submit',
      order([{ sku_id: 101, count: 3 }], { gifts: [{ promotion_id: id, sku_id: 401 }] }),
      user,
    );
    expect(res.status).toBe(200);
    const placed = (await json(res)).data.order;
    expect(placed.items.map((i: { sku_id: number }) => i.sku_id)).toEqual([101]);
    expect(placed.totals).toMatchObject({ subtotal: 10_500, total: 11_500 });
    expect(placed.promotions).toEqual([
      {
        promotion_id: id,
        kind: 'gift_threshold',
        name: `Promotion ${id}`,
        reason: { key: 'promo_threshold_applied', params: { amount: 10_000 } },
        discount: 0,
        gift: expect.objectContaining({
          sku_id: 401,
          count: 1,
          unit_price: 0,
          line_total: 0,
          name: 'Vitamin C 1000 mg',
        }),
      },
    ]);
    expect(await stock(401)).toBe(before - 1);
    expect(await used(id)).toBe(1);
    // The confirmation mail lists the gift at zero price, with why.
    const mail = await env.DB.prepare('SELECT body_text FROM mail_outbox WHERE dedupe_key = ?')
      .bind(`order:${placed.id}:confirmation`)
      .first<{ body_text: string }>();
    expect(mail!.body_text).toContain('- Vitamin C 1000 mg (100 tablets) × 1: Free (Free gift: your cart is over');
    // The owner reads it back; another shopper does not.
    const read = (await json(await get(`/user/order/${placed.id}`, user))).data;
    expect(read.promotions).toEqual(placed.promotions);
    expect((await get(`/user/order/${placed.id}`, other)).status).toBe(404);
    const list = (await json(await get('/user/order', user))).data;
    expect(list.items.find((o: { id: number }) => o.id === placed.id).promotions).toHaveLength(1);
    // A SKU given as a gift counts as ordered: the back office cannot delete it.
    const owner = await staffWith([{ role: 'owner', country: null }]);
    const deleted = await staffCall(owner.token, '/staff/catalogue/skus/401/delete', { json: { confirm: 'on' } });
    expect(deleted.status).toBe(409);
    expect((await json(deleted)).meta.msg).toBe('sku_has_orders');
    // Staff see the gift to pack with the order.
    const detail = (await json(await staffCall(owner.token, `/staff/orders/${placed.id}`))).data;
    expect(detail.promotions).toEqual(placed.promotions);
  });

  it('gives the use and the gift’s stock back when the payment fails', async () => {
    const id = await promotion({ min_subtotal: 10_000, max_uses: 5 }, [401]);
    const before = await stock(401);
    const placed = (
      await json(
        await post(
          '/order/submit',
          order([{ sku_id: 101, count: 3 }], { payment_method: 'card', card_method: 'knet' }),
          user,
        ),
      )
    ).data;
    expect(await used(id)).toBe(1);
    expect(await stock(401)).toBe(before - 1);
    await call(`/dev/payments/${placed.payment.id}`, {
      body: JSON.stringify({ outcome: 'failed' }),
      token,
      headers: as(user),
    });
    expect(await used(id)).toBe(0);
    expect(await stock(401)).toBe(before);
    // Paying again takes them again.
    expect((await post('/order/payAgain', { order_id: placed.order.id }, user)).status).toBe(200);
    expect(await used(id)).toBe(1);
    expect(await stock(401)).toBe(before - 1);
  });
});

describe('the total limit', () => {
  it('is used up after its last use: the cart says so, and an order that chose the gift gets 409', async () => {
    const id = await promotion({ min_subtotal: 10_000, max_uses: 1 }, [401]);
    const items = [{ sku_id: 101, count: 3 }];
    expect((await post('/order/submit', order(items), user)).status).toBe(200);
    const after = await calculate({ items });
    expect(after.gift_lines).toEqual([]);
    expect(after.promotions[0]).toMatchObject({ applied: false, reason: { key: 'promo_used_up' } });
    const late = await post('/order/submit', order(items, { gifts: [{ promotion_id: id, sku_id: 401 }] }), user);
    expect(late.status).toBe(409);
    expect((await json(late)).meta.msg).toBe('promotion_used_up');
  });

  it('gives the last gift to exactly one of two concurrent orders; stock and uses stay consistent', async () => {
    const id = await promotion({ min_subtotal: 10_000, max_uses: 1 }, [401]);
    const giftBefore = await stock(401);
    const paidBefore = await stock(101);
    const body = (address_id: number) =>
      order([{ sku_id: 101, count: 3 }], { address_id, gifts: [{ promotion_id: id, sku_id: 401 }] });
    const [a, b] = await Promise.all([
      post('/order/submit', body(addressKW), user),
      post('/order/submit', body(addressOther), other),
    ]);
    const statuses = [a.status, b.status].sort();
    expect(statuses).toEqual([200, 409]);
    const loser = a.status === 409 ? a : b;
    expect((await json(loser)).meta.msg).toBe('promotion_used_up');
    expect(await used(id)).toBe(1);
    expect(await stock(401)).toBe(giftBefore - 1);
    // Nothing of the losing order was stored: its paid stock was not taken either.
    expect(await stock(101)).toBe(paidBefore - 3);
    const rows = await env.DB.prepare('SELECT count(*) AS n FROM order_promotions WHERE promotion_id = ?')
      .bind(id)
      .first<{ n: number }>();
    expect(rows!.n).toBe(1);
  });
});

describe('the CHECK under the limit', () => {
  it('aborts a batch that would count a use past the limit, and submit reads it as promotion_used_up', async () => {
    const id = await promotion({ min_subtotal: 10_000, max_uses: 1, used: 1 }, [401]);
    const error = await env.DB.batch([
      env.DB.prepare('UPDATE promotions SET used = used + 1 WHERE id = ?').bind(id),
    ]).then(
      () => null,
      (e: unknown) => e,
    );
    expect(failureOf(error)).toBe('promotion_used_up');
    expect(await used(id)).toBe(1);
  });
});

describe('buy X get Y', () => {
  it('takes the cheapest units off the total in KWD, explained', async () => {
    const id = await promotion(
      { kind: 'buy_x_get_y', buy_count: 2, free_count: 1, max_per_order: 5 },
      [],
      [{ product_id: 1 }],
    );
    const t = await calculate({
      items: [
        { sku_id: 101, count: 2 },
        { sku_id: 102, count: 1 },
      ],
    });
    expect(t).toMatchObject({
      subtotal: 13_000,
      promotion_discount: 3_500,
      discount: 3_500,
      delivery: 1_000,
      vat: 0,
      total: 10_500,
    });
    expect(t.promotions).toEqual([
      expect.objectContaining({
        promotion_id: id,
        applied: true,
        discount: 3_500,
        reason: { key: 'promo_bxgy_applied', params: { buy: 2, free: 1, count: 1 } },
      }),
    ]);
    const short = await calculate({ items: [{ sku_id: 101, count: 2 }] });
    expect(short.promotions[0]).toMatchObject({
      applied: false,
      reason: { key: 'promo_bxgy_short', params: { count: 1 } },
    });
    expect(short.discount).toBe(0);
  });

  it('keeps the VAT the part of the discounted total in SAR, and stores the discount with the order', async () => {
    await promotion(
      { kind: 'buy_x_get_y', buy_count: 2, free_count: 1, max_per_order: 5 },
      [],
      [{ sku_id: 101 }, { sku_id: 102 }],
    );
    const items = [
      { sku_id: 101, count: 2 },
      { sku_id: 102, count: 1 },
    ];
    const t = await calculate({ items }, 'SA');
    // 3.500 KWD → SAR 49.11 a unit; 6.000 KWD → SAR 84.18. The free unit is a SAR 49.11 one.
    expect(t).toMatchObject({ currency: 'SAR', subtotal: 18_240, promotion_discount: 4_911, delivery: 2_500 });
    expect(t.total).toBe(18_240 - 4_911 + 2_500);
    expect(t.vat).toBe(vatIncluded(t.total, 1_500));
    expect(t.vat).toBe(2_065);
    // A coupon takes its share of what is left after the free units.
    await env.DB.prepare(
      "INSERT OR IGNORE INTO coupons (id, code, kind, value, min_subtotal_fils) VALUES (900, 'PROMO10', 'percent', 1000, 0)",
    ).run();
    const both = await calculate({ items, coupon: 'PROMO10' }, 'SA');
    expect(both.discount).toBe(4_911 + Math.round((18_240 - 4_911) / 10));

    const placed = (await json(await post('/order/submit', order(items, { address_id: addressSA }), user, 'SA'))).data
      .order;
    expect(placed.totals).toMatchObject({ subtotal: 18_240, discount: 4_911, total: t.total, vat: t.vat });
    expect(placed.promotions[0]).toMatchObject({ kind: 'buy_x_get_y', discount: 4_911, gift: null });
  });
});

describe('gift with purchase', () => {
  it('gives the gift with the product, up to the per-order cap', async () => {
    const id = await promotion(
      { kind: 'gift_with_purchase', buy_count: 1, max_per_order: 2 },
      [601],
      [{ product_id: 5 }],
    );
    const one = await calculate({ items: [{ sku_id: 501, count: 1 }] });
    expect(one.gift_lines).toEqual([expect.objectContaining({ promotion_id: id, sku_id: 601, count: 1 })]);
    const many = await calculate({ items: [{ sku_id: 501, count: 3 }] });
    expect(many.gift_lines[0].count).toBe(2);
    expect(many.promotions[0].reason).toEqual({ key: 'promo_gwp_applied', params: { count: 2 } });
    const without = await calculate({ items: [{ sku_id: 101, count: 1 }] });
    expect(without.gift_lines).toEqual([]);
  });
});

describe('cart sync giveaways', () => {
  it('says whether the cart qualifies at its counts, with the gift cards and the amount missing', async () => {
    const id = await promotion({ min_subtotal: 10_000 }, [401]);
    const sync = async (counts: number[]) =>
      (await json(await post('/product/sku', { ids: [101], counts, exclude_purchase_together: true }, null))).data
        .giveaway_items;
    expect(await sync([2])).toEqual([
      expect.objectContaining({ id, threshold: 10_000, qualifies: false, remaining: 3_000, gift_sku_id: null }),
    ]);
    expect(await sync([3])).toEqual([expect.objectContaining({ id, qualifies: true, remaining: 0, gift_sku_id: 401 })]);
  });
});

describe('the back office', () => {
  it('creates, lists, edits and deactivates offers with the promotions permission, each audited', async () => {
    const owner = await staffWith([{ role: 'owner', country: null }]);
    const support = await staffWith([{ role: 'support', country: null }]);
    const saOnly = await staffWith([{ role: 'owner', country: 'SA' }]);
    const form = {
      kind: 'gift_threshold',
      name_en: 'Free Vitamin C over KD 12',
      name_ar: 'فيتامين سي مجانًا فوق 12 د.ك',
      min_subtotal_KW: '12.000',
      min_subtotal_SA: '150',
      min_subtotal_AE: '150',
      gift_skus: '401, 601',
      max_uses: '10',
      country: '',
    };
    expect((await staffCall(support.token, '/staff/promotions', { json: form })).status).toBe(403);
    // A grant for one country cannot make an offer for both.
    expect((await staffCall(saOnly.token, '/staff/promotions', { json: form })).status).toBe(403);
    const created = await staffCall(owner.token, '/staff/promotions', { json: form });
    expect(created.status).toBe(200);
    const id = (await json(created)).data.id as number;
    const one = (await json(await staffCall(support.token, `/staff/promotions/${id}`))).data.promotion;
    expect(one).toMatchObject({
      kind: 'gift_threshold',
      // Each country's own amount, in its currency (decision 52): KWD 12.000 and SAR 150.00.
      thresholds: { KW: 12_000, SA: 15_000, AE: 15_000 },
      gift_skus: [401, 601],
      max_uses: 10,
      used: 0,
      is_active: 1,
    });
    // Live at once: the checkout gives it.
    const cart = await calculate({ items: [{ sku_id: 102, count: 2 }] });
    expect(cart.gift_lines).toEqual([expect.objectContaining({ promotion_id: id, sku_id: 401 })]);

    // Unknown SKUs and a limit below the uses are refused with message keys.
    const unknown = await staffCall(owner.token, `/staff/promotions/${id}`, { json: { ...form, gift_skus: '999999' } });
    expect(unknown.status).toBe(409);
    expect((await json(unknown)).meta.msg).toBe('promotion_sku_unknown');
    // Each country's amount in its own currency: a third decimal for riyals, or none for a country it runs in.
    const decimals = await staffCall(owner.token, `/staff/promotions/${id}`, {
      json: { ...form, min_subtotal_SA: '150.005' },
    });
    expect(decimals.status).toBe(400);
    expect(JSON.stringify(await json(decimals))).toContain('country_amount_decimals');
    const missing = await staffCall(owner.token, `/staff/promotions/${id}`, { json: { ...form, min_subtotal_SA: '' } });
    expect(missing.status).toBe(400);
    const bad = await staffCall(owner.token, '/staff/promotions', {
      json: { ...form, kind: 'buy_x_get_y', free_count: '0' },
    });
    expect(bad.status).toBe(400);
    await env.DB.prepare('UPDATE promotions SET used = 3 WHERE id = ?').bind(id).run();
    const below = await staffCall(owner.token, `/staff/promotions/${id}`, { json: { ...form, max_uses: '2' } });
    expect((await json(below)).meta.msg).toBe('promotion_max_below_used');

    const edited = await staffCall(owner.token, `/staff/promotions/${id}`, { json: { ...form, gift_skus: '601' } });
    expect(edited.status).toBe(200);
    expect((await calculate({ items: [{ sku_id: 102, count: 2 }] })).gift_lines[0].sku_id).toBe(601);
    const list = (await json(await staffCall(support.token, '/staff/promotions'))).data.promotions;
    expect(list.find((p: { id: number }) => p.id === id)).toMatchObject({ gift_skus: [601], used: 3 });

    expect((await staffCall(owner.token, `/staff/promotions/${id}/active`, { json: { active: false } })).status).toBe(
      200,
    );
    expect((await calculate({ items: [{ sku_id: 102, count: 2 }] })).promotions).toEqual([]);
    expect((await staffCall(owner.token, '/staff/promotions/987654', { json: form })).status).toBe(404);
    const audit = await env.DB.prepare(
      "SELECT action FROM audit_log WHERE resource = 'promotion' AND (resource_id = ? OR resource_id = ?) ORDER BY id",
    )
      .bind(String(id), form.name_en)
      .all<{ action: string }>();
    expect(audit.results.map((a) => a.action)).toEqual([
      'promotion.create',
      'promotion.update',
      'promotion.deactivate',
    ]);
  });
});
