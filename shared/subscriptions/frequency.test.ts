import { describe, expect, it } from 'vitest';
import {
  dateInWindow,
  discountedPrice,
  dosageFrequency,
  firstNextDate,
  isFrequency,
  nextDate,
  offeredFrequencies,
  orderDate,
  reminderDate,
  supplyDays,
} from './frequency';

const KUWAIT = 'Asia/Kuwait';
const DUBAI = 'Asia/Dubai';

describe('dosage arithmetic', () => {
  it('60 capsules at 2 a day last 30 days; two packs last 60; 90 at 1 a day last 90', () => {
    expect(supplyDays({ pack_units: 60, daily_units: 2 }, 1)).toBe(30);
    expect(supplyDays({ pack_units: 60, daily_units: 2 }, 2)).toBe(60);
    expect(supplyDays({ pack_units: 90, daily_units: 1 }, 1)).toBe(90);
    // A part day left over is not a day's dose.
    expect(supplyDays({ pack_units: 45, daily_units: 2 }, 1)).toBe(22);
  });

  it('knows nothing of a pack that is not counted', () => {
    expect(supplyDays({ pack_units: null, daily_units: 1 }, 1)).toBeNull();
    expect(supplyDays({ pack_units: 60, daily_units: null }, 1)).toBeNull();
    expect(dosageFrequency({ pack_units: null, daily_units: null }, 1)).toBeNull();
  });

  it('offers the dosage period first when it is not a whole month, within 14 to 180 days', () => {
    expect(offeredFrequencies({ pack_units: 120, daily_units: 3 })).toEqual(['40d', '1m', '2m', '3m']);
    expect(offeredFrequencies({ pack_units: 60, daily_units: 2 })).toEqual(['1m', '2m', '3m']);
    expect(offeredFrequencies({ pack_units: 30, daily_units: 3 })).toEqual(['1m', '2m', '3m']);
    expect(offeredFrequencies({ pack_units: 365, daily_units: 1 })).toEqual(['1m', '2m', '3m']);
    expect(offeredFrequencies({ pack_units: 120, daily_units: 3 }, 2)).toEqual(['80d', '1m', '2m', '3m']);
  });
});

describe('frequencies and dates', () => {
  it('accepts 1–3 months and 14–180 days, nothing else', () => {
    for (const ok of ['1m', '2m', '3m', '14d', '45d', '180d']) expect(isFrequency(ok)).toBe(true);
    for (const bad of ['0m', '4m', '13d', '181d', '7d', 'm', '30', '2 m', '030d']) expect(isFrequency(bad)).toBe(false);
  });

  it('moves by calendar months, keeping the day or the month’s last day', () => {
    expect(nextDate('2026-01-15', '2m')).toBe('2026-03-15');
    expect(nextDate('2026-01-31', '1m')).toBe('2026-02-28');
    expect(nextDate('2028-01-31', '1m')).toBe('2028-02-29');
    expect(nextDate('2026-11-30', '3m')).toBe('2027-02-28');
    expect(nextDate('2026-12-10', '1m')).toBe('2027-01-10');
    expect(nextDate('2026-12-10', '45d')).toBe('2027-01-24');
  });

  it('places the order three days before the delivery and reminds three days before that', () => {
    expect(orderDate('2026-12-10')).toBe('2026-12-07');
    expect(reminderDate('2026-12-10')).toBe('2026-12-04');
  });

  it('lets a date move between 4 and 180 days ahead, in the country’s time', () => {
    // 22:00 UTC on 24 Nov is 01:00 on 25 Nov in Kuwait and Riyadh.
    const now = Date.parse('2026-11-24T22:00:00Z');
    expect(dateInWindow('2026-11-29', now, KUWAIT)).toBe(true);
    expect(dateInWindow('2026-11-28', now, KUWAIT)).toBe(false);
    expect(dateInWindow('2027-05-24', now, KUWAIT)).toBe(true);
    expect(dateInWindow('2027-05-25', now, KUWAIT)).toBe(false);
    expect(dateInWindow('2026-02-30', now, KUWAIT)).toBe(false);
  });

  it('dates an autoship started at 23:30 in Dubai from Dubai’s today, not Kuwait’s (issue 77)', () => {
    // 23:30 on 30 Nov in Dubai (UTC+4) is 22:30 on 30 Nov in Kuwait; 20:30 UTC on 30 Nov is 00:30 on 1 Dec
    // in Dubai and still 23:30 on 30 Nov in Kuwait.
    const lateEvening = Date.parse('2026-11-30T19:30:00Z');
    expect(firstNextDate(lateEvening, '1m', DUBAI)).toBe('2026-12-30');
    const pastMidnight = Date.parse('2026-11-30T20:30:00Z');
    expect(firstNextDate(pastMidnight, '1m', DUBAI)).toBe('2027-01-01');
    expect(firstNextDate(pastMidnight, '1m', KUWAIT)).toBe('2026-12-30');
    expect(dateInWindow('2026-12-04', pastMidnight, KUWAIT)).toBe(true);
    expect(dateInWindow('2026-12-04', pastMidnight, DUBAI)).toBe(false);
    expect(dateInWindow('2026-12-05', pastMidnight, DUBAI)).toBe(true);
  });

  it('takes the percent off a unit price, to the fil', () => {
    expect(discountedPrice(4_500, 10)).toBe(4_050);
    expect(discountedPrice(3_333, 15)).toBe(2_833);
    expect(discountedPrice(3_333, 0)).toBe(3_333);
  });
});
