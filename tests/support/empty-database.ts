// Empties a scratch D1 database (the api project's RESTORE_DB) that several test files restore backups
// into. The runtime and its storage outlive a file (decision 36), so a file that restored the whole
// shop leaves it full for the next. Views go first, then tables newest first, in one batch with foreign
// keys checked at its end. A full-text table's shadow tables (products_fts_data, product_search_config…)
// are left to their virtual table: SQLite refuses to drop them directly ("may not be dropped").

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

export async function emptyDatabase(db: D1Database): Promise<void> {
  const { results } = await db
    .prepare(
      "SELECT type, name, sql FROM sqlite_master WHERE type IN ('table', 'view') AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' ORDER BY type = 'table', rowid DESC",
    )
    .all<{ type: 'table' | 'view'; name: string; sql: string | null }>();
  const virtual = results.filter((o) => /^CREATE VIRTUAL TABLE/i.test(o.sql ?? '')).map((o) => o.name);
  const objects = results.filter((o) => !virtual.some((v) => o.name !== v && o.name.startsWith(`${v}_`)));
  if (objects.length === 0) return;
  await db.batch([
    db.prepare('PRAGMA defer_foreign_keys = on'),
    ...objects.map((o) => db.prepare(`DROP ${o.type.toUpperCase()} IF EXISTS ${quote(o.name)}`)),
  ]);
}
