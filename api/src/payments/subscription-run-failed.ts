// A subscription run's order whose charge failed (decision 45): the run follows its order's payment.
// The job links the run to its order in the order's own batch (orders/place.ts), so whatever stops the
// job afterwards (killed before it charged, the gateway unanswered, a charge still pending), the run
// is finished by the payment's outcome, in the outcome's batch (payments/outcome.ts): a failed or
// never-confirmed charge marks the run failed, moves the subscription on one period and queues the
// subscription_failed mail, each once (the run and the date guarded, the mail keyed on the run). The
// job's own finish (run.ts) writes only a run still claimed, with the same date move and mail key, so
// whichever of the two comes first, the other changes nothing.
import { addDays } from '#shared/gulf-days';
import { countryDate } from '#shared/country-days';
import type { CountryCode } from '#shared/locale';
import { type Frequency, nextDate, SUBSCRIPTION_RULES } from '#shared/subscriptions/frequency';
import type { RunFailure } from '#shared/subscriptions/types';
import { type QueuedMail, queueMailWhen } from '../mail/outbox';
import { subscriptionFailedMail } from '../mail/subscription-texts';

/** The first delivery date after `date` whose order is not yet due to be placed (later than its country's today's lead). */
export function dateAhead(date: string, every: Frequency, now: number, country: CountryCode): string {
  const orderBy = addDays(countryDate(country, now), SUBSCRIPTION_RULES.leadDays);
  let next = nextDate(date, every);
  while (next <= orderBy) next = nextDate(next, every);
  return next;
}

/** The subscription's date moved on from the run's, once: a date already moved (or changed by her) stays. */
export const moveOnStatement = (
  db: D1Database,
  s: { id: number; next_date: string; every: Frequency; country: CountryCode },
  now: number,
) =>
  db
    .prepare(
      "UPDATE subscriptions SET next_date = ?, updated_at = ? WHERE id = ? AND next_date = ? AND status = 'active'",
    )
    .bind(dateAhead(s.next_date, s.every, now, s.country), now, s.id, s.next_date);

/** The shopper's mail for a failed run, once per run (its key), and only while the run is failed. */
export function runFailedMail(
  db: D1Database,
  s: { id: number; next_date: string; email: string; lang: 'en' | 'ar'; product_name: string },
  failure: RunFailure,
  orderId: number | null,
  siteOrigin: string,
  now: number,
): D1PreparedStatement {
  const mail: QueuedMail = {
    to: s.email,
    lang: s.lang,
    kind: 'subscription_failed',
    dedupeKey: `subscription:${s.id}:${s.next_date}:failed`,
    ...subscriptionFailedMail(s.lang, { productName: s.product_name, failure, orderId }, siteOrigin),
  };
  return queueMailWhen(db, mail, now, {
    sql: "EXISTS (SELECT 1 FROM subscription_runs WHERE subscription_id = ? AND due_date = ? AND status = 'failed')",
    binds: [s.id, s.next_date],
  });
}

/**
 * For the batch recording an order's failed or never-confirmed charge (in the core, where the runs
 * are): the run that placed the order, claimed or placed, becomes failed; its subscription moves on;
 * its mail is queued. Nothing when the order is no run's (one indexed read of the core).
 */
export async function runFailedStatements(
  core: D1Database,
  orderId: number,
  failure: RunFailure,
  siteOrigin: string,
  now: number,
): Promise<D1PreparedStatement[]> {
  const run = await core
    .prepare(
      `SELECT s.id, r.due_date AS next_date, s.every, s.country, s.lang, u.email,
         CASE s.lang WHEN 'ar' THEN p.name_ar ELSE p.name_en END AS product_name
       FROM subscription_runs r
       JOIN subscriptions s ON s.id = r.subscription_id
       JOIN users u ON u.id = s.user_id
       JOIN products p ON p.id = s.product_id
       WHERE r.order_id = ? AND r.status IN ('claimed', 'placed')`,
    )
    .bind(orderId)
    .first<{
      id: number;
      next_date: string;
      every: Frequency;
      country: CountryCode;
      lang: 'en' | 'ar';
      email: string | null;
      product_name: string;
    }>();
  if (!run) return [];
  return [
    core
      .prepare(
        `UPDATE subscription_runs SET status = 'failed', failure = ?, updated_at = ?
         WHERE subscription_id = ? AND due_date = ? AND order_id = ? AND status IN ('claimed', 'placed')`,
      )
      .bind(failure, now, run.id, run.next_date, orderId),
    moveOnStatement(core, run, now),
    ...(run.email ? [runFailedMail(core, { ...run, email: run.email }, failure, orderId, siteOrigin, now)] : []),
  ];
}
