// Capacity (issue 48): what an order costs the one D1 database, and what retention gives back. Builds a
// database from api/migrations/ in a plain SQLite file (D1 is SQLite; D1 itself will not tell a page
// count), generates a realistic three-year history at growing sizes, measures every table's bytes with
// SQLite's dbstat, runs the retention rules of api/src/retention/windows.ts over it as the hourly cron
// would (same SQL), measures again, then moves the cold orders out as the archive run does
// (api/src/archive/tables.ts: orders closed for 18 months; their files' bytes are what R2 would hold),
// measures again and compacts. Prints a table and writes bench/results/capacity-latest.json.
//
//   npm run bench:capacity                 # 20 000, 60 000 and 180 000 orders
//   CAPACITY_SIZES=180000,500000,1500000 npm run bench:capacity   # the trend (about 19 minutes on 2 cores)
//   CAPACITY_YEARS=6 CAPACITY_SIZES=360000 npm run bench:capacity   # the same daily rate over six years
//   npm run bench:capacity -- --figures    # every storage figure the README and the capacity page quote:
//                                          # 1.5 and 6 years at 164 orders a day (about 9 minutes on 2 cores);
//                                          # with --pages too, the pages bench first: every figure of the README
//   npm run bench:capacity -- --pages      # page budgets on a seeded shop with a large history (capacity-pages.mjs)
//
// The history's shares (what a Gulf supplement shop's orders look like; the seed has no orders to copy):
// Kuwait 40 % and Saudi Arabia 60 % of orders; 55 % paid by card or wallet-and-card, 35 % cash on
// delivery, 10 % wholly by the wallet; 1 to 4 lines (2.2 on average); 88 % delivered, 5 % cancelled, 2 %
// failed payments, the last five days' orders still on their way; 4 % of delivered orders refunded in part;
// 30 % by guests; 30 % with WhatsApp updates (three texts); a new browser (device row) for 80 % of orders
// and a search kept for half. Every order has its confirmation mail, delivered ones their shipped and
// delivered mails, each as the outbox stores it (text: the shop sends no HTML part). Blood-test bookings, consultations and
// subscriptions are not generated yet: the order is the unit the capacity is counted in. Every order has
// its row in the core's order index (order_owners, decision 62) as checkout writes it, so a figure on one
// database counts it, and the split's figures (the index in the core, the rest in the shards) read it apart.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { gzipSync } from 'node:zlib';
import esbuild from 'esbuild';

const ROOT = new URL('..', import.meta.url).pathname;
const DAY = 24 * 60 * 60 * 1000;
export const NOW = Date.UTC(2026, 10, 25, 12);
/**
 * The history's length (CAPACITY_YEARS, default 3). With archiving, an order's cost depends on its
 * age: 1.5 years gives the cost of orders that are all hot, 6 years one where three quarters are cold
 * (docs/operating/capacity.md puts the two together).
 */
const YEARS = Number(process.env.CAPACITY_YEARS ?? 3);
const SIZES = (process.env.CAPACITY_SIZES ?? '20000,60000,180000').split(',').map(Number);

/**
 * The SQL the cron runs, compiled from its TypeScript so the bench executes exactly that: the retention
 * rules (api/src/retention/windows.ts) and the cold-order archive's due walk, moving tables and file
 * names (api/src/archive/tables.ts, file.ts).
 */
export async function projectModules() {
  const alias = {
    name: 'project-imports',
    setup(build) {
      build.onResolve({ filter: /^#(shared|api)\// }, (args) => ({
        path: `${join(ROOT, args.path.replace(/^#shared\//, 'shared/').replace(/^#api\//, 'api/'))}.ts`,
      }));
    },
  };
  const out = await esbuild.build({
    stdin: {
      contents: [
        "export { RETENTION_RULES, cutoffOf } from './api/src/retention/windows';",
        "export { ARCHIVE_AFTER_MS, COLD_TABLES, DUE_SQL } from './api/src/archive/tables';",
        "export { COLD_FORMAT, COLD_VERSION, coldKey } from './api/src/archive/file';",
      ].join('\n'),
      resolveDir: ROOT,
      loader: 'ts',
    },
    bundle: true,
    format: 'esm',
    platform: 'node',
    write: false,
    logLevel: 'error',
    plugins: [alias],
  });
  const url = `data:text/javascript;base64,${Buffer.from(out.outputFiles[0].text).toString('base64')}`;
  return import(url);
}

/**
 * The migrated, empty database as D1 makes it: wrangler applies api/migrations/ to a local D1 (the same
 * path the shop's own databases take), and each size starts from a copy of that SQLite file.
 */
function migratedTemplate(dir) {
  const persist = join(dir, 'state');
  rmSync(persist, { recursive: true, force: true });
  const r = spawnSync(
    'wrangler',
    ['d1', 'migrations', 'apply', 'DB', '--local', '--persist-to', persist, '-c', 'api/wrangler.toml'],
    { cwd: ROOT, env: { ...process.env, CI: 'true', WRANGLER_SEND_METRICS: 'false' }, encoding: 'utf8' },
  );
  if (r.status !== 0) throw new Error(`migrations failed: ${r.stderr || r.stdout}`);
  const d1 = join(persist, 'v3/d1/miniflare-D1DatabaseObject');
  const file = readdirSync(d1).find((f) => f.endsWith('.sqlite') && f !== 'metadata.sqlite');
  if (!file) throw new Error('no D1 file after the migrations');
  // Local D1 writes through a WAL: fold it into the file before copying.
  const db = new DatabaseSync(join(d1, file));
  db.exec('PRAGMA wal_checkpoint(TRUNCATE)');
  db.close();
  return join(d1, file);
}

function freshDatabase(template, file) {
  rmSync(file, { force: true });
  copyFileSync(template, file);
  const db = new DatabaseSync(file);
  db.exec('PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF;');
  return db;
}

/** A small deterministic random source, so two runs build the same history. */
function random(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const text = (n, seed) =>
  'Lorem ipsum Vitamin D3 Omega-3 Zinc Magnesium '.repeat(Math.ceil(n / 46) + 1).slice(seed % 7, (seed % 7) + n);

/** The catalogue the history needs (200 products of one SKU each), in an empty database. */
function baseCatalogue(db) {
  db.exec(`INSERT INTO brands (id, slug, name_en, name_ar, color) VALUES (1, 'brand', 'Brand', 'علامة', '#000000')`);
  db.exec(
    `INSERT INTO categories (id, slug, name_en, name_ar, color, sort_order) VALUES (1, 'vitamins', 'Vitamins', 'فيتامينات', '#000000', 1)`,
  );
  const product = db.prepare(
    `INSERT INTO products (id, slug, name_en, name_ar, brand_id, category_id, is_active, created_at) VALUES (?, ?, ?, ?, 1, 1, 1, ${NOW - 4 * 365 * DAY})`,
  );
  const sku = db.prepare(
    `INSERT INTO skus (id, product_id, name_en, name_ar, price, stock, sort_order) VALUES (?, ?, '60 capsules', '60 كبسولة', ?, 1000000, 1)`,
  );
  for (let i = 1; i <= 200; i++) {
    product.run(i, `product-${i}`, `Vitamin product ${i} 1000 IU softgels`, `منتج فيتامين ${i}`);
    sku.run(i, i, 2000 + i * 25);
  }
  return Array.from({ length: 200 }, (_, i) => ({
    id: i + 1,
    product_id: i + 1,
    slug: `product-${i + 1}`,
    name: `Vitamin product ${i + 1} 1000 IU softgels`,
  }));
}

/** Shoppers `first` … `first + count - 1`. */
function shopperRows(db, first, count) {
  const user = db.prepare(
    `INSERT INTO users (id, name, email, password_hash, lang, created_at) VALUES (?, ?, ?, 'pbkdf2-sha256$100000$c2FsdHNhbHRzYWx0c2FsdA$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaGhhc2g', ?, ?)`,
  );
  for (let i = first; i < first + count; i++)
    user.run(i, `Shopper ${i}`, `shopper${i}@example.com`, i % 2 ? 'ar' : 'en', NOW - 3 * 365 * DAY);
}

/**
 * The order-related history: `orders` orders over three years ending at NOW. In an empty migrated
 * database it brings its own catalogue; with `seeded` (bench/capacity-pages.mjs: the demo shop's
 * database) its lines name the seeded SKUs and its shoppers and orders are numbered after the ones there.
 * Returns the first order id and shopper id it used.
 */
export function generate(db, orders, { seeded = false, years = YEARS } = {}) {
  const rnd = random(orders);
  const shoppers = Math.ceil(orders / 3);
  const next = (table) => Number(db.prepare(`SELECT coalesce(max(id), 0) + 1 AS n FROM ${table}`).get().n);
  const catalogue = seeded
    ? db
        .prepare(
          `SELECT s.id, s.product_id, p.slug, p.name_en AS name FROM skus s JOIN products p ON p.id = s.product_id
           WHERE p.is_active = 1 ORDER BY s.id LIMIT 200`,
        )
        .all()
    : baseCatalogue(db);
  const firstUser = next('users');
  const firstOrder = next('orders');
  shopperRows(db, firstUser, shoppers);
  const s = {
    order: db.prepare(
      `INSERT INTO orders (id, user_id, guest_email, guest_phone, country, currency, lang, status, payment_method, card_method, address,
         subtotal, before_discount, discount, delivery, vat, total, wallet_used, holds_stock, created_at, updated_at, delivered_at, shipped_at, confirmed_at, packed_at, whatsapp_to)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    item: db.prepare(
      `INSERT INTO order_items (order_id, sku_id, product_id, product_slug, name, sku_name, image_key, unit_price, count)
       VALUES (?, ?, ?, ?, ?, '60 capsules', ?, ?, ?)`,
    ),
    key: db.prepare(
      'INSERT INTO idempotency_keys (owner, key, body_hash, order_id, created_at) VALUES (?, ?, ?, ?, ?)',
    ),
    payment: db.prepare(
      `INSERT INTO payments (id, provider, purpose, order_id, user_id, amount, currency, method, status, provider_ref, redirect_url, return_path, created_at, updated_at)
       VALUES (?, 'tap', 'order', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    paymentEvent: db.prepare('INSERT INTO payment_events (payment_id, outcome, created_at) VALUES (?, ?, ?)'),
    event: db.prepare('INSERT INTO order_events (order_id, kind, at) VALUES (?, ?, ?)'),
    mail: db.prepare(
      `INSERT INTO mail_outbox (to_address, subject, body_text, body_html, lang, kind, dedupe_key, attempts, created_at, delivered_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, 1, ?, ?)`,
    ),
    textMessage: db.prepare(
      `INSERT INTO message_outbox (channel, to_phone, lang, kind, template, params, body_text, dedupe_key, attempts, created_at, delivered_at)
       VALUES ('whatsapp', ?, ?, 'order_update', 'order_update', ?, ?, ?, 1, ?, ?)`,
    ),
    device: db.prepare(
      `INSERT INTO devices (id, uid, name, platform, os_type, os_version, created_at) VALUES (?, ?, 'Chrome', 'web', 'Android', '14', ?)`,
    ),
    link: db.prepare('INSERT INTO order_links (token_hash, order_id, created_at) VALUES (?, ?, ?)'),
    refund: db.prepare(
      `INSERT INTO refunds (order_id, amount, currency, method, reason, status, created_at, updated_at) VALUES (?, ?, ?, 'wallet', 'damaged', 'succeeded', ?, ?)`,
    ),
    search: db.prepare('INSERT INTO search_terms (device_id, user_id, term, created_at) VALUES (?, ?, ?, ?)'),
    // The core's order index as placement writes it: the account, or a guest's hashed e-mail identity.
    owner: db.prepare("INSERT INTO order_owners (order_id, owner_key, state, created_at) VALUES (?, ?, 'placed', ?)"),
  };
  const span = years * 365 * DAY;
  db.exec('BEGIN');
  for (let n = 1; n <= orders; n++) {
    const id = firstOrder + n - 1;
    const at = NOW - span + Math.floor((span * n) / orders);
    const sa = rnd() < 0.6;
    const [country, currency] = sa ? ['SA', 'SAR'] : ['KW', 'KWD'];
    const guest = rnd() < 0.3;
    const user = guest ? null : firstUser + Math.floor(rnd() * shoppers);
    const roll = rnd();
    const method = roll < 0.55 ? 'card' : roll < 0.9 ? 'cod' : 'wallet';
    const fate = rnd();
    const recent = at > NOW - 5 * DAY;
    const status = recent
      ? 'shipped'
      : fate < 0.05
        ? 'cancelled'
        : fate < 0.07 && method === 'card'
          ? 'payment_failed'
          : 'delivered';
    const lines = 1 + Math.floor(rnd() * 3.4);
    let subtotal = 0;
    const items = [];
    for (let l = 0; l < lines; l++) {
      const pick = Math.floor(rnd() * 200);
      const sku = catalogue[pick % catalogue.length];
      if (items.some((it) => it.sku === sku)) continue;
      const count = 1 + Math.floor(rnd() * 2);
      const unit = (sa ? 25 : 2) * (2000 + (pick + 1) * 25);
      items.push({ sku, count, unit });
      subtotal += unit * count;
    }
    const delivery = subtotal > (sa ? 20000 : 15000) ? 0 : sa ? 2500 : 1000;
    const total = subtotal + delivery;
    const vat = sa ? Math.round((total * 1500) / 11500) : 0;
    const phone = sa ? `+9665${String(10000000 + id).slice(-8)}` : `+9655${String(1000000 + id).slice(-7)}`;
    const email = guest ? `guest${id}@example.com` : `shopper${user}@example.com`;
    const address = JSON.stringify({
      recipient: `Shopper ${user ?? id}`,
      phone,
      country,
      ...(sa
        ? {
            city: 'Riyadh',
            district: 'Al Olaya',
            street: 'King Fahd Road',
            building_number: '1234',
            postal_code: '12214',
            short_address: 'RRRD1234',
          }
        : {
            governorate: 'Hawalli',
            area: 'Salmiya',
            block: '10',
            street: 'Salem Al Mubarak St',
            building: '25',
            floor: '3',
            apartment: '12',
          }),
    });
    const lang = rnd() < 0.55 ? 'ar' : 'en';
    const whatsapp = rnd() < 0.3 ? phone : null;
    const delivered = status === 'delivered' ? at + 2 * DAY : null;
    s.order.run(
      id,
      user,
      guest ? email : null,
      guest ? phone : null,
      country,
      currency,
      lang,
      status,
      method,
      method === 'card' ? (sa ? 'mada' : 'knet') : null,
      address,
      subtotal,
      subtotal,
      delivery,
      vat,
      total,
      method === 'wallet' ? total : 0,
      status === 'cancelled' || status === 'payment_failed' ? 0 : 1,
      at,
      delivered ?? at,
      delivered,
      status === 'delivered' ? at + DAY : null,
      at + 3600_000,
      at + 7200_000,
      whatsapp,
    );
    for (const it of items)
      s.item.run(
        id,
        it.sku.id,
        it.sku.product_id,
        it.sku.slug,
        it.sku.name,
        `products/${it.sku.product_id}/a1b2c3.webp`,
        it.unit,
        it.count,
      );
    s.key.run(user ? `u:${user}` : `d:${crypto.randomUUID()}`, crypto.randomUUID(), 'a'.repeat(64), id, at);
    if (method === 'card') {
      const pay = `pay_${id.toString(16).padStart(24, '0')}`;
      const ok = status !== 'payment_failed';
      s.payment.run(
        pay,
        id,
        user,
        total,
        currency,
        sa ? 'mada' : 'knet',
        ok ? 'succeeded' : 'failed',
        `chg_TS0${id}`,
        `https://checkout.tap.company/?mode=page&token=${id}`,
        `/checkout/success?order=${id}`,
        at,
        at + 60_000,
      );
      s.paymentEvent.run(pay, ok ? 'succeeded' : 'failed', at + 60_000);
    }
    for (const [kind, offset] of status === 'delivered'
      ? [
          ['confirmed', 3600_000],
          ['packed', 7200_000],
          ['shipped', DAY],
          ['delivered', 2 * DAY],
        ]
      : [['confirmed', 3600_000]])
      s.event.run(id, kind, at + offset);
    // The shop's mails are text (api/src/mail/: no HTML part); sizes as rendered for an order of two lines.
    const mails = [['confirmation', 630]];
    if (status === 'delivered') mails.push(['shipped', 350], ['delivered', 330]);
    for (const [kind, textBytes] of mails)
      s.mail.run(
        email,
        `Your order ${id}: ${kind}`,
        text(textBytes, id),
        null,
        lang,
        `order_${kind}`,
        `order:${id}:${kind}`,
        at,
        at + 60_000,
      );
    if (whatsapp)
      for (const kind of ['confirmed', 'shipped', 'delivered'])
        s.textMessage.run(
          whatsapp,
          lang,
          JSON.stringify([String(id), `Shopper ${user ?? id}`]),
          text(200, id),
          `wa:${id}:${kind}`,
          at,
          at + 60_000,
        );
    s.owner.run(id, user ? `user:${user}` : `email:${createHash('sha256').update(email).digest('hex')}`, at);
    if (rnd() < 0.8) s.device.run(crypto.randomUUID(), crypto.randomUUID(), at - 600_000);
    if (guest) s.link.run(crypto.randomUUID(), id, at);
    if (status === 'delivered' && rnd() < 0.04)
      s.refund.run(id, Math.round(total / 2), currency, at + 5 * DAY, at + 5 * DAY);
    if (rnd() < 0.5) s.search.run(crypto.randomUUID(), user, 'vitamin d', at - 60_000);
  }
  db.exec('COMMIT');
  return { firstOrder, firstUser, shoppers };
}

/** Bytes per table (dbstat: the pages each table and its indexes use), and the file's live bytes. */
function measure(db) {
  const tables = {};
  for (const r of db.prepare('SELECT name, sum(pgsize) AS bytes FROM dbstat GROUP BY name').all())
    tables[r.name] = r.bytes;
  const { page_size } = db.prepare('PRAGMA page_size').get();
  const { page_count } = db.prepare('PRAGMA page_count').get();
  const { freelist_count } = db.prepare('PRAGMA freelist_count').get();
  return { tables, live: (page_count - freelist_count) * page_size, file: page_count * page_size };
}

/** A table's bytes with its indexes (dbstat names an index by its own name). */
function byTable(db, tables) {
  const owner = new Map(
    db
      .prepare("SELECT name, tbl_name FROM sqlite_schema WHERE type IN ('table', 'index')")
      .all()
      .map((r) => [r.name, r.tbl_name]),
  );
  const sums = {};
  for (const [name, bytes] of Object.entries(tables)) {
    const t = owner.get(name) ?? name;
    sums[t] = (sums[t] ?? 0) + bytes;
  }
  return sums;
}

export function runRetention(db, rules, now, cutoffOf = (rule, at) => at - rule.days * DAY) {
  let changed = 0;
  for (let round = 0; round < 10_000; round++) {
    let behind = false;
    for (const rule of rules) {
      // As the cron binds them (api/src/retention/run.ts): the cutoff, the batch, and the time when named.
      const binds = rule.sql.includes('?3') ? [cutoffOf(rule, now), 5000, now] : [cutoffOf(rule, now), 5000];
      const n = Number(db.prepare(rule.sql).run(...binds).changes);
      changed += n;
      if (n >= 5000) behind = true;
    }
    if (!behind) break;
  }
  return changed;
}

/**
 * The cold-order archive over the history, as the cron's run does it (api/src/archive/move.ts): the due
 * walk in batches of `batch` (DUE_SQL), then per order the claim, the file's rows (each moving table's
 * `select`), the file's size (JSON, gzip as CompressionStream does, + 16 bytes of AES-GCM tag: what R2
 * stores), the commit's update of the row with values of the real sizes (a 44-character wrapped key, a
 * 16-character nonce) and each table's `remove`. The run's ownership guard on the removes is left out
 * (no other run races this one). A batch is one transaction, as the commit is one D1 batch an order.
 */
export function runArchive(db, m, now, batch = 100) {
  const cutoff = now - m.ARCHIVE_AFTER_MS;
  const due = db.prepare(m.DUE_SQL);
  const claim = db.prepare(
    'UPDATE orders SET archive_key = ?2 WHERE id = ?1 AND archived_at IS NULL AND archive_key IS NULL',
  );
  const orderRow = db.prepare('SELECT * FROM orders WHERE id = ?1');
  const refunds = db.prepare('SELECT * FROM refunds WHERE order_id = ?1 ORDER BY id');
  const selects = m.COLD_TABLES.map((t) => db.prepare(t.select));
  const removes = m.COLD_TABLES.map((t) => db.prepare(t.remove));
  const commit = db.prepare(
    `UPDATE orders SET archived_at = ?2, archive_wrapped_key = ?3, archive_iv = ?4, archive_key_version = ?5
     WHERE id = ?1 AND archive_key = ?6 AND archived_at IS NULL`,
  );
  const out = { moved: 0, rowsMoved: 0, r2Bytes: 0, largestFile: 0, batches: 0, gzipMs: 0 };
  for (;;) {
    const rows = due.all(cutoff, batch);
    if (!rows.length) break;
    out.batches++;
    db.exec('BEGIN');
    for (const { id, country } of rows) {
      const key = m.coldKey(id, country, now);
      if (Number(claim.run(id, key).changes) !== 1) continue;
      const file = {
        format: m.COLD_FORMAT,
        version: m.COLD_VERSION,
        order_id: id,
        archived_at: now,
        order: orderRow.get(id),
        refunds: refunds.all(id),
        tables: Object.fromEntries(m.COLD_TABLES.map((t, i) => [t.name, selects[i].all(id)])),
      };
      const t0 = performance.now();
      const bytes = gzipSync(JSON.stringify(file)).length + 16;
      out.gzipMs += performance.now() - t0;
      out.r2Bytes += bytes;
      out.largestFile = Math.max(out.largestFile, bytes);
      commit.run(id, now, randomBytes(32).toString('base64'), randomBytes(12).toString('base64'), 1, key);
      m.COLD_TABLES.forEach((t, i) => {
        const keys = JSON.stringify(file.tables[t.name].map((row) => JSON.stringify(t.key.map((k) => row[k]))));
        out.rowsMoved += Number(removes[i].run(id, keys).changes);
      });
      out.moved++;
    }
    db.exec('COMMIT');
    if (rows.length < batch) break;
  }
  out.gzipMs = Math.round(out.gzipMs);
  return out;
}

const mb = (b) => (b / 1e6).toFixed(1);

/** One history of `n` orders over `years`: generated, retention run, archived, compacted, measured. */
function history(m, dir, template, n, years) {
  const started = Date.now();
  const file = join(dir, `history-${n}-${years}y.sqlite`);
  const db = freshDatabase(template, file);
  const empty = measure(db);
  const t0 = Date.now();
  generate(db, n, { years });
  const generatedMs = Date.now() - t0;
  const before = measure(db);
  const t1 = Date.now();
  const changed = runRetention(db, m.RETENTION_RULES, NOW, m.cutoffOf);
  const retentionMs = Date.now() - t1;
  const after = measure(db);
  // The retained history compacted, without archiving: what a hot order costs (the difference to the
  // compacted figure below is what archiving gives back).
  const retainedCopy = `${file}.retained`;
  rmSync(retainedCopy, { force: true });
  db.prepare('VACUUM INTO ?').run(retainedCopy);
  const copy = new DatabaseSync(retainedCopy);
  const retainedCompacted = measure(copy);
  copy.close();
  rmSync(retainedCopy, { force: true });
  const t2 = Date.now();
  const archive = runArchive(db, m, NOW);
  const archiveMs = Date.now() - t2;
  const archived = measure(db);
  const counts = db.prepare('SELECT count(*) AS orders, count(archived_at) AS archived FROM orders').get();
  // What the file comes down to once its free space is given back (D1 reuses freed pages for new rows).
  const t3 = Date.now();
  db.exec('VACUUM');
  const vacuumMs = Date.now() - t3;
  const vacuumed = measure(db);
  const perTableBefore = byTable(db, before.tables);
  const perTableRetained = byTable(db, after.tables);
  const perTableAfter = byTable(db, vacuumed.tables);
  const perTableEmpty = byTable(db, empty.tables);
  const delta = (t, m) => (m[t] ?? 0) - (perTableEmpty[t] ?? 0);
  const top = Object.keys(perTableBefore)
    .map((t) => ({
      table: t,
      before: delta(t, perTableBefore),
      retained: delta(t, perTableRetained),
      after: delta(t, perTableAfter),
    }))
    .filter((r) => r.before > 0)
    .sort((a, b) => b.before - a.before)
    .slice(0, 14)
    .map((r) => ({
      ...r,
      perOrderBefore: Math.round(r.before / n),
      perOrderRetained: Math.round(r.retained / n),
      perOrderAfter: Math.round(r.after / n),
    }));
  const per = (bytes) => Math.round(bytes / n);
  const result = {
    orders: n,
    years,
    // The core's order index alone, compacted: what the split leaves in the core for every order.
    indexBytesPerOrder: per(delta('order_owners', perTableAfter)),
    hotOrders: Number(counts.orders) - Number(counts.archived),
    archivedOrders: Number(counts.archived),
    generatedMs,
    retentionMs,
    archiveMs,
    vacuumMs,
    totalMs: Date.now() - started,
    rowsRetained: changed,
    archive,
    r2BytesPerArchivedOrder: archive.moved ? Math.round(archive.r2Bytes / archive.moved) : 0,
    liveBytesBefore: before.live - empty.live,
    liveBytesAfter: after.live - empty.live,
    liveBytesArchived: archived.live - empty.live,
    retainedCompactedBytes: retainedCompacted.live - empty.live,
    vacuumedBytes: vacuumed.live - empty.live,
    databaseBytes: vacuumed.file,
    bytesPerOrderBefore: per(before.live - empty.live),
    bytesPerOrderAfter: per(after.live - empty.live),
    bytesPerOrderArchived: per(archived.live - empty.live),
    bytesPerOrderRetainedCompacted: per(retainedCompacted.live - empty.live),
    bytesPerOrderVacuumed: per(vacuumed.live - empty.live),
    // D1 bytes an archived order gives back (compacted): the retained copy's against the archived file's.
    bytesFreedPerArchivedOrder: Number(counts.archived)
      ? Math.round((retainedCompacted.live - vacuumed.live) / Number(counts.archived))
      : 0,
    top,
  };
  db.close();
  if (!process.env.CAPACITY_KEEP) rmSync(file, { force: true });
  console.log(
    `${n} orders: ${mb(result.liveBytesBefore)} MB → ${mb(result.liveBytesAfter)} MB after retention → ${mb(result.liveBytesArchived)} MB after archiving, ${mb(result.vacuumedBytes)} MB compacted (file ${mb(result.databaseBytes)} MB); ` +
      `${result.bytesPerOrderBefore} → ${result.bytesPerOrderAfter} → ${result.bytesPerOrderArchived} → ${result.bytesPerOrderVacuumed} bytes an order; ` +
      `${result.archivedOrders} archived (${result.r2BytesPerArchivedOrder} B each in R2, ${mb(archive.r2Bytes)} MB; ${result.bytesFreedPerArchivedOrder} B each freed in D1, compacted), ${result.hotOrders} hot; ` +
      `${result.bytesPerOrderRetainedCompacted} bytes an order retained and compacted without archiving. ` +
      `Generated ${(generatedMs / 1000).toFixed(1)} s, retention ${(retentionMs / 1000).toFixed(1)} s (${changed} rows), archive ${(archiveMs / 1000).toFixed(1)} s (${archive.batches} batches, ${archive.rowsMoved} rows), vacuum ${(vacuumMs / 1000).toFixed(1)} s`,
  );
  for (const r of top)
    console.log(
      `   ${r.table.padEnd(24)} ${String(r.perOrderBefore).padStart(6)} → ${String(r.perOrderRetained).padStart(6)} → ${String(r.perOrderAfter).padStart(6)} B/order (before, retained, archived+compacted)`,
    );
  return result;
}

/** Orders a day one database of `cap` bytes carries for `years` (≥ 1.5): hot orders cost `hot`, older ones `cold`. */
export const ordersPerDay = (cap, years, hot, cold) => Math.floor(cap / (365 * (1.5 * hot + (years - 1.5) * cold)));

/** Years until a database reaches `cap` at `perDay` orders a day: 1.5 years hot, then `cold` an order. */
export const yearsToFill = (cap, perDay, hot, cold) => 1.5 + (cap / (perDay * 365) - 1.5 * hot) / cold;

/**
 * Every storage figure the README and docs/operating/capacity.md quote, from two histories at the same
 * rate (164 orders a day): 1.5 years (nothing old enough to archive: H, a hot order) and 6 years (three
 * quarters archived: R = (6 × C6 − 1.5 × H) / 4.5, an archived order), each compacted, the order index
 * included; the split's figures are the same without the index, which stays in the core.
 */
function figures(m, dir, template) {
  const hotRun = history(m, dir, template, 90_000, 1.5);
  const mixedRun = history(m, dir, template, 360_000, 6);
  const H = hotRun.bytesPerOrderVacuumed;
  const R = Math.round((6 * mixedRun.bytesPerOrderVacuumed - 1.5 * H) / 4.5);
  const index = mixedRun.indexBytesPerOrder;
  // An old order left hot (no archive): what archiving frees comes back on top of R.
  const keptHot = R + mixedRun.bytesFreedPerArchivedOrder;
  const unretained = mixedRun.bytesPerOrderBefore;
  const GB8 = 8e9;
  const GB10 = 10e9;
  const spans = [3, 5, 10];
  const row = (cap, hot, cold) => spans.map((t) => ordersPerDay(cap, t, hot, cold));
  const out = {
    hotBytesPerOrder: H,
    archivedBytesPerOrder: R,
    indexBytesPerOrder: index,
    keptHotBytesPerOrder: keptHot,
    unretainedBytesPerOrder: unretained,
    r2BytesPerArchivedOrder: mixedRun.r2BytesPerArchivedOrder,
    perDay: {
      at10GB: row(GB10, H, R),
      at8GB: row(GB8, H, R),
      // Its first 1.5 years are hot either way; after that each order stays hot, at what retention leaves.
      at8GBWithoutArchiving: row(GB8, H, keptHot),
      at8GBWithoutRetention: spans.map((t) => Math.floor(GB8 / (365 * t * unretained))),
      perShardAt8GB: row(GB8, H - index, R - index),
    },
    coreIndexOrdersAt8GB: Math.floor(GB8 / index),
    at5000aDay: {
      yearsTo8GB: yearsToFill(GB8, 5000, H, R),
      yearsTo10GB: yearsToFill(GB10, 5000, H, R),
      yearsTo8GBWithoutArchiving: yearsToFill(GB8, 5000, H, keptHot),
      yearsTo8GBWithoutRetention: GB8 / (5000 * 365 * unretained),
    },
    runs: [hotRun, mixedRun],
  };
  const n = (x) => x.toLocaleString('en-US');
  const y = (x) => x.toFixed(1);
  console.log(`
Figures (README "Capacity", docs/operating/capacity.md), compacted, the order index included:
  H, a hot order: ${n(H)} B; R, an archived order: ${n(R)} B (of which the order index: ${n(index)} B an order)
  an old order left hot: ${n(keptHot)} B; before retention: ${n(unretained)} B; R2 an archived order: ${n(out.r2BytesPerArchivedOrder)} B
  orders a day one database carries, for 3, 5, 10 years:
    at 10 GB:                    ${out.perDay.at10GB.map(n).join(', ')}
    at 8 GB (20 % reserve):      ${out.perDay.at8GB.map(n).join(', ')}
    8 GB without archiving:      ${out.perDay.at8GBWithoutArchiving.map(n).join(', ')}
    8 GB without retention:      ${out.perDay.at8GBWithoutRetention.map(n).join(', ')}
  on the split: ${n(out.perDay.perShardAt8GB[0])} a day for 3 years × the number of order shards (${n(H - index)} B hot, ${n(R - index)} B archived a shard order); the core's index: ${n(out.coreIndexOrdersAt8GB)} orders at 8 GB (${n(index)} B an order)
  at 5,000 orders a day: 8 GB after ${y(out.at5000aDay.yearsTo8GB)} years, 10 GB after ${y(out.at5000aDay.yearsTo10GB)}; without archiving 8 GB after ${y(out.at5000aDay.yearsTo8GBWithoutArchiving)}, without retention after ${y(out.at5000aDay.yearsTo8GBWithoutRetention)}`);
  // The README's write and CPU rows: the checkout measured at 1.5 million orders by the pages bench
  // (`-- --figures --pages` runs it first; otherwise its last result, with its date).
  const pagesFile = join(ROOT, 'bench/results/capacity-pages-latest.json');
  if (existsSync(pagesFile)) {
    const pages = JSON.parse(readFileSync(pagesFile, 'utf8'));
    const row = (prefix) => pages.rows.find((r) => r.name.startsWith(prefix));
    const calculate = row('checkout: POST /order/calculate');
    const submit = row('checkout: POST /order/submit');
    if (calculate && submit) {
      out.checkout = {
        measured: pages.date,
        submitRoundTrips: submit.roundTrips,
        ordersASecond: Math.floor(1000 / submit.roundTrips),
        cpuMs: Math.round(calculate.workerdCpuMs + submit.workerdCpuMs),
      };
      console.log(
        `  D1 writes: ~${out.checkout.ordersASecond} orders a second a database (${submit.roundTrips} round trips a submit, ~1,000 queries a second); Worker CPU a checkout: ~${out.checkout.cpuMs} ms (the pages bench of ${pages.date})`,
      );
    }
  } else console.log('  D1 writes and Worker CPU a checkout: run `npm run bench:capacity -- --figures --pages`');
  mkdirSync(join(ROOT, 'bench/results'), { recursive: true });
  writeFileSync(
    join(ROOT, 'bench/results/capacity-figures-latest.json'),
    JSON.stringify({ date: new Date().toISOString(), now: NOW, ...out }, null, 2),
  );
}

async function main() {
  const m = await projectModules();
  const dir = join(ROOT, '.cache/capacity');
  mkdirSync(dir, { recursive: true });
  const template = migratedTemplate(dir);
  if (process.argv.includes('--figures')) return figures(m, dir, template);
  const results = SIZES.map((n) => history(m, dir, template, n, YEARS));
  if (results.length > 1) {
    console.log('\nTrend (per order and per 100 000 orders of bench time):');
    console.log(
      '  orders     before  retained  archived  compacted  retained+compacted  freed/archived  R2/archived  s/100k',
    );
    for (const r of results)
      console.log(
        `  ${String(r.orders).padEnd(9)} ${String(r.bytesPerOrderBefore).padStart(7)} ${String(r.bytesPerOrderAfter).padStart(9)} ${String(r.bytesPerOrderArchived).padStart(9)} ${String(r.bytesPerOrderVacuumed).padStart(10)} ${String(r.bytesPerOrderRetainedCompacted).padStart(19)} ${String(r.bytesFreedPerArchivedOrder).padStart(15)} ${String(r.r2BytesPerArchivedOrder).padStart(12)} ${((r.totalMs / 1000 / r.orders) * 1e5).toFixed(1).padStart(7)}`,
      );
  }
  mkdirSync(join(ROOT, 'bench/results'), { recursive: true });
  writeFileSync(
    join(ROOT, 'bench/results/capacity-latest.json'),
    JSON.stringify({ date: new Date().toISOString(), now: NOW, years: YEARS, results }, null, 2),
  );
}

if (import.meta.url === `file://${process.argv[1]}` && process.argv.includes('--pages')) {
  const pages = spawnSync(process.execPath, [join(ROOT, 'bench/capacity-pages.mjs')], { stdio: 'inherit' });
  if (pages.status !== 0 || !process.argv.includes('--figures')) process.exit(pages.status ?? 1);
  await main();
} else if (import.meta.url === `file://${process.argv[1]}`) await main();
