// Every integration test file starts from the same storage: the migrated database and empty KV
// namespaces and buckets, whatever files ran before it in the same runtime (decision 36).
//
// The runtime, its modules and its storage are shared by all the files of a Vitest project, so the
// migrations run once. Right after them each table is copied to a baseline table; before each later
// file, every table is emptied and refilled from its baseline in one batch (a transaction, foreign keys
// checked at the end), KV keys are deleted and buckets emptied. That costs a few milliseconds where a
// new runtime per file cost seconds.
import { applyD1Migrations, type D1Migration } from 'cloudflare:test';

const BASELINE = '_baseline_';
const MARKER = `${BASELINE}ready`;

type Table = { name: string; virtual: boolean };

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

const isVirtual = (sql: string | null) => /^CREATE VIRTUAL TABLE/i.test(sql ?? '');

/**
 * A full-text table's shadow tables (products_fts_data, product_search_config…): its own to fill and
 * drop, which SQLite refuses to do directly ("may not be dropped").
 */
function shadowTest(objects: { name: string; sql: string | null }[]): (name: string) => boolean {
  const virtual = objects.filter((o) => isVirtual(o.sql)).map((o) => o.name);
  return (name) => virtual.some((v) => name !== v && name.startsWith(`${v}_`));
}

/** Tables the tests write: not SQLite's or D1's own, not a full-text index's shadow tables, not the baselines. */
async function dataTables(db: D1Database): Promise<Table[]> {
  const { results } = await db
    .prepare("SELECT name, sql FROM sqlite_master WHERE type = 'table' ORDER BY name")
    .all<{ name: string; sql: string | null }>();
  const isShadow = shadowTest(results);
  return results
    .filter(
      ({ name }) =>
        !name.startsWith('sqlite_') &&
        !name.startsWith('_cf_') &&
        !name.startsWith(BASELINE) &&
        name !== 'd1_migrations' &&
        !isShadow(name),
    )
    .map(({ name, sql }) => ({ name, virtual: isVirtual(sql) }))
    .filter((t) => !(t.virtual && /USING\s+fts5vocab/i.test(results.find((r) => r.name === t.name)?.sql ?? '')));
}

/** A virtual table's columns, so its rows go back with their rowids (a full-text row names its product by rowid). */
async function columns(db: D1Database, table: string): Promise<string[]> {
  const { results } = await db.prepare(`PRAGMA table_info(${quote(table)})`).all<{ name: string }>();
  return results.map((c) => quote(c.name));
}

async function snapshot(db: D1Database): Promise<void> {
  const statements: D1PreparedStatement[] = [];
  for (const t of await dataTables(db)) {
    const select = t.virtual ? `SELECT rowid AS _rowid, ${(await columns(db, t.name)).join(', ')}` : 'SELECT *';
    statements.push(db.prepare(`CREATE TABLE ${quote(BASELINE + t.name)} AS ${select} FROM ${quote(t.name)}`));
  }
  statements.push(db.prepare(`CREATE TABLE ${quote(MARKER)} (at INTEGER)`));
  await db.batch(statements);
}

async function restore(db: D1Database): Promise<void> {
  // Triggers that refuse deletes (the points ledger is append-only: migration 0060) step aside while
  // the tables are emptied, and come back in the same batch.
  const { results: guards } = await db
    .prepare("SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND sql LIKE '%BEFORE DELETE%'")
    .all<{ name: string; sql: string }>();
  const statements: D1PreparedStatement[] = [
    db.prepare('PRAGMA defer_foreign_keys = on'),
    ...guards.map((g) => db.prepare(`DROP TRIGGER ${quote(g.name)}`)),
  ];
  const refills: D1PreparedStatement[] = [];
  for (const t of await dataTables(db)) {
    statements.push(db.prepare(`DELETE FROM ${quote(t.name)}`));
    if (t.virtual) {
      const cols = await columns(db, t.name);
      refills.push(
        db.prepare(
          `INSERT INTO ${quote(t.name)} (rowid, ${cols.join(', ')}) SELECT _rowid, ${cols.join(', ')} FROM ${quote(BASELINE + t.name)}`,
        ),
      );
    } else refills.push(db.prepare(`INSERT INTO ${quote(t.name)} SELECT * FROM ${quote(BASELINE + t.name)}`));
  }
  await db.batch([...statements, ...refills, ...guards.map((g) => db.prepare(g.sql))]);
}

async function emptyKv(kv: KVNamespace): Promise<void> {
  let cursor: string | undefined;
  do {
    const page: KVNamespaceListResult<unknown, string> = await kv.list({ cursor });
    await Promise.all(page.keys.map((k) => kv.delete(k.name)));
    cursor = page.list_complete ? undefined : page.cursor;
  } while (cursor);
}

async function emptyBucket(bucket: R2Bucket): Promise<void> {
  let cursor: string | undefined;
  do {
    const page = await bucket.list({ cursor, limit: 1000 });
    if (page.objects.length > 0) await bucket.delete(page.objects.map((o) => o.key));
    cursor = page.truncated ? page.cursor : undefined;
  } while (cursor);
}

export async function freshStart(
  db: D1Database,
  migrations: D1Migration[],
  stores: { kv?: KVNamespace[]; buckets?: R2Bucket[] } = {},
): Promise<void> {
  const ready = await db.prepare('SELECT 1 FROM sqlite_master WHERE name = ?').bind(MARKER).first();
  if (ready) await restore(db);
  else {
    await applyD1Migrations(db, migrations);
    await snapshot(db);
  }
  await Promise.all([...(stores.kv ?? []).map(emptyKv), ...(stores.buckets ?? []).map(emptyBucket)]);
}

/**
 * Empties a scratch database several files restore backups into (the api project's RESTORE_DB): the
 * runtime's storage outlives a file, so a file that restored the whole shop leaves it full for the next.
 * Views first, then tables newest first, in one batch with foreign keys checked at its end; shadow
 * tables go with their full-text table.
 */
export async function emptyDatabase(db: D1Database): Promise<void> {
  const { results } = await db
    .prepare(
      "SELECT type, name, sql FROM sqlite_master WHERE type IN ('table', 'view') AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' ORDER BY type = 'table', rowid DESC",
    )
    .all<{ type: 'table' | 'view'; name: string; sql: string | null }>();
  const isShadow = shadowTest(results);
  const objects = results.filter((o) => !isShadow(o.name));
  if (objects.length === 0) return;
  await db.batch([
    db.prepare('PRAGMA defer_foreign_keys = on'),
    ...objects.map((o) => db.prepare(`DROP ${o.type.toUpperCase()} IF EXISTS ${quote(o.name)}`)),
  ]);
}
