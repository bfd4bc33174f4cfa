// D1 work per page, counted by the API and summed by the storefront (x-d1-* headers outside
// production). Each page stays within three D1 round trips, on a cold cache too.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogueFixture } from '../fixtures/catalogue';
import { cookiesFrom, storefront } from './helpers';

let cookie = '';
beforeAll(async () => {
  await loadCatalogueFixture(env.API_DB);
  cookie = cookiesFrom(await storefront('/api/country'));
});

const counts = (res: Response) => ({
  statements: Number(res.headers.get('x-d1-queries')),
  roundTrips: Number(res.headers.get('x-d1-roundtrips')),
});

describe('D1 queries per page', () => {
  it('home, listing, product and blood-test pages each take at most 3 round trips', async () => {
    for (const path of [
      '/',
      '/products?category=1&available=1',
      '/products/alpha-vitamin-d3-1000',
      '/ar/products/alpha-vitamin-d3-1000',
      '/blood-test?category=thyroid',
      '/ar/blood-test/vitamin-d-test',
    ]) {
      const res = await storefront(path, { headers: { cookie } });
      expect(res.status, path).toBe(200);
      const c = counts(res);
      expect(c.roundTrips, path).toBeGreaterThan(0);
      expect(c.roundTrips, path).toBeLessThanOrEqual(3);
    }
  });

  it('a search page takes at most 3 round trips, in both languages', async () => {
    // The first search of an isolate also reads the synonym table (decision 23).
    for (const path of ['/search?q=vitamin%20c', `/ar/search?q=${encodeURIComponent('فيتامين سي')}`]) {
      const res = await storefront(path, { headers: { cookie } });
      expect(res.status, path).toBe(200);
      expect(counts(res).roundTrips, path).toBeLessThanOrEqual(3);
    }
  });

  it('a search that finds nothing, corrected or not, takes at most 3 round trips, in both languages', async () => {
    // Results and filters come in one batch, the correction and the fallback in a second, the corrected
    // results and their filters in a third (before, the filters were a fourth). Synonyms read first.
    await storefront('/search?q=omega', { headers: { cookie } });
    for (const path of [
      '/search?q=magnesuim',
      '/search?q=qqxv%20zzkw',
      `/ar/search?q=${encodeURIComponent('مغنسيوم')}`,
      `/ar/search?q=${encodeURIComponent('ضضضض')}`,
    ]) {
      const res = await storefront(path, { headers: { cookie } });
      expect(res.status, path).toBe(200);
      const c = counts(res);
      expect(c.roundTrips, path).toBeGreaterThanOrEqual(2);
      expect(c.roundTrips, path).toBeLessThanOrEqual(3);
    }
  });

  it('serves cached GETs (home sections, countries) without touching D1', async () => {
    await storefront('/', { headers: { cookie } });
    const warm = counts(await storefront('/', { headers: { cookie } }));
    expect(warm).toEqual({ statements: 0, roundTrips: 0 });
  });

  it('prices a cart in at most 2 round trips and places an order in at most 8', async () => {
    const json = { 'content-type': 'application/json', origin: 'http://shop.test' };
    const reg = await storefront('/api/user/register', {
      method: 'POST',
      headers: { ...json, cookie },
      body: JSON.stringify({ name: 'Counter', email: 'counter@example.com', password: 'secret1' }),
    });
    const signedIn = `${cookie}; ${cookiesFrom(reg)}`;
    const address = await (
      await storefront('/api/user/address/new', {
        method: 'POST',
        headers: { ...json, cookie: signedIn },
        body: JSON.stringify({
          country: 'KW',
          recipient: 'C',
          phone: '98765432',
          area_id: 26,
          block: '1',
          street: '1',
          building: '1',
        }),
      })
    ).json<{ data: { id: number } }>();
    const items = [
      { sku_id: 101, count: 1 },
      { sku_id: 401, count: 2 },
    ];
    const calc = await storefront('/api/order/calculate', {
      method: 'POST',
      headers: { ...json, cookie: signedIn },
      body: JSON.stringify({ items }),
    });
    expect(calc.status).toBe(200);
    expect(counts(calc).roundTrips).toBeLessThanOrEqual(2);
    const submit = await storefront('/api/order/submit', {
      method: 'POST',
      headers: { ...json, cookie: signedIn },
      body: JSON.stringify({
        items,
        payment_method: 'cod',
        address_id: address.data.id,
        idempotency_key: crypto.randomUUID(),
      }),
    });
    expect(submit.status).toBe(200);
    // Seven for the order, one for the primary's bookmark after it (read-your-writes, decision 40).
    expect(counts(submit).roundTrips).toBeLessThanOrEqual(8);
  });
});
