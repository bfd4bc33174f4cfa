// Outside production only: a request carrying `x-d1-sql: 1` is answered with the distinct D1 statements
// behind it in the same header (URI-encoded JSON array of SQL texts). The API's query-count middleware
// names them; the storefront and the staff worker pass the ask on and gather the answers of their API
// calls, so the capacity bench (bench/capacity-pages.mjs) can EXPLAIN exactly what a page runs.
export const D1_SQL_HEADER = 'x-d1-sql';

export const encodeD1Sql = (sql: Iterable<string>) => encodeURIComponent(JSON.stringify([...sql]));

/** The statements of an answer's header (none when it is missing or not ours). */
export function decodeD1Sql(value: string | null | undefined): string[] {
  if (!value) return [];
  try {
    const list: unknown = JSON.parse(decodeURIComponent(value));
    return Array.isArray(list) ? list.filter((s): s is string => typeof s === 'string') : [];
  } catch {
    return [];
  }
}
