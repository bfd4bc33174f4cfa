// Refunds from the back office: to the wallet (with its ledger row) or through the gateway that took
// the card payment, never more than was paid, and the shopper told once the refund holds.
import { orderCreditRecords, signOrderDocuments, signSoon } from '../e-invoice-sales';
import { tierAcross } from '#api/src/loyalty/across';
import type { Context } from 'hono';
import { ok } from '#shared/api/envelope';
import { currencyDecimals } from '#shared/money';
import type { AppEnv } from '#api/src/app-env';
import { ApiError } from '#api/src/lib/errors';
import { log } from '#api/src/lib/log';
import { siteOrigin } from '#api/src/lib/site-origin';
import { auditStatement } from '#api/src/staff/audit';
import type { StaffMember } from '#api/src/staff/sessions';
import type { PaymentRow, RefundRow } from '#api/src/db/rows';
import type { RefundResult } from '#api/src/payment-gateway/gateway';
import { gatewayFor } from '#api/src/payment-gateway/gateway-for';
import { refundMailTag } from '#api/src/payments/refunds';
import { walletMove } from '#api/src/orders/place';
import { randomToken } from '#api/src/accounts/tokens';
import {
  referralVoidAfterRefund,
  refundFailedPointsStatements,
  refundPointsStatements,
} from '#api/src/loyalty/reverse';
import { referralRevokeAcross } from '#api/src/loyalty/referral-revoke';
import {
  CARD_SQL,
  GATEWAY_REFUNDED_SQL,
  type Order,
  PAID_SQL,
  REFUNDED_SQL,
  mailStatements,
  SplitBatch,
  type StepActor,
  type StepContext,
} from './common';
import { orderDetail } from './detail';

export type CardPayment = Pick<PaymentRow, 'id' | 'provider' | 'provider_ref'>;

/** The order's card payment that succeeded, which a gateway refund goes back through. */
export function cardPayment(db: D1Database, orderId: number): Promise<CardPayment | null> {
  return db
    .prepare(
      "SELECT id, provider, provider_ref FROM payments WHERE order_id = ? AND purpose = 'order' AND status = 'succeeded' AND provider_ref IS NOT NULL ORDER BY created_at DESC LIMIT 1",
    )
    .bind(orderId)
    .first<CardPayment>();
}

/**
 * What a cancel gives back of the card payment: the card part not yet refunded through the gateway,
 * within what stays refundable once the wallet part returns to the wallet (releaseStatements).
 */
export async function cardLeftAfterCancel(db: D1Database, order: Order): Promise<number> {
  const sums = await db
    .prepare(
      `SELECT ${PAID_SQL} AS paid, ${REFUNDED_SQL} AS refunded, ${CARD_SQL} AS card_paid, ${GATEWAY_REFUNDED_SQL} AS gateway_refunded
       FROM orders o WHERE o.id = ?`,
    )
    .bind(order.id)
    .first<{ paid: number; refunded: number; card_paid: number; gateway_refunded: number }>();
  if (!sums) return 0;
  const walletReturned = order.holds_stock ? order.wallet_used : 0;
  return Math.max(0, Math.min(sums.card_paid - sums.gateway_refunded, sums.paid - walletReturned - sums.refunded));
}

export const isOverRefund = (error: unknown) =>
  /refund_within_paid|CHECK constraint failed: refunds/.test(String(error));

/** A return's refund made a second time (refunds_return_once, migration 0080): refused, nothing stored. */
const isReturnRefundedTwice = (error: unknown) =>
  /refunds_return_once|UNIQUE constraint failed: refunds\.return_id/.test(String(error));

/**
 * A refund row whose amount is checked inside its batch: more than was paid minus what was refunded
 * (and, through the gateway, more than the card paid minus its refunds) writes 0, which the CHECK
 * (refunds.refund_within_paid) refuses, so the whole batch fails. Two refunds at once cannot both pass.
 */
export function refundInsert(
  db: D1Database,
  r: {
    order: Pick<Order, 'id'>;
    amount: number;
    method: 'wallet' | 'gateway';
    reason: RefundRow['reason'];
    note: string | null;
    paymentId: string | null;
    staffId: number | null;
    now: number;
    /** The return it pays (at most one refund not failed a return: refunds_return_once). */
    returnId?: number | null;
    /** A staff form's key (refunds_idempotency_key, migration 0098): a second row with it fails its batch. */
    idempotencyKey?: string | null;
  },
): D1PreparedStatement {
  const within =
    r.method === 'gateway'
      ? `?1 <= ${PAID_SQL} - ${REFUNDED_SQL} AND ?1 <= ${CARD_SQL} - ${GATEWAY_REFUNDED_SQL}`
      : `?1 <= ${PAID_SQL} - ${REFUNDED_SQL}`;
  return db
    .prepare(
      `INSERT INTO refunds (order_id, amount, currency, method, reason, note, status, payment_id, staff_id, created_at, updated_at, return_id,
         idempotency_key)
       SELECT o.id, CASE WHEN ${within} THEN ?1 ELSE 0 END, o.currency, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?8, ?10, ?11 FROM orders o WHERE o.id = ?9
       RETURNING id`,
    )
    .bind(
      r.amount,
      r.method,
      r.reason,
      r.note,
      r.method === 'wallet' ? 'succeeded' : 'pending',
      r.paymentId,
      r.staffId,
      r.now,
      r.order.id,
      r.returnId ?? null,
      r.idempotencyKey ?? null,
    );
}

/**
 * The shopper's side of a refund: the timeline row they see and the mail. A gateway refund's are
 * stored only while its row has not failed: a failure settled first (its webhook can overtake the
 * gateway's answer) must not be followed by "we have refunded"; one settled after finds this mail
 * and sends the correction (payments/refunds.ts).
 *
 * Into a change's statements by database (SplitBatch). For an order in another shard the
 * mail's condition cannot read her refund from the core: the caller queues the core's half only once
 * her shard's batch stored the refund not failed (sendGatewayRefund reads it back in that batch).
 */
export async function refundedInto(
  batch: SplitBatch,
  c: Pick<StepContext, 'env' | 'var'>,
  order: Order,
  member: StepActor,
  r: { amount: number; method: 'wallet' | 'gateway'; note: string | null; refundId?: number },
  tag: string,
  at: number,
): Promise<void> {
  const when =
    r.refundId === undefined
      ? undefined
      : { sql: "EXISTS (SELECT 1 FROM refunds WHERE id = ? AND status <> 'failed')", binds: [r.refundId] };
  batch.shard(
    batch.db
      .prepare(
        `INSERT INTO order_events (order_id, kind, staff_id, note, at, refund_id) SELECT ?, 'refunded', ?, ?, ?, ? WHERE ${when?.sql ?? 'true'}`,
      )
      .bind(order.id, member?.id ?? null, r.note, at, r.refundId ?? null, ...(when?.binds ?? [])),
  );
  batch.toCore(
    ...(await mailStatements(
      c,
      order,
      { kind: 'refunded', amount: r.amount, method: r.method, cardMethod: order.card_method },
      tag,
      at,
      batch.split ? undefined : when,
      { db: batch.db, statements: batch.order },
    )),
  );
}

/**
 * Asks the gateway for a refund whose row is stored pending, then stores its answer. A refund the
 * gateway settles later stays pending until its webhook or the sweep (payments/refunds.ts); the
 * answer never overwrites a settlement that arrived first. Not failed: the shopper is mailed. Answers
 * the refund's status as stored.
 */
export async function sendGatewayRefund(
  c: Pick<StepContext, 'env' | 'var'>,
  member: StepActor,
  order: Order,
  r: { refundId: number; amount: number; reason: RefundRow['reason']; note: string | null; payment: CardPayment },
  db: D1Database = c.env.DB,
): Promise<RefundResult['status']> {
  const core = c.env.DB;
  const split = db !== core;
  const gateway = gatewayFor(c.var.config);
  let result: RefundResult;
  try {
    result = await gateway.refund({
      providerRef: r.payment.provider_ref!,
      amount: r.amount,
      currency: order.currency,
      decimals: currencyDecimals(order.currency),
      reason: r.reason,
      refundId: r.refundId,
      webhookUrl: `${siteOrigin(c)}/payments/webhook/${gateway.name}`,
    });
  } catch (error) {
    log.error('gateway refund failed', { orderId: order.id, refundId: r.refundId, error });
    result = { providerRef: null, status: 'failed' };
  }
  const later = Date.now();
  const batch = new SplitBatch(db, core);
  batch.shard(
    db
      .prepare(
        "UPDATE refunds SET status = CASE WHEN status = 'pending' THEN ? ELSE status END, provider_ref = coalesce(provider_ref, ?), updated_at = ? WHERE id = ? RETURNING status",
      )
      .bind(result.status, result.providerRef, later, r.refundId),
  );
  batch.toCore(
    auditStatement(core, member, {
      action: result.status === 'failed' ? 'order.refund_failed' : 'order.refund_sent',
      resource: 'order',
      resourceId: order.id,
      country: order.country,
      after: { refund_id: r.refundId, status: result.status, provider_ref: result.providerRef },
      reason: r.note ? `${r.reason}: ${r.note}` : r.reason,
    }),
  );
  if (result.status === 'failed')
    // The points its batch moved, undone (only if the row is stored failed by this answer).
    batch.shard(
      ...(await refundFailedPointsStatements(
        db,
        { id: r.refundId, order_id: order.id, user_id: order.user_id, country: order.country },
        later,
        siteOrigin(c),
        !split,
      )),
    );
  else
    await refundedInto(
      batch,
      c,
      order,
      member,
      { amount: r.amount, method: 'gateway', note: r.note, refundId: r.refundId },
      refundMailTag(r.refundId),
      later,
    );
  const [stored] = await batch.db.batch(batch.order);
  // What the row says now: a settlement that arrived before this answer (its webhook) has the last word.
  const status = (stored!.results[0] as Pick<RefundRow, 'status'> | undefined)?.status ?? result.status;
  if (split) {
    // Her shard's answer decides the core's half: "we have refunded" only for a refund not failed.
    const core$ = status === 'failed' && result.status !== 'failed' ? batch.core.slice(0, 1) : batch.core;
    try {
      await core.batch(core$);
    } catch (error) {
      log.error('gateway refund stored in her shard, its audit row or mail failed in the core', {
        refundId: r.refundId,
        error,
      });
    }
  }
  return status;
}

/**
 * A refund, never more than was paid minus what was refunded (checked inside the batch: refundInsert).
 * To the wallet: the ledger row and the balance in the same batch. To the gateway: the refund row is
 * stored pending first (counting as refunded), then the gateway is asked, then its answer is stored.
 * `db` holds the order (her shard); for one in another shard than the core, her shard's batch is
 * written first (the refund's CHECK makes it within what was paid) and the core's half after it.
 *
 * Once per form key (`idempotency_key`, stored in the refund row by its own batch): a form sent again,
 * or twice at once, finds the row and is answered as the first was (the order, or 502 when the
 * gateway refused it), refunding nothing more; a key already used for another order is a 409.
 */
export async function refund(
  c: Context<AppEnv>,
  member: StaffMember,
  order: Order,
  input: {
    amount: number;
    method: 'wallet' | 'gateway';
    reason: RefundRow['reason'];
    note?: string;
    idempotency_key: string;
  },
  db: D1Database = c.env.DB,
) {
  const answer = async (status: RefundRow['status']) => {
    if (status === 'failed') throw new ApiError(502, 'refund_gateway_failed');
    return c.json(ok(await orderDetail(c, order.id, db)));
  };
  const made = () =>
    db
      .prepare('SELECT order_id, status FROM refunds WHERE idempotency_key = ?')
      .bind(input.idempotency_key)
      .first<Pick<RefundRow, 'order_id' | 'status'>>();
  const replay = (row: Pick<RefundRow, 'order_id' | 'status'>) => {
    if (row.order_id !== order.id) throw new ApiError(409, 'refund_key_used');
    return answer(row.status);
  };
  const before = await made();
  if (before) return replay(before);
  let status: RefundRow['status'];
  try {
    ({ status } = await refundOrder(c, member, order, input, db, undefined, input.idempotency_key));
  } catch (error) {
    // The same form at the same moment: its batch stored the key first, so this one's failed whole
    // (the key's unique index, or the amount's CHECK once the first counted as refunded).
    const first = await made();
    if (first) return replay(first);
    throw error;
  }
  return answer(status);
}

/** What a return's refund adds to the order's (api/src/returns/refund-record.ts). */
export interface ReturnRefund {
  returnId: number;
  /** The dedupe tail of her "refunded" mail to the wallet, known before the refund's id (the job re-queues it). */
  mailTag: string;
  /** For a refund to the wallet of an order in the core: the return's record, in the refund's own batch. */
  inBatch?: D1PreparedStatement[];
}

/**
 * The refund itself (refund's rules), answering the refund row's id and status as stored (a gateway's
 * refusal answers 'failed', the row kept failed): a return's refund (api/src/returns/) goes through it,
 * naming its return (`forReturn`).
 */
export async function refundOrder(
  c: Context<AppEnv>,
  member: StaffMember,
  order: Order,
  input: { amount: number; method: 'wallet' | 'gateway'; reason: RefundRow['reason']; note?: string },
  db: D1Database = c.env.DB,
  forReturn?: ReturnRefund,
  /** A staff form's key (refund): stored in the refund row, which a second batch with it cannot write. */
  idempotencyKey?: string,
): Promise<{ refundId: number; status: RefundResult['status'] }> {
  const core = c.env.DB;
  const now = Date.now();
  const note = input.note || null;
  if (input.method === 'wallet' && order.user_id === null) throw new ApiError(409, 'refund_needs_account');
  const payment = input.method === 'gateway' ? await cardPayment(db, order.id) : null;
  if (input.method === 'gateway' && !payment) throw new ApiError(409, 'refund_no_card_payment');
  const insert = refundInsert(db, {
    order,
    amount: input.amount,
    method: input.method,
    reason: input.reason,
    note,
    paymentId: payment?.id ?? null,
    staffId: member.id,
    now,
    returnId: forReturn?.returnId ?? null,
    idempotencyKey: idempotencyKey ?? null,
  });
  const audit = (after: Record<string, unknown>) =>
    auditStatement(core, member, {
      action: 'order.refund',
      resource: 'order',
      resourceId: order.id,
      country: order.country,
      after,
      reason: note ? `${input.reason}: ${note}` : input.reason,
    });
  const batch = new SplitBatch(db, core);
  // Set when the friend's referrer has her points in another shard (referralRevokeStatements).
  const referrerAway = { referrer: false };
  const write = async () => {
    try {
      const results = await batch.db.batch(batch.order);
      // A friend's order returned in full: her referrer's reward taken back where her points are.
      if (batch.split || referrerAway.referrer)
        await referralRevokeAcross(c.env, db, order.id, now).catch((error: unknown) =>
          log.error("referral reward not taken back in the referrer's shard after a refund", {
            orderId: order.id,
            error,
          }),
        );
      if (batch.split) {
        batch.core.push(...(await referralVoidAfterRefund(db, core, order.id)));
        await core
          .batch(batch.core)
          .catch((error: unknown) =>
            log.error('refund stored in her shard, its core part (mail, audit) failed', { orderId: order.id, error }),
          );
        // A delivered order's refund lowers her spending: her tier, from her orders and bookings, stored here.
        if (order.user_id !== null && order.status === 'delivered')
          await tierAcross(c.env, db, order.user_id, now, siteOrigin(c)).catch((error: unknown) =>
            log.error('tier not refreshed in her shard after a refund', { orderId: order.id, error }),
          );
      }
      return results;
    } catch (error) {
      if (isOverRefund(error)) throw new ApiError(409, 'refund_exceeds_paid');
      if (isReturnRefundedTwice(error)) throw new ApiError(409, 'transition_not_allowed');
      throw error;
    }
  };

  // The refund's credit note, when the order was a sale with an e-invoice (decision 75): recorded in
  // the refund's own batch, signed after the answer.
  const credit = orderCreditRecords(db, order.id, now);
  const signCredit = () =>
    signSoon(c.executionCtx, () => signOrderDocuments(c.env, db, order.id), { orderId: order.id, refund: true });
  if (input.method === 'wallet') {
    batch.shard(
      insert,
      credit,
      // Its share of the points the order earned taken back, of those it spent given back.
      ...(await refundPointsStatements(db, order, now, siteOrigin(c), undefined, core, referrerAway)),
      ...walletMove(db, {
        userId: order.user_id!,
        currency: order.currency,
        amount: input.amount,
        kind: 'refund',
        orderId: order.id,
        paymentId: null,
      }),
    );
    await refundedInto(
      batch,
      c,
      order,
      member,
      { amount: input.amount, method: 'wallet', note },
      forReturn?.mailTag ?? `refund:${now}:${randomToken().slice(0, 8)}`,
      now,
    );
    batch.toCore(audit({ amount: input.amount, currency: order.currency, method: 'wallet', reason: input.reason }));
    // In the core's batch only: in another shard the core's half is written after hers (SplitBatch).
    if (forReturn?.inBatch && !batch.split) batch.toCore(...forReturn.inBatch);
    const [stored] = await write();
    signCredit();
    return { refundId: (stored!.results[0] as { id: number }).id, status: 'succeeded' };
  }

  batch.shard(
    insert,
    credit,
    ...(await refundPointsStatements(db, order, now, siteOrigin(c), undefined, core, referrerAway)),
  );
  batch.toCore(
    audit({
      amount: input.amount,
      currency: order.currency,
      method: 'gateway',
      reason: input.reason,
      status: 'pending',
    }),
  );
  const [inserted] = await write();
  const refundId = (inserted!.results[0] as { id: number }).id;
  const status = await sendGatewayRefund(
    c,
    member,
    order,
    {
      refundId,
      amount: input.amount,
      reason: input.reason,
      note,
      payment: payment!,
    },
    db,
  );
  signCredit();
  return { refundId, status };
}
