// Writes the whole D1 database as one backup file (shared/backup/format.ts): the schema as
// sqlite_master holds it, then every table's rows in pages read by key (rowid, or the primary key of
// a WITHOUT ROWID table), so no page re-reads the table from its start. Health tables' pages are
// sealed, and the end line authenticates every line (an HMAC chain). The lines go through gzip into a sink (R2 multipart for the nightly run, ./r2-sink.ts).
//
// D1 has no read transaction across statements: rows written while the backup runs may or may not
// be in it. The nightly run is at the quietest hour; D1 Time Travel is the point-in-time copy.
import {
  BACKUP_FORMAT,
  BACKUP_VERSION,
  type BackupLine,
  type Cell,
  isHealthTable,
  isVirtual,
  rowsAreWritten,
  type SchemaObject,
} from '#shared/backup/format';
import { type BackupKeyring, FileMac, fileMacKey, newDataKey, sealPage } from '#shared/backup/seal';
import { bytesToBase64, randomHex } from '#shared/bytes';

export interface ByteSink {
  write(chunk: Uint8Array): Promise<void>;
  close(): Promise<void>;
  abort(reason: unknown): Promise<void>;
}

export interface BackupResult {
  id: string;
  counts: Record<string, number>;
  bytes: number;
}

const PAGE_ROWS = 500;
const encoder = new TextEncoder();

export async function writeBackup(
  db: D1Database,
  ring: BackupKeyring,
  sink: ByteSink,
  options: { environment: string; now?: number; pageRows?: number },
): Promise<BackupResult> {
  const gzip = new CompressionStream('gzip');
  const writer = gzip.writable.getWriter();
  let bytes = 0;
  // The compressed side is drained while lines are written, so memory holds one page at a time.
  const drained = (async () => {
    const reader = gzip.readable.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      bytes += value.byteLength;
      await sink.write(value);
    }
  })();
  let mac: FileMac | null = null;
  // Every line but the end line is a link of the file's chain, as the bytes written.
  const put = async (line: BackupLine) => {
    const text = JSON.stringify(line);
    if (line.kind !== 'end') await mac!.add(text);
    await writer.write(encoder.encode(`${text}\n`));
  };

  try {
    const id = randomHex(16);
    const key = await newDataKey(ring);
    mac = new FileMac(await fileMacKey(ring, key.version));
    await put({
      kind: 'header',
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      id,
      createdAt: options.now ?? Date.now(),
      environment: options.environment,
      key: { wrapped: key.wrapped, version: key.version },
    });
    const objects = await schemaObjects(db);
    const virtual = objects.filter(isVirtual).map((o) => o.name);
    const written = objects.filter((o) => rowsAreWritten(o, virtual));
    await put({
      kind: 'schema',
      objects: objects.filter((o) => o.type !== 'table' || rowsAreWritten(o, virtual) || isVirtual(o)),
      virtual: written.filter(isVirtual).map((o) => o.name),
    });
    const counts: Record<string, number> = {};
    for (const table of written) {
      counts[table.name] = 0;
      let page = 0;
      for await (const { columns, rows } of pages(db, table, options.pageRows ?? PAGE_ROWS)) {
        counts[table.name]! += rows.length;
        if (isHealthTable(table.name)) {
          const sealed = await sealPage(key.key, id, table.name, page, { columns, rows });
          await put({ kind: 'sealed', table: table.name, page, ...sealed });
        } else await put({ kind: 'rows', table: table.name, columns, rows });
        page++;
      }
    }
    await put({ kind: 'end', counts, mac: await mac.end(counts) });
    await writer.close();
    await drained;
    await sink.close();
    return { id, counts, bytes };
  } catch (error) {
    await writer.abort(error).catch(() => {});
    await drained.catch(() => {});
    await sink.abort(error);
    throw error;
  }
}

async function schemaObjects(db: D1Database): Promise<SchemaObject[]> {
  const { results } = await db
    .prepare(
      `SELECT type, name, tbl_name AS "table", sql FROM sqlite_master
       WHERE sql IS NOT NULL AND type IN ('table', 'index', 'trigger', 'view')
         AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' AND name NOT LIKE '\\_cf\\_%' ESCAPE '\\'
         AND tbl_name NOT LIKE '\\_cf\\_%' ESCAPE '\\'
       ORDER BY rowid`,
    )
    .all<SchemaObject>();
  return results;
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** The table's rows in pages of `size`, by key. */
async function* pages(
  db: D1Database,
  table: SchemaObject,
  size: number,
): AsyncGenerator<{ columns: string[]; rows: Cell[][] }> {
  const t = quote(table.name);
  const withoutRowid = /WITHOUT\s+ROWID\s*;?\s*$/i.test(table.sql);
  if (!withoutRowid) {
    // A virtual (FTS5) table's rowid is its row's identity (the product's id): it is written. A plain
    // table's rowid is its INTEGER PRIMARY KEY when it has one, a column already; else it is only the key.
    const keepRowid = isVirtual(table);
    let after = Number.MIN_SAFE_INTEGER;
    for (;;) {
      const [names, ...rows] = await db
        .prepare(`SELECT rowid AS "__key", * FROM ${t} WHERE rowid > ? ORDER BY rowid LIMIT ?`)
        .bind(after, size)
        .raw<unknown[]>({ columnNames: true });
      if (rows.length === 0) return;
      after = rows[rows.length - 1]![0] as number;
      const columns = (names as string[]).slice(1);
      yield keepRowid
        ? { columns: ['rowid', ...columns], rows: rows.map((r) => r.map(cell)) }
        : { columns, rows: rows.map((r) => r.slice(1).map(cell)) };
      if (rows.length < size) return;
    }
  }
  const info = await db.prepare(`PRAGMA table_info(${t})`).all<{ name: string; pk: number }>();
  const keys = info.results
    .filter((c) => c.pk > 0)
    .sort((a, b) => a.pk - b.pk)
    .map((c) => c.name);
  const order = keys.map(quote).join(', ');
  let after: unknown[] | null = null;
  for (;;) {
    const where: string = after ? `WHERE (${order}) > (${keys.map(() => '?').join(', ')})` : '';
    const statement = db.prepare(`SELECT * FROM ${t} ${where} ORDER BY ${order} LIMIT ?`);
    const result: unknown[][] = await (after ? statement.bind(...after, size) : statement.bind(size)).raw<unknown[]>({
      columnNames: true,
    });
    const [names, ...rows] = result;
    if (rows.length === 0) return;
    const columns = names as string[];
    const last: unknown[] = rows[rows.length - 1]!;
    after = keys.map((k): unknown => last[columns.indexOf(k)]);
    yield { columns, rows: rows.map((r) => r.map(cell)) };
    if (rows.length < size) return;
  }
}

function cell(value: unknown): Cell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number' || typeof value === 'string') return value;
  if (typeof value === 'bigint') return Number(value);
  if (value instanceof ArrayBuffer) return { b: bytesToBase64(new Uint8Array(value)) };
  if (ArrayBuffer.isView(value))
    return { b: bytesToBase64(new Uint8Array(value.buffer, value.byteOffset, value.byteLength)) };
  if (Array.isArray(value)) return { b: bytesToBase64(Uint8Array.from(value as number[])) };
  return String(value);
}
