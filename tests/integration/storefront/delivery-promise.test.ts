// The delivery promise on the product page (issue 62, decision 65): the API works out when an order
// placed now arrives from the owner's rules, the page prints the day (with the Hijri day in Arabic), and
// a guest page kept at the edge is served no longer than the promise holds.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PromiseAnswer } from '#shared/delivery/promise';
import { formatSlotDay } from '#shared/text/dates';
import { loadCatalogueFixture } from '../fixtures/catalogue';
import { addDays, gulfDate } from '#shared/gulf-days';
import { cookiesFrom, placeKuwaitCodOrder, registerShopper, storefront } from './helpers';

const SHOP = 'http://shop.test';
const PRODUCT = 'alpha-vitamin-d3-1000';
const CACHE_ON = { PAGE_CACHE_TTL_S: '300' };

beforeAll(async () => {
  await loadCatalogueFixture(env.API_DB);
});

async function promiseOf(country: 'KW' | 'SA'): Promise<PromiseAnswer> {
  const res = await storefront(`${SHOP}/api/product/${PRODUCT}/v2`, { headers: { cookie: `country=${country}` } });
  expect(res.status).toBe(200);
  const delivery = ((await res.json()) as { data: { delivery: PromiseAnswer | null } }).data.delivery;
  expect(delivery).not.toBeNull();
  return delivery!;
}

const dayText = (arrives: string, lang: 'en' | 'ar', country: 'KW' | 'SA') => {
  const day = formatSlotDay(Date.parse(`${arrives}T09:00:00Z`), lang, country);
  return day.hijri ? `${day.day} (${day.hijri})` : day.day;
};

describe('the delivery promise on the product page', () => {
  it('promises Kuwait the same day (or the next working day after the cut-off), in English', async () => {
    const delivery = await promiseOf('KW');
    expect(delivery.promises.map((p) => p.speed)).toEqual(['same_day']);
    expect(delivery.valid_until).toBe(delivery.promises[0]!.order_by);
    expect(delivery.valid_until).toBeGreaterThan(Date.now());
    const html = await (await storefront(`${SHOP}/products/${PRODUCT}`, { headers: { cookie: 'country=KW' } })).text();
    expect(delivery.promises[0]!.day).toBe(dayText(delivery.promises[0]!.arrives, 'en', 'KW'));
    expect(html).toContain(`Arrives ${delivery.promises[0]!.day}`);
  });

  it('promises Saudi Arabia standard delivery before her city is known, in Arabic with the Hijri day', async () => {
    const delivery = await promiseOf('SA');
    // The next day is promised only in the three cities it reaches, which a guest's page does not know.
    expect(delivery.promises.map((p) => p.speed)).toEqual(['standard']);
    const html = await (
      await storefront(`${SHOP}/ar/products/${PRODUCT}`, { headers: { cookie: 'country=SA' } })
    ).text();
    const text = dayText(delivery.promises[0]!.arrives, 'ar', 'SA');
    expect(text).toMatch(/هـ|جمادى|رجب|شعبان|رمضان|شوال|القعدة|الحجة|محرم|صفر|ربيع/);
    expect(html).toContain(`يصلك ${text}`);
  });

  it('serves a kept guest page only until the promise on it moves', async () => {
    const path = `/products/${PRODUCT}?view=promise`;
    const view = () => storefront(`${SHOP}${path}`, { headers: { cookie: 'country=KW' } }, CACHE_ON);
    expect((await view()).headers.get('x-page-cache')).toBe('miss');
    const key = new Request(`${SHOP}/__page/test/KW${path}`);
    const cache = (caches as unknown as { default: Cache }).default;
    const kept = await cache.match(key);
    expect(kept, 'the page was kept').toBeTruthy();
    expect(Number(kept!.headers.get('x-valid-until'))).toBe((await promiseOf('KW')).valid_until);
    expect((await view()).headers.get('x-page-cache')).toBe('hit');
    // The cut-off passes: the same entry, its promise a minute old, is rendered again.
    const headers = new Headers(kept!.headers);
    headers.set('x-valid-until', String(Date.now() - 60_000));
    await cache.put(key, new Response(await kept!.arrayBuffer(), { headers }));
    expect((await view()).headers.get('x-page-cache')).toBe('miss');
  });
});

describe('by when to order, the fee and the day after it, on a size in stock (issue 73)', () => {
  it('shows them on the first HTML of a product whose default size is sold out, in English and Arabic', async () => {
    // The page opens on the 120 softgels: the 60 (the default size) are sold out.
    await env.API_DB.prepare('UPDATE skus SET stock = 0 WHERE id = 101').run();
    try {
      const promise = (await promiseOf('KW')).promises[0]!;
      for (const [lang, prefix, fee] of [
        ['en', '', 'Delivery KWD'],
        ['ar', '/ar', 'رسوم التوصيل'],
      ] as const) {
        const html = await (
          await storefront(`${SHOP}${prefix}/products/${PRODUCT}`, { headers: { cookie: 'country=KW' } })
        ).text();
        const day = dayText(promise.arrives, lang, 'KW');
        expect(html).toContain('data-testid="delivery-promise"');
        expect(html).toContain(lang === 'en' ? `Arrives ${day}` : `يصلك ${day}`);
        expect(html).toMatch(lang === 'en' ? /Order by \d{1,2}:\d{2}/ : /آخر موعد للطلب: الساعة \d{1,2}:\d{2}/);
        expect(html).toContain(lang === 'en' ? 'Orders after that arrive ' : 'الطلبات بعد ذلك تصل ');
        expect(html).toContain(fee);
        // A clock time only: a kept copy of this page must not carry a countdown that goes stale.
        expect(html).not.toMatch(/ left\)|يتبقى/);
      }
    } finally {
      await env.API_DB.prepare('UPDATE skus SET stock = 50 WHERE id = 101').run();
    }
  });
});

describe('her order page after she answered a failed attempt (issue 73)', () => {
  it('shows one date, her corrected address and phone, and the answer in the timeline', async () => {
    const device = cookiesFrom(await storefront('/api/country'));
    const shopper = await registerShopper(`promise-answer-${crypto.randomUUID()}@example.com`, device, 'Noura');
    const id = await placeKuwaitCodOrder(shopper);
    const now = Date.now();
    const promised = gulfDate(now);
    const chosen = addDays(promised, 2);
    // Shipped, one failed attempt, and her answer: a corrected address and phone, delivered on `chosen`.
    await env.API_DB.prepare(
      "UPDATE orders SET status = 'shipped', confirmed_at = ?2, packed_at = ?2, shipped_at = ?2, promised_date = ?3 WHERE id = ?1",
    )
      .bind(id, now - 60_000, promised)
      .run();
    const shipment = await env.API_DB.prepare(
      `INSERT INTO shipments (order_id, country, carrier, speed, status, reference, tracking_number, currency, failed_attempts, created_at, updated_at)
       VALUES (?1, 'KW', 'local', 'same_day', 'failed_attempt', ?2, ?2, 'KWD', 1, ?3, ?3) RETURNING id`,
    )
      .bind(id, `T-${id}`, now - 50_000)
      .first<number>('id');
    await env.API_DB.prepare(
      `INSERT INTO shipment_events (shipment_id, event_key, status, reason, at, received_at)
       VALUES (?1, 'k1', 'failed_attempt', 'Address not found', ?2, ?2)`,
    )
      .bind(shipment, now - 40_000)
      .run();
    await env.API_DB.prepare(
      `INSERT INTO redelivery_requests (shipment_id, order_id, attempt, kind, day, address, phone, status, created_at)
       VALUES (?1, ?2, 1, 'address', ?3, ?4, '+96550000002', 'manual', ?5)`,
    )
      .bind(shipment, id, chosen, JSON.stringify(['Block 4, Street 2, House 9']), now - 30_000)
      .run();
    for (const lang of ['en', 'ar'] as const) {
      const html = await (
        await storefront(`${lang === 'ar' ? '/ar' : ''}/profile/orders?id=${id}`, { headers: { cookie: shopper } })
      ).text();
      const day = dayText(chosen, lang, 'KW');
      const old = dayText(promised, lang, 'KW');
      // What she reads: the page without its hydration data (which keeps the order as placed).
      const visible = html.replace(/<script[\s\S]*?<\/script>/g, '');
      expect(visible).toContain(lang === 'en' ? `New delivery day: ${day}` : `موعد التوصيل الجديد: ${day}`);
      // One date: neither the day first promised nor a second sentence naming the new one.
      expect(visible).not.toContain(old);
      expect(visible).not.toContain(lang === 'en' ? 'We will deliver on' : 'سنوصل طلبك يوم');
      expect(visible).toContain('data-testid="order-address-corrected"');
      expect(visible).toContain('Block 4, Street 2, House 9');
      expect(visible).toContain('+96550000002');
      expect(visible).not.toContain('98765411');
      expect(visible).toContain(
        lang === 'en' ? `Address and phone corrected, delivery on ${day}` : `صُحّح العنوان ورقم الجوال، والتوصيل ${day}`,
      );
    }
  });
});
