// The owner's side of order shards (decision 61, docs/operating/order-shards.md): adding a shard the
// Worker is bound to, closing it to new shoppers, and what each holds. Run by scripts/db-shards.mjs.
import { core, shardDatabase, type DatabaseEnv } from './databases';

/** Each shard's own ledger, event and refund ids start at id × 2^40 (shard 0 at 0): far apart, and safe
 * as JavaScript numbers up to shard 8191. */
export const ID_STRIDE = 2 ** 40;

/** The shard schema's AUTOINCREMENT tables (api/order-shard-migrations): their sequences start at id_base. */
const SEQUENCED_TABLES = ['order_events', 'refunds', 'wallet_ledger', 'points_ledger'] as const;

export type ShardState = 'open' | 'full' | 'retired';

/**
 * Registers shard `id` under `binding`: the binding must be configured on this Worker and its database
 * migrated with api/order-shard-migrations. Its sequences are set to its id_base first, then its
 * order_shards row is written; running it again changes nothing.
 */
export async function registerShard(env: DatabaseEnv, id: number, binding: string, now = Date.now()): Promise<void> {
  if (!Number.isSafeInteger(id) || id < 1 || id > 8191) throw new Error('a new shard is numbered 1 … 8191');
  if (binding === 'DB') throw new Error('DB is shard 0, the core database');
  const db = shardDatabase(env, binding);
  const existing = await core(env)
    .prepare('SELECT id, binding FROM order_shards WHERE id = ? OR binding = ?')
    .bind(id, binding)
    .first<{ id: number; binding: string }>();
  if (existing && (existing.id !== id || existing.binding !== binding))
    throw new Error(`shard ${existing.id} is already bound as ${existing.binding}`);
  const schema = await db
    .prepare("SELECT count(*) AS n FROM sqlite_master WHERE type = 'table' AND name IN ('orders', 'shard_departures')")
    .first<{ n: number }>();
  if (schema?.n !== 2)
    throw new Error(`${binding} has no order shard schema: migrate it from api/order-shard-migrations`);
  const base = id * ID_STRIDE;
  await db.batch(
    SEQUENCED_TABLES.flatMap((table) => [
      db
        .prepare(
          'INSERT INTO sqlite_sequence (name, seq) SELECT ?1, ?2 WHERE NOT EXISTS (SELECT 1 FROM sqlite_sequence WHERE name = ?1)',
        )
        .bind(table, base),
      db.prepare('UPDATE sqlite_sequence SET seq = max(seq, ?2) WHERE name = ?1').bind(table, base),
    ]),
  );
  await core(env)
    .prepare(
      `INSERT INTO order_shards (id, binding, state, id_base, created_at) VALUES (?, ?, 'open', ?, ?)
       ON CONFLICT (id) DO NOTHING`,
    )
    .bind(id, binding, base, now)
    .run();
}

/** open: takes shoppers moved in; full: keeps its shoppers; retired: only once nobody is routed there. */
export async function setShardState(env: DatabaseEnv, id: number, state: ShardState): Promise<void> {
  if (state === 'retired') {
    const routed = await core(env)
      .prepare('SELECT count(*) AS n FROM shopper_shards WHERE shard_id = ?')
      .bind(id)
      .first<{ n: number }>();
    if ((routed?.n ?? 0) > 0 || id === 0) throw new Error(`shard ${id} still holds shoppers`);
  }
  await core(env).prepare('UPDATE order_shards SET state = ? WHERE id = ?').bind(state, id).run();
}

export interface ShardStatus {
  id: number;
  binding: string;
  state: ShardState;
  /** Shoppers routed there (shard 0: everyone without a routing row, so not counted). */
  routed: number | null;
  /** Moves into it not finished yet. */
  moving_in: number;
}

export async function shardStatus(env: DatabaseEnv): Promise<ShardStatus[]> {
  const { results } = await core(env)
    .prepare(
      `SELECT s.id, s.binding, s.state,
         CASE WHEN s.id = 0 THEN NULL ELSE (SELECT count(*) FROM shopper_shards r WHERE r.shard_id = s.id) END AS routed,
         (SELECT count(*) FROM shopper_moves m WHERE m.to_shard = s.id AND m.state <> 'done') AS moving_in
       FROM order_shards s ORDER BY s.id`,
    )
    .all<ShardStatus>();
  return results;
}
