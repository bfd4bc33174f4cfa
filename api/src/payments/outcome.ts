// Applying a payment's outcome, once: the payment_events row is the first statement of the batch, so
// a webhook delivered twice (or the gateway and the sandbox racing) changes nothing the second time.
//   order paid       → order 'paid', confirmation mail queued in the same batch
//   order failed     → order 'payment_failed'; stock, coupon and any wallet part given back; a
//                      subscription run's order fails its run, with its mail (payments/subscription-run-failed.ts)
//   wallet top-up ok → ledger credit and balance
//   consultation     → booked with its confirmation mail, or its time freed and wallet part given back
//   package          → paid, or failed with its wallet part given back
import { randomToken, tokenHash } from '../accounts/tokens';
import { confirmationStatements, orderLinkStatement } from '../orders/confirmation-mail';
import { stockFlags, walletMove } from '../orders/place';
import { asPaid, orderView } from '../orders/view';
import type { WebhookEvent } from '../payment-gateway/gateway';
import type { OrderItemRow, OrderRow, PaymentRow as PaymentsTableRow } from '../db/rows';
import { log } from '../lib/log';
import { bookingOutcomeStatements } from '../blood-tests/changes';
import { consultationPaymentStatements } from '../consultations/payment';
import { creditPaymentStatements } from '../consultations/packages';
import { onBackInStock, restockedSkus } from '../catalogue/back-in-stock';
import { sendAlerts } from '../alerts';
import { promotionReleaseStatements } from '../orders/promotion-data';
import { activationStatements } from '../orders/subscription-activate';
import { endPendingStatement } from '../orders/subscription-start';
import { spendReturnParts, spendReturnStatements } from '../loyalty/returns';
import { runFailedStatements } from './subscription-run-failed';
import { type DatabaseEnv, shardFor, userOwner } from '../db/databases';
import { payGiveBacksOf } from '../orders/give-backs';
import { assertWritable, locatePayment } from './locate';
import type { CountryCode } from '#shared/locale';
import { provenByOrderStatement } from '../carts/proof';
import { accountProvenStatement, accountsOfAddressProvenStatement } from '../orders/email-proof';
import {
  bookingInvoiceRecord,
  orderInvoiceRecord,
  signBookingDocuments,
  signOrderDocuments,
  signSoon,
} from '../e-invoice-sales';

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
  env: DatabaseEnv & { ALERTS?: Queue },
  event: WebhookEvent,
  siteOrigin: string,
  /** The request's, to sign the sale's e-invoice right after the batch (without it, the minute sweep does). */
  ctx?: { waitUntil(promise: Promise<unknown>): void },
  /** `byShopper`: she cancelled the order herself (/order/cancel): a subscription run's stays as it is. */
  o: { byShopper?: boolean } = {},
): Promise<OutcomeResult> {
  const core = env.DB;
  // In her shard (an order's or a top-up's) or the core (a booking's); in shard 0 one read as before.
  const located = await locatePayment<PaymentRow>(env, event.paymentId, PAYMENT_COLUMNS);
  if (!located) return { applied: false, payment: null };
  const { payment, db } = located;
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
  assertWritable(located);
  const split = db !== core;
  const now = Date.now();
  const status = event.outcome === 'succeeded' ? 'succeeded' : event.outcome;
  // In shard 0 one batch, as always. In another shard: her shard's batch first (its payment_events row
  // makes a second delivery change nothing), then the core's (the confirmation mail, keyed on the
  // order; the subscriptions it starts; what a failed order gives back, only when her shard's guarded
  // status change released it: never twice).
  const statements: D1PreparedStatement[] = [
    db
      .prepare('INSERT INTO payment_events (payment_id, outcome, created_at) VALUES (?, ?, ?)')
      .bind(payment.id, event.outcome, now),
    db
      .prepare('UPDATE payments SET status = ?, provider_ref = coalesce(?, provider_ref), updated_at = ? WHERE id = ?')
      .bind(status, event.providerRef, now, payment.id),
  ];
  const coreStatements: D1PreparedStatement[] = [];
  let release: SplitRelease | null = null;
  // The core's statements after a split release, whatever it gave back (each acts once on its own).
  const afterRelease: D1PreparedStatement[] = [];
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
        // Now a sale: its e-invoice is recorded in this batch (decision 75), signed after it.
        orderInvoiceRecord(db, orderId, now),
      );
      const confirmation = await confirmationFor(db, core, orderId, siteOrigin, now);
      statements.push(...confirmation.order);
      (split ? coreStatements : statements).push(...confirmation.core);
      // Subscriptions this order starts (decision 45), with the card the gateway kept when asked to.
      (split ? coreStatements : statements).push(
        ...(await activationStatements(core, {
          orderId,
          userId: payment.user_id,
          provider: payment.provider,
          savedCard: payment.save_card ? (event.savedCard ?? null) : null,
          now,
        })),
      );
    } else {
      // A subscription run's order (decision 45): its run follows the charge, failed or never confirmed,
      // in this batch (the core's half in another shard), unless she cancelled the order herself.
      const run = o.byShopper
        ? []
        : await runFailedStatements(
            core,
            orderId,
            event.outcome === 'failed' ? 'card_declined' : 'payment_unconfirmed',
            siteOrigin,
            now,
          );
      if (split) {
        release = await splitReleaseStatements(db, core, orderId, now);
        afterRelease.push(...run);
      } else statements.push(...(await releaseStatements(db, orderId, now)), ...run);
    }
  }
  // A blood-test booking's card payment: booked, or its slot place and wallet part returned (her
  // wallet in another shard: the give-back recorded in this batch, written there after it).
  let away: { paymentId: string } | undefined;
  if (
    payment.purpose === 'order' &&
    (payment.blood_test_order_id || payment.consultation_id) &&
    event.outcome !== 'succeeded' &&
    payment.user_id !== null
  ) {
    const route = await shardFor(env, userOwner(payment.user_id));
    if (route.binding !== 'DB') away = { paymentId: payment.id };
  }
  if (payment.purpose === 'order' && payment.blood_test_order_id) {
    statements.push(...(await bookingOutcomeStatements(db, payment.blood_test_order_id, event.outcome, now, away)));
    if (event.outcome === 'succeeded')
      statements.push(bookingInvoiceRecord(db, 'blood-test', payment.blood_test_order_id, now));
  }
  // A consultation's (booked, or its time freed) and a package's (paid, or failed) gateway payment.
  if (payment.purpose === 'order' && payment.consultation_id)
    statements.push(
      ...(await consultationPaymentStatements(db, payment.consultation_id, event.outcome, now, siteOrigin, away)),
      ...(event.outcome === 'succeeded'
        ? [bookingInvoiceRecord(db, 'consultation', payment.consultation_id, now)]
        : []),
    );
  if (payment.purpose === 'order' && payment.consultation_credit_id)
    statements.push(
      ...(await creditPaymentStatements(db, payment.consultation_credit_id, event.outcome, payment.amount, {
        siteOrigin,
        now,
      })),
      // A package bought is a sale of its own (its sessions, booked later, are not): decision 75.
      ...(event.outcome === 'succeeded'
        ? [bookingInvoiceRecord(db, 'package', payment.consultation_credit_id, now)]
        : []),
    );
  let results: D1Result[];
  try {
    results = release
      ? await runSplitRelease(db, core, release, statements, afterRelease)
      : await db
          .batch(statements)
          .then(async (done) =>
            coreStatements.length ? [...done, ...(await coreBatch(core, coreStatements, payment.id))] : done,
          );
  } catch (error) {
    // Another delivery of the same outcome was applied first.
    if (/payment_events/.test(String(error))) return { applied: false, payment };
    throw error;
  }
  // Her wallet part, recorded above, written in her shard (the cron writes it if this request dies first).
  if (away) await payGiveBacksOf(env, payment.user_id!);
  if (ctx && event.outcome === 'succeeded') signAfterPayment(env, ctx, db, payment);
  // Stock back from 0: the alerts queue takes it from here (only the message is sent in this request).
  await sendAlerts(
    env,
    restockedSkus(results).map((skuId) => ({ kind: 'back_in_stock', skuId })),
  );
  return { applied: true, payment: { ...payment, status } };
}

/** A sale's e-invoice recorded by the batch above, signed after the answer (a Kuwaiti sale recorded none). */
function signAfterPayment(
  env: DatabaseEnv,
  ctx: { waitUntil(promise: Promise<unknown>): void },
  db: D1Database,
  payment: PaymentRow,
): void {
  const e = env as ApiEnv;
  if (payment.purpose === 'order' && payment.order_id)
    signSoon(ctx, () => signOrderDocuments(e, db, payment.order_id!), { orderId: payment.order_id });
  const booking = payment.blood_test_order_id
    ? `blood-test:${payment.blood_test_order_id}`
    : payment.consultation_id
      ? `consultation:${payment.consultation_id}`
      : payment.consultation_credit_id
        ? `package:${payment.consultation_credit_id}`
        : null;
  if (payment.purpose === 'order' && booking) signSoon(ctx, () => signBookingDocuments(e, booking), { booking });
}

const PAYMENT_COLUMNS =
  'id, purpose, order_id, blood_test_order_id, consultation_id, consultation_credit_id, user_id, amount, currency, status, provider, save_card';

/** The core's half after her shard's batch was written: a failure here is logged, not retried (the
 * shard's payment_events row says it is applied), so a replay never doubles the shard's half. */
async function coreBatch(core: D1Database, statements: D1PreparedStatement[], paymentId: string): Promise<D1Result[]> {
  try {
    return await core.batch(statements);
  } catch (error) {
    log.error('payment applied in her order shard, the core part failed', { paymentId, error });
    return [];
  }
}

/**
 * A release across her shard and the core (decision 61: no statement joins the two). `shard` holds the
 * order's status change, guarded to act once (holds_stock 1 → 0), with the wallet part given back under
 * the same guard and the points it spent (computed in the batch); `core` gives back the stock, coupon,
 * promotions' uses and gifts, and voids the referral and the subscriptions it would have started, with
 * the values read from her shard and bound. `core` runs only when the shard's guard acted: a failure
 * between the two batches (or a second cancel, or a webhook racing the sweep) never gives back twice.
 * The price: a core batch that fails after her shard released the order leaves its stock and coupon
 * uses held; it is logged as an error for staff to restock (no sweep sees it yet: the report says so).
 */
export interface SplitRelease {
  shard: D1PreparedStatement[];
  core: D1PreparedStatement[];
  /** Index in `shard` of the guarded status change; -1 when the order held nothing (core always runs:
   * its statements are idempotent then). */
  guard: number;
  orderId: number;
}

type OrderPromotionHold = {
  promotion_id: number;
  gift_sku_id: number | null;
  product_id: number | null;
  gift_count: number;
};

export async function splitReleaseStatements(
  db: D1Database,
  core: D1Database,
  orderId: number,
  now: number,
  status: 'payment_failed' | 'cancelled' = 'payment_failed',
): Promise<SplitRelease> {
  const [orderRes, itemsRes, promotionsRes] = await db.batch([
    db.prepare('SELECT user_id, country, currency, wallet_used, holds_stock FROM orders WHERE id = ?').bind(orderId),
    db.prepare('SELECT sku_id, product_id, count FROM order_items WHERE order_id = ?').bind(orderId),
    db
      .prepare('SELECT promotion_id, gift_sku_id, product_id, gift_count FROM order_promotions WHERE order_id = ?')
      .bind(orderId),
  ]);
  const order = orderRes!.results[0] as
    | { user_id: number | null; country: CountryCode; currency: string; wallet_used: number; holds_stock: number }
    | undefined;
  const spend = order
    ? await spendReturnParts(db, core, { id: orderId, user_id: order.user_id, country: order.country }, now)
    : { core: [], shard: [] };
  const ended = [...(status === 'cancelled' ? [endPendingStatement(core, orderId)] : []), ...spend.core];
  if (!order?.holds_stock)
    return {
      shard: [
        db.prepare('UPDATE orders SET status = ?, updated_at = ? WHERE id = ?').bind(status, now, orderId),
        ...spend.shard,
      ],
      core: ended,
      guard: -1,
      orderId,
    };
  const items = itemsRes!.results as Array<Pick<OrderItemRow, 'sku_id' | 'product_id' | 'count'>>;
  const promotions = promotionsRes!.results as OrderPromotionHold[];
  const holding = 'EXISTS (SELECT 1 FROM orders WHERE id = ?1 AND holds_stock = 1)';
  const shard: D1PreparedStatement[] = [];
  if (order.wallet_used > 0 && order.user_id)
    shard.push(
      db
        .prepare(
          `INSERT INTO wallet_accounts (user_id, currency, balance) SELECT ?2, ?3, ?4 WHERE ${holding}
           ON CONFLICT (user_id, currency) DO UPDATE SET balance = balance + ?4`,
        )
        .bind(orderId, order.user_id, order.currency, order.wallet_used),
      db
        .prepare(
          `INSERT INTO wallet_ledger (user_id, currency, amount, kind, order_id, created_at)
           SELECT ?2, ?3, ?4, 'refund', ?1, ?5 WHERE ${holding}`,
        )
        .bind(orderId, order.user_id, order.currency, order.wallet_used, now),
    );
  const guard = shard.length;
  shard.push(
    db
      .prepare(
        'UPDATE orders SET status = ?, holds_stock = 0, wallet_used = 0, updated_at = ? WHERE id = ? AND holds_stock = 1',
      )
      .bind(status, now, orderId),
    ...spend.shard,
  );
  const gifts = promotions.filter((p) => p.gift_sku_id !== null && p.gift_count > 0);
  const products = [
    ...items.map((i) => i.product_id),
    ...gifts.flatMap((g) => (g.product_id === null ? [] : [g.product_id])),
  ];
  const coreStatements = [
    ...onBackInStock(
      { DB: core },
      items.map((i) => i.sku_id),
      now,
      { whileSoldOut: true },
    ),
    ...items.map((i) => core.prepare('UPDATE skus SET stock = stock + ? WHERE id = ?').bind(i.count, i.sku_id)),
    ...gifts.map((g) =>
      core.prepare('UPDATE skus SET stock = stock + ? WHERE id = ?').bind(g.gift_count, g.gift_sku_id),
    ),
    ...(products.length ? [stockFlags(core, products)] : []),
    core
      .prepare(
        'UPDATE coupons SET used = used - 1 WHERE id = (SELECT coupon_id FROM coupon_redemptions WHERE order_id = ?)',
      )
      .bind(orderId),
    core.prepare('DELETE FROM coupon_redemptions WHERE order_id = ?').bind(orderId),
    ...promotions.map((p) => core.prepare('UPDATE promotions SET used = used - 1 WHERE id = ?').bind(p.promotion_id)),
    ...ended,
  ];
  return { shard, core: coreStatements, guard, orderId };
}

/** Writes a split release after `before` in her shard's batch (and `after` in the core's), the core's
 * half only when her shard's guard acted; the results of both, shard first. */
async function runSplitRelease(
  db: D1Database,
  core: D1Database,
  release: SplitRelease,
  before: D1PreparedStatement[] = [],
  after: D1PreparedStatement[] = [],
): Promise<D1Result[]> {
  const shardResults = await db.batch([...before, ...release.shard]);
  const released = release.guard < 0 || (shardResults[before.length + release.guard]?.meta.changes ?? 0) > 0;
  const coreStatements = [...(released ? release.core : []), ...after];
  if (!coreStatements.length) return shardResults;
  try {
    return [...shardResults, ...(await core.batch(coreStatements))];
  } catch (error) {
    log.error('order released in her shard, its stock and coupon not given back in the core', {
      orderId: release.orderId,
      error,
    });
    return shardResults;
  }
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
 * order link (stored in the same batch); an account's links to its order page. The link is a row of
 * her shard (`order`), the mail one of the core's outbox (`core`); in shard 0 both are the core.
 */
async function confirmationFor(
  db: D1Database,
  core: D1Database,
  orderId: number,
  siteOrigin: string,
  now: number,
): Promise<{ order: D1PreparedStatement[]; core: D1PreparedStatement[] }> {
  const row = await db
    .prepare('SELECT lang, user_id, guest_email FROM orders WHERE id = ?')
    .bind(orderId)
    .first<Pick<OrderRow, 'lang' | 'user_id' | 'guest_email'>>();
  const lang = row?.lang ?? 'en';
  const order = await orderView(db, orderId, lang, undefined, undefined, core);
  if (!order) return { order: [], core: [] };
  const token = row && row.user_id === null ? randomToken() : null;
  const link = token ? { token, hash: await tokenHash(token) } : null;
  return {
    order: link ? [orderLinkStatement(db, link, orderId, now)] : [],
    core: [
      // An order paid proves the address it names (issue 73, decision 85): a guest's for her next carts
      // (carts/proof.ts) and every mail after (an account holding it too); an account's own. Placed and never
      // paid, it proved nothing. First in the batch, so the confirmation below passes the outbox's gate.
      ...(row?.user_id === null && row.guest_email
        ? [
            provenByOrderStatement(core, row.guest_email, now),
            accountsOfAddressProvenStatement(core, row.guest_email, now),
          ]
        : []),
      ...(row?.user_id != null ? [accountProvenStatement(core, row.user_id, now)] : []),
      ...confirmationStatements(core, {
        order: asPaid(order),
        lang,
        siteOrigin,
        kind: 'payment_confirmation',
        link: token,
        now,
      }),
    ],
  };
}
