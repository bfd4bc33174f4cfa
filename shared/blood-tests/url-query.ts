// The /blood-test page's filters and sort live in its URL (?category=&kind=&fasting=&max_price=&sort=&q=).
// A hand-edited or stale URL never breaks the page: values that are not valid are dropped, so the API
// (which refuses them with 400) is only asked for what it accepts. Plain checks, no zod: this runs in
// the page's own chunk, and zod would add ~24 kB gzip to it (url-query.test.ts keeps both in step).
import type { BloodTestListQuery } from '../api/blood-test-schemas';
import { BLOOD_TEST_CATEGORY_SLUG, BLOOD_TEST_MAX_PRICE, BLOOD_TEST_SORTS } from './list-params';

const oneOf = <T extends string>(list: readonly T[], raw: string | null): T | undefined =>
  list.includes(raw as T) ? (raw as T) : undefined;

export function bloodTestQueryFromUrl(params: URLSearchParams): BloodTestListQuery {
  const query: BloodTestListQuery = {};
  const category = params.get('category');
  if (category && BLOOD_TEST_CATEGORY_SLUG.test(category)) query.category = category;
  const kind = oneOf(['test', 'panel'] as const, params.get('kind'));
  if (kind) query.kind = kind;
  const fasting = oneOf(['yes', 'no'] as const, params.get('fasting'));
  if (fasting) query.fasting = fasting;
  const maxPrice = params.get('max_price');
  if (maxPrice && BLOOD_TEST_MAX_PRICE.test(maxPrice)) query.max_price = Number(maxPrice);
  const sort = oneOf(BLOOD_TEST_SORTS, params.get('sort'));
  if (sort) query.sort = sort;
  const search = params.get('q')?.trim().slice(0, 100);
  if (search) query.search = search;
  return query;
}

/** The API's query string for a parsed query (the page's `q` is the API's `search`). */
export function bloodTestApiQuery(query: BloodTestListQuery): string {
  const out = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) out.set(key, String(value));
  return out.toString();
}

/** The page's URL query for a parsed query, sort omitted when it is the default. */
export function bloodTestPageQuery(query: BloodTestListQuery): string {
  const out = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || (key === 'sort' && value === BLOOD_TEST_SORTS[0])) continue;
    out.set(key === 'search' ? 'q' : key, String(value));
  }
  const text = out.toString();
  return text ? `?${text}` : '';
}
