// A SKU's price in a country, and whether the country sells it (decision 77, the amendment "a
// country's own prices"): the one place SQL learns where a price comes from. A converted country
// (Kuwait, Saudi Arabia) reads `skus.price` in base fils, which the country's rate and VAT turn into
// what she pays (payableMinor); an own-priced country reads the owner's amount in its currency, VAT
// included, from `sku_country_prices`, and sells only the SKUs it has a row for. Every reader of a
// price takes its SKUs from `skusIn(country)` and its listing columns from `listingIn(country)`, so
// no query names a pricing kind, and a converted country's SQL is exactly what it was before. In db/,
// beside country-sql.ts, so every domain that reads a price (catalogue, alerts, wishlists, orders) may.
import { COUNTRY_CODES, type CountryCode, isCountryCode, pricingOf } from '#shared/countries';

/** Every column of `skus`, in the table's order: a new column is added here too (an API test compares). */
export const SKU_COLUMNS = [
  'id',
  'product_id',
  'name_en',
  'name_ar',
  'price',
  'old_price',
  'stock',
  'buy_limit',
  'sort_order',
  'pack_units',
  'daily_units',
  'weight_grams',
] as const;

/** The code as SQL text: only a code of the registry ever reaches a statement's text. */
function quoted(country: CountryCode): string {
  if (!isCountryCode(country)) throw new TypeError(`not a country of the shop: ${String(country)}`);
  return `'${country}'`;
}

/**
 * The SKUs the country sells, with their prices in its terms, as a FROM source with the columns of
 * `skus` (alias it: `FROM ${skusIn(c)} s`): `skus` itself in a converted country; in an own-priced one
 * the SKUs with a row in `sku_country_prices` for it, `price` and `old_price` the owner's.
 */
export function skusIn(country: CountryCode): string {
  if (pricingOf(country) === 'converted') return 'skus';
  const columns = SKU_COLUMNS.map((c) => (c === 'price' || c === 'old_price' ? `cp.${c}` : `k.${c}`)).join(', ');
  return `(SELECT ${columns} FROM skus k JOIN sku_country_prices cp ON cp.sku_id = k.id AND cp.country = ${quoted(country)})`;
}

/**
 * The price columns of one SKU row (alias `s`, or none for a bare `skus`) where a statement reads every
 * size whether sold or not (the product page, to say a product is not sold in her country): its price
 * and old price in the country's terms (NULL where not sold) and `sold`, 1 or 0.
 */
export function skuPriceColumns(country: CountryCode, s = ''): string {
  const at = s ? `${s}.` : '';
  if (pricingOf(country) === 'converted') return `${at}price, ${at}old_price, 1 AS sold`;
  const own = (column: string) =>
    `(SELECT cp.${column} FROM sku_country_prices cp WHERE cp.sku_id = ${at}id AND cp.country = ${quoted(country)})`;
  return `${own('price')} AS price, ${own('old_price')} AS old_price, ${soldInSql(country, `${at}id`)} AS sold`;
}

/**
 * A SKU's `price` or `old_price` (alias `s`) in the country a row names (`countryExpr`, SQL: a
 * subscription's, an alert's), for statements over rows of several countries: NULL where that country
 * does not sell it. With no own-priced country in the registry it is the column itself.
 */
export function priceInRowCountrySql(s: string, countryExpr: string, column: 'price' | 'old_price'): string {
  const own = COUNTRY_CODES.filter((c) => pricingOf(c) === 'own');
  if (!own.length) return `${s}.${column}`;
  return `CASE WHEN ${countryExpr} IN (${own.map(quoted).join(', ')})
    THEN (SELECT cp.${column} FROM sku_country_prices cp WHERE cp.sku_id = ${s}.id AND cp.country = ${countryExpr})
    ELSE ${s}.${column} END`;
}

/** SQL: whether the country sells the SKU whose id is `skuId` (an expression). */
function soldInSql(country: CountryCode, skuId: string): string {
  if (pricingOf(country) === 'converted') return '1';
  return `EXISTS (SELECT 1 FROM sku_country_prices cp WHERE cp.sku_id = ${skuId} AND cp.country = ${quoted(country)})`;
}

/**
 * A product card's SKU joined as `s` (catalogue/cards.ts): the default size when in stock, else the
 * first in stock, else the default; in an own-priced country among the sizes it sells only, so a
 * product it sells none of has no card there (the inner join drops it).
 */
export function cardSkuJoin(country: CountryCode): string {
  if (pricingOf(country) === 'converted')
    return `JOIN skus s ON s.id = CASE WHEN p.in_stock = 0 THEN p.default_sku_id ELSE coalesce(
    (SELECT k.id FROM skus k WHERE k.product_id = p.id AND k.stock > 0 ORDER BY k.id = p.default_sku_id DESC, k.sort_order, k.id LIMIT 1),
    p.default_sku_id) END`;
  const sold = skusIn(country);
  const pick = (where: string) =>
    `(SELECT k.id FROM ${sold} k WHERE k.product_id = p.id${where} ORDER BY k.id = p.default_sku_id DESC, k.sort_order, k.id LIMIT 1)`;
  return `JOIN ${sold} s ON s.id = coalesce(${pick(' AND k.stock > 0')}, ${pick('')})`;
}

/**
 * What a listing filters and sorts on for the country, as SQL over a product `p`: its lowest price,
 * its largest saving and whether a size can be bought now, and the condition that the country sells
 * it (null where every product is sold: a converted country). A converted country reads the products'
 * own denormalised columns; an own-priced one its row of `product_country_prices` (maintain.ts keeps
 * both in step) and, for availability, its sizes sold there with stock.
 */
export interface ListingSql {
  minPrice: string;
  maxDiscount: string;
  inStock: string;
  sold: string | null;
}

export function listingIn(country: CountryCode): ListingSql {
  if (pricingOf(country) === 'converted')
    return { minPrice: 'p.min_price', maxDiscount: 'p.max_discount', inStock: 'p.in_stock = 1', sold: null };
  const c = quoted(country);
  const row = (column: string) =>
    `(SELECT l.${column} FROM product_country_prices l WHERE l.product_id = p.id AND l.country = ${c})`;
  return {
    minPrice: row('min_price'),
    maxDiscount: row('max_discount'),
    inStock: `EXISTS (SELECT 1 FROM skus k JOIN sku_country_prices cp ON cp.sku_id = k.id AND cp.country = ${c} WHERE k.product_id = p.id AND k.stock > 0)`,
    sold: `p.id IN (SELECT l.product_id FROM product_country_prices l WHERE l.country = ${c})`,
  };
}

/**
 * The JavaScript half, for a statement that reads a SKU once for people of several countries (an
 * alert's wave): its own-priced countries' prices as one JSON column (`ownPricesColumn`), and
 * `priceIn` to pick a country's from the row: the row's own price in a converted country, the
 * owner's in an own-priced one, null where that country does not sell it.
 */
export const ownPricesColumn = (s: string) =>
  `(SELECT json_group_object(cp.country, json_array(cp.price, cp.old_price)) FROM sku_country_prices cp WHERE cp.sku_id = ${s}.id)`;

export interface SkuPrice {
  price: number;
  old_price: number | null;
}

export function priceIn(country: CountryCode, row: SkuPrice, ownPrices: string | null): SkuPrice | null {
  if (pricingOf(country) === 'converted') return { price: row.price, old_price: row.old_price };
  const own = ownPrices ? (JSON.parse(ownPrices) as Record<string, [number, number | null]>)[country] : undefined;
  return own ? { price: own[0], old_price: own[1] } : null;
}
