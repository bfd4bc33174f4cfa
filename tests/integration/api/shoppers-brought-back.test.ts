// Bringing shoppers back (issue 64): "bought together" and "customers also bought" learned from real
// orders by the nightly job (per country, decayed, only pairs enough shoppers bought, the hand-set list
// filling in), never what the safety rules stop for a signed-in shopper; recently viewed kept in her
// account and shown on any device; and a signed-in shopper's home page with her own sections, in at most
// three D1 round trips.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '#api/src/accounts/sessions';
import { refreshCoPurchases } from '#api/src/catalogue/co-purchases';
import { healthKeyring } from '#api/src/consultations/seal';
import { apiConfig } from '#api/src/lib/config';
import { VIEWED_KEPT } from '#shared/catalogue/viewed';
import { QUIZ_V1 } from '#shared/quiz/v1';
import { loadCatalogueFixture } from '../fixtures/catalogue';
import { sealedConsultation } from './consultation-sealed';
import { call, deviceToken, json, shopperRow, registerShopper } from './helpers';
import { archiveEntries } from '#api/src/data-rights/archive';
import { coldReaderFor } from '#api/src/archive/read';

const DAY = 86_400_000;
const db = env.DB;
let device: string;

const headers = (user: string | null, country = 'KW', lang = 'en') => ({
  ...(user ? { authorization: `Bearer ${user}` } : {}),
  'x-country': country,
  lang,
});
const get = (path: string, user: string | null = null, country = 'KW', lang = 'en') =>
  call(path, { method: 'GET', token: device, headers: headers(user, country, lang) });
const post = (path: string, body: unknown, user: string | null = null, country = 'KW') =>
  call(path, { body: JSON.stringify(body), token: device, headers: headers(user, country) });
const ids = (cards: Array<{ id: number }>) => cards.map((c) => c.id);

/**
 * Her blood-test profile and an uploaded result with 25-OH vitamin D at 18 ng/mL: below 30, the
 * suggestion rule offers a 1000 IU vitamin D3 (product 1).
 */
async function lowVitaminD(userId: number): Promise<void> {
  await db
    .prepare(
      "INSERT INTO blood_test_profiles (user_id, sex, date_of_birth, unit_preference, updated_at) VALUES (?, 'female', '1990-05-01', 'conventional', 0)",
    )
    .bind(userId)
    .run();
  const upload = await db
    .prepare(
      `INSERT INTO blood_test_uploads (user_id, lab_name, sample_date, consent_version, consent_at, created_at)
       VALUES (?, 'Al Borg', '2026-11-01', 'v1', 0, 0) RETURNING id`,
    )
    .bind(userId)
    .first<{ id: number }>();
  await db
    .prepare(
      "INSERT INTO blood_test_upload_values (upload_id, biomarker_id, value, unit, origin, confirmed_at) VALUES (?, 1, '18', 'ng/mL', 'typed', 1)",
    )
    .bind(upload!.id)
    .run();
}

const SKU_OF: Record<number, number> = { 1: 101, 2: 201, 3: 301, 4: 401, 5: 501, 6: 601 };
let nextOrder = 9_000;

/** An order written as checkout leaves it, `daysAgo` days back, of one SKU of each product. */
async function order(o: {
  user?: number;
  guest?: string;
  country?: 'KW' | 'SA';
  products: number[];
  daysAgo?: number;
  status?: string;
  payment?: 'cod' | 'card' | 'wallet';
  deliveredDaysAgo?: number;
}): Promise<number> {
  const id = nextOrder++;
  const at = Date.now() - (o.daysAgo ?? 0) * DAY;
  const country = o.country ?? 'KW';
  const status = o.status ?? (o.deliveredDaysAgo === undefined ? 'placed' : 'delivered');
  await db.batch([
    db
      .prepare(
        `INSERT INTO orders (id, user_id, guest_email, country, currency, lang, status, payment_method, address, subtotal,
           before_discount, discount, delivery, vat, total, created_at, updated_at, delivered_at)
         VALUES (?, ?, ?, ?, ?, 'en', ?, ?, '{}', 1000, 1000, 0, 0, 0, 1000, ?, ?, ?)`,
      )
      .bind(
        id,
        o.user ?? null,
        o.guest ?? null,
        country,
        country === 'KW' ? 'KWD' : 'SAR',
        status,
        o.payment ?? 'cod',
        at,
        at,
        o.deliveredDaysAgo === undefined ? null : Date.now() - o.deliveredDaysAgo * DAY,
      ),
    ...o.products.map((p) =>
      db
        .prepare(
          `INSERT INTO order_items (order_id, sku_id, product_id, product_slug, name, sku_name, unit_price, count)
           VALUES (?, ?, ?, 'p', 'P', 'S', 1000, 1)`,
        )
        .bind(id, SKU_OF[p], p),
    ),
  ]);
  return id;
}

/** The same basket ordered by `n` different guests, delivered (a cash order counts once delivered). */
const byShoppers = (n: number, products: number[], extra: Partial<Parameters<typeof order>[0]> = {}) =>
  Promise.all(
    Array.from({ length: n }, () =>
      order({ guest: `${crypto.randomUUID()}@example.com`, products, status: 'delivered', ...extra }),
    ),
  );

const pairs = () =>
  db
    .prepare(
      'SELECT country, kind, product_id, related_product_id, score, shoppers FROM co_purchases ORDER BY country, kind, product_id, score DESC',
    )
    .all<{
      country: string;
      kind: string;
      product_id: number;
      related_product_id: number;
      score: number;
      shoppers: number;
    }>()
    .then((r) => r.results);

beforeAll(async () => {
  await loadCatalogueFixture(db);
  device = await deviceToken();
  // What the gates read: D3 and C are established in pregnancy at these doses; magnesium has no dose
  // on record (nothing shows it safe), ashwagandha is named as not established.
  await db.batch([
    db.prepare(
      `INSERT INTO sku_nutrients (sku_id, nutrient, amount, unit) VALUES (101, 'vitamin-d', '1000', 'IU'),
        (102, 'vitamin-d', '1000', 'IU'), (401, 'vitamin-c', '1000', 'mg')`,
    ),
    // D3: 60 softgels, one a day; vitamin C: 100 tablets, one a day (refills count on these).
    db.prepare('UPDATE skus SET pack_units = 60, daily_units = 1 WHERE id = 101'),
    db.prepare('UPDATE skus SET pack_units = 100, daily_units = 1 WHERE id = 401'),
  ]);
});

describe('bought together, learned from real orders', () => {
  it('counts pairs per country with age and a minimum of shoppers; the product page puts them before the hand-set list', async () => {
    const now = Date.now();
    await byShoppers(5, [1, 6]); // Kuwait, today: a pair five shoppers bought
    await byShoppers(4, [1, 5]); // four shoppers only: under the minimum
    await byShoppers(5, [4, 5], { daysAgo: 90 }); // half weight
    await byShoppers(5, [4, 3], { daysAgo: 400 }); // past the year: nothing
    await byShoppers(6, [1, 3], { status: 'cancelled' }); // bought nothing
    await byShoppers(6, [1, 3], { status: 'payment_failed' });
    await byShoppers(5, [4, 6], { country: 'SA' });
    // "Customers also bought": five shoppers each buying 4 in one order and 6 in another.
    for (let i = 0; i < 5; i++) {
      const guest = `also-${crypto.randomUUID()}@example.com`;
      await order({ guest, products: [4], daysAgo: 20, status: 'delivered' });
      await order({ guest, products: [6], daysAgo: 2, status: 'delivered' });
    }
    // A row of a run long gone: the next run drops it.
    await db
      .prepare(
        "INSERT INTO co_purchases (country, kind, product_id, related_product_id, score, shoppers, refreshed_at) VALUES ('KW', 'together', 5, 2, 9, 9, 1)",
      )
      .run();

    const outcome = await refreshCoPurchases(env, now);
    expect(outcome.baskets).toBeGreaterThan(0);
    const rows = await pairs();
    const find = (country: string, kind: string, a: number, b: number) =>
      rows.find((r) => r.country === country && r.kind === kind && r.product_id === a && r.related_product_id === b);
    expect(find('KW', 'together', 1, 6)).toMatchObject({ shoppers: 5 });
    expect(find('KW', 'together', 1, 6)!.score).toBeCloseTo(5, 2);
    expect(find('KW', 'together', 6, 1)).toBeDefined();
    expect(find('KW', 'together', 4, 5)!.score).toBeCloseTo(2.5, 2);
    expect(find('KW', 'together', 1, 5)).toBeUndefined();
    expect(find('KW', 'together', 4, 3)).toBeUndefined();
    expect(find('KW', 'together', 1, 3)).toBeUndefined();
    expect(find('KW', 'together', 5, 2)).toBeUndefined();
    expect(find('KW', 'also', 4, 6)).toMatchObject({ shoppers: 5 });
    expect(find('SA', 'together', 4, 6)).toBeDefined();
    expect(find('SA', 'together', 1, 6)).toBeUndefined();

    // Product 1's hand-set list is 4 then 3: in Kuwait the learned 6 comes first, in Saudi Arabia
    // (no orders of it there) the hand-set list alone.
    const kw = (await json(await get('/product/alpha-vitamin-d3-1000/v2'))).data;
    expect(ids(kw.purchase_together)).toEqual([6, 4, 3]);
    const sa = (await json(await get('/product/alpha-vitamin-d3-1000/v2', null, 'SA'))).data;
    expect(ids(sa.purchase_together)).toEqual([4, 3]);
    const c = (await json(await get('/product/gamma-vitamin-c-1000/v2'))).data;
    expect(ids(c.purchase_together)).toEqual([5]);
    expect(ids(c.also_bought)).toEqual([6]);
    expect((await json(await get('/product/gamma-vitamin-c-1000/v2', null, 'SA'))).data.also_bought).toEqual([]);

    // The cart asks the same: the learned pair first, in the cart's country.
    const cart = (await json(await post('/product/sku', { ids: [101] }))).data;
    expect(ids(cart.purchase_together)[0]).toBe(6);
  });

  it('never suggests a signed-in shopper what the safety rules stop for her; a guest is not known', async () => {
    const her = await shopperRow('pregnant');
    await sealedConsultation(db, healthKeyring(apiConfig(env as never))!, {
      id: 7_001,
      userId: her.id,
      startsAt: Date.now() - DAY,
      status: 'completed',
      texts: { intake: 'tired', chat: 'hi', notes: 'n', summary: 's', reason: 'r' },
    });
    const guest = (await json(await get('/product/alpha-vitamin-d3-1000/v2'))).data;
    expect(ids(guest.purchase_together)).toEqual([6, 4, 3]);
    // Pregnant (her intake): ashwagandha is not established in pregnancy, magnesium has no dose that
    // shows it is; vitamin C at 1000 mg is.
    const mine = (await json(await get('/product/alpha-vitamin-d3-1000/v2', her.token))).data;
    expect(ids(mine.purchase_together)).toEqual([4]);
    const also = (await json(await get('/product/gamma-vitamin-c-1000/v2', her.token))).data;
    expect(also.also_bought).toEqual([]);
    // The cart's suggestions too: ashwagandha, first for a guest, is left out for her.
    const guestCart = (await json(await post('/product/sku', { ids: [101] }))).data;
    expect(ids(guestCart.purchase_together)[0]).toBe(6);
    const herCart = (await json(await post('/product/sku', { ids: [101] }, her.token))).data;
    expect(ids(herCart.purchase_together)).not.toContain(6);
    expect(ids(herCart.purchase_together)).toContain(4);
  });

  it("gates everyone's suggestions as a shopper it knows nothing of: no one is suggested a dose above an upper limit (decision 79)", async () => {
    // Magnesium (3) at a dose above the adult upper limit: no one's bought together shows it, a guest's
    // included (a suggestion never exceeds a safe upper limit), nor a partial answer's.
    await db
      .prepare("INSERT INTO sku_nutrients (sku_id, nutrient, amount, unit) VALUES (301, 'magnesium', 2000, 'mg')")
      .run();
    try {
      const guest = (await json(await get('/product/alpha-vitamin-d3-1000/v2'))).data;
      expect(ids(guest.purchase_together)).not.toContain(3);
      expect(ids(guest.purchase_together)).toContain(4);
      const partial = (await json(await get('/product/alpha-vitamin-d3-1000/v2?only=hers'))).data;
      expect(ids(partial.purchase_together)).toEqual(ids(guest.purchase_together));
      // A signed-in shopper the gates know nothing of gets the same list.
      const her = await shopperRow('gated-nobody');
      const mine = (await json(await get('/product/alpha-vitamin-d3-1000/v2', her.token))).data;
      expect(ids(mine.purchase_together)).toEqual(ids(guest.purchase_together));
      // The cart's suggestions too (its product is Vitamin D3's size 101).
      const cart = (await json(await post('/product/sku', { ids: [101] }))).data;
      expect(ids(cart.purchase_together)).not.toContain(3);
      expect(ids(cart.purchase_together)).toContain(4);
    } finally {
      await db
        .prepare("DELETE FROM sku_nutrients WHERE sku_id = 301 AND nutrient = 'magnesium' AND amount = 2000")
        .run();
    }
  });

  it('is not made by one person: aliases are one shopper, unpaid cash orders count for nothing (issue 73)', async () => {
    // One real shopper (an account) bought fish oil (2) with magnesium (3), and paid at the door.
    const real = await shopperRow('real');
    await db.prepare("UPDATE users SET email = 'x@gmail.com' WHERE id = ?").bind(real.id).run();
    await order({ user: real.id, products: [2, 3], status: 'delivered' });
    // She, or someone using her address's aliases, orders the same pair as "guests" and pays for some:
    // one inbox (the once-per-shopper coupon's identity), so one shopper.
    for (const guest of ['x+1@gmail.com', 'X+2@Gmail.com', 'x.+3@googlemail.com', 'x+4@gmail.com'])
      await order({ guest, products: [2, 3], status: 'paid', payment: 'card' });
    // Strangers' cash orders never paid for (still placed, or on their way): they bought nothing yet.
    await byShoppers(4, [2, 3], { status: 'placed' });
    await byShoppers(4, [2, 3], { status: 'shipped' });
    await refreshCoPurchases(env, Date.now());
    const rows = await pairs();
    const named = rows.filter(
      (r) => (r.product_id === 2 && r.related_product_id === 3) || (r.product_id === 3 && r.related_product_id === 2),
    );
    expect(named).toEqual([]);
    const fishOil = (await json(await get('/product/beta-omega-3-fish-oil/v2'))).data;
    expect(ids(fishOil.purchase_together)).not.toContain(3);

    // Strangers who paid and sent it all back for their money (refunded in full): nothing bought either.
    const returned = await byShoppers(4, [2, 3], { status: 'delivered' });
    await db.batch(
      returned.map((id) =>
        db
          .prepare(
            "INSERT INTO refunds (order_id, amount, currency, method, reason, status, created_at, updated_at) VALUES (?, 1000, 'KWD', 'wallet', 'other', 'succeeded', ?, ?)",
          )
          .bind(id, Date.now(), Date.now()),
      ),
    );
    await refreshCoPurchases(env, Date.now());
    expect((await pairs()).filter((r) => r.product_id === 2 && r.related_product_id === 3)).toEqual([]);
    // Four more people who paid (by card, or at the door): five people, and the pair is theirs.
    await byShoppers(2, [2, 3], { status: 'paid', payment: 'card' });
    await byShoppers(2, [2, 3], { status: 'delivered' });
    await refreshCoPurchases(env, Date.now());
    const after = await pairs();
    expect(after.find((r) => r.kind === 'together' && r.product_id === 2 && r.related_product_id === 3)).toMatchObject({
      shoppers: 5,
    });
  });
});

describe('recently viewed', () => {
  it("keeps a signed-in shopper's views for any device, newest first; a guest's list becomes cards", async () => {
    const her = await shopperRow('viewer');
    for (const slug of ['alpha-vitamin-d3-1000', 'gamma-vitamin-c-1000', 'gamma-ashwagandha-extract'])
      expect((await get(`/product/${slug}/v2`, her.token)).status).toBe(200);
    // Her view is kept after the answer: another device of hers sees it.
    const laptop = await createSession(db, her.id);
    await expect.poll(async () => ids((await json(await get('/viewed', laptop))).data.items)).toEqual([6, 4, 1]);
    // Viewing again moves it to the front.
    await get('/product/alpha-vitamin-d3-1000/v2', her.token);
    await expect.poll(async () => ids((await json(await get('/viewed', laptop))).data.items)).toEqual([1, 6, 4]);

    // What she viewed as a guest on this device joins her account when she signs in.
    const joined = await json(await post('/viewed', { ids: [5, 4] }, laptop));
    expect(ids(joined.data.items)).toEqual([5, 4, 1, 6]);

    // A product taken off sale leaves the list.
    await db.prepare('UPDATE products SET is_active = 0 WHERE id = 5').run();
    expect(ids((await json(await get('/viewed', her.token))).data.items)).toEqual([4, 1, 6]);
    await db.prepare('UPDATE products SET is_active = 1 WHERE id = 5').run();

    // A guest's browser list: cards in its order, in her country, unknown ids left out.
    const cards = await json(await post('/viewed/cards', { ids: [4, 999, 1] }, null, 'SA'));
    expect(ids(cards.data.items)).toEqual([4, 1]);
    // A stranger's list is her own: nothing of another's.
    const stranger = await shopperRow('stranger');
    expect((await json(await get('/viewed', stranger.token))).data.items).toEqual([]);
    expect((await get('/viewed')).status).toBe(401);

    // Cleared on every device.
    const cleared = await json(await post('/viewed/clear', {}, her.token));
    expect(cleared.meta.msg).toBe('recently_viewed_cleared');
    expect((await json(await get('/viewed', laptop))).data.items).toEqual([]);
  });

  it('is in "download my data" and gone with her account', async () => {
    const her = await registerShopper(device, 'leaving');
    await get('/product/alpha-vitamin-d3-1000/v2', her.token);
    await expect.poll(async () => ids((await json(await get('/viewed', her.token))).data.items)).toEqual([1]);
    const config = apiConfig(env as never);
    const entries = await archiveEntries(env, coldReaderFor(env, config), null, her.id, 'en', Date.now());
    const file = entries.find((e) => e.name === 'recently-viewed.json')!;
    expect(JSON.parse(String(file.data))).toMatchObject([{ product_id: 1, slug: 'alpha-vitamin-d3-1000' }]);
    const removed = await call('/user/remove', {
      body: JSON.stringify({ password: 'secret1' }),
      token: device,
      headers: headers(her.token),
    });
    expect(removed.status, await removed.clone().text()).toBe(200);
    const left = await db
      .prepare('SELECT count(*) AS n FROM viewed_products WHERE user_id = ?')
      .bind(her.id)
      .first<{ n: number }>();
    expect(left!.n).toBe(0);
  });

  it('refuses a list that is not product ids, with a message', async () => {
    const res = await post('/viewed/cards', { ids: ['x'] });
    expect(res.status).toBe(400);
    expect((await json(res)).meta.msg).toBe('validation_failed');
    const long = await post('/viewed/cards', { ids: Array.from({ length: 30 }, (_, i) => i + 1) });
    expect(long.status).toBe(400);
  });
});

describe("a signed-in shopper's home page", () => {
  it('adds her refills due, buy again, her quiz suggestions and recently viewed, in at most three D1 round trips', async () => {
    const her = await shopperRow('home');
    // D3 delivered 58 days ago: 60 days' supply, due within five days. Vitamin C delivered 10 days ago:
    // 100 days' supply, not due, so "buy again". Ashwagandha ordered too.
    await order({ user: her.id, products: [1], daysAgo: 60, deliveredDaysAgo: 58 });
    await order({ user: her.id, products: [4, 6], daysAgo: 12, deliveredDaysAgo: 10 });
    const now = Date.now();
    await db.batch([
      db
        .prepare(
          "INSERT INTO quiz_versions (id, status, content, created_at, updated_at, published_at) VALUES (81, 'retired', ?, ?, ?, ?)",
        )
        .bind(JSON.stringify(QUIZ_V1), now, now, now),
      db
        .prepare(
          "INSERT INTO quiz_results (user_id, version_id, answers, suggestions, created_at) VALUES (?, 81, '{}', ?, ?)",
        )
        .bind(
          her.id,
          JSON.stringify([
            { slug: 'alpha-magnesium-glycinate', name_en: 'Magnesium', name_ar: 'مغنيسيوم' },
            { slug: 'gamma-vitamin-c-1000', name_en: 'C', name_ar: 'سي' },
          ]),
          now,
        ),
    ]);
    await get('/product/beta-whey-protein-chocolate/v2', her.token);
    await expect.poll(async () => ids((await json(await get('/viewed', her.token))).data.items)).toEqual([5]);

    const res = await get('/homepage/v4', her.token);
    expect(res.status).toBe(200);
    const trips = res.headers.get('x-d1-roundtrips');
    expect(trips).not.toBeNull();
    expect(Number(trips)).toBeLessThanOrEqual(3);
    const sections = (await json(res)).data.sections.filter((s: { type: string }) => s.type === 'for_you');
    const byKind = Object.fromEntries(
      sections.map((s: { title: string; data: { kind: string; items: Array<{ id: number }> } }) => [
        s.data.kind,
        { title: s.title, ids: ids(s.data.items) },
      ]),
    );
    expect(byKind).toEqual({
      'refills-due': { title: 'Time to refill', ids: [1] },
      'buy-again': { title: 'Buy again', ids: [4, 6] },
      // Vitamin C is already hers: the quiz's other suggestion only.
      suggested: { title: 'Suggested for you', ids: [3] },
      'recently-viewed': { title: 'Recently viewed', ids: [5] },
    });
    // In Arabic and in Saudi Arabia: the same sections, titled in Arabic.
    const ar = (await json(await get('/homepage/v4', her.token, 'SA', 'ar'))).data.sections;
    expect(ar.filter((s: { type: string }) => s.type === 'for_you').map((s: { title: string }) => s.title)).toEqual([
      'حان وقت إعادة الطلب',
      'اطلبه مرة أخرى',
      'مقترح لك',
      'شوهد مؤخراً',
    ]);
    // A guest's home page is everyone's.
    const guest = (await json(await get('/homepage/v4'))).data.sections;
    expect(guest.some((s: { type: string }) => s.type === 'for_you')).toBe(false);
    // Her kept page's trip (decision 76) asks for her sections alone: the same sections, none of the
    // others, and fewer statements than the whole home (the kept copy has the rest).
    const only = await get('/homepage/v4?only=for_you', her.token);
    const onlySections = (await json(only)).data.sections;
    expect(onlySections).toEqual(sections);
    expect(Number(only.headers.get('x-d1-queries'))).toBeLessThan(Number(res.headers.get('x-d1-queries')));
    expect((await json(await get('/homepage/v4?only=for_you'))).data.sections).toEqual([]);
  });

  it('suggests what her own latest results call for, as her results page does', async () => {
    const her = await shopperRow('home-results');
    await lowVitaminD(her.id);
    const res = await get('/homepage/v4', her.token, 'SA', 'ar');
    expect(Number(res.headers.get('x-d1-roundtrips'))).toBeLessThanOrEqual(3);
    const suggested = (await json(res)).data.sections.find(
      (s: { data?: { kind?: string } }) => s.data?.kind === 'suggested',
    );
    expect(suggested.title).toBe('مقترح لك');
    expect(ids(suggested.data.items)).toEqual([1]);
    // Without such a result, no suggestion of it.
    const other = await shopperRow('home-no-results');
    const none = (await json(await get('/homepage/v4', other.token))).data.sections;
    expect(none.some((s: { data?: { kind?: string } }) => s.data?.kind === 'suggested')).toBe(false);
  });

  it('leaves out of buy again what she sent back, and shows a product in one of her sections only (issue 73)', async () => {
    const her = await shopperRow('home-returned');
    const now = Date.now();
    // Vitamin D3 (1), vitamin C (4) and ashwagandha (6) delivered ten days ago; whey (5) too, later.
    const first = await order({ user: her.id, products: [1, 4, 6], daysAgo: 12, deliveredDaysAgo: 10 });
    const second = await order({ user: her.id, products: [5], daysAgo: 8, deliveredDaysAgo: 6 });
    const sendBack = (orderId: number, sku: number, reason: string, status: string) =>
      db
        .prepare(
          `INSERT INTO returns (order_id, user_id, country, currency, lang, reason, unopened, status, created_at, updated_at)
           VALUES (?, ?, 'KW', 'KWD', 'en', ?, ?, ?, ?, ?) RETURNING id`,
        )
        .bind(orderId, her.id, reason, reason === 'changed_mind' ? 1 : 0, status, now, now)
        .first<{ id: number }>()
        .then((r) =>
          db.prepare('INSERT INTO return_items (return_id, sku_id, count) VALUES (?, ?, 1)').bind(r!.id, sku).run(),
        );
    await sendBack(first, 601, 'damaged', 'refunded'); // ashwagandha arrived damaged: never "buy again"
    await sendBack(first, 401, 'changed_mind', 'requested'); // vitamin C: she did not want it
    await sendBack(first, 101, 'wrong_item', 'refunded'); // D3: the wrong item came, she still wants it
    await sendBack(second, 501, 'damaged', 'rejected'); // whey: staff found nothing wrong
    // She looked at D3 again, and at magnesium (3), which she never bought.
    await db
      .prepare('INSERT INTO viewed_products (user_id, product_id, viewed_at) VALUES (?, 1, ?), (?, 3, ?)')
      .bind(her.id, now, her.id, now - 1)
      .run();
    const sections = (await json(await get('/homepage/v4', her.token))).data.sections;
    const mine = Object.fromEntries(
      sections
        .filter((s: { type: string }) => s.type === 'for_you')
        .map((s: { data: { kind: string; items: Array<{ id: number }> } }) => [s.data.kind, ids(s.data.items).sort()]),
    );
    expect(mine).toEqual({ 'buy-again': [1, 5], 'recently-viewed': [3] });
  });

  it('leaves out of her suggestions what the gates stop for her', async () => {
    const her = await shopperRow('home-pregnant');
    await sealedConsultation(db, healthKeyring(apiConfig(env as never))!, {
      id: 7_002,
      userId: her.id,
      startsAt: Date.now() - DAY,
      status: 'completed',
      texts: { intake: 'tired', chat: 'hi', notes: 'n', summary: 's', reason: 'r' },
    });
    await order({ user: her.id, products: [4, 6], daysAgo: 12, deliveredDaysAgo: 10 });
    const sections = (await json(await get('/homepage/v4', her.token))).data.sections;
    const again = sections.find((s: { data?: { kind?: string } }) => s.data?.kind === 'buy-again');
    expect(ids(again.data.items)).toEqual([4]);
  });
});

describe('what her parts of a page cost (issue 76)', () => {
  const cost = (res: Response) => ({
    queries: Number(res.headers.get('x-d1-queries')),
    trips: Number(res.headers.get('x-d1-roundtrips')),
  });
  // Each signed-in page type's one API read, as the storefront's page bundle sends it.
  const pages = {
    home: (user: string | null) => get('/homepage/v4', user),
    listing: (user: string | null) => post('/product', {}, user),
    product: (user: string | null) => get('/product/alpha-vitamin-d3-1000/v2', user),
    search: (user: string | null) => post('/product', { search: 'vitamin', with_facets: true }, user),
    'cart sync': (user: string | null) => post('/product/sku', { ids: [101, 401] }, user),
  };

  it('no signed-in page over 3 D1 round trips or 12 statements, with views, orders, a quiz, results and an intake', async () => {
    const her = await shopperRow('costs-full');
    await sealedConsultation(db, healthKeyring(apiConfig(env as never))!, {
      id: 7_003,
      userId: her.id,
      startsAt: Date.now() - DAY,
      status: 'completed',
      texts: { intake: 'tired', chat: 'hi', notes: 'n', summary: 's', reason: 'r' },
    });
    await order({ user: her.id, products: [1], daysAgo: 60, deliveredDaysAgo: 58 });
    await order({ user: her.id, products: [4, 6], daysAgo: 12, deliveredDaysAgo: 10 });
    const now = Date.now();
    await db.batch([
      db
        .prepare(
          "INSERT INTO quiz_versions (id, status, content, created_at, updated_at, published_at) VALUES (83, 'retired', ?, ?, ?, ?)",
        )
        .bind(JSON.stringify(QUIZ_V1), now, now, now),
      db
        .prepare(
          "INSERT INTO quiz_results (user_id, version_id, answers, suggestions, created_at) VALUES (?, 83, '{}', ?, ?)",
        )
        .bind(her.id, JSON.stringify([{ slug: 'gamma-vitamin-c-1000', name_en: 'C', name_ar: 'سي' }]), now),
      db
        .prepare('INSERT INTO viewed_products (user_id, product_id, viewed_at) VALUES (?, 5, ?), (?, 3, ?)')
        .bind(her.id, now, her.id, now - 1),
    ]);
    await lowVitaminD(her.id);
    const costs: Record<string, { queries: number; trips: number }> = {};
    for (const [name, page] of Object.entries(pages)) {
      await page(null); // an isolate's first request reads the loyalty rules and rates: not hers
      const res = await page(her.token);
      expect(res.status, name).toBe(200);
      costs[name] = cost(res);
      if (name === 'home') {
        // Her sections are all there: what she bought, her quiz's and results' suggestions, her views.
        const kinds = (await json(res)).data.sections
          .filter((s: { type: string }) => s.type === 'for_you')
          .map((s: { data: { kind: string } }) => s.data.kind);
        expect(kinds).toEqual(['refills-due', 'buy-again', 'recently-viewed']);
      }
    }
    for (const [name, { queries, trips }] of Object.entries(costs)) {
      expect(trips, name).toBeGreaterThan(0);
      expect(trips, name).toBeLessThanOrEqual(3);
      expect(queries, name).toBeLessThanOrEqual(12);
    }
  });

  it("a brand-new shopper's home and product pages cost what a guest's do (her view's write aside, in the same round trip)", async () => {
    const fresh = await shopperRow('costs-new');
    await pages.home(null);
    const home = { guest: cost(await pages.home(null)), her: cost(await pages.home(fresh.token)) };
    expect(home.her.queries).toBeLessThanOrEqual(home.guest.queries);
    expect(home.her.trips).toBe(home.guest.trips);
    await pages.product(null);
    const product = { guest: cost(await pages.product(null)), her: cost(await pages.product(fresh.token)) };
    // Her view is written in the page's own batch (one statement more, no round trip: decision 82), and
    // is there when the answer is.
    expect(product.her.queries).toBeLessThanOrEqual(product.guest.queries + 1);
    expect(product.her.trips).toBe(product.guest.trips);
    expect(ids((await json(await get('/viewed', fresh.token))).data.items)).toEqual([1]);
  });

  it("her kept product page's trip asks for hers alone (only=hers): her parts, nothing of the page's, fewer statements", async () => {
    const her = await shopperRow('costs-only-hers');
    const now = Date.now();
    await db
      .prepare('INSERT INTO viewed_products (user_id, product_id, viewed_at) VALUES (?, 5, ?), (?, 3, ?)')
      .bind(her.id, now, her.id, now - 1)
      .run();
    const path = '/product/alpha-vitamin-d3-1000/v2';
    await get(path); // an isolate's first request reads the loyalty rules and rates: not hers
    const whole = await get(path, her.token);
    const page = (await json(whole)).data;
    const only = await get(`${path}?only=hers`, her.token);
    expect(only.status).toBe(200);
    const body = await only.text();
    const hers = JSON.parse(body).data;
    // Her places' data, as the whole answer has it for her; none of the page's own (the kept copy's).
    expect(hers).toEqual({
      id: page.id,
      purchase_together: page.purchase_together,
      subscribed: page.subscribed,
      recently_viewed: page.recently_viewed,
    });
    expect(ids(hers.recently_viewed)).toEqual([5, 3]);
    expect(body).not.toContain(page.name);
    expect(hers.skus).toBeUndefined();
    expect(hers.default_sku).toBeUndefined();
    // Fewer statements than the whole page; her reads and her view's write in one round trip.
    expect(cost(only).queries).toBeLessThan(cost(whole).queries);
    expect(cost(only).trips).toBe(1);
    // Her view is kept by her parts' trip (the kept page asks nothing else), before it answers.
    await db.prepare('DELETE FROM viewed_products WHERE user_id = ? AND product_id = 1').bind(her.id).run();
    await get(`${path}?only=hers`, her.token);
    expect(ids((await json(await get('/viewed', her.token))).data.items)).toEqual([1, 5, 3]);
    // A guest has no parts; an unknown product is the page's 404; a bad `only` a 400.
    const guest = (await json(await get(`${path}?only=hers`))).data;
    expect([guest.subscribed, guest.recently_viewed]).toEqual([[], []]);
    expect((await get('/product/no-such-product/v2?only=hers', her.token)).status).toBe(404);
    const bad = await get(`${path}?only=everything`, her.token);
    expect(bad.status).toBe(400);
    expect((await json(bad)).meta).toMatchObject({ msg: 'bad_request', code: 400 });
    // Her session ended: her trip, which no longer asks /user/me with a fresh pass, hears it from either
    // partial answer (401), never gets a guest's answer that would read as "nothing of hers".
    expect((await post('/user/logout', {}, her.token)).status).toBe(200);
    for (const ended of [`${path}?only=hers`, '/homepage/v4?only=for_you']) {
      const res = await get(ended, her.token);
      expect(res.status, ended).toBe(401);
      expect((await json(res)).meta, ended).toMatchObject({ msg: 'unauthorized', code: 401 });
    }
  });

  it('keeps her newest VIEWED_KEPT views whoever adds one to a full list (the table trims itself)', async () => {
    const her = await shopperRow('costs-full-list');
    const long = Date.now() - DAY;
    // A full list: VIEWED_KEPT products viewed a day ago (ids the catalogue does not have; the list is ids),
    // written as the oldest rows' own writers did, one at a time, each trimming what passed the newest kept.
    await db.batch(
      Array.from({ length: VIEWED_KEPT + 2 }, (_, i) =>
        db
          .prepare('INSERT INTO viewed_products (user_id, product_id, viewed_at) VALUES (?, ?, ?)')
          .bind(her.id, 1_000 + i, long + i),
      ),
    );
    const kept = () =>
      db
        .prepare('SELECT product_id FROM viewed_products WHERE user_id = ? ORDER BY viewed_at DESC')
        .bind(her.id)
        .all<{ product_id: number }>()
        .then((r) => r.results.map((v) => v.product_id));
    const newest = (n: number) => Array.from({ length: n }, (_, i) => 1_000 + VIEWED_KEPT + 1 - i);
    expect(await kept()).toEqual(newest(VIEWED_KEPT));
    // A product page's view and a join from her browser each push the oldest out.
    expect((await get('/product/alpha-vitamin-d3-1000/v2', her.token)).status).toBe(200);
    expect(await kept()).toEqual([1, ...newest(VIEWED_KEPT - 1)]);
    expect((await post('/viewed', { ids: [3] }, her.token)).status).toBe(200);
    const after = await kept();
    expect(after.length).toBe(VIEWED_KEPT);
    expect(after.slice(0, 2).sort()).toEqual([1, 3]);
    expect(after.slice(2)).toEqual(newest(VIEWED_KEPT - 2));
  });
});
