// The scheduled job of subscribe and save (decision 45): for every active subscription whose order
// date has come (its delivery date less the lead days), place the order at the subscription price and
// charge it, then move the subscription on one period.
//
// Once per subscription and delivery date, however often the job runs: the run row
// (subscription_id, due_date) is claimed with an INSERT that only one caller can make; the order's
// idempotency key is made of the same two, so a run picked up again after a crash gets the order it
// placed, never a second one; and a kept card is charged only by the call that placed the order.
// What cannot be placed or paid (out of stock, card declined, no card, wallet short) is a failed run:
// the shopper gets a mail (and a push) saying why and where to fix it; nothing is charged.
// A run follows its order's payment (./run-failed.ts): the order's batch links the run to it, and a
// charge that fails or is never confirmed (the job stopped before charging, the gateway unanswered,
// a charge pending) fails the run in the outcome's batch, mail and date move included. A run picked
// up again after a stop never charges: its order's charge, if it was never made, is closed by the
// stale-payment sweep, and that outcome finishes the run.
import { COUNTRY_CODES } from '#shared/countries';
import { countryDate, datesJson } from '#shared/country-days';
import type { SubmitInput } from '#shared/api/order-schemas';
import { currencyDecimals } from '#shared/money';
import { type Frequency, SUBSCRIPTION_RULES } from '#shared/subscriptions/frequency';
import type { RunFailure } from '#shared/subscriptions/types';
import { ApiError } from '../lib/errors';
import { log } from '../lib/log';
import { placeOrder } from '../orders/place';
import type { Gateway } from '../payment-gateway/gateway';
import { applyOutcome } from '../payments/outcome';
import type { CountryCode } from '#shared/locale';
import { dateAhead, moveOnStatement, runFailedMail } from '../payments/subscription-run-failed';

/** A claim older than this was left by a job that stopped: it is picked up again. */
const STALE_CLAIM_MS = 15 * 60_000;

export interface DueRow {
  id: number;
  user_id: number;
  country: CountryCode;
  lang: 'en' | 'ar';
  sku_id: number;
  count: number;
  every: Frequency;
  address_id: number;
  pay_by: 'card' | 'wallet';
  next_date: string;
  name: string;
  email: string | null;
  phone: string | null;
  phone_verified_at: number | null;
  whatsapp_updates_at: number | null;
  product_name: string;
  customer_ref: string | null;
  card_ref: string | null;
  agreement_ref: string | null;
  brand: string | null;
  last4: string | null;
}

/** A subscription with what placing and charging its order takes: its shopper, product name and card. */
/** The date the row is for: the subscription's next delivery, or (a retry) the failed run's date. */
const dueColumns = (
  date = 's.next_date',
) => `SELECT s.id, s.user_id, s.country, s.lang, s.sku_id, s.count, s.every, s.address_id, s.pay_by, ${date} AS next_date,
         u.name, u.email, u.phone, u.phone_verified_at, u.whatsapp_updates_at,
         CASE s.lang WHEN 'ar' THEN p.name_ar ELSE p.name_en END AS product_name,
         c.customer_ref, c.card_ref, c.agreement_ref, c.brand, c.last4
       FROM subscriptions s
       JOIN users u ON u.id = s.user_id AND u.deleted_at IS NULL
       JOIN products p ON p.id = s.product_id
       LEFT JOIN saved_cards c ON c.id = s.card_id`;

/** How far back a failed run may be tried again by its shopper. */
const RETRY_DAYS = 7;

/**
 * The shopper's "try again" on a failed run that placed no order (out of stock, no card, wallet
 * short): the same run, its same date and idempotency key, claimed back from 'failed' by one caller.
 * Null when there is no such run to try.
 */
export async function retryRun(
  env: { DB: D1Database; ALERTS?: Queue },
  o: { gateway: Gateway; siteOrigin: string; now?: number },
  subscriptionId: number,
  userId: number,
): Promise<Outcome | null> {
  const db = env.DB;
  const now = o.now ?? Date.now();
  const due = await db
    .prepare(
      `${dueColumns('r.due_date')}
       JOIN subscription_runs r ON r.subscription_id = s.id
         AND r.due_date = (SELECT max(due_date) FROM subscription_runs WHERE subscription_id = s.id)
       WHERE s.id = ?1 AND s.user_id = ?2 AND s.status = 'active' AND r.status = 'failed' AND r.order_id IS NULL
         AND r.due_date >= json_extract(?3, '$.' || s.country)`,
    )
    .bind(subscriptionId, userId, datesJson(COUNTRY_CODES, now, -RETRY_DAYS))
    .first<DueRow>();
  if (!due) return null;
  const taken = await db
    .prepare(
      "UPDATE subscription_runs SET status = 'claimed', failure = NULL, updated_at = ? WHERE subscription_id = ? AND due_date = ? AND status = 'failed'",
    )
    .bind(now, subscriptionId, due.next_date)
    .run();
  if (!taken.meta.changes) return null;
  const outcome = await runOne(env, due, o, now);
  await finish(db, due, outcome, o.siteOrigin, now);
  return outcome;
}

export interface RunReport {
  placed: number;
  failed: number;
}

export async function runDueSubscriptions(
  env: { DB: D1Database; ALERTS?: Queue },
  o: { gateway: Gateway; siteOrigin: string; now?: number; limit?: number },
): Promise<RunReport> {
  const db = env.DB;
  const now = o.now ?? Date.now();
  // Each subscription's dates are its country's: its order date is reached at its country's midnight.
  const orderBy = datesJson(COUNTRY_CODES, now, SUBSCRIPTION_RULES.leadDays);
  // Due: active, its order date reached, and no run for this date yet (or one a stopped job left).
  const { results } = await db
    .prepare(
      `${dueColumns()}
       LEFT JOIN subscription_runs r ON r.subscription_id = s.id AND r.due_date = s.next_date
       WHERE s.status = 'active' AND s.next_date <= json_extract(?1, '$.' || s.country)
         AND (r.subscription_id IS NULL OR (r.status = 'claimed' AND r.updated_at < ?2))
       ORDER BY s.next_date, s.id LIMIT ?3`,
    )
    .bind(orderBy, now - STALE_CLAIM_MS, o.limit ?? 20)
    .all<DueRow>();
  const report: RunReport = { placed: 0, failed: 0 };
  for (const s of results) {
    const today = countryDate(s.country, now);
    // One subscription's trouble never stops the others': its claim stays, taken over later.
    try {
      // A delivery day already gone (the cron was down, or the subscription waited): not placed late,
      // skipped, and the date moves on to one still ahead.
      if (s.next_date < today) {
        await skipPast(db, s, now);
        continue;
      }
      if (!(await claim(db, s, now))) continue;
      const outcome = await runOne(env, s, o, now);
      if (outcome.status === 'placed') report.placed++;
      else report.failed++;
      await finish(db, s, outcome, o.siteOrigin, now);
    } catch (error) {
      log.error('subscription run failed', { subscriptionId: s.id, dueDate: s.next_date, error });
    }
  }
  return report;
}

/** A delivery day that passed without its order: recorded as skipped, the date moved ahead. */
async function skipPast(db: D1Database, s: DueRow, now: number): Promise<void> {
  await db.batch([
    db
      .prepare(
        `INSERT INTO subscription_runs (subscription_id, due_date, status, created_at, updated_at)
         VALUES (?1, ?2, 'skipped', ?3, ?3) ON CONFLICT (subscription_id, due_date) DO NOTHING`,
      )
      .bind(s.id, s.next_date, now),
    db
      .prepare(
        "UPDATE subscriptions SET next_date = ?, updated_at = ? WHERE id = ? AND next_date = ? AND status = 'active'",
      )
      .bind(dateAhead(s.next_date, s.every, now, s.country), now, s.id, s.next_date),
  ]);
}

/** Takes the run for this date; false when another job has it (or finished it). */
async function claim(db: D1Database, s: DueRow, now: number): Promise<boolean> {
  const fresh = await db
    .prepare(
      `INSERT INTO subscription_runs (subscription_id, due_date, status, created_at, updated_at)
       SELECT ?1, ?2, 'claimed', ?3, ?3
       WHERE EXISTS (SELECT 1 FROM subscriptions WHERE id = ?1 AND status = 'active' AND next_date = ?2)
       ON CONFLICT (subscription_id, due_date) DO NOTHING`,
    )
    .bind(s.id, s.next_date, now)
    .run();
  if (fresh.meta.changes) return true;
  // A claim a stopped job left: taken over by moving its time, by one caller only.
  const stale = await db
    .prepare(
      `UPDATE subscription_runs SET updated_at = ?3 WHERE subscription_id = ?1 AND due_date = ?2
         AND status = 'claimed' AND updated_at < ?4`,
    )
    .bind(s.id, s.next_date, now, now - STALE_CLAIM_MS)
    .run();
  return stale.meta.changes > 0;
}

export type Outcome =
  | { status: 'placed'; orderId: number }
  | { status: 'failed'; failure: RunFailure; orderId: number | null };

async function runOne(
  env: { DB: D1Database; ALERTS?: Queue },
  s: DueRow,
  o: { gateway: Gateway; siteOrigin: string },
  now: number,
): Promise<Outcome> {
  if (s.pay_by === 'card' && !s.card_ref) return { status: 'failed', failure: 'no_card', orderId: null };
  const input = {
    items: [{ sku_id: s.sku_id, count: s.count, every: s.every }],
    idempotency_key: `subscription-${s.id}-${s.next_date}`,
    payment_method: s.pay_by === 'wallet' ? 'wallet' : 'card',
    card_method: 'card',
    address_id: s.address_id,
  } as SubmitInput;
  let placed: Awaited<ReturnType<typeof placeOrder>>;
  try {
    placed = await placeOrder(
      {
        db: env.DB,
        env,
        country: s.country,
        lang: s.lang,
        user: {
          id: s.user_id,
          name: s.name,
          email: s.email ?? '',
          phone: s.phone,
          phone_verified_at: s.phone_verified_at,
          whatsapp_updates_at: s.whatsapp_updates_at,
        },
        deviceId: null,
        siteOrigin: o.siteOrigin,
        subscriptionRun: { subscriptionId: s.id, dueDate: s.next_date },
      },
      input,
    );
  } catch (error) {
    const failure = failureOf(error);
    if (!failure) throw error;
    return { status: 'failed', failure, orderId: null };
  }
  const order = placed.order;
  // Paid already (the wallet), or placed again after a stop: the charge, if any, was this run's first
  // call's. Never made (the job stopped first), it is closed by the stale-payment sweep, whose outcome
  // fails this run (./run-failed.ts): a replay never charges, so a card is never charged twice.
  if (!placed.paymentId || placed.replayed) return { status: 'placed', orderId: order.id };
  let charged: Awaited<ReturnType<Gateway['chargeSaved']>>;
  try {
    charged = await o.gateway.chargeSaved({
      paymentId: placed.paymentId,
      amount: order.totals.due,
      currency: order.currency,
      decimals: currencyDecimals(order.currency),
      description: `Order ${order.id} (subscription)`,
      card: {
        customerRef: s.customer_ref!,
        cardRef: s.card_ref!,
        agreementRef: s.agreement_ref,
        brand: s.brand ?? '',
        last4: s.last4 ?? '',
      },
      webhookUrl: `${o.siteOrigin}/payments/webhook/${o.gateway.name}`,
    });
  } catch (error) {
    // The gateway did not answer: the charge's outcome comes by its webhook, or the stale-payment
    // sweep closes it. The order stands as placed, waiting for its payment; a failed or unconfirmed
    // outcome fails the run then (./run-failed.ts).
    log.error('subscription charge unanswered', { subscriptionId: s.id, paymentId: placed.paymentId, error });
    return { status: 'placed', orderId: order.id };
  }
  // The payment is in her order shard (decision 61), beside the order.
  await placed.db
    .prepare('UPDATE payments SET provider = ?, provider_ref = ?, updated_at = ? WHERE id = ?')
    .bind(o.gateway.name, charged.providerRef, now, placed.paymentId)
    .run();
  // Not finished at the gateway yet: the order waits for its webhook, as a shopper's card payment does.
  if (charged.outcome === 'pending') return { status: 'placed', orderId: order.id };
  await applyOutcome(
    env,
    { paymentId: placed.paymentId, outcome: charged.outcome, providerRef: charged.providerRef },
    o.siteOrigin,
  );
  return charged.outcome === 'succeeded'
    ? { status: 'placed', orderId: order.id }
    : { status: 'failed', failure: 'card_declined', orderId: order.id };
}

/** What a refused order means for the shopper; null for anything else (a bug: thrown on). */
function failureOf(error: unknown): RunFailure | null {
  if (!(error instanceof ApiError)) return null;
  if (error.key === 'wallet_insufficient') return 'wallet_insufficient';
  if (error.key === 'out_of_stock') return 'out_of_stock';
  if (error.key === 'address_required' || error.key === 'address_country_mismatch') return 'address_gone';
  if (error.key === 'cart_changed') {
    const problems = (error.details as { problems?: Array<{ reason: string }> } | undefined)?.problems ?? [];
    return problems.some((p) => p.reason === 'unavailable') ? 'unavailable' : 'out_of_stock';
  }
  return null;
}

/**
 * Records the run, moves the subscription on one period and, when it failed, tells the shopper. Only a
 * run still claimed is written: one its order's payment outcome already failed (the webhook of a
 * pending charge, between the gateway's answer and here) stays failed, and its date and mail, written
 * then, are not written again.
 */
async function finish(db: D1Database, s: DueRow, outcome: Outcome, siteOrigin: string, now: number): Promise<void> {
  const failure = outcome.status === 'failed' ? outcome.failure : null;
  const statements = [
    db
      .prepare(
        "UPDATE subscription_runs SET status = ?, failure = ?, order_id = ?, updated_at = ? WHERE subscription_id = ? AND due_date = ? AND status = 'claimed'",
      )
      .bind(outcome.status, failure, outcome.orderId, now, s.id, s.next_date),
    moveOnStatement(db, s, now),
  ];
  if (failure && s.email)
    statements.push(runFailedMail(db, { ...s, email: s.email }, failure, outcome.orderId, siteOrigin, now));
  await db.batch(statements);
}
