import { describe, expect, it } from 'vitest';
import { countryCutoff, taxCutoff, taxPeriodEnd, yearIn } from './tax-period';

const RIYADH = 'Asia/Riyadh';
const DUBAI = 'Asia/Dubai';

describe('the tax period', () => {
  it('ends six years after the end of the year of the sale, in the sale’s country’s time', () => {
    // A sale of 2020 is past its period from 1 January 2027, 00:00 in Riyadh (21:00 UTC the day before).
    const newYear2027 = Date.UTC(2026, 11, 31, 21);
    expect(taxCutoff(newYear2027, RIYADH)).toBe(Date.UTC(2020, 11, 31, 21));
    expect(taxCutoff(newYear2027 - 1, RIYADH)).toBe(Date.UTC(2019, 11, 31, 21));
    expect(taxPeriodEnd(Date.UTC(2020, 5, 1), RIYADH)).toBe(newYear2027);
  });

  it('counts a sale at the new year in the year it was in Riyadh', () => {
    const lastMinute2020 = Date.UTC(2020, 11, 31, 20, 59);
    const firstMinute2021 = Date.UTC(2020, 11, 31, 21, 0);
    expect(yearIn(RIYADH, lastMinute2020)).toBe(2020);
    expect(yearIn(RIYADH, firstMinute2021)).toBe(2021);
    const cutoff = taxCutoff(Date.UTC(2026, 11, 31, 21), RIYADH);
    expect(lastMinute2020 < cutoff).toBe(true);
    expect(firstMinute2021 < cutoff).toBe(false);
    expect(taxPeriodEnd(firstMinute2021, RIYADH)).toBe(Date.UTC(2027, 11, 31, 21));
  });

  it('is the same all year long', () => {
    expect(taxCutoff(Date.UTC(2027, 0, 1), RIYADH)).toBe(taxCutoff(Date.UTC(2027, 11, 31, 20, 59), RIYADH));
  });

  it('counts an Emirates sale in Dubai’s year, past from Dubai’s new year (issue 77)', () => {
    // 20:30 UTC on 31 December 2020 is 00:30 on 1 January 2021 in Dubai, still 2020 in Riyadh.
    const sale = Date.UTC(2020, 11, 31, 20, 30);
    expect(yearIn(DUBAI, sale)).toBe(2021);
    expect(yearIn(RIYADH, sale)).toBe(2020);
    expect(taxPeriodEnd(sale, DUBAI)).toBe(Date.UTC(2027, 11, 31, 20));
    // On Kuwait's 1 January 2027 (the home country's cutoff), Dubai's is its own midnight, an hour before.
    const home = taxCutoff(Date.UTC(2026, 11, 31, 21));
    expect(home).toBe(Date.UTC(2020, 11, 31, 21));
    expect(countryCutoff(home, DUBAI)).toBe(Date.UTC(2020, 11, 31, 20));
    expect(countryCutoff(home, RIYADH)).toBe(home);
    expect(sale < countryCutoff(home, DUBAI)).toBe(false);
    expect(sale < countryCutoff(home, RIYADH)).toBe(true);
  });
});
