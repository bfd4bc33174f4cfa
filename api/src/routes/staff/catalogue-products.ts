// The back office's products and their sizes: list, detail, edits, prices and stock (a restock from 0
// tells the shoppers waiting for it), each change one batch with what it keeps in step.
import { Hono } from 'hono';
import { ok } from '#shared/api/envelope';
import { COUNTRY_CODES, type CountryCode } from '#shared/locale';
import { payableMinor } from '#shared/money';
import { normalizeSearchText } from '#shared/search/normalize';
import type { AppEnv } from '#api/src/app-env';
import { contract } from '#api/src/contract/validate';
import { requireStaff } from '#api/src/middleware/staff';
import { changedFields } from '#api/src/staff/audit';
import { onBackInStock } from '#api/src/catalogue/back-in-stock';
import { announceAlerts, priceDropStatement } from '#api/src/alerts';
import { currencyStatement, knownCurrency, rememberCurrencies } from '#api/src/lib/currency';
import { denormaliseProduct, searchRowStatement } from '#api/src/catalogue/maintain';
import { ownPricesColumn, priceIn } from '#api/src/db/country-prices';
import { ApiError } from '#api/src/lib/errors';
import { basePriceRefused } from '#shared/catalogue/price-rights';
import { checkedImage, renditionSize, storeRenditions } from '#api/src/media/upload';
import { imageRef } from '#api/src/media/renditions';
import { LOW_STOCK_UNITS } from './dashboard';
import {
  CATALOGUE_PAGE,
  type CategoryRow,
  type Names,
  type ProductRow,
  type SkuRow,
  audit,
  commit,
  fieldError,
  notFound,
  rowBefore,
  stockChanged,
} from '#api/src/staff/catalogue-common';
import {
  catalogueListQuery,
  productEditSchema,
  imageUploadSchema,
  skuEditSchema,
  stockAdjustSchema,
} from '#shared/api/staff-catalogue-schemas';
import { idParams } from '#shared/api/route-schemas';
import {
  changedRowSchema,
  productDetailSchema,
  productImageUploadSchema,
  productListSchema,
  skuStockSchema,
} from '#shared/api/staff-catalogue-responses';

export const staffProductRoutes = new Hono<AppEnv>()
  .get(
    '/catalogue/products',
    contract({
      tag: 'staff',
      noDevice: true,
      summary: 'Products, 50 a page: search (`q`, a name or an id), category, brand and stock state',
      query: catalogueListQuery,
      staff: 'catalogue:read',
      response: productListSchema,
      messages: [],
    }),
    async (c) => {
      const q = c.req.valid('query');
      const where: string[] = [];
      const values: (string | number)[] = [];
      const search = q.q?.trim();
      if (search) {
        if (/^\d+$/.test(search)) where.push('p.id = ?') && values.push(Number(search));
        else {
          const words = normalizeSearchText(search).split(/\s+/).filter(Boolean).slice(0, 8);
          if (words.length) {
            where.push('p.id IN (SELECT rowid FROM product_search WHERE product_search MATCH ?)');
            values.push(words.map((w) => `"${w.replaceAll('"', '')}"*`).join(' '));
          }
        }
      }
      if (q.category_id)
        where.push('(p.category_id = ? OR c.parent_id = ?)') && values.push(q.category_id, q.category_id);
      if (q.brand_id) where.push('p.brand_id = ?') && values.push(q.brand_id);
      if (q.stock === 'in') where.push('p.in_stock = 1');
      if (q.stock === 'out') where.push('p.in_stock = 0');
      if (q.stock === 'low')
        where.push(`EXISTS (SELECT 1 FROM skus s WHERE s.product_id = p.id AND s.stock <= ${LOW_STOCK_UNITS})`);
      const page = q.page ?? 1;
      const from = `FROM products p JOIN brands b ON b.id = p.brand_id JOIN categories c ON c.id = p.category_id
      ${where.length ? `WHERE ${where.join(' AND ')}` : ''}`;
      const db = c.env.DB;
      const [count, rows] = await db.batch([
        db.prepare(`SELECT count(*) AS n ${from}`).bind(...values),
        db
          .prepare(
            `SELECT p.id, p.slug, p.name_en, p.name_ar, p.is_active, p.in_stock, p.min_price,
             b.name_en AS brand_en, b.name_ar AS brand_ar, c.name_en AS category_en, c.name_ar AS category_ar,
             (SELECT sum(stock) FROM skus s WHERE s.product_id = p.id) AS stock,
             (SELECT count(*) FROM skus s WHERE s.product_id = p.id) AS skus
           ${from} ORDER BY p.id LIMIT ? OFFSET ?`,
          )
          .bind(...values, CATALOGUE_PAGE, (page - 1) * CATALOGUE_PAGE),
      ]);
      const total = (count!.results[0] as { n: number }).n;
      return c.json(
        ok({ products: rows!.results, total, page, pages: Math.max(1, Math.ceil(total / CATALOGUE_PAGE)) }),
      );
    },
  )

  .get(
    '/catalogue/products/:id{[0-9]+}',
    contract({
      tag: 'staff',
      noDevice: true,
      params: idParams,
      summary: 'A product with its SKUs (prices in base fils and as each country pays), images, categories and brands',
      staff: 'catalogue:read',
      response: productDetailSchema,
      messages: ['not_found'],
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      const db = c.env.DB;
      const [product, skus, images, categories, brands, currencies] = await db.batch([
        db.prepare('SELECT * FROM products WHERE id = ?').bind(id),
        db
          .prepare(
            `SELECT *, ${ownPricesColumn('skus')} AS own_prices FROM skus WHERE product_id = ? ORDER BY sort_order, id`,
          )
          .bind(id),
        db
          .prepare(
            'SELECT id, r2_key, alt_en, alt_ar, width, height, sort_order FROM product_images WHERE product_id = ? ORDER BY sort_order, id',
          )
          .bind(id),
        db.prepare(
          'SELECT id, parent_id, name_en, name_ar FROM categories ORDER BY coalesce(parent_id, id), parent_id IS NOT NULL, sort_order',
        ),
        db.prepare('SELECT id, name_en, name_ar FROM brands ORDER BY name_en'),
        currencyStatement(db),
      ]);
      const row = product!.results[0];
      if (!row) throw notFound();
      rememberCurrencies(currencies!.results);
      const countries = COUNTRY_CODES.map((code) => knownCurrency(code)!);
      const skuRows = (skus!.results as unknown as Array<SkuRow & { own_prices: string | null }>).map(
        ({ own_prices, ...s }) => ({
          ...s,
          // What a shopper of each country pays (VAT included where it applies; decision 9): converted from
          // the KWD price, or the owner's own in an own-priced country, null where it is not sold there.
          prices: countries.map((info) => {
            const there = priceIn(info.country, s, own_prices);
            return {
              country: info.country as CountryCode,
              currency: info.currency,
              pricing: info.pricing,
              price: there === null ? null : payableMinor(there.price, info),
              old_price: there?.old_price == null ? null : payableMinor(there.old_price, info),
            };
          }),
        }),
      );
      return c.json(
        ok({
          product: row,
          skus: skuRows,
          images: (images!.results as Array<{ r2_key: string; alt_en: string; width: number; height: number }>).map(
            (i) => ({ ...i, ref: imageRef('product', i.r2_key, i.alt_en, { width: i.width, height: i.height }) }),
          ),
          categories: categories!.results,
          brands: brands!.results,
        }),
      );
    },
  )

  .post(
    '/catalogue/products/:id{[0-9]+}',
    contract({
      tag: 'staff',
      noDevice: true,
      params: idParams,
      summary: "Edit a product's names, descriptions, category, brand and active flag",
      body: productEditSchema,
      staff: 'catalogue:write',
      response: changedRowSchema,
      messages: ['not_found'],
    }),
    async (c) => {
      const member = await requireStaff(c);
      const { id } = c.req.valid('param');
      const input = c.req.valid('json');
      const db = c.env.DB;
      const [product, brand, categories] = await db.batch([
        db.prepare('SELECT * FROM products WHERE id = ?').bind(id),
        db.prepare('SELECT id, name_en, name_ar FROM brands WHERE id = ?').bind(input.brand_id),
        db.prepare('SELECT id, parent_id, name_en, name_ar FROM categories'),
      ]);
      const before = product!.results[0] as ProductRow | undefined;
      if (!before) throw notFound();
      const b = brand!.results[0] as Names | undefined;
      if (!b) throw fieldError('brand_id', 'brand_not_found');
      const cats = new Map((categories!.results as unknown as CategoryRow[]).map((r) => [r.id, r]));
      const cat = cats.get(input.category_id);
      if (!cat) throw fieldError('category_id', 'category_not_found');
      const after = { ...input, is_active: input.is_active ? 1 : 0 };
      const diff = changedFields(before as unknown as Record<string, unknown>, after);
      await commit(c, [
        db
          .prepare(
            `UPDATE products SET name_en = ?, name_ar = ?, description_en = ?, description_ar = ?, category_id = ?, brand_id = ?, is_active = ?
           WHERE id = ?`,
          )
          .bind(
            after.name_en,
            after.name_ar,
            after.description_en,
            after.description_ar,
            after.category_id,
            after.brand_id,
            after.is_active,
            id,
          ),
        searchRowStatement(db, id, after, b, cat, cat.parent_id ? (cats.get(cat.parent_id) ?? null) : null),
        audit(c, member, { action: 'product.edit', resource: 'product', resourceId: id, ...diff }),
      ]);
      return c.json(ok({ id }));
    },
  )

  .post(
    '/catalogue/products/:id{[0-9]+}/images',
    contract({
      tag: 'staff',
      noDevice: true,
      params: idParams,
      summary: 'Upload a JPEG, PNG or WebP (≤ 5 MB, judged by content) as the product’s first picture',
      body: imageUploadSchema,
      staff: 'catalogue:write',
      response: productImageUploadSchema,
      messages: ['not_found', 'image_type_unsupported', 'image_too_large'],
    }),
    async (c) => {
      const member = await requireStaff(c);
      const { id } = c.req.valid('param');
      const input = c.req.valid('json');
      const image = checkedImage(input.data);
      const db = c.env.DB;
      const product = await db
        .prepare(
          'SELECT id, slug, name_en, name_ar, (SELECT min(sort_order) FROM product_images WHERE product_id = ?1) AS first FROM products WHERE id = ?1',
        )
        .bind(id)
        .first<{ slug: string; name_en: string; name_ar: string; first: number | null }>();
      if (!product) throw notFound();
      // A new stem per upload: stored keys never change content, so a year of immutable caching holds.
      const stem = `products/${product.slug}/u${Date.now().toString(36)}${crypto.randomUUID().slice(0, 4)}`;
      await storeRenditions(c.env, 'product', stem, image);
      // Pages size the picture by its largest stored rendition (no layout shift, no upscaling).
      const stored = renditionSize('product', image);
      const alt = { alt_en: input.alt_en || product.name_en, alt_ar: input.alt_ar || product.name_ar };
      await commit(c, [
        db
          .prepare(
            'INSERT INTO product_images (product_id, sku_id, r2_key, alt_en, alt_ar, width, height, sort_order) VALUES (?, NULL, ?, ?, ?, ?, ?, ?)',
          )
          .bind(id, stem, alt.alt_en, alt.alt_ar, stored.width, stored.height, (product.first ?? 1) - 1),
        audit(c, member, {
          action: 'product.image',
          resource: 'product',
          resourceId: id,
          after: {
            r2_key: stem,
            type: image.type,
            width: image.width,
            height: image.height,
            bytes: image.bytes.length,
            stored,
          },
        }),
      ]);
      return c.json(
        ok({ id, r2_key: stem, type: image.type, original: { width: image.width, height: image.height }, ...stored }),
      );
    },
  )

  .post(
    '/catalogue/skus/:id{[0-9]+}',
    contract({
      tag: 'staff',
      noDevice: true,
      params: idParams,
      summary:
        "Edit a SKU's price, old price, buy limit and (with a reason) stock; a changed price needs catalogue:write in the home country and every converted one",
      body: skuEditSchema,
      staff: 'catalogue:write',
      response: skuStockSchema,
      messages: ['not_found', 'stock_changed'],
    }),
    async (c) => {
      const member = await requireStaff(c);
      const { id } = c.req.valid('param');
      const input = c.req.valid('json');
      const db = c.env.DB;
      const before = await rowBefore<SkuRow>(db, 'skus', id);
      // The price is the base price: what the home country and every converted country pay. A member
      // whose grants miss one of them may save the rest of the form with the price as it is, never a
      // new one (shared/catalogue/price-rights.ts).
      if (
        (input.price !== before.price || input.old_price !== before.old_price) &&
        basePriceRefused(member.grants).length
      )
        throw new ApiError(403, 'forbidden');
      // The stock is set only when the clerk changed the figure the form showed (stock_seen), and only
      // while the SKU still holds that many: an order placed (or a delivery booked) since the page was
      // drawn would otherwise be overwritten. Adjusting (+/−) below is relative and needs no such check.
      const setting = input.stock !== undefined && input.stock !== input.stock_seen;
      const seen = input.stock_seen ?? before.stock;
      if (setting && !input.reason) throw fieldError('reason', 'reason_required');
      if (setting && before.stock !== seen) throw stockChanged(before.stock);
      const stock = setting ? input.stock! : before.stock;
      const after = {
        price: input.price,
        old_price: input.old_price,
        buy_limit: input.buy_limit,
        ...(setting ? { stock } : {}),
      };
      const diff = changedFields(before as unknown as Record<string, unknown>, after);
      const restocked = setting && seen === 0 && stock > 0;
      const priceDrop = priceDropStatement(db, id, before.price, after.price);
      try {
        await commit(c, [
          // Checked again inside the batch: a stock changed since the read sets -1, which the CHECK
          // (stock >= 0) refuses, so nothing of the batch is stored.
          setting
            ? db
                .prepare(
                  'UPDATE skus SET price = ?, old_price = ?, buy_limit = ?, stock = CASE WHEN stock = ? THEN ? ELSE -1 END WHERE id = ?',
                )
                .bind(after.price, after.old_price, after.buy_limit, seen, stock, id)
            : db
                .prepare('UPDATE skus SET price = ?, old_price = ?, buy_limit = ? WHERE id = ?')
                .bind(after.price, after.old_price, after.buy_limit, id),
          ...denormaliseProduct(db, before.product_id),
          ...(restocked ? onBackInStock(c.env, [id]) : []),
          // A lower price: wishlist owners who asked for a price-drop alert hear of it.
          ...priceDrop,
          audit(c, member, {
            action: 'sku.edit',
            resource: 'sku',
            resourceId: id,
            ...diff,
            reason: setting ? input.reason : null,
          }),
        ]);
      } catch (error) {
        if (setting && /CHECK constraint failed/.test(String(error))) {
          const now = await db.prepare('SELECT stock FROM skus WHERE id = ?').bind(id).first<{ stock: number }>();
          throw stockChanged(now?.stock ?? null);
        }
        throw error;
      }
      // The events are stored: the alerts queue's consumer takes them from here (api/src/alerts/).
      if (restocked) announceAlerts(c, 'back_in_stock', [id]);
      if (priceDrop.length) announceAlerts(c, 'price_drop', [id]);
      return c.json(ok({ id, product_id: before.product_id, stock }));
    },
  )

  .post(
    '/catalogue/skus/:id{[0-9]+}/stock',
    contract({
      tag: 'staff',
      noDevice: true,
      params: idParams,
      summary: "Add or take away units of a SKU's stock, with a reason",
      body: stockAdjustSchema,
      staff: 'catalogue:write',
      response: skuStockSchema,
      messages: ['not_found'],
    }),
    async (c) => {
      const member = await requireStaff(c);
      const { id } = c.req.valid('param');
      const input = c.req.valid('json');
      const db = c.env.DB;
      const before = await rowBefore<SkuRow>(db, 'skus', id);
      const stock = before.stock + input.adjust;
      if (stock < 0) throw fieldError('adjust', 'stock_invalid');
      const restocked = before.stock === 0 && stock > 0;
      await commit(c, [
        // Relative, so an order placed between the read and this batch still counts: a delivery of 12
        // adds 12 to whatever is there. (The audit row's before/after are as read.)
        db.prepare('UPDATE skus SET stock = stock + ?1 WHERE id = ?2 AND stock + ?1 >= 0').bind(input.adjust, id),
        ...denormaliseProduct(db, before.product_id),
        ...(restocked ? onBackInStock(c.env, [id]) : []),
        audit(c, member, {
          action: 'sku.stock',
          resource: 'sku',
          resourceId: id,
          before: { stock: before.stock },
          after: { stock, adjust: input.adjust },
          reason: input.reason,
        }),
      ]);
      if (restocked) announceAlerts(c, 'back_in_stock', [id]);
      return c.json(ok({ id, product_id: before.product_id, stock }));
    },
  );
