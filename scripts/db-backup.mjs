// npm run db:backup -- [--persist-to DIR] [--out FILE] [--binding ORDERS_1] [-c CONFIG]
//
// The nightly backup's file (api/src/backup/write.ts, decision 46) made from a local D1 database (the
// one `npm start` reads, or --persist-to DIR): the same writer the cron runs, here through wrangler's
// local bindings. For a tester's restore (`npm run db:restore -- FILE`) and the test fixtures; a
// deployed shop's files are in its BACKUPS bucket (docs/operating/backup-and-restore.md).
// --binding names an order shard's database (decision 61; api/wrangler.toml's binding, e.g. ORDERS_1)
// instead of the core's (DB): each shard has its own file, as in the nightly run; -c names another
// wrangler config holding that binding (as `npm run db:shards` takes it).
// The file holds shoppers' names, addresses and orders as plain rows (only the health tables are sealed),
// so by default it goes into backups/, which git ignores (BACKUP_DIR), never beside the committed files.
import { createWriteStream, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { once } from 'node:events';
import { backupKeyConfig, bundledModules } from './backup-tools.mjs';
import { openLocalD1 } from './d1-local.mjs';
import { PERSIST_DIR } from './db.mjs';
import { runAsScript } from './cli-failure.mjs';

const OUT = '.cache/backup';
/** Where a backup goes unless --out says otherwise: inside the project, ignored by git (.gitignore). */
export const BACKUP_DIR = 'backups';

/**
 * @param {string[]} argv
 * @returns {{ persistTo: string, out: string, binding: string, config: string }}
 */
export function parseArgs(argv) {
  /** @type {{ persistTo: string, out: string | null, binding: string, config: string }} */
  const args = { persistTo: PERSIST_DIR, out: null, binding: 'DB', config: 'api/wrangler.toml' };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--persist-to') args.persistTo = argv[++i];
    else if (argv[i] === '--out') args.out = argv[++i];
    else if (argv[i] === '--binding') args.binding = argv[++i];
    else if (argv[i] === '-c' || argv[i] === '--config') args.config = argv[++i];
    else
      throw new Error(
        `unknown argument ${argv[i]}; usage: npm run db:backup -- [--persist-to DIR] [--out FILE] [--binding ORDERS_1] [-c CONFIG]`,
      );
  }
  const named = args.binding === 'DB' ? '' : `${args.binding}-`;
  const out = args.out ?? join(BACKUP_DIR, `backup-${named}${new Date().toISOString().replaceAll(':', '')}.ndjson.gz`);
  return { ...args, out };
}

/** A file as the backup's byte sink. */
function fileSink(path) {
  const out = createWriteStream(path);
  return {
    async write(chunk) {
      if (!out.write(chunk)) await once(out, 'drain');
    },
    async close() {
      out.end();
      await once(out, 'finish');
    },
    async abort() {
      out.destroy();
    },
  };
}

export async function backup(argv) {
  const args = parseArgs(argv);
  const { writeBackup, backupKeyring } = await bundledModules(OUT, 'write', [
    'api/src/backup/write',
    'shared/backup/seal',
  ]);
  const key = backupKeyConfig();
  const ring = backupKeyring(key.secret, key.version);
  if (!ring) throw new Error('set BACKUP_KEK (≥ 32 characters): health tables are sealed with it');
  // The binding's database alone: the API's other bindings (its Durable Object, queues, images) have
  // no business in a backup.
  const d1 = await openLocalD1(args.persistTo, { config: args.config, binding: args.binding });
  mkdirSync(dirname(args.out), { recursive: true });
  try {
    const result = await writeBackup(d1.db, ring, fileSink(args.out), { environment: 'local' });
    const rows = Object.values(result.counts).reduce((a, b) => a + b, 0);
    console.log(`Wrote ${args.out}: ${rows} rows, ${result.bytes} bytes.`);
    console.log(
      "It holds shoppers' names, addresses and orders in plain rows (health tables sealed): keep it private" +
        (args.out.startsWith(`${BACKUP_DIR}/`) ? ` (${BACKUP_DIR}/ is ignored by git).` : ', and out of git.'),
    );
    return result;
  } finally {
    await d1.dispose();
  }
}

runAsScript(import.meta, backup);
