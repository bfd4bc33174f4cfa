// A search with thousands of matches (decision 25): past RANK_ALL matches the page is read tier by tier,
// in stock first, by popularity, instead of ranking every match by bm25; a filter that leaves few of
// them sorts those few. The order a shopper sees must stay the relevance order either way.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, deviceToken, json } from './helpers';
import { loadCatalogueFixture } from '../fixtures/catalogue';

// Products 5001…: 2,100 with "chlorella" only in their ingredients (tier 2), popularity = their number;
// 30 with it in the name (tier 0), the first 20 in stock, the last 10 out of stock but more popular.
const DESCRIBED = 2_100;
const NAMED = 30;
const NAMED_IN_STOCK = 20;
let token: string;

const insertProducts = (
  from: number,
  count: number,
  name: string,
  popularity: string,
  inStock: string,
  brand: string,
) =>
  env.DB.prepare(
    `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${count})
     INSERT INTO products (id, slug, brand_id, category_id, name_en, name_ar, description_en, description_ar, suggested_use_en, suggested_use_ar,
       tags_en, tags_ar, ingredients_en, ingredients_ar, warnings_en, warnings_ar, default_sku_id, free_delivery, popularity, created_at,
       min_price, max_discount, in_stock)
     SELECT ${from} + i, 'scale-' || (${from} + i), ${brand}, 11, ${name}, ${name}, '', '', '', '', '[]', '[]', '', '', '', '', 401, 0, ${popularity},
       1700000000000, 2750, 0, ${inStock} FROM n`,
  );

beforeAll(async () => {
  await loadCatalogueFixture(env.DB);
  await env.DB.batch([
    insertProducts(5000, DESCRIBED, "'Green Superfood ' || i", 'i', '1', '3'),
    env.DB.prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${DESCRIBED})
       INSERT INTO product_search (rowid, name, brand, category, ingredients, tags)
       SELECT 5000 + i, 'green superfood ' || i, 'gamma herbals', 'greens', 'chlorella', '' FROM n`,
    ),
    // Named ones: 10000 + i; in stock for i ≤ 20 (popularity 100 + i), out of stock above (popularity 10000 + i).
    insertProducts(
      10000,
      NAMED,
      "'Chlorella Tablets ' || i",
      `CASE WHEN i <= ${NAMED_IN_STOCK} THEN 100 + i ELSE 10000 + i END`,
      `CASE WHEN i <= ${NAMED_IN_STOCK} THEN 1 ELSE 0 END`,
      '2',
    ),
    env.DB.prepare(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${NAMED})
       INSERT INTO product_search (rowid, name, brand, category, ingredients, tags)
       SELECT 10000 + i, 'chlorella tablets ' || i, 'beta labs', 'greens', '', '' FROM n`,
    ),
  ]);
  token = await deviceToken();
});

const search = async (body: object, page = 1) => {
  const res = await call(page === 1 ? '/product' : `/product/${page}`, { body: JSON.stringify(body), token });
  expect(res.status).toBe(200);
  return (await json(res)).data as { total: number; total_capped: boolean; items: Array<{ id: number }> };
};

const range = (from: number, to: number) =>
  Array.from({ length: Math.abs(to - from) + 1 }, (_, k) => (from < to ? from + k : from - k));

describe('a search with thousands of matches', () => {
  it('shows name matches first, in stock before out of stock, each by popularity', async () => {
    const first = await search({ search: 'chlorella', per_page: 24 });
    expect(first.total_capped).toBe(true);
    // In stock 10020…10001, then the out-of-stock ones 10030…10027.
    expect(first.items.map((p) => p.id)).toEqual([...range(10020, 10001), ...range(10030, 10027)]);
  });

  it('continues on the next page with the rest of the tier, then the description matches', async () => {
    const second = await search({ search: 'chlorella', per_page: 24 }, 2);
    expect(second.items.map((p) => p.id)).toEqual([
      ...range(10026, 10021),
      ...range(5000 + DESCRIBED, 5000 + DESCRIBED - 17),
    ]);
  });

  it('sorts the few matches a brand filter leaves by the same rules', async () => {
    const named = await search({
      search: 'chlorella',
      per_page: 50,
      filters: [{ key: 'brand_id', type: 'multiSelect', items: [2] }],
    });
    expect(named.total).toBe(NAMED);
    expect(named.items.map((p) => p.id)).toEqual([...range(10020, 10001), ...range(10030, 10021)]);
  });

  it('keeps a filter that leaves many matches in relevance order too', async () => {
    const described = await search({
      search: 'chlorella',
      per_page: 5,
      filters: [{ key: 'brand_id', type: 'multiSelect', items: [3] }],
    });
    expect(described.total_capped).toBe(true);
    expect(described.items.map((p) => p.id)).toEqual(range(5000 + DESCRIBED, 5000 + DESCRIBED - 4));
  });
});
