// When a blood sample can be collected: the rules the slots answer, the hold and the submit share.
// Pure (the clock is a parameter), so every rule is unit-tested. A visit is in the shopper's country: its
// dates and hours are that country's local time (its module's time zone: Kuwait and Riyadh UTC+3, Dubai
// UTC+4), and its days without visits are the country's (`WEEK[c].noHomeVisits`).
import type { SlotWindow } from '../api/blood-test-order-schemas';
import { WEEK } from '../countries/delivery';
import { type CountryCode, HOME_COUNTRY } from '../countries/index';
import { countryDate, instantIn, timeZoneOf, weekdayOfDate } from '../country-days';
import { addDays, gulfDate } from '../gulf-days';

// Callers read the Gulf's days from here as before (the back office's date filters; not visits).
export { addDays, gulfDate };

/** The booking settings in one place (decision 0025). */
export const BOOKING_RULES = {
  /** Days ahead a visit can be booked, today included. */
  horizonDays: 14,
  /** A slot chosen at checkout is held this long. */
  holdMinutes: 10,
  /** Tests without fasting or a morning draw: at least this long between booking and the window's start. */
  leadHours: 3,
  /** Reschedule and cancel close this long before the window starts. */
  changeCutoffHours: 12,
  /** Places per window when blood_test_slot_capacity has no row for the zone. */
  defaultCapacity: 4,
  /** The preparation reminder goes out from this local hour the evening before the visit. */
  reminderHour: 18,
} as const;

const HOUR = 60 * 60 * 1000;

export const WINDOW_HOURS: Record<SlotWindow, { start: number; end: number; morning: boolean }> = {
  '07-09': { start: 7, end: 9, morning: true },
  '09-11': { start: 9, end: 11, morning: true },
  '16-18': { start: 16, end: 18, morning: false },
  '18-20': { start: 18, end: 20, morning: false },
};

const pad = (n: number) => String(n).padStart(2, '0');

/** "07:00" */
export const hourText = (h: number) => `${pad(h)}:00`;

/**
 * The instant (ms UTC) a date's hour begins on the home country's clocks: the back office's date filters
 * over orders and invoices of every country (one range for all, the home country's days).
 */
export function gulfInstant(date: string, hour: number): number {
  return instantIn(timeZoneOf(HOME_COUNTRY), date, hour);
}

/** The instant (ms UTC) a visit's local date and hour begin in its country. */
export function visitInstant(country: CountryCode, date: string, hour: number): number {
  return instantIn(timeZoneOf(country), date, hour);
}

/** What the chosen tests ask of the visit. */
export interface TestNeeds {
  fasting_hours: number;
  morning_draw: number | boolean;
}

export function needsMorning(tests: TestNeeds[]): boolean {
  return tests.some((t) => t.fasting_hours > 0 || !!t.morning_draw);
}

export type SlotRefusal = 'closed_day' | 'outside_horizon' | 'too_soon' | 'mornings_only';

/**
 * Whether a window can be booked now for these tests, or why not. Fasting or morning-draw tests are
 * drawn in a morning window and never the same day (the shopper must fast overnight); other tests
 * need `leadHours` between now and the window's start.
 */
export function slotRefusal(
  p: { country: CountryCode; date: string; window: SlotWindow; tests: TestNeeds[]; blackout: ReadonlySet<string> },
  now: number,
): SlotRefusal | null {
  const today = countryDate(p.country, now);
  if (p.date < today || p.date > addDays(today, BOOKING_RULES.horizonDays - 1)) return 'outside_horizon';
  if (isClosedDay(p.country, p.date, p.blackout)) return 'closed_day';
  const w = WINDOW_HOURS[p.window];
  if (needsMorning(p.tests)) {
    if (!w.morning) return 'mornings_only';
    if (p.date <= today) return 'too_soon';
    return null;
  }
  if (visitInstant(p.country, p.date, w.start) - now < BOOKING_RULES.leadHours * HOUR) return 'too_soon';
  return null;
}

/** A day without visits in the country: one of its week's (`noHomeVisits`) or a blackout day the staff set. */
export function isClosedDay(country: CountryCode, date: string, blackout: ReadonlySet<string>): boolean {
  return WEEK[country].noHomeVisits.includes(weekdayOfDate(date)) || blackout.has(date);
}

/** The days the slots answer lists: today and the next horizonDays − 1, the country's local dates. */
export function horizonDates(now: number, country: CountryCode): string[] {
  const today = countryDate(country, now);
  return Array.from({ length: BOOKING_RULES.horizonDays }, (_, i) => addDays(today, i));
}

/** Until when an order's visit may still be moved or cancelled online. */
export function changeableUntil(visitAt: number): number {
  return visitAt - BOOKING_RULES.changeCutoffHours * HOUR;
}

/** The evening before the visit (the country's evening) from which its preparation reminder is due. */
export function reminderDueAt(country: CountryCode, slotDate: string): number {
  return visitInstant(country, addDays(slotDate, -1), BOOKING_RULES.reminderHour);
}

/** A zone key: a Kuwait area or a Saudi city. */
export function zoneKey(z: { area_id?: number | null; city_id?: number | null }): string {
  return z.area_id ? `area:${z.area_id}` : `city:${z.city_id}`;
}
