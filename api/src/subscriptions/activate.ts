// A subscription's first order paid: its subscriptions start, charged later by the card the gateway
// kept with that payment (when it kept one: without it the first run asks the shopper to choose the
// wallet). Statements for the batch that records the payment, so a replayed webhook does nothing.
import type { SavedCardRef } from '../payments/gateway';

export function activationStatements(
  db: D1Database,
  o: { orderId: number; userId: number | null; provider: string; savedCard: SavedCardRef | null; now: number },
): D1PreparedStatement[] {
  if (!o.userId) return [];
  if (!o.savedCard)
    return [
      db
        .prepare(
          "UPDATE subscriptions SET status = 'active', updated_at = ? WHERE first_order_id = ? AND status = 'pending'",
        )
        .bind(o.now, o.orderId),
    ];
  const c = o.savedCard;
  return [
    db
      .prepare(
        `INSERT INTO saved_cards (user_id, provider, customer_ref, card_ref, agreement_ref, brand, last4, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (user_id, provider, card_ref) DO UPDATE SET agreement_ref = excluded.agreement_ref`,
      )
      .bind(o.userId, o.provider, c.customerRef, c.cardRef, c.agreementRef, c.brand, c.last4, o.now),
    db
      .prepare(
        `UPDATE subscriptions SET status = 'active', updated_at = ?1,
           card_id = (SELECT id FROM saved_cards WHERE user_id = ?2 AND provider = ?3 AND card_ref = ?4)
         WHERE first_order_id = ?5 AND status = 'pending'`,
      )
      .bind(o.now, o.userId, o.provider, c.cardRef, o.orderId),
  ];
}
