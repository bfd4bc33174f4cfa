// Capacity (issue 48): what an order costs the one D1 database, and what retention gives back. Builds a
// database from api/migrations/ in a plain SQLite file (D1 is SQLite; D1 itself will not tell a page
// count), generates a realistic three-year history at growing sizes, measures every table's bytes with
// SQLite's dbstat, runs the retention rules of api/src/retention/windows.ts over it as the hourly cron
// would (same SQL), and measures again. Prints a table and writes bench/results/capacity-latest.json.
//
//   npm run bench:capacity                 # 20 000, 60 000 and 180 000 orders
//   CAPACITY_SIZES=500000 npm run bench:capacity
//
// The history's shares (what a Gulf supplement shop's orders look like; the seed has no orders to copy):
// Kuwait 40 % and Saudi Arabia 60 % of orders; 55 % paid by card or wallet-and-card, 35 % cash on
// delivery, 10 % wholly by the wallet; 1 to 4 lines (2.2 on average); 88 % delivered, 5 % cancelled, 2 %
// failed payments, the last five days' orders still on their way; 4 % of delivered orders refunded in part;
// 30 % by guests; 30 % with WhatsApp updates (three texts); a new browser (device row) for 80 % of orders
// and a search kept for half. Every order has its confirmation mail, delivered ones their shipped and
// delivered mails, each as the outbox stores it (text: the shop sends no HTML part). Blood-test bookings, consultations and
// subscriptions are not generated yet: the order is the unit the capacity is counted in.
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import esbuild from 'esbuild';

const ROOT = new URL('..', import.meta.url).pathname;
const DAY = 24 * 60 * 60 * 1000;
const NOW = Date.UTC(2026, 10, 25, 12);
const YEARS = 3;
const SIZES = (process.env.CAPACITY_SIZES ?? '20000,60000,180000').split(',').map(Number);

/** The retention rules, compiled from their TypeScript so the bench runs exactly the cron's SQL. */
async function retentionRules() {
  const alias = {
    name: 'project-imports',
    setup(build) {
      build.onResolve({ filter: /^#(shared|api)\// }, (args) => ({
        path: `${join(ROOT, args.path.replace(/^#shared\//, 'shared/').replace(/^#api\//, 'api/'))}.ts`,
      }));
    },
  };
  const out = await esbuild.build({
    entryPoints: [join(ROOT, 'api/src/retention/windows.ts')],
    bundle: true,
    format: 'esm',
    platform: 'node',
    write: false,
    logLevel: 'error',
    plugins: [alias],
  });
  const url = `data:text/javascript;base64,${Buffer.from(out.outputFiles[0].text).toString('base64')}`;
  const { RETENTION_RULES } = await import(url);
  return RETENTION_RULES;
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

/** The catalogue and the people the history needs (a product a line, shoppers, a staff member). */
function baseRows(db, shoppers) {
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
  const user = db.prepare(
    `INSERT INTO users (id, name, email, password_hash, lang, created_at) VALUES (?, ?, ?, 'pbkdf2-sha256$100000$c2FsdHNhbHRzYWx0c2FsdA$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaGhhc2g', ?, ?)`,
  );
  for (let i = 1; i <= shoppers; i++)
    user.run(i, `Shopper ${i}`, `shopper${i}@example.com`, i % 2 ? 'ar' : 'en', NOW - 3 * 365 * DAY);
}

/** The order-related history: `orders` orders over three years ending at NOW. */
function generate(db, orders) {
  const rnd = random(orders);
  const shoppers = Math.ceil(orders / 3);
  baseRows(db, shoppers);
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
  };
  const span = YEARS * 365 * DAY;
  db.exec('BEGIN');
  for (let id = 1; id <= orders; id++) {
    const at = NOW - span + Math.floor((span * id) / orders);
    const sa = rnd() < 0.6;
    const [country, currency] = sa ? ['SA', 'SAR'] : ['KW', 'KWD'];
    const guest = rnd() < 0.3;
    const user = guest ? null : 1 + Math.floor(rnd() * shoppers);
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
      const sku = 1 + Math.floor(rnd() * 200);
      if (items.some((it) => it.sku === sku)) continue;
      const count = 1 + Math.floor(rnd() * 2);
      const unit = (sa ? 25 : 2) * (2000 + sku * 25);
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
        it.sku,
        it.sku,
        `product-${it.sku}`,
        `Vitamin product ${it.sku} 1000 IU softgels`,
        `products/${it.sku}/a1b2c3.webp`,
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
    if (rnd() < 0.8) s.device.run(crypto.randomUUID(), crypto.randomUUID(), at - 600_000);
    if (guest) s.link.run(crypto.randomUUID(), id, at);
    if (status === 'delivered' && rnd() < 0.04)
      s.refund.run(id, Math.round(total / 2), currency, at + 5 * DAY, at + 5 * DAY);
    if (rnd() < 0.5) s.search.run(crypto.randomUUID(), user, 'vitamin d', at - 60_000);
  }
  db.exec('COMMIT');
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

function runRetention(db, rules, now) {
  let changed = 0;
  for (let round = 0; round < 10_000; round++) {
    let behind = false;
    for (const rule of rules) {
      const n = Number(db.prepare(rule.sql).run(now - rule.days * DAY, 5000).changes);
      changed += n;
      if (n >= 5000) behind = true;
    }
    if (!behind) break;
  }
  return changed;
}

const kb = (b) => (b / 1000).toFixed(1);

async function main() {
  const rules = await retentionRules();
  const dir = join(ROOT, '.cache/capacity');
  mkdirSync(dir, { recursive: true });
  const template = migratedTemplate(dir);
  const results = [];
  for (const n of SIZES) {
    const file = join(dir, `history-${n}.sqlite`);
    const db = freshDatabase(template, file);
    const empty = measure(db);
    const t0 = Date.now();
    generate(db, n);
    const generatedMs = Date.now() - t0;
    const before = measure(db);
    const t1 = Date.now();
    const changed = runRetention(db, rules, NOW);
    const retentionMs = Date.now() - t1;
    const after = measure(db);
    // What the file comes down to once its free space is given back (D1 reuses freed pages for new rows).
    db.exec('VACUUM');
    const vacuumed = measure(db);
    const perTableBefore = byTable(db, before.tables);
    const perTableAfter = byTable(db, vacuumed.tables);
    const perTableEmpty = byTable(db, empty.tables);
    const delta = (t, m) => (m[t] ?? 0) - (perTableEmpty[t] ?? 0);
    const top = Object.keys(perTableBefore)
      .map((t) => ({ table: t, before: delta(t, perTableBefore), after: delta(t, perTableAfter) }))
      .filter((r) => r.before > 0)
      .sort((a, b) => b.before - a.before)
      .slice(0, 14)
      .map((r) => ({ ...r, perOrderBefore: Math.round(r.before / n), perOrderAfter: Math.round(r.after / n) }));
    const result = {
      orders: n,
      generatedMs,
      retentionMs,
      rowsRetained: changed,
      liveBytesBefore: before.live - empty.live,
      liveBytesAfter: after.live - empty.live,
      vacuumedBytes: vacuumed.live - empty.live,
      bytesPerOrderVacuumed: Math.round((vacuumed.live - empty.live) / n),
      bytesPerOrderBefore: Math.round((before.live - empty.live) / n),
      bytesPerOrderAfter: Math.round((after.live - empty.live) / n),
      top,
    };
    results.push(result);
    db.close();
    rmSync(file, { force: true });
    console.log(
      `${n} orders: ${kb(result.liveBytesBefore / 1000)} MB → ${kb(result.liveBytesAfter / 1000)} MB after retention, ${kb(result.vacuumedBytes / 1000)} MB compacted; ` +
        `${result.bytesPerOrderBefore} → ${result.bytesPerOrderAfter} → ${result.bytesPerOrderVacuumed} bytes an order (generated in ${generatedMs} ms, retention ${retentionMs} ms, ${changed} rows)`,
    );
    for (const r of top)
      console.log(
        `   ${r.table.padEnd(24)} ${String(r.perOrderBefore).padStart(6)} → ${String(r.perOrderAfter).padStart(6)} B/order`,
      );
  }
  mkdirSync(join(ROOT, 'bench/results'), { recursive: true });
  writeFileSync(
    join(ROOT, 'bench/results/capacity-latest.json'),
    JSON.stringify({ date: new Date().toISOString(), now: NOW, results }, null, 2),
  );
}

await main();
