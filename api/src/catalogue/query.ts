// Compiles the spec §3 filter model into SQL over the denormalised product columns.
import { normalizeFilters, type ProductQuery } from '#shared/catalogue/filter-model';
import type { CountryCode, Lang } from '#shared/locale';
import { payableBoundToBase, type CurrencyInfo } from '#shared/money';
import { col } from '../lib/lang';
import { listingIn, type ListingSql } from '../db/country-prices';
import type { SearchMatch } from './search';

const MATCH_SET = 'p.id IN (SELECT rowid FROM product_search WHERE product_search MATCH ?)';
const NARROWING = new Set(['brand_id', 'category_id', 'attributes_id']);

export interface CompiledQuery {
  /** Every condition: the filters and, for a search, membership of the FTS match set. */
  where: string;
  params: unknown[];
  /** The filters alone (a ranked search tests membership through its relevance tiers instead). */
  filterWhere: string;
  filterParams: unknown[];
  /** Whether the shopper filtered beyond the active-product condition. */
  filtered: boolean;
  /** Whether a brand, category or attribute narrows the products: their index drives, not the match set. */
  narrowed: boolean;
  /** The order of a non-relevance sort, or a listing without a search; null: rank the search (ranked-page.ts). */
  orderBy: string | null;
  /** The country's listing columns (its lowest price, saving, availability), for the facets' own reads. */
  listing: ListingSql;
}

function placeholders(n: number): string {
  return Array.from({ length: n }, () => '?').join(', ');
}

/**
 * A price bound typed in the shopper's currency (major units, VAT included as every shown price) as
 * the listing's price (base fils in a converted country, the amount itself in an own-priced one): the min bound is the smallest base price shown at or above it, the max bound the
 * largest shown at or below it, so a product matches exactly when its card price is in the range.
 */
function majorToFils(amount: number, currency: CurrencyInfo, bound: 'min' | 'max'): number {
  const scaled = amount * 10 ** currency.decimals;
  // Float noise (19.99 × 100 = 1998.9999…) must not move a bound by a minor unit.
  const minor = bound === 'min' ? Math.ceil(scaled - 1e-6) : Math.floor(scaled + 1e-6);
  return payableBoundToBase(minor, currency, bound);
}

/** Whether compiling the query needs the shopper's currency (only a price filter does). */
export function needsCurrency(q: ProductQuery): boolean {
  return normalizeFilters(q.filters).some(
    (f) => f.key === 'sku_price' && f.range && (f.range.min !== undefined || f.range.max !== undefined),
  );
}

/**
 * The search is a membership test (`p.id IN` the FTS match set, built once per statement): counts and
 * facets need no rank, and a join to the FTS table let the planner re-run the MATCH for every product
 * of a brand (3 s for a brand-filtered search at 50,000 products).
 */
export function compileProductQuery(
  q: ProductQuery,
  lang: Lang,
  currency: CurrencyInfo | null,
  search: SearchMatch | null,
  /** The shopper's country: its prices, and in an own-priced country only the products it sells. */
  country: CountryCode,
): CompiledQuery {
  const match = search?.match ?? null;
  const listing = listingIn(country);
  const where: string[] = [listing.sold ? `p.is_active = 1 AND ${listing.sold}` : 'p.is_active = 1'];
  const params: unknown[] = [];

  for (const f of normalizeFilters(q.filters)) {
    switch (f.key) {
      case 'sku_price': {
        if (!currency && (f.range?.min !== undefined || f.range?.max !== undefined))
          throw new Error('a price filter needs the currency');
        if (f.range?.min !== undefined) {
          where.push(`${listing.minPrice} >= ?`);
          params.push(majorToFils(f.range.min, currency!, 'min'));
        }
        if (f.range?.max !== undefined) {
          where.push(`${listing.minPrice} <= ?`);
          params.push(majorToFils(f.range.max, currency!, 'max'));
        }
        break;
      }
      case 'only_available':
        if (f.value !== false) where.push(listing.inStock);
        break;
      case 'free_delivery':
        if (f.value !== false) where.push('p.free_delivery = 1');
        break;
      case 'on_sale':
        if (f.value !== false) where.push(`${listing.maxDiscount} > 0`);
        break;
      case 'brand_id':
        where.push(`p.brand_id IN (${placeholders(f.items!.length)})`);
        params.push(...f.items!);
        break;
      case 'category_id':
        // A top-level category includes its children; one IN list lets the category index serve it.
        where.push(
          `p.category_id IN (SELECT id FROM categories WHERE id IN (${placeholders(f.items!.length)}) OR parent_id IN (${placeholders(f.items!.length)}))`,
        );
        params.push(...f.items!, ...f.items!);
        break;
      case 'attributes_id': {
        const ids = f.items!;
        if (f.items_operation === 'and') {
          where.push(
            `p.id IN (SELECT product_id FROM product_attributes WHERE attribute_id IN (${placeholders(ids.length)}) GROUP BY product_id HAVING count(*) = ?)`,
          );
          params.push(...ids, ids.length);
        } else {
          // EXISTS probes the (product_id, attribute_id) key per candidate instead of building a list.
          where.push(
            `EXISTS (SELECT 1 FROM product_attributes pa WHERE pa.product_id = p.id AND pa.attribute_id IN (${placeholders(ids.length)}))`,
          );
          params.push(...ids);
        }
        break;
      }
    }
  }

  const dir = q.sort?.value === 'asc' ? 'ASC' : 'DESC';
  const key = q.sort?.key ?? (match ? 'relevance' : 'popularity');
  const orderBy = {
    relevance: match ? null : 'p.popularity DESC',
    popularity: `p.popularity ${dir}`,
    price: `${listing.minPrice} ${q.sort ? dir : 'ASC'}`,
    newest: `p.created_at ${dir}`,
    discount: `${listing.maxDiscount} ${dir}`,
    // The Bayesian score of decision 44: many good ratings above one perfect one; unrated last.
    rating: `p.rating_score ${dir}`,
    name: `p.${col('name', lang)} ${q.sort ? dir : 'ASC'}`,
  }[key];

  const filterWhere = where.join(' AND ');
  // With a brand, category or attribute chosen, read that index and test each product against the match
  // set ("+" keeps SQLite from driving the loop from the set instead: 92 → 54 ms for a search within a
  // category at 200,000 products); otherwise the set drives.
  const narrowed = normalizeFilters(q.filters).some((f) => NARROWING.has(f.key));
  return {
    where: match ? `${narrowed ? '+' : ''}${MATCH_SET} AND ${filterWhere}` : filterWhere,
    params: match ? [match, ...params] : params,
    filterWhere,
    filterParams: params,
    filtered: where.length > 1,
    narrowed,
    orderBy: orderBy === null ? null : `${orderBy}, p.id ASC`,
    listing,
  };
}
