// The amounts a booking (a consultation or a blood test) reads: her wallet balance in the country's currency
// and the country's VAT rate; here beside the wallet's other moves, below both kinds of booking.
import { ApiError } from '../lib/errors';
import { type BookingTable, debitMayBeMissing, type KeyedBooking, keyedBooking } from '../lib/idempotency';
import type { CountryCode } from '#shared/locale';
import {
  type DatabaseEnv,
  readMine,
  type Route,
  routeFrom,
  routeStatement,
  shardFor,
  userOwner,
} from '../db/databases';

export async function walletBalance(
  db: D1Database,
  userId: number,
  currency: string,
  /** With the bindings: her balance from her order shard (decision 61), in one batch with her route. */
  env?: DatabaseEnv,
): Promise<number> {
  const read = (at: D1Database) =>
    at.prepare('SELECT balance FROM wallet_accounts WHERE user_id = ? AND currency = ?').bind(userId, currency);
  if (!env) return (await read(db).first<{ balance: number }>())?.balance ?? 0;
  const [rows] = await readMine(env, userOwner(userId), (at) => [read(at)]);
  return (rows!.results[0] as { balance: number } | undefined)?.balance ?? 0;
}

export async function vatRate(db: D1Database, country: CountryCode): Promise<number> {
  const row = await db
    .prepare('SELECT vat_basis_points FROM country_settings WHERE country = ?')
    .bind(country)
    .first<{ vat_basis_points: number }>();
  return row?.vat_basis_points ?? 0;
}

/** Her balance and, when her wallet is in another order shard than the core, that shard's route:
 * in shard 0 one batch of the core (her route beside the balance), as one read before. */
export async function walletWhere(
  env: DatabaseEnv,
  userId: number,
  currency: string,
): Promise<{ balance: number; away: Route | null }> {
  const read = (at: D1Database) =>
    at.prepare('SELECT balance FROM wallet_accounts WHERE user_id = ? AND currency = ?').bind(userId, currency);
  const [routeRes, rows] = await env.DB.batch([routeStatement(env, userOwner(userId)), read(env.DB)]);
  const route = routeFrom(env, routeRes!.results[0] as Parameters<typeof routeFrom>[1]);
  if (route.binding === 'DB')
    return { balance: (rows!.results[0] as { balance: number } | undefined)?.balance ?? 0, away: null };
  return { balance: (await read(route.db).first<{ balance: number }>())?.balance ?? 0, away: route };
}

/**
 * A booking's wallet move when her wallet is in another order shard than the core (decision 61): a blood
 * test or consultation is the core's, her wallet hers, so the booking and the move are two batches. The
 * move is written once per booking, kind and amount (a booking is paid from the wallet once and given
 * back once per amount): both statements act only while her shard has no such ledger row, so a retry that finds the
 * booking (its idempotency key) writes the move again safely and finishes what a dead request left.
 */
export function bookingWalletStatements(
  db: D1Database,
  m: {
    userId: number;
    currency: string;
    amount: number;
    kind: 'order_payment' | 'refund';
    bloodTestOrderId?: number;
    consultationId?: number;
  },
  now = Date.now(),
): D1PreparedStatement[] {
  const [column, id] =
    m.bloodTestOrderId !== undefined
      ? ['blood_test_order_id', m.bloodTestOrderId]
      : ['consultation_id', m.consultationId!];
  // Keyed on the amount too: a booking given back its wallet part after a failed card payment, paid
  // again by card and then cancelled is given back a second, different amount.
  const fresh = `NOT EXISTS (SELECT 1 FROM wallet_ledger WHERE ${column} = ?4 AND kind = ?5 AND amount = ?3)`;
  return [
    m.amount < 0
      ? db
          .prepare(
            `UPDATE wallet_accounts SET balance = balance + ?3 WHERE user_id = ?1 AND currency = ?2 AND ${fresh}`,
          )
          .bind(m.userId, m.currency, m.amount, id, m.kind)
      : db
          .prepare(
            `INSERT INTO wallet_accounts (user_id, currency, balance) SELECT ?1, ?2, ?3 WHERE ${fresh}
             ON CONFLICT (user_id, currency) DO UPDATE SET balance = balance + ?3`,
          )
          .bind(m.userId, m.currency, m.amount, id, m.kind),
    db
      .prepare(
        `INSERT INTO wallet_ledger (user_id, currency, amount, kind, ${column}, created_at)
         SELECT ?1, ?2, ?3, ?5, ?4, ?6 WHERE ${fresh}`,
      )
      .bind(m.userId, m.currency, m.amount, id, m.kind, now),
  ];
}

/**
 * A booking's debit of her wallet in another order shard, after the core's batch wrote the booking
 * (booking first: its key lets a retry find it and write a debit a dead request left out). When her
 * shard refuses (she spent the balance meanwhile) `undo` takes the booking back in the core at once
 * and the answer is 409 wallet_insufficient.
 */
export async function debitBookingOrUndo(
  shard: D1Database,
  core: D1Database,
  debit: Omit<Parameters<typeof bookingWalletStatements>[1], 'kind' | 'amount'> & { used: number },
  undo: (now: number) => D1PreparedStatement[],
): Promise<void> {
  const { used, ...move } = debit;
  try {
    await shard.batch(bookingWalletStatements(shard, { ...move, amount: -used, kind: 'order_payment' }));
  } catch (error) {
    if (!/wallet_not_negative/.test(String(error instanceof Error ? error.message : error))) throw error;
    await core.batch(undo(Date.now()));
    throw new ApiError(409, 'wallet_insufficient');
  }
}

/**
 * The booking a retry with the same key finds (null for a new key), after writing the debit in her
 * order shard that a request dead between the core's batch and that debit left out (`debitInShard`,
 * the kind's own debitBookingOrUndo). Blood tests and consultations replay alike; each turns the row
 * into its own answer.
 */
export async function replayedBooking(
  ctx: { db: D1Database; user: { id: number }; env?: DatabaseEnv },
  where: BookingTable,
  key: string,
  hash: string,
  debitInShard: (shard: D1Database, id: number, used: number, currency: string) => Promise<void>,
): Promise<KeyedBooking | null> {
  const row = await keyedBooking(ctx.db, where, ctx.user.id, key, hash);
  if (row && ctx.env && debitMayBeMissing(row))
    await debitInShard((await shardFor(ctx.env, userOwner(ctx.user.id))).db, row.id, row.wallet_used, row.currency);
  return row;
}
