// When a sale's tax record no longer needs the shopper (issue 60, decision 64): the records are kept
// RETENTION.taxRecordYears after the end of the year of the sale, in the calendar of the sale's country
// (its time zone: Kuwait and Riyadh UTC+3, Dubai UTC+4). A sale of 2020 is kept whole until the end of
// 2026; from 1 January 2027, 00:00 in its country, its order keeps what the tax invoice needs and no
// longer names the shopper.
import { TIME_ZONES } from '../countries/delivery';
import { HOME_COUNTRY } from '../countries/index';
import { dateIn, instantIn, zoneOffsetMs } from '../country-days';
import { RETENTION } from './retention-figures';

const HOME_ZONE = TIME_ZONES[HOME_COUNTRY];

/** The calendar year of an instant in a time zone. */
export const yearIn = (timeZone: string, at: number) => Number(dateIn(timeZone, at).slice(0, 4));

/** The instant (ms since the epoch) a calendar year begins in a time zone. */
const yearStartIn = (timeZone: string, year: number) => instantIn(timeZone, `${year}-01-01`);

/**
 * The tax period's cutoff as of `now` in a time zone (the home country's by default): a sale made
 * before it (and no refund of it on or after it, whose credit note starts its own years) is past its
 * tax period.
 */
export const taxCutoff = (now: number, timeZone = HOME_ZONE) =>
  yearStartIn(timeZone, yearIn(timeZone, now) - RETENTION.taxRecordYears);

/**
 * A country's cutoff from the home country's: the same local new year, moved by the difference of their
 * clocks (Dubai's comes an hour before Kuwait's). The retention's SQL does the same with each order's
 * country (api/src/retention/windows.ts). In the hour a country east of home is already in the next
 * year, its cutoff stays a year behind: its records are kept that hour longer, never dropped early.
 */
export const countryCutoff = (homeCutoff: number, timeZone: string) =>
  homeCutoff + zoneOffsetMs(HOME_ZONE, homeCutoff) - zoneOffsetMs(timeZone, homeCutoff);

/** The first instant a sale made at `at` in a country (its time zone) is past its tax period. */
export const taxPeriodEnd = (at: number, timeZone: string) =>
  yearStartIn(timeZone, yearIn(timeZone, at) + RETENTION.taxRecordYears + 1);
