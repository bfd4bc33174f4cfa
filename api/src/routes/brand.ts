import { Hono, type Context } from 'hono';
import { ok } from '#shared/api/envelope';
import { col } from '../lib/lang';
import { ApiError } from '../lib/errors';
import { idOrSlug, paged } from '../lib/params';
import { contract } from '../contract/validate';
import type { BrandListInput } from '#shared/api/route-schemas';
import type { AppEnv } from '../app-env';
import type { BrandRow, CountRow, InLanguage } from '../db/rows';
import { brandLogo } from '../media/refs';
import { brandSchema, pageSchema } from '#shared/catalogue/schemas';
import { z } from '#shared/zod';

/** A brand as these routes answer it: always with its count of active products. */
const brandAnswer = brandSchema.extend({ product_count: z.int() });
import { brandListSchema, pageParams, refParams } from '#shared/api/route-schemas';

const PER_PAGE = 24;

const SELECT = (
  lang: 'en' | 'ar',
) => `SELECT b.id, b.slug, b.${col('name', lang)} AS name, b.color, b.${col('description', lang)} AS description,
  b.is_featured, (SELECT count(*) FROM products p WHERE p.brand_id = b.id AND p.is_active = 1) AS product_count,
  (SELECT coalesce(sum(p.popularity), 0) FROM products p WHERE p.brand_id = b.id) AS popularity
  FROM brands b`;

/** What SELECT reads: a brand in the request's language, with its product count and popularity. */
type BrandListRow = Omit<InLanguage<BrandRow, 'name' | 'description'>, 'sort_order'> & {
  product_count: number;
  popularity: number;
};

function toBrand(r: BrandListRow) {
  const { popularity: _popularity, ...rest } = r;
  return { ...rest, is_featured: r.is_featured === 1, logo: brandLogo(r.slug, r.name) };
}

async function list(c: Context<AppEnv>, { sort }: BrandListInput, page: number) {
  const dir = sort?.value === 'desc' ? 'DESC' : 'ASC';
  const order = {
    name: `name ${dir}`,
    popularity: `popularity ${sort ? dir : 'DESC'}`,
    products: `product_count ${sort ? dir : 'DESC'}`,
  }[sort?.key ?? 'name'];
  const [count, rows] = await c.env.DB.batch([
    c.env.DB.prepare('SELECT count(*) AS n FROM brands'),
    c.env.DB.prepare(`${SELECT(c.var.lang)} ORDER BY ${order}, b.id LIMIT ? OFFSET ?`).bind(
      PER_PAGE,
      (page - 1) * PER_PAGE,
    ),
  ]);
  return c.json(
    ok(paged((rows!.results as BrandListRow[]).map(toBrand), page, PER_PAGE, (count!.results[0] as CountRow).n)),
  );
}

export const brandRoutes = new Hono<AppEnv>()
  .get(
    '/',
    contract({
      tag: 'catalogue',
      summary: 'All brands',
      response: z.object({ items: z.array(brandAnswer) }),
      messages: [],
    }),
    async (c) => {
      const { results } = await c.env.DB.prepare(`${SELECT(c.var.lang)} ORDER BY name`).all<BrandListRow>();
      return c.json(ok({ items: results.map(toBrand) }));
    },
  )
  .post(
    '/list',
    contract({
      tag: 'catalogue',
      summary: 'Brands, sorted and paged (first page)',
      body: brandListSchema,
      response: pageSchema(brandAnswer),
      messages: [],
    }),
    (c) => list(c, c.req.valid('json'), 1),
  )
  .post(
    '/list/:page{[0-9]+}',
    contract({
      tag: 'catalogue',
      summary: 'Brands, a later page',
      body: brandListSchema,
      params: pageParams,
      badParams: 'bad_request',
      response: pageSchema(brandAnswer),
      messages: [],
    }),
    (c) => list(c, c.req.valid('json'), c.req.valid('param').page),
  )
  .get(
    '/:ref',
    contract({
      tag: 'catalogue',
      summary: 'One brand by id or slug',
      params: refParams,
      response: brandAnswer,
      messages: [],
    }),
    async (c) => {
      const ref = idOrSlug(c.req.valid('param').ref);
      const row = await c.env.DB.prepare(`${SELECT(c.var.lang)} WHERE b.slug = ? OR b.id = ?`)
        .bind(ref.slug, ref.id ?? -1)
        .first<BrandListRow>();
      if (!row) throw new ApiError(404, 'not_found');
      return c.json(ok(toBrand(row)));
    },
  );
