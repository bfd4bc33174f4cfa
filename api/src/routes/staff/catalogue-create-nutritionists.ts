// Adding and removing nutritionists and their recommended products in the back office.
import { Hono } from 'hono';
import { ok } from '#shared/api/envelope';
import type { AppEnv } from '#api/src/app-env';
import { contract } from '#api/src/contract/validate';
import { ApiError } from '#api/src/lib/errors';
import { requireStaff } from '#api/src/middleware/staff';
import { checkedImage, storeRenditions } from '#api/src/media/upload';
import { storedKeys } from '#api/src/media/renditions';
import { audit, commit, notFound } from '#api/src/staff/catalogue-common';
import { assertMayChangeNutritionist } from '#api/src/staff/nutritionist-rights';
import { forgetMedia, freeSlug, imageKeys, nextId, retryingConflicts } from '#api/src/staff/catalogue-create-common';
import {
  nutritionistCreateSchema,
  deleteSchema,
  nutritionistListEditSchema,
  productImageEditSchema,
} from '#shared/api/staff-catalogue-schemas';
import { idParams } from '#shared/api/route-schemas';
import {
  addedWithSlugSchema,
  changedRowSchema,
  nutritionistListPartSchema,
  productPartSchema,
} from '#shared/api/staff-catalogue-responses';

export const staffCreateNutritionistRoutes = new Hono<AppEnv>()
  .post(
    '/catalogue/nutritionists',
    contract({
      tag: 'staff',
      noDevice: true,
      summary: 'Add a nutritionist with their portrait (JPEG, PNG or WebP, judged by content)',
      body: nutritionistCreateSchema,
      staff: 'nutritionists:manage',
      response: addedWithSlugSchema,
      messages: ['image_type_unsupported', 'image_too_large'],
    }),
    async (c) => {
      const member = await requireStaff(c);
      const { photo, ...input } = c.req.valid('json');
      const image = checkedImage(photo);
      const db = c.env.DB;
      // A new stem per upload, like product photographs: stored keys never change content.
      const stem = `nutritionists/u${Date.now().toString(36)}${crypto.randomUUID().slice(0, 4)}`;
      await storeRenditions(c.env, 'portrait', stem, image);
      const created = await retryingConflicts(async () => {
        const id = (await nextId(db, 'nutritionists').first<{ id: number }>())!.id;
        const slug = await freeSlug(db, 'nutritionists', input.name_en, `nutritionist-${id}`);
        await commit(c, [
          db
            .prepare(
              `INSERT INTO nutritionists (id, slug, name_en, name_ar, title_en, title_ar, bio_en, bio_ar, photo_key, years_experience, sort_order)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
            )
            .bind(
              id,
              slug,
              input.name_en,
              input.name_ar,
              input.title_en,
              input.title_ar,
              input.bio_en,
              input.bio_ar,
              stem,
              input.years_experience,
              input.sort_order,
            ),
          audit(c, member, {
            action: 'nutritionist.create',
            resource: 'nutritionist',
            resourceId: id,
            after: { slug, ...input, photo_key: stem },
          }),
        ]);
        return { id, slug };
      });
      return c.json(ok(created));
    },
  )

  .post(
    '/catalogue/nutritionists/:id{[0-9]+}/delete',
    contract({
      tag: 'staff',
      noDevice: true,
      params: idParams,
      summary:
        "Delete a nutritionist and their lists, unless the home page's banner shows them (409 nutritionist_featured)",
      body: deleteSchema,
      staff: 'nutritionists:manage',
      response: changedRowSchema,
      messages: ['not_found', 'nutritionist_featured'],
    }),
    async (c) => {
      const member = await requireStaff(c);
      const { id } = c.req.valid('param');
      const db = c.env.DB;
      const [nutritionist, featured] = await db.batch([
        db.prepare('SELECT * FROM nutritionists WHERE id = ?').bind(id),
        db
          .prepare(
            "SELECT count(*) AS n FROM home_sections WHERE type = 'nutritionist_banner' AND json_extract(payload, '$.nutritionist_id') = ?",
          )
          .bind(id),
      ]);
      const before = nutritionist!.results[0] as { photo_key: string } | undefined;
      if (!before) throw notFound();
      // The home page's nutritionist banner shows one: it stays until the banner shows another.
      if ((featured!.results[0] as { n: number }).n) throw new ApiError(409, 'nutritionist_featured');
      await commit(c, [
        db
          .prepare(
            'DELETE FROM nutritionist_list_items WHERE list_id IN (SELECT id FROM nutritionist_lists WHERE nutritionist_id = ?)',
          )
          .bind(id),
        db.prepare('DELETE FROM nutritionist_lists WHERE nutritionist_id = ?').bind(id),
        db.prepare('DELETE FROM nutritionists WHERE id = ?').bind(id),
        audit(c, member, { action: 'nutritionist.delete', resource: 'nutritionist', resourceId: id, before }),
      ]);
      // Uploaded portraits only: the seed's own portraits may serve another seeded row.
      if (before.photo_key.startsWith('nutritionists/u'))
        await forgetMedia(c, storedKeys('portrait', before.photo_key));
      return c.json(ok({ id }));
    },
  )

  .post(
    '/catalogue/nutritionists/:id{[0-9]+}/lists',
    contract({
      tag: 'staff',
      noDevice: true,
      params: idParams,
      summary: 'Add a list to a nutritionist (her own, unless nutritionists:manage)',
      body: nutritionistListEditSchema,
      staff: 'nutritionists:write',
      response: nutritionistListPartSchema,
      messages: ['not_found'],
    }),
    async (c) => {
      const member = await requireStaff(c);
      const { id } = c.req.valid('param');
      const input = c.req.valid('json');
      const db = c.env.DB;
      if (!(await db.prepare('SELECT id FROM nutritionists WHERE id = ?').bind(id).first())) throw notFound();
      await assertMayChangeNutritionist(db, member, id);
      const listId = await retryingConflicts(async () => {
        const next = (await nextId(db, 'nutritionist_lists').first<{ id: number }>())!.id;
        await commit(c, [
          db
            .prepare(
              'INSERT INTO nutritionist_lists (id, nutritionist_id, name_en, name_ar, sort_order) VALUES (?, ?, ?, ?, ?)',
            )
            .bind(next, id, input.name_en, input.name_ar, input.sort_order),
          audit(c, member, {
            action: 'nutritionist_list.create',
            resource: 'nutritionist_list',
            resourceId: next,
            after: { nutritionist_id: id, ...input },
          }),
        ]);
        return next;
      });
      return c.json(ok({ id: listId, nutritionist_id: id }));
    },
  )

  .post(
    '/catalogue/nutritionist-lists/:id{[0-9]+}/delete',
    contract({
      tag: 'staff',
      noDevice: true,
      params: idParams,
      summary: 'Delete a nutritionist list, her own unless nutritionists:manage (its products stay in the catalogue)',
      body: deleteSchema,
      staff: 'nutritionists:write',
      response: nutritionistListPartSchema,
      messages: ['not_found'],
    }),
    async (c) => {
      const member = await requireStaff(c);
      const { id } = c.req.valid('param');
      const db = c.env.DB;
      const [list, items] = await db.batch([
        db.prepare('SELECT * FROM nutritionist_lists WHERE id = ?').bind(id),
        db.prepare('SELECT product_id FROM nutritionist_list_items WHERE list_id = ? ORDER BY sort_order').bind(id),
      ]);
      const before = list!.results[0] as { nutritionist_id: number } | undefined;
      if (!before) throw notFound();
      await assertMayChangeNutritionist(db, member, before.nutritionist_id);
      await commit(c, [
        db.prepare('DELETE FROM nutritionist_list_items WHERE list_id = ?').bind(id),
        db.prepare('DELETE FROM nutritionist_lists WHERE id = ?').bind(id),
        audit(c, member, {
          action: 'nutritionist_list.delete',
          resource: 'nutritionist_list',
          resourceId: id,
          before: { ...before, products: (items!.results as Array<{ product_id: number }>).map((i) => i.product_id) },
        }),
      ]);
      return c.json(ok({ id, nutritionist_id: before.nutritionist_id }));
    },
  )

  .post(
    '/catalogue/product-images/:id{[0-9]+}',
    contract({
      tag: 'staff',
      noDevice: true,
      params: idParams,
      summary: 'Show a product picture first, or remove it (a shown product keeps one: 409 image_last)',
      body: productImageEditSchema,
      staff: 'catalogue:write',
      response: productPartSchema,
      messages: ['not_found', 'image_last'],
    }),
    async (c) => {
      const member = await requireStaff(c);
      const { id } = c.req.valid('param');
      const { action } = c.req.valid('json');
      const db = c.env.DB;
      const image = await db
        .prepare(
          `SELECT i.id, i.product_id, i.r2_key, i.sort_order, p.is_active,
             (SELECT count(*) FROM product_images o WHERE o.product_id = i.product_id) AS images,
             (SELECT min(sort_order) FROM product_images o WHERE o.product_id = i.product_id) AS first
           FROM product_images i JOIN products p ON p.id = i.product_id WHERE i.id = ?`,
        )
        .bind(id)
        .first<{
          product_id: number;
          r2_key: string;
          sort_order: number;
          is_active: number;
          images: number;
          first: number;
        }>();
      if (!image) throw notFound();
      // A shown product keeps a picture: cards and its page would otherwise show an empty frame.
      if (action === 'remove' && image.images <= 1 && image.is_active) throw new ApiError(409, 'image_last');
      await commit(c, [
        action === 'remove'
          ? db.prepare('DELETE FROM product_images WHERE id = ?').bind(id)
          : db.prepare('UPDATE product_images SET sort_order = ? WHERE id = ?').bind(image.first - 1, id),
        audit(c, member, {
          action: action === 'remove' ? 'product.image_remove' : 'product.image_first',
          resource: 'product',
          resourceId: image.product_id,
          before: { image: image.r2_key, sort_order: image.sort_order },
        }),
      ]);
      if (action === 'remove') await forgetMedia(c, imageKeys([image.r2_key]));
      return c.json(ok({ id, product_id: image.product_id }));
    },
  );
