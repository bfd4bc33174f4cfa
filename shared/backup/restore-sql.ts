// A backup file's lines → the SQL that rebuilds the database, in the shape `wrangler d1 export`
// writes (so `wrangler d1 execute --file` runs it, locally or into a new remote database): foreign
// keys deferred to the end, tables, their rows, then indexes, triggers and views (a trigger created
// before the rows would rewrite them). Sealed pages are opened with the backup keyring. Nothing is
// returned for a file without its end line, whose counts differ, or whose end line's MAC is not the
// HMAC chain of every line under BACKUP_KEK: a cut-off or altered file is refused whole (the caller
// writes nothing to a database until this resolves).
import {
  BACKUP_FORMAT,
  type BackupLine,
  type Cell,
  type HeaderLine,
  quoteName,
  type SchemaObject,
  sqlLiteral,
} from './format';
import { type BackupKeyring, BackupKeyError, FileMac, fileMacKey, openDataKey, openPage, sameMac } from './seal';

class BackupFormatError extends Error {}

/** The words for an operator when a file is not what it should be, whatever the parser said. */
const DAMAGED = 'this file is not a backup or is damaged';

function parseLine(text: string, first: boolean): BackupLine {
  try {
    const line = JSON.parse(text) as BackupLine;
    if (line && typeof line === 'object' && typeof line.kind === 'string') return line;
  } catch {}
  throw new BackupFormatError(
    first
      ? `${DAMAGED}: it does not start as a Gulf Vitamins backup`
      : `${DAMAGED}: a line is not a backup line (altered, or cut off mid-line?)`,
  );
}

export interface RestoreSummary {
  header: HeaderLine;
  counts: Record<string, number>;
}

/**
 * Calls `emit` with each statement (ending in ';') of the file's lines (each line's text as read,
 * without its newline); resolves with the file's header and counts once the whole file is checked.
 */
export async function restoreStatements(
  texts: AsyncIterable<string>,
  ring: BackupKeyring,
  emit: (statement: string) => void | Promise<void>,
): Promise<RestoreSummary> {
  let header: HeaderLine | null = null;
  let key: CryptoKey | null = null;
  let later: SchemaObject[] | null = null;
  const seen: Record<string, number> = {};
  const expectedPage: Record<string, number> = {};

  const insert = async (table: string, columns: string[], rows: Cell[][]) => {
    for (const statement of insertStatements(table, columns, rows)) await emit(statement);
    seen[table] = (seen[table] ?? 0) + rows.length;
  };

  let mac: FileMac | null = null;

  for await (const text of texts) {
    if (!text) continue;
    const line = parseLine(text, !header);
    if (line.kind !== 'end') await mac?.add(text);
    if (!header) {
      if (line.kind !== 'header' || line.format !== BACKUP_FORMAT)
        throw new BackupFormatError(`${DAMAGED}: it does not start as a Gulf Vitamins backup`);
      if (line.version === 1)
        throw new BackupFormatError(
          'this backup was made before whole files were authenticated (format 1) and cannot be checked: restore that day with D1 Time Travel, which covers the same 30 days',
        );
      if (line.version !== 2) throw new BackupFormatError(`backup format version ${line.version} is not known here`);
      header = line;
      key = await openDataKey(ring, line.key);
      mac = new FileMac(await fileMacKey(ring, line.key.version));
      await mac.add(text);
      continue;
    }
    switch (line.kind) {
      case 'schema': {
        await emit('PRAGMA defer_foreign_keys = TRUE;');
        for (const object of line.objects) if (object.type === 'table') await emit(`${object.sql};`);
        later = line.objects.filter((o) => o.type !== 'table');
        break;
      }
      case 'rows':
        if (!later) throw new BackupFormatError('rows before the schema');
        await insert(line.table, line.columns, line.rows);
        break;
      case 'sealed': {
        if (!later) throw new BackupFormatError('rows before the schema');
        const page = expectedPage[line.table] ?? 0;
        if (line.page !== page) throw new BackupFormatError(`${line.table}: page ${line.page} where ${page} was due`);
        expectedPage[line.table] = page + 1;
        const content = await openPage(key!, header.id, line);
        await insert(line.table, content.columns, content.rows);
        break;
      }
      case 'end': {
        if (!later) throw new BackupFormatError('the file ends before its schema');
        if (typeof line.mac !== 'string' || !sameMac(await mac!.end(line.counts), line.mac))
          throw new BackupKeyError(
            'the file was altered: it does not match its authentication code under BACKUP_KEK (nothing was restored)',
          );
        for (const [table, count] of Object.entries(line.counts))
          if ((seen[table] ?? 0) !== count)
            throw new BackupFormatError(`${table}: ${seen[table] ?? 0} rows in the file, ${count} written`);
        for (const object of later) await emit(`${object.sql};`);
        return { header, counts: line.counts };
      }
      default:
        throw new BackupFormatError('a line of unknown kind');
    }
  }
  if (!header) throw new BackupFormatError(`${DAMAGED}: it is empty`);
  throw new BackupFormatError('the file is cut off: it has no end line (an interrupted upload or download?)');
}

/** Under D1's 100 KB statement limit, with room for a character's widest UTF-8. */
const STATEMENT_BYTES = 90_000;
const encoder = new TextEncoder();

/**
 * A page's rows as few statements as fit: many rows a statement (loading is then far quicker than a
 * statement a row), a long row alone (rowStatements).
 */
export function insertStatements(table: string, columns: string[], rows: Cell[][]): string[] {
  const head = `INSERT INTO ${quoteName(table)} (${columns.map(quoteName).join(', ')}) VALUES `;
  const headBytes = encoder.encode(head).length;
  const out: string[] = [];
  let tuples: string[] = [];
  let bytes = headBytes;
  const flush = () => {
    if (tuples.length) out.push(`${head}${tuples.join(', ')};`);
    tuples = [];
    bytes = headBytes;
  };
  for (const row of rows) {
    const tuple = `(${row.map(sqlLiteral).join(', ')})`;
    const size = encoder.encode(tuple).length + 2;
    if (headBytes + size > STATEMENT_BYTES) {
      flush();
      out.push(...rowStatements(table, columns, row));
      continue;
    }
    if (bytes + size > STATEMENT_BYTES) flush();
    tuples.push(tuple);
    bytes += size;
  }
  flush();
  return out;
}

/**
 * D1 refuses a statement longer than 100 KB, and a row may hold more (a mail with its invoice): a
 * long cell goes in as its first piece, the rest appended piece by piece to the row just inserted.
 */
export const PIECE_CHARS = 20_000;

function rowStatements(table: string, columns: string[], row: Cell[]): string[] {
  const name = quoteName(table);
  const names = columns.map(quoteName).join(', ');
  const long = row.map((cell) => (typeof cell === 'string' ? cell.length > PIECE_CHARS : isLongBlob(cell)));
  if (!long.some(Boolean)) return [`INSERT INTO ${name} (${names}) VALUES (${row.map(sqlLiteral).join(', ')});`];
  const rest: string[] = [];
  const first = row.map((cell, i) => {
    if (!long[i]) return sqlLiteral(cell);
    const column = quoteName(columns[i]!);
    if (typeof cell === 'string') {
      const [head, ...tail] = pieces(cell);
      for (const piece of tail)
        rest.push(
          `UPDATE ${name} SET ${column} = ${column} || ${sqlLiteral(piece)} WHERE rowid = last_insert_rowid();`,
        );
      return sqlLiteral(head!);
    }
    const [head, ...tail] = blobPieces(cell as { b: string });
    for (const piece of tail)
      rest.push(
        `UPDATE ${name} SET ${column} = CAST(${column} || ${sqlLiteral(piece)} AS BLOB) WHERE rowid = last_insert_rowid();`,
      );
    return sqlLiteral(head!);
  });
  return [`INSERT INTO ${name} (${names}) VALUES (${first.join(', ')});`, ...rest];
}

/** The text in pieces of at most PIECE_CHARS, never splitting a surrogate pair. */
function pieces(text: string): string[] {
  const out: string[] = [];
  for (let at = 0; at < text.length; ) {
    let end = Math.min(at + PIECE_CHARS, text.length);
    const code = text.charCodeAt(end - 1);
    if (end < text.length && code >= 0xd800 && code <= 0xdbff) end--;
    out.push(text.slice(at, end));
    at = end;
  }
  return out;
}

// Base64 in multiples of 4 characters: each piece is whole bytes.
const BLOB_PIECE = (PIECE_CHARS / 4) * 4;
const isLongBlob = (cell: Cell) => typeof cell === 'object' && cell !== null && cell.b.length > BLOB_PIECE;

function blobPieces(cell: { b: string }): Array<{ b: string }> {
  const out: Array<{ b: string }> = [];
  for (let at = 0; at < cell.b.length; at += BLOB_PIECE) out.push({ b: cell.b.slice(at, at + BLOB_PIECE) });
  return out;
}
