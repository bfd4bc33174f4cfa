// The blood-test pages as a shopper and a search engine get them: rendered on the server
// with prices in the country's currency, a detail page with Product JSON-LD, canonical and hreflang,
// every test in the sitemap, and no more than 3 D1 round trips per page.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogueFixture } from '../fixtures/catalogue';
import { cookiesFrom, jsonLd, storefront } from './helpers';

let cookie = '';
beforeAll(async () => {
  await loadCatalogueFixture(env.API_DB);
  cookie = cookiesFrom(await storefront('/api/country'));
});

const NOINDEX = '<meta name="robots" content="noindex"/>';

describe('/blood-test', () => {
  it('lists the tests with category chips and Kuwaiti prices, indexable, in English', async () => {
    const res = await storefront('https://shop.test/blood-test');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<title>Blood tests | Gulf Vitamins</title>');
    expect(html).toContain('Vitamin D (25-OH) test');
    expect(html).toContain('Health packages');
    expect(html).toMatch(/KWD\s*9\.000/);
    expect(html).not.toContain(NOINDEX);
    // The "up to" choices are the country's price steps (shared/countries/kw/price-steps.ts).
    expect(html.match(/<option value="(\d+)"/g)?.filter((o) => /"(5000|10000|25000)"/.test(o))).toHaveLength(3);
  });

  it('filters by the URL in Arabic in Saudi Arabia, prices in riyals', async () => {
    const res = await storefront('https://shop.test/ar/blood-test?category=thyroid&sort=price_asc', {
      headers: { cookie: 'country=SA' },
    });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('فحص هرمون TSH');
    expect(html).not.toContain('فحص فيتامين د');
    expect(html).toMatch(/85[.,]00/);
    expect(html).toContain('aria-current="page"');
    expect(html).toContain('<option value="40000"');
  });

  it('says blood tests are not offered in a country where the owner prices none (the Emirates), in both languages', async () => {
    for (const [path, text] of [
      ['https://shop.test/blood-test', 'Blood tests at home are not offered in your country yet.'],
      ['https://shop.test/ar/blood-test', 'تحاليل الدم المنزلية غير متاحة في بلدك بعد.'],
    ] as const) {
      const html = await (await storefront(path, { headers: { cookie: 'country=AE' } })).text();
      expect(html, path).toContain(text);
      expect(html, path).not.toContain('bt-filters');
    }
  });

  it('survives a hand-edited URL with values the API refuses', async () => {
    const res = await storefront('https://shop.test/blood-test?kind=bundle&sort=cheap&max_price=-1');
    expect(res.status).toBe(200);
  });
});

describe('/blood-test/{slug}', () => {
  it('shows biomarkers, preparation and related supplements, with Product JSON-LD, canonical and hreflang', async () => {
    const res = await storefront('https://shop.test/ar/blood-test/vitamin-d-test');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<link rel="canonical" href="https://shop.test/ar/blood-test/vitamin-d-test"/>');
    expect(html).toContain('<link rel="alternate" hrefLang="en" href="https://shop.test/blood-test/vitamin-d-test"/>');
    expect(html).toContain(
      '<link rel="alternate" hrefLang="ar" href="https://shop.test/ar/blood-test/vitamin-d-test"/>',
    );
    expect(html).toContain('1989-3');
    expect(html).toContain('البيوتين');
    expect(html).toContain('فيتامين د3 1000 وحدة');
    const product = jsonLd(html).find((d) => d['@type'] === 'Product');
    expect(product).toMatchObject({
      name: 'فحص فيتامين د (25 هيدروكسي)',
      url: 'https://shop.test/ar/blood-test/vitamin-d-test',
      offers: { price: '9.000', priceCurrency: 'KWD' },
    });
  });

  it('gives the Saudi offer in SAR with VAT included', async () => {
    const html = await (
      await storefront('https://shop.test/blood-test/womens-health-panel', { headers: { cookie: 'country=SA' } })
    ).text();
    const product = jsonLd(html).find((d) => d['@type'] === 'Product');
    expect(product.offers).toMatchObject({ price: '459.00', priceCurrency: 'SAR' });
    expect(html).toContain('Tests in this panel');
  });

  it('answers 404 for an unknown test and one not sold in the country', async () => {
    expect((await storefront('https://shop.test/blood-test/no-such-test')).status).toBe(404);
    const res = await storefront('https://shop.test/blood-test/coeliac-screen', { headers: { cookie: 'country=SA' } });
    expect(res.status).toBe(404);
  });
});

describe('/search', () => {
  it('shows the blood tests a search finds in their own labelled section, in Arabic', async () => {
    const res = await storefront(`https://shop.test/ar/search?q=${encodeURIComponent('سكر تراكمي')}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    const section = html.slice(html.indexOf('id="search-blood-tests"'));
    expect(html).toContain('id="search-blood-tests"');
    expect(section).toContain('فحص دم');
    expect(section).toContain('/ar/blood-test/hba1c-test');
  });

  it('shows no blood-test section for a search that finds only supplements', async () => {
    const html = await (await storefront('https://shop.test/search?q=omega')).text();
    expect(html).not.toContain('id="search-blood-tests"');
  });
});

describe('blood tests in the sitemap and D1 budget', () => {
  it('lists /blood-test and every test page in both languages', async () => {
    const xml = await (await storefront('https://shop.test/sitemaps/pages.xml')).text();
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!.replace('https://shop.test', ''));
    for (const path of ['/blood-test', '/ar/blood-test', '/blood-test/hba1c-test', '/ar/blood-test/full-body-checkup'])
      expect(locs).toContain(path);
    expect(locs.filter((l) => l.startsWith('/blood-test/')).length).toBeGreaterThanOrEqual(38);
  });

  it('lists a test in a country’s sitemap, and names that country’s URLs, only where it is sold', async () => {
    // The coeliac screen has a price in Kuwait only; the vitamin D test in both countries.
    const kw = await (await storefront('https://shop.test/sitemaps/pages-kw.xml')).text();
    const sa = await (await storefront('https://shop.test/sitemaps/pages-sa.xml')).text();
    expect(kw).toContain('<loc>https://shop.test/ar/blood-test/coeliac-screen?country=KW</loc>');
    expect(sa).not.toContain('/blood-test/coeliac-screen');
    expect(sa).toContain('<loc>https://shop.test/ar/blood-test/vitamin-d-test?country=SA</loc>');
    // Its page names the same alternates as the sitemap.
    const page = await (await storefront('https://shop.test/ar/blood-test/coeliac-screen?country=KW')).text();
    expect(page).toContain(
      '<link rel="alternate" hrefLang="ar-KW" href="https://shop.test/ar/blood-test/coeliac-screen?country=KW"/>',
    );
    expect(page).not.toContain('hrefLang="ar-SA"');
    const both = await (await storefront('https://shop.test/blood-test/vitamin-d-test?country=SA')).text();
    expect(both).toContain('hrefLang="en-KW"');
    expect(both).toContain('hrefLang="en-SA"');
    const bare = await (await storefront('https://shop.test/sitemaps/pages.xml')).text();
    const entry = /<url><loc>https:\/\/shop.test\/blood-test\/coeliac-screen<\/loc>.*?<\/url>/.exec(bare)![0];
    expect(entry).toContain('hreflang="ar-KW" href="https://shop.test/ar/blood-test/coeliac-screen?country=KW"');
    expect(entry).not.toContain('-SA"');
  });

  it('renders the list and a detail page within 3 D1 round trips', async () => {
    for (const path of ['/blood-test', '/ar/blood-test?q=vitamin', '/blood-test/athlete-panel']) {
      const res = await storefront(path, { headers: { cookie } });
      expect(res.status, path).toBe(200);
      const trips = Number(res.headers.get('x-d1-roundtrips'));
      expect(trips, path).toBeGreaterThan(0);
      expect(trips, path).toBeLessThanOrEqual(3);
    }
  });
});
