// Each country's own day (issue 77): a fixture country in UTC+4 (Asia/Dubai, passed in as its zone, the
// registry need not hold it) against Kuwait's UTC+3.
import { describe, expect, it } from 'vitest';
import {
  countryDate,
  dateIn,
  firstWorkingDay,
  homeDate,
  hourIn,
  instantIn,
  offsetText,
  todayPerCountry,
  wallTimeIn,
  wallTimeInstant,
  weekStartDate,
  workingDaysOf,
  zoneOffsetMs,
} from './country-days';

const ZONES = { KW: 'Asia/Kuwait', AE: 'Asia/Dubai' } as const;

describe('a country’s day', () => {
  it('an order at 20:30 UTC is tomorrow’s in Dubai, today’s in Kuwait', () => {
    const at = Date.parse('2026-11-28T20:30:00Z');
    expect(dateIn(ZONES.AE, at)).toBe('2026-11-29');
    expect(dateIn(ZONES.KW, at)).toBe('2026-11-28');
    expect(hourIn(ZONES.AE, at)).toBe(0);
    expect(hourIn(ZONES.KW, at)).toBe(23);
    expect(zoneOffsetMs(ZONES.AE, at)).toBe(4 * 3_600_000);
    expect(zoneOffsetMs(ZONES.KW, at)).toBe(3 * 3_600_000);
  });

  it('begins at its own midnight', () => {
    expect(instantIn(ZONES.AE, '2026-11-29')).toBe(Date.parse('2026-11-28T20:00:00Z'));
    expect(instantIn(ZONES.KW, '2026-11-29', 9)).toBe(Date.parse('2026-11-29T06:00:00Z'));
  });

  it('gives a Dubai clerk’s dashboard its own today, Kuwait’s beside it', () => {
    const at = Date.parse('2026-11-28T20:30:00Z');
    const days = todayPerCountry(['KW', 'AE'] as const, at, (c) => ZONES[c]);
    expect(days.AE).toEqual({
      date: '2026-11-29',
      from: Date.parse('2026-11-28T20:00:00Z'),
      to: Date.parse('2026-11-29T20:00:00Z'),
    });
    expect(days.KW).toEqual({
      date: '2026-11-28',
      from: Date.parse('2026-11-27T21:00:00Z'),
      to: Date.parse('2026-11-28T21:00:00Z'),
    });
  });

  it('keeps Kuwait’s and Saudi Arabia’s days as the Gulf day (UTC+3) was', () => {
    const at = Date.parse('2026-11-28T21:30:00Z');
    expect(countryDate('KW', at)).toBe('2026-11-29');
    expect(countryDate('SA', at)).toBe('2026-11-29');
    expect(countryDate('SA', at - 3_600_000)).toBe('2026-11-28');
    expect(homeDate(at)).toBe('2026-11-29');
  });
});

describe('a country’s clock as carriers write it', () => {
  it('writes a local wall time and its real offset, and reads one back', () => {
    const at = Date.parse('2026-11-30T06:30:00Z');
    expect(wallTimeIn(ZONES.AE, at)).toBe('2026-11-30T10:30:00');
    expect(offsetText(ZONES.AE, at)).toBe('+04:00');
    expect(offsetText(ZONES.KW, at, '')).toBe('+0300');
    expect(offsetText('America/St_Johns', at)).toBe('-03:30');
    expect(wallTimeInstant(ZONES.AE, '2026-11-30T10:30:00')).toBe(at);
    expect(wallTimeInstant(ZONES.KW, 'nonsense')).toBeNaN();
  });
});

describe('a country’s week', () => {
  it('starts on the first working day after the weekend', () => {
    expect(firstWorkingDay({ weekend: [5, 6] })).toBe(0); // Friday–Saturday: Sunday
    expect(firstWorkingDay({ weekend: [6, 0] })).toBe(1); // Saturday–Sunday: Monday
    expect(firstWorkingDay({ weekend: [4, 5] })).toBe(6); // Thursday–Friday: Saturday
    expect(firstWorkingDay({ weekend: [5] })).toBe(6); // Friday alone: Saturday
    expect(firstWorkingDay({ weekend: [] })).toBe(1); // none: Monday
  });

  it('lists its working days from its first, and finds the week of a date', () => {
    expect(workingDaysOf({ weekend: [6, 0] })).toEqual([1, 2, 3, 4, 5]);
    expect(workingDaysOf({ weekend: [5, 6] })).toEqual([0, 1, 2, 3, 4]);
    // Saturday 28 November 2026: Sunday-weeks began on the 22nd, Monday-weeks on the 23rd.
    expect(weekStartDate('2026-11-28', 0)).toBe('2026-11-22');
    expect(weekStartDate('2026-11-28', 1)).toBe('2026-11-23');
    expect(weekStartDate('2026-11-30', 1)).toBe('2026-11-30');
  });
});
