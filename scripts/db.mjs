// Local D1: apply migrations to the same state folder the dev and preview servers read
// (.wrangler/state, see vite.config.ts persistState).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export const PERSIST_DIR = process.env.WRANGLER_STATE ?? '.wrangler/state';

/**
 * A database not made yet gets every migration in one batch (scripts/d1-local.mjs): the same SQL, each
 * file followed by the row wrangler's `migrations apply` records for it (its d1_migrations table, as
 * wrangler makes it). `migrations apply` starts a local database per file: 60 files took 30 s on two
 * cores, this about 3. The apply that follows finds nothing left to do, and checks so; a database that
 * exists goes the usual way, file by file.
 */
async function migrateFresh() {
  if (existsSync(join(PERSIST_DIR, 'v3', 'd1'))) return;
  const dir = 'api/migrations';
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort();
  const sql = [
    `CREATE TABLE IF NOT EXISTS "d1_migrations"(
		id         INTEGER PRIMARY KEY AUTOINCREMENT,
		name       TEXT UNIQUE,
		applied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL
);`,
    ...files.map(
      (f) =>
        `${readFileSync(join(dir, f), 'utf8')}\nINSERT INTO "d1_migrations" (name)\nvalues ('${f.replace(/'/g, "''")}');`,
    ),
  ].join('\n');
  // Imported here: the scripts that only want PERSIST_DIR do not load wrangler.
  const { withLocalD1 } = await import('./d1-local.mjs');
  try {
    await withLocalD1(PERSIST_DIR, (d1) => d1.execute(sql));
  } catch (error) {
    throw new Error(`D1 migration failed: ${error.message}`);
  }
  console.log(`Applied ${files.length} migrations to the new local database.`);
}

export async function migrateLocal() {
  await migrateFresh();
  const result = spawnSync(
    'wrangler',
    ['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', PERSIST_DIR, '-c', 'api/wrangler.toml'],
    { stdio: 'inherit', env: { ...process.env, CI: 'true' } },
  );
  if (result.status !== 0) throw new Error('D1 migration failed');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const command = process.argv[2];
  if (command === 'migrate') await migrateLocal();
  else {
    console.error('usage: node scripts/db.mjs migrate');
    process.exit(2);
  }
}
