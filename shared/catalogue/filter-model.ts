// The product filter model of spec §3, validated on both sides with the same schema.
import { z } from '../zod';

import { FILTER_KEYS, SORT_KEYS } from './filter-keys';

export type { FilterKey } from './filter-keys';

const id = z.number().int().positive();

const filterSchema = z.object({
  key: z.enum(FILTER_KEYS),
  type: z.enum(['range', 'multiSelect', 'boolean', 'singleSelect', 'custom']),
  operation_type: z.string().max(20).optional(),
  items_operation: z.enum(['and', 'or']).optional(),
  items: z.array(id).max(100).optional(),
  stringItems: z.array(z.string().max(60)).max(100).optional(),
  /** For sku_price: major units of the request's currency (KWD for Kuwait, SAR for Saudi Arabia). */
  range: z
    .object({ min: z.number().min(0).max(1_000_000).optional(), max: z.number().min(0).max(1_000_000).optional() })
    .refine((r) => r.min === undefined || r.max === undefined || r.min <= r.max, { message: 'min_above_max' })
    .optional(),
  value: z.boolean().optional(),
});
export type Filter = z.infer<typeof filterSchema>;

export const productQuerySchema = z.object({
  sort: z.object({ key: z.enum(SORT_KEYS), value: z.enum(['asc', 'desc']) }).optional(),
  search: z.string().max(100).optional(),
  filters: z.array(filterSchema).max(20).default([]),
  per_page: z.number().int().min(1).max(60).default(24),
  /** A listing only: answer the filters (as /product/filter-sort) with the results, in one round trip. */
  with_facets: z.boolean().optional(),
});
export type ProductQuery = z.infer<typeof productQuerySchema>;

/**
 * Merges every attributes_id filter into one multiSelect filter with the 'or' operation (spec §3),
 * drops empty filters, and keeps one filter per other key (the last wins).
 */
export function normalizeFilters(filters: Filter[]): Filter[] {
  const out = new Map<string, Filter>();
  const attributeIds = new Set<number>();
  for (const f of filters) {
    if (f.key === 'attributes_id') {
      for (const i of f.items ?? []) attributeIds.add(i);
      continue;
    }
    if (f.type === 'multiSelect' && !f.items?.length) continue;
    out.set(f.key, f);
  }
  const merged = [...out.values()];
  if (attributeIds.size)
    merged.push({
      key: 'attributes_id',
      type: 'multiSelect',
      items_operation: 'or',
      items: [...attributeIds].sort((a, b) => a - b),
    });
  return merged;
}
