// The checkout with points and a friend's code through the storefront (issue 47): the review page is
// still one API trip, the quote with points and a code is still at most 2 D1 round trips, and placing
// the order with them at most 8 (the same budgets as without: tests/integration/storefront/query-count.test.ts).
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogueFixture } from '../fixtures/catalogue';
import { cookiesFrom, registerShopper, storefront } from './helpers';
import { staffPage, staffSignIn } from './staff-session';

const JSON_HEADERS = { 'content-type': 'application/json', origin: 'http://shop.test' };
let signedIn = '';
let userId = 0;
let code = '';

beforeAll(async () => {
  await loadCatalogueFixture(env.API_DB);
  const device = cookiesFrom(await storefront('/api/country'));
  const email = `loyal-${crypto.randomUUID()}@example.com`;
  signedIn = await registerShopper(email, device);
  userId = (await env.API_DB.prepare('SELECT id FROM users WHERE email = ?').bind(email).first<{ id: number }>())!.id;
  // 1,000 points, as the ledger's one way in writes them (api/src/loyalty/ledger.ts).
  await env.API_DB.batch([
    env.API_DB.prepare("INSERT INTO points_accounts (user_id, country, balance) VALUES (?, 'KW', 1000)").bind(userId),
    env.API_DB.prepare(
      "INSERT INTO points_ledger (user_id, country, amount, balance_after, kind, expires_at, event_key, created_at) VALUES (?, 'KW', 1000, 1000, 'earn_birthday', ?, ?, ?)",
    ).bind(userId, Date.now() + 1e10, `test:${userId}`, Date.now()),
  ]);
  // A referrer elsewhere, with her code.
  const referrer = await env.API_DB.prepare(
    "INSERT INTO users (name, email, password_hash, lang, created_at) VALUES ('Ref', ?, '', 'en', ?) RETURNING id",
  )
    .bind(`ref-${crypto.randomUUID()}@example.com`, Date.now())
    .first<{ id: number }>();
  code = `SF${referrer!.id}`;
  await env.API_DB.prepare('INSERT INTO referral_codes (user_id, code, created_at) VALUES (?, ?, ?)')
    .bind(referrer!.id, code, Date.now())
    .run();
});

const counts = (res: Response) => ({
  calls: Number(res.headers.get('x-api-calls')),
  roundTrips: Number(res.headers.get('x-d1-roundtrips')),
});

describe('checkout with points and a friend’s code', () => {
  it('keeps the review page at one API trip, in both languages', async () => {
    for (const path of ['/checkout/order', '/ar/checkout/order']) {
      const res = await storefront(path, { headers: { cookie: signedIn } });
      expect(res.status, path).toBe(200);
      expect(counts(res).calls, path).toBeLessThanOrEqual(1);
      await res.text();
    }
  });

  it('prices with them in at most 2 D1 round trips and places the order in at most 8', async () => {
    const body = { items: [{ sku_id: 101, count: 3 }], points: 500, referral_code: code };
    const calc = await storefront('/api/order/calculate', {
      method: 'POST',
      headers: { ...JSON_HEADERS, cookie: signedIn },
      body: JSON.stringify(body),
    });
    expect(calc.status).toBe(200);
    const quote = (await calc.json()) as { data: Record<string, any> };
    expect(quote.data.points).toMatchObject({ used: 500, discount: 1_000 });
    expect(quote.data.referral).toMatchObject({ applied: true, discount: 2_000 });
    expect(counts(calc).roundTrips).toBeLessThanOrEqual(2);
    // The review step sends the chosen address with the code (issue 61): checked within the same budget.
    const saved = await storefront('/api/user/address/new', {
      method: 'POST',
      headers: { ...JSON_HEADERS, cookie: signedIn },
      body: JSON.stringify({
        country: 'KW',
        recipient: 'L',
        phone: '98765412',
        area_id: 26,
        block: '8',
        street: '8',
        building: '8',
      }),
    });
    expect(saved.status).toBe(200);
    const addressId = ((await saved.json()) as { data: { id: number } }).data.id;
    const withAddress = await storefront('/api/order/calculate', {
      method: 'POST',
      headers: { ...JSON_HEADERS, cookie: signedIn },
      body: JSON.stringify({ ...body, address_id: addressId }),
    });
    expect(((await withAddress.json()) as { data: Record<string, any> }).data.referral).toMatchObject({
      applied: true,
    });
    expect(counts(withAddress).roundTrips).toBeLessThanOrEqual(2);
    const submit = await storefront('/api/order/submit', {
      method: 'POST',
      headers: { ...JSON_HEADERS, cookie: signedIn },
      body: JSON.stringify({
        ...body,
        payment_method: 'cod',
        address: {
          country: 'KW',
          recipient: 'L',
          phone: '98765411',
          area_id: 26,
          block: '9',
          street: '9',
          building: '9',
        },
        idempotency_key: crypto.randomUUID(),
      }),
    });
    const placed = (await submit.json()) as { data: { order: { id: number; totals: Record<string, number> } } };
    expect(submit.status, JSON.stringify(placed)).toBe(200);
    // 10.500 + 1.000 delivery − 2.000 − 1.000.
    expect(placed.data.order.totals).toMatchObject({ referral_discount: 2_000, points_discount: 1_000, total: 8_500 });
    expect(counts(submit).roundTrips).toBeLessThanOrEqual(8);

    // The back office's order detail lists both, in both languages.
    const id = placed.data.order.id;
    const en = await (
      await staffPage(`/orders/${id}`, (await staffSignIn([{ role: 'support', country: null }])).cookie)
    ).text();
    expect(en).toMatch(/Friend’s discount<\/dt><dd[^>]*><bdi>-[^<]*2\.000/);
    expect(en).toMatch(/Points \(500\)<\/dt><dd[^>]*><bdi>-[^<]*1\.000/);
    const ar = await (
      await staffPage(`/orders/${id}`, (await staffSignIn([{ role: 'support', country: null }], { lang: 'ar' })).cookie)
    ).text();
    expect(ar).toContain('خصم الصديق');
    expect(ar).toContain('النقاط (500)');
  });
});
