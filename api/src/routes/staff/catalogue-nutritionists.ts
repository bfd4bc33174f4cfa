// The back office's nutritionists and their recommended products.
import { Hono } from 'hono';
import { ok } from '#shared/api/envelope';
import type { AppEnv } from '#api/src/app-env';
import { contract } from '#api/src/contract/validate';
import { requireStaff } from '#api/src/middleware/staff';
import { changedFields } from '#api/src/staff/audit';
import { audit, commit, fieldError, notFound, rowBefore } from '#api/src/staff/catalogue-common';
import { assertMayChangeNutritionist, managesNutritionists } from '#api/src/staff/nutritionist-rights';
import { idParams } from '#shared/api/route-schemas';
import { can } from '#shared/staff/permissions';
import {
  changedRowSchema,
  nutritionistDetailSchema,
  nutritionistListPartSchema,
  nutritionistListSchema,
} from '#shared/api/staff-catalogue-responses';
import {
  nutritionistEditSchema,
  nutritionistListEditSchema,
  nutritionistListItemSchema,
} from '#shared/api/staff-catalogue-schemas';

export const staffNutritionistRoutes = new Hono<AppEnv>()
  .get(
    '/catalogue/nutritionists',
    contract({
      tag: 'staff',
      noDevice: true,
      summary: 'Every nutritionist',
      staff: 'nutritionists:read',
      response: nutritionistListSchema,
      messages: [],
    }),
    async (c) => {
      const { results } = await c.env.DB.prepare(
        `SELECT n.id, n.slug, n.name_en, n.name_ar, n.title_en, n.title_ar, n.sort_order,
         (SELECT count(*) FROM nutritionist_lists l WHERE l.nutritionist_id = n.id) AS lists
       FROM nutritionists n ORDER BY n.sort_order, n.id`,
      ).all();
      return c.json(ok({ nutritionists: results }));
    },
  )

  .get(
    '/catalogue/nutritionists/:id{[0-9]+}',
    contract({
      tag: 'staff',
      noDevice: true,
      params: idParams,
      summary: 'A nutritionist with their lists and the products on them',
      staff: 'nutritionists:read',
      response: nutritionistDetailSchema,
      messages: ['not_found'],
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      const db = c.env.DB;
      const owner = can((await requireStaff(c)).grants, 'staff:write');
      const [nutritionist, lists, items, accounts] = await db.batch([
        db.prepare('SELECT * FROM nutritionists WHERE id = ?').bind(id),
        db.prepare('SELECT * FROM nutritionist_lists WHERE nutritionist_id = ? ORDER BY sort_order, id').bind(id),
        db
          .prepare(
            `SELECT i.list_id, i.product_id, i.sort_order, p.name_en, p.name_ar FROM nutritionist_list_items i
             JOIN nutritionist_lists l ON l.id = i.list_id JOIN products p ON p.id = i.product_id
             WHERE l.nutritionist_id = ? ORDER BY i.list_id, i.sort_order`,
          )
          .bind(id),
        // The owner's choice of who practises as her (routes/staff/nutritionist-account.ts), in the same trip.
        db
          .prepare(
            `SELECT s.id, s.name, s.email FROM staff s WHERE ?1 AND s.active = 1 AND s.password_hash <> ''
             AND EXISTS (SELECT 1 FROM staff_roles r WHERE r.staff_id = s.id AND r.role = 'nutritionist')
           ORDER BY s.name, s.id`,
          )
          .bind(owner ? 1 : 0),
      ]);
      if (!nutritionist!.results[0]) throw notFound();
      const byList = new Map<number, unknown[]>();
      for (const item of items!.results as Array<{ list_id: number }>)
        byList.set(item.list_id, [...(byList.get(item.list_id) ?? []), item]);
      return c.json(
        ok({
          nutritionist: nutritionist!.results[0],
          lists: (lists!.results as Array<{ id: number }>).map((l) => ({ ...l, items: byList.get(l.id) ?? [] })),
          accounts: owner ? (accounts!.results as Array<{ id: number; name: string; email: string }>) : null,
        }),
      );
    },
  )

  .post(
    '/catalogue/nutritionists/:id{[0-9]+}',
    contract({
      tag: 'staff',
      noDevice: true,
      params: idParams,
      summary:
        "Edit a nutritionist's names, titles, biography, experience and sort order (her own, unless nutritionists:manage)",
      body: nutritionistEditSchema,
      staff: 'nutritionists:write',
      response: changedRowSchema,
      messages: ['not_found'],
    }),
    async (c) => {
      const member = await requireStaff(c);
      const { id } = c.req.valid('param');
      const input = c.req.valid('json');
      const db = c.env.DB;
      await assertMayChangeNutritionist(db, member, id);
      const before = await rowBefore<Record<string, unknown> & { sort_order: number }>(db, 'nutritionists', id);
      // Her place on the nutritionists' page is the catalogue's to set, not her own.
      const sortOrder = managesNutritionists(member) ? input.sort_order : before.sort_order;
      await commit(c, [
        db
          .prepare(
            `UPDATE nutritionists SET name_en = ?, name_ar = ?, title_en = ?, title_ar = ?, bio_en = ?, bio_ar = ?,
               years_experience = ?, sort_order = ? WHERE id = ?`,
          )
          .bind(
            input.name_en,
            input.name_ar,
            input.title_en,
            input.title_ar,
            input.bio_en,
            input.bio_ar,
            input.years_experience,
            sortOrder,
            id,
          ),
        audit(c, member, {
          action: 'nutritionist.edit',
          resource: 'nutritionist',
          resourceId: id,
          ...changedFields(before, { ...input, sort_order: sortOrder }),
        }),
      ]);
      return c.json(ok({ id }));
    },
  )

  .post(
    '/catalogue/nutritionist-lists/:id{[0-9]+}',
    contract({
      tag: 'staff',
      noDevice: true,
      params: idParams,
      summary: "Edit a nutritionist list's names and sort order (her own lists, unless nutritionists:manage)",
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
      const before = await rowBefore<Record<string, unknown> & { nutritionist_id: number }>(
        db,
        'nutritionist_lists',
        id,
      );
      await assertMayChangeNutritionist(db, member, before.nutritionist_id);
      await commit(c, [
        db
          .prepare('UPDATE nutritionist_lists SET name_en = ?, name_ar = ?, sort_order = ? WHERE id = ?')
          .bind(input.name_en, input.name_ar, input.sort_order, id),
        audit(c, member, {
          action: 'nutritionist_list.edit',
          resource: 'nutritionist_list',
          resourceId: id,
          ...changedFields(before, input),
        }),
      ]);
      return c.json(ok({ id, nutritionist_id: before.nutritionist_id }));
    },
  )

  .post(
    '/catalogue/nutritionist-lists/:id{[0-9]+}/items',
    contract({
      tag: 'staff',
      noDevice: true,
      params: idParams,
      summary: 'Add a product to a nutritionist list, or take one off (her own lists, unless nutritionists:manage)',
      body: nutritionistListItemSchema,
      staff: 'nutritionists:write',
      response: nutritionistListPartSchema,
      messages: ['not_found'],
    }),
    async (c) => {
      const member = await requireStaff(c);
      const { id } = c.req.valid('param');
      const input = c.req.valid('json');
      const db = c.env.DB;
      const [list, product] = await db.batch([
        db.prepare('SELECT id, nutritionist_id FROM nutritionist_lists WHERE id = ?').bind(id),
        db.prepare('SELECT id FROM products WHERE id = ?').bind(input.add_product_id ?? 0),
      ]);
      const row = list!.results[0] as { nutritionist_id: number } | undefined;
      if (!row) throw notFound();
      await assertMayChangeNutritionist(db, member, row.nutritionist_id);
      if (input.add_product_id !== undefined && !product!.results[0])
        throw fieldError('add_product_id', 'item_validation_error');
      const statements: D1PreparedStatement[] = [];
      if (input.add_product_id !== undefined)
        statements.push(
          db
            .prepare(
              `INSERT OR IGNORE INTO nutritionist_list_items (list_id, product_id, sort_order)
               VALUES (?1, ?2, coalesce((SELECT max(sort_order) + 1 FROM nutritionist_list_items WHERE list_id = ?1), 0))`,
            )
            .bind(id, input.add_product_id),
        );
      if (input.remove_product_id !== undefined)
        statements.push(
          db
            .prepare('DELETE FROM nutritionist_list_items WHERE list_id = ? AND product_id = ?')
            .bind(id, input.remove_product_id),
        );
      await commit(c, [
        ...statements,
        audit(c, member, {
          action: 'nutritionist_list.items',
          resource: 'nutritionist_list',
          resourceId: id,
          after: { add: input.add_product_id ?? null, remove: input.remove_product_id ?? null },
        }),
      ]);
      return c.json(ok({ id, nutritionist_id: row.nutritionist_id }));
    },
  );
