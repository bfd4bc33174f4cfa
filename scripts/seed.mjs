// Seeds the local D1 database with the deterministic catalogue (api/seed/catalogue.ts), once: a
// database that already has products is left alone. `--large` makes the 50 000-product catalogue.
import { spawnSync } from 'node:child_process';
import { createWriteStream, mkdirSync } from 'node:fs';
import { once } from 'node:events';
import { join } from 'node:path';
import { build } from 'esbuild';
import { PERSIST_DIR } from './db.mjs';

const WRANGLER_ENV = { ...process.env, CI: 'true', WRANGLER_SEND_METRICS: 'false' };

function wrangler(args) {
  return spawnSync('wrangler', ['d1', 'execute', 'DB', '--local', '--persist-to', PERSIST_DIR, '-c', 'api/wrangler.toml', ...args], {
    env: WRANGLER_ENV,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
}

export function productCount() {
  const r = wrangler(['--command', 'SELECT count(*) AS n FROM products', '--json']);
  if (r.status !== 0) throw new Error(`could not read the database: ${r.stderr || r.stdout}`);
  return JSON.parse(r.stdout)[0].results[0].n;
}

export async function seed(mode = 'demo') {
  if (productCount() > 0) {
    console.log('Catalogue already seeded: leaving the database as it is.');
    return false;
  }
  const out = 'node_modules/.cache/seed';
  mkdirSync(out, { recursive: true });
  await build({ entryPoints: ['api/seed/catalogue.ts'], bundle: true, platform: 'node', format: 'esm', outfile: join(out, 'catalogue.mjs'), logLevel: 'error' });
  const { catalogueStatements } = await import(join(process.cwd(), out, 'catalogue.mjs'));
  const started = Date.now();
  const file = join(out, `${mode}.sql`);
  // Streamed statement by statement: the large catalogue is 160 MB of SQL.
  const stream = createWriteStream(file);
  for (const statement of catalogueStatements(mode)) {
    if (!stream.write(`${statement};\n`)) await once(stream, 'drain');
  }
  stream.end();
  await once(stream, 'finish');
  const r = wrangler(['--file', file, '--yes']);
  if (r.status !== 0) throw new Error(`seeding failed: ${r.stderr || r.stdout}`);
  console.log(`Seeded the ${mode} catalogue (${productCount()} products) in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  return true;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await seed(process.argv.includes('--large') ? 'large' : 'demo');
}
