// npm run db:restore -- FILE [--persist-to DIR] [--replace] [--sql-out OUT.sql] [--binding ORDERS_1] [-c CONFIG]
//
// Restores a nightly backup file (api/src/backup/, decision 46) into a fresh local D1 database (the
// one `npm start` reads, or --persist-to DIR): the file is read whole first, so a cut-off or altered
// file, or the wrong BACKUP_KEK, changes nothing. A database that already has tables is refused
// unless --replace, which moves its file aside (…before-restore-<time>) rather than deleting it.
// --sql-out writes the SQL only: `wrangler d1 execute <new database> --remote --file OUT.sql` loads it
// into a new remote database. The key: BACKUP_KEK (and BACKUP_KEK_VERSION, BACKUP_KEK_RETIRED) from
// the environment, else api/.dev.vars. An order shard's file (decision 61: nightly/<date>/shop-<env>-
// ORDERS_1-<time>.ndjson.gz) is restored into that shard's database: --binding ORDERS_1 (the binding in
// api/wrangler.toml; the core's is DB). The file's name says which it is: a shard's file restored into
// DB, or the core's into a shard, is refused. -c names another wrangler config holding that binding (as
// `npm run db:shards` takes it).
import { createReadStream, createWriteStream, existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { once } from 'node:events';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { createGunzip } from 'node:zlib';
import { backupKeyConfig, bundledModules } from './backup-tools.mjs';
import { PERSIST_DIR } from './db.mjs';
import { runAsScript } from './cli-failure.mjs';

const OUT = '.cache/restore';

/**
 * The local database, opened in this process (scripts/d1-local.mjs). Loaded on first use: a refused
 * file never loads wrangler.
 * @type {(persistTo: string, work: (d1: any) => Promise<any>, options: { config: string, binding: string }) => Promise<any>}
 */
const withLocalD1 = async (...args) => (await import('./d1-local.mjs')).withLocalD1(...args);

function parseArgs(argv) {
  const args = {
    file: null,
    persistTo: PERSIST_DIR,
    replace: false,
    sqlOut: null,
    binding: 'DB',
    config: 'api/wrangler.toml',
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--replace') args.replace = true;
    else if (a === '--binding') args.binding = argv[++i];
    else if (a === '-c' || a === '--config') args.config = argv[++i];
    else if (a === '--persist-to') args.persistTo = argv[++i];
    else if (a === '--sql-out') args.sqlOut = argv[++i];
    else if (!a.startsWith('--') && !args.file) args.file = a;
    else throw new Error(`unknown argument ${a}`);
  }
  if (!args.file)
    throw new Error(
      'usage: npm run db:restore -- FILE [--persist-to DIR] [--replace] [--sql-out OUT.sql] [--binding ORDERS_1]',
    );
  if (!/^[A-Z][A-Z0-9_]*$/.test(args.binding)) throw new Error(`--binding ${args.binding} is not a D1 binding name`);
  return args;
}

/** What zlib says of a file that is not gzip, or is cut off inside, in an operator's words. */
export function unpackError(error) {
  const why =
    error.code === 'Z_BUF_ERROR' || /unexpected end/i.test(error.message)
      ? 'it ends in the middle (an interrupted upload or download?)'
      : error.code === 'ENOENT'
        ? 'there is no such file'
        : 'it does not unpack as gzip (a nightly file is .ndjson.gz, as R2 holds it: was it unpacked or renamed?)';
  return new Error(`this file is not a backup or is damaged: ${why}; nothing was restored`);
}

/**
 * The file's lines as text (the restore parses and authenticates them). A read or gzip failure
 * ends the lines and is kept in `failure()`: it explains a half line better than the parser would.
 */
function backupLines(file) {
  let failure = null;
  const source = createReadStream(file);
  const input = source.pipe(createGunzip());
  const lines = createInterface({ input, crlfDelay: Infinity });
  const fail = (error) => {
    failure ??= error;
    lines.close();
  };
  source.on('error', fail);
  input.on('error', fail);
  return {
    failure: () => failure,
    async *[Symbol.asyncIterator]() {
      for await (const line of lines) {
        if (failure) break;
        yield line;
      }
      if (failure) throw unpackError(failure);
    },
  };
}

/** The binding a file's name says it holds (an order shard's, decision 61), or null when it names none. */
export function fileBinding(file) {
  return /(?:shop-.+?|backup)-([A-Z][A-Z0-9_]*)-\d{4}-\d{2}-\d{2}T[^/]*$/.exec(file)?.[1] ?? null;
}

const databaseDir = (persistTo) => join(persistTo, 'v3', 'd1', 'miniflare-D1DatabaseObject');

/** How many tables the local database has (0 when it was never made). */
async function existingTables(args) {
  if (!existsSync(databaseDir(args.persistTo))) return 0;
  const [row] = await withLocalD1(
    args.persistTo,
    (d1) =>
      d1.query(
        "SELECT count(*) AS n FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%'",
      ),
    args,
  );
  return row.n;
}

/** Moves the local database's files aside (never deletes them): the restore then starts from nothing. */
function moveAside(persistTo) {
  const dir = databaseDir(persistTo);
  const stamp = new Date().toISOString().replaceAll(':', '');
  const moved = [];
  for (const name of readdirSync(dir))
    if (/\.sqlite(-wal|-shm)?$/.test(name) && !name.startsWith('metadata.')) {
      renameSync(join(dir, name), join(dir, `${name}.before-restore-${stamp}`));
      moved.push(`${name}.before-restore-${stamp}`);
    }
  return { dir, stamp, moved };
}

export async function restore(argv) {
  const args = parseArgs(argv);
  const { restoreStatements, backupKeyring } = await bundledModules(OUT, 'restore', [
    'shared/backup/restore-sql',
    'shared/backup/seal',
  ]);
  const key = backupKeyConfig();
  const ring = backupKeyring(key.secret, key.version, key.retired);
  if (!ring) throw new Error('set BACKUP_KEK (the secret the backup was made with, ≥ 32 characters)');
  // A nightly file's name says which database it holds: never the core's into a shard or the reverse.
  const named = fileBinding(args.file);
  if (named && named !== args.binding)
    throw new Error(
      `this file is order shard ${named}'s backup: restore it with --binding ${named}; nothing was restored`,
    );

  // The whole file is read and checked before the database is touched.
  mkdirSync(OUT, { recursive: true });
  // Each run its own file: two restores at once (two shards, or two test files) never read each other's.
  const sqlFile = args.sqlOut ?? join(OUT, `restore-${process.pid}.sql`);
  const out = createWriteStream(sqlFile);
  let summary;
  const lines = backupLines(args.file);
  try {
    summary = await restoreStatements(lines, ring, async (statement) => {
      if (!out.write(`${statement}\n`)) await once(out, 'drain');
    });
  } catch (error) {
    // Nothing of a refused file is left behind, not even its SQL.
    out.destroy();
    rmSync(sqlFile, { force: true });
    if (lines.failure()) throw unpackError(lines.failure());
    throw error;
  }
  out.end();
  await once(out, 'finish');
  const rows = Object.values(summary.counts).reduce((a, b) => a + b, 0);
  const made = new Date(summary.header.createdAt).toISOString();
  console.log(
    `Backup of ${made} (${summary.header.environment}): ${rows} rows in ${Object.keys(summary.counts).length} tables.`,
  );
  if (args.sqlOut) {
    console.log(
      `Wrote ${args.sqlOut}. Load it into a new database: npx wrangler d1 execute <name> --remote --file ${args.sqlOut}`,
    );
    return summary;
  }

  if ((await existingTables(args)) > 0) {
    // Moving aside moves every local database's files (miniflare keeps them in one directory).
    if (args.binding !== 'DB')
      throw new Error(
        `the local database ${args.binding} in ${args.persistTo} has tables: restore an order shard into a fresh one (--persist-to DIR)`,
      );
    if (!args.replace)
      throw new Error(
        `the local database in ${args.persistTo} has tables: restore into a fresh one (--persist-to DIR) or pass --replace`,
      );
    const aside = moveAside(args.persistTo);
    console.log(
      `Moved the database that was there aside in ${aside.dir}: ${aside.moved.join(', ')}. To go back to it, delete the restored .sqlite files there and drop the suffix .before-restore-${aside.stamp}; once the restore is good, delete those files (docs/operating/backup-and-restore.md).`,
    );
  }
  const tables = Object.keys(summary.counts);
  const found = {};
  await withLocalD1(
    args.persistTo,
    async (d1) => {
      try {
        await d1.executeFile(sqlFile);
      } catch (error) {
        throw new Error(`the restore failed: ${error.message}`);
      } finally {
        rmSync(sqlFile, { force: true });
      }
      // Every table holds what the file said it held.
      for (let i = 0; i < tables.length; i += 50) {
        const group = tables.slice(i, i + 50);
        const [row] = await d1.query(
          `SELECT ${group.map((t, j) => `(SELECT count(*) FROM "${t}") AS c${j}`).join(', ')}`,
        );
        for (const [j, t] of group.entries()) found[t] = row[`c${j}`];
      }
    },
    args,
  );
  const wrong = tables.filter((t) => found[t] !== summary.counts[t]);
  if (wrong.length) throw new Error(`restored counts differ: ${wrong.map((t) => `${t} ${found[t]}`).join(', ')}`);
  console.log(
    args.binding === 'DB'
      ? `Restored into ${args.persistTo}; apply newer migrations with npm run db:migrate.`
      : `Restored order shard ${args.binding} into ${args.persistTo}; apply newer shard migrations with wrangler d1 migrations apply ${args.binding} --local --persist-to ${args.persistTo} -c ${args.config}.`,
  );
  return summary;
}

runAsScript(import.meta, restore);
