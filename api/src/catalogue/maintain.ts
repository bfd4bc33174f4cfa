// What a back-office change to the catalogue must keep in step (decision 6): the products'
// denormalised listing columns (min_price, max_discount, in_stock, read by the listing without a join;
// per own-priced country in product_country_prices, decision 77),
// the search index (product_search, normalised text written by the seed; no trigger), and the
// storefront's KV cache (a new catalogue version makes every cached catalogue answer stale).
import { CATALOGUE_VERSION_KEY, nextCatalogueVersion } from '#shared/catalogue/cache-version';
import { normalizeSearchText } from '#shared/search/normalize';

/** The product's listing columns recomputed from its SKUs, as the seed computes them (api/seed/plan.ts). */
export function denormaliseProduct(db: D1Database, productId: number): D1PreparedStatement[] {
  return denormaliseProducts(db, 'SELECT ?1', productId);
}

/**
 * The same for every product `ids` (a subquery, with its bound values) selects: an import's thousands.
 * The products' own columns serve the converted countries; an own-priced country's listing reads
 * `product_country_prices` (country-prices.ts), one row a product it sells, made again from the SKUs'
 * rows in `sku_country_prices` (none for a converted country, so nothing there for it).
 */
export function denormaliseProducts(db: D1Database, ids: string, ...binds: unknown[]): D1PreparedStatement[] {
  return [
    db
      .prepare(
        `UPDATE products SET
         min_price = coalesce((SELECT min(price) FROM skus WHERE product_id = products.id), 0),
         max_discount = coalesce((SELECT max(CASE WHEN old_price IS NULL THEN 0 ELSE old_price - price END) FROM skus WHERE product_id = products.id), 0),
         in_stock = EXISTS (SELECT 1 FROM skus WHERE product_id = products.id AND stock > 0)
       WHERE id IN (${ids})`,
      )
      .bind(...binds),
    db.prepare(`DELETE FROM product_country_prices WHERE product_id IN (${ids})`).bind(...binds),
    db
      .prepare(
        `INSERT INTO product_country_prices (product_id, country, min_price, max_discount)
         SELECT k.product_id, cp.country, min(cp.price),
           max(CASE WHEN cp.old_price IS NULL THEN 0 ELSE cp.old_price - cp.price END)
         FROM skus k JOIN sku_country_prices cp ON cp.sku_id = k.id
         WHERE k.product_id IN (${ids}) GROUP BY k.product_id, cp.country`,
      )
      .bind(...binds),
  ];
}

interface Names {
  name_en: string;
  name_ar: string;
}

/** The product's own name without its brand in front (the brand has its own column; decision 23). */
function label(name: string, brand: string): string {
  return name.startsWith(`${brand} `) ? name.slice(brand.length + 1) : name;
}

export function searchName(product: Names, brand: Names): string {
  return [
    normalizeSearchText(label(product.name_en, brand.name_en)),
    normalizeSearchText(label(product.name_ar, brand.name_ar)),
  ]
    .filter(Boolean)
    .join(' ');
}

export const searchBrand = (brand: Names) => normalizeSearchText(`${brand.name_en} ${brand.name_ar}`);

export const searchCategory = (c: Names, parent: Names | null) =>
  normalizeSearchText(`${c.name_en} ${parent?.name_en ?? ''} ${c.name_ar} ${parent?.name_ar ?? ''}`);

/** The product's search row: name, brand and category columns (ingredients and tags are not edited here). */
export function searchRowStatement(
  db: D1Database,
  productId: number,
  product: Names,
  brand: Names,
  category: Names,
  parent: Names | null,
): D1PreparedStatement {
  return db
    .prepare('UPDATE product_search SET name = ?, brand = ?, category = ? WHERE rowid = ?')
    .bind(searchName(product, brand), searchBrand(brand), searchCategory(category, parent), productId);
}

/**
 * After a change is stored: a new catalogue version in the storefront's cache namespace, so the next
 * shopper request reads past every cached answer and kept page (worker/cache/index.ts,
 * worker/render/page-cache.ts), with the primary's bookmark after the change (decision 40).
 */
export async function bumpCatalogueVersion(env: Pick<ApiEnv, 'STOREFRONT_CACHE' | 'DB'>): Promise<void> {
  const after = env.DB.withSession('first-primary');
  await after.prepare('SELECT 1').first();
  await env.STOREFRONT_CACHE.put(CATALOGUE_VERSION_KEY, nextCatalogueVersion(Date.now(), after.getBookmark()));
}
