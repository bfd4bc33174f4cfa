// Local D1 for the operator's and the seed's scripts, in this process: the database
// `wrangler d1 execute --local` opens (the same id, so the same SQLite file under <persist>/v3/d1),
// split and run as it runs them (its own splitter, one batch), through one Miniflare for as many
// statements as the script has. Each `wrangler d1 execute` was a new Node that loaded wrangler and
// started its own workerd, about 2 CPU-seconds: five per restore, fourteen to prepare the e2e shop.
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { getPlatformProxy, unstable_readConfig, unstable_splitSqlQuery } from 'wrangler';

const OUT = '.cache/d1-local';

/**
 * A wrangler config holding only the D1 bindings of `config` (all, or those in `only`): the API's other
 * bindings (Durable Objects, queues, buckets) have no business in a database script. Named by its
 * content, so scripts running side by side never write over each other's file.
 * @param {{ config?: string, env?: string, only?: string[], remote?: boolean }} [options]
 * @returns {{ path: string, databases: { binding: string, database_name: string, database_id: string }[] }}
 */
export function databasesConfig({ config = 'api/wrangler.toml', env, only, remote = false } = {}) {
  const read = unstable_readConfig({ config, env }, {});
  const databases = read.d1_databases.filter((d) => !only || only.includes(d.binding));
  for (const binding of only ?? [])
    if (!databases.some((d) => d.binding === binding)) throw new Error(`${config} has no D1 binding ${binding}`);
  const text = JSON.stringify({
    name: 'shop-database-tools',
    compatibility_date: read.compatibility_date,
    d1_databases: databases.map((d) => ({
      binding: d.binding,
      database_name: d.database_name,
      // Locally wrangler opens the preview database when there is one (d1 execute --local does).
      database_id: remote ? d.database_id : (d.preview_database_id ?? d.database_id),
      ...(remote ? { remote: true } : {}),
    })),
  });
  mkdirSync(OUT, { recursive: true });
  const path = join(OUT, `${createHash('sha256').update(text).digest('hex').slice(0, 16)}.json`);
  writeFileSync(`${path}.${process.pid}.tmp`, text);
  renameSync(`${path}.${process.pid}.tmp`, path);
  return { path, databases };
}

/**
 * Opens the local database `binding` of `config` stored under `persistTo`. Dispose it when done: its
 * workerd keeps the process alive.
 * @param {string} persistTo the state folder (wrangler's --persist-to)
 * @param {{ config?: string, binding?: string, env?: string }} [options] env: the config's environment whose id to open
 */
export async function openLocalD1(persistTo, { config = 'api/wrangler.toml', binding = 'DB', env } = {}) {
  const { path } = databasesConfig({ config, env, only: [binding] });
  const proxy = await getPlatformProxy({
    configPath: path,
    persist: { path: join(persistTo, 'v3') },
    remoteBindings: false,
  });
  /** @type {any} */
  const db = proxy.env[binding];
  /** Every statement of `sql`, in one batch (all or nothing), as `d1 execute` runs a file. */
  const execute = async (/** @type {string} */ sql) => {
    try {
      return await db.batch(unstable_splitSqlQuery(sql).map((/** @type {string} */ q) => db.prepare(q)));
    } catch (/** @type {any} */ e) {
      // D1 wraps SQLite's message: the cause says which statement and why.
      throw new Error(e?.cause?.message ?? e?.message ?? String(e));
    }
  };
  return {
    db,
    execute,
    executeFile: (/** @type {string} */ file) => execute(readFileSync(file, 'utf8')),
    /** The rows of the last statement of `sql`. */
    query: async (/** @type {string} */ sql) => /** @type {any[]} */ ((await execute(sql)).at(-1)?.results ?? []),
    dispose: () => proxy.dispose(),
  };
}

/**
 * Runs `work` with the local database open, and closes it however the work ends.
 * @template T
 * @param {string} persistTo
 * @param {(d1: Awaited<ReturnType<typeof openLocalD1>>) => Promise<T>} work
 * @param {{ config?: string, binding?: string, env?: string }} [options]
 * @returns {Promise<T>}
 */
export async function withLocalD1(persistTo, work, options) {
  const d1 = await openLocalD1(persistTo, options);
  try {
    return await work(d1);
  } finally {
    await d1.dispose();
  }
}

/** wrangler's table of applied migrations, as `d1 migrations apply` makes it. */
const MIGRATIONS_TABLE = `CREATE TABLE IF NOT EXISTS "d1_migrations"(
		id         INTEGER PRIMARY KEY AUTOINCREMENT,
		name       TEXT UNIQUE,
		applied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL
);`;

/**
 * Applies the migrations of `dir` that the local database `binding` has not recorded, in name order,
 * as `wrangler d1 migrations apply --local` does: each file in one batch (all or nothing) with its row
 * in d1_migrations, and a failed file stops the rest. Wrangler starts a local database (a Node and a
 * workerd) per file, about 0.6 CPU-seconds each; here one runtime applies them all.
 * @param {string} persistTo the state folder (wrangler's --persist-to)
 * @param {{ dir: string, config?: string, binding?: string, env?: string }} options
 * @returns {Promise<string[]>} the files applied
 */
export async function applyLocalMigrations(persistTo, { dir, config, binding, env }) {
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.sql'))
    .sort();
  return withLocalD1(
    persistTo,
    async (d1) => {
      await d1.execute(MIGRATIONS_TABLE);
      const done = new Set((await d1.query('SELECT name FROM d1_migrations')).map((r) => r.name));
      const pending = files.filter((f) => !done.has(f));
      const sql = (file) =>
        `${readFileSync(join(dir, file), 'utf8')}\nINSERT INTO "d1_migrations" (name) values ('${file.replaceAll("'", "''")}');`;
      // A new database takes them all in one batch: it has no rows for a file's end to matter to, and
      // one batch is a fifth of the CPU of sixty. The batch is all or nothing, so when it fails (a bad
      // file, or a runtime under heavy load dropping its one long call: "other side closed") nothing was
      // applied, and the files go again one at a time: a bad one is then named, and smaller calls get
      // through a loaded machine.
      if (done.size === 0 && pending.length > 0) {
        try {
          await d1.execute(pending.map(sql).join('\n'));
          return pending;
        } catch {
          // One at a time below.
        }
      }
      for (const file of pending) {
        try {
          await d1.execute(sql(file));
        } catch (error) {
          throw new Error(`${file}: ${error.message}`);
        }
      }
      return pending;
    },
    { config, binding, env },
  );
}
