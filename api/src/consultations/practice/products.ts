// The catalogue as the recommendation builder reads it (issue 46): a search with the shop's own search
// (api/src/catalogue/search.ts: its words in any order, synonyms, and a typo's correction when nothing
// is found), or by product id or SKU id, and for each SKU what the safety gates need: its daily doses
// (sku_nutrients), its English name and ingredient list.
import type { Dose } from '#shared/blood-tests/upper-limits';
import { isNutrient } from '#shared/blood-tests/upper-limits';
import type { Lang } from '#shared/locale';
import { normalizeDigits } from '#shared/text/digits';
import { col } from '#api/src/lib/lang';
import {
  correctFromVocab,
  loadSynonyms,
  relevanceOrder,
  type SearchMatch,
  searchMatch,
  vocabLookup,
} from '#api/src/catalogue/search';

export interface GateSku {
  sku_id: number;
  product_id: number;
  /** In the asked language, for the page. */
  product_name: string;
  sku_name: string;
  /** The gates' words. */
  name: string;
  ingredients: string;
  doses: Dose[];
  price: number;
  stock: number;
}

const SEARCH_LIMIT = 20;

function dosesOf(text: string | null): Dose[] {
  if (!text) return [];
  return text.split('|').flatMap((part) => {
    const [nutrient, amount, unit] = part.split(' ');
    return nutrient && isNutrient(nutrient) && amount && (unit === 'IU' || unit === 'mcg' || unit === 'mg')
      ? [{ nutrient, amount, unit }]
      : [];
  });
}

/** What the gates read of an SKU `s` of a product `p`. */
export const gateColumns = (lang: Lang) => `s.id AS sku_id, p.id AS product_id, p.${col('name', lang)} AS product_name,
  s.${col('name', lang)} AS sku_name, p.name_en AS name, coalesce(p.ingredients_en, '') AS ingredients, s.price, s.stock,
  (SELECT group_concat(n.nutrient || ' ' || n.amount || ' ' || n.unit, '|') FROM sku_nutrients n WHERE n.sku_id = s.id) AS doses`;

type GateRow = Omit<GateSku, 'doses'> & { doses: string | null };
const toSku = (r: GateRow): GateSku => ({ ...r, doses: dosesOf(r.doses) });

/** gateColumns as one JSON column, for a statement that already reads `s` and `p` for something else
 * (a product page's cards: issue 76, no statement of their own for the gates). */
export const gateJson = (
  lang: Lang,
) => `json_object('sku_id', s.id, 'product_id', p.id, 'product_name', p.${col('name', lang)},
  'sku_name', s.${col('name', lang)}, 'name', p.name_en, 'ingredients', coalesce(p.ingredients_en, ''), 'price', s.price,
  'stock', s.stock, 'doses', (SELECT group_concat(n.nutrient || ' ' || n.amount || ' ' || n.unit, '|') FROM sku_nutrients n WHERE n.sku_id = s.id))`;

/** A gateJson column's SKU. */
export const gateSkuOf = (json: string): GateSku => toSku(JSON.parse(json) as GateRow);

/** The SKUs of the products the shop's search ranks first for the words (active products only). */
function matchStatement(db: D1Database, m: SearchMatch, lang: Lang): D1PreparedStatement {
  // The `r` table and the order are the search page's own (ranked-page.ts): name first, then brand,
  // then the description; in stock first, then bm25 and popularity.
  return db
    .prepare(
      `WITH r AS MATERIALIZED (SELECT rowid AS pid, bm25(product_search, 10.0, 5.0, 3.0, 2.0, 2.0) AS rank,
           bm25(product_search, 1.0, 0.0, 0.0, 0.0, 0.0) AS in_name, bm25(product_search, 0.0, 0.0, 1.0, 1.0, 1.0) AS in_desc
         FROM product_search WHERE product_search MATCH ?1),
       top AS MATERIALIZED (SELECT p.id, row_number() OVER (ORDER BY ${relevanceOrder(m)}, p.id) AS pos
         FROM r JOIN products p ON p.id = r.pid WHERE p.is_active = 1)
       SELECT ${gateColumns(lang)} FROM top JOIN products p ON p.id = top.id JOIN skus s ON s.product_id = p.id
       WHERE top.pos <= ${SEARCH_LIMIT}
       ORDER BY top.pos, s.sort_order, s.id LIMIT ${SEARCH_LIMIT}`,
    )
    .bind(m.match);
}

/**
 * Active products' SKUs for the nutritionist's words, as a shopper's search finds them ("vitamin d3 1000
 * iu gummies" in any order, "vitamn" corrected), or whose product or SKU id is the number.
 */
export async function searchSkus(db: D1Database, q: string, lang: Lang): Promise<GateSku[]> {
  const text = normalizeDigits(q).trim();
  const number = /^\d{1,12}$/.test(text) ? Number(text) : -1;
  const m = searchMatch(text, text ? await loadSynonyms(db) : []);
  const byId = db
    .prepare(
      `SELECT ${gateColumns(lang)} FROM skus s JOIN products p ON p.id = s.product_id
       WHERE p.is_active = 1 AND (p.id = ?1 OR s.id = ?1) ORDER BY s.sort_order, s.id LIMIT ${SEARCH_LIMIT}`,
    )
    .bind(number);
  const [ids, found] = await db.batch([byId, ...(m ? [matchStatement(db, m, lang)] : [])]);
  let rows = [...(ids!.results as GateRow[]), ...((found?.results ?? []) as GateRow[])];
  if (m && !found!.results.length) {
    // Nothing for the words as typed: the search page's correction ("vitamn" → "vitamin"), read back.
    const lookup = vocabLookup(db, m);
    const vocab = lookup.statements.length ? await db.batch(lookup.statements) : [];
    const corrected = correctFromVocab(
      m,
      lookup,
      vocab.map((r) => r.results as Array<{ term: string; doc: number }>),
    );
    if (corrected) rows = [...rows, ...(await matchStatement(db, corrected.match, lang).all<GateRow>()).results];
  }
  const seen = new Set<number>();
  return rows
    .filter((r) => !seen.has(r.sku_id) && seen.add(r.sku_id))
    .slice(0, SEARCH_LIMIT)
    .map(toSku);
}

/** The SKUs asked for, by id (active products only), as one statement. */
function skusStatement(db: D1Database, ids: readonly number[], lang: Lang): D1PreparedStatement {
  return db
    .prepare(
      `SELECT ${gateColumns(lang)} FROM skus s JOIN products p ON p.id = s.product_id
       WHERE p.is_active = 1 AND s.id IN (${ids.length ? ids.map(() => '?').join(', ') : 'NULL'})`,
    )
    .bind(...ids);
}

/** skusStatement's rows, by SKU id. */
export function skusFrom(result: D1Result): Map<number, GateSku> {
  return new Map((result.results as unknown as GateRow[]).map((r) => [r.sku_id, toSku(r)]));
}

/** The SKUs asked for, by id (active products only). */
export async function skusById(db: D1Database, ids: readonly number[], lang: Lang): Promise<Map<number, GateSku>> {
  if (!ids.length) return new Map();
  return skusFrom(await skusStatement(db, ids, lang).all());
}
