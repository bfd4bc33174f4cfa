// The nightly backup's round trip, end to end with the real tools: the committed file of a seeded
// shop at migration 0052 (orders, blood-test results and uploads, a subscription) is restored by
// `npm run db:restore` into a fresh local D1 database; that database is backed up by the cron's own
// writer (`npm run db:backup`) and restored again, and every row comes back. Health tables never
// appear in the file as plain text. A file cut off, sealed with another key, or aimed at a database
// that has tables changes nothing. Then every migration newer than the file is applied to a copy, and
// on that migrated copy the owner's tool for order shards (decision 61) adds a second database as shard
// 1 and moves accounts with their orders, subscriptions and coupon redemptions into it: every order
// arrives once, none stays behind, and neither database has a broken key. The shard story shares this
// file's restored and migrated copy: on its own it restored and migrated the same file again, 20 of its
// 60 CPU-seconds.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { getPlatformProxy, unstable_readConfig } from 'wrangler';
import { shards } from '../../scripts/db-shards.mjs';

const KEY = 'test-backup-kek-0123456789abcdef0123456789';
const FIXTURE = 'tests/database/fixtures/shop-at-0052.ndjson.gz';
const LOCK = 'tests/database/fixtures/migrations.sha256';
const root = mkdtempSync(join(tmpdir(), 'shop-backup-'));
const dir = (name: string) => join(root, name);

function run(script: string, args: string[], env: Record<string, string> = {}) {
  const r = spawnSync(process.execPath, [script, ...args], {
    env: { ...process.env, BACKUP_KEK: KEY, WRANGLER_SEND_METRICS: 'false', ...env },
    encoding: 'utf8',
  });
  return { status: r.status, out: `${r.stdout}${r.stderr}` };
}
const restore = (file: string, target: string, ...more: string[]) =>
  run('scripts/db-restore.mjs', [file, '--persist-to', target, ...more]);

/** The little of D1's binding these checks read (this project has no Workers types). */
interface LocalDb {
  prepare(sql: string): { all<T>(): Promise<{ results: T[] }>; raw(): Promise<unknown[][]> };
}

/** Every table's rows, in key order, read through wrangler's local D1 (the database the shop reads). */
async function tablesOf(persistTo: string): Promise<Record<string, unknown[]>> {
  const api = unstable_readConfig({ config: 'api/wrangler.toml' }, {});
  const db = api.d1_databases.find((d: { binding: string }) => d.binding === 'DB')!;
  const config = join(root, 'wrangler.json');
  writeFileSync(
    config,
    JSON.stringify({ name: 'read', compatibility_date: api.compatibility_date, d1_databases: [{ ...db }] }),
  );
  const proxy = await getPlatformProxy<{ DB: LocalDb }>({
    configPath: config,
    persist: { path: join(persistTo, 'v3') },
    remoteBindings: false,
  });
  try {
    const { results } = await proxy.env.DB.prepare(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name NOT LIKE 'product_search_%' ORDER BY name",
    ).all<{ name: string }>();
    // SQLite's own checks travel as two more "tables": both empty when every key and page is sound.
    // The page check runs a table at a time (with its indexes): one check of the whole migrated shop
    // outgrew the memory workerd's SQLite allows (SQLITE_NOMEM) once the schema passed about 80
    // migrations' worth of tables and indexes, and a table at a time checks the same pages.
    const integrity: unknown[] = [];
    const { results: every } = await proxy.env.DB.prepare(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%'",
    ).all<{ name: string }>();
    for (const { name } of every)
      integrity.push(...(await proxy.env.DB.prepare(`PRAGMA quick_check("${name}")`).raw()).flat());
    const out: Record<string, unknown[]> = {
      '(foreign keys)': (await proxy.env.DB.prepare('PRAGMA foreign_key_check').raw()).map(String),
      '(integrity)': integrity.filter((r) => r !== 'ok'),
    };
    for (const { name } of results) {
      const rows = await proxy.env.DB.prepare(`SELECT * FROM "${name}"`).raw();
      out[name] = rows.map((r: unknown[]) => JSON.stringify(r)).sort();
    }
    return out;
  } finally {
    await proxy.dispose();
  }
}

// The timeouts are twice what each step took in a whole run on a loaded two-core machine (the migrations
// 71 s and the shard story 91 s on 2026-11-29): a real tool start per step, slowed by everything beside it.
let restored: Record<string, unknown[]>;
const backupFile = dir('again.ndjson.gz');

beforeAll(() => {
  const first = restore(FIXTURE, dir('a'));
  expect(first.status, first.out).toBe(0);
}, 120_000);
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('backup and restore', () => {
  it('restores the seeded shop into a fresh database: orders, results, uploads and subscriptions', async () => {
    restored = await tablesOf(dir('a'));
    expect(restored.orders!.length).toBeGreaterThan(0);
    expect(restored.blood_test_results!.length).toBeGreaterThan(0);
    expect(restored.blood_test_upload_values!.length).toBeGreaterThan(0);
    expect(restored.subscriptions!.length).toBeGreaterThan(0);
    expect(restored.d1_migrations!.some((m) => String(m).includes('0052_subscriptions_and_refills.sql'))).toBe(true);
  }, 120_000);

  it('backs that database up with the cron’s writer and restores every row of every table', async () => {
    const made = run('scripts/db-backup.mjs', ['--persist-to', dir('a'), '--out', backupFile]);
    expect(made.status, made.out).toBe(0);
    const again = restore(backupFile, dir('b'));
    expect(again.status, again.out).toBe(0);
    const copy = await tablesOf(dir('b'));
    expect(Object.keys(copy)).toEqual(Object.keys(restored));
    for (const table of Object.keys(restored)) expect(copy[table], table).toEqual(restored[table]);
  }, 180_000);

  it('keeps health tables sealed in the file and the shop’s other tables readable', () => {
    const text = gunzipSync(readFileSync(backupFile)).toString('utf8');
    // A patient's national id and date of birth (blood_test_patients), a lab's values (uploads).
    const patient = restored.blood_test_patients!.map((r) => JSON.parse(String(r)) as unknown[])[0]!;
    expect(text).not.toContain(String(patient[7]));
    expect(text).not.toContain(String(patient[4]));
    expect(text).toMatch(/"kind":"sealed","table":"blood_test_patients"/);
    expect(text).not.toMatch(/"kind":"rows","table":"(blood_test_patients|blood_test_results|quiz_results)"/);
    expect(text).toMatch(/"kind":"rows","table":"products"/);
  });

  it('refuses a database that has tables unless told to replace it, and then keeps the old file', () => {
    const refused = restore(backupFile, dir('b'));
    expect(refused.status).toBe(1);
    expect(refused.out).toMatch(/has tables/);
    const replaced = restore(backupFile, dir('b'), '--replace');
    expect(replaced.status, replaced.out).toBe(0);
    const files = readdirSync(join(dir('b'), 'v3', 'd1', 'miniflare-D1DatabaseObject'));
    expect(files.some((f) => f.includes('.before-restore-'))).toBe(true);
  }, 120_000);

  it('changes nothing for a file sealed with another key, or cut off before its end', () => {
    const other = run('scripts/db-restore.mjs', [backupFile, '--persist-to', dir('d')], {
      BACKUP_KEK: 'another-backup-kek-0123456789abcdef012345',
    });
    expect(other.status).toBe(1);
    expect(other.out).toMatch(/does not open/);
    const lines = gunzipSync(readFileSync(backupFile)).toString('utf8').trimEnd().split('\n');
    const cut = dir('cut.ndjson.gz');
    writeFileSync(cut, gzipSync(`${lines.slice(0, -1).join('\n')}\n`));
    const cutOff = restore(cut, dir('d'));
    expect(cutOff.status).toBe(1);
    expect(cutOff.out).toMatch(/cut off/);
    expect(existsSync(join(dir('d'), 'v3'))).toBe(false);
  }, 120_000);

  it('refuses a file with one plain row altered, writing nothing, not even the SQL', () => {
    const text = gunzipSync(readFileSync(backupFile)).toString('utf8');
    const line = text.split('\n').find((l) => l.startsWith('{"kind":"rows","table":"products"'))!;
    const altered = line.replace(/"[^"]{8,}"/, (cell) => `"${cell.slice(1, -2)}X"`);
    expect(altered).not.toBe(line);
    const file = dir('altered.ndjson.gz');
    writeFileSync(file, gzipSync(text.replace(line, altered)));
    const refused = restore(file, dir('e'));
    expect(refused.status).toBe(1);
    expect(refused.out).toMatch(/the file was altered/);
    expect(existsSync(join(dir('e'), 'v3'))).toBe(false);
    const sql = run('scripts/db-restore.mjs', [file, '--sql-out', dir('e.sql')]);
    expect(sql.status).toBe(1);
    expect(existsSync(dir('e.sql'))).toBe(false);
  }, 120_000);

  it('words a cut-off, foreign or unauthenticated file for an operator, not as zlib does', () => {
    const bytes = readFileSync(backupFile);
    const cases: [string, Buffer | string, RegExp][] = [
      [
        'truncated',
        bytes.subarray(0, Math.floor(bytes.length / 2)),
        /not a backup or is damaged: it ends in the middle/,
      ],
      ['garbage', 'PK\u0003\u0004 not a backup at all', /not a backup or is damaged: it does not unpack as gzip/],
      ['foreign', gzipSync('{"hello":"world"}\n'), /not a backup or is damaged: it does not start as/],
      ['format 1', gzipSync(gunzipSync(bytes).toString('utf8').replace('"version":2', '"version":1')), /format 1/],
    ];
    for (const [name, content, wording] of cases) {
      const file = dir(`${name}.ndjson.gz`);
      writeFileSync(file, content);
      const refused = restore(file, dir('f'));
      expect(refused.status, name).toBe(1);
      expect(refused.out, name).toMatch(wording);
      expect(refused.out, name).not.toMatch(/incorrect header check|unexpected end of file|Unexpected token/);
    }
    expect(existsSync(join(dir('f'), 'v3'))).toBe(false);
  }, 120_000);
});

describe('migrations', () => {
  it('never change a migration already applied: each keeps the content it was applied with', () => {
    const lock = readFileSync(LOCK, 'utf8')
      .trim()
      .split('\n')
      .map((l) => l.split(/\s+/) as [string, string]);
    for (const [hash, name] of lock) {
      const file = join('api/migrations', name);
      expect(existsSync(file), `${name} was removed`).toBe(true);
      expect(createHash('sha256').update(readFileSync(file)).digest('hex'), `${name} was edited`).toBe(hash);
    }
    // Newer ones come after the last locked one, in order: forward only.
    const names = readdirSync('api/migrations').filter((f) => f.endsWith('.sql'));
    expect(names).toEqual([...names].sort());
    const last = lock[lock.length - 1]![1];
    for (const name of names.filter((n) => !lock.some(([, l]) => l === n))) expect(name > last, name).toBe(true);
  });

  it('applies every newer migration to a copy of the seeded shop, losing no row and breaking no key', async () => {
    cpSync(dir('a'), dir('m'), { recursive: true });
    // What the restore tells the operator to run next: each newer file in its own batch, then wrangler's
    // own `migrations apply`, which must find nothing left (scripts/db.mjs).
    const applied = run('scripts/db.mjs', ['migrate'], { WRANGLER_STATE: dir('m'), CI: 'true' });
    expect(applied.status, applied.out).toBe(0);
    expect(applied.out).toMatch(/Applied \d+ migrations to the local database/);
    expect(applied.out).toContain('No migrations to apply');
    const after = await tablesOf(dir('m'));
    expect(after['(foreign keys)']).toEqual([]);
    expect(after['(integrity)']).toEqual([]);
    // No row is lost. A newer migration may add reference rows (a new country's row, its settings, its
    // places: 0091) or columns, so a table may grow in rows and in width: every row it had is still there,
    // found by its first column (the table's key).
    const firstOf = (row: unknown) => JSON.stringify((JSON.parse(row as string) as unknown[])[0]);
    for (const [table, rows] of Object.entries(restored)) {
      if (table === 'd1_migrations') continue;
      expect(after[table]?.length ?? 0, `${table} after the migrations`).toBeGreaterThanOrEqual(rows.length);
      const keys = new Set(after[table]!.map(firstOf));
      expect(
        rows.filter((r) => !keys.has(firstOf(r))),
        `${table}: rows lost by the migrations`,
      ).toEqual([]);
    }
    const names = readdirSync('api/migrations').filter((f) => f.endsWith('.sql'));
    expect(after.d1_migrations).toHaveLength(names.length);
  }, 180_000);
});

describe('npm run db:shards on the migrated copy', () => {
  interface ShardDbs {
    DB: LocalDb;
    ORDERS_1: LocalDb;
  }
  const config = dir('shards.toml');
  // The shop's own database id (api/wrangler.toml), so the migrated copy is the one read here.
  const writeConfig = () =>
    writeFileSync(
      config,
      `name = "shards-test"
compatibility_date = "2026-10-01"
[[d1_databases]]
binding = "DB"
database_name = "shop"
database_id = "00000000-0000-4000-8000-000000000001"
migrations_dir = "${resolve('api/migrations')}"
[[d1_databases]]
binding = "ORDERS_1"
database_name = "shop-orders-1"
database_id = "00000000-0000-4000-8000-000000000011"
migrations_dir = "${resolve('api/order-shard-migrations')}"
`,
    );
  const options = ['-c', config, '--persist-to', dir('m')];
  /**
   * The tool's commands in this process (decision 63's reason: a Node and wrangler loaded per command cost
   * more than the command), its printed lines collected; `status`, last, runs it as the operator does.
   */
  async function inProcess(...args: string[]): Promise<string> {
    const lines: string[] = [];
    const log = vi.spyOn(console, 'log').mockImplementation((...parts: unknown[]) => void lines.push(parts.join(' ')));
    try {
      await shards([...args, ...options]);
    } finally {
      log.mockRestore();
    }
    return lines.join('\n');
  }
  async function read<T>(fn: (env: ShardDbs) => Promise<T>): Promise<T> {
    const proxy = await getPlatformProxy<ShardDbs>({
      configPath: config,
      persist: { path: join(dir('m'), 'v3') },
      remoteBindings: false,
    });
    try {
      return await fn(proxy.env);
    } finally {
      await proxy.dispose();
    }
  }
  const ordersOf = (db: LocalDb) =>
    db
      .prepare(
        'SELECT user_id, count(*) AS n, sum(total) AS total FROM orders WHERE user_id IS NOT NULL GROUP BY user_id ORDER BY user_id',
      )
      .all<{ user_id: number; n: number; total: number }>();

  it('adds a shard and moves accounts with their orders into it, keys intact on both sides', async () => {
    writeConfig();
    const before = await read((env) => ordersOf(env.DB));
    expect(before.results.length).toBeGreaterThan(0);

    expect(await inProcess('add', '1', 'ORDERS_1')).toContain('Shard 1 (ORDERS_1) is open.');
    const moved = await inProcess('move-accounts', '1', '3', '--grace-ms', '0');
    expect(moved.match(/user:\d+: shard 0 → 1, done/g)).toHaveLength(3);
    const busiest = [...before.results].sort((a, b) => b.n - a.n)[0]!;
    expect(await inProcess('move', `user:${busiest.user_id}`, '1', '--grace-ms', '0')).toMatch(
      new RegExp(`user:${busiest.user_id}: shard 0 → 1, done`),
    );

    const after = await read(async (env) => ({
      core: (await ordersOf(env.DB)).results,
      shard: (await ordersOf(env.ORDERS_1)).results,
      keys: [
        ...(await env.DB.prepare('PRAGMA foreign_key_check').raw()),
        ...(await env.ORDERS_1.prepare('PRAGMA foreign_key_check').raw()),
      ],
      routed: (
        await env.DB.prepare('SELECT owner_key FROM shopper_shards WHERE shard_id = 1 ORDER BY owner_key').all<{
          owner_key: string;
        }>()
      ).results.map((r) => Number(r.owner_key.slice(5))),
    }));
    expect(after.routed).toHaveLength(4);
    expect(after.routed).toContain(busiest.user_id);
    // The moved accounts' orders, count and sum, are in shard 1 and nowhere else; the others stayed.
    const moved4 = new Set(after.routed);
    expect(after.shard).toEqual(before.results.filter((r) => moved4.has(r.user_id)));
    expect(after.core).toEqual(before.results.filter((r) => !moved4.has(r.user_id)));
    expect(after.keys).toEqual([]);

    // The command an operator types: its own Node, arguments and exit status.
    const status = run('scripts/db-shards.mjs', ['status', ...options], { CI: 'true' });
    expect(status.status, status.out).toBe(0);
    expect(status.out).toContain('shard 1 (ORDERS_1) open: 4 shoppers');
  }, 240_000);
});
