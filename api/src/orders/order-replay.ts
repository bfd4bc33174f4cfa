// The idempotency of placing an order (lib/idempotency.ts): whose key it is, and the order a key placed
// before (the same body answers that order again; another body with the key is refused).
import type { SubmitInput } from '#shared/api/order-schemas';
import { sameRequest } from '../lib/idempotency';
import { orderView } from './view';
import type { IdempotencyKeyRow, PaymentRow } from '../db/rows';
import type { PlaceContext, Placed } from './place-types';

export function ownerOf(ctx: PlaceContext): string {
  return ctx.user ? `u:${ctx.user.id}` : `d:${ctx.deviceId ?? 'anonymous'}`;
}

/** The read of a key's earlier order, for a batch in her orders' database. */
export function replayStatement(db: D1Database, ctx: PlaceContext, input: SubmitInput): D1PreparedStatement {
  return db
    .prepare('SELECT body_hash, order_id FROM idempotency_keys WHERE owner = ? AND key = ?')
    .bind(ownerOf(ctx), input.idempotency_key);
}

/** A key seen before (replayStatement's answer, from db): the first answer for the same body, 409 for a different one. */
export async function replayed(
  ctx: PlaceContext,
  db: D1Database,
  result: D1Result,
  hash: string,
): Promise<Placed | null> {
  const row = sameRequest(result.results[0] as Pick<IdempotencyKeyRow, 'body_hash' | 'order_id'> | undefined, hash);
  if (!row) return null;
  const order = await orderView(db, row.order_id, ctx.lang, undefined, undefined, ctx.db);
  const payment = await db
    .prepare('SELECT id FROM payments WHERE order_id = ? ORDER BY created_at LIMIT 1')
    .bind(row.order_id)
    .first<Pick<PaymentRow, 'id'>>();
  return { order: order!, paymentId: payment?.id ?? null, replayed: true, link: null, db };
}

/** A key seen before, read in her orders' database. */
export async function replay(
  ctx: PlaceContext,
  db: D1Database,
  input: SubmitInput,
  hash: string,
): Promise<Placed | null> {
  return replayed(ctx, db, await replayStatement(db, ctx, input).all(), hash);
}
