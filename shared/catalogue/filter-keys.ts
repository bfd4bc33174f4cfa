// Filter and sort names of the spec §3 filter model, without zod, so browser code can use them
// without loading the validation library (filter-model.ts holds the schemas).
export const FILTER_KEYS = [
  'sku_price',
  'only_available',
  'free_delivery',
  'on_sale',
  'brand_id',
  'category_id',
  'attributes_id',
] as const;
export type FilterKey = (typeof FILTER_KEYS)[number];

export const SORT_KEYS = ['popularity', 'price', 'newest', 'discount', 'name', 'relevance', 'rating'] as const;
export type SortKey = (typeof SORT_KEYS)[number];
