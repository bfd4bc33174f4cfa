// Catalogue routes against the fixture: filters combined, the attributes 'or' merge, price ranges in
// SAR, pagination edges, detail by id or slug, SKU sync, home sections, bad payloads.
import { env } from 'cloudflare:workers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { denormaliseProducts } from '#api/src/catalogue/maintain';
import { SKU_COLUMNS } from '#api/src/db/country-prices';
import { CORE, COUNTRY_CODES, HOME_COUNTRY } from '#shared/countries';
import type { PricingKind } from '#shared/countries/types';
import { ADDRESSES, call, deviceToken, json } from './helpers';
import { loadCatalogueFixture } from '../fixtures/catalogue';

let token: string;
beforeAll(async () => {
  await loadCatalogueFixture(env.DB);
  token = await deviceToken();
});

const list = async (body: unknown, opts: { page?: number; lang?: string; country?: string } = {}) => {
  const res = await call(`/product${opts.page ? `/${opts.page}` : ''}`, {
    body: JSON.stringify(body),
    token,
    headers: { lang: opts.lang ?? 'en', 'x-country': opts.country ?? 'KW' },
  });
  return { status: res.status, body: await json(res) };
};
const ids = (r: { body: any }) => r.body.data.items.map((p: { id: number }) => p.id);

describe('POST /product', () => {
  it('lists active products by popularity with page size and page count', async () => {
    const r = await list({});
    expect(r.status).toBe(200);
    expect(ids(r)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(r.body.data).toMatchObject({ page: 1, per_page: 24, total: 6, page_count: 1 });
    const card = r.body.data.items[0];
    expect(card).toMatchObject({
      slug: 'alpha-vitamin-d3-1000',
      name: 'Vitamin D3 1000 IU',
      brand: { id: 1, slug: 'alpha-labs', name: 'Alpha Labs' },
      category: { id: 11, slug: 'vitamin-d-c', color: '#fbbf24' },
      default_sku: { id: 101, price: { price: 3500, old_price: null }, buy_limit: null, in_stock: true },
      images: [{ url: '/media/products/alpha-vitamin-d3-1000/1-800.webp', width: 800, height: 800 }],
    });
  });

  it('answers in Arabic when asked', async () => {
    const r = await list({}, { lang: 'ar' });
    expect(r.body.data.items[0].name).toBe('فيتامين د3 1000 وحدة');
    expect(r.body.data.items[0].brand.name).toBe('ألفا لابز');
  });

  it('combines filters: category (with its children), brand and availability', async () => {
    const r = await list({
      filters: [
        { key: 'category_id', type: 'multiSelect', items: [2] },
        { key: 'brand_id', type: 'multiSelect', items: [1, 2] },
        { key: 'only_available', type: 'boolean', value: true },
      ],
    });
    expect(ids(r)).toEqual([3]);
  });

  it('merges attributes_id filters into one multiSelect with the or operation', async () => {
    const r = await list({
      filters: [
        { key: 'attributes_id', type: 'multiSelect', items: [4] },
        { key: 'attributes_id', type: 'multiSelect', items: [3] },
      ],
    });
    expect(ids(r).sort()).toEqual([4, 5]);
  });

  it('filters free delivery and sale items', async () => {
    expect(ids(await list({ filters: [{ key: 'free_delivery', type: 'boolean', value: true }] }))).not.toContain(4);
    expect(ids(await list({ filters: [{ key: 'on_sale', type: 'boolean', value: true }] })).sort()).toEqual([2, 4]);
  });

  it('reads a price range in the shopper currency: KWD for Kuwait, SAR with VAT for Saudi Arabia', async () => {
    const kw = await list({ filters: [{ key: 'sku_price', type: 'range', range: { min: 3, max: 5.25 } }] });
    expect(ids(kw).sort()).toEqual([1, 3, 6]);
    // Saudi cards show VAT-inclusive prices at 12.2: D3 3.500 KWD = SAR 49.11, ashwagandha 4.500 = 63.14,
    // magnesium 5.250 = 73.66. A range typed from exactly those card prices finds exactly those products.
    const sa = await list(
      { filters: [{ key: 'sku_price', type: 'range', range: { min: 49.11, max: 73.66 } }] },
      { country: 'SA' },
    );
    expect(ids(sa).sort()).toEqual([1, 3, 6]);
    const inside = await list(
      { filters: [{ key: 'sku_price', type: 'range', range: { min: 49.12, max: 73.65 } }] },
      { country: 'SA' },
    );
    expect(ids(inside)).toEqual([6]);
    // Whey 24.000 KWD = SAR 336.72 with VAT.
    const upTo = (max: number) =>
      list({ filters: [{ key: 'sku_price', type: 'range', range: { min: 0, max } }] }, { country: 'SA' });
    expect(ids(await upTo(336.72))).toHaveLength(6);
    expect(ids(await upTo(336.71))).toHaveLength(5);
  });

  it('sorts by price both ways, newest and discount', async () => {
    expect(ids(await list({ sort: { key: 'price', value: 'asc' } }))).toEqual([4, 1, 6, 3, 2, 5]);
    expect(ids(await list({ sort: { key: 'price', value: 'desc' } }))).toEqual([5, 2, 3, 6, 1, 4]);
    expect(ids(await list({ sort: { key: 'newest', value: 'desc' } }))).toEqual([6, 5, 4, 3, 2, 1]);
    expect(ids(await list({ sort: { key: 'discount', value: 'desc' } })).slice(0, 2)).toEqual([2, 4]);
  });

  it('pages: first, last, past the end', async () => {
    const first = await list({ per_page: 4 });
    expect(first.body.data).toMatchObject({ page: 1, per_page: 4, total: 6, page_count: 2 });
    expect(ids(first)).toHaveLength(4);
    const last = await list({ per_page: 4 }, { page: 2 });
    expect(ids(last)).toEqual([5, 6]);
    const past = await list({ per_page: 4 }, { page: 3 });
    expect(past.status).toBe(200);
    expect(ids(past)).toEqual([]);
    expect(past.body.data.total).toBe(6);
  });

  it('answers 400 with a message key for bad payloads, never 500', async () => {
    const bad = [
      { filters: [{ key: 'colour', type: 'multiSelect', items: [1] }] },
      { filters: [{ key: 'sku_price', type: 'range', range: { min: 10, max: 1 } }] },
      { filters: 'all' },
      { sort: { key: 'price', value: 'sideways' } },
      { per_page: 1000 },
      { filters: [{ key: 'brand_id', type: 'multiSelect', items: ['1 OR 1=1'] }] },
    ];
    for (const body of bad) {
      const r = await list(body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.meta.msg).toBe('validation_failed');
    }
    const res = await call('/product/0', { body: '{}', token });
    expect(res.status).toBe(400);
    const notJson = await call('/product', { body: '{"filters": [', token });
    expect(notJson.status).toBe(400);
  });
});

describe('/product/filter-sort', () => {
  it('gives filters with counts for the current result, each facet counted without its own filter', async () => {
    const res = await call('/product/filter-sort', {
      body: JSON.stringify({ filters: [{ key: 'brand_id', type: 'multiSelect', items: [1] }] }),
      token,
      headers: { lang: 'en', 'x-country': 'KW' },
    });
    const { data } = await json(res);
    expect(data.total).toBe(2);
    const facet = (key: string) => data.filters.find((f: { key: string }) => f.key === key);
    expect(facet('brand_id').items).toEqual([
      { id: 1, name: 'Alpha Labs', count: 2 },
      { id: 2, name: 'Beta Nutrition', count: 2 },
      { id: 3, name: 'Gamma Herbals', count: 2 },
    ]);
    expect(facet('category_id').items.map((c: { id: number; count: number }) => [c.id, c.count])).toEqual([
      [11, 1],
      [22, 1],
    ]);
    expect(facet('only_available').count).toBe(2);
    expect(facet('sku_price').result_range).toEqual({ min: 3, max: 6 });
    expect(facet('attributes_id').groups.map((g: { group: string }) => g.group)).toEqual(['diet', 'form']);
    expect(data.sorts[0]).toEqual({ key: 'popularity', value: 'desc' });
  });

  it('names the chosen categories, brands and attributes that exist, and leaves out ids that name nothing', async () => {
    const filters = [
      { key: 'category_id', type: 'multiSelect', items: [1, 999] },
      { key: 'brand_id', type: 'multiSelect', items: [999] },
      { key: 'attributes_id', type: 'multiSelect', items: [6, 998] },
    ];
    for (const lang of ['en', 'ar']) {
      const { data } = await json(
        await call('/product/filter-sort', {
          body: JSON.stringify({ filters }),
          token,
          headers: { lang, 'x-country': 'SA' },
        }),
      );
      expect(data.selected.categories.map((c: { id: number }) => c.id)).toEqual([1]);
      expect(data.selected.brands).toEqual([]);
      expect(data.selected.attributes.map((a: { id: number }) => a.id)).toEqual([6]);
      expect(data.selected.attributes[0].name).toMatch(lang === 'ar' ? /[\u0600-\u06ff]/ : /^[A-Za-z]/);
    }
  });

  it("gives each country its own price filter: 'Under KD 25' in Kuwait, 'Under SAR 250' in Saudi Arabia", async () => {
    const sa = await json(await call('/product/filter-sort', { token, headers: { 'x-country': 'SA' } }));
    const kw = await json(await call('/product/filter-sort', { token, headers: { 'x-country': 'KW' } }));
    const price = (d: any) => d.data.filters.find((f: { key: string }) => f.key === 'sku_price');
    expect(price(kw).quick[0].range.max).toBe(25);
    // The Saudi owner's round amount (issue 44, decision 52), not 25.000 KWD converted (SAR 351).
    expect(price(sa).quick[0].range.max).toBe(250);
    expect(price(kw).range).toEqual({ min: 0, max: 1000 });
    expect(price(sa).range).toEqual({ min: 0, max: 10_000 });
    expect(sa.data.filters.find((f: { key: string }) => f.key === 'sku_price').result_range).toEqual({
      min: 38,
      max: 337,
    });
    expect(sa.data.currency).toBe('SAR');
  });
});

describe('GET /product/{id}/v2', () => {
  it('returns the product page data by slug or id, in the asked language', async () => {
    const bySlug = await json(await call('/product/alpha-vitamin-d3-1000/v2', { token, headers: { lang: 'ar' } }));
    const byId = await json(await call('/product/1/v2', { token, headers: { lang: 'ar' } }));
    expect(byId.data).toEqual(bySlug.data);
    const p = bySlug.data;
    expect(p.name).toBe('فيتامين د3 1000 وحدة');
    expect(p.skus.map((s: { id: number }) => s.id)).toEqual([101, 102]);
    expect(p.default_sku.id).toBe(101);
    expect(p.suggested_use).toEqual({ text: 'تناول حبة يومياً مع الطعام.', tags: ['يومي'] });
    expect(p.parent_category).toMatchObject({ id: 1, slug: 'vitamins' });
    expect(p.purchase_together.map((c: { id: number }) => c.id)).toEqual([4, 3]);
    expect(p.attributes.map((a: { slug: string }) => a.slug)).toEqual(['vegetarian', 'softgel']);
    expect(p.alternate).toEqual({
      slug: 'alpha-vitamin-d3-1000',
      name_en: 'Vitamin D3 1000 IU',
      name_ar: 'فيتامين د3 1000 وحدة',
    });
  });

  it('reports stock levels and buy limits', async () => {
    const { data } = await json(await call('/product/3/v2', { token }));
    expect(data.default_sku).toMatchObject({ buy_limit: 2, in_stock: true, stock_level: 'low' });
    const omega = await json(await call('/product/2/v2', { token }));
    expect(omega.data.default_sku).toMatchObject({
      in_stock: false,
      stock_level: 'out_of_stock',
      price: { price: 7500, old_price: 9500 },
    });
  });

  it("carries the product's pictures once: a size has pictures only when they are its own", async () => {
    await env.DB.prepare(
      `INSERT INTO product_images (product_id, sku_id, r2_key, alt_en, alt_ar, width, height, sort_order)
       VALUES (1, 102, 'products/alpha-vitamin-d3-1000/sku-102', 'Large bottle', 'عبوة كبيرة', 800, 800, 1)`,
    ).run();
    try {
      const { data } = await json(await call('/product/1/v2', { token }));
      const size = (id: number) => data.skus.find((s: { id: number }) => s.id === id);
      expect(data.images.map((i: { url: string }) => i.url)).toEqual([expect.stringContaining('/1-')]);
      // The default size (101) has no pictures of its own: the page shows the product's.
      expect(data.default_sku.images).toEqual([]);
      expect(size(101).images).toEqual([]);
      expect(size(102).images.map((i: { url: string; alt: string }) => [i.url, i.alt])).toEqual([
        [expect.stringContaining('sku-102'), 'Large bottle'],
      ]);
    } finally {
      await env.DB.prepare(`DELETE FROM product_images WHERE sku_id = 102`).run();
    }
  });

  it('answers 404 for an unknown product', async () => {
    for (const ref of ['no-such-product', '999', 'Bad%20Slug']) {
      const res = await call(`/product/${ref}/v2`, { token });
      expect(res.status).toBe(404);
      expect((await json(res)).meta.msg).toBe('not_found');
    }
  });
});

describe('POST /product/sku', () => {
  it('refreshes SKUs for cart sync, with giveaways and purchase-together', async () => {
    // A giveaway (decision 33): a free gift from a subtotal of 20 KD, live only for this test.
    await env.DB.batch([
      env.DB.prepare(
        `INSERT INTO promotions (id, kind, name_en, name_ar) VALUES (1, 'gift_threshold', 'Free Vitamin C', 'فيتامين سي مجاناً')`,
      ),
      env.DB.prepare(
        `INSERT INTO promotion_thresholds (promotion_id, country, min_subtotal_minor) VALUES (1, 'KW', 20000), (1, 'SA', 25000)`,
      ),
      env.DB.prepare('INSERT INTO promotion_gifts (promotion_id, sku_id) VALUES (1, 401)'),
    ]);
    const { data } = await json(await call('/product/sku', { body: JSON.stringify({ ids: [101, 301, 9999] }), token }));
    await env.DB.prepare('UPDATE promotions SET is_active = 0 WHERE id = 1').run();
    expect(data.items.map((s: { id: number }) => s.id).sort()).toEqual([101, 301]);
    expect(data.items.find((s: { id: number }) => s.id === 301)).toMatchObject({
      buy_limit: 2,
      in_stock: true,
      product: { id: 3, brand: { id: 1 } },
    });
    expect(data.giveaway_items).toEqual([
      expect.objectContaining({
        id: 1,
        title: 'Free Vitamin C',
        min_subtotal: 20000,
        threshold: 20000,
        qualifies: false,
        gifts: [expect.objectContaining({ sku_id: 401, sku_name: '100 tablets', in_stock: true })],
      }),
    ]);
    expect(data.purchase_together.map((c: { id: number }) => c.id)).toEqual([4]);
    const without = await json(
      await call('/product/sku', { body: JSON.stringify({ ids: [101], exclude_purchase_together: true }), token }),
    );
    expect(without.data.purchase_together).toEqual([]);
  });

  it('refuses a bad payload with 400', async () => {
    const res = await call('/product/sku', { body: JSON.stringify({ ids: 'all' }), token });
    expect(res.status).toBe(400);
  });
});

describe('home, categories, brands, nutritionists', () => {
  it('/homepage/v4 returns every section with its data in order', async () => {
    const { data } = await json(await call('/homepage/v4', { token, headers: { lang: 'ar' } }));
    expect(data.sections.map((s: { type: string }) => s.type)).toEqual([
      'banner',
      'categories',
      'popular',
      'brands',
      'nutritionist_banner',
      'collection',
    ]);
    const byType = (t: string) => data.sections.find((s: { type: string }) => s.type === t).data;
    expect(byType('banner').items[0]).toMatchObject({
      image: {
        url: '/media/banners/1-ar-1200.webp',
        og: '/media/banners/1-ar-og.png',
        alt: 'تخفيضات',
        width: 1200,
        height: 400,
      },
      link: '/products',
    });
    expect(byType('categories').items.map((c: { id: number }) => c.id)).toEqual([1, 2, 3]);
    expect(byType('popular').items.map((c: { id: number }) => c.id)).toEqual([1, 3, 4]);
    expect(byType('brands').items.map((b: { id: number }) => b.id)).toEqual([1, 2]);
    expect(byType('nutritionist_banner').nutritionist).toMatchObject({ id: 1, name: 'د. نورة' });
    expect(byType('collection').items.map((c: { id: number }) => c.id)).toEqual([4, 2]);
  });

  it('/category lists the two-level tree with product counts; /category/{id} by id or slug', async () => {
    const { data } = await json(await call('/category?includes=children', { token }));
    expect(data.items.map((c: { id: number; product_count: number }) => [c.id, c.product_count])).toEqual([
      [1, 2],
      [2, 2],
      [3, 2],
    ]);
    expect(data.items[1].children.map((c: { slug: string }) => c.slug)).toEqual(['omega', 'minerals']);
    const one = await json(await call('/category/minerals-omega', { token }));
    expect(one.data).toMatchObject({ id: 2, product_count: 2, parent: null });
    expect(one.data.children).toHaveLength(2);
    const child = await json(await call('/category/21', { token }));
    expect(child.data.parent).toMatchObject({ id: 2 });
    expect((await call('/category/nope', { token })).status).toBe(404);
  });

  it('/brand lists brands A–Z with counts; /brand/list pages and sorts; /brand/{id}', async () => {
    const all = await json(await call('/brand', { token, headers: { lang: 'en' } }));
    expect(all.data.items.map((b: { name: string }) => b.name)).toEqual([
      'Alpha Labs',
      'Beta Nutrition',
      'Gamma Herbals',
    ]);
    expect(all.data.items[0]).toMatchObject({
      product_count: 2,
      is_featured: true,
      logo: { url: '/media/brands/alpha-labs-480.webp', alt: 'Alpha Labs' },
    });
    const paged = await json(
      await call('/brand/list', { body: JSON.stringify({ sort: { key: 'name', value: 'desc' } }), token }),
    );
    expect(paged.data).toMatchObject({ page: 1, total: 3, page_count: 1 });
    expect(paged.data.items[0].slug).toBe('gamma-herbals');
    expect((await json(await call('/brand/beta-nutrition', { token }))).data.id).toBe(2);
    expect(
      (await call('/brand/list', { body: JSON.stringify({ sort: { key: 'colour', value: 'asc' } }), token })).status,
    ).toBe(400);
  });

  it('/nutritionist, /nutritionist/list and a profile with curated lists', async () => {
    const all = await json(await call('/nutritionist', { token }));
    expect(all.data.items.map((n: { slug: string }) => n.slug)).toEqual(['noura', 'khalid']);
    const sorted = await json(
      await call('/nutritionist/list', { body: JSON.stringify({ sort: { key: 'experience', value: 'asc' } }), token }),
    );
    expect(sorted.data.items.map((n: { slug: string }) => n.slug)).toEqual(['khalid', 'noura']);
    const profile = await json(await call('/nutritionist/noura', { token, headers: { lang: 'ar' } }));
    expect(profile.data.lists).toEqual([
      expect.objectContaining({
        name: 'المناعة',
        items: [expect.objectContaining({ note: 'شمس يومية' }), expect.objectContaining({ note: 'الشتاء' })],
      }),
    ]);
    expect(profile.data.lists[0].items[1].product.id).toBe(4);
    expect((await call('/nutritionist/nobody', { token })).status).toBe(404);
  });
});

describe('cards show a size that can be bought', () => {
  it('uses the first SKU in stock when the default one is sold out', async () => {
    await env.DB.prepare('UPDATE skus SET stock = 0 WHERE id = 101').run();
    const r = await list({ filters: [{ key: 'brand_id', type: 'multiSelect', items: [1] }] });
    const d3 = r.body.data.items.find((p: { id: number }) => p.id === 1);
    expect(d3.default_sku).toMatchObject({ id: 102, in_stock: true });
    await env.DB.prepare('UPDATE skus SET stock = 50 WHERE id = 101').run();
  });
});

describe('GET /info/instructions/{a}/{b}', () => {
  it('returns instruction texts in the asked language, split into paragraphs', async () => {
    const { data } = await json(await call('/info/instructions/delivery/SA', { token, headers: { lang: 'ar' } }));
    expect(data.title).toBe('التوصيل في المملكة العربية السعودية');
    expect(data.paragraphs).toHaveLength(2);
    const en = await json(await call('/info/instructions/how-it-works/shop', { token }));
    expect(en.data.paragraphs).toHaveLength(3);
  });

  it('answers 404 for unknown topics', async () => {
    expect((await call('/info/instructions/delivery/FR', { token })).status).toBe(404);
    expect((await call('/info/instructions/x/y%20z', { token })).status).toBe(404);
  });
});

describe('GET /sitemap and /sitemap/products/{page}', () => {
  it('lists what the pages sitemap names, and pages the active products with their dates', async () => {
    // call() checks both answers against their routes' response schemas (decision 68).
    const index = await json(await call('/sitemap'));
    expect(index.data).toMatchObject({ product_pages: 1 });
    expect(index.data.categories.length).toBeGreaterThan(0);
    const page = await json(await call('/sitemap/products/1'));
    const listed = (await list({})).body.data.items.map((p: { slug: string }) => p.slug);
    expect(page.data.items.map((i: { slug: string }) => i.slug)).toEqual(expect.arrayContaining(listed));
    expect(page.data.items[0].updated).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});

// A country's own prices (decision 77, "a country's own prices"). The registry has no own-priced country
// until the Emirates' part lands, and a new country needs its database rows (migration 0088), so this
// switches Saudi Arabia's pricing kind for these tests and back (the API runs in this isolate and asks
// `pricingOf` on every request). What it proves: every route here takes its prices and what it sells
// from the resolution (api/src/db/country-prices.ts) for whichever country's module says 'own';
// not that a real third country's rows, texts or rates are right.
describe("an own-priced country: the owner's amounts, and only what she sells there", () => {
  const switched = COUNTRY_CODES.find((c) => c !== HOME_COUNTRY)!;
  const rows = CORE as unknown as Record<string, { pricing: PricingKind }>;
  beforeAll(async () => {
    rows[switched]!.pricing = 'own';
    // Sold there: product 1 (both sizes) and product 4 (on sale); the rest are not.
    await env.DB.prepare(
      `INSERT INTO sku_country_prices (sku_id, country, price, old_price) VALUES
         (101, ?1, 1500, NULL), (102, ?1, 2600, NULL), (401, ?1, 1200, 1500)`,
    )
      .bind(switched)
      .run();
    await env.DB.batch(denormaliseProducts(env.DB, 'SELECT id FROM products'));
  });
  afterAll(async () => {
    rows[switched]!.pricing = 'converted';
    await env.DB.prepare('DELETE FROM sku_country_prices').run();
    await env.DB.batch(denormaliseProducts(env.DB, 'SELECT id FROM products'));
  });

  it('reads every column of skus in its own-priced source of SKUs', async () => {
    const { results } = await env.DB.prepare('PRAGMA table_info(skus)').all<{ name: string }>();
    expect(results.map((c) => c.name)).toEqual([...SKU_COLUMNS]);
  });

  it('lists, filters and sorts only what the country sells, at its own amounts, not converted', async () => {
    const r = await list({}, { country: switched });
    expect(ids(r)).toEqual([1, 4]);
    expect(r.body.data.items.map((p: { default_sku: { price: unknown } }) => p.default_sku.price)).toEqual([
      { price: 1500, old_price: null },
      { price: 1200, old_price: 1500 },
    ]);
    // A price range typed in the country's currency is the owner's amount itself (SAR 13–20: 15.00 only).
    const ranged = await list(
      { filters: [{ key: 'sku_price', type: 'range', range: { min: 13, max: 20 } }] },
      { country: switched },
    );
    expect(ids(ranged)).toEqual([1]);
    expect(ids(await list({ sort: { key: 'price', value: 'asc' } }, { country: switched }))).toEqual([4, 1]);
    expect(
      ids(await list({ filters: [{ key: 'on_sale', type: 'boolean', value: true }] }, { country: switched })),
    ).toEqual([4]);
    // The home page's popular cards too (3, in stock, is not sold there).
    const home = (await json(await call('/homepage/v4', { token, headers: { 'x-country': switched } }))).data;
    const popular = home.sections.find((s: { type: string }) => s.type === 'popular').data;
    expect(popular.items.map((c: { id: number }) => c.id)).toEqual([1, 4]);
    // The home country is as it was: every product, its KWD prices.
    expect(ids(await list({}))).toEqual([1, 2, 3, 4, 5, 6]);
  });

  it("shows a product sold elsewhere as not sold in her country, and its sizes at the owner's prices where sold", async () => {
    const elsewhere = await call('/product/2/v2', { token, headers: { 'x-country': switched } });
    expect(elsewhere.status).toBe(200);
    const { data } = await json(elsewhere);
    expect(data.sold_here).toBe(false);
    expect(data.default_sku).toMatchObject({ in_stock: false, price: { price: 0, old_price: null } });
    const sold = (await json(await call('/product/1/v2', { token, headers: { 'x-country': switched } }))).data;
    expect(sold.sold_here).toBeUndefined();
    expect(sold.skus.map((s: { price: { price: number } }) => s.price.price)).toEqual([1500, 2600]);
  });

  it("drops what she cannot buy there from the cart's refresh, and the quote refuses it by name", async () => {
    const sync = await json(
      await call('/product/sku', {
        body: JSON.stringify({ ids: [101, 201], exclude_purchase_together: true }),
        token,
        headers: { 'x-country': switched },
      }),
    );
    expect(sync.data.items.map((s: { id: number }) => s.id)).toEqual([101]);
    const quote = await json(
      await call('/order/calculate', {
        body: JSON.stringify({
          items: [
            { sku_id: 101, count: 2 },
            { sku_id: 201, count: 1 },
          ],
        }),
        token,
        headers: { 'x-country': switched },
      }),
    );
    expect(quote.data.problems).toEqual([{ sku_id: 201, reason: 'not_sold_here', available: 0 }]);
    // The owner's amount is what she pays (VAT included in it): 2 × 15.00.
    expect(quote.data.lines[0]).toMatchObject({ sku_id: 101, unit_price: 1500, line_total: 3000 });
    // Checkout refuses it with a message key and the line's reason.
    const placed = await call('/order/submit', {
      body: JSON.stringify({
        items: [{ sku_id: 201, count: 1 }],
        payment_method: 'cod',
        address: { ...ADDRESSES[switched as keyof typeof ADDRESSES], recipient: 'Guest' },
        email: 'not-sold@example.com',
        idempotency_key: crypto.randomUUID(),
      }),
      token,
      headers: { 'x-country': switched },
    });
    expect(placed.status).toBe(409);
    const refused = await json(placed);
    expect(refused.meta.msg).toBe('cart_changed');
    expect(refused.data.problems).toEqual([{ sku_id: 201, reason: 'not_sold_here', available: 0 }]);
  });
});
