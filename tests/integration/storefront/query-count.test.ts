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

const counts = (res: Response) => ({ statements: Number(res.headers.get('x-d1-queries')), roundTrips: Number(res.headers.get('x-d1-roundtrips')) });

describe('D1 queries per page', () => {
  it('home, listing and product page each take at most 3 round trips', async () => {
    for (const path of ['/', '/products?category=1&available=1', '/products/alpha-vitamin-d3-1000', '/ar/products/alpha-vitamin-d3-1000']) {
      const res = await storefront(path, { headers: { cookie } });
      expect(res.status, path).toBe(200);
      const c = counts(res);
      expect(c.roundTrips, path).toBeGreaterThan(0);
      expect(c.roundTrips, path).toBeLessThanOrEqual(3);
    }
  });

  it('serves cached GETs (home sections, countries) without touching D1', async () => {
    await storefront('/', { headers: { cookie } });
    const warm = counts(await storefront('/', { headers: { cookie } }));
    expect(warm).toEqual({ statements: 0, roundTrips: 0 });
  });
});
