// Product listing: a capped count and the page in one D1 batch (one round trip).
import type { ProductQuery } from '#shared/catalogue/filter-model';
import type { Lang } from '#shared/locale';
import type { CurrencyInfo } from '#shared/money';
import { paged } from '../lib/params';
import { cappedCountSql, cappedTotal } from './capped-count';
import { CARD_FROM, cardColumns, toCard, type CardRow } from './cards';
import { compileProductQuery } from './query';
import type { SearchMatch } from './search';

/**
 * currency: needed only for a price filter (see needsCurrency). extra: one more small statement to run
 * in the same batch (a search's blood tests), its rows returned as `extra`.
 */
export async function runListing(
  db: D1Database,
  q: ProductQuery,
  lang: Lang,
  currency: CurrencyInfo | null,
  match: SearchMatch | string | null,
  page: number,
  extra: D1PreparedStatement | null = null,
) {
  const compiled = compileProductQuery(q, lang, currency, match);
  const offset = (page - 1) * q.per_page;
  // Filters touch only product columns: count and pick the page's ids on products alone, then build
  // the cards (joins, image, in-stock SKU) for those few rows only.
  const [count, rows, extraRows] = await db.batch([
    db.prepare(cappedCountSql(`products p ${compiled.join}`, compiled.where)).bind(...compiled.params),
    db
      .prepare(
        // The page's ids by a top-N sort (ORDER BY … LIMIT keeps only the page), numbered afterwards: a
        // window over the whole match set sorted every match (a quarter of a search's time at 50k).
        `WITH ranked AS (SELECT p.id FROM products p ${compiled.join} WHERE ${compiled.where} ORDER BY ${compiled.orderBy} LIMIT ? OFFSET ?),
         page AS (SELECT id, row_number() OVER () AS pos FROM ranked)
         SELECT ${cardColumns(lang)} FROM ${CARD_FROM} JOIN page ON page.id = p.id ORDER BY page.pos`,
      )
      .bind(...compiled.params, q.per_page, offset),
    ...(extra ? [extra] : []),
  ]);
  const { total, total_capped } = cappedTotal((count!.results[0] as { n: number }).n);
  return {
    ...paged((rows!.results as unknown as CardRow[]).map(toCard), page, q.per_page, total),
    total_capped,
    extra: extraRows?.results ?? null,
  };
}
