// Typed calls to the catalogue API, used by route loaders on both sides.
import { data } from 'react-router';
import { ApiFailure, type ApiClient } from '#shared/api/client';
import type { BloodTestCard } from '#shared/blood-tests/catalogue-types';
import type { ProductQuery } from '#shared/catalogue/filter-model';
import type { Brand, Category, Page, ProductCard, ProductDetail, SearchSuggestions } from '#shared/catalogue/types';
import type { NutritionistOfferCard, NutritionistOfferDetail } from '#shared/consultations/types';

export interface HomeSection {
  id: number;
  type: 'banner' | 'categories' | 'popular' | 'brands' | 'nutritionist_banner' | 'quiz' | 'collection' | 'for_you';
  title: string;
  // biome-ignore lint/suspicious/noExplicitAny: each section type's data is cast where home.tsx draws it
  data: any;
}

export interface FacetsData {
  total: number;
  /** More matches than `total` (the API's count cap): shown as "1,000+". */
  total_capped?: boolean;
  currency: string;
  sorts: Array<{ key: string; value: 'asc' | 'desc' }>;
  /** The categories, brands and attributes chosen in the filters that exist, by id (title, brand header, chips). */
  selected?: {
    categories: Array<{ id: number; slug: string; name: string; color: string }>;
    brands: Array<{
      id: number;
      slug: string;
      name: string;
      description: string;
      color: string;
      logo: { url: string; width: number; height: number; og?: string };
    }>;
    attributes?: Array<{ id: number; slug: string; name: string }>;
  };
  filters: Array<{
    key: string;
    type: string;
    count?: number;
    items?: Array<{ id: number; name: string; count: number; parent_id?: number | null }>;
    groups?: Array<{ group: string; items: Array<{ id: number; name: string; count: number }> }>;
    range?: { min: number; max: number };
    result_range?: { min: number; max: number } | null;
    quick?: Array<{ id: string; range: { min: number; max: number } }>;
  }>;
}

/**
 * When a search finds nothing: the popular products of the category closest to the query.
 * @public The pages' loaders' declarations name it (TS4058).
 */
export interface SearchFallback {
  category: { id: number; slug: string; name: string };
  items: ProductCard[];
}

/**
 * suggestion: the corrected query the results are for; fallback: only when nothing was found;
 * total_capped: there are more matches than `total` (the API stops counting at its cap, decision 24).
 */
export type Listing = Page<ProductCard> & {
  corrected: boolean;
  /** A search's first page: the blood tests it finds, priced in `blood_test_currency`. */
  blood_tests?: BloodTestCard[];
  blood_test_currency?: string;
  suggestion?: string | null;
  fallback?: SearchFallback | null;
  total_capped?: boolean;
  /** With `with_facets: true` in the query: the filters, as /product/filter-sort answers them. */
  facets?: FacetsData;
};

/** Turns an API 404 into the router's 404, so the page shows not-found with a real status. */
export async function orNotFound<T>(call: Promise<{ data: T }>): Promise<T> {
  try {
    return (await call).data;
  } catch (error) {
    if (error instanceof ApiFailure && error.status === 404) throw data(null, { status: 404 });
    throw error;
  }
}

export const catalogue = {
  home: (api: ApiClient) =>
    api.get<{ sections: HomeSection[] }>('/homepage/v4', { cache: true }).then((r) => r.data.sections),
  list: (api: ApiClient, query: ProductQuery, page: number) =>
    api.post<Listing>(page > 1 ? `/product/${page}` : '/product', query).then((r) => r.data),
  facets: (api: ApiClient, query: ProductQuery) =>
    api.post<FacetsData>('/product/filter-sort', query).then((r) => r.data),
  product: (api: ApiClient, slug: string) =>
    orNotFound(api.get<ProductDetail>(`/product/${encodeURIComponent(slug)}/v2`)),
  categories: (api: ApiClient) =>
    api.get<{ items: Category[] }>('/category?includes=children', { cache: true }).then((r) => r.data.items),
  brands: (api: ApiClient) => api.get<{ items: Brand[] }>('/brand', { cache: true }).then((r) => r.data.items),
  nutritionists: (api: ApiClient) =>
    api.get<{ items: NutritionistOfferCard[] }>('/nutritionist').then((r) => r.data.items),
  nutritionist: (api: ApiClient, ref: string) =>
    orNotFound(api.get<NutritionistOfferDetail>(`/nutritionist/${encodeURIComponent(ref)}`)),
  suggest: (api: ApiClient, q: string, signal?: AbortSignal) =>
    api.get<SearchSuggestions>(`/product/search?q=${encodeURIComponent(q)}&limit=6`, { signal }).then((r) => r.data),
  recentTerms: (api: ApiClient) =>
    api.get<{ items: Array<{ term: string }> }>('/search/term').then((r) => r.data.items.map((i) => i.term)),
  saveTerm: (api: ApiClient, term: string) => api.post('/search/set-term', { term }),
  clearTerms: (api: ApiClient) => api.post('/search/clear', {}),
};
