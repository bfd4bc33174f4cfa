// The delivery promise on the product page (issue 62, decision 65): the API works out when an order
// placed now arrives from the owner's rules, the page prints the day (with the Hijri day in Arabic), and
// a guest page kept at the edge is served no longer than the promise holds.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PromiseAnswer } from '#shared/delivery/promise';
import { formatSlotDay } from '#shared/text/dates';
import { loadCatalogueFixture } from '../fixtures/catalogue';
import { storefront } from './helpers';

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
