// The dry run of a catalogue or stock file: every line read and checked against the shop as it is now,
// every problem listed with its line and column, and, when there is none, the plan the import would
// carry out. Reads the rows the file names in one D1 batch, whatever its length.
import {
  CATALOGUE_COLUMNS,
  type CatalogueColumn,
  type CatalogueRow,
  IMPORT_MAX_ROWS,
  type ImportKind,
  type ImportProblem,
  type ProductFields,
  OPTIONAL_COLUMNS,
  READ_ONLY_COLUMNS,
  readCatalogueRow,
  readHeader,
  readStockRow,
  STOCK_COLUMNS,
  type StockRow,
  sarShown,
} from '#shared/catalogue/import-format';
import { payableMinor } from '#shared/money';
import { CsvError, type CsvRecord, parseCsv } from '#shared/text/csv';
import { currencyStatement, knownCurrency, rememberCurrencies } from '#api/src/catalogue/currency';
import { searchBrand, searchCategory, searchName } from '#api/src/catalogue/maintain';
import {
  type Action,
  type CheckOutcome,
  emptySummary,
  type NewBrand,
  type NewCategory,
  type PlannedRow,
  type SearchFields,
  type SkuFields,
} from './plan';

/** At most this many problems are listed: a file wrong throughout says so in its first few hundred. */
export const PROBLEMS_LISTED = 500;

type Parsed = { records: CsvRecord[] } | { problems: ImportProblem[] };

function records(text: string): Parsed {
  try {
    return { records: parseCsv(text) };
  } catch (error) {
    if (error instanceof CsvError) return { problems: [{ line: error.line, column: null, msg: error.key }] };
    throw error;
  }
}

function fileProblems(kind: ImportKind, rows: number, problems: ImportProblem[]): CheckOutcome {
  return { kind, rows, problems, warnings: [], summary: emptySummary(), plan: [] };
}

interface ProductRow extends Omit<ProductFields, 'brand_slug' | 'category_slug'> {
  id: number;
  slug: string;
  brand_id: number;
  category_id: number;
}
interface SkuRow extends SkuFields {
  id: number;
  product_id: number;
  stock: number;
}
interface Named {
  id: number;
  slug: string;
  name_en: string;
  name_ar: string;
}
interface CategoryRow extends Named {
  parent_id: number | null;
}

export async function checkCatalogueFile(db: D1Database, text: string): Promise<CheckOutcome> {
  const parsed = records(text);
  if ('problems' in parsed) return fileProblems('catalogue', 0, parsed.problems);
  const [header, ...lines] = parsed.records;
  const columns = readHeader<CatalogueColumn>(header, CATALOGUE_COLUMNS, OPTIONAL_COLUMNS);
  if ('problems' in columns) return fileProblems('catalogue', lines.length, columns.problems);
  if (lines.length === 0) return fileProblems('catalogue', 0, [{ line: 2, column: null, msg: 'import_file_empty' }]);
  if (lines.length > IMPORT_MAX_ROWS)
    return fileProblems('catalogue', lines.length, [
      { line: 1, column: null, msg: 'import_too_many_rows', params: { max: IMPORT_MAX_ROWS, found: lines.length } },
    ]);

  const problems: ImportProblem[] = [];
  const warnings: ImportProblem[] = [];
  const rows: CatalogueRow[] = [];
  for (const record of lines) {
    const read = readCatalogueRow(record, columns.at, header!.cells.length);
    if ('problems' in read) problems.push(...read.problems);
    else rows.push(read.row);
  }

  const slugs = [...new Set(rows.map((r) => r.product_slug))];
  const skuIds = [...new Set(rows.flatMap((r) => (r.sku.id === null ? [] : [r.sku.id])))];
  const [products, skus, brands, categories, search, currencies] = await db.batch([
    db
      .prepare(
        `SELECT id, slug, name_en, name_ar, description_en, description_ar, brand_id, category_id, is_active
         FROM products WHERE slug IN (SELECT value FROM json_each(?))`,
      )
      .bind(JSON.stringify(slugs)),
    db
      .prepare(
        'SELECT id, product_id, name_en, name_ar, price, old_price, buy_limit, stock FROM skus WHERE id IN (SELECT value FROM json_each(?))',
      )
      .bind(JSON.stringify(skuIds)),
    db.prepare('SELECT id, slug, name_en, name_ar FROM brands'),
    db.prepare('SELECT id, slug, name_en, name_ar, parent_id FROM categories'),
    db
      .prepare(
        `SELECT s.rowid AS id, s.name, s.brand, s.category FROM product_search s
         WHERE s.rowid IN (SELECT id FROM products WHERE slug IN (SELECT value FROM json_each(?)))`,
      )
      .bind(JSON.stringify(slugs)),
    currencyStatement(db),
  ]);
  rememberCurrencies(currencies!.results);
  const saudi = knownCurrency('SA')!;
  const productBySlug = new Map((products!.results as unknown as ProductRow[]).map((p) => [p.slug, p]));
  const skuById = new Map((skus!.results as unknown as SkuRow[]).map((s) => [s.id, s]));
  const brandRows = brands!.results as unknown as Named[];
  const brandBySlug = new Map(brandRows.map((b) => [b.slug, b]));
  const brandById = new Map(brandRows.map((b) => [b.id, b]));
  const categoryRows = categories!.results as unknown as CategoryRow[];
  const categoryBySlug = new Map(categoryRows.map((c) => [c.slug, c]));
  const categoryById = new Map(categoryRows.map((c) => [c.id, c]));
  const searchById = new Map(
    (search!.results as unknown as Array<SearchFields & { id: number }>).map(({ id, ...s }) => [id, s]),
  );

  const newBrands = new Map<string, NewBrand & { line: number }>();
  const newCategories = new Map<string, NewCategory & { line: number }>();
  const problem = (
    line: number,
    column: CatalogueColumn | null,
    msg: ImportProblem['msg'],
    params?: ImportProblem['params'],
  ) => problems.push({ line, column, msg, ...(params ? { params } : {}) });

  /** The brand a product's first row names: existing, or new with its names (the same on every row). */
  function brandOf(row: CatalogueRow): Named | NewBrand | null {
    const slug = row.product.brand_slug;
    const existing = brandBySlug.get(slug);
    const { name_en, name_ar } = row.brand_names;
    if (existing) {
      if ((name_en && name_en !== existing.name_en) || (name_ar && name_ar !== existing.name_ar))
        warnings.push({ line: row.line, column: 'brand_name_en', msg: 'import_brand_names_kept', params: { slug } });
      return existing;
    }
    if (!name_en || !name_ar) {
      problem(row.line, 'brand_slug', 'import_brand_unknown', { slug });
      return null;
    }
    const seen = newBrands.get(slug);
    if (seen && (seen.name_en !== name_en || seen.name_ar !== name_ar)) {
      problem(row.line, 'brand_name_en', 'import_brand_differs', { slug, first: seen.line });
      return null;
    }
    if (!seen) newBrands.set(slug, { slug, name_en, name_ar, line: row.line });
    return { slug, name_en, name_ar };
  }

  function categoryOf(row: CatalogueRow): { category: Named | NewCategory; parent: Named | NewCategory | null } | null {
    const slug = row.product.category_slug;
    const existing = categoryBySlug.get(slug);
    const { name_en, name_ar, parent_slug } = row.category_names;
    if (existing) {
      if ((name_en && name_en !== existing.name_en) || (name_ar && name_ar !== existing.name_ar))
        warnings.push({
          line: row.line,
          column: 'category_name_en',
          msg: 'import_category_names_kept',
          params: { slug },
        });
      return { category: existing, parent: existing.parent_id ? (categoryById.get(existing.parent_id) ?? null) : null };
    }
    if (!name_en || !name_ar) {
      problem(row.line, 'category_slug', 'import_category_unknown', { slug });
      return null;
    }
    const seen = newCategories.get(slug);
    if (seen && (seen.name_en !== name_en || seen.name_ar !== name_ar || seen.parent_slug !== (parent_slug || null))) {
      problem(row.line, 'category_name_en', 'import_category_differs', { slug, first: seen.line });
      return null;
    }
    let parent: Named | NewCategory | null = null;
    if (parent_slug) {
      const existingParent = categoryBySlug.get(parent_slug);
      // Two levels (decision 6): a parent is a top-level category, one of the shop's or new in this file.
      if (existingParent?.parent_id) {
        problem(row.line, 'parent_category_slug', 'import_parent_not_top', { slug: parent_slug });
        return null;
      }
      parent = existingParent ?? null;
      if (!parent) {
        const fileParent = [...newCategories.values()].find((c) => c.slug === parent_slug) ?? null;
        if (!fileParent) {
          problem(row.line, 'parent_category_slug', 'import_parent_unknown', { slug: parent_slug });
          return null;
        }
        if (fileParent.parent_slug) {
          problem(row.line, 'parent_category_slug', 'import_parent_not_top', { slug: parent_slug });
          return null;
        }
        parent = fileParent;
      }
    }
    const category = { slug, name_en, name_ar, parent_slug: parent_slug || null };
    if (!seen) newCategories.set(slug, { ...category, line: row.line });
    return { category, parent };
  }

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
    const after: SkuFields = {
      name_en: s.name_en,
      name_ar: s.name_ar,
      price: s.price,
      old_price: s.old_price,
      buy_limit: s.buy_limit,
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
        const current: SkuFields = {
          name_en: sku.name_en,
          name_ar: sku.name_ar,
          price: sku.price,
          old_price: sku.old_price,
          buy_limit: sku.buy_limit,
        };
        skuAction = JSON.stringify(current) === JSON.stringify(after) ? 'keep' : 'update';
        skuBefore = { ...current, stock: sku.stock };
        stockDelta = s.stock === null ? 0 : s.stock - sku.stock;
      }
    } else skuSeqOf = ++skuSeq;
    summary.skus[skuAction]++;
    if (stockDelta !== 0) {
      summary.stock.skus++;
      if (stockDelta > 0) summary.stock.added += stockDelta;
      else summary.stock.removed -= stockDelta;
    }

    // The Saudi columns are for reading: say so when the file's figure is not what will be charged.
    for (const [column, value, base] of [
      ['price_sar_shown', row.sar_shown.price, after.price],
      ['old_price_sar_shown', row.sar_shown.old_price, after.old_price],
    ] as const) {
      if (value === '' || !READ_ONLY_COLUMNS.includes(column)) continue;
      const actual = base === null ? '' : sarShown(payableMinor(base, saudi));
      if (value !== actual)
        warnings.push({ line: row.line, column, msg: 'import_sar_price_derived', params: { file: value, actual } });
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

export async function checkStockFile(db: D1Database, text: string): Promise<CheckOutcome> {
  const parsed = records(text);
  if ('problems' in parsed) return fileProblems('stock', 0, parsed.problems);
  const [header, ...lines] = parsed.records;
  const columns = readHeader(header, STOCK_COLUMNS, []);
  if ('problems' in columns) return fileProblems('stock', lines.length, columns.problems);
  if (lines.length === 0) return fileProblems('stock', 0, [{ line: 2, column: null, msg: 'import_file_empty' }]);
  if (lines.length > IMPORT_MAX_ROWS)
    return fileProblems('stock', lines.length, [
      { line: 1, column: null, msg: 'import_too_many_rows', params: { max: IMPORT_MAX_ROWS, found: lines.length } },
    ]);
  const problems: ImportProblem[] = [];
  const rows: StockRow[] = [];
  for (const record of lines) {
    const read = readStockRow(record, columns.at, header!.cells.length);
    if ('problems' in read) problems.push(...read.problems);
    else rows.push(read.row);
  }
  const { results } = await db
    .prepare('SELECT id, product_id, stock FROM skus WHERE id IN (SELECT value FROM json_each(?))')
    .bind(JSON.stringify([...new Set(rows.map((r) => r.sku_id))]))
    .all<{ id: number; product_id: number; stock: number }>();
  const skus = new Map(results.map((s) => [s.id, s]));
  const seen = new Map<number, number>();
  const summary = emptySummary();
  const plan: PlannedRow[] = [];
  for (const row of rows) {
    const sku = skus.get(row.sku_id);
    const first = seen.get(row.sku_id);
    if (first) {
      problems.push({ line: row.line, column: 'sku_id', msg: 'import_sku_repeated', params: { first } });
      continue;
    }
    seen.set(row.sku_id, row.line);
    if (!sku) {
      problems.push({ line: row.line, column: 'sku_id', msg: 'import_sku_unknown', params: { id: row.sku_id } });
      continue;
    }
    if (sku.stock + row.quantity < 0) {
      problems.push({ line: row.line, column: 'quantity', msg: 'import_stock_negative', params: { stock: sku.stock } });
      continue;
    }
    summary.skus.keep++;
    summary.stock.skus++;
    if (row.quantity > 0) summary.stock.added += row.quantity;
    else summary.stock.removed -= row.quantity;
    plan.push({
      line: row.line,
      product_slug: null,
      product_id: sku.product_id,
      product_seq: null,
      product_action: null,
      sku_id: sku.id,
      sku_seq: null,
      sku_action: 'keep',
      stock_delta: row.quantity,
      before: { sku: { stock: sku.stock } },
      after: { sku: { stock: sku.stock + row.quantity } },
      reason: row.reason,
    });
  }
  problems.sort((a, b) => a.line - b.line);
  return { kind: 'stock', rows: lines.length, problems, warnings: [], summary, plan: problems.length ? [] : plan };
}
