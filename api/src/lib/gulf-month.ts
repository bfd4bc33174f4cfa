// A calendar month as instants, for the reports that sum a month (the practice's earnings, the loyalty
// report): each country's month begins at its own midnight (issue 77: the Emirates' an hour before
// Kuwait's), read from its time zone (shared/country-days.ts).
import { TIME_ZONES } from '#shared/countries/delivery';
import type { CountryCode } from '#shared/countries';
import { HOME_COUNTRY } from '#shared/countries';
import { monthBoundsIn, zoneOffsetMs } from '#shared/country-days';

/** The instants a month begins and ends (exclusive) in a zone; the home country's by default. */
export function monthBounds(month: string, timeZone: string = TIME_ZONES[HOME_COUNTRY]): { from: number; to: number } {
  return monthBoundsIn(timeZone, month);
}

/**
 * Per country, as JSON objects keyed by country for SQL (`json_extract(?, '$.' || country)`): the
 * month's first instant, the next month's, and the zone's offset at the month's start (to name a row's
 * month: the Gulf's zones keep one offset all year). `from` and `to` also give the widest span, to
 * narrow a scan. The zones are passed in so a test can add a country the registry does not have.
 */
export function monthBoundsPerCountry(
  month: string,
  zones: Partial<Record<CountryCode, string>> & Record<string, string> = TIME_ZONES,
): { starts: string; ends: string; offsets: string; from: number; to: number } {
  const bounds = Object.entries(zones).map(([c, z]) => [c, monthBoundsIn(z, month), z] as const);
  return {
    starts: JSON.stringify(Object.fromEntries(bounds.map(([c, b]) => [c, b.from]))),
    ends: JSON.stringify(Object.fromEntries(bounds.map(([c, b]) => [c, b.to]))),
    offsets: JSON.stringify(Object.fromEntries(bounds.map(([c, b, z]) => [c, zoneOffsetMs(z, b.from)]))),
    from: Math.min(...bounds.map(([, b]) => b.from)),
    to: Math.max(...bounds.map(([, b]) => b.to)),
  };
}
