// A report's month is its country's own (issue 77): a fixture country in UTC+4 (Asia/Dubai, passed in
// as its zone) against Kuwait's UTC+3; the default is the home country's.
import { describe, expect, it } from 'vitest';
import { monthBoundsIn } from '#shared/country-days';
import { monthBounds, monthBoundsPerCountry } from './gulf-month';

const ZONES = { KW: 'Asia/Kuwait', AE: 'Asia/Dubai' } as const;

describe('a country’s month', () => {
  it('in Dubai, the last evening of November (20:30 UTC) is already December', () => {
    const at = Date.parse('2026-11-30T20:30:00Z');
    const dec = monthBoundsIn(ZONES.AE, '2026-12');
    expect(at >= dec.from && at < dec.to).toBe(true);
    const novKw = monthBounds('2026-11', ZONES.KW);
    expect(at >= novKw.from && at < novKw.to).toBe(true);
    // The reports' month, by zone (the default is the home country's, Kuwait).
    expect(monthBounds('2026-12', ZONES.AE)).toEqual({
      from: Date.parse('2026-11-30T20:00:00Z'),
      to: Date.parse('2026-12-31T20:00:00Z'),
    });
    expect(monthBounds('2026-12')).toEqual({
      from: Date.parse('2026-11-30T21:00:00Z'),
      to: Date.parse('2026-12-31T21:00:00Z'),
    });
  });

  it('gives SQL each country’s bounds and offset, and the widest span', () => {
    const m = monthBoundsPerCountry('2026-12', ZONES);
    expect(JSON.parse(m.starts)).toEqual({
      KW: Date.parse('2026-11-30T21:00:00Z'),
      AE: Date.parse('2026-11-30T20:00:00Z'),
    });
    expect(JSON.parse(m.offsets)).toEqual({ KW: 3 * 3_600_000, AE: 4 * 3_600_000 });
    expect(m.from).toBe(Date.parse('2026-11-30T20:00:00Z'));
    expect(m.to).toBe(Date.parse('2026-12-31T21:00:00Z'));
  });
});
