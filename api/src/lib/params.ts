import { ApiError } from './errors';

/** A 1-based page number from the path; absent means 1. */
export function pageParam(raw: string | undefined): number {
  if (raw === undefined) return 1;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > 100_000) throw new ApiError(400, 'bad_request');
  return n;
}

/** A numeric id or a slug, as the catalogue routes accept both. */
export function idOrSlug(raw: string): { id: number | null; slug: string } {
  if (!/^[a-z0-9-]{1,160}$/.test(raw)) throw new ApiError(404, 'not_found');
  return /^\d+$/.test(raw) ? { id: Number(raw), slug: raw } : { id: null, slug: raw };
}

export function paged<T>(items: T[], page: number, perPage: number, total: number) {
  return { items, page, per_page: perPage, total, page_count: Math.max(1, Math.ceil(total / perPage)) };
}

/**
 * A whole-number query parameter: absent gives `fallback`; anything but plain ASCII digits (1.5, -1,
 * 1e3, 0x10, Arabic-Indic digits, empty) is a 400, never a number SQL chokes on; in range it is clamped.
 */
export function intQuery(raw: string | undefined, options: { fallback: number; min: number; max: number }): number {
  if (raw === undefined) return options.fallback;
  if (!/^[0-9]{1,9}$/.test(raw)) throw new ApiError(400, 'bad_request');
  return Math.min(Math.max(Number(raw), options.min), options.max);
}
