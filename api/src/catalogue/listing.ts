// Product listing: a capped count and the page in one D1 batch (one round trip).
import type { ProductQuery } from '#shared/catalogue/filter-model';
import type { CountryCode, Lang } from '#shared/locale';
import type { CurrencyInfo } from '#shared/money';
import { paged } from '../lib/params';
import { cappedCountSql, cappedTotal } from './capped-count';
import { cardFrom, cardColumns, toCard, type CardRow } from './cards';
import { compileProductQuery, type CompiledQuery } from './query';
import { rankedPageIds } from './ranked-page';
import type { SearchMatch } from './search';

/** currency: needed only for a price filter (see needsCurrency). */
export async function runListing(
  db: D1Database,
  q: ProductQuery,
  lang: Lang,
  currency: CurrencyInfo | null,
  match: SearchMatch | null,
  page: number,
  country: CountryCode,
  /** More statements for the same batch (a search page's blood tests and facets); their results come back as `also`. */
  also: D1PreparedStatement[] = [],
) {
  const compiled = compileProductQuery(q, lang, currency, match, country);
  const offset = (page - 1) * q.per_page;
  // The page's ids: a ranked search picks its own plan (ranked-page.ts); anything else is a top-N sort
  // (ORDER BY … LIMIT keeps only the page), numbered afterwards.
  const ids =
    compiled.orderBy === null && match
      ? rankedPageIds(match, compiled, q.per_page, offset)
      : {
          sql: `SELECT p.id FROM products p WHERE ${compiled.where} ORDER BY ${compiled.orderBy} LIMIT ? OFFSET ?`,
          params: [...compiled.params, q.per_page, offset],
        };
  // Filters touch only product columns: count and pick the page's ids on products alone, then build
  // the cards (joins, image, in-stock SKU) for those few rows only.
  const [count, rows, ...alsoResults] = await db.batch([
    searchCount(db, compiled, match),
    db
      .prepare(
        `WITH ranked AS (${ids.sql}), page AS (SELECT id, row_number() OVER () AS pos FROM ranked)
         SELECT ${cardColumns(lang)} FROM ${cardFrom(country)} JOIN page ON page.id = p.id ORDER BY page.pos`,
      )
      .bind(...ids.params),
    ...also,
  ]);
  const { total, total_capped } = cappedTotal((count!.results[0] as { n: number }).n);
  return {
    listing: { ...paged((rows!.results as unknown as CardRow[]).map(toCard), page, q.per_page, total), total_capped },
    also: alsoResults,
  };
}

/**
 * The capped count. An unfiltered search joins its FTS matches (read in index order, stopping at the
 * cap); with filters the matches are a set the products are tested against, because a join let the
 * planner run the MATCH once per product of a brand (32 s for a brand-filtered search at 200,000).
 */
function searchCount(db: D1Database, compiled: CompiledQuery, match: SearchMatch | null): D1PreparedStatement {
  if (!match || compiled.filtered)
    return db.prepare(cappedCountSql('products p', compiled.where)).bind(...compiled.params);
  return db
    .prepare(
      cappedCountSql(
        'product_search JOIN products p ON p.id = product_search.rowid',
        `product_search MATCH ? AND ${compiled.filterWhere}`,
      ),
    )
    .bind(match.match, ...compiled.filterParams);
}
