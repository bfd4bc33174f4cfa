// A first visit starts in the shopper's country from Cloudflare's request.cf (SA → Saudi Arabia,
// AE → the Emirates, anything else or nothing → Kuwait), remembers it in the country cookie, and a chosen country wins.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
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

  it('only page renders write the cookie, not API calls or files', async () => {
    expect(setCookie(await visit('/robots.txt', { country: 'SA' }), 'country')).toBeUndefined();
    expect(setCookie(await visit('/api/country', { country: 'SA' }), 'country')).toBeUndefined();
  });
});
