// The jobs that walk every order shard (issue 48, decisions 61 and 62): a shopper moved to shard 1
// (ORDERS_1) is erased, exported, archived, kept and backed up exactly as her twin in shard 0 (the core,
// DB): the same answer, read from and written to ORDERS_1, and nothing of hers left in or written to DB.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { backupKeyring } from '#shared/backup/seal';
import { restoreStatements } from '#shared/backup/restore-sql';
import { eraseAccount } from '#api/src/data-rights/erase-account';
import { runWave } from '#api/src/alerts/consumer';
import { bringBack } from '#api/src/archive/bring-back';
import { archiveKeyring } from '#api/src/archive/file';
import { archiveColdOrders } from '#api/src/archive/move';
import { coldReaderFor } from '#api/src/archive/read';
import { ARCHIVE_AFTER_MS } from '#api/src/archive/tables';
import { nightlyBinding, runNightlyBackup } from '#api/src/backup/nightly';
import { archiveEntries } from '#api/src/data-rights/archive';
import { userOwner } from '#api/src/db/databases';
import { moveShopper } from '#api/src/db/move-shopper';
import { registerShard } from '#api/src/db/shard-admin';
import { apiConfig } from '#api/src/lib/config';
import { pointsMove } from '#api/src/loyalty/ledger';
import { orderView } from '#api/src/orders/view';
import { runRetentionEverywhere } from '#api/src/retention/run';
import { ORDER_SHARD_TABLES, RETENTION_RULES, SHARD_RETENTION_RULES } from '#api/src/retention/windows';
import { emptyDatabase, freshStart } from '../../support/fresh-start';
import { loadCatalogueFixture } from '../fixtures/catalogue';
import { call, deviceToken, json, shopperHeaders } from './helpers';
import { DAY, deliver, newShopper, placeCod, type Shopper } from './loyalty-helpers';
import { staffCall, staffWith, type TestStaff } from './staff-helpers';

const config = apiConfig(env);
let device: string;
let owner: TestStaff;

beforeAll(async () => {
  await freshStart(env.ORDERS_1, env.TEST_SHARD_MIGRATIONS);
  await loadCatalogueFixture(env.DB);
  await env.DB.prepare('UPDATE skus SET stock = 100000 WHERE id = 101').run();
  device = await deviceToken();
  owner = await staffWith([{ role: 'owner', country: null }]);
  await registerShard(env, 1, 'ORDERS_1');
});

const hex = (n: number) =>
  [...crypto.getRandomValues(new Uint8Array(n))].map((b) => b.toString(16).padStart(2, '0')).join('');

interface Twin extends Shopper {
  open: number;
  delivered: number;
}

/** A shopper with an open order (its stock held), a delivered one, a WhatsApp number, a wallet topped up
 * and points; moved to shard 1 when `shard` is 1. */
async function twin(tag: string, shard: 0 | 1): Promise<Twin> {
  const shopper = await newShopper(device, `${tag}-${shard}`);
  const now = Date.now();
  const pay = `pay_${hex(12)}`;
  await env.DB.batch([
    env.DB.prepare(
      `INSERT INTO payments (id, provider, purpose, user_id, amount, currency, method, status, return_path, payer_phone, created_at, updated_at)
       VALUES (?, 'sandbox', 'wallet', ?, 500000, 'KWD', 'knet', 'succeeded', '/profile/wallet', '+96550000002', ?, ?)`,
    ).bind(pay, shopper.id, now, now),
    env.DB.prepare(
      "INSERT INTO wallet_accounts (user_id, currency, balance) VALUES (?, 'KWD', 500000) ON CONFLICT DO UPDATE SET balance = 500000",
    ).bind(shopper.id),
    env.DB.prepare(
      "INSERT INTO wallet_ledger (user_id, currency, amount, kind, payment_id, note, created_at) VALUES (?, 'KWD', 500000, 'top_up', ?, 'staff note', ?)",
    ).bind(shopper.id, pay, now),
    ...pointsMove(env.DB, {
      userId: shopper.id,
      country: 'KW',
      amount: 120,
      kind: 'earn_birthday',
      eventKey: `birthday:${shopper.id}:2026`,
      expiresAt: now + 1e10,
      now,
    }),
  ]);
  const open = await placeCod(device, shopper, { sku: 101, count: 2 });
  // An open order paid from her wallet: erasure gives its wallet part back, in her shard.
  const paid = await call('/order/submit', {
    body: JSON.stringify({
      items: [{ sku_id: 101, count: 1 }],
      payment_method: 'wallet',
      address_id: shopper.addresses.KW,
      idempotency_key: crypto.randomUUID(),
    }),
    token: device,
    headers: shopperHeaders(shopper.token),
  });
  expect(paid.status).toBe(200);
  const delivered = await placeCod(device, shopper, { sku: 101, count: 1 });
  expect((await deliver(owner, delivered.id)).status).toBe(200);
  await env.DB.prepare("UPDATE orders SET whatsapp_to = '+96550000001' WHERE user_id = ?").bind(shopper.id).run();
  if (shard === 1)
    expect(await moveShopper(env, userOwner(shopper.id), 1, { lockGraceMs: 0 })).toMatchObject({ state: 'done' });
  return { ...shopper, open: open.id, delivered: delivered.id };
}

/** Her order domain in one database, without ids and times (the twins' differ). */
async function orderDomainOf(db: D1Database, userId: number) {
  const hers = 'SELECT id FROM orders WHERE user_id = ?1';
  const q = (sql: string) => db.prepare(sql).bind(userId);
  const r = await db.batch([
    q(
      `SELECT status, subtotal, address, whatsapp_to, guest_email, wallet_used, holds_stock, cancelled_at IS NOT NULL AS cancelled
       FROM orders WHERE user_id = ?1 ORDER BY status, subtotal`,
    ),
    q(`SELECT kind, note FROM order_events WHERE order_id IN (${hers}) ORDER BY kind, note`),
    q(`SELECT count(*) AS n FROM order_items WHERE order_id IN (${hers})`),
    q('SELECT currency, balance FROM wallet_accounts WHERE user_id = ?1'),
    q('SELECT kind, amount, note FROM wallet_ledger WHERE user_id = ?1 ORDER BY kind, amount'),
    q(
      "SELECT purpose, payer_phone FROM payments WHERE user_id = ?1 AND purpose IN ('order', 'wallet') ORDER BY purpose",
    ),
    q('SELECT country, balance FROM points_accounts WHERE user_id = ?1'),
    q('SELECT kind, amount FROM points_ledger WHERE user_id = ?1 ORDER BY kind, amount'),
    db.prepare('SELECT count(*) AS n FROM idempotency_keys WHERE owner = ?').bind(`u:${userId}`),
  ]);
  const names = ['orders', 'events', 'items', 'wallet', 'wallet_ledger', 'payments', 'points', 'points_ledger', 'keys'];
  return Object.fromEntries(names.map((n, i) => [n, r[i]!.results]));
}

const NOTHING = {
  orders: [],
  events: [],
  items: [{ n: 0 }],
  wallet: [],
  wallet_ledger: [],
  payments: [],
  points: [],
  points_ledger: [],
  keys: [{ n: 0 }],
};

const stock = async () =>
  (await env.DB.prepare('SELECT stock FROM skus WHERE id = 101').first<{ stock: number }>())!.stock;
const erasedSums = async () =>
  Object.fromEntries(
    (
      await env.DB.prepare('SELECT kind, sum(points) AS points FROM points_erased_sums GROUP BY kind').all<{
        kind: string;
        points: number;
      }>()
    ).results.map((r) => [r.kind, r.points]),
  );
const owedOf = async (userId: number) =>
  (
    await env.DB.prepare(
      "SELECT country, after_json, reason FROM audit_log WHERE action = 'wallet.owed_on_erasure' AND resource_id = ?",
    )
      .bind(String(userId))
      .all()
  ).results;
const auditOf = async (userId: number, orderIds: number[]) =>
  (
    await env.DB.prepare(
      `SELECT action, resource, country, after_json FROM audit_log WHERE (resource = 'order' AND resource_id IN (SELECT value FROM json_each(?)))
       ORDER BY action`,
    )
      .bind(JSON.stringify(orderIds.map(String)))
      .all()
  ).results.map((r) => ({ ...r, userId }));

/** What one erasure changed in the core's shared figures: the stock given back and the points folded. */
async function erase(who: Twin) {
  const [stockBefore, sumsBefore] = [await stock(), await erasedSums()];
  await eraseAccount(env, who.id);
  const sumsAfter = await erasedSums();
  return {
    stock: (await stock()) - stockBefore,
    sums: Object.fromEntries(Object.keys(sumsAfter).map((k) => [k, sumsAfter[k]! - (sumsBefore[k] ?? 0)])),
  };
}

describe('erasure in every shard', () => {
  let here: Twin;
  let there: Twin;
  // Two shoppers with a history each, one moved: a dozen requests, given room on a busy machine.
  beforeAll(async () => {
    [here, there] = await Promise.all([twin('erase', 0), twin('erase', 1)]);
  }, 30_000);

  it('erases a shopper in shard 1 as one in shard 0: her orders cancelled and emptied, wallet and points in her shard', async () => {
    expect(await orderDomainOf(env.DB, there.id)).toEqual(NOTHING);

    const a = await erase(here);
    const b = await erase(there);
    expect(a.stock).toBe(3);
    expect(b).toEqual(a);

    const expected = await orderDomainOf(env.DB, here.id);
    expect(expected.orders).toEqual([
      expect.objectContaining({ status: 'cancelled', address: '{"country":"KW"}', whatsapp_to: null, cancelled: 1 }),
      expect.objectContaining({ status: 'cancelled', wallet_used: 0, holds_stock: 0, cancelled: 1 }),
      expect.objectContaining({ status: 'delivered', address: '{"country":"KW"}', whatsapp_to: null }),
    ]);
    expect(expected.points_ledger).toEqual([]);
    // The wallet order's part came back: her balance is whole again, owed to her.
    expect(expected.wallet).toEqual([{ currency: 'KWD', balance: 500000 }]);
    expect(expected.wallet_ledger).toContainEqual({ kind: 'refund', amount: expect.any(Number), note: null });
    expect(await orderDomainOf(env.ORDERS_1, there.id)).toEqual(expected);
    // Nothing of hers written to the core's copy of the order tables.
    expect(await orderDomainOf(env.DB, there.id)).toEqual(NOTHING);
    // The core's side: the account erased, what she is owed and the cancel in the audit log.
    const user = await env.DB.prepare('SELECT deleted_at, email FROM users WHERE id = ?')
      .bind(there.id)
      .first<{ deleted_at: number | null; email: string }>();
    expect(user?.deleted_at).not.toBeNull();
    expect(await owedOf(there.id)).toEqual(await owedOf(here.id));
    expect((await owedOf(there.id)).length).toBe(1);
    expect((await auditOf(there.id, [there.open])).map(({ userId: _u, ...r }) => r)).toEqual(
      (await auditOf(here.id, [here.open])).map(({ userId: _u, ...r }) => r),
    );
    // The shard's guard on the points ledger is back: the erasure's marker lived only in its batch.
    expect(await env.ORDERS_1.prepare('SELECT count(*) AS n FROM shard_departures').first()).toEqual({ n: 0 });
  });
});

/** One pair for the jobs that leave her in place (export, the back office's list, cold orders, backups). */
let here: Twin;
let there: Twin;

describe('"download my data" in every shard', () => {
  beforeAll(async () => {
    [here, there] = await Promise.all([twin('jobs', 0), twin('jobs', 1)]);
  }, 30_000);

  it("holds a shard-1 shopper's orders, wallet and points as a shard-0 shopper's", async () => {
    const contents = async (who: Twin) => {
      const entries = await archiveEntries(env, coldReaderFor(env, config), null, who.id, 'en', Date.now());
      const file = (name: string) => JSON.parse(String(entries.find((e) => e.name === name)!.data));
      const orders = file('orders.json') as Array<{ status: string; items: { sku_id: number; count: number }[] }>;
      const wallet = file('wallet.json') as {
        accounts: unknown[];
        history: { kind: string; amount: { minor: number } }[];
      };
      const points = file('points.json') as {
        accounts: { country: string; balance: number }[];
        history: { kind: string; amount: number }[];
      };
      return {
        orders: orders.map((o) => ({ status: o.status, items: o.items.map((i) => [i.sku_id, i.count]) })),
        wallet: { accounts: wallet.accounts, history: wallet.history.map((l) => [l.kind, l.amount.minor]) },
        points: {
          accounts: points.accounts.map((p) => [p.country, p.balance]),
          history: points.history.map((l) => [l.kind, l.amount]),
        },
      };
    };
    const expected = await contents(here);
    expect(expected.orders).toHaveLength(3);
    expect(expected.points.history).toContainEqual(['earn_birthday', 120]);
    expect(await contents(there)).toEqual(expected);
  });
});

describe("the back office's data requests in every shard", () => {
  it('scopes a country-limited grant by her orders in shard 1', async () => {
    const now = Date.now();
    // Her address gone: only her orders (in ORDERS_1) say which country's grant reaches her.
    await env.DB.batch([
      env.DB.prepare('UPDATE addresses SET deleted_at = ? WHERE user_id = ?').bind(now, there.id),
      env.DB.prepare(
        "INSERT INTO data_requests (user_id, kind, status, source, lang, created_at) VALUES (?, 'export', 'requested', 'shopper', 'en', ?)",
      ).bind(there.id, now),
    ]);
    const kw = await staffWith([{ role: 'support', country: 'KW' }]);
    const sa = await staffWith([{ role: 'support', country: 'SA' }]);
    const listed = async (member: TestStaff) =>
      ((await json(await staffCall(member.token, '/staff/data-requests'))).data.requests as { user_id: number }[]).map(
        (r) => r.user_id,
      );
    expect(await listed(kw)).toContain(there.id);
    expect(await listed(sa)).not.toContain(there.id);
    expect((await staffCall(sa.token, `/staff/customers/${there.id}/data-export`, { json: {} })).status).toBe(403);
  });
});

describe('cold orders in every shard', () => {
  it("archives, reads and brings back a shard-1 shopper's closed order in her shard", async () => {
    const ring = archiveKeyring(config)!;
    const cold = () => coldReaderFor(env, config);
    const viewThere = () => orderView(env.ORDERS_1, there.delivered, 'en', there.id, cold(), env.DB);
    const before = await viewThere();
    expect(before?.items).toHaveLength(1);
    const sold = async () =>
      (await env.DB.prepare('SELECT orders FROM archived_sales WHERE sku_id = 101').first<{ orders: number }>())
        ?.orders ?? 0;
    const soldBefore = await sold();

    const run = await archiveColdOrders(env, ring, { now: Date.now() + ARCHIVE_AFTER_MS + DAY, limit: 1000 });
    expect(run.moved).toEqual(expect.arrayContaining([here.delivered, there.delivered]));
    expect(run.moved).not.toContain(there.open);
    const row = await env.ORDERS_1.prepare(
      'SELECT archived_at, (SELECT count(*) FROM order_items WHERE order_id = ?1) AS lines FROM orders WHERE id = ?1',
    )
      .bind(there.delivered)
      .first<{ archived_at: number | null; lines: number }>();
    expect(row?.archived_at).not.toBeNull();
    expect(row?.lines).toBe(0);
    expect(await env.DB.prepare('SELECT 1 FROM orders WHERE id = ?').bind(there.delivered).first()).toBeNull();
    // The catalogue's count of archived sales (the core's) counts both twins' orders.
    expect((await sold()) - soldBefore).toBeGreaterThanOrEqual(2);
    expect(await viewThere()).toEqual(before);

    const afterRun = await sold();
    expect(await bringBack(env, ring, [there.delivered], Date.now(), env.ORDERS_1)).toBe(1);
    const back = await env.ORDERS_1.prepare(
      'SELECT archived_at, archive_key, (SELECT count(*) FROM order_items WHERE order_id = ?1) AS lines FROM orders WHERE id = ?1',
    )
      .bind(there.delivered)
      .first<{ archived_at: number | null; archive_key: string | null; lines: number }>();
    expect(back).toEqual({ archived_at: null, archive_key: null, lines: 1 });
    expect(await sold()).toBe(afterRun - 1);
    expect(await viewThere()).toEqual(before);
  });
});

describe('retention in every shard', () => {
  it('runs the rules of order-domain tables in shard 1 too', async () => {
    const now = Date.now();
    const old = now - 40 * DAY;
    await env.ORDERS_1.batch([
      env.ORDERS_1.prepare(
        "INSERT INTO idempotency_keys (owner, key, body_hash, order_id, created_at) VALUES ('u:1', 'old', 'h', 1, ?), ('u:1', 'new', 'h', 2, ?)",
      ).bind(old, now),
      env.ORDERS_1.prepare(
        "INSERT INTO points_expiry_notices (user_id, country, expires_on, points, sent_at) VALUES (1, 'KW', '2020-01-01', 5, 0), (1, 'KW', '2999-01-01', 5, 0)",
      ),
    ]);
    const outcome = await runRetentionEverywhere(env, now);
    expect(outcome.changed).toMatchObject({ 'shard 1: idempotency_keys': 1, 'shard 1: points_expiry_notices': 1 });
    expect((await env.ORDERS_1.prepare("SELECT key FROM idempotency_keys WHERE owner = 'u:1'").all()).results).toEqual([
      { key: 'new' },
    ]);
    expect((await env.ORDERS_1.prepare('SELECT expires_on FROM points_expiry_notices').all()).results).toEqual([
      { expires_on: '2999-01-01' },
    ]);
    // Every rule on a table of the shard schema runs there; the list names the schema's tables.
    const tables = (
      await env.ORDERS_1.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all<{ name: string }>()
    ).results.map((t) => t.name);
    for (const t of ORDER_SHARD_TABLES) expect(tables).toContain(t);
    expect(SHARD_RETENTION_RULES).toEqual(RETENTION_RULES.filter((r) => tables.includes(r.table)));
  });
});

describe('backups of every shard', () => {
  it("writes shard 1's own nightly file beside the core's, and it restores her rows", async () => {
    const now = Date.now();
    const outcome = await runNightlyBackup(env, config, { now, force: true });
    expect(outcome.key).toMatch(/^nightly\/\d{4}-\d{2}-\d{2}\/shop-test-\d{4}-/);
    expect(nightlyBinding(outcome.key!)).toBe('DB');
    const shard = outcome.shards.find((s) => s.binding === 'ORDERS_1')!;
    expect(shard.key).toMatch(/^nightly\/\d{4}-\d{2}-\d{2}\/shop-test-ORDERS_1-\d{4}-/);
    expect(nightlyBinding(shard.key!)).toBe('ORDERS_1');
    expect(shard.backup?.counts.orders).toBeGreaterThanOrEqual(2);
    // Made once a date for each database.
    const again = await runNightlyBackup(env, config, { now });
    expect([again.key, again.shards.map((s) => s.key)]).toEqual([null, [null]]);

    const object = await env.BACKUPS.get(shard.key!);
    const text = await new Response(object!.body.pipeThrough(new DecompressionStream('gzip'))).text();
    const statements: string[] = [];
    await restoreStatements(
      (async function* () {
        yield* text.split('\n');
      })(),
      backupKeyring(config.BACKUP_KEK, config.BACKUP_KEK_VERSION, config.BACKUP_KEK_RETIRED)!,
      (s) => void statements.push(s),
    );
    await emptyDatabase(env.RESTORE_DB);
    try {
      await env.RESTORE_DB.batch(statements.map((s) => env.RESTORE_DB.prepare(s)));
      expect(await orderDomainOf(env.RESTORE_DB, there.id)).toEqual(await orderDomainOf(env.ORDERS_1, there.id));
      expect((await orderDomainOf(env.RESTORE_DB, there.id)).orders).toHaveLength(3);
    } finally {
      await emptyDatabase(env.RESTORE_DB);
    }
  });
});

describe('price-drop alerts in every shard', () => {
  it('price an alert in the country of her latest order when it is in shard 1', async () => {
    const now = Date.now();
    const sku = (await env.DB.prepare('SELECT price FROM skus WHERE id = 101').first<{ price: number }>())!;
    // Her account names no country; her latest order (in her shard) was in Saudi Arabia.
    await env.ORDERS_1.prepare(
      `INSERT INTO orders (user_id, country, currency, lang, status, payment_method, address, subtotal, before_discount,
         discount, delivery, vat, total, created_at, updated_at)
       VALUES (?, 'SA', 'SAR', 'en', 'delivered', 'cod', '{}', 1000, 1000, 0, 0, 0, 1000, ?, ?)`,
    )
      .bind(there.id, now, now)
      .run();
    const list = await env.DB.prepare(
      "INSERT INTO wishlists (user_id, name, created_at, updated_at) VALUES (?, 'List', ?, ?) RETURNING id",
    )
      .bind(there.id, now, now)
      .first<{ id: number }>();
    await env.DB.batch([
      env.DB.prepare(
        'INSERT INTO wishlist_items (list_id, sku_id, added_at, price_at_add, price_alert) VALUES (?, 101, ?, ?, 1)',
      ).bind(list!.id, now, sku.price + 1000),
      env.DB.prepare(
        'INSERT INTO price_drop_events (sku_id, old_price, new_price, at, processed_at) VALUES (101, ?, ?, ?, NULL)',
      ).bind(sku.price + 1000, sku.price, now),
    ]);
    await runWave(
      env,
      { kind: 'price_drop', skuId: 101 },
      { push: async () => ({ sent: 0, pruned: 0 }), now: () => now, sendLater: async () => {} },
    );
    expect(
      await env.DB.prepare('SELECT country FROM alert_deliveries WHERE user_id = ? AND kind = ?')
        .bind(there.id, 'price_drop')
        .first(),
    ).toEqual({ country: 'SA' });
  });
});
