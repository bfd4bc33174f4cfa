// Dates the shopper reads. Every formatter pins its calendar (Gregorian: ar-SA's default calendar is
// the Hijri one, and ICU versions disagree on it, so workerd and the browser printed different texts),
// its digits (Latin, as prices) and its time zone (the shop's country), so the server's HTML and the
// hydrated page print the same thing. In Arabic every date carries the Umm al-Qura Hijri date beside the
// Gregorian one: "21 نوفمبر 2026 (11 جمادى الآخرة 1448 هـ)" (no-break spaces inside the brackets). That
// is the texts' rule (docs/recipes/add-a-text.md, "Dates"), applied here so no page, mail or message
// decides it for itself: a promise, a return deadline, a points line and an invoice read alike.
import type { CountryCode, Lang } from '../locale';
import { TIME_ZONES } from '../countries/delivery';

/** Each country's time zone (its module, shared/countries/). */
export { TIME_ZONES };

export interface DateOptions {
  /**
   * The Hijri (Umm al-Qura) date in brackets, Arabic only: on by default (the rule above); `true` is
   * what older calls say, and `false` leaves it out where a caller must print the Gregorian date alone.
   */
  hijri?: boolean;
  /** Add the time of day (hours and minutes), e.g. for a visit slot. */
  time?: boolean;
}

const formats = new Map<string, Intl.DateTimeFormat>();

function formatFor(
  lang: Lang,
  country: CountryCode,
  calendar: 'gregory' | 'islamic-umalqura',
  time: boolean,
): Intl.DateTimeFormat {
  const key = `${lang}|${country}|${calendar}|${time}`;
  let f = formats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(`${lang}-${country}-u-ca-${calendar}-nu-latn`, {
      day: 'numeric',
      // Arabic has no short month names ("medium" prints 21/11/2026 with direction marks).
      month: lang === 'ar' ? 'long' : 'short',
      year: 'numeric',
      ...(time ? { hour: 'numeric', minute: '2-digit' } : {}),
      timeZone: TIME_ZONES[country],
    });
    formats.set(key, f);
  }
  return f;
}

/** A date in the shop's time zone, the same on server and browser: "Nov 21, 2026", "21 نوفمبر 2026". */
export function formatDate(epochMs: number, lang: Lang, country: CountryCode, options: DateOptions = {}): string {
  if (options.hijri === false || lang !== 'ar')
    return formatFor(lang, country, 'gregory', !!options.time).format(epochMs);
  const gregorian = formatFor(lang, country, 'gregory', false).format(epochMs);
  // No-break spaces keep the Hijri date on one line: a break inside "(12 جمادى الآخرة 1448 هـ)" reads badly.
  const hijri = formatFor(lang, country, 'islamic-umalqura', false).format(epochMs).replace(/ /g, '\u00a0');
  // The time follows both dates, after the Arabic comma, as formatDateAndWindow joins a date and a window.
  const time = options.time ? `${DATE_TIME_COMMA[lang]}${formatTimeOfDay(epochMs, lang, country)}` : '';
  return `${gregorian} (${hijri})${time}`;
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();

function dayFormat(lang: Lang, country: CountryCode, calendar: 'gregory' | 'islamic-umalqura'): Intl.DateTimeFormat {
  const key = `${lang}|${country}|${calendar}`;
  let f = dayFormats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(`${lang}-${country}-u-ca-${calendar}-nu-latn`, {
      // The Hijri part names no weekday: the Gregorian part already does, on the same day.
      ...(calendar === 'gregory' ? { weekday: lang === 'ar' ? 'long' : 'short' } : {}),
      day: 'numeric',
      month: lang === 'ar' ? 'long' : 'short',
      timeZone: TIME_ZONES[country],
    });
    dayFormats.set(key, f);
  }
  return f;
}

/** A visit day as the slot picker shows it: the weekday and date, and in Arabic the Hijri day and month. */
export interface SlotDayText {
  /** "Sun, Nov 22" / "الأحد، 22 نوفمبر" */
  day: string;
  /** "7 جمادى الآخرة" (Umm al-Qura) in Arabic; null in English. */
  hijri: string | null;
}

export function formatSlotDay(epochMs: number, lang: Lang, country: CountryCode): SlotDayText {
  return {
    day: dayFormat(lang, country, 'gregory').format(epochMs),
    hijri: lang === 'ar' ? dayFormat(lang, country, 'islamic-umalqura').format(epochMs).replace(/ /g, '\u00a0') : null,
  };
}

const timeFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * A visit window in the shop's time zone: "7:00 AM – 9:00 AM", "7:00 ص – 9:00 ص". Both ends are printed
 * whole (ICU versions shorten ranges and space them differently, so server and browser disagreed).
 */
export function formatTimeWindow(startMs: number, endMs: number, lang: Lang, country: CountryCode): string {
  return `${formatTimeOfDay(startMs, lang, country)} – ${formatTimeOfDay(endMs, lang, country)}`;
}

/**
 * The comma that joins a date and its time in each language: Arabic writes its own "،" (a Latin comma
 * after "… هـ)" reads as a foreign mark in an Arabic sentence).
 */
export const DATE_TIME_COMMA: Record<Lang, string> = { en: ', ', ar: '، ' };

/**
 * A date with a time window, as mails and messages say an appointment: "Nov 29, 2026, 4:00 PM – 4:20 PM",
 * "29 نوفمبر 2026 (… هـ)، 4:00 م – 4:20 م". The one place dates and times are joined, so every mail
 * in Arabic gets the Arabic comma.
 */
export function formatDateAndWindow(
  startMs: number,
  endMs: number,
  lang: Lang,
  country: CountryCode,
  options: Pick<DateOptions, 'hijri'> = {},
): string {
  return `${formatDate(startMs, lang, country, options)}${DATE_TIME_COMMA[lang]}${formatTimeWindow(startMs, endMs, lang, country)}`;
}

/** A time of day in the shop's time zone, as the window's ends are printed: "9:20 AM", "9:20 ص". */
export function formatTimeOfDay(epochMs: number, lang: Lang, country: CountryCode): string {
  const key = `${lang}|${country}`;
  let f = timeFormats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(`${lang}-${country}-u-ca-gregory-nu-latn`, {
      hour: 'numeric',
      minute: '2-digit',
      timeZone: TIME_ZONES[country],
    });
    timeFormats.set(key, f);
  }
  return f.format(epochMs).replace(/[\u202f\u2009]/g, ' ');
}
