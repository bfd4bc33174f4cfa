// A consultation's times as the shopper reads them: in Gulf time (Kuwait and Riyadh are UTC+3 all year),
// the day with the Hijri day beside it in Arabic as the blood-test visit shows it, the time of day with
// Latin digits. Pure, so the list, the booking page and the profile print the same texts.
import { gulfDate } from '#shared/gulf-days';
import type { CountryCode, Lang } from '#shared/locale';
import { formatSlotDay, formatTimeOfDay, formatTimeWindow } from '#shared/text/dates';

/** "Sun, Nov 29" and, in Arabic, "الأحد، 29 نوفمبر (14 جمادى الآخرة)". */
export function dayText(epochMs: number, lang: Lang, country: CountryCode): string {
  const day = formatSlotDay(epochMs, lang, country);
  return day.hijri ? `${day.day} (${day.hijri})` : day.day;
}

/** "9:20 AM". */
export function timeText(epochMs: number, lang: Lang, country: CountryCode): string {
  return formatTimeOfDay(epochMs, lang, country);
}

/** One line for a booked time: "Sun, Nov 29 · 9:00 AM – 9:20 AM". */
export function whenText(startsAt: number, endsAt: number, lang: Lang, country: CountryCode): string {
  return `${dayText(startsAt, lang, country)} · ${formatTimeWindow(startsAt, endsAt, lang, country)}`;
}

/** A start time shown on a button: "Sun, Nov 29 · 9:00 AM". */
export function startText(startsAt: number, lang: Lang, country: CountryCode): string {
  return `${dayText(startsAt, lang, country)} · ${timeText(startsAt, lang, country)}`;
}

/** The Gulf day (YYYY-MM-DD) a start time falls on: the day a time picked from a link opens on. */
export function dayOf(epochMs: number): string {
  return gulfDate(epochMs);
}

/** The next `count` Gulf days from `now`, today first: the list's "free on" filter offers them. */
export function nextDays(now: number, count: number): string[] {
  const today = Date.parse(`${gulfDate(now)}T00:00:00Z`);
  return Array.from({ length: count }, (_, i) => new Date(today + i * 86_400_000).toISOString().slice(0, 10));
}

/** An API time (ISO, UTC) as ms since the epoch. */
export const ms = (iso: string): number => Date.parse(iso);
