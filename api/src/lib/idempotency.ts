// A request's idempotency key: the same key with the same body answers what the first request made,
// the same key with another body is refused (409 idempotency_conflict). Orders (orders/order-replay.ts),
// blood-test bookings (blood-tests/place.ts) and consultations (consultations/book.ts) keep the body's
// hash beside the key; the two bookings also read back what their key booked in the same way.
import { sha256Hex } from '#shared/api/signing';
import { ApiError } from './errors';

/** The hash of the part of the body that defines what is made (the key itself is not part of it). */
export async function requestHash(input: { idempotency_key: string }): Promise<string> {
  const { idempotency_key: _key, ...rest } = input;
  return sha256Hex(JSON.stringify(rest));
}

/** What a key made before: null for a new key, the row for the same body, 409 for another body. */
export function sameRequest<Row extends { body_hash: string }>(row: Row | null | undefined, hash: string): Row | null {
  if (!row) return null;
  if (row.body_hash !== hash) throw new ApiError(409, 'idempotency_conflict');
  return row;
}

/** A booking (a blood-test order, a consultation) as its key's replay reads it. */
export interface KeyedBooking {
  id: number;
  body_hash: string;
  total: number;
  wallet_used: number;
  currency: string;
  card_method: string | null;
  status: string;
  /** Its first payment, if it opened one. */
  payment_id: string | null;
  /** Her order shard's binding when her wallet is not in the core (decision 61), else null. */
  wallet_binding: string | null;
}

/** Where a kind of booking is kept: its table, and the column of payments that names one. */
export interface BookingTable {
  table: 'blood_test_orders' | 'consultations';
  paymentColumn: 'blood_test_order_id' | 'consultation_id';
}

/** The booking a shopper's key made before, for the same body (sameRequest); null for a new key. */
export async function keyedBooking(
  db: D1Database,
  where: BookingTable,
  userId: number,
  key: string,
  hash: string,
): Promise<KeyedBooking | null> {
  const row = await db
    .prepare(
      `SELECT b.id, b.body_hash, b.total, b.wallet_used, b.currency, b.card_method, b.status,
         (SELECT id FROM payments WHERE ${where.paymentColumn} = b.id ORDER BY created_at LIMIT 1) AS payment_id,
         (SELECT s.binding FROM shopper_shards r JOIN order_shards s ON s.id = r.shard_id
          WHERE r.owner_key = 'user:' || b.user_id AND s.binding <> 'DB') AS wallet_binding
       FROM ${where.table} b WHERE b.user_id = ? AND b.idempotency_key = ?`,
    )
    .bind(userId, key)
    .first<KeyedBooking>();
  return sameRequest(row, hash);
}

/**
 * Whether the booking's debit in her order shard may be missing: a request that died after the core's
 * batch wrote the booking, before her shard's debit (the retry writes it, once).
 */
export function debitMayBeMissing(row: KeyedBooking): boolean {
  return row.wallet_binding !== null && row.wallet_used > 0 && row.status !== 'payment_failed';
}
