// A checkout that subscribes (decision 45): what it must be, and the subscriptions its order's batch
// writes. A subscription needs an account, a saved address and a way to be charged later without the
// shopper: a card the gateway keeps (card, mada, Apple Pay) or the wallet. Bought with a card, it waits
// ('pending') until that payment succeeds and the card is saved (payments/outcome.ts); with the wallet
// it is active at once.
import type { SubmitInput } from '#shared/api/order-schemas';
import { SAVEABLE_METHODS, type GatewayMethod } from '#shared/payments/gateway-methods';
import { firstNextDate, offeredFrequencies, SUBSCRIPTION_RULES } from '#shared/subscriptions/frequency';
import { timeZoneOf } from '#shared/country-days';
import type { CountryCode } from '#shared/countries';
import { ApiError } from '../lib/errors';
import type { QuoteLine } from './quote';

export function subscribedLines(lines: QuoteLine[]): QuoteLine[] {
  return lines.filter((l) => l.every !== null);
}

/** Refuses a checkout whose subscriptions could not be charged later. */
export function checkSubscribing(
  o: { userId: number | null; input: SubmitInput; method: string; cardMethod: string | null },
  lines: QuoteLine[],
): void {
  const subscribed = subscribedLines(lines);
  if (!subscribed.length) return;
  if (o.userId === null) throw new ApiError(401, 'subscription_needs_account');
  for (const l of subscribed) {
    // Every 1–3 months, or the period this quantity of the pack lasts: nothing the pack does not suit.
    if (!offeredFrequencies(l, l.count).includes(l.every!)) throw new ApiError(400, 'subscription_frequency_invalid');
    if (l.count > SUBSCRIPTION_RULES.maxCount) throw new ApiError(409, 'subscription_count_invalid');
  }
  if (o.input.gift) throw new ApiError(409, 'subscription_not_for_gift');
  if (!o.input.address_id) throw new ApiError(409, 'subscription_address_required');
  const chargeable =
    o.method === 'wallet' || (o.method === 'card' && SAVEABLE_METHODS.includes(o.cardMethod as GatewayMethod));
  if (!chargeable) throw new ApiError(409, 'subscription_payment_unsupported');
}

export function startStatements(
  db: D1Database,
  o: {
    userId: number;
    country: CountryCode;
    lang: string;
    orderId: number;
    addressId: number;
    payBy: 'card' | 'wallet';
    lines: QuoteLine[];
    now: number;
  },
): D1PreparedStatement[] {
  return subscribedLines(o.lines).map((l) =>
    db
      .prepare(
        `INSERT INTO subscriptions (user_id, country, lang, sku_id, product_id, count, every, address_id, pay_by, status, next_date, first_order_id, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .bind(
        o.userId,
        o.country,
        o.lang,
        l.sku_id,
        l.product_id,
        l.count,
        l.every,
        o.addressId,
        o.payBy,
        o.payBy === 'wallet' ? 'active' : 'pending',
        firstNextDate(o.now, l.every!, timeZoneOf(o.country)),
        o.orderId,
        o.now,
        o.now,
      ),
  );
}

/** A first order cancelled: the subscriptions it would have started end (a failed one may still be paid). */
export const endPendingStatement = (db: D1Database, orderId: number) =>
  db.prepare("UPDATE subscriptions SET status = 'ended' WHERE first_order_id = ? AND status = 'pending'").bind(orderId);
