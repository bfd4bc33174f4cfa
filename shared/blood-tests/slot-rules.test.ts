import { describe, expect, it } from 'vitest';
import {
  changeableUntil,
  gulfDate,
  gulfInstant,
  horizonDates,
  isClosedDay,
  reminderDueAt,
  slotRefusal,
  type TestNeeds,
  visitInstant,
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
    expect(
      slotRefusal({ country: 'KW', date: '2026-11-22', window: '16-18', tests: plain, blackout: none }, NOW),
    ).toBeNull();
    expect(slotRefusal({ country: 'KW', date: '2026-11-22', window: '09-11', tests: plain, blackout: none }, NOW)).toBe(
      'too_soon',
    );
    // 12:30 local: 16:00 is 3.5 h away (fine), 13:30 local it is 2.5 h away (too soon).
    expect(
      slotRefusal(
        { country: 'KW', date: '2026-11-22', window: '16-18', tests: plain, blackout: none },
        NOW + 2.5 * 3600e3,
      ),
    ).toBeNull();
    expect(
      slotRefusal(
        { country: 'KW', date: '2026-11-22', window: '16-18', tests: plain, blackout: none },
        NOW + 3.5 * 3600e3,
      ),
    ).toBe('too_soon');
  });

  it('a fasting or morning-draw test: mornings only, and not before the next morning', () => {
    expect(
      slotRefusal({ country: 'KW', date: '2026-11-23', window: '16-18', tests: fasting, blackout: none }, NOW),
    ).toBe('mornings_only');
    expect(
      slotRefusal({ country: 'KW', date: '2026-11-23', window: '07-09', tests: fasting, blackout: none }, NOW),
    ).toBeNull();
    expect(
      slotRefusal(
        { country: 'KW', date: '2026-11-22', window: '07-09', tests: hormone, blackout: none },
        NOW - 6 * 3600e3,
      ),
    ).toBe('too_soon');
    expect(
      slotRefusal({ country: 'KW', date: '2026-11-23', window: '09-11', tests: hormone, blackout: none }, NOW),
    ).toBeNull();
  });

  it('Fridays and listed holidays are closed in Kuwait', () => {
    expect(slotRefusal({ country: 'KW', date: '2026-11-27', window: '16-18', tests: plain, blackout: none }, NOW)).toBe(
      'closed_day',
    );
    expect(
      slotRefusal(
        { country: 'KW', date: '2026-11-24', window: '16-18', tests: plain, blackout: new Set(['2026-11-24']) },
        NOW,
      ),
    ).toBe('closed_day');
  });

  it('books within a 14-day horizon, today included', () => {
    const days = horizonDates(NOW, 'KW');
    expect(days).toHaveLength(14);
    expect(days[0]).toBe('2026-11-22');
    expect(days[13]).toBe('2026-12-05');
    expect(
      slotRefusal({ country: 'KW', date: '2026-12-05', window: '16-18', tests: plain, blackout: none }, NOW),
    ).toBeNull();
    expect(slotRefusal({ country: 'KW', date: '2026-12-06', window: '16-18', tests: plain, blackout: none }, NOW)).toBe(
      'outside_horizon',
    );
    expect(slotRefusal({ country: 'KW', date: '2026-11-21', window: '16-18', tests: plain, blackout: none }, NOW)).toBe(
      'outside_horizon',
    );
  });

  it('changes close 12 h before the visit; the reminder is due from 18:00 the evening before', () => {
    const visit = gulfInstant('2026-11-24', 7);
    expect(changeableUntil(visit)).toBe(Date.parse('2026-11-23T16:00:00Z'));
    expect(reminderDueAt('KW', '2026-11-24')).toBe(Date.parse('2026-11-23T15:00:00Z'));
  });

  it('in the Emirates (issue 77): no visits on Saturday and Sunday, Friday is a working day, hours on Dubai’s clocks', () => {
    // Friday 27, Saturday 28, Sunday 29, Monday 30 November 2026.
    expect(isClosedDay('AE', '2026-11-27', none)).toBe(false);
    expect(isClosedDay('AE', '2026-11-28', none)).toBe(true);
    expect(isClosedDay('AE', '2026-11-29', none)).toBe(true);
    expect(isClosedDay('AE', '2026-11-30', none)).toBe(false);
    expect(isClosedDay('KW', '2026-11-27', none)).toBe(true);
    expect(isClosedDay('KW', '2026-11-28', none)).toBe(false);
    expect(
      slotRefusal({ country: 'AE', date: '2026-11-27', window: '16-18', tests: plain, blackout: none }, NOW),
    ).toBeNull();
    expect(slotRefusal({ country: 'AE', date: '2026-11-28', window: '16-18', tests: plain, blackout: none }, NOW)).toBe(
      'closed_day',
    );
    // 07:00 in Dubai is 03:00 UTC; the reminder from 18:00 Dubai the evening before.
    expect(visitInstant('AE', '2026-11-24', 7)).toBe(Date.parse('2026-11-24T03:00:00Z'));
    expect(reminderDueAt('AE', '2026-11-24')).toBe(Date.parse('2026-11-23T14:00:00Z'));
    // 20:30 UTC on 22 November is already the 23rd in Dubai: the horizon starts there.
    expect(horizonDates(Date.parse('2026-11-22T20:30:00Z'), 'AE')[0]).toBe('2026-11-23');
    expect(horizonDates(Date.parse('2026-11-22T20:30:00Z'), 'KW')[0]).toBe('2026-11-22');
  });
});
