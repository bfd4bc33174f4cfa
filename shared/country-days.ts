// Each country's own day (issue 77): a day the shop counts (the back office's "today", a report's month,
// a reminder's quiet hours) is the day on the clocks of the country it belongs to, read from the IANA
// time zone of its module (shared/countries/<code>/delivery.ts). Kuwait and Saudi Arabia are UTC+3, the
// Emirates UTC+4. Intl is asked for the offset at the instant itself rather than assuming one per
// country, so a zone that ever kept summer time would still be right; none of the Gulf's does.
// A day is written YYYY-MM-DD, as in shared/gulf-days.ts.
import { TIME_ZONES, WEEK } from './countries/delivery';
import { type CountryCode, HOME_COUNTRY } from './countries/index';
import { firstWorkingDay } from './working-week';

export { firstWorkingDay, workingDaysOf } from './working-week';

const HOUR = 3_600_000;
const formats = new Map<string, Intl.DateTimeFormat>();

function formatIn(timeZone: string): Intl.DateTimeFormat {
  let f = formats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formats.set(timeZone, f);
  }
  return f;
}

/** How far a zone's clocks are ahead of UTC at an instant, in milliseconds (Asia/Dubai: 4 h). */
export function zoneOffsetMs(timeZone: string, at: number): number {
  const parts: Record<string, number> = {};
  for (const p of formatIn(timeZone).formatToParts(new Date(at))) if (p.type !== 'literal') parts[p.type] = +p.value;
  const wall = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
  return wall - Math.floor(at / 1000) * 1000;
}

/** The local date (YYYY-MM-DD) of an instant in a zone. */
export function dateIn(timeZone: string, at: number): string {
  return new Date(at + zoneOffsetMs(timeZone, at)).toISOString().slice(0, 10);
}

/** The local wall time of an instant in a zone, as ISO without a zone: "2026-11-29T10:30:00". */
export function wallTimeIn(timeZone: string, at: number): string {
  return new Date(at + zoneOffsetMs(timeZone, at)).toISOString().slice(0, 19);
}

/** A zone's offset from UTC at an instant as carriers write it: "+04:00" (`separator` '' for "+0400"). */
export function offsetText(timeZone: string, at: number, separator = ':'): string {
  const minutes = Math.round(zoneOffsetMs(timeZone, at) / 60_000);
  const abs = Math.abs(minutes);
  const hh = String(Math.floor(abs / 60)).padStart(2, '0');
  const mm = String(abs % 60).padStart(2, '0');
  return `${minutes < 0 ? '-' : '+'}${hh}${separator}${mm}`;
}

/** The local hour (0–23) of an instant in a zone. */
export function hourIn(timeZone: string, at: number): number {
  return new Date(at + zoneOffsetMs(timeZone, at)).getUTCHours();
}

/** The instant a local date's `hour`:00 begins in a zone (0: its midnight). */
export function instantIn(timeZone: string, date: string, hour = 0): number {
  return wallInstant(timeZone, Date.parse(`${date}T00:00:00Z`) + hour * HOUR);
}

/** The instant of a local wall time in a zone ("2026-11-29T10:30:00", no zone); NaN if unreadable. */
export function wallTimeInstant(timeZone: string, wallTime: string): number {
  const wall = Date.parse(`${wallTime}Z`);
  return Number.isNaN(wall) ? Number.NaN : wallInstant(timeZone, wall);
}

/** A wall time written as if it were UTC (ms), as the instant it is in a zone. */
function wallInstant(timeZone: string, wall: number): number {
  // The offset at the wall time read as UTC is right unless a change of offset lies between the two
  // instants; asking again at the first answer settles it.
  const first = wall - zoneOffsetMs(timeZone, wall);
  return wall - zoneOffsetMs(timeZone, first);
}

/** A local date's first instant and the next date's (exclusive) in a zone. */
function dayBoundsIn(timeZone: string, date: string): { from: number; to: number } {
  const next = new Date(Date.parse(`${date}T00:00:00Z`) + 24 * HOUR).toISOString().slice(0, 10);
  return { from: instantIn(timeZone, date), to: instantIn(timeZone, next) };
}

/** A local calendar month (YYYY-MM) as instants in a zone: its first and the next month's first (exclusive). */
export function monthBoundsIn(timeZone: string, month: string): { from: number; to: number } {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const next = m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
  return { from: instantIn(timeZone, `${month}-01`), to: instantIn(timeZone, `${next}-01`) };
}

/** A country's time zone, from its module. */
export const timeZoneOf = (country: CountryCode): string => TIME_ZONES[country];

/** A country's date of an instant. */
export const countryDate = (country: CountryCode, at: number): string => dateIn(timeZoneOf(country), at);

/**
 * The home country's date: the day of a figure that spans countries (a total of all of them, a job run
 * once for all), labelled as the home country's where it is shown.
 */
export const homeDate = (at: number): string => countryDate(HOME_COUNTRY, at);

/**
 * Each zone's offset at an instant as a JSON object keyed by country, for SQL that buckets rows by
 * their own country's day: `(created_at + json_extract(?, '$.' || country)) / 1000`. One offset per
 * country for the whole query: right for the Gulf's zones (no summer time); a zone with summer time
 * would need bounds per day instead.
 */
export function offsetsJson(zones: Record<string, string>, at: number): string {
  return JSON.stringify(Object.fromEntries(Object.entries(zones).map(([c, z]) => [c, zoneOffsetMs(z, at)])));
}

/** Each country's today at an instant: its date and that date's instants (the zone passed in, for tests). */
export function todayPerCountry<C extends string>(
  countries: readonly C[],
  at: number,
  zoneOf: (country: C) => string,
): Record<C, { date: string; from: number; to: number }> {
  return Object.fromEntries(
    countries.map((c) => {
      const date = dateIn(zoneOf(c), at);
      return [c, { date, ...dayBoundsIn(zoneOf(c), date) }];
    }),
  ) as Record<C, { date: string; from: number; to: number }>;
}

/** The date (YYYY-MM-DD) starting the week a date falls in, for weeks that start on `firstDay`. */
export function weekStartDate(date: string, firstDay: number): string {
  const day = Date.parse(`${date}T00:00:00Z`);
  const back = (new Date(day).getUTCDay() - firstDay + 7) % 7;
  return new Date(day - back * 24 * HOUR).toISOString().slice(0, 10);
}

/** The date a country's week starts, for a date of that country (its first working day on or before it). */
export const countryWeekOf = (country: CountryCode, date: string): string =>
  weekStartDate(date, firstWorkingDay(WEEK[country]));

/** The last millisecond of an instant's local day in a zone: a day named to a shopper ends at her midnight. */
export function dayEndIn(timeZone: string, at: number): number {
  const date = dateIn(timeZone, at);
  const next = new Date(Date.parse(`${date}T00:00:00Z`) + 24 * HOUR).toISOString().slice(0, 10);
  return instantIn(timeZone, next) - 1;
}

/** The weekday of a date (0 Sunday … 6 Saturday, as `CountryWeek.weekend` numbers them). */
export const weekdayOfDate = (date: string): number => new Date(`${date}T00:00:00Z`).getUTCDay();

/**
 * Each country's date of an instant, `days` later, as a JSON object keyed by country: SQL over rows of
 * several countries compares a row's date with its own country's (`json_extract(?, '$.' || country)`).
 */
export function datesJson(countries: readonly CountryCode[], at: number, days = 0): string {
  const DAY = 24 * HOUR;
  return JSON.stringify(
    Object.fromEntries(
      countries.map((c) => [
        c,
        new Date(Date.parse(`${countryDate(c, at)}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10),
      ]),
    ),
  );
}
