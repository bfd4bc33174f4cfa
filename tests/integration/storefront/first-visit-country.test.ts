// A first visit starts in the shopper's country from Cloudflare's request.cf (SA → Saudi Arabia,
// AE → the Emirates, anything else or nothing → Kuwait), remembers it in the country cookie, and a chosen
// country wins. From a place the shop does not serve, the page offers the served countries (issue 77).
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { CORE, COUNTRY_CODES, HOME_COUNTRY } from '#shared/countries';
import { loadCatalogueFixture } from '../fixtures/catalogue';
import { setCookie, storefront } from './helpers';

function visit(path: string, cf: { country?: string } | undefined, cookie?: string): Promise<Response> {
  const init: RequestInit & { cf?: unknown } = { headers: cookie ? { cookie } : {} };
  if (cf) init.cf = cf;
  return storefront(new Request(new URL(path, 'https://shop.test'), init));
}

/** The home page's free-delivery note: its threshold is priced in the page's currency. */
function deliveryNote(html: string): string {
  return /data-testid="delivery-note">(.*?)<\/p>/.exec(html)?.[1] ?? '';
}

function bootCountry(html: string): string | undefined {
  return /"country":"([A-Z]{2})"/.exec(html)?.[1];
}

beforeAll(async () => {
  await loadCatalogueFixture(env.API_DB);
});

describe('first visit country', () => {
  for (const lang of ['en', 'ar'] as const) {
    const path = lang === 'en' ? '/' : '/ar';
    // The price names the currency by the language's label: the code in English, ر.س / د.ك in Arabic.
    const [sar, kwd] = lang === 'en' ? ['SAR', 'KWD'] : ['ر\\.س', 'د\\.ك'];
    it(`a first visit from Saudi Arabia (${lang}) shows riyals and remembers SA`, async () => {
      const res = await visit(path, { country: 'SA' });
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(bootCountry(html)).toBe('SA');
      // Saudi Arabia's own round threshold (issue 44), not KWD 16 converted (SAR 224.48).
      expect(deliveryNote(html)).toMatch(new RegExp(`${sar}.*200\\.00|200\\.00.*${sar}`));
      expect(setCookie(res, 'country')).toMatch(/^country=SA;.*Path=\//);
    });

    it(`a first visit from the Emirates (${lang}) shows dirhams and remembers AE`, async () => {
      const res = await visit(path, { country: 'AE' });
      const html = await res.text();
      expect(bootCountry(html)).toBe('AE');
      // The Emirates' own round threshold (AED 200), in the language's label of the dirham.
      const aed = lang === 'en' ? 'AED' : 'د\\.إ';
      expect(deliveryNote(html)).toMatch(new RegExp(`${aed}.*200\\.00|200\\.00.*${aed}`));
      expect(setCookie(res, 'country')).toMatch(/^country=AE;.*Path=\//);
    });

    it(`a first visit from Kuwait or anywhere else (${lang}) shows dinars and remembers KW`, async () => {
      for (const cf of [{ country: 'KW' }, { country: 'US' }, {}, undefined]) {
        const res = await visit(path, cf);
        const html = await res.text();
        expect(bootCountry(html)).toBe('KW');
        expect(deliveryNote(html)).toMatch(new RegExp(`${kwd}.*15\\.000|15\\.000.*${kwd}`));
        expect(setCookie(res, 'country')).toMatch(/^country=KW;/);
      }
    });
  }

  it('a chosen country wins over the location and is not written again', async () => {
    const res = await visit('/', { country: 'SA' }, 'country=KW');
    const html = await res.text();
    expect(bootCountry(html)).toBe('KW');
    expect(deliveryNote(html)).toMatch(/KWD.*15\.000|15\.000.*KWD/);
    expect(setCookie(res, 'country')).toBeUndefined();
    const sa = await visit('/ar', { country: 'KW' }, 'country=SA');
    expect(bootCountry(await sa.text())).toBe('SA');
  });

  it('a first-time Saudi visitor never gets the Kuwaiti cached answer of the same device', async () => {
    // Same device token, no country cookie: the cached API entry is keyed by the located country.
    const first = await visit('/products', { country: 'KW' });
    const dtk = first.headers
      .getSetCookie()
      .find((c) => c.startsWith('__Host-dtk='))!
      .split(';')[0]!;
    expect(await first.text()).toMatch(/class="price-now[^"]*">[^<]*KWD/);
    const html = await (await visit('/products', { country: 'SA' }, dtk)).text();
    expect(bootCountry(html)).toBe('SA');
    expect(html).toMatch(/class="price-now[^"]*">[^<]*SAR/);
    expect(html).not.toMatch(/class="price-now[^"]*">[^<]*KWD/);
  });

  // Issue 77: a shopper whose country is not served sees the countries that are, and chooses.
  for (const lang of ['en', 'ar'] as const) {
    const path = lang === 'en' ? '/' : '/ar';
    const [title, kuwait, saudi, emirates] =
      lang === 'en'
        ? ['We do not deliver to where you are yet.', 'Kuwait', 'Saudi Arabia', 'Emirates']
        : ['لا نوصل إلى موقعك الحالي بعد.', 'الكويت', 'السعودية', 'الإمارات'];
    it(`a first visit from a place not served (${lang}) is the home country's page offering the served countries`, async () => {
      const placed: Array<[{ country?: string } | undefined, string | undefined]> = [
        [{ country: 'FR' }, undefined],
        [{ country: 'US' }, undefined],
        // Cloudflare's "could not tell", and its header when no cf object is given.
        [{ country: 'XX' }, undefined],
        [undefined, 'country=FR; other=1'],
      ];
      for (const [cf, cookie] of placed) {
        const res = await storefront(
          new Request(new URL(path, 'https://shop.test'), {
            headers: { ...(cookie ? { cookie } : {}), ...(cf ? {} : { 'cf-ipcountry': 'DE' }) },
            ...(cf ? { cf } : {}),
          } as RequestInit),
        );
        expect(res.status).toBe(200);
        const html = await res.text();
        expect(bootCountry(html)).toBe('KW');
        const choice = /<section[^>]*data-testid="unserved-choice"[^>]*>(.*?)<\/section>/s.exec(html)?.[1] ?? '';
        expect(choice).toContain(title);
        const here = lang === 'en' ? '%2F' : '%2Far';
        expect(choice).toContain(`href="/set-country?code=KW&amp;to=${here}" data-country="KW">${kuwait}</a>`);
        expect(choice).toContain(`href="/set-country?code=SA&amp;to=${here}" data-country="SA">${saudi}</a>`);
        expect(choice).toContain(`href="/set-country?code=AE&amp;to=${here}" data-country="AE">${emirates}</a>`);
        // A cookie naming no served country is replaced by the home country's.
        expect(setCookie(res, 'country')).toMatch(/^country=KW;/);
      }
    });
  }

  it('no choice is offered where the place is served, chosen, or not known', async () => {
    for (const [cf, cookie] of [
      [{ country: 'SA' }, undefined],
      [{ country: 'FR' }, 'country=SA'],
      [undefined, undefined],
      [{}, undefined],
    ] as const) {
      const res = await visit('/', cf, cookie);
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).not.toContain('unserved-choice');
      // The header's switch is the way to choose on every page, without JavaScript too (/set-country).
      expect(html).toContain('<form class="country-switch" action="/set-country" method="get">');
      expect(html).toContain('<option value="KW"');
      expect(html).toContain('<option value="SA"');
      expect(html).toContain('<option value="AE"');
    }
  });

  it('a country code the shop does not serve is never chosen: the switch goes back, no cookie', async () => {
    const res = await visit('/set-country?code=FR&to=%2Fproducts', undefined);
    expect(res.status).toBeLessThan(400);
    expect(res.headers.get('location')).toBe('/products');
    expect(setCookie(res, 'country')).toBeUndefined();
  });

  it("an unserved visit's page and a served one's are never each other's kept copy", async () => {
    // The guest page cache on (vitest.config.ts turns it off for the other tests).
    const kept = async (country: string) => {
      const init: RequestInit & { cf?: unknown } = { cf: { country } };
      const res = await storefront(new Request('https://shop.test/brands', init), undefined, {
        PAGE_CACHE_TTL_S: '300',
      });
      return { cache: res.headers.get('x-page-cache'), html: await res.text() };
    };
    await kept('KW');
    const kuwait = await kept('KW');
    expect(kuwait.cache).toBe('hit');
    expect(kuwait.html).not.toContain('unserved-choice');
    for (let i = 0; i < 2; i++) expect((await kept('FR')).html).toContain('unserved-choice');
    expect((await kept('KW')).html).not.toContain('unserved-choice');
  });

  it('only page renders write the cookie, not API calls or files', async () => {
    expect(setCookie(await visit('/robots.txt', { country: 'SA' }), 'country')).toBeUndefined();
    expect(setCookie(await visit('/api/country', { country: 'SA' }), 'country')).toBeUndefined();
  });
});

// Decision 77's amendment "a country's data only for that country": the browser knows her country's core
// row (and the home country's, a price's currency before the rates load) from the boot data, no other
// country's; no page's first JavaScript carries the rows (tests/unit/first-javascript.test.ts).
describe("a country's data reaches the page only for that country", () => {
  const bootCore = (html: string) =>
    JSON.parse(/window\.__BOOT__=(\{.*?\});<\/script>/s.exec(html)?.[1] ?? '{}').core as Record<string, unknown>;

  for (const country of COUNTRY_CODES)
    it(`${country}'s pages carry its core row, and the home country's, in the boot data`, async () => {
      for (const path of ['/', '/ar/products/alpha-vitamin-d3-1000']) {
        const html = await (await visit(path, { country })).text();
        expect(bootCountry(html), path).toBe(country);
        expect(bootCore(html), path).toEqual({ [HOME_COUNTRY]: CORE[HOME_COUNTRY], [country]: CORE[country] });
      }
    });
});
