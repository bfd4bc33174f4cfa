// A gift's delivery day as people read it (checkout, order pages, mail, packing slip): the weekday and
// Gregorian date, then the Umm al-Qura Hijri date in both languages, since Eid and Ramadan gifts are
// planned by the Hijri calendar. Pinned calendars, Latin digits and the country's time zone (as text/dates.ts),
// so the server's HTML and the browser print the same thing.
import type { CountryCode, Lang } from '../locale';
import { TIME_ZONES } from '../text/dates';

const formats = new Map<string, Intl.DateTimeFormat>();

function formatFor(lang: Lang, country: CountryCode, calendar: 'gregory' | 'islamic-umalqura'): Intl.DateTimeFormat {
  const key = `${lang}|${country}|${calendar}`;
  let f = formats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(`${lang}-${country}-u-ca-${calendar}-nu-latn`, {
      ...(calendar === 'gregory' ? { weekday: 'long' } : {}),
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: TIME_ZONES[country],
    });
    formats.set(key, f);
  }
  return f;
}

/** "Friday, March 20, 2026 (1 Shawwal 1447 AH)" / "الجمعة، 20 مارس 2026 (1 شوال 1447 هـ)"; a bad date reads as itself. */
export function formatGiftDate(date: string, lang: Lang, country: CountryCode): string {
  // Midday UTC: the same calendar day in every country's time zone (any from UTC−11 to UTC+11).
  const at = Date.parse(`${date}T12:00:00Z`);
  if (Number.isNaN(at)) return date;
  const gregorian = formatFor(lang, country, 'gregory').format(at);
  // No-break spaces keep the Hijri date on one line.
  const hijri = formatFor(lang, country, 'islamic-umalqura').format(at).replace(/ /g, '\u00a0');
  return `${gregorian} (${hijri})`;
}
