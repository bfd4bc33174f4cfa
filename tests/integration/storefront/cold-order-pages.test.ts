// Cold orders through the storefront and the back office (issue 48, decision 60): a shopper's order list
// and order page, and the staff's order page, render the same HTML in English and Arabic after the order
// moved to R2 as before, still in one API trip for the shopper's pages.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogueFixture } from '../fixtures/catalogue';
import { cookiesFrom, placeKuwaitCodOrder, registerShopper, storefront } from './helpers';
import { staffPage, staffSignIn } from './staff-session';

const YEARS_LATER = Date.now() + 2 * 365 * 86_400_000;
let shopper = '';
let orderId = 0;

/** A page's content without what changes on every render (nonces, request ids, the build's times). */
const content = (html: string) =>
  (/<main[\s\S]*<\/main>/.exec(html)?.[0] ?? html)
    .replace(/nonce="[^"]*"/g, '')
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, '<id>');

async function pages(staffCookie: { en: string; ar: string }) {
  const out: Record<string, string> = {};
  for (const path of [
    '/profile/orders',
    '/ar/profile/orders',
    `/profile/orders?id=${orderId}`,
    `/ar/profile/orders?id=${orderId}`,
  ]) {
    const res = await storefront(path, { headers: { cookie: shopper } });
    expect(res.status, path).toBe(200);
    expect(Number(res.headers.get('x-api-calls')), path).toBe(1);
    out[path] = content(await res.text());
  }
  for (const lang of ['en', 'ar'] as const) {
    const res = await staffPage(`/orders/${orderId}`, staffCookie[lang]);
    expect(res.status).toBe(200);
    out[`staff ${lang}`] = content(await res.text());
  }
  return out;
}

beforeAll(async () => {
  await loadCatalogueFixture(env.API_DB);
  const device = cookiesFrom(await storefront('/api/country'));
  shopper = await registerShopper(`cold-pages-${crypto.randomUUID()}@example.com`, device, 'Noura Cold');
  orderId = await placeKuwaitCodOrder(shopper, [
    { sku_id: 101, count: 2 },
    { sku_id: 102, count: 1 },
  ]);
  // Delivered long ago, as the back office's steps leave it.
  const at = Date.now();
  await env.API_DB.batch([
    env.API_DB.prepare(
      "UPDATE orders SET status = 'delivered', confirmed_at = ?2, packed_at = ?2, shipped_at = ?2, delivered_at = ?2, updated_at = ?2 WHERE id = ?1",
    ).bind(orderId, at),
    env.API_DB.prepare(
      "INSERT INTO order_events (order_id, kind, at) VALUES (?1, 'confirmed', ?2), (?1, 'packed', ?2), (?1, 'shipped', ?2), (?1, 'delivered', ?2)",
    ).bind(orderId, at),
  ]);
});

describe('a cold order in the shop and the back office', () => {
  it('renders the same pages, in both languages, before and after it moved', async () => {
    const staff = {
      en: (await staffSignIn([{ role: 'support', country: null }])).cookie,
      ar: (await staffSignIn([{ role: 'support', country: null }], { lang: 'ar' })).cookie,
    };
    const lines = await env.API_DB.prepare('SELECT name FROM order_items WHERE order_id = ? ORDER BY sku_id')
      .bind(orderId)
      .all<{ name: string }>();
    const before = await pages(staff);
    expect(before['/profile/orders']).toContain(`${orderId}`);
    // The pages show the lines the file will have to bring back.
    for (const { name } of lines.results) {
      expect(before[`/profile/orders?id=${orderId}`]).toContain(name);
      expect(before['staff en']).toContain(name);
    }
    const ran = await storefront('/dev/archive/run', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ now: YEARS_LATER }),
    });
    const moved = (await ran.json()) as { data: { moved: number[] } };
    expect(moved.data.moved).toContain(orderId);
    const row = await env.API_DB.prepare('SELECT count(*) AS n FROM order_items WHERE order_id = ?')
      .bind(orderId)
      .first<{ n: number }>();
    expect(row!.n).toBe(0);
    expect(await pages(staff)).toEqual(before);
  });
});
