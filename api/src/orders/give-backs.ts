// A booking's money back to her wallet when her wallet is in another order shard than the core
// (decision 61): a consultation or blood test is the core's, her wallet hers, so no batch holds both the
// reason (a failed payment, a cancel or outcome, a card refund the gateway failed) and the credit. The
// core's batch that records the reason records the give-back too (wallet_give_backs, migration 0097):
// it commits with its reason or not at all. The request then writes it into her shard and forgets it;
// one a dying request left is written by the minute cron. Her shard's ledger row carries the give-back's
// note (its reason, unique: "consultation 12: payment pay_… failed") and is written only while her shard
// has no refund row with that note, so a give-back written twice (the request and the cron at once, or
// a request that died between her shard's batch and the forgetting) credits once.
import { type DatabaseEnv, shardFor, userOwner } from '../db/databases';
import { log } from '../lib/log';

export interface GiveBack {
  /** Why, unique among her give-backs: her shard's ledger row's note, and its key there. */
  note: string;
  userId: number;
  currency: string;
  /** Minor units, > 0. */
  amount: number;
  consultationId?: number;
  bloodTestOrderId?: number;
}

/** How long a give-back is left to the request that recorded it before the cron writes it. */
export const GIVE_BACK_STALE_MS = 60_000;

/** The give-back's record, for the core's batch that records its reason. */
export function giveBackStatement(core: D1Database, g: GiveBack, now: number): D1PreparedStatement {
  return core
    .prepare(
      `INSERT INTO wallet_give_backs (note, user_id, currency, amount, consultation_id, blood_test_order_id, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
    )
    .bind(g.note, g.userId, g.currency, g.amount, g.consultationId ?? null, g.bloodTestOrderId ?? null, now);
}

interface GiveBackRow {
  note: string;
  user_id: number;
  currency: string;
  amount: number;
  consultation_id: number | null;
  blood_test_order_id: number | null;
  created_at: number;
}

const COLUMNS = 'note, user_id, currency, amount, consultation_id, blood_test_order_id, created_at';

/** Her shard's credit: the balance and the ledger row, each only while no refund row there has its note. */
function creditStatements(shard: D1Database, g: GiveBackRow): D1PreparedStatement[] {
  const fresh =
    "NOT EXISTS (SELECT 1 FROM wallet_ledger WHERE user_id = ?1 AND currency = ?2 AND kind = 'refund' AND note = ?4)";
  const binds = [g.user_id, g.currency, g.amount, g.note] as const;
  return [
    shard
      .prepare(
        `INSERT INTO wallet_accounts (user_id, currency, balance) SELECT ?1, ?2, ?3 WHERE ${fresh}
         ON CONFLICT (user_id, currency) DO UPDATE SET balance = balance + ?3`,
      )
      .bind(...binds),
    shard
      .prepare(
        `INSERT INTO wallet_ledger (user_id, currency, amount, kind, consultation_id, blood_test_order_id, note, created_at)
         SELECT ?1, ?2, ?3, 'refund', ?5, ?6, ?4, ?7 WHERE ${fresh}`,
      )
      .bind(...binds, g.consultation_id, g.blood_test_order_id, g.created_at),
  ];
}

/** Writes each give-back in her shard, then forgets it; one it cannot write now waits for the cron. */
async function pay(env: DatabaseEnv, rows: GiveBackRow[]): Promise<number> {
  let paid = 0;
  for (const g of rows) {
    try {
      const route = await shardFor(env, userOwner(g.user_id));
      // Her move holds her writes for a moment: the next run writes it where she is then.
      if (route.moving) continue;
      await route.db.batch(creditStatements(route.db, g));
      await env.DB.prepare('DELETE FROM wallet_give_backs WHERE note = ?').bind(g.note).run();
      paid++;
    } catch (error) {
      log.error('wallet give-back not written in her order shard; the cron tries again', { note: g.note, error });
    }
  }
  return paid;
}

/** The request's own step after the core's batch: her give-backs written in her shard. Never throws (the
 * change is stored, and the cron writes what this could not). */
export async function payGiveBacksOf(env: DatabaseEnv, userId: number): Promise<void> {
  try {
    const { results } = await env.DB.prepare(`SELECT ${COLUMNS} FROM wallet_give_backs WHERE user_id = ?`)
      .bind(userId)
      .all<GiveBackRow>();
    await pay(env, results);
  } catch (error) {
    log.error('wallet give-backs not read after their batch; the cron writes them', { userId, error });
  }
}

/** The minute cron: give-backs a dying request left, oldest first. Answers how many were written. */
export async function sweepGiveBacks(env: DatabaseEnv, now = Date.now()): Promise<number> {
  const { results } = await env.DB.prepare(
    `SELECT ${COLUMNS} FROM wallet_give_backs WHERE created_at < ? ORDER BY created_at LIMIT 50`,
  )
    .bind(now - GIVE_BACK_STALE_MS)
    .all<GiveBackRow>();
  return pay(env, results);
}
