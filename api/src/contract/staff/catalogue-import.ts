// The back office's catalogue and stock files (decision 48): export, check, import and undo.
import { idParams } from '#shared/api/route-schemas';
import { importCheckSchema, importLinesQuery, importListQuery } from '#shared/api/staff-import-schemas';
import type { RouteContract } from '../route-contract';

const staff = { tag: 'staff', noDevice: true } as const;
const byId = { params: idParams } as const;

export const STAFF_IMPORT_CONTRACTS = {
  'GET /staff/catalogue/export': {
    ...staff,
    summary:
      'The catalogue as CSV: a line a SKU with its product, brand, category (names in both languages), prices in KWD and as a Saudi shopper pays, stock and buy limit',
    fileResponse: ['text/csv'],
    staff: 'catalogue:read',
  },
  'POST /staff/catalogue/imports': {
    ...staff,
    summary:
      'Check a catalogue or stock CSV (≤ 5,000 lines): every line’s problems and warnings, the counts, and, when it has none and changes something, the kept plan’s id',
    body: importCheckSchema,
    staff: 'catalogue:write',
  },
  'GET /staff/catalogue/imports': {
    ...staff,
    summary: 'Imports, newest first, 50 a page, with who checked, applied and undid them',
    query: importListQuery,
    staff: 'catalogue:read',
  },
  'GET /staff/catalogue/imports/:id{[0-9]+}': {
    ...staff,
    ...byId,
    summary: 'An import with its lines (200 a page: before and after) and what would keep it from being undone',
    query: importLinesQuery,
    staff: 'catalogue:read',
  },
  'POST /staff/catalogue/imports/:id{[0-9]+}/apply': {
    ...staff,
    ...byId,
    summary: 'Apply a checked import in one batch (409 when the catalogue changed since the check)',
    staff: 'catalogue:write',
  },
  'POST /staff/catalogue/imports/:id{[0-9]+}/revert': {
    ...staff,
    ...byId,
    summary: 'Undo an applied import from its kept lines (409 naming the lines changed or used since)',
    staff: 'catalogue:write',
  },
} as const satisfies Record<string, RouteContract>;
