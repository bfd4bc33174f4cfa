// The dry run of a stock file: each line adds to or takes from one SKU's stock, with a reason; a SKU
// named twice, unknown, or left below zero is a problem on its line.
import {
  IMPORT_MAX_ROWS,
  type ImportProblem,
  readHeader,
  readStockRow,
  STOCK_COLUMNS,
  type StockRow,
} from '#shared/catalogue/import-format';
import { type CheckOutcome, emptySummary, type PlannedRow } from '../plan';

import { fileProblems, records } from './file';

export async function checkStockFile(db: D1Database, text: string): Promise<CheckOutcome> {
  const parsed = records(text);
  if ('problems' in parsed) return fileProblems('stock', 0, parsed.problems);
  const [header, ...lines] = parsed.records;
  const columns = readHeader(header, STOCK_COLUMNS, []);
  if ('problems' in columns) return fileProblems('stock', lines.length, columns.problems);
  if (lines.length === 0) return fileProblems('stock', 0, [{ line: 2, column: null, msg: 'import_file_empty' }]);
  if (lines.length > IMPORT_MAX_ROWS)
    return fileProblems('stock', lines.length, [
      { line: 1, column: null, msg: 'import_too_many_rows', params: { max: IMPORT_MAX_ROWS, count: lines.length } },
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
