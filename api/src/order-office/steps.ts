// The fulfilment steps confirm, packed, shipped, delivered and cancel: each one D1 batch holding the
// step's timeline row (which aborts the batch from a wrong state: migration 0025), the order change,
// the shopper's mail (outbox) and the audit row; a cancel gives back stock, coupon, wallet and card.
import { orderCreditRecords, orderInvoiceRecord, signOrderDocuments, signSoon } from '../e-invoice-sales';
import type { Context } from 'hono';
import { ok } from '#shared/api/envelope';
import type { AppEnv } from '#api/src/app-env';
import { ApiError } from '#api/src/lib/errors';
import { auditStatement } from '#api/src/staff/audit';
import type { PaymentRow } from '#api/src/db/rows';
import { releaseStatements, type SplitRelease, splitReleaseStatements } from '#api/src/payments/outcome';
import { provenByOrderStatement } from '#api/src/carts/proof';
import { accountProvenStatement, accountsOfAddressProvenStatement } from '#api/src/orders/email-proof';
import { log } from '#api/src/lib/log';
import { restockedSkus } from '#api/src/catalogue/back-in-stock';
import { announceAlerts } from '#api/src/alerts';
import { walletMove } from '#api/src/orders/place';
import { siteOrigin } from '#api/src/lib/site-origin';
import { deliveryPointsStatements, referralRewardAcross } from '#api/src/loyalty/earn';
import { tierAcross } from '#api/src/loyalty/across';
import { refundPointsStatements } from '#api/src/loyalty/reverse';
import type { OrderUpdate, OrderUpdateKind } from '#api/src/mail/order-update-texts';
import type { OrderStage } from '#shared/api/staff-order-schemas';
import { pushAfter, pushToUser } from '#api/src/push';
import { orderStatusPush } from '#api/src/push/texts';
import {
  assertWritable,
  guardedEvent,
  isTransitionRace,
  mailStatements,
  type Order,
  orderFor,
  SplitBatch,
  stageOf,
  type Step,
  type StepActor,
  type StepContext,
  STEPS,
} from './common';
import { orderDetail } from './detail';
import { shipOrderStatement } from './ship-step';
import {
  type CardPayment,
  cardLeftAfterCancel,
  cardPayment,
  isOverRefund,
  refundInsert,
  refundedInto,
  sendGatewayRefund,
} from './refunds';

export async function runStep(c: Context<AppEnv>, id: number, step: Step, input: Record<string, unknown>) {
  const permission = step === 'cancel' ? 'orders:cancel' : 'orders:fulfil';
  // The order in her shard (decision 62): in shard 0 the core as before, one batch per step. In another
  // shard her shard's batch first (its guarded timeline row makes the step once), then the core's: the
  // mail, the audit row, and what a cancel gives back (only when her shard's guard released the order).
  const { member, order, db, moving } = await orderFor(c, id, permission);
  if (!STEPS[step].from.includes(stageOf(order))) throw new ApiError(409, 'transition_not_allowed');
  assertWritable({ moving });
  const done = await applyStep(c, member, order, db, step, input);
  if (done.refundFailed) {
    const detail = await orderDetail(c, order.id, db);
    return c.json(ok({ ...detail!, refund_failed: { ...done.refundFailed, msg: 'refund_gateway_failed' as const } }));
  }
  return c.json(ok(await orderDetail(c, order.id, db)));
}

/** What a step may change of its rule when the shop itself takes it (a carrier's tracking event). */
export interface StepOptions {
  /** The stages it may start from (a parcel picked up ships a confirmed order not yet packed). */
  from?: OrderStage[];
  /** The shopper's update instead of the step's own (a parcel back to the shop cancels as 'returned'). */
  mail?: OrderUpdateKind;
  /** The audit row's action instead of order.<step>. */
  action?: string;
}

/**
 * One step, written: the guarded timeline row, the order change, the shopper's mail, WhatsApp and push,
 * the audit row, and what a cancel gives back. Shared by the back office (`member` the clerk) and the
 * carriers' tracking events (`member` null: the shop itself, api/src/shipping/tracking.ts). Throws
 * ApiError(409, 'transition_not_allowed') when the order moved on meanwhile (the guard refused it).
 */
export async function applyStep(
  c: StepContext,
  member: StepActor,
  order: Order,
  db: D1Database,
  step: Step,
  input: Record<string, unknown>,
  options: StepOptions = {},
): Promise<{ refundFailed: { refund_id: number; amount: number } | null }> {
  const rule = { ...STEPS[step], ...(options.from ? { from: options.from } : {}) };
  const core = c.env.DB;
  const batch = new SplitBatch(db, core);
  const now = Date.now();
  const note = typeof input.note === 'string' && input.note ? input.note : null;
  batch.shard(
    guardedEvent(db, { orderId: order.id, kind: rule.kind, from: rule.from, staffId: member?.id ?? null, note, now }),
  );
  let before: Record<string, unknown> = { status: order.status };
  let after: Record<string, unknown>;
  let update: Omit<OrderUpdate, 'orderId' | 'country' | 'currency' | 'linkPath'> | null = null;
  let release: SplitRelease | null = null;
  const referrerAway = { referrer: false };
  let releaseAt = -1;
  let cancelRefund: {
    amount: number;
    method: 'wallet' | 'gateway';
    payment: CardPayment | null;
    index: number;
  } | null = null;
  switch (step) {
    case 'confirm':
      batch.shard(
        db
          .prepare("UPDATE orders SET status = 'processing', confirmed_at = ?, updated_at = ? WHERE id = ?")
          .bind(now, now, order.id),
      );
      after = { status: 'processing', confirmed_at: now };
      update = { kind: 'confirmed' };
      break;
    case 'pack':
      batch.shard(db.prepare('UPDATE orders SET packed_at = ?, updated_at = ? WHERE id = ?').bind(now, now, order.id));
      before = { packed_at: null };
      after = { packed_at: now };
      break;
    case 'ship': {
      const carrier = input.carrier as string;
      const tracking = input.tracking_number as string;
      const url = (input.tracking_url as string | undefined) ?? null;
      batch.shard(shipOrderStatement(db, order.id, { carrier, trackingNumber: tracking, trackingUrl: url }, now));
      after = { status: 'shipped', carrier, tracking_number: tracking, tracking_url: url };
      update = { kind: 'shipped', carrier, trackingNumber: tracking, trackingUrl: url };
      break;
    }
    case 'dispatch':
      batch.shard(
        db.prepare('UPDATE orders SET out_for_delivery_at = ?, updated_at = ? WHERE id = ?').bind(now, now, order.id),
      );
      before = { out_for_delivery_at: null };
      after = { out_for_delivery_at: now };
      update = { kind: 'out_for_delivery' };
      break;
    case 'deliver':
      batch.shard(
        db
          .prepare("UPDATE orders SET status = 'delivered', delivered_at = ?, updated_at = ? WHERE id = ?")
          .bind(now, now, order.id),
        // Cash on delivery is a sale once delivered: its e-invoice recorded with it (decision 75; an
        // order paid at once has its own already, and this changes nothing then).
        orderInvoiceRecord(db, order.id, now),
        // Her points (on what is left after any refund so far), her tier, her referrer's reward (in
        // another shard: her points here, the referrer's reward after the batch, referralRewardAcross).
        ...(await deliveryPointsStatements(db, order, now, siteOrigin(c), core, referrerAway)),
      );
      // A guest's order paid for and delivered proves the address she gave is hers (issue 73): her next
      // carts there are reminded (carts/proof.ts). Placed alone, it proves nothing: anyone can type it.
      if (order.user_id === null && order.guest_email)
        batch.toCore(
          provenByOrderStatement(core, order.guest_email, now),
          accountsOfAddressProvenStatement(core, order.guest_email, now),
        );
      // An account's order paid for and delivered proves her address the same way (decision 85).
      if (order.user_id !== null) batch.toCore(accountProvenStatement(core, order.user_id, now));
      after = { status: 'delivered' };
      update = { kind: 'delivered' };
      break;
    case 'cancel': {
      // An open card charge is closed as cancelled in the same batch (its outcome row first: a
      // webhook that recorded an outcome meanwhile makes this batch fail, and the clerk looks again).
      const open = await db
        .prepare("SELECT id FROM payments WHERE order_id = ? AND status = 'initiated'")
        .bind(order.id)
        .first<Pick<PaymentRow, 'id'>>();
      if (open)
        batch.shard(
          db
            .prepare("INSERT INTO payment_events (payment_id, outcome, created_at) VALUES (?, 'cancelled', ?)")
            .bind(open.id, now),
          db.prepare("UPDATE payments SET status = 'cancelled', updated_at = ? WHERE id = ?").bind(now, open.id),
        );
      // The shopper's cancel and a failed payment give back stock, coupon and wallet part this way.
      if (batch.split) {
        release = await splitReleaseStatements(db, core, order.id, now, 'cancelled');
        releaseAt = batch.order.length;
        batch.shard(...release.shard);
      } else batch.shard(...(await releaseStatements(db, order.id, now, 'cancelled')));
      batch.shard(db.prepare('UPDATE orders SET cancelled_at = ? WHERE id = ?').bind(now, order.id));
      before = { status: order.status, holds_stock: order.holds_stock, wallet_used: order.wallet_used };
      after = { status: 'cancelled', holds_stock: 0, wallet_used: 0 };
      update = { kind: options.mail ?? 'cancelled' };
      // What the card paid and no refund gave back yet goes back too, as a refund row (reason
      // 'cancelled') after the release in the batch: its amount is checked there against what was
      // paid (the wallet part now returned) minus what was refunded, so a refund racing this cancel
      // makes one of the two fail, never both pass.
      const cardBack = await cardLeftAfterCancel(db, order);
      if (cardBack > 0) {
        const method = input.refund_method === 'wallet' ? 'wallet' : 'gateway';
        // (The shop's own cancel, a parcel back to the shop, passes the method its caller chose:
        // api/src/shipping/returned.ts.)
        if (method === 'wallet' && order.user_id === null) throw new ApiError(409, 'refund_needs_account');
        const payment = method === 'gateway' ? await cardPayment(db, order.id) : null;
        if (method === 'gateway' && !payment) throw new ApiError(409, 'refund_no_card_payment');
        cancelRefund = { amount: cardBack, method, payment, index: batch.order.length };
        batch.shard(
          refundInsert(db, {
            order,
            amount: cardBack,
            method,
            reason: 'cancelled',
            note,
            paymentId: payment?.id ?? null,
            staffId: member?.id ?? null,
            now,
          }),
          // The order spent points given back by the release above: this refund's share is what is left.
          ...(await refundPointsStatements(db, order, now, siteOrigin(c), undefined, core)),
          // Its credit note, when the order was a sale with an e-invoice (decision 75).
          orderCreditRecords(db, order.id, now),
        );
        if (method === 'wallet') {
          batch.shard(
            ...walletMove(db, {
              userId: order.user_id!,
              currency: order.currency,
              amount: cardBack,
              kind: 'refund',
              orderId: order.id,
              paymentId: null,
            }),
          );
          await refundedInto(batch, c, order, member, { amount: cardBack, method, note }, 'refund:cancel', now);
        }
        after = { ...after, refund: { amount: cardBack, currency: order.currency, method, reason: 'cancelled' } };
      }
      break;
    }
  }
  if (update)
    batch.toCore(
      ...(await mailStatements(c, order, update, rule.kind, now, undefined, { db, statements: batch.order })),
    );
  batch.toCore(
    auditStatement(core, member, {
      action: options.action ?? `order.${step}`,
      resource: 'order',
      resourceId: order.id,
      country: order.country,
      before,
      after,
      reason: note,
    }),
  );
  let results: D1Result[];
  let restocked: number[];
  try {
    results = await db.batch(batch.order);
    restocked = restockedSkus(results);
  } catch (error) {
    if (isOverRefund(error)) throw new ApiError(409, 'refund_exceeds_paid');
    if (isTransitionRace(error)) throw new ApiError(409, 'transition_not_allowed');
    throw error;
  }
  if (batch.split) {
    // The core's half: what the cancel gives back, only when her shard's guard released the order
    // (never twice), then the mail and the audit row. A failure here is logged; the step stands.
    const released =
      release !== null && (release.guard < 0 || (results[releaseAt + release.guard]?.meta.changes ?? 0) > 0);
    try {
      const coreResults = await core.batch([...(released ? release!.core : []), ...batch.core]);
      restocked = restockedSkus(coreResults);
      if (step === 'deliver') await referralRewardAcross(c.env, db, order.id, now);
      // Her tier sums her orders (here) and her bookings (core): computed from both, stored here.
      if (order.user_id !== null && (step === 'deliver' || cancelRefund))
        await tierAcross(c.env, db, order.user_id, now, siteOrigin(c));
    } catch (error) {
      log.error('order step written in her shard, its core part failed', { orderId: order.id, step, error });
    }
  }
  // Her referrer's points are in another shard than the core: rewarded there after the delivery.
  if (!batch.split && step === 'deliver' && referrerAway.referrer)
    await referralRewardAcross(c.env, db, order.id, now).catch((error: unknown) =>
      log.error("referral reward in the referrer's shard failed", { orderId: order.id, error }),
    );
  // The account's devices get a push too, after the answer: confirmed, shipped, delivered, cancelled.
  const pushed = update?.kind;
  const userId = order.user_id;
  if (pushed && userId !== null && orderStatusPush('en', pushed, order.id))
    pushAfter(c, () => pushToUser(c.env, userId, 'order_status', (lang) => orderStatusPush(lang, pushed, order.id)!));
  // Stock back from 0 (a cancel): the alerts queue's consumer takes it from here (api/src/alerts/).
  announceAlerts(c, 'back_in_stock', restocked);
  // A delivery (cash on delivery's sale) or a cancel's refund recorded an e-invoice: signed after the
  // answer, and after the gateway's answer to a card refund (a refused one gets no credit note).
  const signRecorded = () => {
    if (step === 'deliver' || cancelRefund)
      signSoon(c.executionCtx, () => signOrderDocuments(c.env, db, order.id), { orderId: order.id, step });
  };
  if (cancelRefund?.method === 'gateway') {
    // The order stays cancelled whatever the gateway answers: its stock and coupon are back already,
    // and a shop owner wants a cancelled order cancelled. A refusal leaves the refund row failed (not
    // counting), and the answer says so (refund_failed, message key refund_gateway_failed) so the
    // clerk sees at once that nothing went back to the card; the order page then offers the refund
    // form for the amount, to retry or to refund to the wallet.
    const refundId = (results[cancelRefund.index]!.results[0] as { id: number }).id;
    const status = await sendGatewayRefund(
      c,
      member,
      order,
      {
        refundId,
        amount: cancelRefund.amount,
        reason: 'cancelled',
        note,
        payment: cancelRefund.payment!,
      },
      db,
    );
    signRecorded();
    if (status === 'failed') return { refundFailed: { refund_id: refundId, amount: cancelRefund.amount } };
    return { refundFailed: null };
  }
  signRecorded();
  return { refundFailed: null };
}

/** The detail: the order with everything staff need to act on it, in one round trip. */
