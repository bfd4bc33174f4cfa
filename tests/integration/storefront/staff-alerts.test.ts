// Back-in-stock alerts through the whole stack: a shopper asks to hear about a sold-out
// product, the back office restocks it through its form, the API's queue consumer mails the shopper,
// and the back office's report shows the alert and the purchase that followed, in both languages.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { formatPercent } from '#shared/money';
import { unsubscribeToken } from '#api/src/alerts/token';
import { loadCatalogueFixture } from '../fixtures/catalogue';
import { cookiesFrom, openVerifyLink, storefront } from './helpers';
import { staffPage, staffPost, staffSignIn } from './staff-session';

const TOKEN_SECRET = 'test-token-secret-0123456789abcdef01234';
let manager: string;
const email = `waiting-${crypto.randomUUID().slice(0, 8)}@example.com`;

beforeAll(async () => {
  await loadCatalogueFixture(env.API_DB);
  manager = (await staffSignIn([{ role: 'catalogue_manager', country: null }])).cookie;
});

const json = { 'content-type': 'application/json', 'x-requested-with': 'fetch' };

describe('back-in-stock alerts in the back office', () => {
  it('a restock through the form alerts the waiting shopper, and the report counts alert and purchase', async () => {
    const registered = await storefront('/api/user/register', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ name: 'Waiting Shopper', email, password: 'secret1' }),
    });
    expect(registered.status).toBe(200);
    // Alerts go only to a proven address (decision 85): she opened her confirmation link.
    await openVerifyLink(email);
    const cookie = cookiesFrom(registered);
    const asked = await storefront('/api/product/2/notify-me', {
      method: 'POST',
      headers: { ...json, cookie },
      body: JSON.stringify({ value: true }),
    });
    expect(asked.status).toBe(200);

    // The shopper's list says how long the request lasts.
    const list = await (await storefront('/profile/notify-list', { headers: { cookie } })).text();
    expect(list).toContain('Omega-3 Fish Oil: we keep waiting for it until');

    // Waiting, nothing sent yet.
    const before = await (await staffPage('/alerts', manager)).text();
    expect(before).toContain('href="/alerts"');
    expect(before).toMatch(/<tr data-sku="201">.*?<td>0<\/td><td>1<\/td><td>0<\/td><td>0<\/td>/s);

    const restocked = await staffPost(
      '/catalogue/skus/201/stock',
      { product_id: '2', adjust: '5', reason: 'Delivery from the supplier' },
      manager,
    );
    expect(restocked.status).toBe(303);
    // The API's queue consumer mails the shopper (outside the clerk's request).
    await vi.waitFor(
      async () => {
        const mail = await env.API_DB.prepare('SELECT kind FROM mail_outbox WHERE to_address = ? AND kind = ?')
          .bind(email, 'back_in_stock')
          .first();
        expect(mail).not.toBeNull();
      },
      { timeout: 15_000, interval: 250 },
    );
    // The shopper buys it the next hour.
    const user = await env.API_DB.prepare('SELECT id FROM users WHERE email = ?').bind(email).first<{ id: number }>();
    const at = Date.now() + 3_600_000;
    const order = await env.API_DB.prepare(
      `INSERT INTO orders (user_id, country, currency, lang, status, payment_method, address, subtotal, before_discount,
         discount, delivery, vat, total, created_at, updated_at)
       VALUES (?, 'KW', 'KWD', 'en', 'paid', 'cod', '{}', 7500, 7500, 0, 0, 0, 7500, ?, ?) RETURNING id`,
    )
      .bind(user!.id, at, at)
      .first<{ id: number }>();
    await env.API_DB.prepare(
      `INSERT INTO order_items (order_id, sku_id, product_id, product_slug, name, sku_name, unit_price, count)
       VALUES (?, 201, 2, 'omega-3', 'Omega 3', '90 softgels', 7500, 1)`,
    )
      .bind(order!.id)
      .run();

    const en = await (await staffPage('/alerts', manager)).text();
    expect(en).toContain('<h1>Back-in-stock alerts</h1>');
    expect(en).toContain('within 7 days of the alert');
    // Stock 5, nobody waiting, one alert, one purchase: 100%.
    expect(en).toMatch(/<tr data-sku="201">.*?<td>5<\/td><td>0<\/td><td>1<\/td><td>1<\/td><td>100%<\/td>/s);

    const ar = await (await staffPage('/alerts', `${manager}; staff_lang=ar`)).text();
    expect(ar).toContain('<h1>تنبيهات عودة المنتجات إلى المخزون</h1>');
    expect(ar).toContain('خلال 7 أيام من التنبيه');
    expect(ar).toContain('أوميغا 3 زيت السمك');
    expect(ar).toMatch(new RegExp(`<tr data-sku="201">.*?<td>${formatPercent(1, 'ar', 'KW')}</td>`, 's'));
  });

  it('is shown only to staff who may read the catalogue', async () => {
    const lab = (await staffSignIn([{ role: 'lab_coordinator', country: null }])).cookie;
    expect(await (await staffPage('/', lab)).text()).not.toContain('href="/alerts"');
    expect((await staffPage('/alerts', lab)).status).toBe(403);
  });

  it('the unsubscribe page changes nothing when opened; its button posts the token', async () => {
    const user = await env.API_DB.prepare('SELECT id FROM users WHERE email = ?').bind(email).first<{ id: number }>();
    await env.API_DB.prepare(
      "INSERT INTO notify_requests (user_id, product_id, created_at, lang, country) VALUES (?, 6, ?, 'ar', 'SA')",
    )
      .bind(user!.id, Date.now())
      .run();
    const token = await unsubscribeToken(TOKEN_SECRET, { kind: 'back_in_stock', userId: user!.id, productId: 6 });
    const page = await storefront(`/ar/alerts/unsubscribe?token=${token}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('إيقاف هذا التنبيه');
    expect(html).toContain('<meta name="robots" content="noindex"/>');
    const waiting = () =>
      env.API_DB.prepare('SELECT count(*) AS n FROM notify_requests WHERE user_id = ? AND product_id = 6')
        .bind(user!.id)
        .first<{ n: number }>()
        .then((r) => r!.n);
    expect(await waiting()).toBe(1);
    // What the page's button sends.
    const device = cookiesFrom(page);
    const stopped = await storefront('/api/alerts/unsubscribe', {
      method: 'POST',
      headers: { ...json, cookie: device },
      body: JSON.stringify({ token }),
    });
    expect(stopped.status).toBe(200);
    expect(((await stopped.json()) as { meta: { msg: string } }).meta.msg).toBe('alert_unsubscribed');
    expect(await waiting()).toBe(0);
  });

  it("a mail client's one-click button (RFC 8058) unsubscribes with the link's token alone", async () => {
    const user = await env.API_DB.prepare('SELECT id FROM users WHERE email = ?').bind(email).first<{ id: number }>();
    await env.API_DB.prepare(
      "INSERT OR REPLACE INTO notify_requests (user_id, product_id, created_at, lang, country) VALUES (?, 6, ?, 'en', 'KW')",
    )
      .bind(user!.id, Date.now())
      .run();
    const token = await unsubscribeToken(TOKEN_SECRET, { kind: 'back_in_stock', userId: user!.id, productId: 6 });
    const oneClick = (t: string) =>
      storefront(`/alerts/unsubscribe?token=${encodeURIComponent(t)}`, {
        method: 'POST',
        // From the mail provider's servers: a form body, no cookie, no Origin of this shop.
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://mail.example' },
        body: 'List-Unsubscribe=One-Click',
      });
    const waiting = () =>
      env.API_DB.prepare('SELECT count(*) AS n FROM notify_requests WHERE user_id = ? AND product_id = 6')
        .bind(user!.id)
        .first<{ n: number }>()
        .then((r) => r!.n);
    const tampered = await oneClick(`${token.slice(0, -2)}00`);
    expect(tampered.status).toBe(400);
    expect(await waiting()).toBe(1);
    const stopped = await oneClick(token);
    expect(stopped.status).toBe(200);
    expect(await waiting()).toBe(0);
  });
});
