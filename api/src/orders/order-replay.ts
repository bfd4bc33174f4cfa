// The idempotency of placing an order: the body's hash, whose key it is, and the order a key placed
// before (the same body answers that order again; another body with the key is refused).
import type { SubmitInput } from '#shared/api/order-schemas';
import { sha256Hex } from '#shared/api/signing';
import { ApiError } from '../lib/errors';
import { orderView } from './view';
import type { IdempotencyKeyRow, PaymentRow } from '../db/rows';
import type { PlaceContext, Placed } from './place-types';

/** The part of the body that defines the order (the key itself is not part of it). */
export async function bodyHash(input: SubmitInput): Promise<string> {
  const { idempotency_key: _key, ...rest } = input;
  return sha256Hex(JSON.stringify(rest));
}

export function ownerOf(ctx: PlaceContext): string {
  return ctx.user ? `u:${ctx.user.id}` : `d:${ctx.deviceId ?? 'anonymous'}`;
}

/** A key seen before: the first answer for the same body, 409 for a different one. */
export async function replay(ctx: PlaceContext, input: SubmitInput, hash: string): Promise<Placed | null> {
  const row = await ctx.db
    .prepare('SELECT body_hash, order_id FROM idempotency_keys WHERE owner = ? AND key = ?')
    .bind(ownerOf(ctx), input.idempotency_key)
    .first<Pick<IdempotencyKeyRow, 'body_hash' | 'order_id'>>();
  if (!row) return null;
  if (row.body_hash !== hash) throw new ApiError(409, 'idempotency_conflict');
  const order = await orderView(ctx.db, row.order_id, ctx.lang);
  const payment = await ctx.db
    .prepare('SELECT id FROM payments WHERE order_id = ? ORDER BY created_at LIMIT 1')
    .bind(row.order_id)
    .first<Pick<PaymentRow, 'id'>>();
  return { order: order!, paymentId: payment?.id ?? null, replayed: true, link: null };
}
