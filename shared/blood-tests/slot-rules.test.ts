import { describe, expect, it } from 'vitest';
import {
  changeableUntil,
  gulfDate,
  gulfInstant,
  horizonDates,
  reminderDueAt,
  slotRefusal,
  type TestNeeds,
} from './slot-rules';

// Sunday 22 November 2026, 10:00 in Kuwait (07:00 UTC).
const NOW = Date.parse('2026-11-22T07:00:00Z');
const plain: TestNeeds[] = [{ fasting_hours: 0, morning_draw: 0 }];
const fasting: TestNeeds[] = [{ fasting_hours: 10, morning_draw: 0 }, ...plain];
const hormone: TestNeeds[] = [{ fasting_hours: 0, morning_draw: 1 }];
const none = new Set<string>();

describe('collection slot rules', () => {
  it('reads Gulf local dates and hours (UTC+3)', () => {
    expect(gulfDate(Date.parse('2026-11-22T21:30:00Z'))).toBe('2026-11-23');
    expect(gulfInstant('2026-11-23', 7)).toBe(Date.parse('2026-11-23T04:00:00Z'));
  });

  it('a plain test needs the lead time: today 16:00 is fine at 10:00, 09:00–11:00 is not', () => {
    expect(slotRefusal({ date: '2026-11-22', window: '16-18', tests: plain, blackout: none }, NOW)).toBeNull();
    expect(slotRefusal({ date: '2026-11-22', window: '09-11', tests: plain, blackout: none }, NOW)).toBe('too_soon');
    // 12:30 local: 16:00 is 3.5 h away (fine), 13:30 local it is 2.5 h away (too soon).
    expect(
      slotRefusal({ date: '2026-11-22', window: '16-18', tests: plain, blackout: none }, NOW + 2.5 * 3600e3),
    ).toBeNull();
    expect(slotRefusal({ date: '2026-11-22', window: '16-18', tests: plain, blackout: none }, NOW + 3.5 * 3600e3)).toBe(
      'too_soon',
    );
  });

  it('a fasting or morning-draw test: mornings only, and not before the next morning', () => {
    expect(slotRefusal({ date: '2026-11-23', window: '16-18', tests: fasting, blackout: none }, NOW)).toBe(
      'mornings_only',
    );
    expect(slotRefusal({ date: '2026-11-23', window: '07-09', tests: fasting, blackout: none }, NOW)).toBeNull();
    expect(slotRefusal({ date: '2026-11-22', window: '07-09', tests: hormone, blackout: none }, NOW - 6 * 3600e3)).toBe(
      'too_soon',
    );
    expect(slotRefusal({ date: '2026-11-23', window: '09-11', tests: hormone, blackout: none }, NOW)).toBeNull();
  });

  it('Fridays and listed holidays are closed', () => {
    expect(slotRefusal({ date: '2026-11-27', window: '16-18', tests: plain, blackout: none }, NOW)).toBe('closed_day');
    expect(
      slotRefusal({ date: '2026-11-24', window: '16-18', tests: plain, blackout: new Set(['2026-11-24']) }, NOW),
    ).toBe('closed_day');
  });

  it('books within a 14-day horizon, today included', () => {
    const days = horizonDates(NOW);
    expect(days).toHaveLength(14);
    expect(days[0]).toBe('2026-11-22');
    expect(days[13]).toBe('2026-12-05');
    expect(slotRefusal({ date: '2026-12-05', window: '16-18', tests: plain, blackout: none }, NOW)).toBeNull();
    expect(slotRefusal({ date: '2026-12-06', window: '16-18', tests: plain, blackout: none }, NOW)).toBe(
      'outside_horizon',
    );
    expect(slotRefusal({ date: '2026-11-21', window: '16-18', tests: plain, blackout: none }, NOW)).toBe(
      'outside_horizon',
    );
  });

  it('changes close 12 h before the visit; the reminder is due from 18:00 the evening before', () => {
    const visit = gulfInstant('2026-11-24', 7);
    expect(changeableUntil(visit)).toBe(Date.parse('2026-11-23T16:00:00Z'));
    expect(reminderDueAt('2026-11-24')).toBe(Date.parse('2026-11-23T15:00:00Z'));
  });
});
