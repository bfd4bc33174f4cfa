// D1 read replicas through the Sessions API (decision 40): the API answers each shopper call with the
// bookmark of the database state it saw (or wrote), the storefront keeps the latest one in a cookie (worker/lib/session.ts) and
// sends it with her next call, and D1 then reads from a replica at least that recent. So a shopper
// always reads her own writes (a cart sync, an order, an uploaded result) while reads with no bookmark
// go to the nearest replica.

export const D1_BOOKMARK_HEADER = 'x-d1-bookmark';

/** A D1 bookmark: four hex fields of fixed width (so that later bookmarks sort after earlier ones). */
const BOOKMARK = /^[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{32}$/;

export function isBookmark(value: unknown): value is string {
  return typeof value === 'string' && BOOKMARK.test(value);
}

/**
 * The later of a held bookmark (checked already, or null) and another (checked here: anything else is
 * no bookmark). Fixed-width hex: the later state sorts last.
 */
export function laterBookmark(held: string | null, other: string | null | undefined): string | null {
  if (!isBookmark(other)) return held;
  return held && held >= other ? held : other;
}
