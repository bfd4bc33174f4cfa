// As-you-type suggestions for the header box and /search: the best few products (cards, so image and
// price), the brands and categories whose own names match, and the blood tests the text finds (a
// small query over their folded search text, in the same batch; shown apart from supplements). A text that matches nothing gets the
// listing's typo correction ("omgea" → omega), one more round trip only on that path.
import type { BloodTestCard } from '#shared/blood-tests/catalogue-types';
import type { CountryCode, Lang } from '#shared/locale';
import { COUNTRY_FACTS } from '#shared/countries';
import { toTestCard, type TestCardRow } from '../blood-tests/cards';
import { testSearchStatement } from '../blood-tests/list';
import type { ProductQuery } from '#shared/catalogue/filter-model';
import { cardFrom, cardColumns, toCard, type CardRow } from '../catalogue/cards';
import { col } from '../lib/lang';
import { compileProductQuery } from '../catalogue/query';
import { rankedPageIds } from '../catalogue/ranked-page';
import { correctFromVocab, loadSynonyms, searchMatch, vocabLookup, type SearchMatch } from '../catalogue/search';

interface SuggestionRef {
  id: number;
  slug: string;
  name: string;
}

async function suggestFor(
  db: D1Database,
  m: SearchMatch,
  lang: Lang,
  country: CountryCode,
  limit: number,
  tests: D1PreparedStatement | null = null,
) {
  const scoped = (column: string) => `${column} : (${m.match})`;
  // The best few products as the search page ranks them (decision 25): a short prefix such as "vi"
  // matches a third of a 200,000-product catalogue, and ranking every match by bm25 took 1.3 s at p99;
  // past RANK_ALL matches the plan reads tier by tier, in stock first, by popularity, and stops.
  const compiled = compileProductQuery(
    { filters: [], per_page: limit } as unknown as ProductQuery,
    lang,
    null,
    m,
    country,
  );
  const ids = rankedPageIds(m, compiled, limit, 0);
  const [products, brands, categories, bloodTests] = await db.batch([
    db
      .prepare(
        `WITH ranked AS (${ids.sql}), top AS (SELECT id, row_number() OVER () AS pos FROM ranked)
         SELECT ${cardColumns(lang)} FROM ${cardFrom(country)} JOIN top ON top.id = p.id ORDER BY top.pos`,
      )
      .bind(...ids.params),
    // Every product of a brand (of a category) has the same brand (category) column in the search
    // index, so one product of each tells whether the name matches: a few dozen index reads, where
    // reading the brand of every matching product took 36–83 ms for "g" or "vit" at 200,000.
    db
      .prepare(
        `SELECT b.id, b.slug, b.${col('name', lang)} AS name FROM brands b
         WHERE (SELECT p.id FROM products p WHERE p.brand_id = b.id LIMIT 1)
           IN (SELECT rowid FROM product_search WHERE product_search MATCH ?) ORDER BY name LIMIT 4`,
      )
      .bind(scoped('brand')),
    db
      .prepare(
        `SELECT c.id, c.slug, c.${col('name', lang)} AS name, c.color FROM categories c
         WHERE (SELECT p.id FROM products p WHERE p.category_id = c.id LIMIT 1)
           IN (SELECT rowid FROM product_search WHERE product_search MATCH ?) ORDER BY c.sort_order LIMIT 4`,
      )
      .bind(scoped('category')),
    ...(tests ? [tests] : []),
  ]);
  return {
    products: (products!.results as unknown as CardRow[]).map(toCard),
    brands: brands!.results as unknown as SuggestionRef[],
    categories: categories!.results as unknown as Array<SuggestionRef & { color: string }>,
    blood_tests: bloodTests ? (bloodTests.results as unknown as TestCardRow[]).map(toTestCard) : [],
  };
}

export async function suggestions(
  db: D1Database,
  text: string | undefined,
  lang: Lang,
  country: CountryCode,
  limit: number,
) {
  const currency = COUNTRY_FACTS[country].currency;
  const none: BloodTestCard[] = [];
  // The listing's expansion (stop words, vitamin letters, stems, synonyms, Arabic sound-alikes).
  const m = searchMatch(text, text?.trim() ? await loadSynonyms(db) : []);
  if (!m) return { products: [], brands: [], categories: [], blood_tests: none, currency, corrected: false };
  const tests = testSearchStatement(db, text ?? '', lang, country, 3);
  const found = { ...(await suggestFor(db, m, lang, country, limit, tests)), currency };
  if (found.products.length || found.brands.length || found.categories.length || found.blood_tests.length)
    return { ...found, corrected: false };
  const lookup = vocabLookup(db, m);
  if (!lookup.statements.length) return { ...found, corrected: false };
  const terms = await db.batch<{ term: string; doc: number }>(lookup.statements);
  const fix = correctFromVocab(
    m,
    lookup,
    terms.map((r) => r.results),
  );
  if (!fix) return { ...found, corrected: false };
  const fixed = await suggestFor(db, fix.match, lang, country, limit);
  return { ...fixed, currency, corrected: fixed.products.length > 0 };
}
