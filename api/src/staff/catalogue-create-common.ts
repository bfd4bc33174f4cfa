// What adding and deleting in the back office's catalogue share: refusals of what is in use, a retry
// on a unique-key race, the next id and a free slug, a SKU row with its audit, and the images to forget.
import type { Context } from 'hono';
import { slugFrom } from '#shared/api/staff-catalogue-schemas';
import type { AppEnv } from '#api/src/app-env';
import { ApiError } from '#api/src/lib/errors';
import { storedKeys } from '#api/src/media/renditions';
import { fieldError, type CategoryRow, type Names } from '#api/src/staff/catalogue-common';

export const inUse = (
  key: 'product_has_orders' | 'sku_has_orders' | 'category_in_use' | 'brand_in_use',
  counts: Record<string, number>,
) => new ApiError(409, key, counts);

/**
 * New rows take the next free id, read just before the batch that inserts them: the audit row of the
 * same batch names the id. Two managers creating at once collide on the primary key (or a slug), and
 * the loser plans again with fresh ids; the batch is a transaction, so nothing half-made is left.
 */
export async function retryingConflicts<T>(attempt: () => Promise<T>): Promise<T> {
  for (let n = 1; ; n++) {
    try {
      return await attempt();
    } catch (error) {
      if (n >= 3 || !/UNIQUE constraint failed/.test(String(error))) throw error;
    }
  }
}

export const nextId = (
  db: D1Database,
  table: 'products' | 'skus' | 'categories' | 'brands' | 'nutritionists' | 'nutritionist_lists' | 'catalogue_imports',
) => db.prepare(`SELECT coalesce(max(id), 0) + 1 AS id FROM ${table}`);

/** A slug no row of `table` has: the name's, then -2, -3… (`fallback` when the name has no Latin letters). */
export async function freeSlug(
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

export interface SkuInput {
  sku_name_en: string;
  sku_name_ar: string;
  price: number;
  old_price: number | null;
  buy_limit: number | null;
  stock: number;
}

export function insertSku(db: D1Database, id: number, productId: number, s: SkuInput, sortOrder: string) {
  return db
    .prepare(
      `INSERT INTO skus (id, product_id, name_en, name_ar, price, old_price, stock, buy_limit, sort_order)
       VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ${sortOrder})`,
    )
    .bind(id, productId, s.sku_name_en, s.sku_name_ar, s.price, s.old_price, s.stock, s.buy_limit);
}

export const skuAudit = (s: SkuInput) => ({
  name_en: s.sku_name_en,
  name_ar: s.sku_name_ar,
  price: s.price,
  old_price: s.old_price,
  buy_limit: s.buy_limit,
  stock: s.stock,
});

/** The product's brand and category (with its parent) for its search row; 400 naming the field when missing. */
export async function brandAndCategory(db: D1Database, brandId: number, categoryId: number) {
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
export function imageKeys(stems: string[]): string[] {
  return stems.flatMap((stem) => storedKeys('product', stem));
}

export async function forgetMedia(c: Context<AppEnv>, keys: string[]) {
  // After the batch: a file left behind costs a few kilobytes, a picture missing from a live page costs
  // trust. R2 deletes at most 1000 keys a call.
  for (let i = 0; i < keys.length; i += 1000) await c.env.MEDIA.delete(keys.slice(i, i + 1000));
}
