// Her parts through the API's door by a method call (decision 80): while her pass is fresh, her first
// view of her home or a product asks the API's StorefrontDoor `herParts` once, in her language and
// country, and no HTTP request goes to the API for them; what she sees is what the HTTP way showed (the
// kept-page tests run through this way too). The door failing is the server's trouble: her kept page
// stays usable and says her parts could not load, in both languages.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import type { HerPartsAsk, HerPartsDoor } from '#shared/api/her-parts-door';
import { CATALOGUE_VERSION_KEY, nextCatalogueVersion } from '#shared/catalogue/cache-version';
import { loadCatalogueFixture } from '../fixtures/catalogue';
import { shopperAfterViews, storefront } from './helpers';

const CACHE_ON = { PAGE_CACHE_TTL_S: '300' };

beforeAll(async () => {
  await loadCatalogueFixture(env.API_DB);
});

/** A shopper who viewed a product, then another; her cookies carry a fresh pass and her version after it. */
const shopper = (name: string, viewed: string) =>
  shopperAfterViews(name, [`/products/${viewed}`, '/products/gamma-vitamin-c-1000']);

/** The API's binding as the storefront has it, noting what it is asked; `herParts` may be replaced. */
function spyApi(herParts?: HerPartsDoor['herParts']) {
  const api = env.API as unknown as Fetcher & HerPartsDoor;
  const asked: HerPartsAsk[] = [];
  const fetched: string[] = [];
  const binding = {
    fetch(input: RequestInfo | URL, init?: RequestInit) {
      const request = new Request(input as RequestInfo, init);
      fetched.push(new URL(request.url).pathname);
      return api.fetch(request);
    },
    herParts(ask: HerPartsAsk) {
      asked.push(ask);
      return herParts ? herParts(ask) : api.herParts(ask);
    },
    connect() {
      throw new Error('not supported');
    },
  } as unknown as Fetcher;
  return { binding, asked, fetched };
}

describe("her parts through the API's door", () => {
  it("asks them once by the door's method, in her language, with no HTTP request to the API", async () => {
    const cookie = await shopper('Hessa Doorway', 'alpha-vitamin-d3-1000');
    // Kept copies warm (a signed-in shopper's copy is made by her first view): her views below render
    // only her parts.
    for (const path of ['/', '/ar', '/products/alpha-vitamin-d3-1000', '/ar/products/alpha-vitamin-d3-1000'])
      await (await storefront(path, { headers: { cookie } }, CACHE_ON)).text();
    const pages = [
      ['/', 'en', { home: true, product: null }],
      ['/ar', 'ar', { home: true, product: null }],
      ['/products/alpha-vitamin-d3-1000', 'en', { home: false, product: 'alpha-vitamin-d3-1000' }],
      ['/ar/products/alpha-vitamin-d3-1000', 'ar', { home: false, product: 'alpha-vitamin-d3-1000' }],
    ] as const;
    for (const [path, lang, places] of pages) {
      // Without her version: no fill of hers kept, so this is her first view of the page.
      const first = cookie.replace(/; hv=[^;]+/, '');
      const spy = spyApi();
      const res = await storefront(path, { headers: { cookie: first } }, { ...CACHE_ON, API: spy.binding });
      const html = await res.text();
      expect(res.status, path).toBe(200);
      expect(res.headers.get('x-her-fill'), path).toBe('miss');
      expect(
        spy.asked.map((ask) => ({ lang: ask.lang, country: ask.country, ...places })),
        path,
      ).toEqual([{ lang, country: 'KW', ...places }]);
      expect(spy.fetched, path).toEqual([]);
      expect(html, path).toContain('Hessa Doorway');
      // One call to the API for the view, counted as any call is.
      expect(html, path).toMatch(/<!--trips api_calls=1 api_steps=1 /);
      if (places.home)
        expect(html, path).toMatch(/data-suggestion="recently-viewed"[\s\S]*(Vitamin C 1000 mg|فيتامين)/);
      else {
        const her = JSON.parse(/window\.__HER__=(\{.*?\});var b=/.exec(html)![1]!);
        expect(
          her.viewed.map((card: { slug: string }) => card.slug),
          path,
        ).toEqual(['gamma-vitamin-c-1000']);
      }
    }
  });

  it("reads no older than the catalogue version's state, and brings the country list when the isolate has none", async () => {
    const cookie = await shopper('Hessa Versioned', 'alpha-vitamin-d3-1000');
    const first = cookie.replace(/; hv=[^;]+/, '');
    const product = '/products/alpha-vitamin-d3-1000';
    // A back-office change made a new version from a state later than any of hers; the kept copy of the
    // old version is stale with it, so it is made again by her own view before the ones measured.
    const floor = `ffffffff-00000000-00000000-${'0'.repeat(32)}`;
    await env.CACHE.put(CATALOGUE_VERSION_KEY, nextCatalogueVersion(Date.now(), floor));
    const api = env.API as unknown as HerPartsDoor;
    // Her parts read as asked, the floor aside (no local replica has that state).
    const spy = spyApi((ask) => api.herParts({ ...ask, bookmark: null }));
    await (await storefront(product, { headers: { cookie } }, { ...CACHE_ON, API: spy.binding })).text();
    spy.asked.length = 0;
    for (let view = 0; view < 2; view++) {
      const res = await storefront(product, { headers: { cookie: first } }, { ...CACHE_ON, API: spy.binding });
      const html = await res.text();
      expect(res.headers.get('x-page-cache')).toBe('hit');
      expect(html).toContain('"state":"here"');
      expect(html).toContain('Hessa Versioned');
    }
    expect(spy.asked.map((ask) => ask.bookmark)).toEqual([floor, floor]);
    // A new version: the list comes once with her parts, then from the isolate's copy.
    await env.CACHE.put(CATALOGUE_VERSION_KEY, nextCatalogueVersion(Date.now(), floor));
    await (await storefront(product, { headers: { cookie } }, { ...CACHE_ON, API: spy.binding })).text();
    await (await storefront(product, { headers: { cookie: first } }, { ...CACHE_ON, API: spy.binding })).text();
    expect(spy.asked.slice(-2).map((ask) => ask.countries)).toEqual([true, false]);
    // A product that is not there, with the list not kept yet: her page is the 404's, not a failure.
    await env.CACHE.put(CATALOGUE_VERSION_KEY, nextCatalogueVersion(Date.now()));
    const gone = await storefront(
      '/products/no-such-product',
      { headers: { cookie: first } },
      { ...CACHE_ON, API: spy.binding },
    );
    const goneHtml = await gone.text();
    expect(gone.status).toBe(404);
    expect(spy.asked.at(-1)).toMatchObject({ product: 'no-such-product', countries: true });
    expect(goneHtml).not.toContain('her-part-failed');
    expect(goneHtml).not.toContain('"state":"failed"');
  });

  it('keeps her page usable and says her parts could not load when the door fails, never blank', async () => {
    const cookie = await shopper('Hessa Unanswered', 'alpha-vitamin-d3-1000');
    const first = cookie.replace(/; hv=[^;]+/, '');
    for (const path of ['/', '/ar']) await (await storefront(path, { headers: { cookie } }, CACHE_ON)).text();
    // The API down, and an answer without what was asked (never shown as "nothing of hers").
    const down = spyApi(async () => {
      throw new Error('the API is down');
    });
    const empty = spyApi(async () => ({ status: 200, bookmark: null }));
    for (const [path, failed, failing] of [
      ['/', 'Your own picks could not load', down],
      ['/ar', 'تعذّر تحميل اختياراتك الخاصة', down],
      ['/', 'Your own picks could not load', empty],
    ] as const) {
      const res = await storefront(path, { headers: { cookie: first } }, { ...CACHE_ON, API: failing.binding });
      const html = await res.text();
      expect(res.status, path).toBe(200);
      expect(html, path).toMatch(new RegExp(`<p class="her-part-failed" role="status">${failed}`));
      expect(html, path).toContain('class="home-section');
      // Her session stands: the door's failure is the server's, never a sign-out (her name stays).
      expect(html, path).toContain('Hessa Unanswered');
    }
  });
});
