// The back office's view of subscribe and save: every subscription, the orders due in the next two
// weeks, and the runs that failed lately (with why), each with the counts of the three lists and the
// shop's discount. One D1 batch. A grant limited to countries sees those countries' subscriptions
// (and counts) only: the list names the shoppers and their e-mails.
import { homeDate } from '#shared/country-days';
import { addDays } from '#shared/gulf-days';
import { orderDate, SUBSCRIPTION_RULES } from '#shared/subscriptions/frequency';
import type { StaffSubscriptionRow } from '#shared/subscriptions/types';
import { readSubscriptionDiscount, subscriptionDiscountStatement } from '../orders/subscription-discount';
import type { CountryCode } from '#shared/locale';

const STAFF_PAGE = 50;
/** "Upcoming": orders the job places within this many days. */
const UPCOMING_DAYS = 14;
/** "Failed": runs that failed within this many days. */
const FAILED_DAYS = 30;

const DAY = 86_400_000;

export async function staffSubscriptions(
  db: D1Database,
  o: {
    view: 'all' | 'upcoming' | 'failed';
    page: number;
    lang: 'en' | 'ar';
    /** The countries the member may see (countriesFor): null for every one. */
    countries: readonly CountryCode[] | null;
    now?: number;
  },
) {
  const now = o.now ?? Date.now();
  // A list across countries: its two-week window is counted from the home country's today (an hour's
  // difference at its edge moves nothing anyone acts on).
  const today = homeDate(now);
  // A delivery date whose order falls within the window: next_date ≤ today + window + lead days.
  const upcomingBy = addDays(today, UPCOMING_DAYS + SUBSCRIPTION_RULES.leadDays);
  const failedSince = now - FAILED_DAYS * DAY;
  const where = {
    all: '1 = 1',
    upcoming: "s.status = 'active' AND s.next_date <= ?1",
    failed:
      "EXISTS (SELECT 1 FROM subscription_runs f WHERE f.subscription_id = s.id AND f.status = 'failed' AND f.updated_at >= ?2)",
  }[o.view];
  const name = o.lang === 'ar' ? 'name_ar' : 'name_en';
  // ?5: the countries as a JSON array; unbound (null) for every country.
  const within = (alias: string) => `(?5 IS NULL OR ${alias}country IN (SELECT value FROM json_each(?5)))`;
  const countries = o.countries === null ? null : JSON.stringify(o.countries);
  const [rows, counts, discount] = await db.batch([
    db
      .prepare(
        `SELECT s.id, s.status, s.country, s.count, s.every, s.next_date, s.pay_by,
           u.id AS user_id, u.name AS user_name, u.email AS user_email,
           p.${name} AS product_name, k.${name} AS sku_name,
           r.due_date AS run_date, r.status AS run_status, r.failure AS run_failure, r.order_id AS run_order
         FROM subscriptions s JOIN users u ON u.id = s.user_id
         JOIN products p ON p.id = s.product_id JOIN skus k ON k.id = s.sku_id
         LEFT JOIN subscription_runs r ON r.subscription_id = s.id
           AND r.due_date = (SELECT max(due_date) FROM subscription_runs WHERE subscription_id = s.id${
             // The failed list shows the run that failed, even when a later one went through.
             o.view === 'failed' ? " AND status = 'failed'" : ''
           })
         WHERE s.status <> 'ended' AND ${where} AND ${within('s.')}
         ORDER BY ${o.view === 'failed' ? 'r.updated_at DESC' : 's.next_date, s.id'} LIMIT ?3 OFFSET ?4`,
      )
      .bind(upcomingBy, failedSince, STAFF_PAGE, (o.page - 1) * STAFF_PAGE, countries),
    db
      .prepare(
        `SELECT
           (SELECT count(*) FROM subscriptions WHERE status <> 'ended' AND ${within('')}) AS "all",
           (SELECT count(*) FROM subscriptions WHERE status = 'active' AND next_date <= ?1 AND ${within('')}) AS upcoming,
           (SELECT count(DISTINCT f.subscription_id) FROM subscription_runs f JOIN subscriptions s ON s.id = f.subscription_id
              WHERE f.status = 'failed' AND f.updated_at >= ?2 AND s.status <> 'ended' AND ${within('s.')}) AS failed,
           (SELECT count(*) FROM subscriptions WHERE status = 'active' AND ${within('')}) AS active`,
      )
      .bind(upcomingBy, failedSince, null, null, countries),
    subscriptionDiscountStatement(db),
  ]);
  const items: Array<StaffSubscriptionRow & { order_date: string }> = (
    rows!.results as Array<Record<string, unknown>>
  ).map((r) => ({
    id: r.id as number,
    status: r.status as StaffSubscriptionRow['status'],
    user: { id: r.user_id as number, name: r.user_name as string, email: (r.user_email as string | null) ?? null },
    country: r.country as CountryCode,
    product_name: r.product_name as string,
    sku_name: r.sku_name as string,
    count: r.count as number,
    every: r.every as StaffSubscriptionRow['every'],
    next_date: r.next_date as string,
    order_date: orderDate(r.next_date as string),
    pay_by: r.pay_by as 'card' | 'wallet',
    last_run: r.run_date
      ? {
          due_date: r.run_date as string,
          status: r.run_status as 'placed',
          failure: (r.run_failure as null) ?? null,
          order_id: (r.run_order as number | null) ?? null,
        }
      : null,
  }));
  return {
    items,
    view: o.view,
    page: o.page,
    per_page: STAFF_PAGE,
    counts: counts!.results[0] as { all: number; upcoming: number; failed: number; active: number },
    discount: readSubscriptionDiscount(discount!.results),
  };
}
