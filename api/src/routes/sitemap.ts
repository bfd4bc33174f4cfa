// What the sitemap lists: categories, brands, nutritionists, blood tests and products (paged for large
// catalogues).
import { Hono } from 'hono';
import { COUNTRY_CODES } from '#shared/countries';
import { ok } from '#shared/api/envelope';
import { contract } from '../contract/validate';
import type { AppEnv } from '../app-env';
import type { CountRow } from '../db/rows';
import { pageParams } from '#shared/api/route-schemas';
import { sitemapIndexSchema, sitemapProductsSchema } from '#shared/api/sitemap-responses';

// A product is two URLs of a sitemap file (English and Arabic), each with 3 + 2 × countries hreflang
// alternates of about 110 bytes (shared/seo/country-urls.ts): 10,000 products make a file of about
// 22 MB with three countries and stay under the format's 50 MB and 50,000 URLs up to seven.
const SITEMAP_PAGE_SIZE = 10_000;

export const sitemapRoutes = new Hono<AppEnv>()
  .get(
    '/',
    contract({
      tag: 'platform',
      summary:
        'What the sitemap lists: categories, brands, nutritionists, blood tests with the countries they are sold in, product page count',
      noDevice: true,
      response: sitemapIndexSchema,
      messages: [],
    }),
    async (c) => {
      const db = c.env.DB;
      const [count, categories, brands, nutritionists, bloodTests] = await db.batch([
        db.prepare('SELECT count(*) AS n FROM products WHERE is_active = 1'),
        db.prepare('SELECT id FROM categories ORDER BY sort_order, id'),
        db.prepare('SELECT id FROM brands ORDER BY id'),
        db.prepare('SELECT slug FROM nutritionists ORDER BY sort_order, id'),
        // A test is sold in a country when its default size has a price there (api/src/blood-tests/cards.ts).
        db.prepare(
          `SELECT t.slug, group_concat(pr.country) AS countries FROM blood_tests t
           LEFT JOIN blood_test_prices pr ON pr.sku_id = t.default_sku_id
           WHERE t.is_active = 1 GROUP BY t.id ORDER BY t.id`,
        ),
      ]);
      const n = (count!.results[0] as CountRow).n;
      return c.json(
        ok({
          product_pages: Math.max(1, Math.ceil(n / SITEMAP_PAGE_SIZE)),
          categories: (categories!.results as Array<{ id: number }>).map((r) => r.id),
          brands: (brands!.results as Array<{ id: number }>).map((r) => r.id),
          nutritionists: (nutritionists!.results as Array<{ slug: string }>).map((r) => r.slug),
          blood_tests: (bloodTests!.results as Array<{ slug: string; countries: string | null }>).map((r) => {
            const sold = r.countries?.split(',') ?? [];
            return { slug: r.slug, countries: COUNTRY_CODES.filter((c) => sold.includes(c)) };
          }),
        }),
      );
    },
  )
  .get(
    '/products/:page{[0-9]+}',
    contract({
      tag: 'platform',
      summary: 'One page of product slugs for the sitemap',
      params: pageParams,
      badParams: 'bad_request',
      noDevice: true,
      response: sitemapProductsSchema,
      messages: [],
    }),
    async (c) => {
      const { page } = c.req.valid('param');
      const { results } = await c.env.DB.prepare(
        'SELECT slug, created_at FROM products WHERE is_active = 1 ORDER BY id LIMIT ? OFFSET ?',
      )
        .bind(SITEMAP_PAGE_SIZE, (page - 1) * SITEMAP_PAGE_SIZE)
        .all<{ slug: string; created_at: number }>();
      return c.json(
        ok({
          items: results.map((r) => ({ slug: r.slug, updated: new Date(r.created_at).toISOString().slice(0, 10) })),
        }),
      );
    },
  );
