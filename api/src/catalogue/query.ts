// Compiles the spec §3 filter model into SQL over the denormalised product columns.
import { normalizeFilters, type ProductQuery } from '#shared/catalogue/filter-model';
import type { Lang } from '#shared/locale';
import { payableBoundToBase, type CurrencyInfo } from '#shared/money';
import { col } from './lang';
import { RANK_JOIN, relevanceOrder, type SearchMatch } from './search';

export interface CompiledQuery {
  /** Joins after the card FROM (the search rank). */
  join: string;
  where: string;
  params: unknown[];
  orderBy: string;
}

function placeholders(n: number): string {
  return Array.from({ length: n }, () => '?').join(', ');
}

/**
 * A price bound typed in the shopper's currency (major units, VAT included as every shown price) as
 * base fils: the min bound is the smallest base price shown at or above it, the max bound the
 * largest shown at or below it, so a product matches exactly when its card price is in the range.
 */
export function majorToFils(amount: number, currency: CurrencyInfo, bound: 'min' | 'max'): number {
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

/** match: a bare FTS5 expression ranks by bm25 alone; a SearchMatch ranks by its relevance tiers. */
export function compileProductQuery(
  q: ProductQuery,
  lang: Lang,
  currency: CurrencyInfo | null,
  search: SearchMatch | string | null,
): CompiledQuery {
  const match = typeof search === 'string' ? search : (search?.match ?? null);
  const where: string[] = ['p.is_active = 1'];
  const params: unknown[] = [];
  const joinParams: unknown[] = [];
  let join = '';

  if (match) {
    join =
      typeof search === 'string'
        ? 'JOIN (SELECT rowid AS pid, bm25(product_search, 10.0, 5.0, 3.0, 2.0, 2.0) AS rank FROM product_search WHERE product_search MATCH ?) r ON r.pid = p.id'
        : RANK_JOIN;
    joinParams.push(match);
  }

  for (const f of normalizeFilters(q.filters)) {
    switch (f.key) {
      case 'sku_price': {
        if (!currency && (f.range?.min !== undefined || f.range?.max !== undefined))
          throw new Error('a price filter needs the currency');
        if (f.range?.min !== undefined) {
          where.push('p.min_price >= ?');
          params.push(majorToFils(f.range.min, currency!, 'min'));
        }
        if (f.range?.max !== undefined) {
          where.push('p.min_price <= ?');
          params.push(majorToFils(f.range.max, currency!, 'max'));
        }
        break;
      }
      case 'only_available':
        if (f.value !== false) where.push('p.in_stock = 1');
        break;
      case 'free_delivery':
        if (f.value !== false) where.push('p.free_delivery = 1');
        break;
      case 'on_sale':
        if (f.value !== false) where.push('p.max_discount > 0');
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
    relevance:
      search && typeof search !== 'string'
        ? relevanceOrder(search)
        : match
          ? 'r.rank ASC, p.popularity DESC'
          : 'p.popularity DESC',
    popularity: `p.popularity ${dir}`,
    price: `p.min_price ${q.sort ? dir : 'ASC'}`,
    newest: `p.created_at ${dir}`,
    discount: `p.max_discount ${dir}`,
    name: `p.${col('name', lang)} ${q.sort ? dir : 'ASC'}`,
  }[key];

  return { join, where: where.join(' AND '), params: [...joinParams, ...params], orderBy: `${orderBy}, p.id ASC` };
}
