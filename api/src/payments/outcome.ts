// Applying a payment's outcome, once: the payment_events row is the first statement of the batch, so
// a webhook delivered twice (or the gateway and the sandbox racing) changes nothing the second time.
//   order paid       → order 'paid', confirmation mail
//   order failed     → order 'payment_failed'; stock, coupon and any wallet part given back
//   wallet top-up ok → ledger credit and balance
import { mailSender } from '../mail';
import { orderMail } from '../mail/texts';
import { stockFlags, walletMove } from '../orders/place';
import { orderView, type OrderView } from '../orders/view';
import { mintOrderLink, orderLinkPath } from '../orders/guest-links';
import type { WebhookEvent } from './gateway';

interface PaymentRow {
  id: string;
  purpose: 'order' | 'wallet';
  order_id: number | null;
  user_id: number | null;
  amount: number;
  currency: string;
  status: string;
}

export type OutcomeResult = { applied: boolean; payment: PaymentRow | null };

export async function applyOutcome(env: { DB: D1Database; RESEND_API_KEY?: string; MAIL_FROM?: string }, event: WebhookEvent, siteOrigin: string): Promise<OutcomeResult> {
  const db = env.DB;
  const payment = await db.prepare('SELECT id, purpose, order_id, user_id, amount, currency, status FROM payments WHERE id = ?').bind(event.paymentId).first<PaymentRow>();
  if (!payment) return { applied: false, payment: null };
  if (payment.status !== 'initiated') {
    // A charge closed here (the shopper cancelled, or the sweep) that the gateway still reports paid:
    // the money was taken for an order that gave its stock back. Say so loudly; it needs a refund.
    if (event.outcome === 'succeeded' && payment.status !== 'succeeded') console.error('payment succeeded after it was closed: refund needed', payment.id, payment.status);
    return { applied: false, payment };
  }
  const now = Date.now();
  const status = event.outcome === 'succeeded' ? 'succeeded' : event.outcome;
  const statements: D1PreparedStatement[] = [
    db.prepare('INSERT INTO payment_events (payment_id, outcome, created_at) VALUES (?, ?, ?)').bind(payment.id, event.outcome, now),
    db.prepare('UPDATE payments SET status = ?, provider_ref = coalesce(?, provider_ref), updated_at = ? WHERE id = ?').bind(status, event.providerRef, now, payment.id),
  ];
  if (payment.purpose === 'wallet' && event.outcome === 'succeeded' && payment.user_id) {
    statements.push(...walletMove(db, { userId: payment.user_id, currency: payment.currency, amount: payment.amount, kind: 'top_up', orderId: null, paymentId: payment.id }));
  }
  if (payment.purpose === 'order' && payment.order_id) {
    const orderId = payment.order_id;
    if (event.outcome === 'succeeded') {
      statements.push(db.prepare("UPDATE orders SET status = 'paid', updated_at = ? WHERE id = ? AND status = 'pending_payment'").bind(now, orderId));
    } else {
      statements.push(...(await releaseStatements(db, orderId, now)));
    }
  }
  try {
    await db.batch(statements);
  } catch (error) {
    // Another delivery of the same outcome was applied first.
    if (/payment_events/.test(String(error))) return { applied: false, payment };
    throw error;
  }
  if (payment.purpose === 'order' && payment.order_id && event.outcome === 'succeeded') await sendConfirmation(env, payment.order_id, siteOrigin);
  return { applied: true, payment: { ...payment, status } };
}

/** Gives back what a failed or cancelled payment's order held: stock, coupon, wallet part. */
async function releaseStatements(db: D1Database, orderId: number, now: number): Promise<D1PreparedStatement[]> {
  const [orderRes, itemsRes] = await db.batch([
    db.prepare('SELECT user_id, currency, wallet_used, holds_stock FROM orders WHERE id = ?').bind(orderId),
    db.prepare('SELECT sku_id, product_id, count FROM order_items WHERE order_id = ?').bind(orderId),
  ]);
  const order = orderRes!.results[0] as { user_id: number | null; currency: string; wallet_used: number; holds_stock: number } | undefined;
  if (!order || !order.holds_stock) return [db.prepare("UPDATE orders SET status = 'payment_failed', updated_at = ? WHERE id = ?").bind(now, orderId)];
  const items = itemsRes!.results as Array<{ sku_id: number; product_id: number; count: number }>;
  const statements = [
    db.prepare("UPDATE orders SET status = 'payment_failed', holds_stock = 0, wallet_used = 0, updated_at = ? WHERE id = ?").bind(now, orderId),
    ...items.map((i) => db.prepare('UPDATE skus SET stock = stock + ? WHERE id = ?').bind(i.count, i.sku_id)),
    stockFlags(db, items.map((i) => i.product_id)),
    db.prepare('UPDATE coupons SET used = used - 1 WHERE id = (SELECT coupon_id FROM coupon_redemptions WHERE order_id = ?)').bind(orderId),
    db.prepare('DELETE FROM coupon_redemptions WHERE order_id = ?').bind(orderId),
  ];
  if (order.wallet_used > 0 && order.user_id) {
    statements.push(...walletMove(db, { userId: order.user_id, currency: order.currency, amount: order.wallet_used, kind: 'refund', orderId, paymentId: null }));
  }
  return statements;
}

/**
 * The confirmation mail. A guest's links to the order through an order link (`known.link` when the
 * caller already made one, else a new one); an account's to its order page.
 */
export async function sendConfirmation(
  env: { DB: D1Database; RESEND_API_KEY?: string; MAIL_FROM?: string },
  orderId: number,
  siteOrigin: string,
  known?: { order: OrderView; lang: 'en' | 'ar'; link: string | null },
): Promise<void> {
  const row = known ? null : await env.DB.prepare('SELECT lang, user_id FROM orders WHERE id = ?').bind(orderId).first<{ lang: 'en' | 'ar'; user_id: number | null }>();
  const lang = known?.lang ?? row?.lang ?? 'en';
  const order = known?.order ?? (await orderView(env.DB, orderId, lang));
  if (!order?.email) return;
  const link = known ? known.link : row && row.user_id === null ? await mintOrderLink(env.DB, orderId) : null;
  const linkPath = link ? orderLinkPath(lang, link) : undefined;
  await mailSender(env).send({ to: order.email, ...orderMail(lang, { ...order, link_path: linkPath }, siteOrigin) });
}
