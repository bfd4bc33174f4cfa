// Local D1: apply migrations to the same state folder the dev and preview servers read
// (.wrangler/state, see vite.config.ts persistState).
import { spawnSync } from 'node:child_process';

export const PERSIST_DIR = process.env.WRANGLER_STATE ?? '.wrangler/state';

export function migrateLocal() {
  const result = spawnSync(
    'wrangler',
    ['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', PERSIST_DIR, '-c', 'api/wrangler.toml'],
    { stdio: 'inherit', env: { ...process.env, CI: 'true' } },
  );
  if (result.status !== 0) throw new Error('D1 migration failed');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const command = process.argv[2];
  if (command === 'migrate') migrateLocal();
  else {
    console.error('usage: node scripts/db.mjs migrate');
    process.exit(2);
  }
}
