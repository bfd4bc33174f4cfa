// Guest orders without an account: an unguessable link to one order (success page, confirmation
// mail, order lookup), and moving a guest's orders into an account once that account has proven
// it owns the e-mail address (a password reset through the mailed link).
import { randomToken, tokenHash } from '../accounts/tokens';
import { orderView, type OrderView } from './view';

/** A new link token for an order; only its hash is stored. */
export async function mintOrderLink(db: D1Database, orderId: number): Promise<string> {
  const token = randomToken();
  await db.prepare('INSERT INTO order_links (token_hash, order_id, created_at) VALUES (?, ?, ?)').bind(await tokenHash(token), orderId, Date.now()).run();
  return token;
}

export function orderLinkPath(lang: 'en' | 'ar', token: string): string {
  return `${lang === 'ar' ? '/ar' : ''}/order-lookup?key=${token}`;
}

export async function orderByLink(db: D1Database, token: string, lang: string): Promise<OrderView | null> {
  const row = await db.prepare('SELECT order_id FROM order_links WHERE token_hash = ?').bind(await tokenHash(token)).first<{ order_id: number }>();
  return row ? orderView(db, row.order_id, lang) : null;
}

/** The order with this number whose shopper's e-mail is this one (any case), or null. */
export async function orderIdByEmail(db: D1Database, orderId: number, email: string): Promise<number | null> {
  const row = await db
    .prepare('SELECT o.id FROM orders o LEFT JOIN users u ON u.id = o.user_id WHERE o.id = ? AND lower(coalesce(u.email, o.guest_email)) = lower(?)')
    .bind(orderId, email.trim())
    .first<{ id: number }>();
  return row?.id ?? null;
}

/** Gives a proven address's guest orders to its account (the e-mail compared without case). */
export function claimGuestOrders(db: D1Database, userId: number, email: string): D1PreparedStatement {
  return db.prepare('UPDATE orders SET user_id = ? WHERE user_id IS NULL AND lower(guest_email) = lower(?)').bind(userId, email.trim());
}
