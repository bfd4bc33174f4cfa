// The back office's catalogue file and stock file (decision 48): the columns the export writes and
// the import reads, and each row read into typed values or the errors that name its line and column.
// What needs the database (does the SKU exist, is the slug free) is checked by the API
// (api/src/catalogue/import/check/); this part is pure, so it is tested beside itself.
//
// One row a size (SKU). A product's own columns repeat on each of its rows; a later row of the same
// product may leave them empty. Prices are the base price in Kuwaiti dinars: a converted country's price
// follows from it at the day's rate with VAT (decision 9), so its columns (`price_<currency>_shown`) are
// written for reading and never imported. An own-priced country's prices are the owner's (decision 77's
// issue-77 amendment): its columns `price_<currency>` and `old_price_<currency>` are read and stored; an
// empty price there means the size is not sold in that country. Both sets are generated from the registry.
import { filsFromKwd } from '../api/staff-catalogue-schemas';
import { type CountryCode, convertedCountries, CORE, HOME_COUNTRY, ownPricedCountries } from '../countries';
import { currencyDecimals, minorToDecimal } from '../money';
import { normalizeDigits } from '../text/digits';
import { z } from '../zod';
import { type CsvRecord, unguardCell } from '../text/csv';

export const IMPORT_MAX_ROWS = 5000;
/**
 * An applied file can be undone this long; after it the plan lines undo reads are removed (issue 48's
 * retention, api/src/retention/windows.ts) and the catalogue has moved on too far for an undo to be safe.
 */
export const CATALOGUE_UNDO_DAYS = 180;
/** The last moment an import applied at `appliedAt` may be undone. */
export const undoUntil = (appliedAt: number) => appliedAt + CATALOGUE_UNDO_DAYS * 24 * 60 * 60 * 1000;
/** The largest file the back office sends on (5,000 rows of long descriptions in two languages). */
export const IMPORT_MAX_BYTES = 8 * 1024 * 1024;

const BASE_COLUMNS = [
  'product_slug',
  'product_name_en',
  'product_name_ar',
  'description_en',
  'description_ar',
  'brand_slug',
  'brand_name_en',
  'brand_name_ar',
  'category_slug',
  'category_name_en',
  'category_name_ar',
  'parent_category_slug',
  'shown',
  'sku_id',
  'sku_name_en',
  'sku_name_ar',
  'price_kwd',
  'old_price_kwd',
] as const;
const TAIL_COLUMNS = ['stock', 'buy_limit'] as const;
type Currency = Lowercase<(typeof CORE)[CountryCode]['currency']>;
type ShownColumn = `price_${Currency}_shown` | `old_price_${Currency}_shown`;
type OwnColumn = `price_${Currency}` | `old_price_${Currency}`;
export type CatalogueColumn = (typeof BASE_COLUMNS)[number] | ShownColumn | OwnColumn | (typeof TAIL_COLUMNS)[number];

const currencyOfColumn = (country: CountryCode) => CORE[country].currency.toLowerCase() as Currency;
/** A converted country's read-only columns: what its shopper pays today for the size (and its old price). */
export const shownColumns = (country: CountryCode) =>
  ({
    price: `price_${currencyOfColumn(country)}_shown`,
    old_price: `old_price_${currencyOfColumn(country)}_shown`,
  }) as const satisfies Record<string, ShownColumn>;
/** An own-priced country's columns: the owner's price of the size there (and its old price), imported. */
export const ownColumns = (country: CountryCode) =>
  ({
    price: `price_${currencyOfColumn(country)}`,
    old_price: `old_price_${currencyOfColumn(country)}`,
  }) as const satisfies Record<string, OwnColumn>;
/**
 * The converted countries the file shows prices of (the home country's are price_kwd itself). Asked of
 * the registry on each call, as the columns below, so a country's kind is read where the file is.
 */
export const shownCountries = (): CountryCode[] => convertedCountries().filter((c) => c !== HOME_COUNTRY);
/** The own-priced countries whose prices the file sets. */
export const ownPriceCountries = (): CountryCode[] => ownPricedCountries();
const shownColumnList = () => shownCountries().flatMap((c) => [shownColumns(c).price, shownColumns(c).old_price]);
const ownColumnList = () => ownPriceCountries().flatMap((c) => [ownColumns(c).price, ownColumns(c).old_price]);

/**
 * The file's columns in order: the shop's, each converted country's shown prices, each own-priced
 * country's prices, stock. Generated from the registry: a country is a pair of columns, never a name here.
 */
export const catalogueColumns = (): CatalogueColumn[] => [
  ...BASE_COLUMNS,
  ...shownColumnList(),
  ...ownColumnList(),
  ...TAIL_COLUMNS,
];
/** The columns as the registry has them when this module loads (the tests' and the e2e's files). */
export const CATALOGUE_COLUMNS: readonly CatalogueColumn[] = catalogueColumns();
/** Columns a file may leave out (a hand-made file of new products needs none of them). */
export const optionalColumns = (): CatalogueColumn[] => [
  'description_en',
  'description_ar',
  'brand_name_en',
  'brand_name_ar',
  'category_name_en',
  'category_name_ar',
  'parent_category_slug',
  'shown',
  'sku_id',
  'old_price_kwd',
  ...shownColumnList(),
  // A file without a country's price columns leaves that country's prices as they are.
  ...ownColumnList(),
  'stock',
  'buy_limit',
];

export const STOCK_COLUMNS = ['sku_id', 'quantity', 'reason'] as const;
export type StockColumn = (typeof STOCK_COLUMNS)[number];

export type ImportKind = 'catalogue' | 'stock';

export const IMPORT_MESSAGES = [
  'import_file_empty',
  'import_too_many_rows',
  'import_column_missing',
  'import_column_unknown',
  'import_column_repeated',
  'import_cells_count',
  'import_required',
  'import_too_long',
  'import_slug_invalid',
  'import_price_invalid',
  'import_country_price_invalid',
  'import_old_price_not_above',
  // A price in a country the member's grants do not cover (shared/catalogue/price-rights.ts).
  'import_base_price_not_allowed',
  'import_country_price_not_allowed',
  'import_stock_invalid',
  'import_buy_limit_invalid',
  'import_shown_invalid',
  'import_sku_id_invalid',
  'import_sku_unknown',
  'import_sku_other_product',
  'import_sku_repeated',
  'import_product_differs',
  'import_brand_unknown',
  'import_brand_differs',
  'import_category_unknown',
  'import_category_differs',
  'import_parent_unknown',
  'import_parent_not_top',
  'import_quantity_invalid',
  'import_stock_negative',
  'import_reason_required',
  'csv_quote_unclosed',
  'csv_quote_misplaced',
  // Warnings: the file is imported, but something in it is not what will be stored.
  'import_sar_price_derived',
  'import_brand_names_kept',
  'import_category_names_kept',
] as const;
type ImportMessage = (typeof IMPORT_MESSAGES)[number];

/**
 * A message key of the staff dictionaries (shared/i18n/staff-catalogue.*) with its values: a line's
 * problem or warning, as the check answers it (the check route's response schema) and the page shows it.
 */
export const importProblemSchema = z.object({
  line: z.int(),
  column: z.string().nullable(),
  msg: z.enum(IMPORT_MESSAGES),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
export type ImportProblem = z.infer<typeof importProblemSchema>;

/** Where each column is in the file, or the problems with its header line. */
export function readHeader<C extends string>(
  header: CsvRecord | undefined,
  columns: readonly C[],
  optional: readonly C[],
): { at: Map<C, number> } | { problems: ImportProblem[] } {
  if (!header) return { problems: [{ line: 1, column: null, msg: 'import_file_empty' }] };
  const problems: ImportProblem[] = [];
  const at = new Map<C, number>();
  header.cells.forEach((raw, i) => {
    const name = raw.trim().toLowerCase() as C;
    if (!columns.includes(name)) problems.push({ line: 1, column: raw, msg: 'import_column_unknown' });
    else if (at.has(name)) problems.push({ line: 1, column: name, msg: 'import_column_repeated' });
    else at.set(name, i);
  });
  for (const c of columns)
    if (!at.has(c) && !optional.includes(c)) problems.push({ line: 1, column: c, msg: 'import_column_missing' });
  return problems.length ? { problems } : { at };
}

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const LIMITS = { name: 200, description: 5000, sizeName: 100, reason: 200 };

/** A product's columns as stored; brand and category by slug, since a new one has no id before the import. */
export interface ProductFields {
  name_en: string;
  name_ar: string;
  description_en: string;
  description_ar: string;
  brand_slug: string;
  category_slug: string;
  is_active: 0 | 1;
}

export interface CatalogueRow {
  line: number;
  product_slug: string;
  /** The product's columns as this row has them (empty when a later row leaves them out; `shown` may be). */
  product: Omit<ProductFields, 'is_active'> & { is_active: 0 | 1 | null };
  brand_names: { name_en: string; name_ar: string };
  category_names: { name_en: string; name_ar: string; parent_slug: string };
  sku: {
    id: number | null;
    name_en: string;
    name_ar: string;
    price: number;
    old_price: number | null;
    /** Units on hand, or null: unchanged (a new size starts at 0). */
    stock: number | null;
    buy_limit: number | null;
  };
  /** A converted country's shown prices as the file has them (read only: compared, never stored). */
  shown: Partial<Record<CountryCode, { price: string; old_price: string }>>;
  /**
   * An own-priced country's prices in its minor units (null: not sold there) for each country whose
   * columns the file has; a country without its columns in the file is left as it is.
   */
  own: Partial<Record<CountryCode, { price: number; old_price: number | null } | null>>;
}

/** A cell's digits in Latin, whitespace trimmed. */
const plain = (v: string) => normalizeDigits(v).trim();

function yesNo(v: string): 0 | 1 | null | undefined {
  const s = v.trim().toLowerCase();
  if (s === '') return null;
  if (['yes', 'y', '1', 'true', 'نعم'].includes(s)) return 1;
  if (['no', 'n', '0', 'false', 'لا'].includes(s)) return 0;
  return undefined;
}

/** One catalogue row read into values, or its problems (every one, not the first only). */
export function readCatalogueRow(
  record: CsvRecord,
  at: Map<CatalogueColumn, number>,
  width: number,
): { row: CatalogueRow } | { problems: ImportProblem[] } {
  const problems: ImportProblem[] = [];
  const line = record.line;
  if (record.cells.length !== width)
    return {
      problems: [{ line, column: null, msg: 'import_cells_count', params: { count: record.cells.length, width } }],
    };
  const cell = (c: CatalogueColumn) => {
    const i = at.get(c);
    return i === undefined ? '' : unguardCell(record.cells[i]!.trim());
  };
  const problem = (column: CatalogueColumn, msg: ImportMessage, params?: ImportProblem['params']) =>
    problems.push({ line, column, msg, ...(params ? { params } : {}) });
  const text = (c: CatalogueColumn, max: number, required = false) => {
    const v = cell(c);
    if (required && v === '') problem(c, 'import_required');
    if (v.length > max) problem(c, 'import_too_long', { count: max });
    return v;
  };
  const money = (c: CatalogueColumn, required: boolean): number | null => {
    const v = plain(cell(c)).replace(/,/g, '');
    if (v === '') {
      if (required) problem(c, 'import_required');
      return null;
    }
    const fils = filsFromKwd(v);
    if (fils === null) problem(c, 'import_price_invalid');
    return fils;
  };
  const whole = (c: CatalogueColumn, min: number, max: number, msg: ImportMessage): number | null => {
    const v = plain(cell(c));
    if (v === '') return null;
    const n = /^\d+$/.test(v) ? Number(v) : Number.NaN;
    if (!(n >= min && n <= max)) problem(c, msg);
    return n;
  };

  const slug = cell('product_slug').toLowerCase();
  if (slug === '') problem('product_slug', 'import_required');
  else if (!SLUG.test(slug) || slug.length > 120) problem('product_slug', 'import_slug_invalid');
  const brandSlug = cell('brand_slug').toLowerCase();
  const categorySlug = cell('category_slug').toLowerCase();
  const parentSlug = cell('parent_category_slug').toLowerCase();
  for (const [c, v] of [
    ['brand_slug', brandSlug],
    ['category_slug', categorySlug],
    ['parent_category_slug', parentSlug],
  ] as const)
    if (v !== '' && (!SLUG.test(v) || v.length > 120)) problem(c, 'import_slug_invalid');
  const shown = yesNo(cell('shown'));
  if (shown === undefined) problem('shown', 'import_shown_invalid');
  const skuIdText = plain(cell('sku_id'));
  const skuId = skuIdText === '' ? null : /^\d{1,10}$/.test(skuIdText) ? Number(skuIdText) : Number.NaN;
  if (Number.isNaN(skuId)) problem('sku_id', 'import_sku_id_invalid');
  const price = money('price_kwd', true);
  const oldPrice = money('old_price_kwd', false);
  if (price !== null && oldPrice !== null && !(oldPrice > price))
    problem('old_price_kwd', 'import_old_price_not_above');
  // An own-priced country's amounts in its currency's digits; an empty price: not sold there.
  const own: CatalogueRow['own'] = {};
  for (const country of ownPriceCountries()) {
    const columns = ownColumns(country);
    if (!at.has(columns.price)) continue;
    const amount = (c: CatalogueColumn) => {
      const v = plain(cell(c)).replace(/,/g, '');
      if (v === '') return null;
      const minor = minorFromText(v, CORE[country].decimals);
      if (minor === null)
        problem(c, 'import_country_price_invalid', {
          currency: CORE[country].currency,
          decimals: CORE[country].decimals,
        });
      return minor;
    };
    const ownPrice = amount(columns.price);
    const ownOld = amount(columns.old_price);
    if (cell(columns.price) === '' && cell(columns.old_price) !== '') problem(columns.price, 'import_required');
    if (ownPrice !== null && ownOld !== null && !(ownOld > ownPrice))
      problem(columns.old_price, 'import_old_price_not_above');
    own[country] = ownPrice === null ? null : { price: ownPrice, old_price: ownOld };
  }

  const row: CatalogueRow = {
    line,
    product_slug: slug,
    product: {
      name_en: text('product_name_en', LIMITS.name),
      name_ar: text('product_name_ar', LIMITS.name),
      description_en: text('description_en', LIMITS.description),
      description_ar: text('description_ar', LIMITS.description),
      brand_slug: brandSlug,
      category_slug: categorySlug,
      is_active: shown ?? null,
    },
    brand_names: { name_en: text('brand_name_en', LIMITS.name), name_ar: text('brand_name_ar', LIMITS.name) },
    category_names: {
      name_en: text('category_name_en', LIMITS.name),
      name_ar: text('category_name_ar', LIMITS.name),
      parent_slug: parentSlug,
    },
    sku: {
      id: skuId,
      name_en: text('sku_name_en', LIMITS.sizeName, true),
      name_ar: text('sku_name_ar', LIMITS.sizeName, true),
      price: price ?? 0,
      old_price: oldPrice,
      stock: whole('stock', 0, 1_000_000, 'import_stock_invalid'),
      buy_limit: whole('buy_limit', 1, 999, 'import_buy_limit_invalid'),
    },
    shown: Object.fromEntries(
      shownCountries().map((c) => [
        c,
        { price: plain(cell(shownColumns(c).price)), old_price: plain(cell(shownColumns(c).old_price)) },
      ]),
    ),
    own,
  };
  return problems.length ? { problems } : { row };
}

export interface StockRow {
  line: number;
  sku_id: number;
  quantity: number;
  reason: string;
}

/** One stock row: a SKU, the units to add (negative: take away), and why. */
export function readStockRow(
  record: CsvRecord,
  at: Map<StockColumn, number>,
  width: number,
): { row: StockRow } | { problems: ImportProblem[] } {
  const line = record.line;
  if (record.cells.length !== width)
    return {
      problems: [{ line, column: null, msg: 'import_cells_count', params: { count: record.cells.length, width } }],
    };
  const cell = (c: StockColumn) => unguardCell(record.cells[at.get(c)!]!.trim());
  const problems: ImportProblem[] = [];
  const id = plain(cell('sku_id'));
  if (!/^\d{1,10}$/.test(id)) problems.push({ line, column: 'sku_id', msg: 'import_sku_id_invalid' });
  const quantity = plain(cell('quantity'))
    .replace(/^\+/, '')
    .replace(/^[\u2212\u2013]/, '-');
  const n = /^-?\d{1,7}$/.test(quantity) ? Number(quantity) : 0;
  if (n === 0) problems.push({ line, column: 'quantity', msg: 'import_quantity_invalid' });
  const reason = cell('reason');
  if (reason === '') problems.push({ line, column: 'reason', msg: 'import_reason_required' });
  else if (reason.length > LIMITS.reason)
    problems.push({ line, column: 'reason', msg: 'import_too_long', params: { count: LIMITS.reason } });
  return problems.length ? { problems } : { row: { line, sku_id: Number(id), quantity: n, reason } };
}

/** An amount typed with at most the currency's digits ("12.5", "12.50") as its minor units, or null. */
function minorFromText(text: string, decimals: number): number | null {
  const m = /^(\d{1,7})(?:\.(\d+))?$/.exec(text);
  if (!m || (m[2] ?? '').length > decimals) return null;
  return Number(m[1]) * 10 ** decimals + Number((m[2] ?? '').padEnd(decimals, '0') || 0);
}

/** A country's price as the file shows it (its currency's decimals, Latin digits, no currency). */
export const shownAmount = (minor: number, country: CountryCode) => minorToDecimal(minor, CORE[country].decimals);
/** Base fils as the file shows them ("4.500"). */
export const kwdShown = (fils: number) => minorToDecimal(fils, currencyDecimals(CORE[HOME_COUNTRY].currency));
