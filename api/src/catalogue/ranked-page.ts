// The ids of one page of a search sorted by relevance, at any catalogue size, in one statement (decision 25).
//
// bm25 costs a B-tree read per match (the row's column sizes) and the tiers an FTS query each: fine
// for a few hundred matches, 130 ms for "vitamin d3" at 50,000 products (9,400 matches). So the
// statement picks one of three plans itself, from counts that stop early:
// - A, at most RANK_ALL matches: every match ranked by tier, stock, bm25 and popularity (relevanceOrder),
//   the bm25 scan materialised once so that no filter can make the planner re-run it per product;
// - B, more matches and, when filtered, more than DENSE of them left by the filters: tier by tier, each
//   read in stock first and by popularity from an index until the page is full (Algolia's
//   "textual criteria, then custom ranking"). With that many matches they are dense enough that a
//   page is found after a few thousand index entries at most, and later tiers are never read;
// - C, many matches but few after the filters: those few sorted by tier, stock and popularity.
// Each plan's loops start with a test of the chosen plan that SQLite evaluates once, before the loop,
// so the two plans not chosen cost nothing.
import type { CompiledQuery } from './query';
import { relevanceOrder, type SearchMatch } from './search';

/** At most this many matches are ranked by bm25 (plan A). */
const RANK_ALL = 2000;
/** A filtered search with more matches than this is read in popularity order (plan B). */
const DENSE = 500;

const literal = (s: string) => `'${s.replaceAll("'", "''")}'`;
const is = (plan: Plan) => `(SELECT name FROM plan) = '${plan}'`;
type Plan = 'A' | 'B' | 'C';
// The plan test is inside each FTS query's MATCH: SQLite builds the set an IN drives its loop with before
// it tests the loop's constant conditions, and runs an FTS query before testing a row, so a test beside
// the MATCH still read every match of a plan not chosen (17 ms for "vitamin d3" in a category at 50,000
// products). The empty phrase "" matches nothing at once.
const onlyIn = (plan: Plan, expr: string) => `CASE WHEN ${is(plan)} THEN ${expr} ELSE '""' END`;
const inSet = (expr: string, plan: Plan) =>
  `p.id IN (SELECT rowid FROM product_search WHERE product_search MATCH ${onlyIn(plan, literal(expr))})`;

/** Terms joined by UNION ALL in pairs, in order: D1 allows only a few terms per compound SELECT. */
function unionAll(terms: string[]): string {
  if (terms.length === 1) return terms[0]!;
  const half = Math.ceil(terms.length / 2);
  return `SELECT * FROM (${unionAll(terms.slice(0, half))}) UNION ALL SELECT * FROM (${unionAll(terms.slice(half))})`;
}

/** Relevance tiers as conditions, best first: every word in the name; in name and brand; in the description; the rest. */
function tierConditions(m: SearchMatch, plan: Plan): string[] {
  const t0 = inSet(m.inName, plan);
  // One word: "some word in the name" is "every word in the name", so tier 1 is empty.
  const t1 = m.groups.length === 1 ? null : `(${inSet(m.anyInName, plan)} AND ${inSet(m.inNameAndBrand, plan)})`;
  const t2 = inSet(m.inDescription, plan);
  const not = (...c: Array<string | null>) => c.filter(Boolean).map((x) => `NOT ${x}`);
  return [
    t0,
    ...(t1 ? [[t1, ...not(t0)].join(' AND ')] : []),
    [t2, ...not(t0, t1)].join(' AND '),
    [inSet(m.match, plan), ...not(t0, t1, t2)].join(' AND '),
  ];
}

/**
 * A statement whose rows are the page's ids, in order; its parameters are returned with it.
 * `pageEnd` is offset + per page: each plan needs at most that many rows.
 */
export function rankedPageIds(
  m: SearchMatch,
  compiled: CompiledQuery,
  perPage: number,
  offset: number,
): { sql: string; params: unknown[] } {
  const pageEnd = offset + perPage;
  const params: unknown[] = [];
  const bind = (...p: unknown[]) => {
    params.push(...p);
    return '';
  };
  const f = () => `${compiled.filterWhere}${bind(...compiled.filterParams)}`;
  const all = () => `${compiled.where}${bind(...compiled.params)}`;

  const plan = `plan AS MATERIALIZED (SELECT CASE
      WHEN (SELECT count(*) FROM (SELECT 1 FROM product_search WHERE product_search MATCH ?${bind(m.match)} LIMIT ${RANK_ALL + 1})) <= ${RANK_ALL} THEN 'A'
      ${compiled.filtered ? `WHEN (SELECT count(*) FROM (SELECT 1 FROM products p WHERE ${all()} LIMIT ${DENSE + 1})) <= ${DENSE} THEN 'C'` : ''}
      ELSE 'B' END AS name)`;
  const rank = `r AS MATERIALIZED (SELECT rowid AS pid, bm25(product_search, 10.0, 5.0, 3.0, 2.0, 2.0) AS rank,
      bm25(product_search, 1.0, 0.0, 0.0, 0.0, 0.0) AS in_name, bm25(product_search, 0.0, 0.0, 1.0, 1.0, 1.0) AS in_desc
      FROM product_search WHERE product_search MATCH ${onlyIn('A', `?${bind(m.match)}`)})`;

  const a = `SELECT * FROM (SELECT p.id FROM r JOIN products p ON p.id = r.pid WHERE ${is('A')} AND ${f()}
      ORDER BY ${relevanceOrder(m)}, p.id LIMIT ${pageEnd})`;
  // The index products_stock_popularity read backwards gives in stock first, then popularity, then id.
  // Named: without it SQLite sorts every match of the tier (51 ms instead of 12 at 200,000 products).
  const b = tierConditions(m, 'B').map(
    (
      tier,
    ) => `SELECT * FROM (SELECT p.id FROM products p INDEXED BY products_stock_popularity WHERE ${is('B')} AND ${f()} AND ${tier}
      ORDER BY p.in_stock DESC, p.popularity DESC, p.id DESC LIMIT ${pageEnd})`,
  );
  // Built only when used: building it binds its parameters.
  const c = compiled.filtered
    ? [
        `SELECT * FROM (SELECT p.id FROM products p WHERE ${is('C')} AND ${compiled.narrowed ? '+' : ''}${inSet(m.match, 'C')} AND ${f()}
      ORDER BY CASE ${tierConditions(m, 'C')
        .map((t, i) => `WHEN ${t} THEN ${i}`)
        .join(' ')} END, p.in_stock DESC, p.popularity DESC, p.id LIMIT ${pageEnd})`,
      ]
    : [];

  const sql = `WITH ${plan}, ${rank}
    SELECT id FROM (${unionAll([a, ...b, ...c])}) LIMIT ${perPage} OFFSET ${offset}`;
  return { sql, params };
}
