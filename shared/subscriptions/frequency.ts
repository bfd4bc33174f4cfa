// How often a subscription delivers, and the dates that follow from it. Pure (the clock is a parameter)
// and in the calendar of the subscription's country (its time zone: Kuwait and Riyadh UTC+3, Dubai UTC+4):
// a date is YYYY-MM-DD, "today" is the country's today (shared/country-days.ts).
//   '1m' '2m' '3m'   the same day 1, 2 or 3 calendar months later (the 31st becomes the month's last day)
//   '<n>d'            every n days, 14–180: the period a product's dosage gives (60 capsules, 2 a day: 30d)
import { dateIn } from '../country-days';
import { addDays } from '../gulf-days';

export type Frequency = `${1 | 2 | 3}m` | `${number}d`;

export const SUBSCRIPTION_RULES = {
  /** The order is placed this many days before its delivery date (stock and payment checked then). */
  leadDays: 3,
  /** The reminder goes this many days before the order is placed. */
  reminderDays: 3,
  /** A period in days the dosage gives is offered within these bounds. */
  minDays: 14,
  maxDays: 180,
  /** A subscription's first delivery date, and a changed one, is at least this many days away. */
  minDaysAhead: 4,
  /** …and at most this many. */
  maxDaysAhead: 180,
  maxCount: 20,
  /** The shop's discount, and a product's own, is a percent up to this. */
  maxDiscount: 50,
} as const;

const MONTHLY: readonly Frequency[] = ['1m', '2m', '3m'];

const FREQUENCY = /^(?:([123])m|([1-9]\d{1,2})d)$/;

export function isFrequency(value: string): value is Frequency {
  const m = FREQUENCY.exec(value);
  if (!m) return false;
  if (m[1]) return true;
  const days = Number(m[2]);
  return days >= SUBSCRIPTION_RULES.minDays && days <= SUBSCRIPTION_RULES.maxDays;
}

/** The frequency's parts: a count of months or of days. */
export function frequencyParts(f: Frequency): { months: number } | { days: number } {
  return f.endsWith('m') ? { months: Number(f.slice(0, -1)) } : { days: Number(f.slice(0, -1)) };
}

/** The delivery date after `date`: the same day n months on (clamped to the month's end), or n days on. */
export function nextDate(date: string, f: Frequency): string {
  const parts = frequencyParts(f);
  if ('days' in parts) return addDays(date, parts.days);
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const month = m - 1 + parts.months;
  const year = y + Math.floor(month / 12);
  const mm = month % 12;
  const last = new Date(Date.UTC(year, mm + 1, 0)).getUTCDate();
  return `${year}-${String(mm + 1).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}

/** The date the job places the order for a delivery date. */
export const orderDate = (delivery: string) => addDays(delivery, -SUBSCRIPTION_RULES.leadDays);
/** The date the shopper is reminded of it. */
export const reminderDate = (delivery: string) =>
  addDays(delivery, -(SUBSCRIPTION_RULES.leadDays + SUBSCRIPTION_RULES.reminderDays));

/** Whole days a pack supply lasts: units in the packs over the units a day takes; null when unknown. */
export function supplyDays(
  sku: { pack_units: number | null; daily_units: number | null },
  count: number,
): number | null {
  if (!sku.pack_units || !sku.daily_units || count < 1) return null;
  return Math.floor((sku.pack_units * count) / sku.daily_units);
}

/** The dosage's period as a frequency when it falls within the bounds; null otherwise. */
export function dosageFrequency(
  sku: { pack_units: number | null; daily_units: number | null },
  count: number,
): Frequency | null {
  const days = supplyDays(sku, count);
  if (days === null || days < SUBSCRIPTION_RULES.minDays || days > SUBSCRIPTION_RULES.maxDays) return null;
  return `${days}d`;
}

/** The choices a product offers: its dosage's period first (when known and not a whole month), then 1–3 months. */
export function offeredFrequencies(
  sku: { pack_units: number | null; daily_units: number | null },
  count = 1,
): Frequency[] {
  const dosage = dosageFrequency(sku, count);
  return dosage && !['30d', '60d', '90d'].includes(dosage) ? [dosage, ...MONTHLY] : [...MONTHLY];
}

/** The first delivery date of a subscription started now: one period after today in its country's zone. */
export function firstNextDate(now: number, f: Frequency, timeZone: string): string {
  return nextDate(dateIn(timeZone, now), f);
}

/** Whether a date the shopper picks is in the window a subscription's date may move to (her country's today). */
export function dateInWindow(date: string, now: number, timeZone: string): boolean {
  const today = dateIn(timeZone, now);
  return (
    /^\d{4}-\d{2}-\d{2}$/.test(date) &&
    // A day that exists (2026-02-31 would roll over to March).
    !Number.isNaN(Date.parse(date)) &&
    new Date(`${date}T00:00:00Z`).toISOString().slice(0, 10) === date &&
    date >= addDays(today, SUBSCRIPTION_RULES.minDaysAhead) &&
    date <= addDays(today, SUBSCRIPTION_RULES.maxDaysAhead)
  );
}

/** The discounted base price (fils) of a unit: the percent off, rounded to the fil. */
export function discountedPrice(price: number, percent: number): number {
  return Math.round((price * (100 - percent)) / 100);
}
