// A return's refund (issue 62), made once and recorded even when the worker dies half-way (issue 73).
// The money lives in her order's database and the return in the core, so the steps are:
//   1. the claim (the core): returns.refund_claimed_at, only from 'inspected'; it marks a refund started;
//   2. the refund (refundOrder, the order's rules): its row names the return (refunds.return_id), and a
//      return has at most one refund not failed (refunds_return_once), so a second attempt or a second
//      clerk cannot pay twice; to the wallet of an order in the core, the return's record is in this batch;
//   3. the record (the core): the 'refunded' step (its guarded event), the return's refund id and amount,
//      the claim cleared, the audit row and her messages (the refund's mail under its own dedupe key, so a
//      mail already queued with the refund is not sent twice; WhatsApp when she chose it).
// Killed after 1, the claim stays: the next attempt refunds, and the minute job releases a claim left
// without a refund. Killed after 2, the next attempt or the minute job finds the refund by its return and
// records it (3) without paying again. A gateway refund the gateway has not answered yet (pending with no
// gateway id) is recorded once the gateway's answer or the refund sweep settles it; a failed one releases
// the claim, and the return can be refunded again.
import type { Context } from 'hono';
import type { AppEnv } from '../app-env';
import { ApiError } from '../lib/errors';
import { log } from '../lib/log';
import { apiConfig } from '../lib/config';
import { assertCan } from '../middleware/staff';
import type { StaffMember } from '../staff/sessions';
import { assertWritable, loadOrder, mailStatements, type Order, type StepContext } from '../order-office/common';
import { refundOrder } from '../order-office/refunds';
import { refundMailTag } from '../payments/refunds';
import { orderRouteStatement, routeFrom } from '../db/databases';
import type { RefundRow, ReturnRow } from '../db/rows';
import { provenWhatsappTo } from '../messages/whatsapp-updates';
import { returnWhatsapp } from './request';
import { audit, guardedStep, isStepRace, refundAmount, returnDetail, returnFor } from './staff';

/** A claim older than this with no refund behind it is from a request that died: the job releases it. */
export const REFUND_CLAIM_STALE_MS = 10 * 60_000;

/** The dedupe tail of her "refunded" mail of a return's refund to the wallet (known before the refund's id). */
const walletMailTag = (returnId: number) => `return:${returnId}:refund`;

type MadeRefund = Pick<RefundRow, 'id' | 'amount' | 'method' | 'status' | 'provider_ref' | 'staff_id'>;

/** The return's refund not failed, in her order's database, if one was made. */
function madeRefund(db: D1Database, returnId: number): Promise<MadeRefund | null> {
  return db
    .prepare(
      "SELECT id, amount, method, status, provider_ref, staff_id FROM refunds WHERE return_id = ? AND status <> 'failed'",
    )
    .bind(returnId)
    .first<MadeRefund>();
}

/** A gateway refund the gateway has not answered yet: neither recorded nor released until it settles. */
const unanswered = (r: MadeRefund) => r.method === 'gateway' && r.status === 'pending' && r.provider_ref === null;

type Ret = Pick<ReturnRow, 'id' | 'country' | 'status' | 'lang'>;

/** The return's record of its refund: its step (once: the guarded event), its refund, the claim cleared, the audit row. */
function recordStatements(
  core: D1Database,
  ret: Ret,
  refund: { id: number | null; amount: number; method: string },
  member: Pick<StaffMember, 'id'> | null,
  note: string | null,
  now: number,
): D1PreparedStatement[] {
  return [
    guardedStep(core, ret.id, 'refunded', ['inspected'], member?.id ?? null, note, now),
    core
      .prepare(
        `UPDATE returns SET status = 'refunded', refund_claimed_at = NULL, updated_at = ?1, refund_amount = ?2,
           refund_id = coalesce(?3, (SELECT id FROM refunds WHERE return_id = ?4 AND status <> 'failed'))
         WHERE id = ?4`,
      )
      .bind(now, refund.amount, refund.id, ret.id),
    audit(
      core,
      member,
      { ret },
      'refund',
      { status: 'refunded', refund_id: refund.id, amount: refund.amount, method: refund.method },
      note,
    ),
  ];
}

/** Her messages of the recorded refund: the refund's mail (as the refund queued it: once) and WhatsApp. */
async function herMessages(
  c: Pick<StepContext, 'env' | 'var'>,
  order: Order,
  ret: Ret,
  refund: { id: number; amount: number; method: 'wallet' | 'gateway' },
  now: number,
): Promise<D1PreparedStatement[]> {
  const tag = refund.method === 'gateway' ? refundMailTag(refund.id) : walletMailTag(ret.id);
  return [
    ...(await mailStatements(
      c,
      order,
      { kind: 'refunded', amount: refund.amount, method: refund.method, cardMethod: order.card_method },
      tag,
      now,
    )),
    ...(await returnWhatsapp(c, whatsappRow(order), ret.id, 'refunded', now)),
  ];
}

const whatsappRow = (order: Order) => ({
  id: order.id,
  lang: order.lang,
  whatsapp_to: provenWhatsappTo({ whatsapp_to: order.whatsapp_to, proven_phone: order.sms_to }),
});

/** Records a refund made for the return (step 3). False when another attempt recorded it first. */
async function recordRefund(
  c: Pick<StepContext, 'env' | 'var'>,
  order: Order,
  ret: Ret,
  refund: MadeRefund,
  member: Pick<StaffMember, 'id'> | null,
  note: string | null,
): Promise<boolean> {
  const now = Date.now();
  const core = c.env.DB;
  try {
    await core.batch([
      ...recordStatements(core, ret, refund, member, note, now),
      ...(await herMessages(c, order, ret, refund, now)),
    ]);
    return true;
  } catch (error) {
    if (isStepRace(error)) return false;
    throw error;
  }
}

/** The refund's refusals that come before anything is written or with its batch refused whole. */
const NOTHING_PAID: readonly string[] = ['refund_exceeds_paid', 'refund_needs_account', 'refund_no_card_payment'];

/** A claim given up (nothing paid): the return is open to a refund again, and the delivery fee its claim
 * held goes back to the order's other returns. */
const releaseClaim = (core: D1Database, returnId: number) =>
  core
    .prepare("UPDATE returns SET refund_claimed_at = NULL, delivery_refunded = 0 WHERE id = ? AND status = 'inspected'")
    .bind(returnId)
    .run();

/**
 * The claim (step 1): only from 'inspected', not for a return whose events say "refunded" (below), and
 * with the delivery fee only while no other return of the order holds it (claimed or refunded): two
 * returns refunded at once cannot both take it, whatever each read before (the losing claim stores nothing).
 */
const claimStatement = (core: D1Database, id: number, delivery: boolean, now: number) =>
  core
    .prepare(
      `UPDATE returns SET refund_claimed_at = ?1, delivery_refunded = ?2, updated_at = ?1 WHERE id = ?3 AND status = 'inspected'
         AND NOT EXISTS (SELECT 1 FROM return_events WHERE return_id = ?3 AND kind = 'refunded')
         AND (?2 = 0 OR NOT EXISTS (SELECT 1 FROM returns o WHERE o.order_id = returns.order_id AND o.id <> ?3
           AND o.delivery_refunded = 1 AND o.status <> 'rejected'))`,
    )
    .bind(now, delivery ? 1 : 0, id);

export async function refundReturn(
  c: Context<AppEnv>,
  id: number,
  input: { method: 'wallet' | 'gateway'; note?: string },
) {
  const l = await returnFor(c, id);
  assertCan(l.member, 'orders:refund', l.order.country);
  if (l.ret.status !== 'inspected') throw new ApiError(409, 'transition_not_allowed');
  assertWritable(l);
  const core = c.env.DB;
  const note = input.note || null;
  // An earlier attempt that died after paying: recorded now, not paid again.
  const made = await madeRefund(l.db, id);
  if (made) {
    if (unanswered(made)) throw new ApiError(409, 'transition_not_allowed');
    await recordRefund(c, l.order, l.ret, made, l.member, note);
    return returnDetail(c, id);
  }
  let { amount, delivery } = await refundAmount(c, l);
  if (amount <= 0) throw new ApiError(409, 'return_nothing_to_refund');
  const now = Date.now();
  // 1. The claim (with whether the delivery fee is part of it, which one return of the order holds).
  // Not for a return whose events already say "refunded" while it is still inspected: the state a refund
  // killed half-way left before its refund named the return (issue 73), paid but unrecorded. Paying it
  // again is never the answer; staff reconcile it by hand from the log line.
  let claimed = await claimStatement(core, id, delivery, now).run();
  if (!claimed.meta.changes && delivery) {
    // Another return of the order took the delivery fee since it was read: this one refunds without it.
    ({ amount, delivery } = await refundAmount(c, l));
    if (amount <= 0) throw new ApiError(409, 'return_nothing_to_refund');
    claimed = await claimStatement(core, id, delivery, now).run();
  }
  if (!claimed.meta.changes) {
    const paidBefore = await core
      .prepare("SELECT 1 FROM return_events WHERE return_id = ? AND kind = 'refunded'")
      .bind(id)
      .first();
    if (paidBefore)
      log.error('return refunded before its record: reconcile it by hand, never refund again', { returnId: id });
    throw new ApiError(409, 'transition_not_allowed');
  }
  // 2. The refund; to the wallet of an order in the core, with the return's record in its batch.
  const inBatch =
    input.method === 'wallet' && l.db === core
      ? [
          ...recordStatements(core, l.ret, { id: null, amount, method: input.method }, l.member, note, now),
          ...(await returnWhatsapp(c, whatsappRow(l.order), id, 'refunded', now)),
        ]
      : undefined;
  let refunded: Awaited<ReturnType<typeof refundOrder>>;
  try {
    refunded = await refundOrder(
      c,
      l.member,
      l.order,
      {
        amount,
        method: input.method,
        // The refunds table's reasons are fixed: damaged is its own, the others are 'other' with the return named.
        reason: l.ret.reason === 'damaged' ? 'damaged' : 'other',
        note: `return ${l.ret.id}: ${l.ret.reason}${input.note ? ` – ${input.note}` : ''}`,
      },
      l.db,
      { returnId: id, mailTag: walletMailTag(id), inBatch },
    );
  } catch (error) {
    // Refused before or by its batch (whole or nothing), nothing paid: the claim goes. Not when another
    // attempt's refund holds (its own record clears the claim, or the job does).
    if (isStepRace(error) || (error instanceof ApiError && NOTHING_PAID.includes(error.key)))
      await releaseClaim(core, id);
    if (isStepRace(error)) throw new ApiError(409, 'transition_not_allowed');
    throw error;
  }
  if (refunded.status === 'failed') {
    await releaseClaim(core, id);
    throw new ApiError(502, 'refund_gateway_failed');
  }
  // 3. The record (already in the refund's batch when inBatch was).
  if (!inBatch) {
    const stored = await madeRefund(l.db, id);
    if (stored && !unanswered(stored)) await recordRefund(c, l.order, l.ret, stored, l.member, note);
  }
  return returnDetail(c, id);
}

/**
 * The minute job: claims older than REFUND_CLAIM_STALE_MS (their request died, or the gateway had not
 * answered). A refund made for the return is recorded with her messages; a claim without one is
 * released; one the gateway has still not answered waits for the refund sweep. Answers how many were
 * recorded and released.
 */
export async function sweepReturnRefundClaims(
  env: ApiEnv,
  now = Date.now(),
): Promise<{ recorded: number; released: number }> {
  const core = env.DB;
  const { results } = await core
    .prepare(
      `SELECT id, order_id, country, status, lang FROM returns
       WHERE refund_claimed_at IS NOT NULL AND refund_claimed_at < ? AND status = 'inspected' ORDER BY refund_claimed_at LIMIT 20`,
    )
    .bind(now - REFUND_CLAIM_STALE_MS)
    .all<Ret & { order_id: number }>();
  const c = { env, var: { config: apiConfig(env) } };
  const done = { recorded: 0, released: 0 };
  for (const ret of results) {
    try {
      const [routeRes] = await core.batch([orderRouteStatement(env, ret.order_id)]);
      const route = routeFrom(env, routeRes!.results[0] as Parameters<typeof routeFrom>[1]);
      if (route.moving) continue;
      const made = await madeRefund(route.db, ret.id);
      if (!made) {
        await releaseClaim(core, ret.id);
        done.released += 1;
        continue;
      }
      if (unanswered(made)) continue;
      const order = await loadOrder(route.db, ret.order_id, env);
      const member = made.staff_id === null ? null : { id: made.staff_id };
      if (order && (await recordRefund(c, order, ret, made, member, null))) done.recorded += 1;
    } catch (error) {
      log.error('return refund claim not settled', { returnId: ret.id, error });
    }
  }
  return done;
}
