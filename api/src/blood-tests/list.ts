// GET /bloodTest: the categories with their counts and the tests matching the filters, in the shopper's
// country and currency, in one D1 batch. About fifty rows in all: no paging, no FTS index; the search
// matches every folded word as a word prefix of search_text (migration 0020).
import type { BloodTestCategory, BloodTestList } from '#shared/blood-tests/catalogue-types';
import type { BloodTestListQuery } from '#shared/api/blood-test-schemas';
import type { CountryCode, Lang } from '#shared/locale';
import { COUNTRY_FACTS } from '#shared/countries';
import { PRICE_STEPS } from '#shared/countries/price-steps';
import { searchTokens } from '#shared/search/normalize';
import { splitGluedTokens } from '#shared/search/query';
import { col } from '../lib/lang';
import { testCardColumns, testCardFrom, toTestCard, type TestCardRow } from './cards';

const ORDER: Record<NonNullable<BloodTestListQuery['sort']>, string> = {
  popularity: 't.popularity DESC, t.id',
  price_asc: 'pr.price, t.popularity DESC, t.id',
  price_desc: 'pr.price DESC, t.popularity DESC, t.id',
  name: 'name, t.id',
};

/** D1 refuses a LIKE pattern over 50 bytes: a word is cut to fit beside its '% ' and '%' (a prefix still matches). */
const MAX_WORD_BYTES = 46;

function cutToBytes(word: string, max: number): string {
  let bytes = 0;
  let out = '';
  for (const ch of word) {
    const size = new TextEncoder().encode(ch).length;
    if (bytes + size > max) break;
    bytes += size;
    out += ch;
  }
  return out;
}

/**
 * The search's WHERE part and values: each word must start a word of the test's search text. Words
 * typed without their space are read apart as the product search reads them ("vitamind3").
 */
function testSearchClause(text: string | undefined): { sql: string; values: string[] } | null {
  const words = splitGluedTokens(searchTokens(text ?? '')).map((w) => cutToBytes(w, MAX_WORD_BYTES));
  if (!words.length) return null;
  return {
    sql: words.map(() => `(' ' || t.search_text) LIKE ?`).join(' AND '),
    values: words.map((w) => `% ${w}%`),
  };
}

export function testSearchStatement(db: D1Database, text: string, lang: Lang, country: CountryCode, limit: number) {
  const search = testSearchClause(text);
  if (!search) return null;
  return db
    .prepare(
      `SELECT ${testCardColumns(lang)} FROM ${testCardFrom('?')} WHERE t.is_active = 1 AND ${search.sql}
       ORDER BY t.kind = 'panel', t.popularity DESC, t.id LIMIT ?`,
    )
    .bind(country, ...search.values, limit);
}

export async function bloodTestList(
  db: D1Database,
  q: BloodTestListQuery,
  lang: Lang,
  country: CountryCode,
): Promise<BloodTestList> {
  const where = ['t.is_active = 1'];
  const values: Array<string | number> = [country];
  if (q.category) {
    where.push('c.slug = ?');
    values.push(q.category);
  }
  if (q.kind) {
    where.push('t.kind = ?');
    values.push(q.kind);
  }
  if (q.fasting) where.push(q.fasting === 'yes' ? 't.fasting_hours > 0' : 't.fasting_hours = 0');
  if (q.max_price !== undefined) {
    where.push('pr.price <= ?');
    values.push(q.max_price);
  }
  const search = testSearchClause(q.search);
  if (search) {
    where.push(search.sql);
    values.push(...search.values);
  }
  // A search without its own sort puts the tests before the panels that contain them.
  const order = q.sort ?? (search ? 'search' : 'popularity');
  const orderSql = order === 'search' ? "t.kind = 'panel', t.popularity DESC, t.id" : ORDER[order];
  const [categories, items] = await db.batch([
    db
      .prepare(
        `SELECT c.id, c.slug, c.${col('name', lang)} AS name, c.color,
           (SELECT count(*) FROM blood_tests t JOIN blood_test_prices pr ON pr.sku_id = t.default_sku_id AND pr.country = ?
             WHERE t.category_id = c.id AND t.is_active = 1) AS count
         FROM blood_test_categories c ORDER BY c.sort_order`,
      )
      .bind(country),
    db
      .prepare(
        `SELECT ${testCardColumns(lang)} FROM ${testCardFrom('?')} WHERE ${where.join(' AND ')} ORDER BY ${orderSql}`,
      )
      .bind(...values),
  ]);
  const list = (items!.results as unknown as TestCardRow[]).map(toTestCard);
  return {
    currency: COUNTRY_FACTS[country].currency,
    max_prices: [...PRICE_STEPS[country].bloodTests],
    categories: (categories!.results as unknown as BloodTestCategory[]).filter((c) => c.count > 0),
    items: list,
    total: list.length,
  };
}
