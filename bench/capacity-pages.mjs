// Page budgets at size (issue 48): the demo shop's database with a large generated order history
// (bench/capacity.mjs's generator, the seeded catalogue's SKUs on its lines), served by the built
// workers on a port and state folder of its own, and measured for a shopper with many orders:
//
//   - the order list (/profile/orders, first and a later page) and an order page (?id=, the newest and one 32 months old);
//   - the back office's order search (staff.localhost/orders?q=…): by a name substring, an email, an
//     order number and part of a phone number;
//   - the checkout's API calls (/order/calculate, /order/submit, cash on delivery).
//
// For each: median and p95 latency of sequential requests, the storefront→API calls (x-api-calls) and
// the D1 statements and round trips behind them (x-d1-queries, x-d1-roundtrips), held to the
// developers' guide's budget (one API call per uncached page view, at most 3 D1 round trips behind it).
// Then every distinct statement those requests ran (x-d1-sql: the API names them outside production)
// goes through EXPLAIN QUERY PLAN on the big file, and the full scans are listed.
//
//   npm run bench:capacity -- --pages          # 1 500 000 orders (CAPACITY_PAGES_ORDERS), port 8795
//   CAPACITY_PAGES_ORDERS=180000 node bench/capacity-pages.mjs
//
// The database (.wrangler/capacity-pages-state) is kept between runs of the same size: generating
// 1.5 million orders onto it takes a few minutes. Retention runs over it as the cron would; the
// archive only with CAPACITY_PAGES_ARCHIVE=1 (the pages then read the cold orders from R2, decision 60). Writes bench/results/capacity-pages-latest.json (not committed).
import { spawnSync } from 'node:child_process';
import { request } from 'node:http';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import esbuild from 'esbuild';
import { generate, NOW, projectModules, runArchive, runRetention } from './capacity.mjs';
import { startBuiltServer } from './serve.mjs';
import { orderBench } from './orders.mjs';
import { groupCpuMs } from './render-cost.mjs';

const ROOT = new URL('..', import.meta.url).pathname;
const ORDERS = Number(process.env.CAPACITY_PAGES_ORDERS ?? 1_500_000);
const ARCHIVE = process.env.CAPACITY_PAGES_ARCHIVE === '1';
const PORT = Number(process.env.CAPACITY_PAGES_PORT ?? 8795);
const STATE = process.env.CAPACITY_PAGES_STATE ?? '.wrangler/capacity-pages-state';
const RUNS = Number(process.env.CAPACITY_PAGES_RUNS ?? 40);
const STAFF_RUNS = Number(process.env.CAPACITY_PAGES_STAFF_RUNS ?? 3);
/** Orders the bench shopper gets, spread over the three years. */
const SHOPPER_ORDERS = 300;
const SHOPPER = { email: 'capacity-shopper@example.com', password: 'capacity-bench-secret' };
const BASE = `http://localhost:${PORT}`;
const STAFF = `http://staff.localhost:${PORT}`;
const ENV = { ...process.env, PATH: `${join(ROOT, 'node_modules/.bin')}:${process.env.PATH}`, CI: 'true' };

/** The pepper, hashing, owner and TOTP code of the local shop, from the project's own modules. */
async function localModules() {
  const out = await esbuild.build({
    stdin: {
      contents: [
        "export { hashPassword } from './api/src/lib/password';",
        "export { LOCAL_OWNER } from './shared/staff/local-owner';",
        "export { totpCode } from './shared/staff/totp';",
      ].join('\n'),
      resolveDir: ROOT,
      loader: 'ts',
    },
    tsconfig: join(ROOT, 'tsconfig.base.json'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    write: false,
    logLevel: 'error',
  });
  return import(`data:text/javascript;base64,${Buffer.from(out.outputFiles[0].text).toString('base64')}`);
}

function devVar(name) {
  const m = new RegExp(`^${name}="?([^"\\n]*)"?$`, 'm').exec(readFileSync(join(ROOT, 'api/.dev.vars'), 'utf8'));
  if (!m) throw new Error(`api/.dev.vars has no ${name}`);
  return m[1];
}

function d1File() {
  const dir = join(ROOT, STATE, 'v3/d1/miniflare-D1DatabaseObject');
  const file = readdirSync(dir).find((f) => f.endsWith('.sqlite') && f !== 'metadata.sqlite');
  if (!file) throw new Error(`no D1 file in ${dir}`);
  return join(dir, file);
}

/**
 * The shop's database at size: migrated and seeded as the e2e server's is (scripts/serve-built.mjs
 * --prepare), then the generated history written into its D1 file while no server runs, the bench
 * shopper given SHOPPER_ORDERS of its orders, retention (and the archive when asked) run over it.
 */
async function prepare(local) {
  const marker = join(ROOT, STATE, 'capacity.json');
  if (existsSync(marker)) {
    const kept = JSON.parse(readFileSync(marker, 'utf8'));
    if (kept.orders === ORDERS && kept.archived === ARCHIVE) {
      console.log(`Using the kept database of ${ORDERS} orders (${STATE}).`);
      return kept;
    }
  }
  rmSync(join(ROOT, STATE), { recursive: true, force: true });
  const started = Date.now();
  const r = spawnSync(process.execPath, ['scripts/serve-built.mjs', '--prepare'], {
    cwd: ROOT,
    env: { ...ENV, WRANGLER_STATE: STATE },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (r.status !== 0) throw new Error('preparing the seeded database failed');
  const db = new DatabaseSync(d1File());
  db.exec('PRAGMA wal_checkpoint(TRUNCATE); PRAGMA synchronous = OFF;');
  const t0 = Date.now();
  const { firstOrder, firstUser } = generate(db, ORDERS, { seeded: true });
  const generatedMs = Date.now() - t0;
  const hash = await local.hashPassword(SHOPPER.password, devVar('PASSWORD_PEPPER'), 2000);
  db.prepare("UPDATE users SET email = ?, password_hash = ?, name = 'Capacity Shopper' WHERE id = ?").run(
    SHOPPER.email,
    hash,
    firstUser,
  );
  // Every (ORDERS / SHOPPER_ORDERS)th order is the shopper's: a customer of three years' standing.
  const step = Math.floor(ORDERS / SHOPPER_ORDERS);
  db.prepare(
    'UPDATE orders SET user_id = ?, guest_email = NULL, guest_phone = NULL WHERE id >= ? AND (id - ?) % ? = 0',
  ).run(firstUser, firstOrder, firstOrder, step);
  // The checkout measures orders, not sell-outs.
  db.exec('UPDATE skus SET stock = 1000000 WHERE stock > 0');
  const m = await projectModules();
  const t1 = Date.now();
  const retained = runRetention(db, m.RETENTION_RULES, NOW, m.cutoffOf);
  const retentionMs = Date.now() - t1;
  let archive = null;
  if (ARCHIVE) archive = runArchive(db, m, NOW);
  db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
  db.close();
  const kept = {
    orders: ORDERS,
    archived: ARCHIVE,
    firstOrder,
    shopperId: firstUser,
    generatedMs,
    retentionMs,
    retained,
    archive,
    preparedMs: Date.now() - started,
  };
  writeFileSync(marker, JSON.stringify(kept, null, 2));
  console.log(
    `Prepared ${ORDERS} orders onto the seeded shop in ${((Date.now() - started) / 1000).toFixed(0)} s (generated ${(generatedMs / 1000).toFixed(0)} s, retention ${(retentionMs / 1000).toFixed(0)} s).`,
  );
  return kept;
}

function startServer() {
  return startBuiltServer(BASE, { ...ENV, PORT: String(PORT), WRANGLER_STATE: STATE });
}

function stopServer(child) {
  if (!child || child.exitCode !== null) return;
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    // already gone
  }
}

/**
 * A cookie jar and a caller, for the shopper (the storefront's origin) or the staff member (the staff
 * host). Through node:http, which sends the Host header it is given (fetch does not): Node does not
 * resolve *.localhost as browsers do, so staff.localhost is reached by the server's address.
 */
function client(origin, extra = {}) {
  const jar = new Map();
  const host = new URL(origin).host;
  const call = (path, { method = 'GET', body, form, headers = {} } = {}) =>
    new Promise((resolve, reject) => {
      const payload = body ? JSON.stringify(body) : form ? new URLSearchParams(form).toString() : undefined;
      const req = request(
        `${BASE}${path}`,
        {
          method,
          headers: {
            host,
            cookie: [...jar.values()].join('; '),
            origin,
            'sec-fetch-site': 'same-origin',
            ...(body ? { 'content-type': 'application/json' } : {}),
            ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
            ...(payload ? { 'content-length': Buffer.byteLength(payload) } : {}),
            ...extra,
            ...headers,
          },
        },
        (res) => {
          const chunks = [];
          res.on('data', (c) => chunks.push(c));
          res.on('error', reject);
          res.on('end', () => {
            for (const c of res.headers['set-cookie'] ?? []) {
              const pair = c.split(';')[0];
              jar.set(pair.split('=')[0], pair);
            }
            const text = Buffer.concat(chunks).toString('utf8');
            resolve({
              status: res.statusCode,
              headers: { get: (name) => res.headers[name.toLowerCase()] ?? null },
              text: async () => text,
              json: async () => JSON.parse(text),
              arrayBuffer: async () => undefined,
            });
          });
        },
      );
      req.on('error', reject);
      if (payload) req.write(payload);
      req.end();
    });
  return { call, jar };
}

/** The server's process group, for its CPU time. */
let serverGroup;

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

/**
 * `runs` sequential requests (after one warm-up), and one more asking for the statements: latency
 * median and p95, the counts of the last, every distinct statement.
 */
async function measure(name, request, runs = RUNS, { page = true, maxCalls = 1, warm = true } = {}) {
  if (warm) await (await request({})).arrayBuffer();
  const times = [];
  let last;
  // An answer of 400 or more is counted, not thrown: at size a page may fail (a timeout), which is the finding.
  let failed = 0;
  const statuses = {};
  const cpu0 = groupCpuMs(serverGroup);
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    const res = await request({});
    await res.arrayBuffer();
    times.push(performance.now() - t0);
    last = res;
    if (res.status >= 400) failed++;
    statuses[res.status] = (statuses[res.status] ?? 0) + 1;
  }
  const cpu1 = groupCpuMs(serverGroup);
  const asked = await request({ 'x-d1-sql': '1' });
  await asked.arrayBuffer();
  let sql = [];
  try {
    sql = JSON.parse(decodeURIComponent(asked.headers.get('x-d1-sql') ?? '%5B%5D'));
  } catch {
    sql = [];
  }
  times.sort((a, b) => a - b);
  const apiCalls = last.headers.get('x-api-calls');
  const row = {
    name,
    status: last.status,
    runs,
    failed,
    statuses,
    p50Ms: Math.round(percentile(times, 50)),
    p95Ms: Math.round(percentile(times, 95)),
    apiCalls: apiCalls === null ? null : Number(apiCalls),
    statements: Number(last.headers.get('x-d1-queries')),
    roundTrips: Number(last.headers.get('x-d1-roundtrips')),
    // CPU of the workers' process (both workers' isolates and the local D1's SQLite) and of vite
    // preview's proxy, per request: read from /proc around the sequential run (a tick is 10 ms).
    workerdCpuMs: Math.round(((cpu1.workers - cpu0.workers) / runs) * 10) / 10,
    proxyCpuMs: Math.round(((cpu1.proxy - cpu0.proxy) / runs) * 10) / 10,
    page,
    sql,
  };
  // The guide's budget: one storefront→API call per uncached page view, at most 3 D1 round trips behind
  // it. An API call of its own (the checkout's) has no page budget: its counts are reported as they are.
  row.withinBudget = page
    ? failed === 0 && (row.apiCalls === null || row.apiCalls <= maxCalls) && row.roundTrips <= 3
    : null;
  console.log(
    `  ${name.padEnd(44)} p50 ${String(row.p50Ms).padStart(5)} ms  p95 ${String(row.p95Ms).padStart(5)} ms  API calls ${row.apiCalls ?? '–'}  D1 ${row.statements} statements / ${row.roundTrips} round trips  CPU ${row.workerdCpuMs} ms${failed ? `  ${failed} of ${runs} failed (statuses ${JSON.stringify(statuses)})` : ''}  ${row.withinBudget === null ? '(an API call: no page budget)' : row.withinBudget ? 'within budget' : 'OVER BUDGET'}`,
  );
  return row;
}

/** The shopper's pages and checkout. */
async function shopperFigures(kept) {
  const shopper = client(BASE, { 'x-country': 'KW', lang: 'en' });
  await (await shopper.call('/')).arrayBuffer();
  const login = await shopper.call('/api/user/login', { method: 'POST', body: SHOPPER });
  if (login.status !== 200) throw new Error(`shopper sign-in failed: ${login.status} ${await login.text()}`);
  const db = new DatabaseSync(d1File(), { readOnly: true });
  const ids = db
    .prepare('SELECT id FROM orders WHERE user_id = ? ORDER BY created_at DESC, id DESC')
    .all(kept.shopperId)
    .map((r) => r.id);
  db.close();
  const page = (path) => (headers) => shopper.call(path, { headers: { 'cache-control': 'no-cache', ...headers } });
  const rows = [];
  console.log(`Shopper with ${ids.length} orders:`);
  rows.push(await measure('order list, page 1 (/profile/orders)', page('/profile/orders')));
  rows.push(await measure('order list, page 10', page('/profile/orders?page=10')));
  rows.push(await measure('order page, newest order', page(`/profile/orders?id=${ids[0]}`)));
  rows.push(await measure('order page, an order 32 months old', page(`/profile/orders?id=${ids.at(-30)}`)));
  rows.push(await measure('order list API (GET /user/order)', page('/api/user/order'), RUNS, { page: false }));

  // The checkout: a KW address, two SKUs, calculate and submit (cash on delivery) as the review step does.
  const address = await (
    await shopper.call('/api/user/address/new', {
      method: 'POST',
      body: {
        country: 'KW',
        recipient: 'Capacity',
        phone: '98765432',
        area_id: 26,
        block: '1',
        street: '1',
        building: '1',
      },
    })
  ).json();
  const products = await (
    await shopper.call('/api/product', {
      method: 'POST',
      body: { filters: [{ key: 'only_available', type: 'boolean', value: true }], per_page: 8 },
    })
  ).json();
  const skus = products.data.items.map((p) => p.default_sku.id);
  const items = [
    { sku_id: skus[0], count: 2 },
    { sku_id: skus[1], count: 1 },
  ];
  rows.push(
    await measure(
      'checkout: POST /order/calculate',
      (headers) => shopper.call('/api/order/calculate', { method: 'POST', body: { items }, headers }),
      RUNS,
      { page: false },
    ),
  );
  rows.push(
    await measure(
      'checkout: POST /order/submit (cash on delivery)',
      (headers) =>
        shopper.call('/api/order/submit', {
          method: 'POST',
          body: { items, payment_method: 'cod', address_id: address.data.id, idempotency_key: crypto.randomUUID() },
          headers,
        }),
      RUNS,
      { page: false },
    ),
  );
  return rows;
}

/** The back office's order search, signed in as the local owner (password, then the TOTP code). */
async function staffFigures(local, kept) {
  const staff = client(STAFF);
  // The staff worker checks the Origin of posts against its own host.
  const post = (path, form) => staff.call(path, { method: 'POST', form });
  const first = await post('/sign-in', { email: local.LOCAL_OWNER.email, password: local.LOCAL_OWNER.password });
  if (first.status !== 303) throw new Error(`staff sign-in: ${first.status} ${await first.text()}`);
  const second = await post('/verify', { code: await local.totpCode(local.LOCAL_OWNER.totpSecret) });
  if (second.status !== 303 || !staff.jar.has('stk'))
    throw new Error(`staff code: ${second.status} ${await second.text()}`);
  const db = new DatabaseSync(d1File(), { readOnly: true });
  const old = db.prepare('SELECT id, address FROM orders WHERE id = ?').get(kept.firstOrder + 1000);
  const mid = db.prepare('SELECT id FROM orders WHERE id = ?').get(kept.firstOrder + Math.floor(ORDERS / 2));
  db.close();
  const phone = JSON.parse(old.address).phone.replace('+', '').slice(-8);
  const search = (q) => (headers) => staff.call(`/orders?q=${encodeURIComponent(q)}`, { headers });
  // The one-call rule is the storefront's: a back-office page makes two, its guard's /staff/me and its
  // own call, one after the other; the D1 budget (3 round trips) is the same.
  // A search that reads every order takes seconds at size (and may hit the staff worker's 30 s API
  // timeout): a few runs each, without the warm-up.
  const staffPage = { maxCalls: 2, warm: false };
  const runs = STAFF_RUNS;
  const rows = [];
  console.log('Back office order search:');
  rows.push(
    await measure(
      'staff: orders, no search (newest first)',
      (h) => staff.call('/orders', { headers: h }),
      runs,
      staffPage,
    ),
  );
  rows.push(await measure('staff: by a common name part ("Shopper 1")', search('Shopper 1'), runs, staffPage));
  // A name no order has: every row is read before the page knows it is empty.
  rows.push(await measure('staff: by a name nobody has ("Zubaida")', search('Zubaida'), runs, staffPage));
  rows.push(await measure('staff: by an order number', search(String(mid.id)), runs, staffPage));
  rows.push(await measure('staff: by part of a phone number', search(phone), runs, staffPage));
  rows.push(await measure('staff: by an email', search('capacity-shopper@example.com'), runs, staffPage));
  return rows;
}

/** EXPLAIN QUERY PLAN of every distinct statement, on the big file: the full scans, by table. */
function plans(rows) {
  const db = new DatabaseSync(d1File(), { readOnly: true });
  const counts = new Map(
    db
      .prepare(
        "SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%'",
      )
      .all()
      .map((r) => [r.name, null]),
  );
  const rowsOf = (table) => {
    if (!counts.has(table)) return null;
    if (counts.get(table) === null)
      counts.set(table, Number(db.prepare(`SELECT count(*) AS n FROM "${table}"`).get().n));
    return counts.get(table);
  };
  const out = [];
  const seen = new Set();
  for (const row of rows)
    for (const sql of row.sql) {
      if (seen.has(sql) || !/^\s*(SELECT|WITH|UPDATE|DELETE|INSERT)/i.test(sql)) continue;
      seen.add(sql);
      let detail;
      try {
        detail = db
          .prepare(`EXPLAIN QUERY PLAN ${sql}`)
          .all()
          .map((r) => r.detail);
      } catch (error) {
        detail = [`(not explained: ${error.message})`];
      }
      // SCAN t (and SCAN t USING [COVERING] INDEX i: the whole index) reads every row of t.
      const scans = detail
        .map((d) => /^SCAN (\w+)(?: AS \w+)?(.*)$/.exec(d))
        .filter(Boolean)
        .map((m) => {
          const alias = m[1];
          const table = tableOf(sql, alias);
          return { table, rows: rowsOf(table), how: `SCAN ${alias}${m[2]}` };
        })
        .filter((s) => s.rows !== null);
      // A sort of the whole result (not of ties only): every row the index search finds is read before
      // the first one is returned, whatever the LIMIT.
      if (detail.includes('USE TEMP B-TREE FOR ORDER BY')) {
        const search = detail.map((d) => /^SEARCH (\w+)/.exec(d)).find(Boolean);
        const table = search ? tableOf(sql, search[1]) : null;
        if (table && rowsOf(table) !== null)
          scans.push({
            table,
            rows: rowsOf(table),
            how: `SORT of every row the search matches, whatever the LIMIT (${detail.join(' / ')})`,
          });
      }
      out.push({ page: row.name, sql: sql.replace(/\s+/g, ' ').trim(), plan: detail, scans });
    }
  db.close();
  return out;
}

/** The table an alias in a statement names (`FROM orders o` → orders). */
function tableOf(sql, alias) {
  const m = new RegExp(`\\b(?:FROM|JOIN)\\s+"?(\\w+)"?\\s+(?:AS\\s+)?${alias}\\b`, 'i').exec(sql);
  return m ? m[1] : alias;
}

async function main() {
  const local = await localModules();
  if (!existsSync(join(ROOT, 'dist/storefront/index.js'))) {
    const build = spawnSync('vite', ['build', '--logLevel', 'warn'], { cwd: ROOT, env: ENV, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('build failed');
  }
  const kept = await prepare(local);
  let server;
  const stop = () => stopServer(server);
  for (const signal of ['SIGINT', 'SIGTERM'])
    process.on(signal, () => {
      stop();
      process.exit(1);
    });
  try {
    const t0 = Date.now();
    server = await startServer();
    serverGroup = server.pid;
    console.log(`Server on ${BASE} (state ${STATE}) in ${((Date.now() - t0) / 1000).toFixed(0)} s.`);
    const shopperRows = await shopperFigures(kept);
    const staffRows = await staffFigures(local, kept);
    const rows = [...shopperRows, ...staffRows];
    // Order placement under load on the big database (bench/orders.mjs: 20 signed-in shoppers, cash on
    // delivery, 10 s): orders a second and the workers' CPU per order, an upper bound of what one
    // database takes (local SQLite on this machine's disk, no network between the API and D1).
    const cpu0 = groupCpuMs(serverGroup);
    const orders = await orderBench(BASE);
    const cpu1 = groupCpuMs(serverGroup);
    orders.submitLoad.workerdCpuMsPerOrder =
      Math.round(((cpu1.workers - cpu0.workers) / Math.max(1, orders.submitLoad.orders)) * 10) / 10;
    console.log(
      `\nOrder placement under load: ${orders.submitLoad.perSecond} orders/s with ${orders.submitLoad.clients} clients (p50 ${orders.submitLoad.p50Ms} ms, p99 ${orders.submitLoad.p99Ms} ms, ${orders.submitLoad.failed} failed), workers' CPU ${orders.submitLoad.workerdCpuMsPerOrder} ms an order (registrations included)`,
    );
    const explained = plans(rows);
    console.log('\nFull scans and whole-result sorts in the plans (table rows):');
    for (const p of explained)
      for (const s of p.scans)
        console.log(`  ${p.page}: ${s.how} (${s.table}: ${s.rows} rows in the table)\n      ${p.sql.slice(0, 220)}`);
    mkdirSync(join(ROOT, 'bench/results'), { recursive: true });
    writeFileSync(
      join(ROOT, 'bench/results/capacity-pages-latest.json'),
      JSON.stringify({ date: new Date().toISOString(), database: kept, rows, orders, plans: explained }, null, 2),
    );
  } finally {
    stop();
  }
}

await main();
