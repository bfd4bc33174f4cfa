// One trip to the API per page (decision 40): at a Gulf edge each storefront→API call is a long haul,
// so a page view makes one, first visits included (no cookies: the device is registered in the same
// call). Counted by the storefront (x-api-calls, x-api-steps outside production, and on the request's
// log line under its request id).
import { env } from 'cloudflare:workers';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadCatalogueFixture } from '../fixtures/catalogue';
import { cookiesFrom, setCookie, storefront } from './helpers';

beforeAll(async () => {
  await loadCatalogueFixture(env.API_DB);
});
afterEach(() => vi.restoreAllMocks());

const PAGES = [
  '/',
  '/products?category=1',
  '/products/alpha-vitamin-d3-1000',
  '/search?q=vitamin',
  '/blood-test',
  '/blood-test/vitamin-d-test',
  '/quiz',
  '/cart',
  '/categories',
  '/brands',
];

const trips = (res: Response) => ({
  calls: Number(res.headers.get('x-api-calls')),
  steps: Number(res.headers.get('x-api-steps')),
});

describe('one storefront→API call per page view', () => {
  it('a first visit, without cookies, makes one call and gets its device, in English and Arabic', async () => {
    for (const en of PAGES) {
      for (const path of [en, `/ar${en === '/' ? '' : en}`]) {
        const res = await storefront(path);
        expect(res.status, path).toBe(200);
        expect(trips(res), path).toEqual({ calls: 1, steps: 1 });
        expect(setCookie(res, 'dtk'), path).toMatch(/^dtk=dv1\./);
        await res.text();
      }
    }
  });

  it('a returning visitor in either country makes at most one, and none when the cache has it all', async () => {
    for (const country of ['KW', 'SA']) {
      const cookie = `${cookiesFrom(await storefront('/api/country'))}; country=${country}`;
      for (const en of PAGES) {
        for (const path of [en, `/ar${en === '/' ? '' : en}`]) {
          const res = await storefront(path, { headers: { cookie } });
          expect(res.status, path).toBe(200);
          expect(trips(res).steps, `${country} ${path}`).toBeLessThanOrEqual(1);
          expect(trips(res).calls, `${country} ${path}`).toBeLessThanOrEqual(1);
          await res.text();
        }
      }
      // Home's calls (countries, home content) are all cached per session after one view.
      await storefront('/', { headers: { cookie } });
      expect(trips(await storefront('/', { headers: { cookie } }))).toEqual({ calls: 0, steps: 0 });
    }
  });

  it('names the calls on the request log line, under the request id', async () => {
    const lines: string[] = [];
    vi.spyOn(console, 'log').mockImplementation((line: unknown) => void lines.push(String(line)));
    const res = await storefront('/ar/products?category=1', { headers: { 'x-reqid': 'trip-count-0001-abcdef' } });
    await res.text();
    const line = lines.map((l) => JSON.parse(l)).find((l) => l.msg === 'request' && l.worker === 'storefront');
    expect(line).toMatchObject({ reqid: 'trip-count-0001-abcdef', path: '/ar/products', api_calls: 1, api_steps: 1 });
  });
});
