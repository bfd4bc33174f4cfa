// The SQL writer: literals, rows and multi-row INSERTs under the statement byte budget.
import { MAX_STATEMENT_BYTES, MAX_ROWS_PER_STATEMENT } from './settings';

/** UTF-8 byte length without TextEncoder (not every runtime this may run in has one in its types). */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else if (c >= 0xd800 && c <= 0xdbff) {
      bytes += 4; // a surrogate pair is one 4-byte character
      i++;
    } else bytes += 3;
  }
  return bytes;
}

export type SqlValue = string | number | null;

/** An SQL literal with its UTF-8 size, so batching never measures a long repeated text twice. */
export interface Literal {
  sql: string;
  bytes: number;
}

export function literal(value: SqlValue): Literal {
  if (value === null) return { sql: 'NULL', bytes: 4 };
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value)) throw new Error(`not an integer: ${value}`);
    const text = String(value);
    return { sql: text, bytes: text.length };
  }
  const text = `'${value.includes("'") ? value.replaceAll("'", "''") : value}'`;
  return { sql: text, bytes: utf8Length(text) };
}

/**
 * A cache filled on demand. Texts shared by many products (descriptions, ingredients, warnings …) are
 * built, escaped, measured and normalised once per key: in the large catalogue that is most of the work.
 */
export function memo<T>(): (key: string, make: () => T) => T {
  const cache = new Map<string, T>();
  return (key, make) => {
    let value = cache.get(key);
    if (value === undefined) {
      value = make();
      cache.set(key, value);
    }
    return value;
  };
}

export interface SqlRow {
  sql: string;
  bytes: number;
}

export function row(values: Array<SqlValue | Literal>): SqlRow {
  let bytes = values.length + 1; // the parentheses and the commas between values
  const parts = values.map((v) => {
    const lit = v !== null && typeof v === 'object' ? v : literal(v);
    bytes += lit.bytes;
    return lit.sql;
  });
  return { sql: `(${parts.join(',')})`, bytes };
}

/**
 * Multi-row INSERTs, each within MAX_STATEMENT_BYTES and MAX_ROWS_PER_STATEMENT. Rows are joined by
 * commas only, so every statement is one line (no trailing semicolon).
 */
export function* insertStatements(
  table: string,
  columns: readonly string[],
  rows: Iterable<SqlRow>,
): Generator<string> {
  const head = `INSERT INTO ${table} (${columns.join(',')}) VALUES `;
  let batch: string[] = [];
  let bytes = head.length;
  for (const r of rows) {
    const rowBytes = r.bytes + 1; // and its comma
    if (head.length + rowBytes > MAX_STATEMENT_BYTES)
      throw new Error(`a ${table} row alone exceeds the statement limit`);
    if (batch.length > 0 && (bytes + rowBytes > MAX_STATEMENT_BYTES || batch.length >= MAX_ROWS_PER_STATEMENT)) {
      yield head + batch.join(',');
      batch = [];
      bytes = head.length;
    }
    batch.push(r.sql);
    bytes += rowBytes;
  }
  if (batch.length > 0) yield head + batch.join(',');
}
