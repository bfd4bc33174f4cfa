// A consultation's times as the shopper reads them: on her country's clocks (Kuwait and Riyadh UTC+3,
// Dubai UTC+4), the day with the Hijri day beside it in Arabic as the blood-test visit shows it, the time
// of day with Latin digits. Pure, so the list, the booking page and the profile print the same texts.
// The API answers the free times by practice day (the home country's clock, shared/consultations/rules.ts);
// the picker lists them by her own days (shopperDays).
import { countryDate } from '#shared/country-days';
import { practiceDate } from '#shared/consultations/rules';
import type { ConsultationSlotDay } from '#shared/consultations/types';
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

/** The day (YYYY-MM-DD) a start time falls on in her country: the day a time picked from a link opens on. */
export function dayOf(epochMs: number, country: CountryCode): string {
  return countryDate(country, epochMs);
}

/**
 * The free times of the API's practice days listed by the shopper's own days, in order: in Dubai a
 * 23:30 start of a Kuwait practice day is at 00:30 of the next day, and is listed there.
 */
export function shopperDays(
  days: readonly ConsultationSlotDay[],
  country: CountryCode,
): Array<{ date: string; times: number[] }> {
  const byDay = new Map<string, number[]>();
  for (const d of days) {
    if (d.day_off) continue;
    for (const x of d.times) {
      const at = ms(x.starts_at);
      const date = dayOf(at, country);
      byDay.set(date, [...(byDay.get(date) ?? []), at]);
    }
  }
  return [...byDay.entries()]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([date, times]) => ({ date, times: times.sort((a, b) => a - b) }));
}

/** The next `count` practice days from `now`, today first: the list's "free on" filter offers them. */
export function nextDays(now: number, count: number): string[] {
  const today = Date.parse(`${practiceDate(now)}T00:00:00Z`);
  return Array.from({ length: count }, (_, i) => new Date(today + i * 86_400_000).toISOString().slice(0, 10));
}

/** An API time (ISO, UTC) as ms since the epoch. */
export const ms = (iso: string): number => Date.parse(iso);
