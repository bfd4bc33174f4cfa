// The one place that picks a database (decision 61). The core database (binding DB) holds the
// catalogue, stock, prices, coupons, promotions, accounts, staff, content and configuration, and the
// routing: which order shard holds a shopper's orders, lines, events, payments, refunds, wallet, points
// and idempotency keys. A shopper is an owner key: 'user:<id>' for an account, 'email:<identity>' for a
// guest's orders (the identity's SHA-256). Shard 0 is the core database under the DB binding: with no routing row a shopper is
// in shard 0, so until the owner adds a shard and moves shoppers nothing changes, and shard 0 reads keep
// the request's D1 session (replicas and bookmarks, decision 40) and its retries (transient.ts).
//
// A shopper routed to a shard whose binding this Worker lacks is an error (ShardNotConfigured), never a
// read of another database: an empty order list is a lie a missing binding must not tell.
import { sha256Hex } from '#shared/api/signing';
import { ApiError } from '../lib/errors';
import { emailIdentity } from '../lib/email-identity';
import { retryingDatabase } from './transient';

/** 'user:<id>' or 'email:<SHA-256 of the e-mail identity>'. */
export type OwnerKey = `user:${number}` | `email:${string}`;

export const userOwner = (userId: number): OwnerKey => `user:${userId}`;
/** A guest's orders belong to her e-mail identity (the same one a once-per-shopper coupon counts),
 * kept in the routing as its SHA-256, so no table of the split holds her address. */
export async function guestOwner(email: string): Promise<OwnerKey> {
  return `email:${await sha256Hex(emailIdentity(email))}`;
}

/** The bindings this module reads: DB, and whatever the order_shards table names. */
export type DatabaseEnv = { DB: D1Database };

/** A shard the routing names that this Worker has no D1 binding for. */
export class ShardNotConfigured extends Error {
  constructor(readonly binding: string) {
    super(`order shard binding ${binding} is not configured on this Worker`);
    this.name = 'ShardNotConfigured';
  }
}

export interface Shard {
  id: number;
  binding: string;
  db: D1Database;
}

/** The core database: catalogue, stock, accounts, staff, content, configuration, the routing. */
export function core(env: DatabaseEnv): D1Database {
  return env.DB;
}

function isD1(value: unknown): value is D1Database {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as D1Database).prepare === 'function' &&
    typeof (value as D1Database).batch === 'function'
  );
}

/** The database under a shard's binding; DB is the core database itself (with the request's session). */
export function shardDatabase(env: DatabaseEnv, binding: string): D1Database {
  if (binding === 'DB') return env.DB;
  const db = (env as unknown as Record<string, unknown>)[binding];
  if (!isD1(db)) throw new ShardNotConfigured(binding);
  return retryingDatabase(db);
}

interface RouteRow {
  id: number | null;
  binding: string | null;
  moving: number;
}

/** The statement that reads a shopper's route, for callers that batch it with other core reads. */
export function routeStatement(env: DatabaseEnv, owner: OwnerKey): D1PreparedStatement {
  return core(env)
    .prepare(
      `SELECT s.id, s.binding,
         EXISTS (SELECT 1 FROM shopper_moves m WHERE m.owner_key = ?1 AND m.state = 'locked') AS moving
       FROM (SELECT 1) LEFT JOIN shopper_shards r ON r.owner_key = ?1 LEFT JOIN order_shards s ON s.id = r.shard_id`,
    )
    .bind(owner);
}

export interface Route extends Shard {
  /** Her move is at its final copy: her writes wait (503 service_busy, tried again by the client). */
  moving: boolean;
}

/** A route from routeStatement's row: no routing row is shard 0, the core database. */
export function routeFrom(env: DatabaseEnv, row: RouteRow | null | undefined): Route {
  const id = row?.id ?? 0;
  const binding = row?.binding ?? 'DB';
  return { id, binding, db: shardDatabase(env, binding), moving: Boolean(row?.moving) };
}

/**
 * Her reads, with no round trip of their own for the route while she is in shard 0: the route and the
 * reads go to the core in one batch, and only when the route names another shard are the reads sent
 * there (the core's copy of her tables then holds nothing of hers, so its answers are dropped).
 */
export async function readMine(
  env: DatabaseEnv,
  owner: OwnerKey,
  statements: (db: D1Database) => D1PreparedStatement[],
): Promise<D1Result[]> {
  const db = core(env);
  const [route, ...results] = await db.batch([routeStatement(env, owner), ...statements(db)]);
  const where = routeFrom(env, route!.results[0] as RouteRow | undefined);
  if (where.binding === 'DB') return results;
  return where.db.batch(statements(where.db));
}

/** Where a shopper's orders, wallet and points are (one indexed read of the core database). */
export async function shardFor(env: DatabaseEnv, owner: OwnerKey): Promise<Route> {
  return routeFrom(env, await routeStatement(env, owner).first<RouteRow>());
}

/** The database to read a shopper's order domain from. */
export async function orderShard(env: DatabaseEnv, owner: OwnerKey): Promise<D1Database> {
  return (await shardFor(env, owner)).db;
}

/** The database to write a shopper's order domain to: refused for the moment of her move's final copy,
 * so no write lands in a database she is leaving after it was copied. */
export async function orderShardForWrite(env: DatabaseEnv, owner: OwnerKey): Promise<D1Database> {
  const route = await shardFor(env, owner);
  if (route.moving) throw new ApiError(503, 'service_busy');
  return route.db;
}

/** Every shard that may hold shoppers, for the back office's searches and the jobs that walk all orders.
 * A shard listed in order_shards but not bound here is an error: a search must not quietly miss it. */
export async function orderShards(env: DatabaseEnv): Promise<Shard[]> {
  const { results } = await core(env)
    .prepare("SELECT id, binding FROM order_shards WHERE state <> 'retired' ORDER BY id")
    .all<{ id: number; binding: string }>();
  return results.map((s) => ({ id: s.id, binding: s.binding, db: shardDatabase(env, s.binding) }));
}

/** A shard by its number (the move and the owner's script name shards by number). */
export async function shardById(env: DatabaseEnv, id: number): Promise<Shard & { state: string; id_base: number }> {
  const row = await core(env)
    .prepare('SELECT id, binding, state, id_base FROM order_shards WHERE id = ?')
    .bind(id)
    .first<{ id: number; binding: string; state: string; id_base: number }>();
  if (!row) throw new Error(`no order shard ${id}`);
  return { ...row, db: shardDatabase(env, row.binding) };
}

/** An order's route: the shard of the shopper who owns it (decision 62). */
export interface OrderRoute extends Route {
  /** Her owner key; null for an order placed before the index (in shard 0) whose guest never moved. */
  owner: OwnerKey | null;
}

/** The statement that finds an order's shopper and shard from its number (order_owners, the core's index). */
export function orderRouteStatement(env: DatabaseEnv, orderId: number): D1PreparedStatement {
  return core(env)
    .prepare(
      `SELECT o.owner_key, s.id, s.binding,
         EXISTS (SELECT 1 FROM shopper_moves m WHERE m.owner_key = o.owner_key AND m.state = 'locked') AS moving
       FROM (SELECT 1) LEFT JOIN order_owners o ON o.order_id = ?1
         LEFT JOIN shopper_shards r ON r.owner_key = o.owner_key LEFT JOIN order_shards s ON s.id = r.shard_id`,
    )
    .bind(orderId);
}

/** Where an order is, from its number alone (the gateway's webhook, the back office, a guest's link):
 * one indexed read of the core. An order the index does not know is in shard 0. */
export async function orderRoute(env: DatabaseEnv, orderId: number): Promise<OrderRoute> {
  const row = await orderRouteStatement(env, orderId).first<RouteRow & { owner_key: OwnerKey | null }>();
  return { ...routeFrom(env, row), owner: row?.owner_key ?? null };
}

/**
 * A payment's id says which shard wrote it (decision 62): `pay_<hex>` in shard 0 as before,
 * `pay<n>_<hex>` in shard n, so the gateway's webhook and the refund sweep find it without a search.
 * A shopper moved after paying keeps her old ids: `paymentDatabases` then looks in the other shards too.
 */
export function paymentShardId(paymentId: string): number {
  const m = /^pay(\d+)_/.exec(paymentId);
  return m ? Number(m[1]) : 0;
}

/** The shards to look for a payment in: the one its id names first, then the others. */
export async function paymentDatabases(env: DatabaseEnv, paymentId: string): Promise<Shard[]> {
  const named = paymentShardId(paymentId);
  const all = await orderShards(env);
  return [...all.filter((s) => s.id === named), ...all.filter((s) => s.id !== named)];
}
