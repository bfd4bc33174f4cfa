// When a search finds nothing: the vocabulary correction ("did you mean") and, should that fail too,
// the popular products of the category closest to the query, so the journey never ends on an empty
// page. Both are read in one D1 batch. Searches that find little are logged for merchandising.
import type { Context } from 'hono';
import type { CountryCode, Lang } from '#shared/locale';
import type { ProductCard } from '#shared/catalogue/types';
import { matchExpression, queryKey } from '#shared/search/query';
import type { AppEnv } from '../app-env';
import { cardFrom, cardColumns, toCard, type CardRow } from './cards';
import { col } from '../lib/lang';
import { correctFromVocab, vocabLookup, type Correction, type SearchMatch } from './search';
import { log } from '../lib/log';

export interface Fallback {
  category: { id: number; slug: string; name: string };
  items: ProductCard[];
}

const FALLBACK_ITEMS = 8;
/** Fewer results than this is a search worth a merchandiser's look. */
const LOW_RESULTS = 3;

// The category most of the products matching any one query word belong to; with none, the best seller.
const CLOSEST_CATEGORY = `WITH near AS (
    SELECT p.category_id AS id, count(*) AS n FROM products p
    WHERE p.is_active = 1 AND p.id IN (SELECT rowid FROM product_search WHERE product_search MATCH ?1)
    GROUP BY p.category_id ORDER BY n DESC, p.category_id LIMIT 1),
  best AS (SELECT category_id AS id FROM products WHERE is_active = 1 GROUP BY category_id ORDER BY sum(popularity) DESC, category_id LIMIT 1)
  SELECT coalesce((SELECT id FROM near), (SELECT id FROM best)) AS id`;

/** log: the shopper's query, language and country, counted in search_query_log with 0 results. */
export async function rescueSearch(
  db: D1Database,
  m: SearchMatch,
  lang: Lang,
  log: { query: string; country: string } | null,
  country: CountryCode,
): Promise<{ correction: Correction | null; fallback: Fallback | null }> {
  const lookup = vocabLookup(db, m);
  const anyWord = matchExpression(m.groups, { any: true })!;
  const logged = log ? logStatement(db, log.query, lang, log.country, 0) : null;
  const [category, cards, ...rest] = await db.batch([
    db
      .prepare(
        `WITH chosen AS (${CLOSEST_CATEGORY}) SELECT c.id, c.slug, c.${col('name', lang)} AS name FROM categories c WHERE c.id = (SELECT id FROM chosen)`,
      )
      .bind(anyWord),
    db
      .prepare(
        `WITH chosen AS (${CLOSEST_CATEGORY}),
         top AS (SELECT p.id, row_number() OVER (ORDER BY p.in_stock DESC, p.popularity DESC, p.id) AS pos FROM products p
           WHERE p.is_active = 1 AND p.category_id = (SELECT id FROM chosen) ORDER BY p.in_stock DESC, p.popularity DESC, p.id LIMIT ${FALLBACK_ITEMS})
         SELECT ${cardColumns(lang)} FROM ${cardFrom(country)} JOIN top ON top.id = p.id ORDER BY top.pos`,
      )
      .bind(anyWord),
    ...lookup.statements,
    ...(logged ? [logged] : []),
  ]);
  const vocab = rest.slice(0, lookup.statements.length);
  const correction = correctFromVocab(
    m,
    lookup,
    vocab.map((r) => r!.results as Array<{ term: string; doc: number }>),
  );
  const cat = category!.results[0] as Fallback['category'] | undefined;
  const fallback = cat ? { category: cat, items: (cards!.results as unknown as CardRow[]).map(toCard) } : null;
  return { correction, fallback };
}

function logStatement(
  db: D1Database,
  query: string,
  lang: Lang,
  country: string,
  total: number,
): D1PreparedStatement | null {
  const term = queryKey(query);
  if (!term) return null;
  const now = Date.now();
  return db
    .prepare(
      `INSERT INTO search_query_log (term, lang, country, results, example, first_seen, last_seen) VALUES (?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (term, lang, country) DO UPDATE SET searches = searches + 1, results = excluded.results, example = excluded.example, last_seen = excluded.last_seen`,
    )
    .bind(term, lang, country, total, query.trim().slice(0, 100), now, now);
}

/**
 * Counts a search that found fewer than LOW_RESULTS products, for merchandising. A search that found
 * nothing is counted inside the rescue batch (rescueSearch); one that found a few is counted after the
 * response has gone, so the write never delays the page.
 */
export function logLowResults(c: Context<AppEnv>, query: string, total: number): void {
  if (total === 0 || total >= LOW_RESULTS) return;
  const statement = logStatement(c.env.DB, query, c.var.lang, c.var.country, total);
  if (!statement) return;
  const write = new Promise((resolve) => setTimeout(resolve, 0))
    .then(() => statement.run())
    .catch((error: unknown) => log.warn('search log failed', { error }));
  try {
    c.executionCtx.waitUntil(write);
  } catch {
    // No execution context: the write still runs, unawaited.
  }
}
