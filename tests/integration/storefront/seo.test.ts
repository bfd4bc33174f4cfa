// What search engines get: head tags with canonical and hreflang alternates, Open Graph, structured
// data that parses, robots.txt and a sitemap with both languages; and a URL per country for the pages
// that differ by country (`?country=`, shared/seo/country-urls.ts), every country of the registry.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { COUNTRY_CODES, CORE } from '#shared/countries';
import { loadCatalogueFixture } from '../fixtures/catalogue';
import { jsonLd, setCookie, storefront } from './helpers';

/** The page's hreflang alternates, hreflang → href. */
function hreflangs(html: string): Record<string, string> {
  return Object.fromEntries(
    [...html.matchAll(/<link rel="alternate" hrefLang="([^"]+)" href="([^"]+)"\/>/g)].map((m) => [m[1], m[2]]),
  );
}

beforeAll(async () => {
  await loadCatalogueFixture(env.API_DB);
});

describe('SEO', () => {
  it('gives a product page a title, description, canonical, hreflang alternates and Open Graph', async () => {
    const res = await storefront('https://shop.test/ar/products/alpha-vitamin-d3-1000?position=3');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<title>فيتامين د3 1000 وحدة | خليج الفيتامينات</title>');
    expect(html).toContain('<link rel="canonical" href="https://shop.test/ar/products/alpha-vitamin-d3-1000"/>');
    expect(html).toContain(
      '<link rel="alternate" hrefLang="en" href="https://shop.test/products/alpha-vitamin-d3-1000"/>',
    );
    expect(html).toContain(
      '<link rel="alternate" hrefLang="ar" href="https://shop.test/ar/products/alpha-vitamin-d3-1000"/>',
    );
    expect(html).toContain(
      '<link rel="alternate" hrefLang="x-default" href="https://shop.test/products/alpha-vitamin-d3-1000"/>',
    );
    expect(html).toContain('<meta property="og:type" content="product"/>');
    expect(html).toMatch(/<meta name="description" content="عن فيتامين د3/);
  });

  it('gives a page that differs by country a URL per country: canonical, hreflang per language and country, its prices', async () => {
    for (const lang of ['en', 'ar'] as const) {
      const prefix = lang === 'ar' ? '/ar' : '';
      // The two countries the fixture catalogue sells in; the alternates name every country of the registry.
      for (const [country, other] of [
        ['KW', 'SA'],
        ['SA', 'KW'],
      ] as const) {
        // The pinned country wins over the cookie, and the shopper who followed the link stays in it.
        const res = await storefront(`https://shop.test${prefix}/products/alpha-vitamin-d3-1000?country=${country}`, {
          headers: { cookie: `country=${other}` },
        });
        expect(res.status).toBe(200);
        const html = await res.text();
        const bare = `https://shop.test${prefix}/products/alpha-vitamin-d3-1000`;
        expect(html).toContain(`<link rel="canonical" href="${bare}?country=${country}"/>`);
        expect(html).toContain(`<meta property="og:locale" content="${lang}_${country}"/>`);
        expect(html).toContain(`"country":"${country}"`);
        // The browser keeps the pinned country for this page from the boot data, without the list of pages.
        expect(html).toContain(`"pinned":"${country}"`);
        expect(html).toMatch(new RegExp(`class="price-now[^"]*">[^<]*${CORE[country].currencyLabel[lang]}`));
        expect(setCookie(res, 'country')).toMatch(new RegExp(`^country=${country};`));
        expect(hreflangs(html)).toEqual({
          en: 'https://shop.test/products/alpha-vitamin-d3-1000',
          ar: 'https://shop.test/ar/products/alpha-vitamin-d3-1000',
          ...Object.fromEntries(
            COUNTRY_CODES.flatMap((c) => [
              [`en-${c}`, `https://shop.test/products/alpha-vitamin-d3-1000?country=${c}`],
              [`ar-${c}`, `https://shop.test/ar/products/alpha-vitamin-d3-1000?country=${c}`],
            ]),
          ),
          'x-default': 'https://shop.test/products/alpha-vitamin-d3-1000',
        });
      }
    }
    // A listing keeps its category and adds the country; a page the same in every country does not.
    const listing = await (await storefront('https://shop.test/ar/products?category=1&country=SA')).text();
    expect(listing).toContain('<link rel="canonical" href="https://shop.test/ar/products?category=1&amp;country=SA"/>');
    const terms = await (await storefront('https://shop.test/terms?country=SA')).text();
    expect(terms).toContain('<link rel="canonical" href="https://shop.test/terms"/>');
    expect(terms).not.toContain('"pinned"');
    expect(Object.keys(hreflangs(terms))).toEqual(['en', 'ar', 'x-default']);
  });

  it('gives a product page the offer of its own country: currency, price, availability and URL', async () => {
    for (const [country, currency, price] of [
      [null, 'KWD', '7.500'],
      ['KW', 'KWD', '7.500'],
      // 7.500 KWD × 12.2 = SAR 91.50, with 15 % VAT SAR 105.225 → 105.23 (what a Saudi shopper pays).
      ['SA', 'SAR', '105.23'],
    ] as const) {
      const query = country ? `?country=${country}` : '';
      const html = await (await storefront(`https://shop.test/ar/products/beta-omega-3-fish-oil${query}`)).text();
      const product = jsonLd(html).find((d) => d['@type'] === 'Product');
      expect(product.offers).toEqual([
        expect.objectContaining({
          priceCurrency: currency,
          price,
          availability: 'https://schema.org/OutOfStock',
          url: `https://shop.test/ar/products/beta-omega-3-fish-oil?country=${country ?? 'KW'}`,
          eligibleRegion: { '@type': 'Country', name: country ?? 'KW' },
          shippingDetails: expect.objectContaining({
            shippingDestination: { '@type': 'DefinedRegion', addressCountry: country ?? 'KW' },
          }),
        }),
      ]);
    }
  });

  it('has Product structured data with the offer its shoppers pay, and BreadcrumbList', async () => {
    const html = await (await storefront('https://shop.test/products/beta-omega-3-fish-oil')).text();
    const data = jsonLd(html);
    const product = data.find((d) => d['@type'] === 'Product');
    expect(product).toMatchObject({
      name: 'Omega-3 Fish Oil',
      sku: '201',
      brand: { '@type': 'Brand', name: 'Beta Nutrition' },
    });
    expect(product.image[0]).toBe('https://shop.test/media/products/beta-omega-3-fish-oil/1-800.webp');
    // A crawler's bare URL shows the home country; the other countries' offers are on their own URLs.
    expect(product.offers).toEqual([
      expect.objectContaining({
        priceCurrency: 'KWD',
        price: '7.500',
        availability: 'https://schema.org/OutOfStock',
        eligibleRegion: { '@type': 'Country', name: 'KW' },
      }),
    ]);
    const crumbs = data.find((d) => d['@type'] === 'BreadcrumbList');
    expect(crumbs.itemListElement.map((i: { name: string }) => i.name)).toEqual([
      'Home',
      'Minerals & Omega',
      'Omega-3',
      'Omega-3 Fish Oil',
    ]);
  });

  it('marks the home page with Organization and WebSite data', async () => {
    const data = jsonLd(await (await storefront('https://shop.test/')).text());
    expect(data.map((d) => d['@type'])).toEqual(expect.arrayContaining(['Organization', 'WebSite']));
  });

  it('serves robots.txt pointing at the sitemap', async () => {
    const text = await (await storefront('https://shop.test/robots.txt')).text();
    expect(text).toContain('Sitemap: https://shop.test/sitemap.xml');
    expect(text).toContain('Disallow: /api/');
  });

  it('lists pages, categories, brands, nutritionists and every product in both languages', async () => {
    const index = await (await storefront('https://shop.test/sitemap.xml')).text();
    expect(index).toContain('<loc>https://shop.test/sitemaps/pages.xml</loc>');
    expect(index).toContain('<loc>https://shop.test/sitemaps/products-1.xml</loc>');
    const pages = await (await storefront('https://shop.test/sitemaps/pages.xml')).text();
    expect(pages).toContain('<loc>https://shop.test/ar/return-policy</loc>');
    expect(pages).toContain('<loc>https://shop.test/products?category=21</loc>');
    expect(pages).toContain('<loc>https://shop.test/products?brand=3</loc>');
    expect(pages).toContain('<loc>https://shop.test/nutritionist?id=noura</loc>');
    expect(pages).not.toContain('/profile');
    const products = await (await storefront('https://shop.test/sitemaps/products-1.xml')).text();
    const locs = [...products.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toHaveLength(12);
    expect(locs).toContain('https://shop.test/ar/products/gamma-ashwagandha-extract');
    expect(products).toContain('hreflang="x-default" href="https://shop.test/products/gamma-ashwagandha-extract"');
    expect((await storefront('https://shop.test/sitemaps/products-2.xml')).status).toBe(404);
  });

  it('lists each country’s own URLs in its own sitemap files, both languages, every country as an alternate', async () => {
    const index = await (await storefront('https://shop.test/sitemap.xml')).text();
    for (const country of COUNTRY_CODES) {
      const code = country.toLowerCase();
      expect(index).toContain(`<loc>https://shop.test/sitemaps/pages-${code}.xml</loc>`);
      expect(index).toContain(`<loc>https://shop.test/sitemaps/products-${code}-1.xml</loc>`);
      const pages = await (await storefront(`https://shop.test/sitemaps/pages-${code}.xml`)).text();
      expect(pages).toContain(`<loc>https://shop.test/ar/products?category=21&amp;country=${country}</loc>`);
      expect(pages).toContain(`<loc>https://shop.test/nutritionist?id=noura&amp;country=${country}</loc>`);
      expect(pages).toContain(`<loc>https://shop.test/?country=${country}</loc>`);
      // A page the same in every country has no URL of a country.
      expect(pages).not.toContain('/terms');
      const products = await (await storefront(`https://shop.test/sitemaps/products-${code}-1.xml`)).text();
      const locs = [...products.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
      expect(locs).toHaveLength(12);
      expect(locs).toContain(`https://shop.test/ar/products/gamma-ashwagandha-extract?country=${country}`);
      expect(locs).toContain(`https://shop.test/products/gamma-ashwagandha-extract?country=${country}`);
    }
    // Every URL of a product, bare or pinned, names all of them: each language in each country.
    for (const file of ['products-1.xml', `products-${COUNTRY_CODES[1]!.toLowerCase()}-1.xml`]) {
      const xml = await (await storefront(`https://shop.test/sitemaps/${file}`)).text();
      const entry = /<url><loc>https:\/\/shop.test\/products\/gamma-ashwagandha-extract[^<]*<\/loc>.*?<\/url>/.exec(
        xml,
      )![0];
      for (const country of COUNTRY_CODES)
        for (const lang of ['en', 'ar'])
          expect(entry).toContain(
            `hreflang="${lang}-${country}" href="https://shop.test${lang === 'ar' ? '/ar' : ''}/products/gamma-ashwagandha-extract?country=${country}"`,
          );
    }
    expect((await storefront('https://shop.test/sitemaps/pages-zz.xml')).status).toBe(404);
  });
});
