// Capped counts (decision 24): a listing or search with thousands of matches says "1,000+" instead of
// counting every one, the way Algolia caps nbHits and Elasticsearch track_total_hits. Counting stops
// at the cap + 1st row, so a broad query costs what a 1,000-match one does, at any catalogue size.

/** Above this many matches the count is shown as "1,000+". */
export const COUNT_CAP = 1000;

/** A count statement over `from` and `where` that stops reading rows once it is past the cap. */
export function cappedCountSql(from: string, where: string): string {
  return `SELECT count(*) AS n FROM (SELECT 1 FROM ${from} WHERE ${where} LIMIT ${COUNT_CAP + 1})`;
}

/** The count to show and whether there are more matches than it says. */
export function cappedTotal(n: number): { total: number; total_capped: boolean } {
  return n > COUNT_CAP ? { total: COUNT_CAP, total_capped: true } : { total: n, total_capped: false };
}
