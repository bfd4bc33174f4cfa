// Local D1: apply migrations to the same state folder the dev and preview servers read
// (.wrangler/state, see vite.config.ts persistState).
import { spawnSync } from 'node:child_process';

export const PERSIST_DIR = process.env.WRANGLER_STATE ?? '.wrangler/state';

/**
 * Applies the migrations the local database has not recorded in one runtime (scripts/d1-local.mjs):
 * a new database all in one batch, one that exists file by file, each in one batch with its row in
 * d1_migrations, as wrangler's `migrations apply` does. Wrangler starts a local database per file: 60
 * files took 30 s on two cores and this about 3, a restored backup 14 files behind 10 CPU-seconds and
 * this 2. Wrangler's own apply then runs and must find nothing left to do: its record of the database
 * agrees, or this fails.
 */
export async function migrateLocal() {
  // Imported here: the scripts that only want PERSIST_DIR do not load wrangler.
  const { applyLocalMigrations } = await import('./d1-local.mjs');
  let applied;
  for (let attempt = 1; ; attempt++) {
    try {
      applied = await applyLocalMigrations(PERSIST_DIR, { dir: 'api/migrations' });
      break;
    } catch (error) {
      // A runtime on a loaded machine can drop its connection and not come back ("other side closed",
      // seen on CI beside the integration tests): a new runtime goes on from what d1_migrations recorded,
      // each file having committed with its row.
      if (attempt < 3 && /other side closed/.test(error.message)) continue;
      throw new Error(`D1 migration failed: ${error.message}`);
    }
  }
  if (applied.length > 0) console.log(`Applied ${applied.length} migrations to the local database in ${PERSIST_DIR}.`);
  const result = spawnSync(
    'wrangler',
    ['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', PERSIST_DIR, '-c', 'api/wrangler.toml'],
    { encoding: 'utf8', env: { ...process.env, CI: 'true' } },
  );
  process.stdout.write(result.stdout ?? '');
  process.stderr.write(result.stderr ?? '');
  if (result.status !== 0) throw new Error('D1 migration failed');
  if (!/No migrations to apply/.test(result.stdout ?? ''))
    throw new Error('wrangler found migrations the local database had not recorded: its records and ours disagree');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const command = process.argv[2];
  if (command === 'migrate') await migrateLocal();
  else {
    console.error('usage: node scripts/db.mjs migrate');
    process.exit(2);
  }
}
