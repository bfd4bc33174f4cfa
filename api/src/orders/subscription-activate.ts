// A subscription's first order paid: its subscriptions start, charged later by the card the gateway
// kept with that payment (when it kept one: without it the first run asks the shopper to choose the
// wallet). Statements for the batch that records the payment, so a replayed webhook does nothing.
// A first payment made late (paid again days after it failed) starts the deliveries one period from
// the day it was paid, never from the checkout's day: no order follows straight after the one paid.
import { timeZoneOf } from '#shared/country-days';
import type { CountryCode } from '#shared/countries';
import { type Frequency, firstNextDate } from '#shared/subscriptions/frequency';
import type { SavedCardRef } from '../payment-gateway/gateway';

export async function activationStatements(
  db: D1Database,
  o: { orderId: number; userId: number | null; provider: string; savedCard: SavedCardRef | null; now: number },
): Promise<D1PreparedStatement[]> {
  if (!o.userId) return [];
  const { results: pending } = await db
    .prepare("SELECT id, country, every, next_date FROM subscriptions WHERE first_order_id = ? AND status = 'pending'")
    .bind(o.orderId)
    .all<{ id: number; country: CountryCode; every: Frequency; next_date: string }>();
  if (!pending.length) return [];
  const c = o.savedCard;
  const statements: D1PreparedStatement[] = [];
  if (c)
    statements.push(
      db
        .prepare(
          `INSERT INTO saved_cards (user_id, provider, customer_ref, card_ref, agreement_ref, brand, last4, created_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (user_id, provider, card_ref) DO UPDATE SET agreement_ref = excluded.agreement_ref`,
        )
        .bind(o.userId, o.provider, c.customerRef, c.cardRef, c.agreementRef, c.brand, c.last4, o.now),
    );
  for (const s of pending) {
    // The later of the checkout's first date and one period from today (dates as text sort by day).
    const first = [s.next_date, firstNextDate(o.now, s.every, timeZoneOf(s.country))].sort()[1]!;
    statements.push(
      db
        .prepare(
          `UPDATE subscriptions SET status = 'active', updated_at = ?1, next_date = ?2,
             card_id = coalesce((SELECT id FROM saved_cards WHERE user_id = ?3 AND provider = ?4 AND card_ref = ?5), card_id)
           WHERE id = ?6 AND status = 'pending'`,
        )
        .bind(o.now, first, o.userId, o.provider, c?.cardRef ?? '', s.id),
    );
  }
  return statements;
}
