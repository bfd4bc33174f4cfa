// Gateway refunds that settle later. Tap may answer a refund PENDING; the refund
// row then counts as refunded until the gateway says otherwise. Three ways to hear:
//   - the gateway's webhook (routes/payments.ts): signature checked, then the refund fetched from the
//     gateway itself, whose status (not the webhook's) decides, as for charges (confirm.ts);
//   - the sweep (the cron): refunds still pending after REFUND_PENDING_AFTER_MS are asked about, each
//     again at most every REFUND_RECHECK_MS;
//   - locally, a tester settling a sandbox refund from the staff order page.
// (A consultation's refund the gateway refuses when asked is settled there and then: consultations/refund-failed.ts.)
// A refund settles once (refund_events, migration 0031): succeeded, or failed, when it stops counting
// in what was refunded (the staff page shows it failed and offers another refund). A failure after the
// shopper was mailed "we have refunded" queues a correction mail in the order's language, in the same
// batch (orders/update-mail.ts).
import type { StaffMember } from '../staff/sessions';
import { auditStatement } from '../staff/audit';
import { log } from '../lib/log';
import { orderUpdateStatements } from '../orders/update-mail';
import type { OrderRow } from '../db/rows';
import type { Gateway, RefundReport } from '../payment-gateway/gateway';
import { refundFailedPointsStatements } from '../loyalty/reverse';
import { type DatabaseEnv, orderRoute, orderShards, routeFrom } from '../db/databases';
import { payGiveBacksOf } from '../orders/give-backs';
import { failedRefundToWallet } from '../consultations/refund-failed';
import { ApiError } from '../lib/errors';
import { orderDebitRecord } from '../e-invoice-sales';

export const REFUND_PENDING_AFTER_MS = 6 * 60 * 60 * 1000;
const REFUND_RECHECK_MS = 60 * 60 * 1000;

export type RefundSource = 'webhook' | 'sweep' | 'sandbox';

export type RefundSettlement =
  | { ok: true; applied: boolean; refundId: number; status: RefundReport['status'] }
  | { ok: false; reason: 'unknown_refund' | 'mismatch' | 'unavailable' };

interface PendingRow {
  id: number;
  /** An order's refund, or a consultation's (migration 0059): exactly one is set. */
  order_id: number | null;
  consultation_id: number | null;
  amount: number;
  currency: string;
  status: RefundReport['status'];
  provider_ref: string | null;
  country: OrderRow['country'];
  lang: OrderRow['lang'];
  user_id: number | null;
  email: string | null;
}

/** The refund with what its settlement needs of its order or consultation (the shopper, her language). */
const PENDING_ROW_SQL = `SELECT r.id, r.order_id, r.consultation_id, r.amount, r.currency, r.status, r.provider_ref,
    coalesce(o.country, c.country) AS country, coalesce(o.lang, c.lang) AS lang, coalesce(o.user_id, c.user_id) AS user_id,
    coalesce(u.email, o.guest_email) AS email
  FROM refunds r LEFT JOIN orders o ON o.id = r.order_id LEFT JOIN consultations c ON c.id = r.consultation_id
  LEFT JOIN users u ON u.id = coalesce(o.user_id, c.user_id)`;

/** The same in an order shard other than the core (decision 61): an order's refund only (a
 * consultation's is the core's), her e-mail read from the core after. */
const SHARD_PENDING_ROW_SQL = `SELECT r.id, r.order_id, NULL AS consultation_id, r.amount, r.currency, r.status, r.provider_ref,
    o.country, o.lang, o.user_id, o.guest_email AS email
  FROM refunds r LEFT JOIN orders o ON o.id = r.order_id`;

const CLAIMED_WHERE = "WHERE r.method = 'gateway' AND (r.provider_ref = ?1 OR (r.provider_ref IS NULL AND r.id = ?2))";

/** Where a refund found in the core belongs now: its order's route, read in the same batch. */
const CORE_ROUTE_SQL = `SELECT s.id, s.binding,
    EXISTS (SELECT 1 FROM shopper_moves m WHERE m.owner_key = o.owner_key AND m.state = 'locked') AS moving
  FROM (SELECT 1) LEFT JOIN order_owners o ON o.order_id = (SELECT r.order_id FROM refunds r ${CLAIMED_WHERE})
    LEFT JOIN shopper_shards x ON x.owner_key = o.owner_key LEFT JOIN order_shards s ON s.id = x.shard_id`;

/** A pending refund with the database holding it (the core: shard 0, and every consultation's). */
interface Found {
  row: PendingRow;
  db: D1Database;
  moving: boolean;
}

/** Her e-mail for a shard's row (the account's lives in the core). */
async function withEmail(core: D1Database, row: PendingRow): Promise<PendingRow> {
  if (row.user_id === null) return row;
  const email = await core.prepare('SELECT email FROM users WHERE id = ?').bind(row.user_id).first<string>('email');
  return { ...row, email: email ?? row.email };
}

/**
 * A gateway refund by the gateway's id (or ours while it has none): the core first, with its order's
 * route in the same batch (shard 0 pays nothing more), then every other shard in parallel (a refund
 * carries no shard in its ids the gateway knows).
 */
async function findRefund(env: DatabaseEnv, providerRef: string, refundId: number): Promise<Found | null> {
  const core = env.DB;
  const [rows, routes] = await core.batch([
    core.prepare(`${PENDING_ROW_SQL} ${CLAIMED_WHERE}`).bind(providerRef, refundId),
    core.prepare(CORE_ROUTE_SQL).bind(providerRef, refundId),
  ]);
  const inCore = rows!.results[0] as PendingRow | undefined;
  const route = routeFrom(env, routes!.results[0] as Parameters<typeof routeFrom>[1]);
  if (inCore && route.binding === 'DB') return { row: inCore, db: core, moving: route.moving };
  const shards = (await orderShards(env)).filter((s) => s.id !== 0);
  const found = await Promise.all(
    shards.map((s) =>
      s.db
        .prepare(`${SHARD_PENDING_ROW_SQL} ${CLAIMED_WHERE}`)
        .bind(providerRef, refundId)
        .first<PendingRow>()
        .then((row) => (row ? { row, db: s.db } : null)),
    ),
  );
  const hit = found.find((f) => f !== null);
  if (!hit) return null;
  const at = hit.row.order_id === null ? { moving: false } : await orderRoute(env, hit.row.order_id);
  return { row: await withEmail(core, hit.row), db: hit.db, moving: at.moving };
}

/** The tail of the dedupe key of the mail telling the shopper a gateway refund is on its way. */
export const refundMailTag = (refundId: number) => `refund:${refundId}`;

/**
 * Records what the gateway says of a refund, once. With `confirm`, the refund is first fetched from
 * the gateway (when it can be asked) and must be the same refund, amount and currency.
 */
export async function settleRefund(
  envOrCore: DatabaseEnv | D1Database,
  gateway: Gateway,
  claimed: RefundReport,
  source: RefundSource,
  options: { confirm: boolean; siteOrigin: string; staff?: Pick<StaffMember, 'id'> | null },
): Promise<RefundSettlement> {
  const env = 'DB' in envOrCore ? envOrCore : { DB: envOrCore };
  const found = await findRefund(env, claimed.providerRef, claimed.refundId ?? -1);
  if (!found) return { ok: false, reason: 'unknown_refund' };
  const { row, db } = found;
  let report = claimed;
  if (options.confirm && gateway.fetchRefund) {
    let fetched: RefundReport | null;
    try {
      fetched = await gateway.fetchRefund(claimed.providerRef);
    } catch (error) {
      log.error('payment gateway unreachable while confirming a refund', { refundId: row.id, error });
      return { ok: false, reason: 'unavailable' };
    }
    if (!fetched || fetched.providerRef !== claimed.providerRef) return { ok: false, reason: 'mismatch' };
    report = fetched;
  }
  if (report.amount !== row.amount || report.currency !== row.currency) return { ok: false, reason: 'mismatch' };
  if (report.status === 'pending' || row.status !== 'pending') {
    if (row.status === 'succeeded' && report.status === 'failed')
      log.error('gateway reports a refund failed that was recorded as succeeded', { refundId: row.id });
    if (row.status === 'failed' && report.status === 'succeeded')
      // Staff may have refunded again meanwhile: the money may have gone back twice.
      log.error('gateway reports a refund succeeded that was recorded as failed', { refundId: row.id });
    return { ok: true, applied: false, refundId: row.id, status: row.status };
  }
  if (found.moving) throw new ApiError(503, 'service_busy');
  const applied = await recordSettlement(env, db, row, {
    outcome: report.status,
    providerRef: report.providerRef,
    source,
    staff: options.staff ?? null,
    siteOrigin: options.siteOrigin,
  });
  return { ok: true, applied, refundId: row.id, status: applied ? report.status : row.status };
}

/**
 * Stores a pending refund's outcome, once (false when it was settled already): the refund_events row
 * first, the refund's status, the audit row and, for a failure, the shopper's correction mail. `db`
 * holds the refund; when that is an order shard other than the core, her shard's batch goes first
 * (refund_events makes it once) and the core's (the audit row, the mail) after it.
 */
async function recordSettlement(
  env: DatabaseEnv,
  db: D1Database,
  row: PendingRow,
  s: {
    outcome: 'succeeded' | 'failed';
    providerRef: string | null;
    source: RefundSource;
    staff: Pick<StaffMember, 'id'> | null;
    siteOrigin: string;
    /** Why, in the audit row, when no gateway said so (the sweep giving up on a refund without an id). */
    why?: string;
  },
): Promise<boolean> {
  const now = Date.now();
  const core = env.DB;
  const split = db !== core;
  const links: D1PreparedStatement[] = [];
  const consultation = row.order_id === null ? row.consultation_id : null;
  // The shopper heard "we have refunded" only when that mail was queued (refunds the gateway refused
  // at once never were); the correction follows that mail alone, and only once (its own dedupe key).
  const announced = `order:${row.order_id}:${refundMailTag(row.id)}`;
  const correction =
    row.order_id !== null &&
    s.outcome === 'failed' &&
    (await core.prepare('SELECT 1 FROM mail_outbox WHERE dedupe_key = ?').bind(announced).first()) !== null
      ? await orderUpdateStatements(
          core,
          { ...row, id: row.order_id },
          { kind: 'refund_failed', amount: row.amount, method: 'gateway' },
          {
            dedupe: `${refundMailTag(row.id)}:failed`,
            now,
            siteOrigin: s.siteOrigin,
            // Checked again in the batch: the announcement and this settlement may race.
            when: { sql: 'EXISTS (SELECT 1 FROM mail_outbox WHERE dedupe_key = ?)', binds: [announced] },
            ...(split ? { shard: { db, statements: links } } : {}),
          },
        )
      : [];
  // A consultation's card refund the gateway failed is owed to her all the same: it goes to her wallet
  // in the batch that records the failure (its consultation still counts it refunded), or, her wallet in
  // her order shard, is recorded there as a give-back (consultations/refund-failed.ts).
  const toWallet =
    consultation !== null && s.outcome === 'failed' && row.user_id !== null
      ? await failedRefundToWallet(
          env,
          {
            refundId: row.id,
            consultationId: consultation,
            userId: row.user_id,
            currency: row.currency,
            amount: row.amount,
          },
          now,
        )
      : { statements: [], away: false };
  // An order's refund that failed: the points its batch moved are undone (loyalty/reverse.ts).
  const points =
    row.order_id !== null && s.outcome === 'failed'
      ? await refundFailedPointsStatements(
          db,
          { id: row.id, order_id: row.order_id, user_id: row.user_id, country: row.country },
          now,
          s.siteOrigin,
          !split,
        )
      : [];
  const audit = auditStatement(core, s.staff, {
    action: `${consultation !== null ? 'consultation' : 'order'}.${s.outcome === 'failed' ? 'refund_failed' : 'refund_settled'}`,
    resource: consultation !== null ? 'consultation' : 'order',
    resourceId: consultation ?? row.order_id!,
    country: row.country,
    before: { refund_id: row.id, status: 'pending' },
    after: { refund_id: row.id, status: s.outcome, provider_ref: s.providerRef, source: s.source },
    reason: s.why ?? (consultation !== null && s.outcome === 'failed' ? 'sent_to_wallet' : null),
  });
  // A return this refund paid (api/src/returns/refund.ts) is open to a refund again: its 'refunded' step
  // goes (its event first, while the return still names the refund), so staff can refund it once more;
  // the delivery fee it held is free again for whichever of the order's returns is refunded next.
  const reopened =
    row.order_id !== null && s.outcome === 'failed'
      ? [
          core
            .prepare(
              "DELETE FROM return_events WHERE kind = 'refunded' AND return_id IN (SELECT id FROM returns WHERE refund_id = ?1 AND status = 'refunded')",
            )
            .bind(row.id),
          core
            .prepare(
              "UPDATE returns SET status = 'inspected', refund_id = NULL, refund_amount = NULL, delivery_refunded = 0, updated_at = ?2 WHERE refund_id = ?1 AND status = 'refunded'",
            )
            .bind(row.id, now),
        ]
      : [];
  const settled = [
    // First: a second settlement of the same refund (a repeated webhook, the sweep) aborts here.
    db
      .prepare('INSERT INTO refund_events (refund_id, outcome, source, created_at) VALUES (?, ?, ?, ?)')
      .bind(row.id, s.outcome, s.source, now),
    db
      .prepare(
        "UPDATE refunds SET status = ?, provider_ref = coalesce(provider_ref, ?), updated_at = ? WHERE id = ? AND status = 'pending'",
      )
      .bind(s.outcome, s.providerRef, now, row.id),
    // An order's refund that failed after its Saudi credit note was recorded: the chain is never changed,
    // so a debit note reverses the note (decision 75), recorded here with the failure, in her shard.
    // (A consultation's failed card refund went to her wallet: its credit note stays true.)
    ...(row.order_id !== null && s.outcome === 'failed' ? [orderDebitRecord(db, row.id, now)] : []),
  ];
  if (split) {
    // A failure's return reopened before her shard's batch too (and again after it, both idempotent): a
    // kill between the two batches must not leave the return "refunded" by a refund that failed. Reopened
    // early, the failed refund's settlement still follows (a retry or the sweep), and its pending row keeps
    // a second refund of the return out meanwhile (refunds_return_once).
    if (reopened.length)
      await core
        .batch(reopened)
        .catch((error) => log.error('return not reopened before its refund failed', { refundId: row.id, error }));
    try {
      await db.batch([...settled, ...links, ...points]);
    } catch (error) {
      if (/refund_events/.test(String(error))) return false;
      throw error;
    }
    try {
      await core.batch([audit, ...correction, ...reopened]);
    } catch (error) {
      log.error('refund settled in her order shard, its audit row or mail failed in the core', {
        refundId: row.id,
        error,
      });
    }
    return true;
  }
  try {
    await db.batch([...settled, audit, ...correction, ...reopened, ...toWallet.statements, ...points]);
  } catch (error) {
    if (/refund_events/.test(String(error))) return false;
    throw error;
  }
  if (toWallet.away) await payGiveBacksOf(env, row.user_id!);
  return true;
}

/**
 * The cron's sweep: asks the gateway about refunds pending for hours, and gives up on those the
 * gateway never gave an id for. Answers how many settled.
 */
export async function sweepPendingRefunds(
  envOrCore: DatabaseEnv | D1Database,
  gateway: Gateway,
  siteOrigin: string,
  now = Date.now(),
): Promise<number> {
  const env = 'DB' in envOrCore ? envOrCore : { DB: envOrCore };
  // Every order shard holds refunds (decision 61): each is swept, one after the other.
  let settled = 0;
  for (const shard of await orderShards(env)) settled += await sweepShard(env, shard.db, gateway, siteOrigin, now);
  return settled;
}

async function sweepShard(
  env: DatabaseEnv,
  db: D1Database,
  gateway: Gateway,
  siteOrigin: string,
  now: number,
): Promise<number> {
  let settled = await failUnsentRefunds(env, db, siteOrigin, now);
  if (!gateway.fetchRefund) return settled;
  const { results } = await db
    .prepare(
      `SELECT id, provider_ref FROM refunds
       WHERE status = 'pending' AND method = 'gateway' AND provider_ref IS NOT NULL AND created_at < ? AND updated_at < ?
       ORDER BY updated_at LIMIT 20`,
    )
    .bind(now - REFUND_PENDING_AFTER_MS, now - REFUND_RECHECK_MS)
    .all<{ id: number; provider_ref: string }>();
  for (const { id, provider_ref } of results) {
    let report: RefundReport | null;
    try {
      report = await gateway.fetchRefund(provider_ref);
    } catch (error) {
      log.warn('payment gateway unreachable while sweeping refunds', { refundId: id, error });
      continue;
    }
    if (report && report.status !== 'pending') {
      let result: RefundSettlement;
      try {
        result = await settleRefund(env, gateway, report, 'sweep', { confirm: false, siteOrigin });
      } catch (error) {
        // Her move holds her writes for a moment: the next run settles it.
        if (error instanceof ApiError && error.status === 503) continue;
        throw error;
      }
      if (result.ok && result.applied) {
        settled++;
        continue;
      }
      if (!result.ok) log.error('refund sweep: the gateway reports another refund', { refundId: id, ...result });
    } else if (!report) log.error('refund sweep: the gateway does not know the refund', { refundId: id });
    // Still pending (or unanswerable): asked again after REFUND_RECHECK_MS.
    await db.prepare("UPDATE refunds SET updated_at = ? WHERE id = ? AND status = 'pending'").bind(now, id).run();
  }
  return settled;
}

/**
 * Gateway refunds still pending without the gateway's id after REFUND_PENDING_AFTER_MS: the worker
 * stopped between storing the row and storing the gateway's answer (killed mid-call, or D1 failed
 * then), or the gateway answered pending without an id. They cannot be asked about: Tap's adapter
 * reads a refund by Tap's own id only (GET /v2/refunds/{id}), and Tap's refund list filters by date
 * period, not by the merchant reference `refund_<id>` we send, so finding one there would mean paging
 * through every refund. Yet a refund Tap did create posts its webhook (carrying our id in
 * metadata.refund_id, which settleRefund matches while provider_ref is NULL) within minutes, so one
 * silent for hours almost surely never reached Tap. Leaving it pending would count it as refunded
 * forever while the shopper has nothing; so it is marked failed: it stops counting, the staff page
 * shows it failed with the refund form, the shopper's "refunded" mail (if one went) is corrected, and
 * the error log line asks staff to look for `refund_<id>` in Tap's dashboard before refunding again.
 * Should Tap's webhook still say REFUNDED later, settleRefund logs that error too.
 */
async function failUnsentRefunds(env: DatabaseEnv, db: D1Database, siteOrigin: string, now: number): Promise<number> {
  const split = db !== env.DB;
  const { results } = await db
    .prepare(
      `${split ? SHARD_PENDING_ROW_SQL : PENDING_ROW_SQL}
       WHERE r.status = 'pending' AND r.method = 'gateway' AND r.provider_ref IS NULL AND r.created_at < ?
       ORDER BY r.created_at LIMIT 20`,
    )
    .bind(now - REFUND_PENDING_AFTER_MS)
    .all<PendingRow>();
  let failed = 0;
  for (const found of results) {
    const row = split ? await withEmail(env.DB, found) : found;
    if (split && row.order_id !== null && (await orderRoute(env, row.order_id)).moving) continue;
    const applied = await recordSettlement(env, db, row, {
      outcome: 'failed',
      providerRef: null,
      source: 'sweep',
      staff: null,
      siteOrigin,
      why: 'no_gateway_id',
    });
    if (!applied) continue;
    failed++;
    log.error('refund sweep: a refund without a gateway id is marked failed; check Tap for its reference', {
      refundId: row.id,
      orderId: row.order_id,
      reference: `refund_${row.id}`,
    });
  }
  return failed;
}
