// Subscribe and save in the back office (decision 45), through the staff app and the built API: the three
// tabs list the right subscriptions with their counts (a failed run with why and its order), in English and
// Arabic; the shop's discount and a product's own are saved through their forms and audited; roles without
// orders:read or promotions:write are refused.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, gulfDate } from '#shared/blood-tests/slot-rules';
import { loadCatalogueFixture } from '../fixtures/catalogue';
import { staffPage, staffPost, staffSignIn } from './staff-session';

const DAY = 86_400_000;
const ids = { upcoming: 0, wallet: 0, declined: 0, ended: 0, order: 0 };
let owner: string;
let ownerAr: string;
let fulfilment: string;
let manager: string;

const decoded = (html: string) => html.replaceAll('&#x27;', "'").replaceAll('&quot;', '"').replaceAll('&amp;', '&');
/** The subscription numbers a page's table lists, in order. */
const rows = (html: string) => [...html.matchAll(/<tr data-subscription="(\d+)">/g)].map((m) => Number(m[1]));

async function shopper(name: string) {
  const user = await env.API_DB.prepare(
    "INSERT INTO users (name, email, password_hash, lang, created_at) VALUES (?, ?, 'unused', 'en', 0) RETURNING id",
  )
    .bind(name, `sub-${crypto.randomUUID().slice(0, 8)}@example.com`)
    .first<{ id: number }>();
  const address = await env.API_DB.prepare(
    "INSERT INTO addresses (user_id, country, recipient, phone, area_id, block, street, building, created_at) VALUES (?, 'KW', ?, '98765432', 26, '3', '12', '7', 0) RETURNING id",
  )
    .bind(user!.id, name)
    .first<{ id: number }>();
  return { user: user!.id, address: address!.id };
}

async function subscription(
  who: { user: number; address: number },
  o: { status: string; next: string; every: string; payBy: 'card' | 'wallet'; sku: number; product: number },
) {
  const row = await env.API_DB.prepare(
    `INSERT INTO subscriptions (user_id, country, lang, sku_id, product_id, count, every, address_id, pay_by, status, next_date, created_at, updated_at)
     VALUES (?, 'KW', 'en', ?, ?, 2, ?, ?, ?, ?, ?, 0, 0) RETURNING id`,
  )
    .bind(who.user, o.sku, o.product, o.every, who.address, o.payBy, o.status, o.next)
    .first<{ id: number }>();
  return row!.id;
}

const failedRun = (id: number, due: string, failure: string, orderId: number | null, at: number) =>
  env.API_DB.prepare(
    "INSERT INTO subscription_runs (subscription_id, due_date, status, failure, order_id, created_at, updated_at) VALUES (?, ?, 'failed', ?, ?, ?, ?)",
  )
    .bind(id, due, failure, orderId, at, at)
    .run();

beforeAll(async () => {
  await loadCatalogueFixture(env.API_DB);
  const now = Date.now();
  const today = gulfDate(now);
  const mariam = await shopper('Mariam Al-Saleh');
  const khalid = await shopper('Khalid Al-Otaibi');
  const sara = await shopper('Sara Al-Kandari');
  // Ordered within the 14 days: upcoming.
  ids.upcoming = await subscription(mariam, {
    status: 'active',
    next: addDays(today, 6),
    every: '1m',
    payBy: 'card',
    sku: 101,
    product: 1,
  });
  // Active, far off, and its last order failed on the wallet: failed only.
  ids.wallet = await subscription(khalid, {
    status: 'active',
    next: addDays(today, 40),
    every: '30d',
    payBy: 'wallet',
    sku: 201,
    product: 2,
  });
  await failedRun(ids.wallet, addDays(today, -2), 'wallet_insufficient', null, now - 2 * DAY);
  // Paused after a declined card: its order waits to be paid from the order page.
  ids.declined = await subscription(sara, {
    status: 'paused',
    next: addDays(today, 5),
    every: '2m',
    payBy: 'card',
    sku: 101,
    product: 1,
  });
  ids.order = (await env.API_DB.prepare(
    `INSERT INTO orders (user_id, country, currency, lang, status, payment_method, address, subtotal, before_discount,
       discount, delivery, vat, total, created_at, updated_at)
     VALUES (?, 'KW', 'KWD', 'en', 'payment_failed', 'card', '{}', 3150, 3500, 350, 0, 0, 3150, ?, ?) RETURNING id`,
  )
    .bind(sara.user, now, now)
    .first<{ id: number }>())!.id;
  await failedRun(ids.declined, addDays(today, 3), 'card_declined', ids.order, now - DAY);
  // Ended: in no list.
  ids.ended = await subscription(mariam, {
    status: 'ended',
    next: addDays(today, 3),
    every: '1m',
    payBy: 'card',
    sku: 201,
    product: 2,
  });

  owner = (await staffSignIn([{ role: 'owner', country: null }], { name: 'Dana Owner' })).cookie;
  ownerAr = (await staffSignIn([{ role: 'owner', country: null }], { lang: 'ar' })).cookie;
  fulfilment = (await staffSignIn([{ role: 'fulfilment', country: null }])).cookie;
  manager = (await staffSignIn([{ role: 'catalogue_manager', country: null }])).cookie;
});

describe('subscriptions in the back office', () => {
  it('lists every subscription that has not ended, with the counts of each tab, in English', async () => {
    const res = await staffPage('/subscriptions', owner);
    expect(res.status).toBe(200);
    const html = decoded(await res.text());
    expect(html).toContain('<html lang="en" dir="ltr">');
    expect(html).toMatch(/<a href="\/subscriptions" aria-current="page">Subscriptions<\/a>/);
    expect(html).toContain('<a href="/subscriptions" aria-current="page">All (3)</a>');
    expect(html).toContain('Upcoming orders (1)');
    expect(html).toContain('Failed payments (2)');
    expect(html).toContain('2 active subscriptions');
    expect(rows(html).sort()).toEqual([ids.upcoming, ids.wallet, ids.declined].sort());
    expect(html).not.toContain(`data-subscription="${ids.ended}"`);
    expect(html).toContain('Mariam Al-Saleh');
    expect(html).toContain('Every month');
    expect(html).toContain('Every 30 days');
    expect(html).toContain('Every 2 months');
    expect(html).toContain('60 softgels</span> × 2 packs');
    expect(html).toContain('Subscription orders get 10% off.');
  });

  it('lists the orders placed in the next two weeks, and the failed runs with why and their order', async () => {
    const upcoming = decoded(await (await staffPage('/subscriptions?view=upcoming', owner)).text());
    expect(upcoming).toContain('<a href="/subscriptions?view=upcoming" aria-current="page">Upcoming orders (1)</a>');
    expect(rows(upcoming)).toEqual([ids.upcoming]);
    expect(upcoming).toContain('ordered on');

    const failed = decoded(await (await staffPage('/subscriptions?view=failed', owner)).text());
    // The latest failure first.
    expect(rows(failed)).toEqual([ids.declined, ids.wallet]);
    expect(failed).toContain('The card was declined');
    expect(failed).toContain('Not enough in the wallet');
    expect(failed).toContain(`<a href="/orders/${ids.order}">Order ${ids.order}</a>`);
    expect(failed.match(/<a href="\/orders\//g)).toHaveLength(1);
  });

  it('reads in Arabic, right to left, with its counted texts', async () => {
    const html = decoded(await (await staffPage('/subscriptions?view=failed', ownerAr)).text());
    expect(html).toContain('<html lang="ar" dir="rtl">');
    expect(html).toContain('اشترك ووفّر');
    expect(html).toContain('المدفوعات المتعثرة (2)');
    // Two active: the dual.
    expect(html).toContain('اشتراكان نشطان');
    expect(html).toContain('رُفضت البطاقة');
    expect(html).toContain('رصيد المحفظة غير كافٍ');
    expect(html).toContain('كل شهرين');
    expect(html).toContain('كل 30 يومًا');
  });

  it('saves the shop’s discount through its form, refuses one out of range, and audits it', async () => {
    const bad = await staffPost('/subscriptions/settings', { discount: '80' }, owner);
    expect(bad.status).toBe(400);
    const badPage = await bad.text();
    expect(badPage).toContain('A discount is a whole percent from 0 to 50.');
    expect(badPage).toContain('value="80"');

    const res = await staffPost('/subscriptions/settings', { discount: '15' }, owner);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/subscriptions?done=saved');
    const page = decoded(await (await staffPage('/subscriptions?done=saved', owner)).text());
    expect(page).toContain('Subscription discount saved.');
    expect(page).toContain('Subscription orders get 15% off.');
    const audit = decoded(await (await staffPage('/audit', owner)).text());
    expect(audit).toContain('subscriptions.settings');
    const row = await env.API_DB.prepare(
      "SELECT before_json, after_json FROM audit_log WHERE action = 'subscriptions.settings' ORDER BY id DESC",
    ).first<{ before_json: string; after_json: string }>();
    expect(JSON.parse(row!.before_json)).toEqual({ discount: 10 });
    expect(JSON.parse(row!.after_json)).toEqual({ discount: 15 });
  });

  it('sets a product’s own discount on its catalogue page, and an empty field gives it the shop’s again', async () => {
    const before = decoded(await (await staffPage('/catalogue/products/1', manager)).text());
    expect(before).toContain('This product takes the shop’s discount.');
    expect(before).toContain('action="/catalogue/products/1/subscription-discount"');

    const bad = await staffPost('/catalogue/products/1/subscription-discount', { discount: '51' }, manager);
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('A discount is a whole percent from 0 to 50.');

    const saved = await staffPost('/catalogue/products/1/subscription-discount', { discount: '20' }, manager);
    expect(saved.status).toBe(303);
    const discount = () =>
      env.API_DB.prepare('SELECT subscription_discount AS d FROM products WHERE id = 1').first<{ d: number | null }>();
    expect((await discount())!.d).toBe(20);
    const after = decoded(await (await staffPage('/catalogue/products/1', manager)).text());
    expect(after).toContain('This product’s own discount: 20%.');
    const ar = decoded(await (await staffPage('/catalogue/products/1', ownerAr)).text());
    expect(ar).toContain('خصم هذا المنتج الخاص');

    expect((await staffPost('/catalogue/products/1/subscription-discount', { discount: '' }, manager)).status).toBe(
      303,
    );
    expect((await discount())!.d).toBeNull();
    const audit = await env.API_DB.prepare(
      "SELECT count(*) AS n FROM audit_log WHERE action = 'products.subscription_discount' AND resource_id = '1'",
    ).first<{ n: number }>();
    expect(audit!.n).toBe(2);
  });

  it('refuses the pages and forms to roles without their permission', async () => {
    // Fulfilment reads the lists but may not change a discount.
    const list = await (await staffPage('/subscriptions', fulfilment)).text();
    expect(list).toContain('href="/subscriptions"');
    expect(list).not.toContain('action="/subscriptions/settings"');
    expect((await staffPost('/subscriptions/settings', { discount: '5' }, fulfilment)).status).toBe(403);
    expect((await staffPost('/catalogue/products/1/subscription-discount', { discount: '5' }, fulfilment)).status).toBe(
      403,
    );
    // The catalogue manager sets prices but does not read shoppers' subscriptions.
    expect(await (await staffPage('/', manager)).text()).not.toContain('href="/subscriptions"');
    expect((await staffPage('/subscriptions', manager)).status).toBe(403);
  });
});
