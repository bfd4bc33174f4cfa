// Umm al-Qura dates for the delivery calendar: the Islamic holidays (the Eids, Arafat Day, the Hijri new
// year, the Prophet's birthday) and Ramadan fall on Hijri dates, and the shop owner corrects the default
// once the moon is sighted. The calendar is ICU's (Intl, in workerd, Node and the browser alike), the
// one the shop already prints Hijri dates with (text/dates.ts), so no table of years has to be kept.
import { addDays } from '../gulf-days';

export interface HijriDate {
  year: number;
  /** 1 Muharram … 9 Ramadan, 10 Shawwal … 12 Dhu al-Hijjah. */
  month: number;
  day: number;
}

const DAY = 86_400_000;
const parts = new Intl.DateTimeFormat('en-u-ca-islamic-umalqura-nu-latn', {
  timeZone: 'UTC',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
});

/** The Hijri date of a Gulf day (YYYY-MM-DD). */
export function hijriOf(date: string): HijriDate {
  const out: Record<string, number> = {};
  for (const p of parts.formatToParts(Date.parse(`${date}T12:00:00Z`)))
    if (p.type === 'year' || p.type === 'month' || p.type === 'day') out[p.type] = Number.parseInt(p.value, 10);
  return { year: out.year!, month: out.month!, day: out.day! };
}

const serial = (h: HijriDate) => h.year * 12 * 30 + (h.month - 1) * 30 + h.day;

/** The Gulf day (YYYY-MM-DD) of a Hijri date; null for a day the month does not have (a 30th of 29). */
export function gregorianOf(h: HijriDate): string | null {
  // A mean month (29.53 days) from 1 Muharram 1 (16 July 622, Julian), then steps to the exact day.
  const months = (h.year - 1) * 12 + (h.month - 1);
  let date = new Date(Date.UTC(622, 6, 19) + Math.round(months * 29.530588 + h.day - 1) * DAY)
    .toISOString()
    .slice(0, 10);
  for (let i = 0; i < 8; i++) {
    const off = serial(h) - serial(hijriOf(date));
    if (off === 0) return date;
    date = addDays(date, Math.abs(off) < 30 ? off : Math.round(off * (29.53 / 30)));
  }
  return null;
}
