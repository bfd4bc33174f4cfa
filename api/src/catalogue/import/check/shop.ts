// The shop as a catalogue file's dry run compares it with: the products and SKUs the file names, all
// brands and categories, the products' search fields and the currencies, read in one D1 batch whatever
// the file's length.
import type { CatalogueRow, ProductFields } from '#shared/catalogue/import-format';
import { shownCountries } from '#shared/catalogue/import-format';
import { currencyStatement, knownCurrency, rememberCurrencies } from '#api/src/lib/currency';
import type { SearchFields, SkuFields } from '../plan';

interface ProductRow extends Omit<ProductFields, 'brand_slug' | 'category_slug'> {
  id: number;
  slug: string;
  brand_id: number;
  category_id: number;
}
interface SkuRow extends Omit<SkuFields, 'own'> {
  id: number;
  product_id: number;
  stock: number;
  /** Its own-priced countries' prices (JSON by country), or null. */
  own: string | null;
}
export interface Named {
  id: number;
  slug: string;
  name_en: string;
  name_ar: string;
}
interface CategoryRow extends Named {
  parent_id: number | null;
}

export type ShopNow = Awaited<ReturnType<typeof readShop>>;

export async function readShop(db: D1Database, rows: CatalogueRow[]) {
  const slugs = [...new Set(rows.map((r) => r.product_slug))];
  const skuIds = [...new Set(rows.flatMap((r) => (r.sku.id === null ? [] : [r.sku.id])))];
  const [products, skus, brands, categories, search, currencies] = await db.batch([
    db
      .prepare(
        `SELECT id, slug, name_en, name_ar, description_en, description_ar, brand_id, category_id, is_active
         FROM products WHERE slug IN (SELECT value FROM json_each(?))`,
      )
      .bind(JSON.stringify(slugs)),
    db
      .prepare(
        `SELECT id, product_id, name_en, name_ar, price, old_price, buy_limit, stock,
           (SELECT json_group_object(cp.country, json_object('price', cp.price, 'old_price', cp.old_price))
            FROM sku_country_prices cp WHERE cp.sku_id = skus.id) AS own
         FROM skus WHERE id IN (SELECT value FROM json_each(?))`,
      )
      .bind(JSON.stringify(skuIds)),
    db.prepare('SELECT id, slug, name_en, name_ar FROM brands'),
    db.prepare('SELECT id, slug, name_en, name_ar, parent_id FROM categories'),
    db
      .prepare(
        `SELECT s.rowid AS id, s.name, s.brand, s.category FROM product_search s
         WHERE s.rowid IN (SELECT id FROM products WHERE slug IN (SELECT value FROM json_each(?)))`,
      )
      .bind(JSON.stringify(slugs)),
    currencyStatement(db),
  ]);
  rememberCurrencies(currencies!.results);
  // The converted countries whose prices the file shows, with their money facts.
  const shown = new Map(shownCountries().map((c) => [c, knownCurrency(c)!]));
  const productBySlug = new Map((products!.results as unknown as ProductRow[]).map((p) => [p.slug, p]));
  const skuById = new Map((skus!.results as unknown as SkuRow[]).map((s) => [s.id, s]));
  const brandRows = brands!.results as unknown as Named[];
  const brandBySlug = new Map(brandRows.map((b) => [b.slug, b]));
  const brandById = new Map(brandRows.map((b) => [b.id, b]));
  const categoryRows = categories!.results as unknown as CategoryRow[];
  const categoryBySlug = new Map(categoryRows.map((c) => [c.slug, c]));
  const categoryById = new Map(categoryRows.map((c) => [c.id, c]));
  const searchById = new Map(
    (search!.results as unknown as Array<SearchFields & { id: number }>).map(({ id, ...s }) => [id, s]),
  );
  return {
    shown,
    productBySlug,
    skuById,
    brandBySlug,
    brandById,
    categoryBySlug,
    categoryById,
    searchById,
  };
}
