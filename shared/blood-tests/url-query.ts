// The /blood-test page's filters and sort live in its URL (?category=&kind=&fasting=&max_price=&sort=&q=).
// A hand-edited or stale URL never breaks the page: values that are not valid are dropped, so the API
// (which refuses them with 400) is only asked for what it accepts.
import { BLOOD_TEST_SORTS, bloodTestListQuery, type BloodTestListQuery } from '../api/blood-test-schemas';

export function bloodTestQueryFromUrl(params: URLSearchParams): BloodTestListQuery {
  const query: BloodTestListQuery = {};
  const pick = <K extends keyof BloodTestListQuery>(key: K, raw: string | null) => {
    if (raw === null || raw === '') return;
    const parsed = bloodTestListQuery.shape[key].safeParse(raw);
    if (parsed.success && parsed.data !== undefined) query[key] = parsed.data as BloodTestListQuery[K];
  };
  pick('category', params.get('category'));
  pick('kind', params.get('kind'));
  pick('fasting', params.get('fasting'));
  pick('max_price', params.get('max_price'));
  pick('sort', params.get('sort'));
  pick('search', params.get('q')?.trim().slice(0, 100) ?? null);
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
