// Finding a payment from its id alone (decision 62), for the gateway's webhook, the sandbox page, the
// stale-payment sweep and the refund sweep. A payment of an order or a wallet top-up is in its shopper's
// order shard; a blood test's or a consultation's stays in the core (shard 0). Its id names the shard
// that wrote it (`pay_…` shard 0, `pay<n>_…` shard n), but a shopper moved after paying keeps her old
// ids, so the answer is the payment as her route says: the order's (order_owners) or the top-up's
// account's. In shard 0 the payment and its route are read in one batch of the core: no round trip more.
import {
  type DatabaseEnv,
  orderRoute,
  paymentDatabases,
  paymentShardId,
  type Route,
  routeFrom,
  shardFor,
  userOwner,
} from '../db/databases';
import { ApiError } from '../lib/errors';

/** What the locator needs of a payment to find its owner's route. */
interface Owned {
  purpose: string;
  order_id: number | null;
  user_id: number | null;
}

export interface LocatedPayment<T> {
  payment: T;
  /** The database holding it (her shard, or the core for a booking's payment). */
  db: D1Database;
  /** Its shard's number (0: the core). */
  shard: number;
  /** Her move holds her writes: a writer answers 503 service_busy (the gateway delivers again). */
  moving: boolean;
}

/** Shard 0's read of a payment's route, from the payment row in the core (both in the core: one batch). */
function coreRouteStatement(db: D1Database, paymentId: string): D1PreparedStatement {
  const owner = `CASE WHEN p.purpose = 'wallet' THEN 'user:' || p.user_id ELSE o.owner_key END`;
  return db
    .prepare(
      `SELECT s.id, s.binding,
         EXISTS (SELECT 1 FROM shopper_moves m WHERE m.owner_key = ${owner} AND m.state = 'locked') AS moving
       FROM payments p LEFT JOIN order_owners o ON o.order_id = p.order_id
         LEFT JOIN shopper_shards r ON r.owner_key = ${owner} LEFT JOIN order_shards s ON s.id = r.shard_id
       WHERE p.id = ?1`,
    )
    .bind(paymentId);
}

/** The route of a payment's owner, once the payment is read (its order's, or its top-up account's). */
async function ownerRoute(env: DatabaseEnv, p: Owned, found: Route): Promise<Route> {
  if (p.order_id !== null) return orderRoute(env, p.order_id);
  if (p.purpose === 'wallet' && p.user_id !== null) return shardFor(env, userOwner(p.user_id));
  return found;
}

/**
 * A payment by its id, read from the database her route names, or null when no shard has it.
 * `columns` must select purpose, order_id and user_id.
 */
export async function locatePayment<T extends Owned>(
  env: DatabaseEnv,
  paymentId: string,
  columns: string,
): Promise<LocatedPayment<T> | null> {
  const read = (db: D1Database) =>
    db.prepare(`SELECT ${columns} FROM payments WHERE id = ?`).bind(paymentId).first<T>();
  const named = paymentShardId(paymentId);
  if (named === 0) {
    const [rows, routes] = await env.DB.batch([
      env.DB.prepare(`SELECT ${columns} FROM payments WHERE id = ?`).bind(paymentId),
      coreRouteStatement(env.DB, paymentId),
    ]);
    const payment = rows!.results[0] as T | undefined;
    if (payment) {
      const route = routeFrom(env, routes!.results[0] as Parameters<typeof routeFrom>[1]);
      // Her move flipped her route a moment ago: the core's copy is about to go; hers is the truth.
      if (route.binding === 'DB') return { payment, db: env.DB, shard: 0, moving: route.moving };
      const there = await read(route.db);
      if (there) return { payment: there, db: route.db, shard: route.id, moving: route.moving };
    }
  }
  for (const shard of await paymentDatabases(env, paymentId)) {
    if (named === 0 && shard.id === 0) continue;
    const payment = await read(shard.db);
    if (!payment) continue;
    const found: Route = { ...shard, moving: false };
    const route = await ownerRoute(env, payment, found);
    if (route.id === shard.id) return { payment, db: shard.db, shard: shard.id, moving: route.moving };
    const there = await read(route.db);
    if (there) return { payment: there, db: route.db, shard: route.id, moving: route.moving };
    return { payment, db: shard.db, shard: shard.id, moving: route.moving };
  }
  return null;
}

/** For a writer: 503 while her move holds her writes (the gateway and the client try again). */
export function assertWritable(located: { moving: boolean }): void {
  if (located.moving) throw new ApiError(503, 'service_busy');
}
