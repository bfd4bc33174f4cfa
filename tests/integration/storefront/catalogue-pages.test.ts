// A shopper who follows a category, a brand or a nutritionist's pick lands on a page that says what it
// is about (H1, <title>, description, chips by name) and whose canonical URL keeps what matters.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogueFixture } from '../fixtures/catalogue';
import { jsonLd, storefront } from './helpers';

beforeAll(async () => {
  await loadCatalogueFixture(env.API_DB);
});

const h1 = (html: string) => /<h1 class="page-title">(.*?)<\/h1>/.exec(html)?.[1];
const chips = (html: string) => [...html.matchAll(/class="chip" aria-label="[^"]*">([^<]*)</g)].map((m) => m[1]);

describe('a category listing', () => {
  it('is titled with the parent category’s name, and its chip shows the name, in English', async () => {
    const html = await (await storefront('https://shop.test/products?category=1&available=1')).text();
    expect(h1(html)).toBe('Vitamins');
    expect(html).toContain('<title>Vitamins | Gulf Vitamins</title>');
    expect(html).toMatch(/<meta name="description" content="Shop Vitamins: /);
    expect(chips(html)).toContain('Vitamins');
    expect(chips(html)).not.toContain('1');
    expect(html).toContain('<link rel="canonical" href="https://shop.test/products?category=1"/>');
  });

  it('is titled with the category’s Arabic name on the Arabic page, for a Saudi shopper too', async () => {
    const html = await (
      await storefront('https://shop.test/ar/products?category=21', { headers: { cookie: 'country=SA' } })
    ).text();
    expect(h1(html)).toBe('أوميغا 3');
    expect(html).toContain('<title>أوميغا 3 | خليج الفيتامينات</title>');
    expect(html).toMatch(/<meta name="description" content="تسوق أوميغا 3: /);
    expect(chips(html)).toEqual(['أوميغا 3']);
  });
});

// The English side of the catalogue journey (the e2e story catalogue.spec.ts walks it in Arabic, decision
// 74): the listing's count and filter chip, and the product page's add-to-cart button by name, as first HTML.
describe('the English catalogue journey’s pages', () => {
  it('count the products, name the filter chip and the product to add, in English', async () => {
    const listing = await (await storefront('https://shop.test/products?category=1&available=1')).text();
    expect(listing).toMatch(/<p class="results-count" aria-live="polite">\d+ products?<\/p>/);
    expect(listing).toContain('aria-label="Remove filter: Only available"');
    const product = await (await storefront('https://shop.test/products/alpha-vitamin-d3-1000?position=1')).text();
    const name = /<h1[^>]*>([^<]+)<\/h1>/.exec(product)?.[1];
    expect(name).toBeTruthy();
    expect(product).toContain(`aria-label="Add to cart: ${name}"`);
  });
});

// Moved from the e2e story (decision 74): the listing's first HTML already holds the filtered prices.
describe('a Saudi price range', () => {
  it('lists only prices in riyals up to its top', async () => {
    const html = await (
      await storefront('https://shop.test/products?price=0-100', { headers: { cookie: 'country=SA' } })
    ).text();
    const prices = [...html.matchAll(/<bdi class="price-now[^"]*">([^<]*)<\/bdi>/g)].map((m) => m[1]!);
    expect(prices.length).toBeGreaterThan(0);
    for (const p of prices) {
      expect(p).toContain('SAR');
      expect(Number(p.replace(/[^\d.]/g, ''))).toBeLessThanOrEqual(100);
    }
  });
});

describe('the price filter’s quick choice', () => {
  it('names its amount in the one money format, as the prices beside it read', async () => {
    const html = await (
      await storefront('https://shop.test/ar/products?category=1', { headers: { cookie: 'country=SA' } })
    ).text();
    // Prices on the Arabic page read "98.21 ر.س" (the number, then the riyal's Arabic label, never the
    // Latin code): so does the filter.
    expect(html).toMatch(/\d+\.\d{2}\sر\.س/);
    expect(html).not.toMatch(/\d+\.\d{2}\sSAR/);
    const quick = /أقل من ([^<]*)</.exec(html)?.[1];
    expect(quick).toMatch(/^\u200f?\d+\sر\.س$/);
    const en = await (
      await storefront('https://shop.test/products?category=1', { headers: { cookie: 'country=SA' } })
    ).text();
    expect(/Under ([^<]*)</.exec(en)?.[1]).toMatch(/^SAR\s\d+$/);
  });
});

describe('a listing link with ids that name nothing', () => {
  it('goes on to the listing without them: no raw "999" chip, no "0 products", a clean canonical URL', async () => {
    const cases: Array<[string, string, 'KW' | 'SA']> = [
      ['/products?brand=999', '/products', 'KW'],
      ['/products?attr=999&available=1', '/products?available=1', 'KW'],
      ['/ar/products?category=21,999&page=2', '/ar/products?category=21', 'SA'],
      ['/ar/products?category=999&brand=1&attr=6,998', '/ar/products?brand=1&attr=6', 'SA'],
    ];
    for (const [from, to, country] of cases) {
      const res = await storefront(`https://shop.test${from}`, {
        redirect: 'manual',
        headers: { cookie: `country=${country}` },
      });
      expect(res.status, from).toBe(302);
      expect(res.headers.get('location'), from).toBe(to);
    }
    const html = await (
      await storefront('https://shop.test/ar/products?brand=1&attr=6', { headers: { cookie: 'country=SA' } })
    ).text();
    expect(chips(html)).not.toContain('6');
    expect(chips(html).length).toBe(2);
  });
});

describe('a brand’s page (/products?brand={id})', () => {
  it('shows the brand’s name, logo, description and products, with Brand and ItemList data', async () => {
    const res = await storefront('https://shop.test/products?brand=1');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(h1(html)).toBe('Alpha Labs');
    expect(html).toContain('<title>Alpha Labs | Gulf Vitamins</title>');
    expect(html).toContain('<meta name="description" content="Alpha Labs: Everyday vitamins made in small batches."/>');
    expect(html).toMatch(
      /<section class="brand-header"[^>]*><img src="\/media\/brands\/alpha-labs-480.webp" srcSet="[^"]+" sizes="180px" alt="Alpha Labs logo" width="480" height="240"/,
    );
    expect(html).toContain('<link rel="canonical" href="https://shop.test/products?brand=1"/>');
    expect(html).toContain('<link rel="alternate" hrefLang="ar" href="https://shop.test/ar/products?brand=1"/>');
    expect(chips(html)).toEqual(['Alpha Labs']);
    const data = jsonLd(html);
    expect(data.find((d) => d['@type'] === 'Brand')).toMatchObject({
      name: 'Alpha Labs',
      url: 'https://shop.test/products?brand=1',
      description: 'Everyday vitamins made in small batches.',
    });
    expect(data.find((d) => d['@type'] === 'Brand').logo).toMatch(/^https:\/\/shop\.test\/media\/brands\/alpha-labs/);
    const list = data.find((d) => d['@type'] === 'ItemList');
    expect(list.itemListElement.map((i: { url: string }) => i.url).sort()).toEqual([
      'https://shop.test/products/alpha-magnesium-glycinate',
      'https://shop.test/products/alpha-vitamin-d3-1000',
    ]);
    const crumbs = data.find((d) => d['@type'] === 'BreadcrumbList');
    expect(crumbs.itemListElement.map((i: { name: string }) => i.name)).toEqual(['Home', 'Brands', 'Alpha Labs']);
  });

  it('is in Arabic on the Arabic page', async () => {
    const html = await (await storefront('https://shop.test/ar/products?brand=3')).text();
    expect(h1(html)).toBe('غاما هيربالز');
    expect(html).toContain('<meta name="description" content="غاما هيربالز: أعشاب تقليدية في خلاصات مختبرة."/>');
    expect(html).toContain('alt="شعار غاما هيربالز"');
    expect(html).toContain('<p class="brand-description">أعشاب تقليدية في خلاصات مختبرة.</p>');
    expect(chips(html)).toEqual(['غاما هيربالز']);
  });

  it('names brand and category together when both are chosen', async () => {
    const html = await (await storefront('https://shop.test/products?brand=1&category=11')).text();
    expect(h1(html)).toBe('Alpha Labs: Vitamin D &amp; C');
    expect(chips(html).sort()).toEqual(['Alpha Labs', 'Vitamin D &amp; C']);
  });

  it('keeps the plain title for the whole catalogue', async () => {
    const html = await (await storefront('https://shop.test/products')).text();
    expect(h1(html)).toBe('All products');
  });
});

describe('a nutritionist’s picks', () => {
  it('link to the product with nutritionist_id, and the profile’s canonical URL keeps its id', async () => {
    for (const path of ['/nutritionist?id=noura', '/ar/nutritionist?id=noura']) {
      const html = await (await storefront(`https://shop.test${path}`)).text();
      const prefix = path.startsWith('/ar') ? '/ar' : '';
      expect(html, path).toContain(`href="${prefix}/products/alpha-vitamin-d3-1000?nutritionist_id=1&amp;position=1"`);
      expect(html, path).toContain(`href="${prefix}/products/gamma-vitamin-c-1000?nutritionist_id=1&amp;position=2"`);
      expect(html, path).toContain(`<link rel="canonical" href="https://shop.test${prefix}/nutritionist?id=noura"/>`);
    }
  });

  it('lead to a product page whose canonical URL keeps nutritionist_id but not the position', async () => {
    const html = await (
      await storefront('https://shop.test/ar/products/alpha-vitamin-d3-1000?nutritionist_id=1&position=2')
    ).text();
    expect(html).toContain(
      '<link rel="canonical" href="https://shop.test/ar/products/alpha-vitamin-d3-1000?nutritionist_id=1"/>',
    );
    expect(html).toContain(
      '<link rel="alternate" hrefLang="en" href="https://shop.test/products/alpha-vitamin-d3-1000?nutritionist_id=1"/>',
    );
  });
});

describe('social previews point at stored PNGs, by absolute URL', () => {
  const ogImage = (html: string) => /<meta property="og:image" content="([^"]+)"\/>/.exec(html)?.[1];

  it('on product, brand, category and home pages, in both languages', async () => {
    expect(ogImage(await (await storefront('https://shop.test/products/alpha-vitamin-d3-1000')).text())).toBe(
      'https://shop.test/media/products/alpha-vitamin-d3-1000/1-og.png',
    );
    expect(ogImage(await (await storefront('https://shop.test/ar/products?brand=2')).text())).toBe(
      'https://shop.test/media/brands/beta-nutrition-og.png',
    );
    expect(ogImage(await (await storefront('https://shop.test/products?category=21')).text())).toBe(
      'https://shop.test/media/products/beta-omega-3-fish-oil/1-og.png',
    );
    expect(ogImage(await (await storefront('https://shop.test/ar')).text())).toBe(
      'https://shop.test/media/banners/1-ar-og.png',
    );
    expect(ogImage(await (await storefront('https://shop.test/')).text())).toBe(
      'https://shop.test/media/banners/1-en-og.png',
    );
  });

  it('cards and the product photo offer WebP widths with sizes, and keep their width and height', async () => {
    const listing = await (await storefront('https://shop.test/ar/products?brand=1')).text();
    expect(listing).toMatch(
      /<img src="\/media\/products\/alpha-vitamin-d3-1000\/1-800.webp" srcSet="\/media\/products\/alpha-vitamin-d3-1000\/1-400.webp 400w, \/media\/products\/alpha-vitamin-d3-1000\/1-800.webp 800w" sizes="[^"]+" alt="فيتامين د3 1000 وحدة" width="800" height="800"/,
    );
    const product = await (await storefront('https://shop.test/products/alpha-vitamin-d3-1000')).text();
    expect(product).toMatch(
      /<img class="gallery-main" src="\/media\/products\/alpha-vitamin-d3-1000\/1-800.webp" srcSet="[^"]*1-400.webp 400w[^"]*" sizes="[^"]+" alt="Vitamin D3 1000 IU" width="800" height="800"/,
    );
  });
});

describe('/media/* on the storefront', () => {
  it('serves a stored WebP with the API’s ETag and answers a matching If-None-Match with 304', async () => {
    await env.API_MEDIA.put(
      'products/alpha-vitamin-d3-1000/1-400.webp',
      new Uint8Array([82, 73, 70, 70, 0, 0, 0, 0, 87, 69, 66, 80]),
      { httpMetadata: { contentType: 'image/webp' } },
    );
    const res = await storefront('https://shop.test/media/products/alpha-vitamin-d3-1000/1-400.webp');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const etag = res.headers.get('etag')!;
    expect(etag).toMatch(/^"[0-9a-f]+"$/);
    await res.arrayBuffer();
    const again = await storefront('https://shop.test/media/products/alpha-vitamin-d3-1000/1-400.webp', {
      headers: { 'if-none-match': etag },
    });
    expect(again.status).toBe(304);
    expect((await storefront('https://shop.test/media/products/alpha-vitamin-d3-1000/1.svg')).status).toBe(404);
    expect((await storefront('https://shop.test/media/products/alpha-vitamin-d3-1000/2-400.webp')).status).toBe(404);
  });
});

describe('the product page’s price notes', () => {
  const page = async (path: string, country: 'KW' | 'SA') =>
    (await storefront(`https://shop.test${path}`, { headers: { cookie: `country=${country}` } })).text();

  it('says a Saudi price includes VAT, in both languages, and says nothing of VAT in Kuwait', async () => {
    expect(await page('/products/alpha-vitamin-d3-1000', 'SA')).toContain('Price includes VAT (15%)');
    expect(await page('/ar/products/alpha-vitamin-d3-1000', 'SA')).toMatch(
      /السعر شامل ضريبة القيمة المضافة \(15\s?[%٪]\)/,
    );
    const kw = await page('/products/alpha-vitamin-d3-1000', 'KW');
    expect(kw).not.toContain('data-testid="price-vat-note"');
  });

  it('shows "Free delivery" only when the product alone reaches the country’s free-delivery threshold', async () => {
    // 3.500 KWD is under the 15.000 KWD threshold.
    const under = await page('/products/alpha-vitamin-d3-1000', 'KW');
    expect(under).not.toContain('class="free-badge"');
    await env.API_DB.prepare('UPDATE skus SET price = 16000 WHERE id = 101').run();
    try {
      for (const [path, country, text] of [
        ['/products/alpha-vitamin-d3-1000', 'KW', 'Free delivery'],
        ['/ar/products/alpha-vitamin-d3-1000', 'SA', 'توصيل مجاني'],
      ] as const)
        expect(await page(path, country)).toContain(`<p class="free-badge">${text}</p>`);
    } finally {
      await env.API_DB.prepare('UPDATE skus SET price = 3500 WHERE id = 101').run();
    }
  });

  it('offers notify-me beside Add for a size with a buy limit, and not for one without (spec §4)', async () => {
    /** The buy box: from its actions to the first card of the related products below. */
    const buyBox = (html: string) => {
      const from = html.indexOf('class="buy-actions"');
      return html.slice(from, html.indexOf('product-card', from));
    };
    expect(buyBox(await page('/products/alpha-vitamin-d3-1000', 'KW'))).not.toContain('data-testid="notify-button"');
    await env.API_DB.prepare('UPDATE skus SET buy_limit = 2 WHERE id = 101').run();
    try {
      for (const [path, country, text] of [
        ['/products/alpha-vitamin-d3-1000', 'KW', 'Notify me'],
        ['/ar/products/alpha-vitamin-d3-1000', 'SA', 'أعلمني'],
      ] as const) {
        const actions = buyBox(await page(path, country));
        expect(actions).toContain('class="button add-button wide"');
        expect(actions).toMatch(new RegExp(`data-testid="notify-button"[^>]*>${text}`));
      }
    } finally {
      await env.API_DB.prepare('UPDATE skus SET buy_limit = NULL WHERE id = 101').run();
    }
  });
});
