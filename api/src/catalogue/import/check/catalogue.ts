// The dry run of a catalogue file: every line read and checked against the shop as it is now (shop.ts),
// every problem listed with its line and column, and, when there is none, the plan the import would
// carry out: each product and SKU created, updated or kept, its stock moved, its search fields redone.
import {
  catalogueColumns,
  type CatalogueColumn,
  type CatalogueRow,
  IMPORT_MAX_ROWS,
  type ImportProblem,
  type ProductFields,
  optionalColumns,
  readCatalogueRow,
  readHeader,
  shownCountries,
  shownAmount,
  shownColumns,
} from '#shared/catalogue/import-format';
import { payableMinor } from '#shared/money';
import type { RoleGrant } from '#shared/staff/permissions';
import { searchBrand, searchCategory, searchName } from '#api/src/catalogue/maintain';
import {
  type Action,
  type CheckOutcome,
  emptySummary,
  type PlannedRow,
  type SearchFields,
  type SkuFields,
} from '../plan';

import { priceChanges, refusedPrices } from '../rights';
import { fileProblems, records } from './file';
import { readShop } from './shop';
import { taxonomyOf } from './taxonomy';

/** `grants`: the checking member's, so a line changing prices where they may not is a problem of its own. */
export async function checkCatalogueFile(
  db: D1Database,
  text: string,
  grants: readonly RoleGrant[],
): Promise<CheckOutcome> {
  const parsed = records(text);
  if ('problems' in parsed) return fileProblems('catalogue', 0, parsed.problems);
  const [header, ...lines] = parsed.records;
  const columns = readHeader<CatalogueColumn>(header, catalogueColumns(), optionalColumns());
  if ('problems' in columns) return fileProblems('catalogue', lines.length, columns.problems);
  if (lines.length === 0) return fileProblems('catalogue', 0, [{ line: 2, column: null, msg: 'import_file_empty' }]);
  if (lines.length > IMPORT_MAX_ROWS)
    return fileProblems('catalogue', lines.length, [
      { line: 1, column: null, msg: 'import_too_many_rows', params: { max: IMPORT_MAX_ROWS, count: lines.length } },
    ]);

  const problems: ImportProblem[] = [];
  const warnings: ImportProblem[] = [];
  const rows: CatalogueRow[] = [];
  for (const record of lines) {
    const read = readCatalogueRow(record, columns.at, header!.cells.length);
    if ('problems' in read) problems.push(...read.problems);
    else rows.push(read.row);
  }

  const shop = await readShop(db, rows);
  const { shown, productBySlug, skuById, brandById, categoryById, searchById } = shop;
  const problem = (
    line: number,
    column: CatalogueColumn | null,
    msg: ImportProblem['msg'],
    params?: ImportProblem['params'],
  ) => problems.push({ line, column, msg, ...(params ? { params } : {}) });
  const { brandOf, categoryOf, newBrands, newCategories } = taxonomyOf(shop, problem, warnings);

  // A new category named as another's parent must come first in the plan: parents, then children.
  const summary = emptySummary();
  const plan: PlannedRow[] = [];
  const firstRowOf = new Map<string, CatalogueRow>();
  const skuLines = new Map<number, number>();
  let productSeq = 0;
  let skuSeq = 0;
  const productOf = new Map<string, { id: number | null; seq: number | null }>();
  for (const row of rows) {
    const first = firstRowOf.get(row.product_slug);
    const existing = productBySlug.get(row.product_slug) ?? null;
    let productAction: Action | null = null;
    let productBefore: ProductFields | undefined;
    let productAfter: ProductFields | undefined;
    let searchBefore: SearchFields | undefined;
    let searchAfter: SearchFields | undefined;
    if (!first) {
      firstRowOf.set(row.product_slug, row);
      const p = row.product;
      const current: ProductFields | null = existing && {
        name_en: existing.name_en,
        name_ar: existing.name_ar,
        description_en: existing.description_en,
        description_ar: existing.description_ar,
        brand_slug: brandById.get(existing.brand_id)?.slug ?? '',
        category_slug: categoryById.get(existing.category_id)?.slug ?? '',
        is_active: existing.is_active ? 1 : 0,
      };
      if (!current)
        for (const c of ['product_name_en', 'product_name_ar', 'brand_slug', 'category_slug'] as const)
          if (!row.product[c === 'product_name_en' ? 'name_en' : c === 'product_name_ar' ? 'name_ar' : c])
            problem(row.line, c, 'import_required');
      // An existing product keeps what a column leaves empty; a new one is hidden unless the file shows it.
      const after: ProductFields = {
        name_en: p.name_en || (current?.name_en ?? ''),
        name_ar: p.name_ar || (current?.name_ar ?? ''),
        description_en: p.description_en || (current?.description_en ?? ''),
        description_ar: p.description_ar || (current?.description_ar ?? ''),
        brand_slug: p.brand_slug || (current?.brand_slug ?? ''),
        category_slug: p.category_slug || (current?.category_slug ?? ''),
        is_active: p.is_active ?? current?.is_active ?? 0,
      };
      const brand = after.brand_slug ? brandOf({ ...row, product: { ...p, brand_slug: after.brand_slug } }) : null;
      const category = after.category_slug
        ? categoryOf({ ...row, product: { ...p, category_slug: after.category_slug } })
        : null;
      if (!current) {
        productAction = 'create';
        productAfter = after;
        productOf.set(row.product_slug, { id: null, seq: ++productSeq });
      } else {
        productAction = JSON.stringify(after) === JSON.stringify(current) ? 'keep' : 'update';
        productOf.set(row.product_slug, { id: existing!.id, seq: null });
        if (productAction === 'update') {
          productBefore = current;
          productAfter = after;
        }
      }
      if (brand && category && productAction !== 'keep') {
        searchAfter = {
          name: searchName(after, brand),
          brand: searchBrand(brand),
          category: searchCategory(category.category, category.parent),
        };
        if (existing) {
          searchBefore = searchById.get(existing.id);
          if (searchBefore && JSON.stringify(searchBefore) === JSON.stringify(searchAfter)) {
            searchBefore = undefined;
            searchAfter = undefined;
          }
        }
      }
      summary.products[productAction]++;
    } else {
      // A later row of the product: its product columns are empty or the first row's.
      const values: Record<string, string | number | null> = { ...row.product };
      const firsts: Record<string, string | number | null> = { ...first.product };
      for (const [field, column] of [
        ['name_en', 'product_name_en'],
        ['name_ar', 'product_name_ar'],
        ['description_en', 'description_en'],
        ['description_ar', 'description_ar'],
        ['brand_slug', 'brand_slug'],
        ['category_slug', 'category_slug'],
        ['is_active', 'shown'],
      ] as const) {
        const v = values[field];
        if (v !== '' && v !== null && v !== firsts[field])
          problem(row.line, column, 'import_product_differs', { first: first.line });
      }
    }

    const product = productOf.get(row.product_slug)!;
    const s = row.sku;
    // The own-priced countries whose columns the file has: their prices as the file sets them.
    const ownCountries = Object.keys(row.own);
    const after: SkuFields = {
      name_en: s.name_en,
      name_ar: s.name_ar,
      price: s.price,
      old_price: s.old_price,
      buy_limit: s.buy_limit,
      ...(ownCountries.length ? { own: row.own } : {}),
    };
    let skuAction: Action = 'create';
    let skuBefore: (SkuFields & { stock: number }) | undefined;
    let stockDelta = s.stock ?? 0;
    let skuSeqOf: number | null = null;
    if (s.id !== null) {
      const sku = skuById.get(s.id);
      const repeated = skuLines.get(s.id);
      if (repeated) problem(row.line, 'sku_id', 'import_sku_repeated', { first: repeated });
      else skuLines.set(s.id, row.line);
      if (!sku) problem(row.line, 'sku_id', 'import_sku_unknown', { id: s.id });
      else if (sku.product_id !== product.id) problem(row.line, 'sku_id', 'import_sku_other_product', { id: s.id });
      else {
        const stored = sku.own ? (JSON.parse(sku.own) as NonNullable<SkuFields['own']>) : {};
        const current: SkuFields = {
          name_en: sku.name_en,
          name_ar: sku.name_ar,
          price: sku.price,
          old_price: sku.old_price,
          buy_limit: sku.buy_limit,
          ...(ownCountries.length ? { own: Object.fromEntries(ownCountries.map((c) => [c, stored[c] ?? null])) } : {}),
        };
        skuAction = JSON.stringify(current) === JSON.stringify(after) ? 'keep' : 'update';
        skuBefore = { ...current, stock: sku.stock };
        stockDelta = s.stock === null ? 0 : s.stock - sku.stock;
      }
    } else skuSeqOf = ++skuSeq;
    // Prices in a country the member may not write: the base price (a new size sets one) and an own-priced
    // country's. A size the line could not match has its problem already.
    if (s.id === null || skuBefore)
      problems.push(...refusedPrices(grants, row.line, priceChanges(skuAction, skuBefore, after)));
    summary.skus[skuAction]++;
    if (stockDelta !== 0) {
      summary.stock.skus++;
      if (stockDelta > 0) summary.stock.added += stockDelta;
      else summary.stock.removed -= stockDelta;
    }

    // A converted country's columns are for reading: say so when the file's figure is not what will be charged.
    for (const country of shownCountries()) {
      const columns = shownColumns(country);
      const file = row.shown[country] ?? { price: '', old_price: '' };
      for (const [column, value, base] of [
        [columns.price, file.price, after.price],
        [columns.old_price, file.old_price, after.old_price],
      ] as const) {
        if (value === '') continue;
        const actual = base === null ? '' : shownAmount(payableMinor(base, shown.get(country)!), country);
        if (value !== actual)
          warnings.push({ line: row.line, column, msg: 'import_sar_price_derived', params: { file: value, actual } });
      }
    }

    const beforeState = {
      ...(productBefore ? { product: productBefore } : {}),
      ...(skuBefore ? { sku: skuBefore } : {}),
      ...(searchBefore ? { search: searchBefore } : {}),
    };
    const afterState = {
      ...(productAfter ? { product: productAfter } : {}),
      sku: { ...after, ...(skuAction === 'create' ? { stock: stockDelta } : {}) },
      ...(searchAfter ? { search: searchAfter } : {}),
    };
    plan.push({
      line: row.line,
      product_slug: row.product_slug,
      product_id: product.id,
      product_seq: product.seq,
      product_action: productAction,
      sku_id: s.id,
      sku_seq: skuSeqOf,
      sku_action: skuAction,
      stock_delta: stockDelta,
      before: Object.keys(beforeState).length ? beforeState : null,
      after: afterState,
      reason: null,
    });
  }
  // Parents before their children, so each new category finds its parent when it is inserted.
  summary.brands = [...newBrands.values()].map(({ line: _line, ...b }) => b);
  summary.categories = [...newCategories.values()]
    .sort((a, b) => Number(!!a.parent_slug) - Number(!!b.parent_slug))
    .map(({ line: _line, ...c }) => c);
  problems.sort((a, b) => a.line - b.line);
  return { kind: 'catalogue', rows: lines.length, problems, warnings, summary, plan: problems.length ? [] : plan };
}
