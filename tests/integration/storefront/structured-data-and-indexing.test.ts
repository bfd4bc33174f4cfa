// What outside validators read (issue 44, finding 18): a blood test's Product data has an image, the
// sitemap lists no page that says noindex, the search page's two search landmarks have different
// names, and the price filter's boxes say what they take. (/favicon.ico is a file of public/, served
// before the worker runs: scripts/app-icons.test.ts checks it.)
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { PAGE_PATHS } from '#shared/page-paths';
import { NOINDEX_PAGE_IDS } from '#shared/seo/noindex';
import { loadCatalogueFixture } from '../fixtures/catalogue';
import { jsonLd, storefront } from './helpers';

beforeAll(async () => {
  await loadCatalogueFixture(env.API_DB);
});

const NOINDEX = '<meta name="robots" content="noindex"/>';
const page = async (path: string) => {
  const res = await storefront(`https://shop.test${path}`);
  expect(res.status, path).toBe(200);
  return res.text();
};

/** The attributes of each start tag of `tag` whose attributes match `filter`. */
function tags(html: string, tag: string, filter: RegExp): Array<Record<string, string>> {
  return [...html.matchAll(new RegExp(`<${tag}\\b([^>]*)>`, 'g'))]
    .map((m) => m[1]!)
    .filter((attrs) => filter.test(attrs))
    .map((attrs) =>
      Object.fromEntries([...attrs.matchAll(/([\w-]+)(?:="([^"]*)")?/g)].map((a) => [a[1]!.toLowerCase(), a[2] ?? ''])),
    );
}

describe('blood-test structured data', () => {
  for (const [path, country] of [
    ['/blood-test/vitamin-d-test', 'KW'],
    ['/ar/blood-test/womens-health-panel', 'SA'],
  ] as const) {
    it(`gives ${path} (${country}) a Product with an absolute image, also its social preview`, async () => {
      const res = await storefront(`https://shop.test${path}`, { headers: { cookie: `country=${country}` } });
      const html = await res.text();
      const product = jsonLd(html).find((d) => d['@type'] === 'Product');
      expect(product.image).toBe('https://shop.test/images/blood-test.png');
      expect(html).toContain('<meta property="og:image" content="https://shop.test/images/blood-test.png"/>');
    });
  }
});

describe('merchant listings: delivery and returns on every offer (issue 60, finding 8)', () => {
  for (const lang of ['', '/ar']) {
    it(`gives each country's offer of a product its delivery fee, times and return policy (${lang || 'en'})`, async () => {
      // Each country's offer is on that country's URL of the page (shared/seo/country-urls.ts), alone.
      const offers = await Promise.all(
        (['KW', 'SA'] as const).map(async (country) => {
          const html = await page(`${lang}/products/alpha-vitamin-d3-1000?country=${country}`);
          const { offers } = jsonLd(html).find((d) => d['@type'] === 'Product');
          expect(offers).toHaveLength(1);
          return offers[0];
        }),
      );
      const byCountry = Object.fromEntries(offers.map((o: any) => [o.eligibleRegion.name, o]));
      // The owner's delivery fees (country_settings): KWD 1.000 and SAR 25.00 below the threshold.
      expect(byCountry.KW.shippingDetails).toEqual({
        '@type': 'OfferShippingDetails',
        shippingRate: { '@type': 'MonetaryAmount', value: 1, currency: 'KWD' },
        shippingDestination: { '@type': 'DefinedRegion', addressCountry: 'KW' },
        deliveryTime: {
          '@type': 'ShippingDeliveryTime',
          handlingTime: { '@type': 'QuantitativeValue', minValue: 0, maxValue: 1, unitCode: 'DAY' },
          transitTime: { '@type': 'QuantitativeValue', minValue: 0, maxValue: 1, unitCode: 'DAY' },
        },
      });
      expect(byCountry.SA.shippingDetails).toMatchObject({
        shippingRate: { value: 25, currency: 'SAR' },
        shippingDestination: { addressCountry: 'SA' },
        deliveryTime: {
          transitTime: { minValue: 2, maxValue: 4, unitCode: 'DAY' },
          businessDays: {
            '@type': 'OpeningHoursSpecification',
            dayOfWeek: expect.arrayContaining(['https://schema.org/Sunday']),
          },
        },
      });
      for (const country of ['KW', 'SA'])
        expect(byCountry[country].hasMerchantReturnPolicy).toEqual({
          '@type': 'MerchantReturnPolicy',
          applicableCountry: country,
          returnPolicyCountry: country,
          returnPolicyCategory: 'https://schema.org/MerchantReturnFiniteReturnWindow',
          merchantReturnDays: 14,
          returnMethod: 'https://schema.org/ReturnByMail',
          returnFees: 'https://schema.org/ReturnFeesCustomerResponsibility',
          customerRemorseReturnFees: 'https://schema.org/ReturnFeesCustomerResponsibility',
          itemDefectReturnFees: 'https://schema.org/FreeReturn',
          merchantReturnLink: `https://shop.test${lang}/return-policy`,
        });
    });
  }

  for (const [path, country, currency] of [
    ['/blood-test/vitamin-d-test', 'KW', 'KWD'],
    ['/ar/blood-test/womens-health-panel', 'SA', 'SAR'],
  ] as const) {
    it(`gives the blood test ${path} (${country}) its condition, no delivery charge and no returns`, async () => {
      const res = await storefront(`https://shop.test${path}`, { headers: { cookie: `country=${country}` } });
      const offer = jsonLd(await res.text()).find((d) => d['@type'] === 'Product').offers;
      expect(offer).toMatchObject({
        itemCondition: 'https://schema.org/NewCondition',
        shippingDetails: {
          shippingRate: { value: 0, currency },
          shippingDestination: { addressCountry: country },
        },
        hasMerchantReturnPolicy: {
          applicableCountry: country,
          returnPolicyCategory: 'https://schema.org/MerchantReturnNotPermitted',
        },
      });
    });
  }
});

describe('the sitemap and noindex', () => {
  it('lists no page that says noindex, in either language', async () => {
    const xml = await page('/sitemaps/pages.xml');
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!.replace('https://shop.test', ''));
    // The pages of the route table (categories, brands, nutritionists and blood tests are listings
    // and details whose own tests check them).
    const pages = locs.filter((p) => !p.includes('?') && !/^(?:\/ar)?\/blood-test\/./.test(p));
    expect(pages.length).toBeGreaterThan(30);
    for (const path of pages) expect(await page(path), path).not.toContain(NOINDEX);
  }, 30_000); // some fifty full renders: every page of the route table the sitemap lists, twice

  it('has every page the sitemap leaves out for noindex say noindex, in either language', async () => {
    const paths = NOINDEX_PAGE_IDS.map((id) => PAGE_PATHS[id] as string).filter((p) => !p.includes(':'));
    expect(paths).toContain('/order-lookup');
    for (const path of paths.flatMap((p) => [p, `/ar${p}`])) {
      const res = await storefront(`https://shop.test${path}`);
      // A guest is sent to sign in from her own pages: a redirect is not indexed either.
      if (res.status >= 300 && res.status < 400) continue;
      expect(res.status, path).toBe(200);
      expect(await res.text(), path).toContain(NOINDEX);
    }
  }, 15_000);

  for (const path of ['/order-lookup', '/ar/order-lookup']) {
    it(`leaves out ${path}, which says noindex`, async () => {
      expect(await page(path)).toContain(NOINDEX);
      const xml = await page('/sitemaps/pages.xml');
      expect(xml).not.toContain(`<loc>https://shop.test${path}</loc>`);
      expect(xml).not.toContain('order-lookup');
    });
  }
});

describe('the search page', () => {
  for (const path of ['/search?q=vitamin', '/ar/search?q=vitamin', '/search']) {
    it(`names its search landmarks apart (${path})`, async () => {
      const html = await page(path);
      const landmarks = tags(html, 'form', /role="search"/);
      expect(landmarks).toHaveLength(2);
      const names = landmarks.map((a) => a['aria-label'] ?? '');
      expect(new Set(names).size, names.join(' | ')).toBe(2);
      expect(names).toContain(path.startsWith('/ar') ? 'المنتجات' : 'Products');
    });
  }
});

describe('the price filter', () => {
  for (const path of ['/products', '/ar/products?category=21', '/search?q=vitamin']) {
    it(`takes text with a decimal keypad, Arabic digits included (${path})`, async () => {
      const html = await page(path);
      const form = /<form class="price-range"[^>]*>([\s\S]*?)<\/form>/.exec(html);
      expect(form, 'price form').not.toBeNull();
      const inputs = tags(form![1]!, 'input', /placeholder=/);
      expect(inputs).toHaveLength(2);
      for (const input of inputs) {
        expect(input).toMatchObject({ type: 'text', inputmode: 'decimal' });
        // A text box has no min or max: validators flag them, browsers ignore them.
        expect(input).not.toHaveProperty('min');
        expect(input).not.toHaveProperty('max');
      }
    });
  }
});
