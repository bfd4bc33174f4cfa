// Adding and deleting categories and brands in the back office: one that still has products or
// subcategories stays, with its message key.
import { Hono } from 'hono';
import { ok } from '#shared/api/envelope';
import type { AppEnv } from '#api/src/app-env';
import { contract } from '#api/src/contract/validate';
import { requireStaff } from '#api/src/middleware/staff';
import { checkedImage, storeRenditions } from '#api/src/media/upload';
import { storedKeys } from '#api/src/media/renditions';
import { audit, commit, fieldError, notFound } from '#api/src/staff/catalogue-common';
import { freeSlug, inUse, nextId, retryingConflicts } from '#api/src/staff/catalogue-create-common';
import { categoryCreateSchema, deleteSchema, brandCreateSchema } from '#shared/api/staff-catalogue-schemas';
import { idParams } from '#shared/api/route-schemas';
import { addedWithSlugSchema, changedRowSchema } from '#shared/api/staff-catalogue-responses';

export const staffCreateTaxonomyRoutes = new Hono<AppEnv>()
  .post(
    '/catalogue/categories',
    contract({
      tag: 'staff',
      noDevice: true,
      summary: 'Add a category, top-level or under a top-level one',
      body: categoryCreateSchema,
      staff: 'catalogue:write',
      response: addedWithSlugSchema,
      messages: [],
    }),
    async (c) => {
      const member = await requireStaff(c);
      const input = c.req.valid('json');
      const db = c.env.DB;
      if (input.parent_id !== null) {
        // Two levels, as the shop's menus show them: a subcategory sits under a top-level category.
        const parent = await db
          .prepare('SELECT parent_id FROM categories WHERE id = ?')
          .bind(input.parent_id)
          .first<{ parent_id: number | null }>();
        if (!parent || parent.parent_id !== null) throw fieldError('parent_id', 'category_parent_invalid');
      }
      const created = await retryingConflicts(async () => {
        const id = (await nextId(db, 'categories').first<{ id: number }>())!.id;
        const slug = await freeSlug(db, 'categories', input.name_en, `category-${id}`);
        await commit(c, [
          db
            .prepare(
              'INSERT INTO categories (id, parent_id, slug, name_en, name_ar, color, sort_order) VALUES (?, ?, ?, ?, ?, ?, ?)',
            )
            .bind(id, input.parent_id, slug, input.name_en, input.name_ar, input.color, input.sort_order),
          audit(c, member, {
            action: 'category.create',
            resource: 'category',
            resourceId: id,
            after: { slug, ...input },
          }),
        ]);
        return { id, slug };
      });
      return c.json(ok(created));
    },
  )

  .post(
    '/catalogue/categories/:id{[0-9]+}/delete',
    contract({
      tag: 'staff',
      noDevice: true,
      params: idParams,
      summary: 'Delete a category with no products and no subcategories (409 category_in_use)',
      body: deleteSchema,
      staff: 'catalogue:write',
      response: changedRowSchema,
      messages: ['not_found', 'category_in_use'],
    }),
    async (c) => {
      const member = await requireStaff(c);
      const { id } = c.req.valid('param');
      const db = c.env.DB;
      const [category, products, children] = await db.batch([
        db.prepare('SELECT * FROM categories WHERE id = ?').bind(id),
        db.prepare('SELECT count(*) AS n FROM products WHERE category_id = ?').bind(id),
        db.prepare('SELECT count(*) AS n FROM categories WHERE parent_id = ?').bind(id),
      ]);
      const before = category!.results[0];
      if (!before) throw notFound();
      const counts = {
        products: (products!.results[0] as { n: number }).n,
        subcategories: (children!.results[0] as { n: number }).n,
      };
      if (counts.products || counts.subcategories) throw inUse('category_in_use', counts);
      await commit(c, [
        db.prepare('DELETE FROM categories WHERE id = ?').bind(id),
        audit(c, member, { action: 'category.delete', resource: 'category', resourceId: id, before }),
      ]);
      return c.json(ok({ id }));
    },
  )

  .post(
    '/catalogue/brands',
    contract({
      tag: 'staff',
      noDevice: true,
      summary: 'Add a brand with its logo (JPEG, PNG or WebP, judged by content)',
      body: brandCreateSchema,
      staff: 'catalogue:write',
      response: addedWithSlugSchema,
      messages: ['image_type_unsupported', 'image_too_large'],
    }),
    async (c) => {
      const member = await requireStaff(c);
      const { logo, ...input } = c.req.valid('json');
      const image = checkedImage(logo);
      const db = c.env.DB;
      const created = await retryingConflicts(async () => {
        const id = (await nextId(db, 'brands').first<{ id: number }>())!.id;
        let slug = await freeSlug(db, 'brands', input.name_en, `brand-${id}`);
        // A logo lives at brands/<slug> (api/src/media/refs.ts) and is cached for a year: never store a
        // new one over the files of a brand deleted earlier under the same slug.
        while ((await c.env.MEDIA.head(storedKeys('logo', `brands/${slug}`)[0]!)) !== null) slug = `${slug}-${id}`;
        await storeRenditions(c.env, 'logo', `brands/${slug}`, image);
        await commit(c, [
          db
            .prepare(
              `INSERT INTO brands (id, slug, name_en, name_ar, color, description_en, description_ar, is_featured, sort_order)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
            )
            .bind(
              id,
              slug,
              input.name_en,
              input.name_ar,
              input.color,
              input.description_en,
              input.description_ar,
              input.is_featured ? 1 : 0,
              input.sort_order,
            ),
          audit(c, member, {
            action: 'brand.create',
            resource: 'brand',
            resourceId: id,
            after: {
              slug,
              ...input,
              is_featured: input.is_featured ? 1 : 0,
              logo: { type: image.type, width: image.width, height: image.height },
            },
          }),
        ]);
        return { id, slug };
      });
      return c.json(ok(created));
    },
  )

  .post(
    '/catalogue/brands/:id{[0-9]+}/delete',
    contract({
      tag: 'staff',
      noDevice: true,
      params: idParams,
      summary: 'Delete a brand with no products (409 brand_in_use)',
      body: deleteSchema,
      staff: 'catalogue:write',
      response: changedRowSchema,
      messages: ['not_found', 'brand_in_use'],
    }),
    async (c) => {
      const member = await requireStaff(c);
      const { id } = c.req.valid('param');
      const db = c.env.DB;
      const [brand, products] = await db.batch([
        db.prepare('SELECT * FROM brands WHERE id = ?').bind(id),
        db.prepare('SELECT count(*) AS n FROM products WHERE brand_id = ?').bind(id),
      ]);
      const before = brand!.results[0];
      if (!before) throw notFound();
      const count = (products!.results[0] as { n: number }).n;
      if (count) throw inUse('brand_in_use', { products: count });
      // The logo's files stay in R2, so its slug is never given to another brand's logo (see above).
      await commit(c, [
        db.prepare('DELETE FROM brands WHERE id = ?').bind(id),
        audit(c, member, { action: 'brand.delete', resource: 'brand', resourceId: id, before }),
      ]);
      return c.json(ok({ id }));
    },
  );
