// Days in the Gulf calendar: Kuwait and Saudi Arabia keep UTC+3 all year (no daylight saving), and a
// day is written YYYY-MM-DD. Read by the blood-test slots and by subscribe and save.
export const GULF_OFFSET_MS = 3 * 60 * 60 * 1000;
const DAY = 24 * 60 * 60 * 1000;

/** The Gulf local date (YYYY-MM-DD) of an instant. */
export function gulfDate(now: number): string {
  return new Date(now + GULF_OFFSET_MS).toISOString().slice(0, 10);
}

/** The date `days` after (or before, when negative) a date. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);
}
