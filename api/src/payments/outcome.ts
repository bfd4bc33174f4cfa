// Applying a payment's outcome, once: the payment_events row is the first statement of the batch, so
// a webhook delivered twice (or the gateway and the sandbox racing) changes nothing the second time.
//   order paid       → order 'paid', confirmation mail queued in the same batch
//   order failed     → order 'payment_failed'; stock, coupon and any wallet part given back
//   wallet top-up ok → ledger credit and balance
//   consultation     → booked with its confirmation mail, or its time freed and wallet part given back
//   package          → paid, or failed with its wallet part given back
import { randomToken, tokenHash } from '../accounts/tokens';
import { confirmationStatements, orderLinkStatement } from '../orders/confirmation-mail';
import { stockFlags, walletMove } from '../orders/place';
import { asPaid, orderView } from '../orders/view';
import type { WebhookEvent } from './gateway';
import type { OrderItemRow, OrderRow, PaymentRow as PaymentsTableRow } from '../db/rows';
import { log } from '../lib/log';
import { bookingOutcomeStatements } from '../blood-tests/changes';
import { consultationPaymentStatements } from '../consultations/payment';
import { creditPaymentStatements } from '../consultations/packages';
import { onBackInStock, restockedSkus } from '../catalogue/back-in-stock';
import { sendAlerts } from '../alerts';
import { promotionReleaseStatements } from '../orders/promotion-data';
import { activationStatements } from '../subscriptions/activate';
import { endPendingStatement } from '../subscriptions/start';
import { spendReturnStatements } from '../loyalty/returns';
import type { CountryCode } from '#shared/locale';

type PaymentRow = Pick<
  PaymentsTableRow,
  | 'id'
  | 'purpose'
  | 'order_id'
  | 'blood_test_order_id'
  | 'consultation_id'
  | 'consultation_credit_id'
  | 'user_id'
  | 'amount'
  | 'currency'
  | 'status'
  | 'provider'
  | 'save_card'
>;

export type OutcomeResult = { applied: boolean; payment: PaymentRow | null };

export async function applyOutcome(
  env: { DB: D1Database; ALERTS?: Queue },
  event: WebhookEvent,
  siteOrigin: string,
): Promise<OutcomeResult> {
  const db = env.DB;
  const payment = await db
    .prepare(
      'SELECT id, purpose, order_id, blood_test_order_id, consultation_id, consultation_credit_id, user_id, amount, currency, status, provider, save_card FROM payments WHERE id = ?',
    )
    .bind(event.paymentId)
    .first<PaymentRow>();
  if (!payment) return { applied: false, payment: null };
  if (payment.status !== 'initiated') {
    // A charge closed here (the shopper cancelled, or the sweep) that the gateway still reports paid:
    // the money was taken for an order that gave its stock back. Say so loudly; it needs a refund.
    if (event.outcome === 'succeeded' && payment.status !== 'succeeded')
      log.error('payment succeeded after it was closed: refund needed', {
        paymentId: payment.id,
        status: payment.status,
      });
    return { applied: false, payment };
  }
  const now = Date.now();
  const status = event.outcome === 'succeeded' ? 'succeeded' : event.outcome;
  const statements: D1PreparedStatement[] = [
    db
      .prepare('INSERT INTO payment_events (payment_id, outcome, created_at) VALUES (?, ?, ?)')
      .bind(payment.id, event.outcome, now),
    db
      .prepare('UPDATE payments SET status = ?, provider_ref = coalesce(?, provider_ref), updated_at = ? WHERE id = ?')
      .bind(status, event.providerRef, now, payment.id),
  ];
  if (payment.purpose === 'wallet' && event.outcome === 'succeeded' && payment.user_id) {
    statements.push(
      ...walletMove(db, {
        userId: payment.user_id,
        currency: payment.currency,
        amount: payment.amount,
        kind: 'top_up',
        orderId: null,
        paymentId: payment.id,
      }),
    );
  }
  if (payment.purpose === 'order' && payment.order_id) {
    const orderId = payment.order_id;
    if (event.outcome === 'succeeded') {
      statements.push(
        db
          .prepare("UPDATE orders SET status = 'paid', updated_at = ? WHERE id = ? AND status = 'pending_payment'")
          .bind(now, orderId),
      );
      statements.push(...(await confirmationFor(db, orderId, siteOrigin, now)));
      // Subscriptions this order starts (decision 45), with the card the gateway kept when asked to.
      statements.push(
        ...(await activationStatements(db, {
          orderId,
          userId: payment.user_id,
          provider: payment.provider,
          savedCard: payment.save_card ? (event.savedCard ?? null) : null,
          now,
        })),
      );
    } else {
      statements.push(...(await releaseStatements(db, orderId, now)));
    }
  }
  // A blood-test booking's card payment: booked, or its slot place and wallet part returned.
  if (payment.purpose === 'order' && payment.blood_test_order_id)
    statements.push(...(await bookingOutcomeStatements(db, payment.blood_test_order_id, event.outcome, now)));
  // A consultation's (booked, or its time freed) and a package's (paid, or failed) gateway payment.
  if (payment.purpose === 'order' && payment.consultation_id)
    statements.push(
      ...(await consultationPaymentStatements(db, payment.consultation_id, event.outcome, now, siteOrigin)),
    );
  if (payment.purpose === 'order' && payment.consultation_credit_id)
    statements.push(
      ...(await creditPaymentStatements(db, payment.consultation_credit_id, event.outcome, payment.amount)),
    );
  let results: D1Result[];
  try {
    results = await db.batch(statements);
  } catch (error) {
    // Another delivery of the same outcome was applied first.
    if (/payment_events/.test(String(error))) return { applied: false, payment };
    throw error;
  }
  // Stock back from 0: the alerts queue takes it from here (only the message is sent in this request).
  await sendAlerts(
    env,
    restockedSkus(results).map((skuId) => ({ kind: 'back_in_stock', skuId })),
  );
  return { applied: true, payment: { ...payment, status } };
}

/**
 * Gives back what a failed or cancelled payment's order held: stock, coupon, wallet part, the points it
 * spent (loyalty/returns.ts; its referral void). The back
 * office's cancel (routes/staff/orders.ts) gives the same back with `status` 'cancelled'. A SKU the
 * stock returns to from 0 gets the back-in-stock event a staff restock writes (catalogue/back-in-stock.ts).
 */
export async function releaseStatements(
  db: D1Database,
  orderId: number,
  now: number,
  status: 'payment_failed' | 'cancelled' = 'payment_failed',
): Promise<D1PreparedStatement[]> {
  const [orderRes, itemsRes] = await db.batch([
    db.prepare('SELECT user_id, country, currency, wallet_used, holds_stock FROM orders WHERE id = ?').bind(orderId),
    db.prepare('SELECT sku_id, product_id, count FROM order_items WHERE order_id = ?').bind(orderId),
  ]);
  const order = orderRes!.results[0] as
    | { user_id: number | null; country: CountryCode; currency: string; wallet_used: number; holds_stock: number }
    | undefined;
  // A cancelled first order ends the subscriptions it would have started; the points it spent come back
  // and its referral is void (computed in the batch: nothing more the second time).
  const ended = [
    ...(status === 'cancelled' ? [endPendingStatement(db, orderId)] : []),
    ...(order
      ? await spendReturnStatements(db, { id: orderId, user_id: order.user_id, country: order.country }, now)
      : []),
  ];
  if (!order?.holds_stock)
    return [
      db.prepare('UPDATE orders SET status = ?, updated_at = ? WHERE id = ?').bind(status, now, orderId),
      ...ended,
    ];
  const items = itemsRes!.results as Array<Pick<OrderItemRow, 'sku_id' | 'product_id' | 'count'>>;
  const statements = [
    db
      .prepare('UPDATE orders SET status = ?, holds_stock = 0, wallet_used = 0, updated_at = ? WHERE id = ?')
      .bind(status, now, orderId),
    // Before the stock changes: the event is written for the SKUs still sold out in this batch.
    ...onBackInStock(
      { DB: db },
      items.map((i) => i.sku_id),
      now,
      { whileSoldOut: true },
    ),
    ...items.map((i) => db.prepare('UPDATE skus SET stock = stock + ? WHERE id = ?').bind(i.count, i.sku_id)),
    stockFlags(
      db,
      items.map((i) => i.product_id),
    ),
    db
      .prepare(
        'UPDATE coupons SET used = used - 1 WHERE id = (SELECT coupon_id FROM coupon_redemptions WHERE order_id = ?)',
      )
      .bind(orderId),
    db.prepare('DELETE FROM coupon_redemptions WHERE order_id = ?').bind(orderId),
    ...promotionReleaseStatements(db, orderId),
    ...ended,
  ];
  if (order.wallet_used > 0 && order.user_id) {
    statements.push(
      ...walletMove(db, {
        userId: order.user_id,
        currency: order.currency,
        amount: order.wallet_used,
        kind: 'refund',
        orderId,
        paymentId: null,
      }),
    );
  }
  return statements;
}

/**
 * The paid order's confirmation mail, for the batch that records the payment: a replayed webhook
 * aborts on payment_events before it, so one payment queues one mail. A guest's mail carries a new
 * order link (stored in the same batch); an account's links to its order page.
 */
async function confirmationFor(
  db: D1Database,
  orderId: number,
  siteOrigin: string,
  now: number,
): Promise<D1PreparedStatement[]> {
  const row = await db
    .prepare('SELECT lang, user_id FROM orders WHERE id = ?')
    .bind(orderId)
    .first<Pick<OrderRow, 'lang' | 'user_id'>>();
  const lang = row?.lang ?? 'en';
  const order = await orderView(db, orderId, lang);
  if (!order) return [];
  const token = row && row.user_id === null ? randomToken() : null;
  const link = token ? { token, hash: await tokenHash(token) } : null;
  return [
    ...(link ? [orderLinkStatement(db, link, orderId, now)] : []),
    ...confirmationStatements(db, {
      order: asPaid(order),
      lang,
      siteOrigin,
      kind: 'payment_confirmation',
      link: token,
      now,
    }),
  ];
}
