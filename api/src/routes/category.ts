import { Hono } from 'hono';
import { ok } from '#shared/api/envelope';
import type { Category } from '#shared/catalogue/types';
import { categoryRowSchema, categorySchema } from '#shared/catalogue/schemas';
import { z } from '#shared/zod';
import { col } from '../lib/lang';
import { ApiError } from '../lib/errors';
import { idOrSlug } from '../lib/params';
import { contract } from '../contract/validate';
import type { AppEnv } from '../app-env';
import { categoryListQuery, refParams } from '#shared/api/route-schemas';

type Row = Omit<Category, 'children'>;

function tree(rows: Row[]): Category[] {
  const top = rows.filter((r) => r.parent_id === null).map((r) => ({ ...r, children: [] as Category[] }));
  for (const r of rows) top.find((t) => t.id === r.parent_id)?.children.push(r);
  // A parent's count includes its children's products.
  for (const t of top)
    t.product_count = (t.product_count ?? 0) + t.children.reduce((n, ch) => n + (ch.product_count ?? 0), 0);
  return top;
}

const SELECT = (lang: 'en' | 'ar') => `SELECT c.id, c.parent_id, c.slug, c.${col('name', lang)} AS name, c.color,
  (SELECT count(*) FROM products p WHERE p.category_id = c.id AND p.is_active = 1) AS product_count
  FROM categories c`;

export const categoryRoutes = new Hono<AppEnv>()
  .get(
    '/',
    contract({
      tag: 'catalogue',
      summary: 'Category tree',
      query: categoryListQuery,
      response: z.object({ items: z.array(categorySchema) }),
      messages: [],
    }),
    async (c) => {
      const { results } = await c.env.DB.prepare(`${SELECT(c.var.lang)} ORDER BY c.sort_order, c.id`).all<Row>();
      const includes = (c.req.valid('query').includes ?? 'children').split(',');
      const items = includes.includes('children') ? tree(results) : results.filter((r) => r.parent_id === null);
      return c.json(ok({ items }));
    },
  )
  .get(
    '/:ref',
    contract({
      tag: 'catalogue',
      summary: 'One category with its parent and children, by id or slug',
      params: refParams,
      response: categoryRowSchema.extend({
        product_count: z.int(),
        children: z.array(categoryRowSchema),
        parent: categoryRowSchema.nullable(),
      }),
      messages: [],
    }),
    async (c) => {
      const ref = idOrSlug(c.req.valid('param').ref);
      const { results } = await c.env.DB.prepare(
        `${SELECT(c.var.lang)} WHERE c.id = (SELECT id FROM categories WHERE slug = ?1 OR id = ?2)
         OR c.parent_id = (SELECT id FROM categories WHERE slug = ?1 OR id = ?2)
         OR c.id = (SELECT parent_id FROM categories WHERE slug = ?1 OR id = ?2)
       ORDER BY c.sort_order, c.id`,
      )
        .bind(ref.slug, ref.id ?? -1)
        .all<Row>();
      const self = results.find((r) => r.slug === ref.slug || r.id === ref.id);
      if (!self) throw new ApiError(404, 'not_found');
      const children = results.filter((r) => r.parent_id === self.id);
      const parent = results.find((r) => r.id === self.parent_id) ?? null;
      const product_count = (self.product_count ?? 0) + children.reduce((n, ch) => n + (ch.product_count ?? 0), 0);
      return c.json(ok({ ...self, product_count, children, parent }));
    },
  );
