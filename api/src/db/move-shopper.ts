// A shopper's move from one order shard to another (decision 61, step 2 of the migration path), with
// the shop up. Her rows are copied in bounded batches while she shops; then her writes are held (the
// move's row in core is her lock: orderShardForWrite answers 503 service_busy, which the client tries
// again), whatever changed meanwhile is copied again, both sides are counted and summed, her routing
// row is flipped, and only then are her old rows deleted, in bounded batches.
//
// Every step is safe to run twice and the move's state says which step comes next, so a run killed
// anywhere and run again loses nothing and doubles nothing:
//   copying  source authoritative; copies are upserts (append-only ledgers: insert-or-skip)
//   locked   her writes wait; the final copy and the verification run (again, after a kill)
//   flipped  the target is authoritative and verified; deleting what the source still holds of her
//   done     nothing left to do
import { emailIdentity } from '../lib/email-identity';
import { core, guestOwner, shardById, type DatabaseEnv, type OwnerKey, type Shard } from './databases';

export interface MoveOptions {
  /** Orders per copy or delete batch, with their lines, events, payments and refunds. */
  ordersPerBatch?: number;
  /** Ledger rows per copy or delete batch. */
  rowsPerBatch?: number;
  /** How long the lock is held before the final copy, so writes that read the route just before it
   * have finished (longer than a request's D1 writes take); waited again after the flip, before the
   * old rows go, so replicas have the new route. */
  lockGraceMs?: number;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
  /** Called before each batch is written; what it throws ends the run there (the tests' killed run). */
  beforeWrite?: (step: string) => void | Promise<void>;
}

type MoveState = 'copying' | 'locked' | 'flipped' | 'done';

interface TableTally {
  rows: number;
  sum: number;
}

export interface MoveReport {
  owner: OwnerKey;
  from: number;
  to: number;
  state: MoveState;
  copied: number;
  deleted: number;
  /** Her rows in the target after the move, per table: count and the sum of its amount column. */
  tally: Record<string, TableTally>;
}

/** A move that cannot go on without the owner looking: the counts differ, a shard is wrong. */
export class MoveRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MoveRefused';
  }
}

type Row = Record<string, unknown>;

interface OrderTable {
  table: string;
  key: string[];
  /** Rows of the given orders (?1 is a JSON array of their ids). */
  where: string;
  /** Never updated once written (the points ledger refuses updates): insert or skip. */
  appendOnly?: boolean;
  /** The column verification sums ('' counts only). */
  sum: string;
}

const IN_ORDERS = 'IN (SELECT value FROM json_each(?1))';

// In the order they are written (parents first) and deleted (in reverse).
const ORDER_TABLES: OrderTable[] = [
  { table: 'orders', key: ['id'], where: `id ${IN_ORDERS}`, sum: 'total' },
  { table: 'order_items', key: ['order_id', 'sku_id'], where: `order_id ${IN_ORDERS}`, sum: 'count' },
  { table: 'order_promotions', key: ['order_id', 'promotion_id'], where: `order_id ${IN_ORDERS}`, sum: 'discount' },
  { table: 'order_gifts', key: ['order_id'], where: `order_id ${IN_ORDERS}`, sum: '' },
  { table: 'order_links', key: ['token_hash'], where: `order_id ${IN_ORDERS}`, sum: '' },
  { table: 'payments', key: ['id'], where: `order_id ${IN_ORDERS}`, sum: 'amount' },
  {
    table: 'payment_events',
    key: ['payment_id'],
    where: `payment_id IN (SELECT id FROM payments WHERE order_id ${IN_ORDERS})`,
    sum: '',
  },
  { table: 'refunds', key: ['id'], where: `order_id ${IN_ORDERS}`, sum: 'amount' },
  {
    table: 'refund_events',
    key: ['refund_id'],
    where: `refund_id IN (SELECT id FROM refunds WHERE order_id ${IN_ORDERS})`,
    sum: '',
  },
  { table: 'order_events', key: ['id'], where: `order_id ${IN_ORDERS}`, sum: '' },
  // Her orders' Saudi e-invoices (decision 75): their keys are the chain's and stay; refund_id follows
  // her refunds' new ids, so a credit note is never recorded twice for one refund.
  { table: 'e_invoices', key: ['key'], where: `order_id ${IN_ORDERS}`, sum: 'total_minor' },
  { table: 'idempotency_keys', key: ['owner', 'key'], where: `order_id ${IN_ORDERS}`, sum: '' },
];

interface UserTable {
  table: string;
  key: string[];
  /** The account's rows (?1 the user id). */
  where: string;
  appendOnly?: boolean;
  sum: string;
}

// An account's own rows besides her orders: wallet top-ups and their outcomes, the wallet and points.
const USER_TABLES: UserTable[] = [
  { table: 'payments', key: ['id'], where: "purpose = 'wallet' AND user_id = ?1", sum: 'amount' },
  {
    table: 'payment_events',
    key: ['payment_id'],
    where: "payment_id IN (SELECT id FROM payments WHERE purpose = 'wallet' AND user_id = ?1)",
    sum: '',
  },
  { table: 'wallet_accounts', key: ['user_id', 'currency'], where: 'user_id = ?1', sum: 'balance' },
  { table: 'wallet_ledger', key: ['id'], where: 'user_id = ?1', sum: 'amount' },
  { table: 'points_accounts', key: ['user_id', 'country'], where: 'user_id = ?1', sum: 'balance' },
  { table: 'points_ledger', key: ['id'], where: 'user_id = ?1', appendOnly: true, sum: 'amount' },
  {
    table: 'points_expiry_notices',
    key: ['user_id', 'country', 'expires_on'],
    where: 'user_id = ?1',
    sum: 'points',
  },
];

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Tables whose integer ids each shard gives itself (shard 0: SQLite's next rowid; the others:
 * AUTOINCREMENT from their id_base), with the column that says whose a row is. */
const SEQUENCED: Record<string, string> = {
  order_events: 'order_id',
  refunds: 'order_id',
  wallet_ledger: 'user_id',
  points_ledger: 'user_id',
};
/** Tables with a column naming a refund by its id. */
const REFUND_REF = new Set(['order_events', 'refund_events', 'wallet_ledger', 'points_ledger', 'e_invoices']);

/**
 * How a sequenced row's id travels. Shard 0 gives an id again once the row that held the highest was
 * deleted (SQLite's rowid is max + 1), and a move deletes: so a row can arrive where an earlier
 * shopper's row already has its id. It keeps its id when that id is free there (or is its own earlier
 * copy); otherwise it takes a new one in the target's range, and moved_ids (in the target) remembers
 * which, so the next run and the rows that name it (a refund's events and ledger lines) find it.
 */
type IdPlan = { keep: true } | { keep: false; to: number | null };

async function planIds(ctx: Ctx, table: string, rows: Row[]): Promise<IdPlan[]> {
  const ownerCol = SEQUENCED[table];
  if (!ownerCol || rows.length === 0) return rows.map(() => ({ keep: true }));
  const ids = JSON.stringify(rows.map((r) => r.id));
  const [mapped, there] = await ctx.to.db.batch([
    ctx.to.db
      .prepare(
        'SELECT from_id, to_id FROM moved_ids WHERE owner_key = ?1 AND table_name = ?2 AND from_id IN (SELECT value FROM json_each(?3))',
      )
      .bind(ctx.owner.key, table, ids),
    ctx.to.db
      .prepare(
        `SELECT id, ${quote(ownerCol)} AS whose FROM ${quote(table)} WHERE id IN (SELECT value FROM json_each(?1))`,
      )
      .bind(ids),
  ]);
  const mapping = new Map(
    (mapped!.results as Array<{ from_id: number; to_id: number }>).map((m) => [m.from_id, m.to_id]),
  );
  const taken = new Map((there!.results as Array<{ id: number; whose: unknown }>).map((t) => [t.id, t.whose]));
  return rows.map((row) => {
    const id = row.id as number;
    if (mapping.has(id)) return { keep: false, to: mapping.get(id)! };
    if (!taken.has(id) || taken.get(id) === row[ownerCol]) return { keep: true };
    return { keep: false, to: null };
  });
}

const REFUND_ID_SQL =
  "coalesce((SELECT to_id FROM moved_ids WHERE owner_key = ? AND table_name = 'refunds' AND from_id = ?), ?)";

function upsert(
  ctx: Ctx,
  table: string,
  key: string[],
  appendOnly: boolean | undefined,
  row: Row,
  plan: IdPlan,
): D1PreparedStatement[] {
  const db = ctx.to.db;
  const owner = ctx.owner.key;
  const fresh = !plan.keep && plan.to === null;
  const values: Record<string, { sql: string; binds: unknown[] }> = {};
  for (const [col, value] of Object.entries(row)) {
    if (col === 'id' && fresh) continue;
    if (col === 'id' && !plan.keep) values[col] = { sql: '?', binds: [plan.to] };
    else if (col === 'refund_id' && REFUND_REF.has(table) && value !== null)
      values[col] = { sql: REFUND_ID_SQL, binds: [owner, value, value] };
    else values[col] = { sql: '?', binds: [value ?? null] };
  }
  const cols = Object.keys(values);
  const rest = cols.filter((c) => !key.includes(c));
  const onConflict = fresh
    ? ''
    : appendOnly || rest.length === 0
      ? `ON CONFLICT (${key.map(quote).join(', ')}) DO NOTHING`
      : `ON CONFLICT (${key.map(quote).join(', ')}) DO UPDATE SET ${rest.map((c) => `${quote(c)} = excluded.${quote(c)}`).join(', ')}`;
  const statements = [
    db
      .prepare(
        `INSERT INTO ${quote(table)} (${cols.map(quote).join(', ')}) SELECT ${cols.map((c) => values[c]!.sql).join(', ')} WHERE true ${onConflict}`,
      )
      .bind(...cols.flatMap((c) => values[c]!.binds)),
  ];
  if (fresh)
    statements.push(
      db
        .prepare('INSERT INTO moved_ids (owner_key, table_name, from_id, to_id) VALUES (?, ?, ?, last_insert_rowid())')
        .bind(owner, table, row.id),
    );
  // The wallet's insert trigger guesses a refund row's link (migration 0045); a copy keeps the original's.
  if (table === 'wallet_ledger' && row.kind === 'refund') {
    const where = fresh
      ? {
          sql: '(SELECT to_id FROM moved_ids WHERE owner_key = ? AND table_name = ? AND from_id = ?)',
          binds: [owner, table, row.id],
        }
      : { sql: '?', binds: [plan.keep ? row.id : plan.to] };
    const refund =
      row.refund_id === null || row.refund_id === undefined
        ? { sql: 'NULL', binds: [] }
        : { sql: REFUND_ID_SQL, binds: [owner, row.refund_id, row.refund_id] };
    statements.push(
      db
        .prepare(`UPDATE wallet_ledger SET refund_id = ${refund.sql} WHERE id = ${where.sql}`)
        .bind(...refund.binds, ...where.binds),
    );
  }
  return statements;
}

interface Owner {
  key: OwnerKey;
  userId: number | null;
  /** A guest's addresses (lower case) whose e-mail identity is hers; empty for an account. */
  emails: string[];
}

/** The guest's addresses as her orders spell them: every lower-cased address with her e-mail identity,
 * found through the guest e-mail index from the first letter her identity and her addresses share. */
async function guestEmails(db: D1Database, identity: string): Promise<string[]> {
  const first = identity[0] ?? '';
  const next = String.fromCharCode(first.charCodeAt(0) + 1);
  const found: string[] = [];
  let after = first;
  for (;;) {
    const { results } = await db
      .prepare(
        `SELECT DISTINCT lower(guest_email) AS e FROM orders
         WHERE user_id IS NULL AND lower(guest_email) > ?1 AND lower(guest_email) < ?2 ORDER BY 1 LIMIT 500`,
      )
      .bind(after, next)
      .all<{ e: string }>();
    for (const { e } of results) if (emailIdentity(e) === identity) found.push(e);
    if (results.length < 500) break;
    after = results[results.length - 1]!.e;
  }
  return found;
}

/** Who moves: an account by its key, a guest by her e-mail (her key is its identity's hash). */
export type Mover = OwnerKey | { guestEmail: string };

async function ownerOf(db: D1Database, who: Mover): Promise<Owner> {
  if (typeof who === 'object') {
    const identity = emailIdentity(who.guestEmail);
    if (!identity.includes('@')) throw new MoveRefused('not an e-mail address');
    return { key: await guestOwner(identity), userId: null, emails: await guestEmails(db, identity) };
  }
  if (who.startsWith('user:')) {
    const userId = Number(who.slice(5));
    if (!Number.isSafeInteger(userId) || userId <= 0) throw new MoveRefused(`not an owner key: ${who}`);
    return { key: who, userId, emails: [] };
  }
  throw new MoveRefused(`not an account's key: ${who} (a guest is moved by her e-mail address)`);
}

/** Her order ids in a database, in id order. */
async function orderIds(db: D1Database, owner: Owner): Promise<number[]> {
  const { results } = owner.userId
    ? await db.prepare('SELECT id FROM orders WHERE user_id = ? ORDER BY id').bind(owner.userId).all<{ id: number }>()
    : await db
        .prepare(
          `SELECT id FROM orders WHERE user_id IS NULL AND lower(guest_email) IN (SELECT value FROM json_each(?1)) ORDER BY id`,
        )
        .bind(JSON.stringify(owner.emails))
        .all<{ id: number }>();
  return results.map((r) => r.id);
}

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

interface Ctx {
  env: DatabaseEnv;
  owner: Owner;
  from: Shard;
  to: Shard;
  options: Required<Omit<MoveOptions, 'beforeWrite'>> & Pick<MoveOptions, 'beforeWrite'>;
  copied: number;
  deleted: number;
}

/** Copies all her rows from the source to the target, in batches; returns the number of rows written. */
async function copyAll(ctx: Ctx, step: string): Promise<void> {
  const { from, owner, options } = ctx;
  const ids = await orderIds(from.db, owner);
  for (const batch of chunks(ids, options.ordersPerBatch)) {
    const json = JSON.stringify(batch);
    const read = await from.db.batch(
      ORDER_TABLES.map((t) => from.db.prepare(`SELECT * FROM ${quote(t.table)} WHERE ${t.where}`).bind(json)),
    );
    const writes: D1PreparedStatement[] = [];
    for (const [i, t] of ORDER_TABLES.entries()) {
      const rows = read[i]!.results as Row[];
      const plans = await planIds(ctx, t.table, rows);
      for (const [r, row] of rows.entries()) writes.push(...upsert(ctx, t.table, t.key, t.appendOnly, row, plans[r]!));
    }
    await options.beforeWrite?.(`${step}:orders`);
    if (writes.length) await ctx.to.db.batch(writes);
    ctx.copied += writes.length;
  }
  if (owner.userId === null) return;
  for (const t of USER_TABLES) {
    // Paged by the table's key, so a long ledger is copied a batch at a time.
    let after: unknown[] | null = null;
    for (;;) {
      const keyCols = t.key.map(quote).join(', ');
      const page: string = after ? ` AND (${keyCols}) > (${t.key.map((_, i) => `?${i + 2}`).join(', ')})` : '';
      const { results }: D1Result<Row> = await from.db
        .prepare(
          `SELECT * FROM ${quote(t.table)} WHERE (${t.where})${page} ORDER BY ${keyCols} LIMIT ${options.rowsPerBatch}`,
        )
        .bind(owner.userId, ...(after ?? []))
        .all<Row>();
      if (results.length === 0) break;
      const plans = await planIds(ctx, t.table, results);
      const writes = results.flatMap((row, r) => upsert(ctx, t.table, t.key, t.appendOnly, row, plans[r]!));
      await options.beforeWrite?.(`${step}:${t.table}`);
      await ctx.to.db.batch(writes);
      ctx.copied += writes.length;
      if (results.length < options.rowsPerBatch) break;
      const last: Row = results[results.length - 1]!;
      after = t.key.map((k): unknown => last[k]);
    }
  }
}

/** Her rows in one database, per table: how many and the sum of the table's amount column. */
async function tally(db: D1Database, owner: Owner): Promise<Record<string, TableTally>> {
  const ids = JSON.stringify(await orderIds(db, owner));
  const parts = [
    ...ORDER_TABLES.map((t) => ({
      name: t.table,
      sql: `SELECT count(*) AS n, ${t.sum ? `coalesce(sum(${t.sum}), 0)` : '0'} AS s FROM ${quote(t.table)} WHERE ${t.where}`,
      arg: ids as unknown,
    })),
    ...(owner.userId === null
      ? []
      : USER_TABLES.map((t) => ({
          name: `${t.table}${t.table === 'payments' || t.table === 'payment_events' ? ':wallet' : ''}`,
          sql: `SELECT count(*) AS n, ${t.sum ? `coalesce(sum(${t.sum}), 0)` : '0'} AS s FROM ${quote(t.table)} WHERE ${t.where}`,
          arg: owner.userId as unknown,
        }))),
  ];
  const results = await db.batch(parts.map((p) => db.prepare(p.sql).bind(p.arg)));
  const out: Record<string, TableTally> = {};
  parts.forEach((p, i) => {
    const row = (results[i]!.results as Array<{ n: number; s: number }>)[0]!;
    out[p.name] = { rows: row.n, sum: row.s };
  });
  return out;
}

/** The final copy may leave rows in the target the source no longer has (a retention rule deleted an
 * idempotency key or a link, the cold-orders run moved an order's lines and events to R2): they go,
 * children first, so the target is exactly the source. Ids a row took anew here are matched through
 * moved_ids; the append-only points ledger loses rows only to erasure, which a move does not meet. */
async function dropVanished(ctx: Ctx): Promise<void> {
  const { from, to, owner } = ctx;
  const [targetOrders, sourceOrders] = await Promise.all([orderIds(to.db, owner), orderIds(from.db, owner)]);
  const { results: moved } = await to.db
    .prepare('SELECT table_name, from_id, to_id FROM moved_ids WHERE owner_key = ?')
    .bind(owner.key)
    .all<{ table_name: string; from_id: number; to_id: number }>();
  const newId = new Map(moved.map((m) => [`${m.table_name}:${m.from_id}`, m.to_id]));
  const here = (table: string, id: unknown) => newId.get(`${table}:${id}`) ?? id;
  const specs = [
    ...[...ORDER_TABLES]
      .reverse()
      .map((t) => ({ ...t, there: JSON.stringify(targetOrders), here: JSON.stringify(sourceOrders) })),
    ...(owner.userId === null
      ? []
      : [...USER_TABLES]
          .reverse()
          .filter((t) => !t.appendOnly)
          .map((t) => ({ ...t, there: owner.userId, here: owner.userId }))),
  ];
  for (const t of specs) {
    const keyCols = t.key.map(quote).join(', ');
    const [inTarget, inSource] = await Promise.all([
      to.db
        .prepare(`SELECT ${keyCols} FROM ${quote(t.table)} WHERE ${t.where}`)
        .bind(t.there)
        .all<Row>(),
      from.db
        .prepare(`SELECT ${keyCols} FROM ${quote(t.table)} WHERE ${t.where}`)
        .bind(t.here)
        .all<Row>(),
    ]);
    // A source row's key as the target spells it.
    const spelled = (r: Row) =>
      JSON.stringify(
        t.key.map((k) =>
          k === 'id' && SEQUENCED[t.table] ? here(t.table, r[k]) : k === 'refund_id' ? here('refunds', r[k]) : r[k],
        ),
      );
    const keep = new Set(inSource.results.map(spelled));
    const gone = inTarget.results.filter((r) => !keep.has(JSON.stringify(t.key.map((k) => r[k]))));
    if (gone.length === 0) continue;
    await ctx.options.beforeWrite?.(`final:vanished:${t.table}`);
    await to.db.batch(
      gone.map((r) =>
        to.db
          .prepare(
            `DELETE FROM ${quote(t.table)} WHERE ${t.key.map((k, i) => `${quote(k)} = ?${i + 1}`).join(' AND ')}`,
          )
          .bind(...t.key.map((k) => r[k])),
      ),
    );
  }
}

/** Deletes her rows from the source, children first, in bounded batches. */
async function deleteAll(ctx: Ctx): Promise<void> {
  const { from, owner, options } = ctx;
  // Her points ledger rows may go only while this marker says she is leaving (migration 0064).
  await options.beforeWrite?.('delete:mark');
  await from.db
    .prepare('INSERT INTO shard_departures (owner_key, user_id, started_at) VALUES (?, ?, ?) ON CONFLICT DO NOTHING')
    .bind(owner.key, owner.userId, options.now())
    .run();
  if (owner.userId !== null) {
    // The ledgers point at her orders, payments and refunds: they go first.
    for (const t of [...USER_TABLES].reverse()) {
      for (;;) {
        await options.beforeWrite?.(`delete:${t.table}`);
        const keyCols = t.key.map(quote).join(', ');
        const done = await from.db
          .prepare(
            `DELETE FROM ${quote(t.table)} WHERE (${keyCols}) IN (SELECT ${keyCols} FROM ${quote(t.table)} WHERE ${t.where} LIMIT ${options.rowsPerBatch})`,
          )
          .bind(owner.userId)
          .run();
        ctx.deleted += done.meta.changes;
        if (done.meta.changes < options.rowsPerBatch) break;
      }
    }
  }
  for (;;) {
    const ids = (await orderIds(from.db, owner)).slice(0, options.ordersPerBatch);
    if (ids.length === 0) break;
    const json = JSON.stringify(ids);
    await options.beforeWrite?.('delete:orders');
    const results = await from.db.batch(
      [...ORDER_TABLES]
        .reverse()
        .map((t) => from.db.prepare(`DELETE FROM ${quote(t.table)} WHERE ${t.where}`).bind(json)),
    );
    ctx.deleted += results.reduce((n, r) => n + r.meta.changes, 0);
  }
  await from.db.prepare('DELETE FROM shard_departures WHERE owner_key = ?').bind(owner.key).run();
}

function same(a: Record<string, TableTally>, b: Record<string, TableTally>): string[] {
  return Object.keys(a).filter((k) => a[k]!.rows !== b[k]?.rows || a[k]!.sum !== b[k]?.sum);
}

interface MoveRow {
  from_shard: number;
  to_shard: number;
  state: MoveState;
}

/**
 * Moves one shopper's order domain (an account by its key, a guest by her e-mail) to shard `toShard`, or carries on the move she already has. Resumable
 * and idempotent: run it again after any failure and it goes on from the step the last run reached.
 */
export async function moveShopper(
  env: DatabaseEnv,
  who: Mover,
  toShard: number,
  options: MoveOptions = {},
): Promise<MoveReport> {
  const ownerKey: OwnerKey = typeof who === 'object' ? await guestOwner(who.guestEmail) : who;
  const opts = {
    ordersPerBatch: options.ordersPerBatch ?? 20,
    rowsPerBatch: options.rowsPerBatch ?? 200,
    lockGraceMs: options.lockGraceMs ?? 30_000,
    sleep: options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms))),
    now: options.now ?? (() => Date.now()),
    beforeWrite: options.beforeWrite,
  };
  const db = core(env);
  const setState = (state: MoveState, extra = '') =>
    db
      .prepare(`UPDATE shopper_moves SET state = ?2, updated_at = ?3${extra} WHERE owner_key = ?1`)
      .bind(ownerKey, state, opts.now());

  let move = await db
    .prepare('SELECT from_shard, to_shard, state FROM shopper_moves WHERE owner_key = ?')
    .bind(ownerKey)
    .first<MoveRow>();
  if (move && move.state !== 'done' && move.to_shard !== toShard)
    throw new MoveRefused(`${ownerKey} is being moved to shard ${move.to_shard}; finish that first`);
  if (!move || move.state === 'done') {
    const route = await db
      .prepare('SELECT coalesce((SELECT shard_id FROM shopper_shards WHERE owner_key = ?), 0) AS shard')
      .bind(ownerKey)
      .first<{ shard: number }>();
    const fromShard = route!.shard;
    if (fromShard === toShard) throw new MoveRefused(`${ownerKey} is already in shard ${toShard}`);
    // Ids of a shard's own ledgers and events start at its id_base: rows moved up keep theirs below it.
    if (toShard < fromShard) throw new MoveRefused(`moves go to a higher shard (${fromShard} → ${toShard})`);
    const target = await shardById(env, toShard);
    if (target.state !== 'open') throw new MoveRefused(`shard ${toShard} is ${target.state}, not open`);
    const now = opts.now();
    await db
      .prepare(
        `INSERT INTO shopper_moves (owner_key, from_shard, to_shard, state, rows_copied, rows_deleted, locked_at, started_at, updated_at, finished_at)
         VALUES (?1, ?2, ?3, 'copying', 0, 0, NULL, ?4, ?4, NULL)
         ON CONFLICT (owner_key) DO UPDATE SET from_shard = ?2, to_shard = ?3, state = 'copying', rows_copied = 0,
           rows_deleted = 0, locked_at = NULL, started_at = ?4, updated_at = ?4, finished_at = NULL`,
      )
      .bind(ownerKey, fromShard, toShard, now)
      .run();
    move = { from_shard: fromShard, to_shard: toShard, state: 'copying' };
  }

  const from = await shardById(env, move.from_shard);
  const to = await shardById(env, move.to_shard);
  const owner = await ownerOf(from.db, who);
  const ctx: Ctx = { env, owner, from, to, options: opts, copied: 0, deleted: 0 };
  const saveTally = () =>
    db
      .prepare(
        'UPDATE shopper_moves SET rows_copied = rows_copied + ?2, rows_deleted = rows_deleted + ?3 WHERE owner_key = ?1',
      )
      .bind(ownerKey, ctx.copied, ctx.deleted);

  try {
    if (move.state === 'copying') {
      // While she shops: most of her rows, so the locked moment is short.
      await copyAll(ctx, 'copy');
      await opts.beforeWrite?.('lock');
      await db.batch([setState('locked', ', locked_at = ?3'), saveTally()]);
      ctx.copied = 0;
      move.state = 'locked';
    }
    if (move.state === 'locked') {
      // Writes that read her route just before the lock finish before the final copy.
      if (opts.lockGraceMs > 0) await opts.sleep(opts.lockGraceMs);
      await copyAll(ctx, 'final');
      await dropVanished(ctx);
      const [source, target] = await Promise.all([tally(from.db, owner), tally(to.db, owner)]);
      const differ = same(source, target);
      if (differ.length)
        throw new MoveRefused(
          `${ownerKey}: shard ${to.id} differs from shard ${from.id} after the final copy in ${differ
            .map((t) => `${t} (${JSON.stringify(target[t])} there, ${JSON.stringify(source[t])} here)`)
            .join(', ')}; her writes stay held until a run succeeds`,
        );
      await opts.beforeWrite?.('flip');
      // The core's order index (decision 62) names her for each of her orders, so an order found by its
      // number alone (a webhook, the back office, her order link) is looked for in her new shard.
      const indexed = chunks(await orderIds(to.db, owner), 1000).map((ids) =>
        db
          .prepare(
            `INSERT INTO order_owners (order_id, owner_key, state, created_at)
             SELECT value, ?1, 'placed', ?2 FROM json_each(?3) WHERE true
             ON CONFLICT (order_id) DO UPDATE SET owner_key = ?1`,
          )
          .bind(ownerKey, opts.now(), JSON.stringify(ids)),
      );
      await db.batch([
        ...indexed,
        db
          .prepare(
            `INSERT INTO shopper_shards (owner_key, shard_id, moved_at) VALUES (?1, ?2, ?3)
             ON CONFLICT (owner_key) DO UPDATE SET shard_id = ?2, moved_at = ?3`,
          )
          .bind(ownerKey, to.id, opts.now()),
        // Shard 0 is the default: a shopper moved back to it (not possible while moves go up) needs no row.
        setState('flipped'),
        saveTally(),
      ]);
      ctx.copied = 0;
      move.state = 'flipped';
    }
    if (move.state === 'flipped') {
      // Replicas learn of the flip a moment later (decision 40): until then a read may still find her
      // route to the old shard, whose rows are still whole.
      if (opts.lockGraceMs > 0) await opts.sleep(opts.lockGraceMs);
      await deleteAll(ctx);
      await db.batch([setState('done', ', finished_at = ?3'), saveTally()]);
      ctx.deleted = 0;
      move.state = 'done';
    }
  } catch (error) {
    // What this run did is counted; the state stays at the step to run again.
    if (ctx.copied || ctx.deleted)
      await saveTally()
        .run()
        .catch(() => undefined);
    throw error;
  }
  const totals = await db
    .prepare('SELECT rows_copied, rows_deleted FROM shopper_moves WHERE owner_key = ?')
    .bind(ownerKey)
    .first<{ rows_copied: number; rows_deleted: number }>();
  return {
    owner: ownerKey,
    from: from.id,
    to: to.id,
    state: move.state,
    copied: totals?.rows_copied ?? 0,
    deleted: totals?.rows_deleted ?? 0,
    tally: await tally(to.db, owner),
  };
}
