// A checked plan kept in D1 until it is applied: the import's row and its lines, in one batch. The
// lines travel as JSON in pieces under D1's 2 MB per value, so 5,000 lines are a few statements.
import type { ImportKind } from '#shared/catalogue/import-format';
import type { ImportSummary } from '#shared/api/staff-import-schemas';
import type { PlannedRow } from './plan';

// Characters, not bytes: at most three bytes each in UTF-8, so a piece stays under 2 MB.
const PIECE_CHARS = 600_000;

export function storePlanStatements(
  db: D1Database,
  importId: number,
  input: {
    kind: ImportKind;
    fileName: string;
    staffId: number;
    rows: number;
    summary: ImportSummary;
    plan: PlannedRow[];
  },
  now = Date.now(),
): D1PreparedStatement[] {
  const statements = [
    db
      .prepare(
        `INSERT INTO catalogue_imports (id, kind, status, file_name, row_count, summary_json, checked_by, checked_at)
         VALUES (?, ?, 'checked', ?, ?, ?, ?, ?)`,
      )
      .bind(importId, input.kind, input.fileName, input.rows, JSON.stringify(input.summary), input.staffId, now),
  ];
  let piece: string[] = [];
  let chars = 0;
  const flush = () => {
    if (!piece.length) return;
    statements.push(
      db
        .prepare(
          `INSERT INTO catalogue_import_rows (import_id, line, product_slug, product_id, product_seq, product_action,
             sku_id, sku_seq, sku_action, stock_delta, before_json, after_json, reason)
           SELECT ?1, j.value ->> 'line', j.value ->> 'product_slug', j.value ->> 'product_id', j.value ->> 'product_seq',
             j.value ->> 'product_action', j.value ->> 'sku_id', j.value ->> 'sku_seq', j.value ->> 'sku_action',
             j.value ->> 'stock_delta', j.value ->> 'before', j.value ->> 'after', j.value ->> 'reason'
           FROM json_each(?2) j`,
        )
        .bind(importId, `[${piece.join(',')}]`),
    );
    piece = [];
    chars = 0;
  };
  for (const row of input.plan) {
    const json = JSON.stringify(row);
    if (chars + json.length > PIECE_CHARS) flush();
    piece.push(json);
    chars += json.length + 1;
  }
  flush();
  return statements;
}
