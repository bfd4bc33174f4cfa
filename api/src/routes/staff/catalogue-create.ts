// The back office's catalogue, continued: adding products (with their first SKU), SKUs,
// categories and brands, and deleting them. A delete never rewrites history: a product or SKU that was
// ever ordered stays (hide it instead: orders, refunds and reports point at it), and a category or brand
// that still has products or subcategories stays too; each refusal is a 409 with its message key.
// Every change is one D1 batch with its audit row, then a new catalogue version (see catalogue.ts).
import { Hono, type Context } from 'hono';
import { ok } from '#shared/api/envelope';
import { slugFrom } from '#shared/api/staff-catalogue-schemas';
import type { AppEnv } from '#api/src/app-env';
import { contract } from '#api/src/lib/validate';
import { ApiError } from '#api/src/lib/errors';
import { requireStaff } from '#api/src/middleware/staff';
import { denormaliseProduct, searchRowStatement } from '#api/src/catalogue/maintain';
import { checkedImage, storeRenditions } from '#api/src/media/upload';
import { storedKeys } from '#api/src/media/renditions';
import { audit, commit, fieldError, notFound, type CategoryRow, type Names } from './catalogue';

const inUse = (
  key: 'product_has_orders' | 'sku_has_orders' | 'category_in_use' | 'brand_in_use',
  counts: Record<string, number>,
) => new ApiError(409, key, counts);

/**
 * New rows take the next free id, read just before the batch that inserts them: the audit row of the
 * same batch names the id. Two managers creating at once collide on the primary key (or a slug), and
 * the loser plans again with fresh ids; the batch is a transaction, so nothing half-made is left.
 */
async function retryingConflicts<T>(attempt: () => Promise<T>): Promise<T> {
  for (let n = 1; ; n++) {
    try {
      return await attempt();
    } catch (error) {
      if (n >= 3 || !/UNIQUE constraint failed/.test(String(error))) throw error;
    }
  }
}

const nextId = (
  db: D1Database,
  table: 'products' | 'skus' | 'categories' | 'brands' | 'nutritionists' | 'nutritionist_lists',
) => db.prepare(`SELECT coalesce(max(id), 0) + 1 AS id FROM ${table}`);

/** A slug no row of `table` has: the name's, then -2, -3… (`fallback` when the name has no Latin letters). */
async function freeSlug(
  db: D1Database,
  table: 'products' | 'categories' | 'brands' | 'nutritionists',
  name: string,
  fallback: string,
) {
  const base = slugFrom(name) || fallback;
  const { results } = await db
    .prepare(`SELECT slug FROM ${table} WHERE slug = ?1 OR slug LIKE ?1 || '-%'`)
    .bind(base)
    .all<{ slug: string }>();
  const taken = new Set(results.map((r) => r.slug));
  let slug = base;
  for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
  return slug;
}

interface SkuInput {
  sku_name_en: string;
  sku_name_ar: string;
  price: number;
  old_price: number | null;
  buy_limit: number | null;
  stock: number;
}

function insertSku(db: D1Database, id: number, productId: number, s: SkuInput, sortOrder: string) {
  return db
    .prepare(
      `INSERT INTO skus (id, product_id, name_en, name_ar, price, old_price, stock, buy_limit, sort_order)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ${sortOrder})`,
    )
    .bind(id, productId, s.sku_name_en, s.sku_name_ar, s.price, s.old_price, s.stock, s.buy_limit);
}

const skuAudit = (s: SkuInput) => ({
  name_en: s.sku_name_en,
  name_ar: s.sku_name_ar,
  price: s.price,
  old_price: s.old_price,
  buy_limit: s.buy_limit,
  stock: s.stock,
});

/** The product's brand and category (with its parent) for its search row; 400 naming the field when missing. */
async function brandAndCategory(db: D1Database, brandId: number, categoryId: number) {
  const [brand, categories] = await db.batch([
    db.prepare('SELECT id, name_en, name_ar FROM brands WHERE id = ?').bind(brandId),
    db.prepare('SELECT id, parent_id, slug, name_en, name_ar, sort_order FROM categories'),
  ]);
  const b = brand!.results[0] as Names | undefined;
  if (!b) throw fieldError('brand_id', 'brand_not_found');
  const cats = new Map((categories!.results as unknown as CategoryRow[]).map((r) => [r.id, r]));
  const category = cats.get(categoryId);
  if (!category) throw fieldError('category_id', 'category_not_found');
  return { brand: b, category, parent: category.parent_id ? (cats.get(category.parent_id) ?? null) : null };
}

/** Every R2 key of the product's pictures (each width and the Open Graph PNG). */
function imageKeys(stems: string[]): string[] {
  return stems.flatMap((stem) => storedKeys('product', stem));
}

async function forgetMedia(c: Context<AppEnv>, keys: string[]) {
  // After the batch: a file left behind costs a few kilobytes, a picture missing from a live page costs
  // trust. R2 deletes at most 1000 keys a call.
  for (let i = 0; i < keys.length; i += 1000) await c.env.MEDIA.delete(keys.slice(i, i + 1000));
}

export const staffCatalogueCreateRoutes = new Hono<AppEnv>()
  .post('/catalogue/products', contract('POST /staff/catalogue/products'), async (c) => {
    const member = await requireStaff(c);
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
        denormaliseProduct(db, id),
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
  })

  .post(
    '/catalogue/products/:id{[0-9]+}/skus',
    contract('POST /staff/catalogue/products/:id{[0-9]+}/skus'),
    async (c) => {
      const member = await requireStaff(c);
      const { id } = c.req.valid('param');
      const input = c.req.valid('json');
      const db = c.env.DB;
      if (!(await db.prepare('SELECT id FROM products WHERE id = ?').bind(id).first())) throw notFound();
      const skuId = await retryingConflicts(async () => {
        const next = (await nextId(db, 'skus').first<{ id: number }>())!.id;
        await commit(c, [
          insertSku(db, next, id, input, '(SELECT coalesce(max(sort_order), -1) + 1 FROM skus WHERE product_id = ?2)'),
          denormaliseProduct(db, id),
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
    contract('POST /staff/catalogue/products/:id{[0-9]+}/delete'),
    async (c) => {
      const member = await requireStaff(c);
      const { id } = c.req.valid('param');
      const db = c.env.DB;
      const [product, ordered, images, skus] = await db.batch([
        db
          .prepare('SELECT id, slug, name_en, name_ar, brand_id, category_id, is_active FROM products WHERE id = ?')
          .bind(id),
        // Orders that bought it or got it as a gift (decision 33).
        db
          .prepare(
            `SELECT count(*) AS n FROM (SELECT order_id FROM order_items WHERE product_id = ?1
               UNION SELECT order_id FROM order_promotions WHERE product_id = ?1 AND gift_sku_id IS NOT NULL)`,
          )
          .bind(id),
        db.prepare('SELECT r2_key FROM product_images WHERE product_id = ?').bind(id),
        db.prepare('SELECT id, name_en, price, stock FROM skus WHERE product_id = ?').bind(id),
      ]);
      const before = product!.results[0];
      if (!before) throw notFound();
      const orders = (ordered!.results[0] as { n: number }).n;
      if (orders > 0) throw inUse('product_has_orders', { orders });
      const skusOf = '(SELECT id FROM skus WHERE product_id = ?1)';
      await commit(c, [
        db.prepare('DELETE FROM product_images WHERE product_id = ?').bind(id),
        db.prepare('DELETE FROM product_attributes WHERE product_id = ?').bind(id),
        db.prepare('DELETE FROM nutritionist_list_items WHERE product_id = ?').bind(id),
        db.prepare('DELETE FROM purchase_together WHERE product_id = ?1 OR related_product_id = ?1').bind(id),
        db.prepare('DELETE FROM blood_test_related_products WHERE product_id = ?').bind(id),
        db.prepare('DELETE FROM notify_requests WHERE product_id = ?').bind(id),
        db.prepare(`DELETE FROM promotion_gifts WHERE sku_id IN ${skusOf}`).bind(id),
        db.prepare(`DELETE FROM promotion_targets WHERE product_id = ?1 OR sku_id IN ${skusOf}`).bind(id),
        db.prepare(`DELETE FROM back_in_stock_events WHERE sku_id IN ${skusOf}`).bind(id),
        // A home collection that showed it shows the rest.
        db
          .prepare(
            `UPDATE home_sections SET payload = json_set(payload, '$.product_ids',
             json((SELECT json_group_array(j.value) FROM json_each(payload, '$.product_ids') j WHERE j.value != ?1)))
           WHERE EXISTS (SELECT 1 FROM json_each(payload, '$.product_ids') j WHERE j.value = ?1)`,
          )
          .bind(id),
        db.prepare('DELETE FROM skus WHERE product_id = ?').bind(id),
        db.prepare('DELETE FROM product_search WHERE rowid = ?').bind(id),
        db.prepare('DELETE FROM products WHERE id = ?').bind(id),
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

  .post('/catalogue/skus/:id{[0-9]+}/delete', contract('POST /staff/catalogue/skus/:id{[0-9]+}/delete'), async (c) => {
    const member = await requireStaff(c);
    const { id } = c.req.valid('param');
    const db = c.env.DB;
    const [sku, ordered, siblings] = await db.batch([
      db.prepare('SELECT * FROM skus WHERE id = ?').bind(id),
      db
        .prepare(
          'SELECT (SELECT count(*) FROM order_items WHERE sku_id = ?1) + (SELECT count(*) FROM order_promotions WHERE gift_sku_id = ?1) AS n',
        )
        .bind(id),
      db
        .prepare('SELECT count(*) AS n FROM skus WHERE product_id = (SELECT product_id FROM skus WHERE id = ?)')
        .bind(id),
    ]);
    const before = sku!.results[0] as { product_id: number } | undefined;
    if (!before) throw notFound();
    const orders = (ordered!.results[0] as { n: number }).n;
    if (orders > 0) throw inUse('sku_has_orders', { orders });
    // A product always has a size to show and sell: its last SKU goes with the product.
    if ((siblings!.results[0] as { n: number }).n <= 1) throw new ApiError(409, 'sku_last');
    await commit(c, [
      db.prepare('DELETE FROM promotion_gifts WHERE sku_id = ?').bind(id),
      db.prepare('DELETE FROM promotion_targets WHERE sku_id = ?').bind(id),
      db.prepare('DELETE FROM back_in_stock_events WHERE sku_id = ?').bind(id),
      db.prepare('UPDATE product_images SET sku_id = NULL WHERE sku_id = ?').bind(id),
      db
        .prepare(
          `UPDATE products SET default_sku_id = (SELECT id FROM skus WHERE product_id = ?1 AND id != ?2 ORDER BY sort_order, id LIMIT 1)
           WHERE id = ?1 AND default_sku_id = ?2`,
        )
        .bind(before.product_id, id),
      db.prepare('DELETE FROM skus WHERE id = ?').bind(id),
      denormaliseProduct(db, before.product_id),
      audit(c, member, { action: 'sku.delete', resource: 'sku', resourceId: id, before }),
    ]);
    return c.json(ok({ id, product_id: before.product_id }));
  })

  .post('/catalogue/categories', contract('POST /staff/catalogue/categories'), async (c) => {
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
  })

  .post(
    '/catalogue/categories/:id{[0-9]+}/delete',
    contract('POST /staff/catalogue/categories/:id{[0-9]+}/delete'),
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

  .post('/catalogue/brands', contract('POST /staff/catalogue/brands'), async (c) => {
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
  })

  .post(
    '/catalogue/brands/:id{[0-9]+}/delete',
    contract('POST /staff/catalogue/brands/:id{[0-9]+}/delete'),
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
  )
  .post('/catalogue/nutritionists', contract('POST /staff/catalogue/nutritionists'), async (c) => {
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
  })

  .post(
    '/catalogue/nutritionists/:id{[0-9]+}/delete',
    contract('POST /staff/catalogue/nutritionists/:id{[0-9]+}/delete'),
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
    contract('POST /staff/catalogue/nutritionists/:id{[0-9]+}/lists'),
    async (c) => {
      const member = await requireStaff(c);
      const { id } = c.req.valid('param');
      const input = c.req.valid('json');
      const db = c.env.DB;
      if (!(await db.prepare('SELECT id FROM nutritionists WHERE id = ?').bind(id).first())) throw notFound();
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
    contract('POST /staff/catalogue/nutritionist-lists/:id{[0-9]+}/delete'),
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
    contract('POST /staff/catalogue/product-images/:id{[0-9]+}'),
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
