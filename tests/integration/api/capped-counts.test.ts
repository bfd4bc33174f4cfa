// Capped counts (decision 24): past 1,000 matches a listing, a search and the facets say "1,000 and
// more" instead of counting every match; below the cap the count stays exact.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, deviceToken, json } from './helpers';
import { loadCatalogueFixture } from '../fixtures/catalogue';

const FILLERS = 1_200;
let token: string;

beforeAll(async () => {
  await loadCatalogueFixture(env.DB);
  // 1,200 more vitamins from brand 3 (ids 1001…): enough to pass the cap, in one statement each.
  await env.DB.batch([
    env.DB.prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${FILLERS})
       INSERT INTO products (id, slug, brand_id, category_id, name_en, name_ar, description_en, description_ar, suggested_use_en, suggested_use_ar,
         tags_en, tags_ar, ingredients_en, ingredients_ar, warnings_en, warnings_ar, default_sku_id, free_delivery, popularity, created_at,
         min_price, max_discount, in_stock)
       SELECT 1000 + i, 'filler-vitamin-' || i, 3, 11, 'Filler Vitamin ' || i, 'فيتامين ' || i, '', '', '', '', '[]', '[]', '', '', '', '', 401, 0, 1,
         1700000000000, 2750, 0, 1 FROM n`,
    ),
    env.DB.prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${FILLERS})
       INSERT INTO product_search (rowid, name, brand, category, ingredients, tags) SELECT 1000 + i, 'filler vitamin ' || i || ' فيتامين', 'gamma herbals', 'vitamin d c', '', '' FROM n`,
    ),
  ]);
  token = await deviceToken();
});

const list = async (body: object, lang = 'en') => {
  const res = await call('/product', { body: JSON.stringify(body), token, headers: { lang } });
  expect(res.status).toBe(200);
  return (await json(res)).data as {
    total: number;
    total_capped: boolean;
    page_count: number;
    items: Array<{ id: number }>;
  };
};

describe('capped counts', () => {
  it('says 1,000 and more for a listing past the cap, and pages through the first 1,000', async () => {
    const all = await list({ per_page: 24 });
    expect(all).toMatchObject({ total: 1000, total_capped: true, page_count: 42 });
    expect(all.items).toHaveLength(24);
  });

  it('caps a search that matches more than 1,000 products, in both languages', async () => {
    expect(await list({ search: 'vitamin' })).toMatchObject({ total: 1000, total_capped: true });
    expect(await list({ search: 'فيتامين' }, 'ar')).toMatchObject({ total: 1000, total_capped: true });
  });

  it('keeps the exact count below the cap', async () => {
    const few = await list({ filters: [{ key: 'brand_id', type: 'multiSelect', items: [1] }] });
    expect(few).toMatchObject({ total: 2, total_capped: false, page_count: 1 });
    expect(await list({ search: 'omega' })).toMatchObject({ total: 2, total_capped: false });
  });

  it('caps the facets total the same way', async () => {
    const res = await call('/product/filter-sort', {
      body: JSON.stringify({ search: 'vitamin' }),
      token,
      headers: { lang: 'en' },
    });
    expect((await json(res)).data).toMatchObject({ total: 1000, total_capped: true });
    const narrow = await call('/product/filter-sort', {
      body: JSON.stringify({ search: 'magnesium' }),
      token,
      headers: { lang: 'ar', 'x-country': 'SA' },
    });
    expect((await json(narrow)).data).toMatchObject({ total: 1, total_capped: false });
  });
});
