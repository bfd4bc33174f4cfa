// Listing filters live in the URL so a listing can be shared and the back button works:
// /products?q=zinc&category=1,2&brand=3&attr=4,5&price=0-25&available=1&free=1&sale=1&sort=price-asc&page=2
import { SORT_KEYS, type SortKey } from './filter-keys';
import type { Filter, ProductQuery } from './filter-model';

export interface ListingState {
  query: ProductQuery;
  page: number;
}

const ids = (value: string | null): number[] =>
  (value ?? '')
    .split(',')
    .map((v) => Number(v))
    // Only ids the API's schema accepts (safe integers): ?category=99999999999999999999 made it
    // answer 400, and the listing page a 500.
    .filter((n) => Number.isSafeInteger(n) && n > 0)
    .slice(0, 50);

export function listingFromSearchParams(params: URLSearchParams, perPage = 24): ListingState {
  const filters: Filter[] = [];
  const category = ids(params.get('category'));
  const brand = ids(params.get('brand'));
  const attr = ids(params.get('attr'));
  if (category.length) filters.push({ key: 'category_id', type: 'multiSelect', items: category });
  if (brand.length) filters.push({ key: 'brand_id', type: 'multiSelect', items: brand });
  if (attr.length) filters.push({ key: 'attributes_id', type: 'multiSelect', items_operation: 'or', items: attr });
  const price = /^(\d{1,7}(?:\.\d{1,3})?)?-(\d{1,7}(?:\.\d{1,3})?)?$/.exec(params.get('price') ?? '');
  if (price && (price[1] || price[2])) {
    const min = price[1] ? Math.min(Number(price[1]), 1_000_000) : undefined;
    const max = price[2] ? Math.min(Number(price[2]), 1_000_000) : undefined;
    if (min === undefined || max === undefined || min <= max)
      filters.push({ key: 'sku_price', type: 'range', range: { min, max } });
  }
  if (params.get('available') === '1') filters.push({ key: 'only_available', type: 'boolean', value: true });
  if (params.get('free') === '1') filters.push({ key: 'free_delivery', type: 'boolean', value: true });
  if (params.get('sale') === '1') filters.push({ key: 'on_sale', type: 'boolean', value: true });

  const query: ProductQuery = { filters, per_page: perPage };
  const sort = /^([a-z]+)-(asc|desc)$/.exec(params.get('sort') ?? '');
  if (sort && (SORT_KEYS as readonly string[]).includes(sort[1]!))
    query.sort = { key: sort[1] as SortKey, value: sort[2] as 'asc' | 'desc' };
  const q = params.get('q')?.trim();
  if (q) query.search = q.slice(0, 100);
  const page = Number(params.get('page'));
  return { query, page: Number.isInteger(page) && page > 1 && page <= 10_000 ? page : 1 };
}

export function searchParamsFromListing(state: ListingState): URLSearchParams {
  const p = new URLSearchParams();
  const { query } = state;
  if (query.search) p.set('q', query.search);
  for (const f of query.filters) {
    if (f.key === 'category_id' && f.items?.length) p.set('category', f.items.join(','));
    if (f.key === 'brand_id' && f.items?.length) p.set('brand', f.items.join(','));
    if (f.key === 'attributes_id' && f.items?.length) p.set('attr', f.items.join(','));
    if (f.key === 'sku_price' && f.range) p.set('price', `${f.range.min ?? ''}-${f.range.max ?? ''}`);
    if (f.key === 'only_available' && f.value) p.set('available', '1');
    if (f.key === 'free_delivery' && f.value) p.set('free', '1');
    if (f.key === 'on_sale' && f.value) p.set('sale', '1');
  }
  if (query.sort) p.set('sort', `${query.sort.key}-${query.sort.value}`);
  if (state.page > 1) p.set('page', String(state.page));
  return p;
}

/** The ids of the chosen categories, brands and attributes that exist (the facets' `selected`). */
export interface KnownIds {
  category: number[];
  brand: number[];
  attr: number[];
}

const ID_FILTERS = { category_id: 'category', brand_id: 'brand', attributes_id: 'attr' } as const;

/**
 * The listing without ids that name nothing (/products?brand=999): such an id would show as a raw
 * "999" chip over "0 products" and stay in the canonical URL. Null when every id is known; else the
 * state to go to, from its first page (the result changed). A filter left with no id is removed.
 */
export function withoutUnknownIds(state: ListingState, known: KnownIds): ListingState | null {
  let dropped = false;
  const filters = state.query.filters.flatMap((f): Filter[] => {
    const kind = ID_FILTERS[f.key as keyof typeof ID_FILTERS];
    if (!kind || !f.items) return [f];
    const items = f.items.filter((id) => known[kind].includes(id));
    if (items.length === f.items.length) return [f];
    dropped = true;
    return items.length ? [{ ...f, items }] : [];
  });
  return dropped ? { query: { ...state.query, filters }, page: 1 } : null;
}
