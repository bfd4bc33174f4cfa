// The nightly backup's file (decision 46): gzip'd lines of JSON, one object a line, in this order:
// a header, the schema (every table, index, trigger and view as sqlite_master holds it), the rows
// of each table in pages, and an end line with each table's row count, so a cut-off file is refused
// rather than half-restored. Health tables' pages are sealed (./seal.ts); the rest is plain JSON, and
// the whole file is authenticated (format 2): the end line carries an HMAC chain over every line.
// Shared by the API's writer (api/src/backup/) and the restore (scripts/db-restore.mjs).
import { base64ToBytes, bytesToHex } from '#shared/bytes';

export const BACKUP_FORMAT = 'gulfvitamins-d1-backup';
/** 2: the end line's `mac` authenticates the whole file (1 sealed the health pages only; refused now). */
export const BACKUP_VERSION = 2;

/**
 * Tables that hold health data: blood-test orders, patients, results and uploaded results, and the
 * quiz's answers. Their pages are encrypted in the file, as their files are in R2. A new table whose
 * name starts with one of HEALTH_PREFIXES must be named here or in NOT_HEALTH (a unit test checks).
 */
export const HEALTH_TABLES: ReadonlySet<string> = new Set([
  'blood_test_orders',
  'blood_test_order_items',
  'blood_test_patients',
  // A person's sex and birth date for reading her results (decision 49): hers, not the catalogue's.
  'blood_test_profiles',
  'blood_test_results',
  'blood_test_slot_bookings',
  'blood_test_uploads',
  'blood_test_upload_files',
  'blood_test_upload_values',
  'quiz_results',
  // Nutritionist consultations (migration 0058): who consulted, when, and everything said or written
  // about her; the texts are sealed under HEALTH_KEK already, and the backup seals them again.
  'consultations',
  'consultation_cells',
  'consultation_keys',
  'consultation_intakes',
  'consultation_messages',
  'consultation_notes',
  'consultation_recommendations',
  'consultation_ratings',
]);
export const HEALTH_PREFIXES = ['blood_test_', 'quiz_', 'biomarker', 'consultation'] as const;
/** Catalogue and reference tables under those prefixes: the shop's own data, not a person's. */
export const NOT_HEALTH: ReadonlySet<string> = new Set([
  'blood_test_biomarkers',
  'blood_test_blackout_days',
  'blood_test_categories',
  'blood_test_panel_members',
  'blood_test_prices',
  'blood_test_related_products',
  'blood_test_skus',
  'blood_test_slot_capacity',
  'quiz_versions',
  'consultation_services',
  'consultation_service_prices',
  'consultation_packages',
  'consultation_package_prices',
  // Packages bought: amounts and sessions left, a tax record like an order's.
  'consultation_credits',
  'biomarker_ranges',
  'biomarker_units',
  'biomarkers',
]);

export interface SchemaObject {
  type: 'table' | 'index' | 'trigger' | 'view';
  name: string;
  table: string;
  sql: string;
}

export interface HeaderLine {
  kind: 'header';
  format: typeof BACKUP_FORMAT;
  version: number;
  /** Random, per file: part of every sealed page's additional data. */
  id: string;
  createdAt: number;
  environment: string;
  /** The data key of the health pages, wrapped by the backup KEK of this version (./seal.ts). */
  key: { wrapped: string; version: number };
}
interface SchemaLine {
  kind: 'schema';
  objects: SchemaObject[];
  /** Virtual tables whose rows are written (FTS5 with its own content); their shadow tables are not. */
  virtual: string[];
}
interface RowsLine {
  kind: 'rows';
  table: string;
  columns: string[];
  rows: Cell[][];
}
export interface SealedLine {
  kind: 'sealed';
  table: string;
  /** The page's place among the table's pages: bound into the ciphertext, so pages cannot be swapped. */
  page: number;
  iv: string;
  data: string;
}
interface EndLine {
  kind: 'end';
  counts: Record<string, number>;
  /** The last link of the file's HMAC chain (./seal.ts FileMac): every line before this one, and the counts. */
  mac: string;
}
export type BackupLine = HeaderLine | SchemaLine | RowsLine | SealedLine | EndLine;

/** A cell as JSON carries it: numbers, text and null as they are, a BLOB as { b: base64 }. */
export type Cell = string | number | null | { b: string };

export function isHealthTable(name: string): boolean {
  return HEALTH_TABLES.has(name);
}

const SHADOW_SUFFIXES = ['_data', '_idx', '_content', '_docsize', '_config'];

/**
 * The tables whose rows are not written: SQLite's and Cloudflare's own (sqlite_*, _cf_*), the
 * shadow tables FTS5 keeps for a virtual table (rebuilt when its rows are inserted), and virtual
 * tables that hold nothing of their own (fts5vocab).
 */
export function rowsAreWritten(object: SchemaObject, virtualNames: readonly string[]): boolean {
  const { name } = object;
  if (object.type !== 'table') return false;
  if (name.startsWith('sqlite_') || name.startsWith('_cf_')) return false;
  if (virtualNames.some((v) => SHADOW_SUFFIXES.some((s) => name === v + s))) return false;
  if (/^CREATE\s+VIRTUAL\s+TABLE/i.test(object.sql)) return /USING\s+fts5\s*\(/i.test(object.sql);
  return true;
}

export function isVirtual(object: SchemaObject): boolean {
  return object.type === 'table' && /^CREATE\s+VIRTUAL\s+TABLE/i.test(object.sql);
}

/** A SQL literal for a cell, as `INSERT … VALUES (…)` in the restore file needs it. */
export function sqlLiteral(cell: Cell): string {
  if (cell === null) return 'NULL';
  if (typeof cell === 'number') {
    if (!Number.isFinite(cell)) throw new Error(`a cell holds ${cell}, which SQL cannot`);
    return String(cell);
  }
  if (typeof cell === 'string') return `'${cell.replaceAll("'", "''")}'`;
  const bytes = base64ToBytes(cell.b);
  if (!bytes) throw new Error('a BLOB cell is not base64');
  return `X'${bytesToHex(bytes)}'`;
}

export function quoteName(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}
