// The catalogue as the recommendation builder reads it (issue 46): a search by product name (either
// language), product id or SKU id, and for each SKU what the safety gates need: its daily doses
// (sku_nutrients), its English name and ingredient list.
import type { Dose } from '#shared/blood-tests/upper-limits';
import { isNutrient } from '#shared/blood-tests/upper-limits';
import type { Lang } from '#shared/locale';
import { normalizeDigits } from '#shared/text/digits';
import { col } from '#api/src/catalogue/lang';

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

const columns = (lang: Lang) => `s.id AS sku_id, p.id AS product_id, p.${col('name', lang)} AS product_name,
  s.${col('name', lang)} AS sku_name, p.name_en AS name, coalesce(p.ingredients_en, '') AS ingredients, s.price, s.stock,
  (SELECT group_concat(n.nutrient || ' ' || n.amount || ' ' || n.unit, '|') FROM sku_nutrients n WHERE n.sku_id = s.id) AS doses`;

type Row = Omit<GateSku, 'doses'> & { doses: string | null };
const toSku = (r: Row): GateSku => ({ ...r, doses: dosesOf(r.doses) });

/** Active products' SKUs whose product name has the words, or whose product or SKU id is the number. */
export async function searchSkus(db: D1Database, q: string, lang: Lang): Promise<GateSku[]> {
  const text = normalizeDigits(q).trim();
  const number = /^\d{1,12}$/.test(text) ? Number(text) : -1;
  const like = `%${text.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
  const { results } = await db
    .prepare(
      `SELECT ${columns(lang)} FROM skus s JOIN products p ON p.id = s.product_id
       WHERE p.is_active = 1 AND (p.id = ?1 OR s.id = ?1 OR p.name_en LIKE ?2 ESCAPE '\\' OR p.name_ar LIKE ?2 ESCAPE '\\')
       ORDER BY p.popularity DESC, p.id, s.sort_order, s.id LIMIT ${SEARCH_LIMIT}`,
    )
    .bind(number, like)
    .all<Row>();
  return results.map(toSku);
}

/** The SKUs asked for, by id (active products only). */
export async function skusById(db: D1Database, ids: readonly number[], lang: Lang): Promise<Map<number, GateSku>> {
  if (!ids.length) return new Map();
  const { results } = await db
    .prepare(
      `SELECT ${columns(lang)} FROM skus s JOIN products p ON p.id = s.product_id
       WHERE p.is_active = 1 AND s.id IN (${ids.map(() => '?').join(', ')})`,
    )
    .bind(...ids)
    .all<Row>();
  return new Map(results.map((r) => [r.sku_id, toSku(r)]));
}
