// The back office's categories, brands and home sections: names, descriptions and order, with the
// search index columns that repeat their names kept in step.
import { Hono } from 'hono';
import { ok } from '#shared/api/envelope';
import type { AppEnv } from '#api/src/app-env';
import { contract } from '#api/src/contract/validate';
import { requireStaff } from '#api/src/middleware/staff';
import { changedFields } from '#api/src/staff/audit';
import { searchBrand, searchCategory } from '#api/src/catalogue/maintain';
import { type CategoryRow, audit, commit, notFound, rowBefore } from '#api/src/staff/catalogue-common';
import { idParams } from '#shared/api/route-schemas';
import {
  brandListSchema,
  categoryListSchema,
  changedRowSchema,
  homeSectionListSchema,
} from '#shared/api/staff-catalogue-responses';
import { categoryEditSchema, brandEditSchema, homeSectionEditSchema } from '#shared/api/staff-catalogue-schemas';

export const staffTaxonomyRoutes = new Hono<AppEnv>()
  .get(
    '/catalogue/categories',
    contract({
      tag: 'staff',
      noDevice: true,
      summary: 'Every category',
      staff: 'catalogue:read',
      response: categoryListSchema,
      messages: [],
    }),
    async (c) => {
      const { results } = await c.env.DB.prepare(
        `SELECT c.*, (SELECT count(*) FROM products p WHERE p.category_id = c.id) AS products
       FROM categories c ORDER BY coalesce(c.parent_id, c.id), c.parent_id IS NOT NULL, c.sort_order`,
      ).all();
      return c.json(ok({ categories: results }));
    },
  )

  .post(
    '/catalogue/categories/:id{[0-9]+}',
    contract({
      tag: 'staff',
      noDevice: true,
      params: idParams,
      summary: "Edit a category's names and sort order",
      body: categoryEditSchema,
      staff: 'catalogue:write',
      response: changedRowSchema,
      messages: ['not_found'],
    }),
    async (c) => {
      const member = await requireStaff(c);
      const { id } = c.req.valid('param');
      const input = c.req.valid('json');
      const db = c.env.DB;
      const all = new Map(
        (await db.prepare('SELECT * FROM categories').all<CategoryRow>()).results.map((r) => [r.id, r] as const),
      );
      const before = all.get(id);
      if (!before) throw notFound();
      all.set(id, { ...before, ...input });
      // The search index's category column holds the category's and its parent's names: rewrite it for
      // this category's products and for its children's.
      const affected = [...all.values()].filter((r) => r.id === id || r.parent_id === id);
      await commit(c, [
        db
          .prepare('UPDATE categories SET name_en = ?, name_ar = ?, sort_order = ? WHERE id = ?')
          .bind(input.name_en, input.name_ar, input.sort_order, id),
        ...affected.map((r) =>
          db
            .prepare(
              'UPDATE product_search SET category = ? WHERE rowid IN (SELECT id FROM products WHERE category_id = ?)',
            )
            .bind(searchCategory(r, r.parent_id ? (all.get(r.parent_id) ?? null) : null), r.id),
        ),
        audit(c, member, {
          action: 'category.edit',
          resource: 'category',
          resourceId: id,
          ...changedFields(before as unknown as Record<string, unknown>, input),
        }),
      ]);
      return c.json(ok({ id }));
    },
  )

  .get(
    '/catalogue/brands',
    contract({
      tag: 'staff',
      noDevice: true,
      summary: 'Every brand',
      staff: 'catalogue:read',
      response: brandListSchema,
      messages: [],
    }),
    async (c) => {
      const { results } = await c.env.DB.prepare(
        `SELECT b.*, (SELECT count(*) FROM products p WHERE p.brand_id = b.id) AS products FROM brands b ORDER BY b.sort_order, b.name_en`,
      ).all();
      return c.json(ok({ brands: results }));
    },
  )

  .post(
    '/catalogue/brands/:id{[0-9]+}',
    contract({
      tag: 'staff',
      noDevice: true,
      params: idParams,
      summary: "Edit a brand's names, descriptions, featured flag and sort order",
      body: brandEditSchema,
      staff: 'catalogue:write',
      response: changedRowSchema,
      messages: ['not_found'],
    }),
    async (c) => {
      const member = await requireStaff(c);
      const { id } = c.req.valid('param');
      const input = c.req.valid('json');
      const db = c.env.DB;
      const before = await rowBefore(db, 'brands', id);
      const after = { ...input, is_featured: input.is_featured ? 1 : 0 };
      await commit(c, [
        db
          .prepare(
            'UPDATE brands SET name_en = ?, name_ar = ?, description_en = ?, description_ar = ?, is_featured = ?, sort_order = ? WHERE id = ?',
          )
          .bind(
            after.name_en,
            after.name_ar,
            after.description_en,
            after.description_ar,
            after.is_featured,
            after.sort_order,
            id,
          ),
        db
          .prepare('UPDATE product_search SET brand = ? WHERE rowid IN (SELECT id FROM products WHERE brand_id = ?)')
          .bind(searchBrand(after), id),
        audit(c, member, { action: 'brand.edit', resource: 'brand', resourceId: id, ...changedFields(before, after) }),
      ]);
      return c.json(ok({ id }));
    },
  )

  .get(
    '/catalogue/home-sections',
    contract({
      tag: 'staff',
      noDevice: true,
      summary: 'The home page sections and banners',
      staff: 'catalogue:read',
      response: homeSectionListSchema,
      messages: [],
    }),
    async (c) => {
      const { results } = await c.env.DB.prepare('SELECT * FROM home_sections ORDER BY sort_order, id').all();
      return c.json(ok({ sections: results }));
    },
  )

  .post(
    '/catalogue/home-sections/:id{[0-9]+}',
    contract({
      tag: 'staff',
      noDevice: true,
      params: idParams,
      summary: "Edit a home section's titles, sort order and active flag",
      body: homeSectionEditSchema,
      staff: 'catalogue:write',
      response: changedRowSchema,
      messages: ['not_found'],
    }),
    async (c) => {
      const member = await requireStaff(c);
      const { id } = c.req.valid('param');
      const input = c.req.valid('json');
      const db = c.env.DB;
      const before = await rowBefore(db, 'home_sections', id);
      const after = { ...input, is_active: input.is_active ? 1 : 0 };
      await commit(c, [
        db
          .prepare('UPDATE home_sections SET title_en = ?, title_ar = ?, sort_order = ?, is_active = ? WHERE id = ?')
          .bind(after.title_en, after.title_ar, after.sort_order, after.is_active, id),
        audit(c, member, {
          action: 'home_section.edit',
          resource: 'home_section',
          resourceId: id,
          ...changedFields(before, after),
        }),
      ]);
      return c.json(ok({ id }));
    },
  );
