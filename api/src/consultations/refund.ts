// Every refund of a consultation, in one module: the shopper's cancel (free until 24 hours before,
// then nothing) and the outcomes the nutritionist or the shop marks (nutritionist_no_show and
// call_failed give everything back; shopper_no_show and shopper_late nothing). Money goes to the wallet,
// or back to the card through the gateway's refund where the payment was a gateway one and the shopper
// asked (the wallet part of a mixed payment always to the wallet); a package's session returns to the
// package. Each change is one batch with its audit row; its first statement re-checks the state, so
// two marks or a mark and a cancel racing each other refund once. The card part's refunds row is stored
// pending in that same batch, before the gateway is asked (as an order's cancel stores its refund:
// order-office/steps.ts), so a worker killed at any point leaves the refund recorded for its webhook or
// the sweep to settle (payments/refunds.ts), never owed without a record.
//
// Her wallet and points may be in another order shard than the core (decision 61): the consultation is
// the core's, so its batch changes it and records the wallet part's give-back, written in her shard after
// it, once (orders/give-backs.ts: the cron writes one a dying request left).
import { bookingCreditRecord, consultationCreditRecords } from '../e-invoice-sales';
import { cancelRefund, outcomeRefund, outcomeStatus, canMarkOutcome } from '#shared/consultations/rules';
import type { ConsultationOutcome, RefundDestination } from '#shared/consultations/facts';
import { currencyDecimals } from '#shared/money';
import { ApiError } from '../lib/errors';
import { log } from '../lib/log';
import type { ApiConfig } from '../lib/config';
import { gatewayFor } from '../payment-gateway/gateway-for';
import { walletMove } from '../orders/payment-moves';
import { settleRefused } from './refund-failed';
import { auditStatement } from '../staff/audit';
import { earnStatements } from '../loyalty/earn';
import { consultationRefundPointsStatements } from '../loyalty/reverse';
import type { CountryCode } from '#shared/locale';
import { type DatabaseEnv, type Route, shardFor, userOwner } from '../db/databases';
import { giveBackStatement, payGiveBacksOf } from '../orders/give-backs';
import { earnAcross } from '../loyalty/across';
import { queueMoneyBackNotice } from './change-notices';
import type { NoticeRow } from './notices';

/** What a refund needs besides the database: the gateway's configuration, the site for links, and the
 * bindings when her wallet may be in an order shard (the routes pass them; without, the core's). */
export interface RefundEnv {
  config: ApiConfig;
  siteOrigin: string;
  shards?: DatabaseEnv;
}

interface ConsultationMoneyRow {
  id: number;
  user_id: number;
  nutritionist_id: number;
  status: string;
  country: string;
  currency: string;
  starts_at: number;
  ends_at: number;
  payment_method: 'card' | 'wallet' | 'package' | 'pay_later';
  card_method: string | null;
  payment_state: string;
  credit_id: number | null;
  total: number;
  wallet_used: number;
  refunded: number;
  outcome: ConsultationOutcome | null;
}

const COLUMNS =
  'id, user_id, nutritionist_id, status, country, currency, starts_at, ends_at, payment_method, card_method, payment_state, credit_id, total, wallet_used, refunded, outcome';

async function consultationForMoney(db: D1Database, id: number): Promise<ConsultationMoneyRow | null> {
  return db.prepare(`SELECT ${COLUMNS} FROM consultations WHERE id = ?`).bind(id).first<ConsultationMoneyRow>();
}

interface RefundPlan {
  /** To the wallet, and to the card through the gateway (minor units). */
  wallet: number;
  card: number;
  sessionBack: boolean;
}

/**
 * Where `amount` goes: the card part (what the gateway took, when the shopper chose the card and the
 * payment went through the gateway) and the rest to the wallet.
 */
function planRefund(
  c: Pick<ConsultationMoneyRow, 'total' | 'wallet_used' | 'payment_method'>,
  amount: number,
  sessionBack: boolean,
  to: RefundDestination,
): RefundPlan {
  const viaGateway = c.payment_method === 'card' || c.payment_method === 'pay_later' ? c.total - c.wallet_used : 0;
  const card = to === 'card' ? Math.min(amount, viaGateway) : 0;
  return { wallet: amount - card, card, sessionBack };
}

interface GatewayPayment {
  id: string;
  provider_ref: string;
  amount: number;
  currency: string;
}

/** The gateway payment the card part goes back through; null when there is none able to take it back
 * (then the card part goes to the wallet). */
async function gatewayPayment(db: D1Database, c: ConsultationMoneyRow, amount: number): Promise<GatewayPayment | null> {
  const payment = await db
    .prepare(
      "SELECT id, provider_ref, amount, currency FROM payments WHERE consultation_id = ? AND status = 'succeeded' ORDER BY created_at DESC LIMIT 1",
    )
    .bind(c.id)
    .first<Omit<GatewayPayment, 'provider_ref'> & { provider_ref: string | null }>();
  if (!payment?.provider_ref || amount > payment.amount) return null;
  return { ...payment, provider_ref: payment.provider_ref };
}

/** The card part's refunds row, stored pending (counting as refunded, migration 0059) in the batch that
 * changes the consultation, with its credit note when the consultation was a Saudi sale (decision 75:
 * signed by the minute sweep). Its id is the gateway's idempotency key (refund_<id>) and what its
 * webhook names; a request that dies after the batch leaves it for the webhook or the sweep. */
function cardRefundStatements(
  db: D1Database,
  c: ConsultationMoneyRow,
  payment: GatewayPayment,
  amount: number,
  reason: string,
  now: number,
): D1PreparedStatement[] {
  return [
    db
      .prepare(
        `INSERT INTO refunds (consultation_id, amount, currency, method, reason, note, status, payment_id, created_at, updated_at)
         VALUES (?1, ?2, ?3, 'gateway', ?4, ?5, 'pending', ?6, ?7, ?7) RETURNING id`,
      )
      .bind(c.id, amount, payment.currency, /cancel/i.test(reason) ? 'cancelled' : 'other', reason, payment.id, now),
    consultationCreditRecords(db, c.id, now),
  ];
}

/**
 * Asks the gateway to refund the card part whose row the change's batch stored pending, then stores its
 * answer without overwriting a settlement that came first (its webhook). A refusal settles the row
 * failed there and then, as a failure the gateway reports later does (./refund-failed.ts): the amount
 * goes to her wallet in the batch that records it, once. Answers whether the card got it (pending or
 * succeeded), i.e. not failed.
 */
async function sendToCard(
  db: D1Database,
  env: RefundEnv,
  c: ConsultationMoneyRow,
  payment: GatewayPayment,
  refundId: number,
  amount: number,
  reason: string,
): Promise<boolean> {
  const gateway = gatewayFor(env.config);
  let result: { providerRef: string | null; status: 'pending' | 'succeeded' | 'failed' };
  try {
    result = await gateway.refund({
      providerRef: payment.provider_ref,
      amount,
      currency: payment.currency,
      decimals: currencyDecimals(payment.currency),
      reason,
      refundId,
      webhookUrl: `${env.siteOrigin}/payments/webhook/${gateway.name}`,
    });
  } catch (error) {
    log.warn('consultation card refund refused; refunding to the wallet', { consultationId: c.id, error });
    result = { providerRef: null, status: 'failed' };
  }
  if (result.status === 'failed') {
    // Not settled now (her move holds her writes, D1 failed): the sweep settles the row, still pending
    // without a gateway id, the same way after REFUND_PENDING_AFTER_MS.
    const refused = { refundId, consultationId: c.id, userId: c.user_id, currency: payment.currency, amount };
    await settleRefused(env.shards ?? { DB: db }, { ...refused, country: c.country }).catch((error: unknown) =>
      log.error('refused consultation refund not settled; the sweep will', { consultationId: c.id, refundId, error }),
    );
    return false;
  }
  const [stored] = await db.batch([
    db
      .prepare(
        "UPDATE refunds SET status = CASE WHEN status = 'pending' THEN ?1 ELSE status END, provider_ref = coalesce(provider_ref, ?2), updated_at = ?3 WHERE id = ?4 RETURNING status",
      )
      .bind(result.status, result.providerRef, Date.now(), refundId),
    auditStatement(db, null, {
      action: 'consultation.card_refund',
      resource: 'consultation',
      resourceId: c.id,
      country: c.country,
      after: {
        amount,
        refund_id: refundId,
        payment_id: payment.id,
        provider_ref: result.providerRef,
        status: result.status,
      },
    }),
  ]);
  // A failure its webhook settled before this answer was stored gave her the amount in her wallet already.
  return (stored!.results[0] as { status: string } | undefined)?.status !== 'failed';
}

/** The statements that give back `plan` (wallet part, session) and count it refunded; with her wallet and
 * points `away` in another shard, neither: carryOut records the wallet part's give-back instead, and no
 * points need taking back (a consultation earns them only when marked held, and is marked once: no refund
 * follows an earning). */
function moneyBackStatements(
  db: D1Database,
  c: ConsultationMoneyRow,
  plan: RefundPlan,
  away: Route | null,
): D1PreparedStatement[] {
  const out: D1PreparedStatement[] = [];
  if (plan.wallet > 0 && !away)
    out.push(
      ...walletMove(db, {
        userId: c.user_id,
        currency: c.currency,
        amount: plan.wallet,
        kind: 'refund',
        orderId: null,
        paymentId: null,
        consultationId: c.id,
      }),
    );
  if (plan.sessionBack && c.credit_id)
    out.push(
      db
        .prepare('UPDATE consultation_credits SET sessions_left = min(sessions_total, sessions_left + 1) WHERE id = ?')
        .bind(c.credit_id),
    );
  const refunded = plan.wallet + plan.card;
  if (refunded > 0 || plan.sessionBack)
    out.push(
      db
        .prepare(
          `UPDATE consultations SET refunded = refunded + ?1,
             payment_state = CASE WHEN payment_state = 'package' THEN 'package'
               WHEN refunded + ?1 >= total THEN 'refunded' ELSE 'partly_refunded' END
           WHERE id = ?2`,
        )
        .bind(refunded, c.id),
      // The wallet part of a Saudi sale's refund is a credit note on its e-invoice (decision 75), keyed by
      // the refunded total this update leaves (the card part has its own, with its refunds row).
      ...(plan.wallet > 0 ? [bookingCreditRecord(db, 'consultation', c.id, plan.wallet, Date.now())] : []),
      // The share of any points it earned that this refund takes back (none before it is completed).
      ...(away
        ? []
        : consultationRefundPointsStatements(
            db,
            { id: c.id, user_id: c.user_id, country: c.country as CountryCode },
            Date.now(),
          )),
    );
  return out;
}

export interface RefundDone {
  refunded: number;
  to: 'wallet' | 'card' | 'package' | null;
  /** Where it went, for the mail that tells her: to the wallet, to the card, a package's session back. */
  wallet: number;
  card: number;
  sessionBack: boolean;
}

/** Her mail and WhatsApp update of a cancel or a refund; the change is stored already, so a failure to
 * queue them is logged, not answered as the change's failure. */
function tell(
  db: D1Database,
  id: number,
  change: Parameters<typeof queueMoneyBackNotice>[2],
  done: RefundDone,
  env: RefundEnv,
  now: number,
): Promise<NoticeRow | null> {
  return queueMoneyBackNotice(
    db,
    id,
    change,
    done,
    { secret: env.config.TOKEN_SECRET, siteOrigin: env.siteOrigin },
    now,
  ).catch((error: unknown) => {
    log.error('consultation change notice not queued', { consultationId: id, error });
    return null;
  });
}

/** Her route when her wallet and points are in another order shard than the core; null in the core. */
async function awayRoute(env: RefundEnv, userId: number): Promise<Route | null> {
  if (!env.shards) return null;
  const route = await shardFor(env.shards, userOwner(userId));
  if (route.binding === 'DB') return null;
  // Her move is at its final copy: the change waits (the client tries again), as her other writes do.
  if (route.moving) throw new ApiError(503, 'service_busy');
  return route;
}

async function carryOut(
  db: D1Database,
  env: RefundEnv,
  away: Route | null,
  c: ConsultationMoneyRow,
  plan: RefundPlan,
  guard: D1PreparedStatement,
  audit: D1PreparedStatement,
  reason: string,
  extra: D1PreparedStatement[] = [],
): Promise<RefundDone> {
  // The card part goes back through the gateway payment that took it; without one, to the wallet.
  const payment = plan.card > 0 ? await gatewayPayment(db, c, plan.card) : null;
  const p: RefundPlan = payment ? plan : { ...plan, wallet: plan.wallet + plan.card, card: 0 };
  // One batch: the guard first (a change that lost its race stores nothing: its CHECK fails, so the card
  // is only ever refunded by the one change that won), the card part's refund row stored pending, the
  // wallet part and the session given back, everything counted refunded, the audit row. A kill after it
  // leaves nothing owed unrecorded: the pending row is settled by its webhook or the sweep.
  // Her wallet in her shard: the wallet part's give-back is recorded in the batch and written there after
  // it (orders/give-backs.ts; a refused card part is recorded so by its settlement).
  const now = Date.now();
  const card = payment ? cardRefundStatements(db, c, payment, p.card, reason, now) : [];
  const giveBack =
    away && p.wallet > 0
      ? [
          giveBackStatement(
            db,
            {
              note: `consultation ${c.id}: ${reason.replace(/^Consultation /, '')}`,
              userId: c.user_id,
              currency: c.currency,
              amount: p.wallet,
              consultationId: c.id,
            },
            now,
          ),
        ]
      : [];
  const results = await db.batch([
    guard,
    ...card,
    ...moneyBackStatements(db, c, p, away),
    ...giveBack,
    audit,
    ...extra,
  ]);
  if (away) await payGiveBacksOf(env.shards!, c.user_id);
  let refused = 0;
  if (payment) {
    const refundId = (results[1]!.results[0] as { id: number }).id;
    if (!(await sendToCard(db, env, c, payment, refundId, p.card, reason))) refused = p.card;
  }
  const wallet = p.wallet + refused;
  const toCard = p.card - refused;
  return {
    refunded: wallet + toCard,
    to: toCard > 0 ? 'card' : wallet > 0 ? 'wallet' : plan.sessionBack ? 'package' : null,
    wallet,
    card: toCard,
    sessionBack: plan.sessionBack && c.credit_id !== null,
  };
}

/**
 * The shopper cancels a booked consultation: its time is freed, and what she paid comes back if it is
 * at least 24 hours before the start (a package's session returns), nothing after.
 */
export async function cancelConsultation(
  db: D1Database,
  env: RefundEnv,
  p: { userId: number; id: number; refundTo: RefundDestination },
  now = Date.now(),
): Promise<RefundDone & { notice: NoticeRow | null }> {
  const c = await consultationForMoney(db, p.id);
  if (!c || c.user_id !== p.userId) throw new ApiError(404, 'not_found');
  if (c.status !== 'booked' || now >= c.starts_at) throw new ApiError(409, 'consultation_not_changeable');
  const away = await awayRoute(env, c.user_id);
  const r = cancelRefund(c, now);
  const plan = planRefund(c, r.amount, r.session_back && c.payment_method === 'package', p.refundTo);
  const guard = db
    .prepare(
      `UPDATE consultations SET slot_held = (status = 'booked'), status = 'cancelled', cancelled_at = ?1, updated_at = ?1
       WHERE id = ?2`,
    )
    .bind(now, c.id);
  const audit = auditStatement(db, null, {
    action: 'consultation.cancel',
    resource: 'consultation',
    resourceId: c.id,
    country: c.country,
    before: { status: c.status },
    after: { status: 'cancelled', refund: r.amount, free: r.free, to: p.refundTo },
    reason: r.free ? 'cancelled_in_time' : 'cancelled_late',
  });
  try {
    const done = await carryOut(db, env, away, c, plan, guard, audit, 'Consultation cancelled');
    await db.prepare('DELETE FROM consultation_cells WHERE consultation_id = ?').bind(c.id).run();
    const notice = await tell(db, c.id, { kind: 'cancelled' }, done, env, now);
    return { ...done, notice };
  } catch (error) {
    if (/consultation_slot_held/.test(String(error))) throw new ApiError(409, 'consultation_not_changeable');
    throw error;
  }
}

/**
 * What happened at the time, marked by the nutritionist or the shop (the portal's staff routes call
 * this): the status that follows and the refund the rules give, once (a consultation takes one mark).
 */
export async function applyOutcome(
  db: D1Database,
  env: RefundEnv,
  consultationId: number,
  outcome: ConsultationOutcome,
  staffId: number | null,
  opts: { refundTo?: RefundDestination; now?: number } = {},
): Promise<RefundDone & { status: string; notice: NoticeRow | null }> {
  const now = opts.now ?? Date.now();
  const c = await consultationForMoney(db, consultationId);
  if (!c) throw new ApiError(404, 'not_found');
  if (c.outcome !== null || !canMarkOutcome(c, now)) throw new ApiError(409, 'consultation_not_changeable');
  const away = await awayRoute(env, c.user_id);
  const r = outcomeRefund(outcome, c);
  const status = outcomeStatus(outcome);
  const plan = planRefund(c, r.amount, r.session_back, opts.refundTo ?? 'card');
  const guard = db
    .prepare(
      `UPDATE consultations SET slot_held = (outcome IS NULL AND status IN ('booked', 'completed')), outcome = ?1, status = ?2,
         completed_at = CASE WHEN ?2 = 'completed' THEN coalesce(completed_at, ?3) ELSE completed_at END, updated_at = ?3
       WHERE id = ?4`,
    )
    .bind(outcome, status, now, c.id);
  const audit = auditStatement(db, staffId === null ? null : { id: staffId }, {
    action: 'consultation.outcome',
    resource: 'consultation',
    resourceId: c.id,
    country: c.country,
    before: { status: c.status, outcome: c.outcome },
    after: { status, outcome, refund: r.amount, session_back: r.session_back },
  });
  // Completed: her points for it, in the batch that marks it (loyalty/earn.ts); in her shard after it.
  const points =
    status === 'completed' && !away
      ? await earnStatements(db, {
          source: 'consultation',
          id: c.id,
          userId: c.user_id,
          country: c.country as CountryCode,
          now,
          siteOrigin: env.siteOrigin,
        })
      : [];
  try {
    const done = await carryOut(db, env, away, c, plan, guard, audit, `Consultation ${outcome}`, points);
    // Money or a session back (the nutritionist's no-show, a failed call): she is told where it went.
    const notice =
      done.refunded > 0 || done.sessionBack
        ? await tell(db, c.id, { kind: 'refunded', outcome }, done, env, now)
        : null;
    if (away && status === 'completed')
      await earnAcross(
        env.shards!,
        away,
        { source: 'consultation', id: c.id, userId: c.user_id, country: c.country as CountryCode, now },
        env.siteOrigin,
      ).catch((error: unknown) =>
        log.error('consultation points not written in her order shard', { consultationId: c.id, error }),
      );
    return { ...done, status, notice };
  } catch (error) {
    if (/consultation_slot_held/.test(String(error))) throw new ApiError(409, 'consultation_not_changeable');
    throw error;
  }
}
