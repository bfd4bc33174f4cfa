import { describe, expect, it } from 'vitest';
import { gulfYear, taxCutoff, taxPeriodEnd } from './tax-period';

describe('the tax period', () => {
  it('ends six years after the end of the year of the sale, in Gulf time', () => {
    // A sale of 2020 is past its period from 1 January 2027, 00:00 in Riyadh (21:00 UTC the day before).
    const newYear2027 = Date.UTC(2026, 11, 31, 21);
    expect(taxCutoff(newYear2027)).toBe(Date.UTC(2020, 11, 31, 21));
    expect(taxCutoff(newYear2027 - 1)).toBe(Date.UTC(2019, 11, 31, 21));
    expect(taxPeriodEnd(Date.UTC(2020, 5, 1))).toBe(newYear2027);
  });

  it('counts a sale at the Gulf new year in the year it was in Riyadh', () => {
    const lastMinute2020 = Date.UTC(2020, 11, 31, 20, 59);
    const firstMinute2021 = Date.UTC(2020, 11, 31, 21, 0);
    expect(gulfYear(lastMinute2020)).toBe(2020);
    expect(gulfYear(firstMinute2021)).toBe(2021);
    const cutoff = taxCutoff(Date.UTC(2026, 11, 31, 21));
    expect(lastMinute2020 < cutoff).toBe(true);
    expect(firstMinute2021 < cutoff).toBe(false);
    expect(taxPeriodEnd(firstMinute2021)).toBe(Date.UTC(2027, 11, 31, 21));
  });

  it('is the same all year long', () => {
    expect(taxCutoff(Date.UTC(2027, 0, 1))).toBe(taxCutoff(Date.UTC(2027, 11, 31, 20, 59)));
  });
});
