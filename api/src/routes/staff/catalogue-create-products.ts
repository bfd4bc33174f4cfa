// Adding products (with their first SKU) and SKUs in the back office, and deleting them: a product or
// SKU that was ever ordered stays (hide it instead: orders, refunds and reports point at it).
import { otherShardsStatement, soldInShards } from '#api/src/catalogue/import/revert';
import { Hono } from 'hono';
import { ok } from '#shared/api/envelope';
import type { AppEnv } from '#api/src/app-env';
import { contract } from '#api/src/contract/validate';
import { ApiError } from '#api/src/lib/errors';
import { requireStaff } from '#api/src/middleware/staff';
import { denormaliseProduct, searchRowStatement } from '#api/src/catalogue/maintain';
import { removeProductsStatements, removeSkusStatements } from '#api/src/catalogue/remove';
import { audit, commit, notFound } from '#api/src/staff/catalogue-common';
import {
  brandAndCategory,
  forgetMedia,
  freeSlug,
  imageKeys,
  inUse,
  insertSku,
  nextId,
  retryingConflicts,
  skuAudit,
} from '#api/src/staff/catalogue-create-common';
import { productCreateSchema, skuCreateSchema, deleteSchema } from '#shared/api/staff-catalogue-schemas';
import { basePriceRefused } from '#shared/catalogue/price-rights';
import { idParams } from '#shared/api/route-schemas';
import { addedProductSchema, changedRowSchema, productPartSchema } from '#shared/api/staff-catalogue-responses';

export const staffCreateProductRoutes = new Hono<AppEnv>()
  .post(
    '/catalogue/products',
    contract({
      tag: 'staff',
      noDevice: true,
      summary:
        'Add a product with its first SKU; it stays hidden from shoppers until shown. Its price is a base price: catalogue:write in the home country and every converted one',
      body: productCreateSchema,
      staff: 'catalogue:write',
      response: addedProductSchema,
      messages: [],
    }),
    async (c) => {
      const member = await requireStaff(c);
      // Its first size's price is what the home country and every converted country will pay.
      if (basePriceRefused(member.grants).length) throw new ApiError(403, 'forbidden');
      const input = c.req.valid('json');
      const db = c.env.DB;
      const { brand, category, parent } = await brandAndCategory(db, input.brand_id, input.category_id);
      const created = await retryingConflicts(async () => {
        const [product, sku] = await db.batch([nextId(db, 'products'), nextId(db, 'skus')]);
        const id = (product!.results[0] as { id: number }).id;
        const skuId = (sku!.results[0] as { id: number }).id;
        const slug = await freeSlug(db, 'products', input.name_en, `product-${id}`);
        await commit(c, [
          // Hidden until a manager shows it (after adding a picture); its listing columns are its one SKU's.
          db
            .prepare(
              `INSERT INTO products (id, slug, brand_id, category_id, name_en, name_ar, description_en, description_ar,
               default_sku_id, is_active, created_at, min_price, max_discount, in_stock)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, 0, 0, 0)`,
            )
            .bind(
              id,
              slug,
              input.brand_id,
              input.category_id,
              input.name_en,
              input.name_ar,
              input.description_en,
              input.description_ar,
              skuId,
              Date.now(),
            ),
          insertSku(db, skuId, id, input, '0'),
          ...denormaliseProduct(db, id),
          db
            .prepare(
              "INSERT INTO product_search (rowid, name, brand, category, ingredients, tags) VALUES (?, '', '', '', '', '')",
            )
            .bind(id),
          searchRowStatement(db, id, input, brand, category, parent),
          audit(c, member, {
            action: 'product.create',
            resource: 'product',
            resourceId: id,
            after: {
              slug,
              name_en: input.name_en,
              name_ar: input.name_ar,
              brand_id: input.brand_id,
              category_id: input.category_id,
              is_active: 0,
              sku: { id: skuId, ...skuAudit(input) },
            },
          }),
        ]);
        return { id, slug, sku_id: skuId };
      });
      return c.json(ok(created));
    },
  )

  .post(
    '/catalogue/products/:id{[0-9]+}/skus',
    contract({
      tag: 'staff',
      noDevice: true,
      params: idParams,
      summary:
        'Add a SKU (a size) to a product; its price is a base price: catalogue:write in the home country and every converted one',
      body: skuCreateSchema,
      staff: 'catalogue:write',
      response: productPartSchema,
      messages: ['not_found'],
    }),
    async (c) => {
      const member = await requireStaff(c);
      const { id } = c.req.valid('param');
      const input = c.req.valid('json');
      const db = c.env.DB;
      if (!(await db.prepare('SELECT id FROM products WHERE id = ?').bind(id).first())) throw notFound();
      // Its price is what the home country and every converted country will pay.
      if (basePriceRefused(member.grants).length) throw new ApiError(403, 'forbidden');
      const skuId = await retryingConflicts(async () => {
        const next = (await nextId(db, 'skus').first<{ id: number }>())!.id;
        await commit(c, [
          insertSku(db, next, id, input, '(SELECT coalesce(max(sort_order), -1) + 1 FROM skus WHERE product_id = ?2)'),
          ...denormaliseProduct(db, id),
          audit(c, member, {
            action: 'sku.create',
            resource: 'sku',
            resourceId: next,
            after: { product_id: id, ...skuAudit(input) },
          }),
        ]);
        return next;
      });
      return c.json(ok({ id: skuId, product_id: id }));
    },
  )

  .post(
    '/catalogue/products/:id{[0-9]+}/delete',
    contract({
      tag: 'staff',
      noDevice: true,
      params: idParams,
      summary: 'Delete a product that was never ordered, with its SKUs and pictures (409 product_has_orders)',
      body: deleteSchema,
      staff: 'catalogue:write',
      response: changedRowSchema,
      messages: ['not_found', 'product_has_orders'],
    }),
    async (c) => {
      const member = await requireStaff(c);
      const { id } = c.req.valid('param');
      const db = c.env.DB;
      const [product, ordered, images, skus, shards] = await db.batch([
        db
          .prepare('SELECT id, slug, name_en, name_ar, brand_id, category_id, is_active FROM products WHERE id = ?')
          .bind(id),
        // Orders that bought it or got it as a gift (decision 33), with those already archived (decision 60).
        db
          .prepare(
            `SELECT (SELECT count(*) FROM (SELECT order_id FROM order_items WHERE product_id = ?1
               UNION SELECT order_id FROM order_promotions WHERE product_id = ?1 AND gift_sku_id IS NOT NULL))
             + (SELECT coalesce(sum(orders), 0) FROM archived_sales WHERE product_id = ?1) AS n`,
          )
          .bind(id),
        db.prepare('SELECT r2_key FROM product_images WHERE product_id = ?').bind(id),
        db.prepare('SELECT id, name_en, price, stock FROM skus WHERE product_id = ?').bind(id),
        // The other order shards, asked only when there are some (decision 61).
        otherShardsStatement(db),
      ]);
      const before = product!.results[0];
      if (!before) throw notFound();
      const inShards = await soldInShards(c.env, shards!.results as Array<{ binding: string }>, {
        products: [id],
        skus: [],
      });
      const orders = (ordered!.results[0] as { n: number }).n + (inShards.products.get(id) ?? 0);
      if (orders > 0) throw inUse('product_has_orders', { orders });
      await commit(c, [
        ...removeProductsStatements(db, 'SELECT ?1', id),
        audit(c, member, {
          action: 'product.delete',
          resource: 'product',
          resourceId: id,
          before: { ...before, skus: skus!.results },
        }),
      ]);
      await forgetMedia(c, imageKeys((images!.results as Array<{ r2_key: string }>).map((i) => i.r2_key)));
      return c.json(ok({ id }));
    },
  )

  .post(
    '/catalogue/skus/:id{[0-9]+}/delete',
    contract({
      tag: 'staff',
      noDevice: true,
      params: idParams,
      summary: "Delete a SKU that was never ordered and is not its product's last (409 sku_has_orders, sku_last)",
      body: deleteSchema,
      staff: 'catalogue:write',
      response: productPartSchema,
      messages: ['not_found', 'sku_has_orders', 'sku_last'],
    }),
    async (c) => {
      const member = await requireStaff(c);
      const { id } = c.req.valid('param');
      const db = c.env.DB;
      const [sku, ordered, siblings, shards] = await db.batch([
        db.prepare('SELECT * FROM skus WHERE id = ?').bind(id),
        db
          .prepare(
            `SELECT (SELECT count(*) FROM order_items WHERE sku_id = ?1) + (SELECT count(*) FROM order_promotions WHERE gift_sku_id = ?1)
             + (SELECT coalesce(sum(orders), 0) FROM archived_sales WHERE sku_id = ?1) AS n`,
          )
          .bind(id),
        db
          .prepare('SELECT count(*) AS n FROM skus WHERE product_id = (SELECT product_id FROM skus WHERE id = ?)')
          .bind(id),
        otherShardsStatement(db),
      ]);
      const before = sku!.results[0] as { product_id: number } | undefined;
      if (!before) throw notFound();
      const inShards = await soldInShards(c.env, shards!.results as Array<{ binding: string }>, {
        products: [],
        skus: [id],
      });
      const orders = (ordered!.results[0] as { n: number }).n + (inShards.skus.get(id) ?? 0);
      if (orders > 0) throw inUse('sku_has_orders', { orders });
      // A product always has a size to show and sell: its last SKU goes with the product.
      if ((siblings!.results[0] as { n: number }).n <= 1) throw new ApiError(409, 'sku_last');
      await commit(c, [
        ...removeSkusStatements(db, 'SELECT ?1', id),
        ...denormaliseProduct(db, before.product_id),
        audit(c, member, { action: 'sku.delete', resource: 'sku', resourceId: id, before }),
      ]);
      return c.json(ok({ id, product_id: before.product_id }));
    },
  );
