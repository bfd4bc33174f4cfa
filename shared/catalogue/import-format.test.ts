import { describe, expect, it } from 'vitest';
import {
  CATALOGUE_COLUMNS,
  type CatalogueColumn,
  readCatalogueRow,
  readHeader,
  readStockRow,
  STOCK_COLUMNS,
} from './import-format';

const header = (cells: string[]) => ({ line: 1, cells });
const columns = readHeader<CatalogueColumn>(header([...CATALOGUE_COLUMNS]), CATALOGUE_COLUMNS, []);
if (!('at' in columns)) throw new Error('the export’s own header must read');
const row = (values: Partial<Record<CatalogueColumn, string>>, line = 2) =>
  readCatalogueRow(
    { line, cells: CATALOGUE_COLUMNS.map((c) => values[c] ?? '') },
    columns.at,
    CATALOGUE_COLUMNS.length,
  );

describe('catalogue file lines', () => {
  it('reads Arabic digits, an Arabic yes, a guarded formula and a price in KWD', () => {
    const read = row({
      product_slug: 'Zinc-25',
      product_name_en: "'=Zinc",
      product_name_ar: 'زنك',
      brand_slug: 'delta',
      category_slug: 'immunity',
      shown: 'نعم',
      sku_name_en: '90',
      sku_name_ar: '٩٠ قرصاً',
      price_kwd: '٤٫٢٥',
      old_price_kwd: '5',
      stock: '١٢',
    });
    expect(read).toEqual({
      row: expect.objectContaining({
        product_slug: 'zinc-25',
        product: expect.objectContaining({ name_en: '=Zinc', is_active: 1 }),
        sku: { id: null, name_en: '90', name_ar: '٩٠ قرصاً', price: 4250, old_price: 5000, stock: 12, buy_limit: null },
      }),
    });
  });

  it('names every problem of a line with its column', () => {
    const read = row({
      product_slug: 'bad slug!',
      shown: 'maybe',
      sku_id: '12a',
      price_kwd: '1.2345',
      stock: '-1',
      buy_limit: '0',
    });
    expect('problems' in read && read.problems.map((p) => [p.column, p.msg])).toEqual(
      expect.arrayContaining([
        ['product_slug', 'import_slug_invalid'],
        ['shown', 'import_shown_invalid'],
        ['sku_id', 'import_sku_id_invalid'],
        ['price_kwd', 'import_price_invalid'],
        ['stock', 'import_stock_invalid'],
        ['buy_limit', 'import_buy_limit_invalid'],
        ['sku_name_en', 'import_required'],
      ]),
    );
  });

  it('says when a line has more or fewer cells than the header', () => {
    const read = readCatalogueRow({ line: 7, cells: ['a', 'b'] }, columns.at, CATALOGUE_COLUMNS.length);
    expect(read).toEqual({
      problems: [
        { line: 7, column: null, msg: 'import_cells_count', params: { count: 2, width: CATALOGUE_COLUMNS.length } },
      ],
    });
  });
});

describe('stock file lines', () => {
  const stock = readHeader(header(['SKU_ID', 'quantity', 'reason']), STOCK_COLUMNS, []);
  if (!('at' in stock)) throw new Error('the stock header must read');
  it('reads a signed quantity in either script, and refuses 0 and an empty reason', () => {
    expect(readStockRow({ line: 2, cells: ['101', '+٥', 'delivery'] }, stock.at, 3)).toEqual({
      row: { line: 2, sku_id: 101, quantity: 5, reason: 'delivery' },
    });
    expect(readStockRow({ line: 3, cells: ['101', '−3', 'broken'] }, stock.at, 3)).toMatchObject({
      row: { quantity: -3 },
    });
    const bad = readStockRow({ line: 4, cells: ['x', '0', ''] }, stock.at, 3);
    expect('problems' in bad && bad.problems.map((p) => p.msg)).toEqual([
      'import_sku_id_invalid',
      'import_quantity_invalid',
      'import_reason_required',
    ]);
  });
});
