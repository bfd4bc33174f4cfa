// What search engines get: head tags with canonical and hreflang alternates, Open Graph, structured
// data that parses, robots.txt and a sitemap with both languages.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogueFixture } from '../fixtures/catalogue';
import { jsonLd, storefront } from './helpers';

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

  it('has Product structured data with an offer per country at the price its shoppers pay, and BreadcrumbList', async () => {
    const html = await (await storefront('https://shop.test/products/beta-omega-3-fish-oil')).text();
    const data = jsonLd(html);
    const product = data.find((d) => d['@type'] === 'Product');
    expect(product).toMatchObject({
      name: 'Omega-3 Fish Oil',
      sku: '201',
      brand: { '@type': 'Brand', name: 'Beta Nutrition' },
    });
    expect(product.image[0]).toBe('https://shop.test/media/products/beta-omega-3-fish-oil/1-800.webp');
    expect(product.offers).toEqual([
      expect.objectContaining({
        priceCurrency: 'KWD',
        price: '7.500',
        availability: 'https://schema.org/OutOfStock',
        eligibleRegion: { '@type': 'Country', name: 'KW' },
      }),
      // 7.500 KWD × 12.2 = SAR 91.50, with 15 % VAT SAR 105.225 → 105.23 (what a Saudi shopper pays).
      expect.objectContaining({
        priceCurrency: 'SAR',
        price: '105.23',
        availability: 'https://schema.org/OutOfStock',
        eligibleRegion: { '@type': 'Country', name: 'SA' },
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
});
