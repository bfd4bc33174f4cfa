// node scripts/db-shards.mjs <command> [--remote] [--env NAME] [-c CONFIG] [--persist-to DIR]
//
// The owner's tool for order shards (decision 61, docs/operating/order-shards.md), through wrangler:
// the API's own modules (api/src/db/shard-admin.ts, move-shopper.ts) bundled for Node and run against
// the API's D1 bindings (the local ones `npm start` reads, or with --remote the deployed databases).
//
//   status                          the shards, the shoppers routed to each, the moves not finished
//   add <id> <BINDING>              migrate BINDING's database with api/order-shard-migrations and
//                                   register it as shard <id> (the binding must be in the config)
//   close <id> | open <id>          stop or restart moving shoppers into shard <id>
//   retire <id>                     mark shard <id> as holding no one (refused while anyone is routed there)
//   move <user:ID | e-mail> <to>    move one shopper (an account, or a guest by her e-mail)
//   move-accounts <to> <count>      move <count> accounts still in shard 0, oldest first, one at a time
//   resume                          carry on every move a killed run left unfinished
//
// A move holds the shopper's writes for --grace-ms (30000) before its final copy, so requests that
// read her route just before finish first, and waits as long after the switch before deleting her old
// rows, so replicas have her new route; move-accounts runs --parallel (4) moves at once. Every command
// can be run again: what is done stays done.
import { spawnSync } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { getPlatformProxy } from 'wrangler';
import { applyLocalMigrations, databasesConfig } from './d1-local.mjs';
import { bundledModules } from './backup-tools.mjs';
import { PERSIST_DIR } from './db.mjs';
import { failureText, isTransportFailure, retryWhilePassing, runAsScript } from './cli-failure.mjs';

const OUT = '.cache/shards';
const USAGE =
  'usage: node scripts/db-shards.mjs status | add <id> <BINDING> | close <id> | open <id> | retire <id> | move <user:ID|e-mail> <to> | move-accounts <to> <count> | resume  [--remote] [--env NAME] [-c CONFIG] [--persist-to DIR] [--grace-ms N] [--parallel N]';

export function parseArgs(argv) {
  const args = {
    remote: false,
    env: undefined,
    config: 'api/wrangler.toml',
    persistTo: PERSIST_DIR,
    graceMs: 30_000,
    parallel: 4,
    rest: [],
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--remote') args.remote = true;
    else if (a === '--env') args.env = argv[++i];
    else if (a === '-c' || a === '--config') args.config = argv[++i];
    else if (a === '--persist-to') args.persistTo = argv[++i];
    else if (a === '--grace-ms') args.graceMs = Number(argv[++i]);
    else if (a === '--parallel') args.parallel = Number(argv[++i]);
    else if (a.startsWith('-')) throw new Error(`unknown option ${a}\n${USAGE}`);
    else args.rest.push(a);
  }
  if (!Number.isFinite(args.graceMs) || args.graceMs < 0) throw new Error('--grace-ms takes a number of ms');
  if (!Number.isSafeInteger(args.parallel) || args.parallel < 1) throw new Error('--parallel takes a number of moves');
  return args;
}

/**
 * An order shard's binding migrated from api/order-shard-migrations: the deployed database by
 * `wrangler d1 migrations apply --remote`, a local one in this process (applyLocalMigrations, as
 * `npm run db:migrate` applies the core's, without its wrangler check).
 */
async function migrateShard(args, binding, d1) {
  const entry = d1.find((d) => d.binding === binding);
  if (!entry)
    throw new Error(`${binding} is not a D1 binding of ${args.config}: add it first (docs/operating/order-shards.md)`);
  if (!/order-shard-migrations$/.test(entry.migrations_dir ?? ''))
    throw new Error(`${binding} must have migrations_dir = "order-shard-migrations" in ${args.config}`);
  if (!args.remote) {
    const dir = resolve(dirname(args.config), entry.migrations_dir);
    const applied = await applyLocalMigrations(args.persistTo, { dir, config: args.config, binding, env: args.env });
    console.log(`${binding}: ${applied.length} migrations applied.`);
    return;
  }
  const result = spawnSync(
    'wrangler',
    ['d1', 'migrations', 'apply', binding, '--remote', ...(args.env ? ['--env', args.env] : []), '-c', args.config],
    { stdio: 'inherit', env: { ...process.env, CI: 'true' } },
  );
  if (result.status !== 0) throw new Error(`migrating ${binding} failed`);
}

const ownerOf = (who) => (/^user:\d+$/.test(who) ? who : who.includes('@') ? { guestEmail: who } : null);

export async function shards(argv) {
  const args = parseArgs(argv);
  const [command, ...rest] = args.rest;
  if (!command) throw new Error(USAGE);
  // The API's D1 bindings alone (its other bindings have no business here), remote when asked.
  const { path, databases: bindings } = databasesConfig({ config: args.config, env: args.env, remote: args.remote });
  if (command === 'add') await migrateShard(args, rest[1], bindings);
  const mod = await bundledModules(OUT, 'shards', [
    'api/src/db/shard-admin',
    'api/src/db/move-shopper',
    'api/src/db/transient',
  ]);
  const proxy = await getPlatformProxy({
    configPath: path,
    persist: { path: join(args.persistTo, 'v3') },
    remoteBindings: args.remote,
  });
  const env = proxy.env;
  const options = { lockGraceMs: args.graceMs };
  const report = (r) =>
    console.log(`${r.owner}: shard ${r.from} → ${r.to}, ${r.state}; ${r.copied} rows written, ${r.deleted} deleted`);
  // A move can be run again and carries on where it stopped, so one that met a passing failure is tried
  // again: a connection the local or remote proxy dropped under load, or what the API's own requests
  // retry (a busy database, D1's lost connection: isTransientDbError).
  const passes = (error) => isTransportFailure(error) || mod.isTransientDbError(error);
  const move = (owner, to) =>
    retryWhilePassing(() => mod.moveShopper(env, owner, to, options), passes, {
      onRetry: (error) =>
        console.log(`${typeof owner === 'string' ? owner : owner.guestEmail}: ${failureText(error)}; trying again`),
    });
  try {
    switch (command) {
      case 'status': {
        for (const s of await mod.shardStatus(env))
          console.log(
            `shard ${s.id} (${s.binding}) ${s.state}: ${s.routed === null ? 'everyone not routed elsewhere' : `${s.routed} shoppers`}${s.moving_in ? `, ${s.moving_in} moving in` : ''}`,
          );
        break;
      }
      case 'add': {
        const id = Number(rest[0]);
        await mod.registerShard(env, id, rest[1]);
        console.log(`Shard ${id} (${rest[1]}) is open.`);
        break;
      }
      case 'close':
      case 'open':
      case 'retire': {
        const state = { close: 'full', open: 'open', retire: 'retired' }[command];
        await mod.setShardState(env, Number(rest[0]), state);
        console.log(`Shard ${rest[0]} is ${state}.`);
        break;
      }
      case 'move': {
        const who = ownerOf(rest[0] ?? '');
        if (!who || !rest[1]) throw new Error(USAGE);
        report(await move(who, Number(rest[1])));
        break;
      }
      case 'move-accounts': {
        const to = Number(rest[0]);
        const count = Number(rest[1]);
        if (!Number.isSafeInteger(count) || count < 1) throw new Error(USAGE);
        const { results } = await env.DB.prepare(
          `SELECT id FROM users u WHERE deleted_at IS NULL
             AND NOT EXISTS (SELECT 1 FROM shopper_shards r WHERE r.owner_key = 'user:' || u.id)
           ORDER BY id LIMIT ?`,
        )
          .bind(count)
          .all();
        // Several at once: each waits its grace twice, and the waits overlap.
        let next = 0;
        const worker = async () => {
          while (next < results.length) {
            const { id } = results[next++];
            report(await move(`user:${id}`, to));
          }
        };
        await Promise.all(Array.from({ length: Math.min(args.parallel, results.length) }, worker));
        break;
      }
      case 'resume': {
        const { results } = await env.DB.prepare(
          "SELECT owner_key, to_shard FROM shopper_moves WHERE state <> 'done' ORDER BY updated_at",
        ).all();
        for (const m of results) {
          if (m.owner_key.startsWith('email:')) {
            console.log(`${m.owner_key}: a guest's move; run it again with her e-mail (move <e-mail> ${m.to_shard})`);
            continue;
          }
          report(await move(m.owner_key, m.to_shard));
        }
        if (results.length === 0) console.log('No move is unfinished.');
        break;
      }
      default:
        throw new Error(USAGE);
    }
  } finally {
    await proxy.dispose();
  }
}

runAsScript(import.meta, shards);
