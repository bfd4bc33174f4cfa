// The back office's catalogue file and stock file (decision 48): the export, the check (a dry run that
// lists every line's problems and keeps the plan), the import in one batch, and its undo from the
// kept plan. Every import and undo is one audit row naming the import; stock changes also have one a size.
import { Hono } from 'hono';
import { ok } from '#shared/api/envelope';
import { undoUntil } from '#shared/catalogue/import-format';
import type { AppEnv } from '#api/src/app-env';
import { announceAlerts } from '#api/src/alerts';
import { restockedSkus } from '#api/src/catalogue/back-in-stock';
import { denormaliseProducts } from '#api/src/catalogue/maintain';
import { applyCatalogueStatements, applyStockStatements, touchedProducts } from '#api/src/catalogue/import/apply';
import { checkCatalogueFile, checkStockFile, PROBLEMS_LISTED } from '#api/src/catalogue/import/check';
import { catalogueCsv } from '#api/src/catalogue/import/export';
import { changesSomething } from '#api/src/catalogue/import/plan';
import {
  conflictsStatement,
  otherShardsStatement,
  shardConflicts,
  createdImagesStatement,
  revertCatalogueStatements,
  revertStockStatements,
} from '#api/src/catalogue/import/revert';
import { storePlanStatements } from '#api/src/catalogue/import/store';
import { linesRefused } from '#api/src/catalogue/import/rights';
import { ApiError } from '#api/src/lib/errors';
import { currentRequestId } from '#api/src/lib/log';
import { contract } from '#api/src/contract/validate';
import { requireStaff } from '#api/src/middleware/staff';
import { forgetMedia, imageKeys, nextId, retryingConflicts } from '#api/src/staff/catalogue-create-common';
import { audit, notFound } from '#api/src/staff/catalogue-common';
import {
  type ImportSummary,
  importAppliedSchema,
  importCheckAnswerSchema,
  importCheckSchema,
  importDetailSchema,
  importListQuery,
  importListSchema,
  importLinesQuery,
  importRevertedSchema,
} from '#shared/api/staff-import-schemas';
import { idParams } from '#shared/api/route-schemas';
import type { RoleGrant } from '#shared/staff/permissions';

const LIST_PAGE = 50;
const LINES_PAGE = 200;

interface ImportRow {
  id: number;
  kind: 'catalogue' | 'stock';
  status: 'checked' | 'applied' | 'reverted';
  file_name: string;
  row_count: number;
  summary_json: string;
  applied_at: number | null;
}

const IMPORT_COLUMNS = `i.id, i.kind, i.status, i.file_name, i.row_count, i.summary_json, i.checked_at, i.applied_at,
  i.reverted_at, cb.name AS checked_by, ab.name AS applied_by, rb.name AS reverted_by`;
const IMPORT_FROM = `catalogue_imports i JOIN staff cb ON cb.id = i.checked_by
  LEFT JOIN staff ab ON ab.id = i.applied_by LEFT JOIN staff rb ON rb.id = i.reverted_by`;

const shown = <T extends { summary_json: string }>({ summary_json, ...row }: T) => ({
  ...row,
  summary: JSON.parse(summary_json) as ImportSummary,
});

async function importOf(db: D1Database, id: number): Promise<ImportRow> {
  const row = await db.prepare('SELECT * FROM catalogue_imports WHERE id = ?').bind(id).first<ImportRow>();
  if (!row) throw notFound();
  return row;
}

const isRefused = (error: unknown) => /CHECK constraint failed/.test(String(error));

/**
 * Importing or undoing a catalogue file moves the prices of its lines: 403 naming the lines that move
 * prices in a country the member may not write (who checked the file may have had more rights).
 */
async function refuseOthersPrices(db: D1Database, found: ImportRow, grants: readonly RoleGrant[]) {
  if (found.kind !== 'catalogue') return;
  const lines = await linesRefused(db, found.id, grants);
  if (lines.length) throw new ApiError(403, 'import_prices_not_allowed', { lines });
}

export const staffImportRoutes = new Hono<AppEnv>()
  .get(
    '/catalogue/export',
    contract({
      tag: 'staff',
      noDevice: true,
      summary:
        'The catalogue as CSV: a line a SKU with its product, brand, category (names in both languages), prices in KWD and as a Saudi shopper pays, stock and buy limit',
      fileResponse: ['text/csv'],
      staff: 'catalogue:read',
      messages: [],
    }),
    async (c) => {
      const member = await requireStaff(c);
      const day = new Date().toISOString().slice(0, 10);
      await audit(c, member, { action: 'catalogue.export', resource: 'catalogue', resourceId: day }).run();
      return new Response(await catalogueCsv(c.env.DB), {
        headers: {
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': `attachment; filename="catalogue-${day}.csv"`,
          'cache-control': 'private, no-store',
        },
      });
    },
  )

  .post(
    '/catalogue/imports',
    contract({
      tag: 'staff',
      noDevice: true,
      summary:
        'Check a catalogue or stock CSV (≤ 5,000 lines): every line’s problems and warnings, the counts, and, when it has none and changes something, the kept plan’s id',
      body: importCheckSchema,
      staff: 'catalogue:write',
      response: importCheckAnswerSchema,
      messages: ['import_checked'],
    }),
    async (c) => {
      const member = await requireStaff(c);
      const input = c.req.valid('json');
      const db = c.env.DB;
      const outcome =
        input.kind === 'catalogue'
          ? await checkCatalogueFile(db, input.csv, member.grants)
          : await checkStockFile(db, input.csv);
      const answer = {
        kind: outcome.kind,
        rows: outcome.rows,
        summary: outcome.summary,
        problems: outcome.problems.slice(0, PROBLEMS_LISTED),
        problem_count: outcome.problems.length,
        warnings: outcome.warnings.slice(0, PROBLEMS_LISTED),
        warning_count: outcome.warnings.length,
      };
      if (outcome.problems.length || !changesSomething(outcome.summary)) return c.json(ok({ id: null, ...answer }));
      const id = await retryingConflicts(async () => {
        const next = (await nextId(db, 'catalogue_imports').first<{ id: number }>())!.id;
        await db.batch(
          storePlanStatements(db, next, {
            kind: outcome.kind,
            fileName: input.file_name,
            staffId: member.id,
            rows: outcome.rows,
            summary: { ...outcome.summary, warnings: answer.warnings, warning_count: answer.warning_count },
            plan: outcome.plan,
          }),
        );
        return next;
      });
      return c.json(ok({ id, ...answer }, 'import_checked'));
    },
  )

  .get(
    '/catalogue/imports',
    contract({
      tag: 'staff',
      noDevice: true,
      summary: 'Imports, newest first, 50 a page, with who checked, applied and undid them',
      query: importListQuery,
      staff: 'catalogue:read',
      response: importListSchema,
      messages: [],
    }),
    async (c) => {
      const page = c.req.valid('query').page ?? 1;
      const db = c.env.DB;
      const [count, rows] = await db.batch([
        db.prepare('SELECT count(*) AS n FROM catalogue_imports'),
        db
          .prepare(`SELECT ${IMPORT_COLUMNS} FROM ${IMPORT_FROM} ORDER BY i.id DESC LIMIT ? OFFSET ?`)
          .bind(LIST_PAGE, (page - 1) * LIST_PAGE),
      ]);
      const total = (count!.results[0] as { n: number }).n;
      return c.json(
        ok({
          imports: (rows!.results as unknown as ImportRow[]).map(shown),
          total,
          page,
          pages: Math.max(1, Math.ceil(total / LIST_PAGE)),
        }),
      );
    },
  )

  .get(
    '/catalogue/imports/:id{[0-9]+}',
    contract({
      tag: 'staff',
      noDevice: true,
      params: idParams,
      summary: 'An import with its lines (200 a page: before and after) and what would keep it from being undone',
      query: importLinesQuery,
      staff: 'catalogue:read',
      response: importDetailSchema,
      messages: ['not_found'],
    }),
    async (c) => {
      const { id } = c.req.valid('param');
      const page = c.req.valid('query').page ?? 1;
      const db = c.env.DB;
      const [found, lines, conflicts] = await db.batch([
        db.prepare(`SELECT ${IMPORT_COLUMNS} FROM ${IMPORT_FROM} WHERE i.id = ?`).bind(id),
        db
          .prepare(
            `SELECT r.line, r.product_slug, r.product_id, r.product_action, r.sku_id, r.sku_action, r.stock_delta,
             r.before_json, r.after_json, r.reason, p.name_en AS product_en, p.name_ar AS product_ar,
             s.name_en AS sku_en, s.name_ar AS sku_ar
           FROM catalogue_import_rows r LEFT JOIN products p ON p.id = r.product_id LEFT JOIN skus s ON s.id = r.sku_id
           WHERE r.import_id = ? ORDER BY r.line LIMIT ? OFFSET ?`,
          )
          .bind(id, LINES_PAGE, (page - 1) * LINES_PAGE),
        conflictsStatement(db, id),
      ]);
      const row = found!.results[0] as unknown as ImportRow | undefined;
      if (!row) throw notFound();
      const json = (text: unknown) => (typeof text === 'string' ? JSON.parse(text) : null);
      return c.json(
        ok({
          import: shown(row),
          lines: (lines!.results as Array<Record<string, unknown>>).map(({ before_json, after_json, ...l }) => ({
            ...l,
            before: json(before_json),
            after: json(after_json),
          })),
          page,
          pages: Math.max(1, Math.ceil(row.row_count / LINES_PAGE)),
          // What would keep an applied import from being undone now.
          conflicts: row.status === 'applied' && row.kind === 'catalogue' ? conflicts!.results : [],
        }),
      );
    },
  )

  .post(
    '/catalogue/imports/:id{[0-9]+}/apply',
    contract({
      tag: 'staff',
      noDevice: true,
      params: idParams,
      summary:
        'Apply a checked import in one batch (409 when the catalogue changed since the check; 403 naming the lines that change prices in a country the member may not write)',
      staff: 'catalogue:write',
      response: importAppliedSchema,
      messages: [
        'not_found',
        'import_not_checked',
        'import_prices_not_allowed',
        'import_stock_sold_meanwhile',
        'import_stale',
        'import_applied',
      ],
    }),
    async (c) => {
      const member = await requireStaff(c);
      const { id } = c.req.valid('param');
      const db = c.env.DB;
      const found = await importOf(db, id);
      if (found.status !== 'checked') throw new ApiError(409, 'import_not_checked');
      await refuseOthersPrices(db, found, member.grants);
      const {
        warnings: _warnings,
        warning_count: _count,
        ...summary
      } = JSON.parse(found.summary_json) as ImportSummary;
      const now = Date.now();
      const work =
        found.kind === 'catalogue'
          ? applyCatalogueStatements(db, id, member.id, now, currentRequestId() ?? null)
          : applyStockStatements(db, id, member.id, now, currentRequestId() ?? null);
      let results: D1Result[];
      try {
        results = await db.batch([
          ...work,
          ...denormaliseProducts(db, touchedProducts, id),
          audit(c, member, {
            action: 'catalogue.import',
            resource: 'catalogue_import',
            resourceId: id,
            after: {
              kind: found.kind,
              file: found.file_name,
              rows: found.row_count,
              ...summary,
            },
          }),
        ]);
      } catch (error) {
        if (!isRefused(error)) throw error;
        if (found.kind === 'stock') {
          // Units sold since the check would take a size below 0: name its lines.
          const { results: short } = await db
            .prepare(
              `SELECT r.line, s.stock FROM catalogue_import_rows r JOIN skus s ON s.id = r.sku_id
               WHERE r.import_id = ? AND s.stock + r.stock_delta < 0 ORDER BY r.line LIMIT 100`,
            )
            .bind(id)
            .all<{ line: number; stock: number }>();
          if (short.length) throw new ApiError(409, 'import_stock_sold_meanwhile', { lines: short });
        }
        throw new ApiError(409, 'import_stale');
      }
      alertsAfter(c, results);
      return c.json(ok({ id, status: 'applied' }, 'import_applied'));
    },
  )

  .post(
    '/catalogue/imports/:id{[0-9]+}/revert',
    contract({
      tag: 'staff',
      noDevice: true,
      params: idParams,
      summary:
        'Undo an applied import from its kept lines (409 naming the lines changed or used since; 403 naming those whose prices the member may not write)',
      staff: 'catalogue:write',
      response: importRevertedSchema,
      messages: [
        'not_found',
        'import_not_applied',
        'import_undo_expired',
        'import_prices_not_allowed',
        'import_revert_conflict',
        'import_reverted',
      ],
    }),
    async (c) => {
      const member = await requireStaff(c);
      const { id } = c.req.valid('param');
      const db = c.env.DB;
      const found = await importOf(db, id);
      if (found.status !== 'applied') throw new ApiError(409, 'import_not_applied');
      // Past the undo window the plan lines are gone (or about to go): refused before anything is read.
      if (found.applied_at !== null && Date.now() > undoUntil(found.applied_at))
        throw new ApiError(409, 'import_undo_expired');
      await refuseOthersPrices(db, found, member.grants);
      const [conflicts, images, shards] = await db.batch([
        conflictsStatement(db, id),
        createdImagesStatement(db, id),
        otherShardsStatement(db),
      ]);
      // Orders in the other order shards bought what it created too (decision 61).
      const sold =
        found.kind === 'catalogue'
          ? await shardConflicts(c.env, id, shards!.results as Array<{ binding: string }>)
          : [];
      const lines = [...(conflicts!.results as Array<{ line: number }>), ...sold].sort((a, b) => a.line - b.line);
      if (found.kind === 'catalogue' && lines.length) throw new ApiError(409, 'import_revert_conflict', { lines });
      const now = Date.now();
      const requestId = currentRequestId() ?? null;
      let results: D1Result[];
      try {
        results = await db.batch([
          ...(found.kind === 'catalogue'
            ? revertCatalogueStatements(db, id, member.id, now, requestId)
            : revertStockStatements(db, id, member.id, now, requestId)),
          // The products it changed and kept; those it created are gone.
          ...denormaliseProducts(db, touchedProducts, id),
          audit(c, member, {
            action: 'catalogue.import_revert',
            resource: 'catalogue_import',
            resourceId: id,
            before: { kind: found.kind, file: found.file_name, rows: found.row_count },
          }),
        ]);
      } catch (error) {
        if (!isRefused(error)) throw error;
        const { results: lines } = await conflictsStatement(db, id).all();
        throw new ApiError(409, 'import_revert_conflict', { lines });
      }
      // Pictures added to the products it created go from the bucket once their rows are gone.
      await forgetMedia(c, imageKeys((images!.results as Array<{ r2_key: string }>).map((i) => i.r2_key)));
      alertsAfter(c, results);
      return c.json(ok({ id, status: 'reverted' }, 'import_reverted'));
    },
  );

/** The alerts queue hears of the sizes back from 0 and the lower prices the batch recorded. */
function alertsAfter(c: Parameters<typeof announceAlerts>[0], results: D1Result[]) {
  announceAlerts(c, 'back_in_stock', restockedSkus(results));
  const dropped = results.flatMap((r) =>
    (r.results ?? []).flatMap((row) =>
      row && typeof row === 'object' && 'price_drop_sku' in row ? [Number(row.price_drop_sku)] : [],
    ),
  );
  announceAlerts(c, 'price_drop', dropped);
}
