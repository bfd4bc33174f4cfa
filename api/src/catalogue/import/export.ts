// The catalogue as one CSV file, in the columns the import reads (shared/catalogue/import-format.ts):
// a line a size, products in id order. Streamed a page of products at a time, so a catalogue of 200,000
// products never sits whole in memory and stays far under a Worker's query limit (a query a page).
import {
  catalogueColumns,
  type CatalogueColumn,
  kwdShown,
  ownColumns,
  ownPriceCountries,
  shownCountries,
  shownAmount,
  shownColumns,
} from '#shared/catalogue/import-format';
import { payableMinor } from '#shared/money';
import { CSV_BOM, csvCell, csvLine } from '#shared/text/csv';
import { currencyFor } from '#api/src/lib/currency';

const PAGE_PRODUCTS = 500;
const TEXT_COLUMNS = new Set<CatalogueColumn>([
  'product_name_en',
  'product_name_ar',
  'description_en',
  'description_ar',
  'brand_name_en',
  'brand_name_ar',
  'category_name_en',
  'category_name_ar',
  'sku_name_en',
  'sku_name_ar',
]);

type Line = Record<CatalogueColumn, string | number | null> & { product_id: number; own: string | null };

const PAGE_SQL = `
  SELECT p.id AS product_id, p.slug AS product_slug, p.name_en AS product_name_en, p.name_ar AS product_name_ar,
    p.description_en, p.description_ar, b.slug AS brand_slug, b.name_en AS brand_name_en, b.name_ar AS brand_name_ar,
    c.slug AS category_slug, c.name_en AS category_name_en, c.name_ar AS category_name_ar,
    parent.slug AS parent_category_slug, CASE p.is_active WHEN 1 THEN 'yes' ELSE 'no' END AS shown,
    s.id AS sku_id, s.name_en AS sku_name_en, s.name_ar AS sku_name_ar, s.price AS price_kwd,
    s.old_price AS old_price_kwd, s.stock, s.buy_limit,
    (SELECT json_group_object(cp.country, json_array(cp.price, cp.old_price)) FROM sku_country_prices cp WHERE cp.sku_id = s.id) AS own
  FROM products p JOIN brands b ON b.id = p.brand_id JOIN categories c ON c.id = p.category_id
    LEFT JOIN categories parent ON parent.id = c.parent_id JOIN skus s ON s.product_id = p.id
  WHERE p.id > ?1 AND p.id <= coalesce((SELECT max(id) FROM (SELECT id FROM products WHERE id > ?1 ORDER BY id LIMIT ?2)), ?1)
  ORDER BY p.id, s.sort_order, s.id`;

export async function catalogueCsv(db: D1Database): Promise<ReadableStream<Uint8Array>> {
  // The converted countries' money facts, for their read-only columns (what their shoppers pay today).
  const columns = catalogueColumns();
  const own = ownPriceCountries();
  const shown = await Promise.all(shownCountries().map(async (c) => [c, await currencyFor(db, c)] as const));
  const encoder = new TextEncoder();
  let after = 0;
  let started = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(CSV_BOM + csvLine(columns)));
        return;
      }
      const { results } = await db.prepare(PAGE_SQL).bind(after, PAGE_PRODUCTS).all<Line>();
      if (results.length === 0) {
        controller.close();
        return;
      }
      let text = '';
      for (const row of results) {
        const price = Number(row.price_kwd);
        const old = row.old_price_kwd === null ? null : Number(row.old_price_kwd);
        const values: Partial<Record<CatalogueColumn, string | number | null>> = {
          ...row,
          price_kwd: kwdShown(price),
          old_price_kwd: old === null ? null : kwdShown(old),
        };
        for (const [country, info] of shown) {
          values[shownColumns(country).price] = shownAmount(payableMinor(price, info), country);
          values[shownColumns(country).old_price] = old === null ? null : shownAmount(payableMinor(old, info), country);
        }
        // The own-priced countries' prices as the owner set them; none: not sold there (empty cells).
        const prices = row.own ? (JSON.parse(row.own) as Record<string, [number, number | null]>) : {};
        for (const country of own) {
          const set = prices[country];
          values[ownColumns(country).price] = set ? shownAmount(set[0], country) : null;
          values[ownColumns(country).old_price] = set && set[1] !== null ? shownAmount(set[1], country) : null;
        }
        text += csvLine(columns.map((c) => csvCell(values[c] ?? null, { text: TEXT_COLUMNS.has(c) })));
      }
      after = results.at(-1)!.product_id;
      controller.enqueue(encoder.encode(text));
    },
  });
}
