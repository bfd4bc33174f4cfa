// When a sale's tax record no longer needs the shopper (issue 60, decision 64): the records are kept
// RETENTION.taxRecordYears after the end of the year of the sale, in the Gulf's calendar (Kuwait and
// Saudi Arabia keep UTC+3 all year). A sale of 2020 is kept whole until the end of 2026; from 1 January
// 2027, 00:00 Gulf time, its order keeps what the tax invoice needs and no longer names the shopper.
import { GULF_OFFSET_MS } from '../gulf-days';
import { RETENTION } from './retention-figures';

/** The Gulf calendar year of an instant. */
export const gulfYear = (at: number) => new Date(at + GULF_OFFSET_MS).getUTCFullYear();

/** The instant (ms since the epoch) a Gulf calendar year begins. */
const gulfYearStart = (year: number) => Date.UTC(year, 0, 1) - GULF_OFFSET_MS;

/**
 * The tax period's cutoff as of `now`: a sale made before it (and no refund of it on or after it, whose
 * credit note starts its own years) is past its tax period.
 */
export const taxCutoff = (now: number) => gulfYearStart(gulfYear(now) - RETENTION.taxRecordYears);

/** The first instant a sale made at `at` is past its tax period. */
export const taxPeriodEnd = (at: number) => gulfYearStart(gulfYear(at) + RETENTION.taxRecordYears + 1);
