// The owner's delivery rules for a country as the promise reads them (decision 65): one statement a
// caller adds to the batch it already sends (no round trip of their own), and the rows turned into the
// shared rule set with the year's holidays: the defaults, with the owner's added and removed days.
import type { CountryCode, Lang } from '#shared/locale';
import { formatTimeOfDay } from '#shared/text/dates';
import { dayText } from '#shared/delivery/day-text';
import { addDays } from '#shared/gulf-days';
import { countryDate, dateIn, timeZoneOf } from '#shared/country-days';
import { defaultHolidays } from '#shared/delivery/holidays';
import { promiseText } from './promise-texts';
import {
  arrivesAfterCutoff,
  type DeliveryPromise,
  type DeliveryRules,
  type DeliverySpeed,
  deliveryPromises,
  type PromiseAnswer,
} from '#shared/delivery/promise';

// The day as she reads it, for the callers that read it with the rules (redelivery days).
export { dayText };

interface RulesRow {
  dispatch_days: string;
  delivery_days: string;
  cutoff_minute: number;
  ramadan_cutoff_minute: number;
}
interface SpeedRow {
  speed: DeliverySpeed;
  zones: string;
  transit_days: number;
  cutoff_minute: number | null;
  ramadan_cutoff_minute: number | null;
  fee_minor: number | null;
}
interface HolidayRow {
  date: string;
  closed: number;
}

/** How far ahead holidays are read: the longest promise (30 days on the way, handling, a long Eid). */
const HORIZON_DAYS = 90;

export interface CountryDelivery {
  rules: DeliveryRules;
  holidays: ReadonlySet<string>;
  /** Each speed's fee as the owner set it; null for the country's delivery fee. */
  fees: Partial<Record<DeliverySpeed, number | null>>;
}

/**
 * The statement to add to a batch: the rules, the active speeds and the owner's holiday days, each as
 * JSON in one row (one statement, not three: issue 76, a page's statements are counted).
 */
export function deliveryStatement(db: D1Database, country: CountryCode, now: number): D1PreparedStatement {
  const today = countryDate(country, now);
  return db
    .prepare(
      `SELECT
        (SELECT json_object('dispatch_days', dispatch_days, 'delivery_days', delivery_days, 'cutoff_minute', cutoff_minute,
           'ramadan_cutoff_minute', ramadan_cutoff_minute) FROM delivery_rules WHERE country = ?1) AS rules,
        (SELECT json_group_array(json_object('speed', speed, 'zones', zones, 'transit_days', transit_days,
           'cutoff_minute', cutoff_minute, 'ramadan_cutoff_minute', ramadan_cutoff_minute, 'fee_minor', fee_minor))
         FROM delivery_speeds WHERE country = ?1 AND active = 1) AS speeds,
        (SELECT json_group_array(json_object('date', date, 'closed', closed))
         FROM delivery_holidays WHERE country = ?1 AND date >= ?2 AND date <= ?3) AS holidays,
        (SELECT delivery_fee FROM country_settings WHERE country = ?1) AS delivery_fee`,
    )
    .bind(country, today, addDays(today, HORIZON_DAYS));
}

const days = (digits: string) => [...digits].map(Number);

/** deliveryStatement's answer as the rule set; null when the country has no rules (no promise made). */
export function readDelivery(country: CountryCode, now: number, result: D1Result | undefined): CountryDelivery | null {
  const row = result?.results[0] as { rules: string | null; speeds: string; holidays: string } | undefined;
  const r = row?.rules ? (JSON.parse(row.rules) as RulesRow) : undefined;
  const speedRows = row ? (JSON.parse(row.speeds) as SpeedRow[]) : [];
  const owned = row ? (JSON.parse(row.holidays) as HolidayRow[]) : [];
  if (!r || speedRows.length === 0) return null;
  return {
    rules: {
      dispatchDays: days(r.dispatch_days),
      deliveryDays: days(r.delivery_days),
      cutoff: r.cutoff_minute,
      ramadanCutoff: r.ramadan_cutoff_minute,
      speeds: speedRows.map((s) => ({
        speed: s.speed,
        zones: s.zones === 'all' ? 'all' : s.zones.split(',').map(Number),
        transitDays: s.transit_days,
        ...(s.cutoff_minute === null ? {} : { cutoff: s.cutoff_minute }),
        ...(s.ramadan_cutoff_minute === null ? {} : { ramadanCutoff: s.ramadan_cutoff_minute }),
      })),
    },
    holidays: holidaysFrom(country, countryDate(country, now), owned),
    fees: Object.fromEntries(speedRows.map((s) => [s.speed, s.fee_minor])),
  };
}

/** The default holidays of this year and the next, with the owner's corrections over them. */
export function holidaysFrom(country: CountryCode, today: string, owned: readonly HolidayRow[]): Set<string> {
  const year = Number(today.slice(0, 4));
  const out = new Set([...defaultHolidays(country, year), ...defaultHolidays(country, year + 1)].map((h) => h.date));
  for (const row of owned) {
    if (row.closed === 1) out.add(row.date);
    else out.delete(row.date);
  }
  return out;
}

/** The promises for a zone (null before it is known), or null when the shop makes none. */
export function promiseAnswer(
  delivery: CountryDelivery | null,
  input: { now: number; zone: number | null; handlingDays?: number; lang: Lang; country: CountryCode },
): PromiseAnswer | null {
  if (!delivery) return null;
  // The country's days and cut-offs on its own clocks (a Dubai 2 pm is 2 pm in Dubai).
  const timeZone = timeZoneOf(input.country);
  const rules = { ...input, timeZone, rules: delivery.rules, holidays: delivery.holidays };
  const promises: DeliveryPromise[] = deliveryPromises(rules);
  if (promises.length === 0) return null;
  const today = dateIn(timeZone, input.now);
  return {
    promises: promises.map((p) => {
      const then = arrivesAfterCutoff(rules, p);
      const orderByDate = dateIn(timeZone, p.orderBy);
      const time = formatTimeOfDay(p.orderBy, input.lang, input.country);
      return {
        speed: p.speed,
        arrives: p.arrives,
        order_by: p.orderBy,
        day: dayText(p.arrives, input.lang, input.country),
        // A clock time, never a countdown: a kept page shows it until that very minute (decision 65),
        // and a page kept past midnight names its day (it is never today's then).
        order_by_text:
          orderByDate === today
            ? promiseText(input.lang, 'delivery_order_by', { time })
            : promiseText(input.lang, 'delivery_order_by_day', {
                time,
                day: dayText(orderByDate, input.lang, input.country),
              }),
        then_text: then
          ? promiseText(input.lang, 'delivery_then', { day: dayText(then, input.lang, input.country) })
          : null,
      };
    }),
    valid_until: Math.min(...promises.map((p) => p.orderBy)),
  };
}
