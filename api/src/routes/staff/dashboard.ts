// The back office's first page: per country the staff member may see, today's orders and
// blood-test visits (each country's own day, in its time zone: issue 77), payments awaiting action; low
// stock for the whole catalogue. The page's heading date is the home country's. One batch: one D1 round trip.
import { countriesInvoicing } from '#shared/countries/rules';
import { currencyOf } from '#shared/countries';
import { Hono } from 'hono';
import { ok } from '#shared/api/envelope';
import { COUNTRY_CODES } from '#shared/locale';
import { countriesFor } from '#shared/staff/permissions';
import { homeDate, timeZoneOf, todayPerCountry } from '#shared/country-days';
import type { AppEnv } from '#api/src/app-env';
import { contract } from '#api/src/contract/validate';
import { requireStaff } from '#api/src/middleware/staff';
import { shardDatabase } from '#api/src/db/databases';
import { renewWithinDays } from '#api/src/e-invoice-stamp/renewal';
import { can } from '#shared/staff/permissions';
import { type CountryDay, type DashboardData, dashboardSchema } from '#shared/api/staff-dashboard-responses';

/** A SKU at or below this many units is low. */
export const LOW_STOCK_UNITS = 5;

/** Each shard's sums per country and currency, added up. */
function addedUp<T extends Omit<CountryDay, 'visits' | 'visits_to_collect'>>(parts: T[][]): T[] {
  const sums = new Map<string, T>();
  for (const row of parts.flat()) {
    const key = `${row.country}:${row.currency}`;
    const seen = sums.get(key);
    if (!seen) sums.set(key, { ...row });
    else
      for (const k of ['orders', 'orders_total', 'to_confirm', 'payments_open', 'payments_failed'] as const)
        seen[k] = (seen[k] ?? 0) + (row[k] ?? 0);
  }
  return [...sums.values()];
}

export const staffDashboardRoutes = new Hono<AppEnv>().get(
  '/dashboard',
  contract({
    tag: 'staff',
    summary: "Today's orders and blood-test visits per country, low stock, payments awaiting action",
    noDevice: true,
    staff: 'dashboard:read',
    response: dashboardSchema,
    messages: [],
  }),
  async (c) => {
    const member = await requireStaff(c);
    const allowed = countriesFor(member.grants, 'dashboard:read') ?? [...COUNTRY_CODES];
    const now = Date.now();
    // Each country's day starts at its own midnight: the statements read a row's bounds by its country.
    const todays = todayPerCountry(allowed, now, timeZoneOf);
    const starts = JSON.stringify(Object.fromEntries(allowed.map((k) => [k, todays[k].from])));
    const ends = JSON.stringify(Object.fromEntries(allowed.map((k) => [k, todays[k].to])));
    const dayStart = "json_extract(?1, '$.' || country)";
    const marks = allowed.map(() => '?').join(', ');
    const db = c.env.DB;
    const ordersToday = (at: D1Database) =>
      at
        .prepare(
          `SELECT country, currency,
           sum(created_at >= ${dayStart}) AS orders,
           coalesce(sum(CASE WHEN created_at >= ${dayStart} AND status NOT IN ('cancelled', 'payment_failed') THEN total END), 0) AS orders_total,
           sum(status IN ('placed', 'paid')) AS to_confirm,
           sum(status = 'pending_payment') AS payments_open,
           sum(status = 'payment_failed' AND updated_at >= ?2) AS payments_failed
         FROM orders WHERE country IN (${marks}) AND (created_at >= ?2 OR status IN ('placed', 'paid', 'pending_payment'))
         GROUP BY country, currency`,
        )
        .bind(starts, now - 24 * 60 * 60 * 1000, ...allowed);
    // Still one round trip in shard 0: the other order shards are listed in the same batch, and only
    // when there are some are they asked (in parallel) for their share of the sums (decision 61).
    const [orders, visits, low, shards, stamp] = await db.batch([
      ordersToday(db),
      db
        .prepare(
          `SELECT country, count(*) AS visits, sum(status = 'booked') AS visits_to_collect
         FROM blood_test_orders WHERE visit_at >= ${dayStart} AND visit_at < json_extract(?2, '$.' || country) AND status NOT IN ('cancelled', 'payment_failed', 'pending_payment')
           AND country IN (${marks})
         GROUP BY country`,
        )
        .bind(starts, ends, ...allowed),
      db
        .prepare(
          `SELECT s.id, s.product_id, p.name_en, p.name_ar, s.name_en AS sku_en, s.name_ar AS sku_ar, s.stock
         FROM skus s JOIN products p ON p.id = s.product_id WHERE s.stock <= ? ORDER BY s.stock, p.name_en LIMIT 20`,
        )
        .bind(LOW_STOCK_UNITS),
      db.prepare("SELECT binding FROM order_shards WHERE state <> 'retired' AND binding <> 'DB' ORDER BY id"),
      // The e-invoice stamp in use, for the owner's renewal warning (issue 75).
      db
        .prepare("SELECT not_after FROM e_invoice_stamps WHERE environment = ? AND state = 'active'")
        .bind(c.var.config.ZATCA_ENVIRONMENT),
    ]);
    type OrderRow = Omit<CountryDay, 'visits' | 'visits_to_collect'>;
    const others = (shards?.results ?? []) as Array<{ binding: string }>;
    const orderRows = addedUp([
      (orders?.results ?? []) as OrderRow[],
      ...(await Promise.all(
        others.map(async (s) => (await ordersToday(shardDatabase(c.env, s.binding)).all<OrderRow>()).results),
      )),
    ]);
    const visitRows = (visits?.results ?? []) as Pick<CountryDay, 'country' | 'visits' | 'visits_to_collect'>[];
    const days: CountryDay[] = allowed.map((country) => {
      const o = orderRows.find((r) => r.country === country);
      const v = visitRows.find((r) => r.country === country);
      return {
        country,
        date: todays[country].date,
        currency: o?.currency ?? currencyOf(country),
        orders: o?.orders ?? 0,
        orders_total: o?.orders_total ?? 0,
        to_confirm: o?.to_confirm ?? 0,
        payments_open: o?.payments_open ?? 0,
        payments_failed: o?.payments_failed ?? 0,
        visits: v?.visits ?? 0,
        visits_to_collect: v?.visits_to_collect ?? 0,
      };
    });
    return c.json(
      ok<DashboardData>({
        date: homeDate(now),
        countries: days,
        low_stock: (low?.results ?? []) as DashboardData['low_stock'],
        e_invoice_renew_within_days: countriesInvoicing('zatca').some((c) => can(member.grants, 'einvoicing:manage', c))
          ? renewWithinDays((stamp?.results[0] as { not_after: number | null } | undefined)?.not_after ?? null, now)
          : null,
      }),
    );
  },
);
