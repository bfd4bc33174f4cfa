// Path and query values are parsed by each route's contract, beside its handler (api/src/contract/validate.ts).
import { ApiError } from './errors';

/** A numeric id or a slug, as the catalogue routes accept both. */
export function idOrSlug(raw: string): { id: number | null; slug: string } {
  if (!/^[a-z0-9-]{1,160}$/.test(raw)) throw new ApiError(404, 'not_found');
  return /^\d+$/.test(raw) ? { id: Number(raw), slug: raw } : { id: null, slug: raw };
}

export function paged<T>(items: T[], page: number, perPage: number, total: number) {
  return { items, page, per_page: perPage, total, page_count: Math.max(1, Math.ceil(total / perPage)) };
}
