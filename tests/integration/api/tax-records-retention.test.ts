// Tax records without the shopper (issue 60, decision 64): a generated history of orders from 2018 to
// 2026, in Kuwait and Saudi Arabia, guests and accounts, in the core and in order shard 1, part of it
// moved to R2, is kept as of 1 January 2027 00:00 in the Gulf. Every sale of 2020 or earlier then has
// no personal string left in any table of either database nor in any file of either bucket; every sale
// from 2021 on (and a 2020 sale refunded in 2021, whose credit note is a 2021 record) is unchanged, row
// and file; an anonymised order's tax invoice and credit notes come out the same.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { expireColdOrders } from '#api/src/archive/expire';
import { archiveKeyring, type ColdOrderFile, openCold } from '#api/src/archive/file';
import { archiveColdOrders } from '#api/src/archive/move';
import { coldReaderFor } from '#api/src/archive/read';
import { registerShard } from '#api/src/db/shard-admin';
import { apiConfig } from '#api/src/lib/config';
import { orderView } from '#api/src/orders/view';
import { runRetentionEverywhere } from '#api/src/retention/run';
import { currencyOf } from '#shared/countries';
import { TIME_ZONES } from '#shared/countries/delivery';
import { countryCutoff, taxCutoff } from '#shared/data-rights/tax-period';
import { freshStart } from '../../support/fresh-start';
import { loadCatalogueFixture } from '../fixtures/catalogue';

const config = apiConfig(env);
const ring = archiveKeyring(config)!;
/** The archive run as of mid-2024: orders closed before the end of 2022 move to R2. */
const ARCHIVE_NOW = Date.UTC(2024, 5, 1);
/** 1 January 2027, 00:00 in Riyadh and Kuwait: the sales of 2020 leave their tax period. */
const NOW = Date.UTC(2026, 11, 31, 21, 0);

/** A seeded generator (mulberry32), so every run generates the same history. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Generated {
  id: number;
  shard: 0 | 1;
  country: 'KW' | 'SA' | 'AE';
  created_at: number;
  /** The strings that name its shopper: a tag in every text field, and her phone number. */
  needles: string[];
  /** Still inside its tax period on NOW (a sale of 2021 on, or refunded on or after 2021). */
  kept: boolean;
}

const dbOf = (o: Pick<Generated, 'shard'>) => (o.shard === 0 ? env.DB : env.ORDERS_1);
/** A statement and the database it runs in. */
type Statement = [D1Database, D1PreparedStatement];

let seq = 0;
/** One order and every row that can name its shopper, as SQL statements of its database. */
function orderStatements(
  rand: () => number,
  spec: {
    shard: 0 | 1;
    at: number;
    refundAt?: number;
    userId: number | null;
    sku: { id: number; product_id: number; slug: string };
    coupon: number;
    status?: 'delivered' | 'cancelled' | 'shipped';
    country?: 'AE';
  },
): { order: Generated; statements: Statement[] } {
  const n = ++seq;
  const id = (spec.shard === 0 ? 7_100_000 : 7_200_000) + n;
  const tag = `zq${n}q`;
  const phone = `+9655${String(n).padStart(7, '0')}`;
  const drawn = rand() < 0.5 ? 'KW' : 'SA';
  const country = spec.country ?? drawn;
  const currency = currencyOf(country);
  const guest = spec.userId === null;
  const later = spec.refundAt !== undefined;
  const status =
    spec.status ??
    (later ? 'delivered' : (['delivered', 'delivered', 'cancelled', 'shipped'] as const)[Math.floor(rand() * 4)]!);
  const card = later || rand() < 0.6;
  const subtotal = 1000 + Math.floor(rand() * 9000);
  const vat = country === 'SA' ? Math.round(subtotal * 0.15) : 0;
  const total = subtotal + vat;
  const db = dbOf(spec);
  const at = spec.at;
  const statements: D1PreparedStatement[] = [
    db
      .prepare(
        `INSERT INTO orders (id, user_id, guest_email, guest_phone, whatsapp_to, country, currency, lang, status, payment_method,
           card_method, address, subtotal, before_discount, discount, delivery, vat, total, vat_basis_points, carrier,
           tracking_number, tracking_url, delivered_at, cancelled_at, created_at, updated_at)
         VALUES (?1, ?2, ?3, ?4, ?4, ?5, ?6, 'ar', ?7, ?8, ?9, ?10, ?11, ?11, 0, 0, ?12, ?13, ?14, 'aramex', ?15, ?16, ?17, ?18, ?19, ?20)`,
      )
      .bind(
        id,
        spec.userId,
        guest ? `${tag}@example.com` : null,
        guest ? phone : null,
        country,
        currency,
        status,
        card ? 'card' : 'cod',
        card ? 'stc_pay' : null,
        JSON.stringify({ country, name: `Noura ${tag}`, line1: `Block 4, ${tag} street`, phone }),
        subtotal,
        vat,
        total,
        country === 'SA' ? 1500 : 0,
        `TRK-${tag}`,
        `https://track.example/${tag}`,
        status === 'delivered' ? at + 3 * 86_400_000 : null,
        status === 'cancelled' ? at + 86_400_000 : null,
        at,
        at + 3 * 86_400_000,
      ),
    db
      .prepare(
        `INSERT INTO order_items (order_id, sku_id, product_id, product_slug, name, sku_name, unit_price, count)
         VALUES (?, ?, ?, ?, 'Vitamin D', '60 caps', ?, 1)`,
      )
      .bind(id, spec.sku.id, spec.sku.product_id, spec.sku.slug, subtotal),
    db
      .prepare("INSERT INTO order_events (order_id, kind, note, at) VALUES (?, 'note', ?, ?)")
      .bind(id, `Called ${tag} about the gate`, at + 3_600_000),
  ];
  if (rand() < 0.5)
    statements.push(
      db
        .prepare(
          "INSERT INTO order_gifts (order_id, recipient, phone, message, message_lang, delivery_date, created_at) VALUES (?, ?, ?, ?, 'ar', NULL, ?)",
        )
        .bind(id, `Sara ${tag}`, phone, `Happy Eid from ${tag}`, at),
    );
  if (guest)
    statements.push(
      db
        .prepare('INSERT INTO order_links (token_hash, order_id, created_at) VALUES (?, ?, ?)')
        .bind(`link-${tag}`, id, at),
    );
  // A once-per-shopper coupon's key names a guest by her e-mail (the core's table, whatever the shard).
  const core: Statement[] = guest
    ? [
        [
          env.DB,
          env.DB.prepare('INSERT INTO coupon_redemptions (order_id, coupon_id, once_key) VALUES (?, ?, ?)').bind(
            id,
            spec.coupon,
            `${spec.coupon}:e${tag}@example.com`,
          ),
        ],
      ]
    : [];
  const pay = `pay_${id}`;
  if (card)
    statements.push(
      db
        .prepare(
          `INSERT INTO payments (id, provider, purpose, order_id, user_id, amount, currency, method, status, return_path, payer_phone, created_at, updated_at)
           VALUES (?, 'tap', 'order', ?, ?, ?, ?, 'stc_pay', 'succeeded', '/', ?, ?, ?)`,
        )
        .bind(pay, id, spec.userId, total, currency, phone, at, at),
    );
  const refundAt = spec.refundAt ?? (card && status === 'delivered' && rand() < 0.4 ? at + 5 * 86_400_000 : null);
  if (card && refundAt !== null)
    statements.push(
      db
        .prepare(
          `INSERT INTO refunds (order_id, amount, currency, method, reason, note, status, payment_id, created_at, updated_at)
           VALUES (?, ?, ?, 'gateway', 'damaged', ?, 'succeeded', ?, ?, ?)`,
        )
        .bind(id, Math.min(500, total), currency, `Box crushed, told ${tag}`, pay, refundAt, refundAt),
    );
  // Past its period before its country's new year of 2021 (Dubai's an hour before Riyadh's and Kuwait's).
  const cutoff = countryCutoff(taxCutoff(NOW), TIME_ZONES[country]);
  const kept = at >= cutoff || (card && refundAt !== null && refundAt >= cutoff);
  return {
    order: { id, shard: spec.shard, country, created_at: at, needles: [tag, phone], kept },
    statements: [...statements.map((x): Statement => [db, x]), ...core],
  };
}

/** The text columns of every table of `db` holding any of `needles` (as erasure-leaves-nothing scans). */
async function leftovers(db: D1Database, needles: string[]): Promise<string[]> {
  const { results: tables } = await db
    .prepare(
      `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'
       AND name NOT LIKE '\\_cf\\_%' ESCAPE '\\' AND sql NOT LIKE 'CREATE VIRTUAL%'
       AND name NOT LIKE 'product\\_search\\_%' ESCAPE '\\'`,
    )
    .all<{ name: string }>();
  const columnsOf = await db.batch(
    tables.map(({ name }) => db.prepare(`SELECT name, type FROM pragma_table_info('${name}')`)),
  );
  const scanned = tables
    .map(({ name }, i) => ({
      name,
      columns: (columnsOf[i]!.results as { name: string; type: string }[])
        .filter((c) => !/INT|REAL|BLOB/i.test(c.type))
        .map((c) => c.name),
    }))
    .filter((t) => t.columns.length);
  const found: string[] = [];
  // A few needles a statement keeps each one short.
  for (let i = 0; i < needles.length; i += 40) {
    const part = needles.slice(i, i + 40);
    const hits = await db.batch(
      scanned.map(({ name, columns }) =>
        db.prepare(
          `SELECT * FROM (SELECT ${columns.map((c) => `"${c}"`).join(', ')},
             concat_ws(char(1), ${columns.map((c) => `CAST("${c}" AS TEXT)`).join(', ')}) AS hay FROM "${name}")
           WHERE ${part.map((p) => `instr(hay, '${p}') > 0`).join(' OR ')} LIMIT 5`,
        ),
      ),
    );
    scanned.forEach(({ name, columns }, t) => {
      for (const row of hits[t]!.results as Record<string, unknown>[])
        for (const c of columns) {
          const v = String(row[c] ?? '');
          if (part.some((p) => v.includes(p))) found.push(`${name}.${c}: ${v.slice(0, 160)}`);
        }
    });
  }
  return found;
}

interface Pointer {
  id: number;
  archive_key: string;
  archive_wrapped_key: string;
  archive_iv: string;
  archive_key_version: number;
}

/** Every file in ARCHIVE and its copy in BACKUPS, opened with the seal of the row that names it. */
async function openedFiles(): Promise<{ key: string; file: ColdOrderFile | null; text: string }[]> {
  const pointers = new Map<string, Pointer>();
  for (const db of [env.DB, env.ORDERS_1]) {
    const { results } = await db
      .prepare(
        'SELECT id, archive_key, archive_wrapped_key, archive_iv, archive_key_version FROM orders WHERE archived_at IS NOT NULL',
      )
      .all<Pointer>();
    for (const p of results) pointers.set(p.archive_key, p);
  }
  const out: { key: string; file: ColdOrderFile | null; text: string }[] = [];
  for (const [bucket, prefix] of [
    [env.ARCHIVE, 'orders/'],
    [env.BACKUPS, 'archive/'],
  ] as const) {
    const listed = await bucket.list({ prefix, limit: 1000 });
    expect(listed.truncated).toBe(false);
    for (const object of listed.objects) {
      const key = bucket === env.BACKUPS ? object.key.slice('archive/'.length) : object.key;
      const p = pointers.get(key);
      // A file no row names is one the jobs should have deleted: its bytes are what is checked then.
      const bytes = new Uint8Array(await (await bucket.get(object.key))!.arrayBuffer());
      if (!p) {
        out.push({ key: object.key, file: null, text: '(a file no order names)' });
        continue;
      }
      const file = await openCold(
        ring,
        key,
        { wrapped_key: p.archive_wrapped_key, iv: p.archive_iv, key_version: p.archive_key_version },
        bytes,
      );
      out.push({ key: object.key, file, text: JSON.stringify(file) });
    }
  }
  return out;
}

/** What an order is now: its row, its rows in each table, and its file's content when cold. */
async function stateOf(o: Generated, files: Awaited<ReturnType<typeof openedFiles>>) {
  const db = dbOf(o);
  const rows = await db.batch(
    [
      'SELECT * FROM orders WHERE id = ?',
      'SELECT * FROM order_items WHERE order_id = ?',
      'SELECT * FROM order_events WHERE order_id = ? ORDER BY id',
      'SELECT * FROM order_gifts WHERE order_id = ?',
      'SELECT * FROM order_links WHERE order_id = ?',
      'SELECT * FROM payments WHERE order_id = ?',
      'SELECT * FROM refunds WHERE order_id = ?',
    ].map((sql) => db.prepare(sql).bind(o.id)),
  );
  const coupon = await env.DB.prepare('SELECT * FROM coupon_redemptions WHERE order_id = ?').bind(o.id).first();
  const order = rows[0]!.results[0] as { archive_key: string | null };
  return {
    rows: rows.map((r) => r.results),
    coupon,
    files: files.filter((f) => order.archive_key && f.key.endsWith(order.archive_key)).map((f) => f.file),
  };
}

/** What the tax invoice and the credit notes of an order say, with its lines and totals. */
async function taxRecordOf(o: Generated) {
  const view = await orderView(dbOf(o), o.id, 'en', undefined, coldReaderFor(env, config), env.DB);
  return {
    tax_invoice: view!.tax_invoice,
    totals: view!.totals,
    items: view!.items,
    refunds: view!.refunds,
    promotions: view!.promotions,
  };
}

describe('tax records after their period', () => {
  const history: Generated[] = [];
  let sku: { id: number; product_id: number; slug: string };
  let coupon: number;

  beforeAll(async () => {
    await freshStart(env.ORDERS_1, env.TEST_SHARD_MIGRATIONS);
    await loadCatalogueFixture(env.DB);
    await registerShard(env, 1, 'ORDERS_1');
    sku = (await env.DB.prepare(
      'SELECT s.id, s.product_id, p.slug FROM skus s JOIN products p ON p.id = s.product_id ORDER BY s.id LIMIT 1',
    ).first<{ id: number; product_id: number; slug: string }>())!;
    coupon = (await env.DB.prepare(
      "INSERT INTO coupons (code, kind, value, once_per_shopper) VALUES ('ONCE-TAX', 'percent', 1000, 1) RETURNING id",
    ).first<{ id: number }>())!.id;
    const { results: users } = await env.DB.prepare(
      `INSERT INTO users (name, email, password_hash, lang, created_at)
       SELECT 'Account ' || value, 'account-' || value || '@example.com', '', 'ar', 0 FROM json_each('[1,2,3,4]') RETURNING id`,
    ).all<{ id: number }>();

    const rand = random(60_3);
    const statements: Statement[] = [];
    const add = (spec: Omit<Parameters<typeof orderStatements>[1], 'sku' | 'coupon'>) => {
      const { order, statements: s } = orderStatements(rand, { ...spec, sku, coupon });
      history.push(order);
      statements.push(...s);
      return order;
    };
    for (let year = 2018; year <= 2026; year++)
      for (let i = 0; i < 9; i++) {
        // Inside the Gulf year, away from its edges (the pair below tests the edge).
        const at = Date.UTC(year, Math.floor(rand() * 11), 1 + Math.floor(rand() * 27), Math.floor(rand() * 24));
        const signedIn = rand() < 0.5;
        add({ shard: i % 3 === 2 ? 1 : 0, at, userId: signedIn ? users[i % users.length]!.id : null });
      }
    // A 2020 card sale refunded in 2021: its credit note is a 2021 tax record, so the order stays whole.
    const refundedLater = add({
      shard: 0,
      at: Date.UTC(2020, 5, 10),
      refundAt: Date.UTC(2021, 2, 1),
      userId: null,
    });
    // The Gulf new year: 23:59 on 31 December 2020 in Riyadh is a 2020 sale, 00:00 the next minute 2021's.
    const lastOf2020 = add({ shard: 0, at: Date.UTC(2020, 11, 31, 20, 59), userId: null });
    const firstOf2021 = add({ shard: 1, at: Date.UTC(2020, 11, 31, 21, 0), userId: null });
    // Dubai's new year (issue 77): 23:59 on 31 December 2020 there is a 2020 sale, 00:30 a 2021 sale
    // (still 23:30 of 2020 in Riyadh, where it would have gone).
    const lastOf2020Dubai = add({ shard: 0, at: Date.UTC(2020, 11, 31, 19, 59), userId: null, country: 'AE' });
    const firstOf2021Dubai = add({ shard: 1, at: Date.UTC(2020, 11, 31, 20, 30), userId: null, country: 'AE' });
    // Inserted by SQL, each database's statements in batches of its own.
    for (const db of [env.DB, env.ORDERS_1]) {
      const mine = statements.filter(([d]) => d === db).map(([, x]) => x);
      for (let i = 0; i < mine.length; i += 100) await db.batch(mine.slice(i, i + 100));
    }
    expect(refundedLater.kept).toBe(true);
    expect(lastOf2020.kept).toBe(false);
    expect(firstOf2021.kept).toBe(true);
    expect(lastOf2020Dubai.kept).toBe(false);
    expect(firstOf2021Dubai.kept).toBe(true);
    expect(
      await env.DB.prepare('SELECT count(*) AS n FROM refunds WHERE order_id = ?').bind(refundedLater.id).first('n'),
    ).toBe(1);

    // Part of the history moves to R2 as of mid-2024 (orders closed before the end of 2022).
    for (let runs = 0; runs < 20; runs++) {
      const outcome = await archiveColdOrders(env, ring, { now: ARCHIVE_NOW, limit: 25 });
      expect(outcome.failed).toEqual([]);
      if (!outcome.behind) break;
    }
  }, 60_000);

  it('leaves no personal string of a sale of 2020 or earlier, keeps every later one and every tax figure', async () => {
    const old = history.filter((o) => !o.kept);
    const kept = history.filter((o) => o.kept);
    expect(old.length).toBeGreaterThan(20);
    expect(kept.length).toBeGreaterThan(40);
    const cold = async () =>
      (
        await Promise.all(
          [env.DB, env.ORDERS_1].map((db) =>
            db
              .prepare('SELECT id FROM orders WHERE archived_at IS NOT NULL AND id > 7000000')
              .all<{ id: number }>()
              .then((r) => r.results.map((x) => x.id)),
          ),
        )
      ).flat();
    const coldBefore = new Set(await cold());
    // The history has old orders hot and cold, in both databases.
    expect(old.filter((o) => coldBefore.has(o.id)).length).toBeGreaterThan(5);
    expect(old.filter((o) => !coldBefore.has(o.id)).length).toBeGreaterThan(1);
    expect(old.filter((o) => o.shard === 1 && coldBefore.has(o.id)).length).toBeGreaterThan(0);

    const oldNeedles = old.flatMap((o) => o.needles);
    const filesBefore = await openedFiles();
    // Before: the old sales name their shoppers everywhere (a test that finds nothing proves nothing).
    expect((await leftovers(env.DB, oldNeedles)).length).toBeGreaterThan(20);
    expect((await leftovers(env.ORDERS_1, oldNeedles)).length).toBeGreaterThan(5);
    expect(filesBefore.filter((f) => oldNeedles.some((n) => f.text.includes(n))).length).toBeGreaterThan(5);
    const keptBefore = await Promise.all(kept.map((o) => stateOf(o, filesBefore)));
    const invoicesBefore = await Promise.all(old.map(taxRecordOf));

    // The hourly run as of 1 January 2027 in the Gulf, in small batches until nothing is behind; the
    // cold orders' job beside the archive run, a few orders a run.
    for (let runs = 0; ; runs++) {
      expect(runs).toBeLessThan(50);
      const outcome = await runRetentionEverywhere(env, NOW, { limit: 12, rounds: 2 });
      if (!outcome.behind.length) break;
    }
    for (let runs = 0; ; runs++) {
      expect(runs).toBeLessThan(50);
      const outcome = await expireColdOrders(env, ring, { now: NOW, limit: 8 });
      expect(outcome.failed).toEqual([]);
      if (!outcome.behind) break;
    }
    // Another run finds nothing left to do.
    const again = await runRetentionEverywhere(env, NOW);
    expect(Object.keys(again.changed).filter((r) => r.includes('tax period'))).toEqual([]);
    expect((await expireColdOrders(env, ring, { now: NOW })).anonymised).toEqual([]);

    // Nothing of the old sales' shoppers in either database, nor in any file of either bucket.
    expect(await leftovers(env.DB, oldNeedles)).toEqual([]);
    expect(await leftovers(env.ORDERS_1, oldNeedles)).toEqual([]);
    const filesAfter = await openedFiles();
    expect(filesAfter.filter((f) => f.file === null).map((f) => f.key)).toEqual([]);
    expect(filesAfter.filter((f) => oldNeedles.some((n) => f.text.includes(n))).map((f) => f.key)).toEqual([]);
    // Cold orders stay cold (their rows moved nowhere), each file once in each bucket.
    expect(new Set(await cold())).toEqual(coldBefore);
    expect(filesAfter.length).toBe(filesBefore.length);

    // Each old order is marked, its address keeps the country, and its tax record reads the same.
    for (const o of old) {
      const row = await dbOf(o)
        .prepare('SELECT anonymised_at, address, guest_email, tracking_number FROM orders WHERE id = ?')
        .bind(o.id)
        .first();
      expect(row).toEqual({
        anonymised_at: NOW,
        address: JSON.stringify({ country: o.country }),
        guest_email: null,
        tracking_number: null,
      });
    }
    expect(await Promise.all(old.map(taxRecordOf))).toEqual(invoicesBefore);
    expect(invoicesBefore.filter((r) => r.tax_invoice).length).toBeGreaterThan(4);
    expect(invoicesBefore.filter((r) => r.refunds.some((f) => f.credit_note)).length).toBeGreaterThan(0);

    // The sales still in their tax period: every row and file as it was, their shoppers still named.
    expect(await Promise.all(kept.map((o) => stateOf(o, filesAfter)))).toEqual(keptBefore);
    const keptNeedles = kept.flatMap((o) => o.needles);
    expect((await leftovers(env.DB, keptNeedles)).length).toBeGreaterThan(20);
  }, 120_000);

  it('deletes the old file on the next run when a run was killed between the swap and the delete', async () => {
    const rand = random(64);
    const { order, statements } = orderStatements(rand, {
      shard: 0,
      at: Date.UTC(2019, 3, 2),
      userId: null,
      sku,
      coupon,
      status: 'delivered',
    });
    await env.DB.batch(statements.map(([, s]) => s));
    await archiveColdOrders(env, ring, { now: ARCHIVE_NOW, limit: 50 });
    const before = await env.DB.prepare('SELECT archive_key FROM orders WHERE id = ? AND archived_at IS NOT NULL')
      .bind(order.id)
      .first<{ archive_key: string }>();
    expect(before).not.toBeNull();
    const old = before!.archive_key;

    await expect(expireColdOrders(env, ring, { now: NOW, dieAfterSwaps: 1 })).rejects.toThrow(/killed/);
    const row = await env.DB.prepare('SELECT archive_key, archive_replaced_key, anonymised_at FROM orders WHERE id = ?')
      .bind(order.id)
      .first<{ archive_key: string; archive_replaced_key: string | null; anonymised_at: number | null }>();
    expect(row).toMatchObject({ archive_replaced_key: old, anonymised_at: NOW });
    expect(row!.archive_key).not.toBe(old);
    expect(await env.ARCHIVE.head(old)).not.toBeNull();

    // The next run's sweep deletes it from both buckets and the row forgets its name.
    await expireColdOrders(env, ring, { now: NOW });
    expect(await env.ARCHIVE.head(old)).toBeNull();
    expect(await env.BACKUPS.head(`archive/${old}`)).toBeNull();
    expect(
      await env.DB.prepare('SELECT archive_replaced_key FROM orders WHERE id = ?')
        .bind(order.id)
        .first('archive_replaced_key'),
    ).toBeNull();
    const files = await openedFiles();
    expect(files.filter((f) => f.file === null).map((f) => f.key)).toEqual([]);
    expect(files.filter((f) => order.needles.some((n) => f.text.includes(n))).map((f) => f.key)).toEqual([]);
  }, 60_000);
});
