// The figures' weeks start on Sunday at midnight, Gulf time: the Gulf's working week.
import { describe, expect, it } from 'vitest';
import { weekStart } from './figures';

const gulf = (iso: string) => Date.parse(`${iso}+03:00`);

describe('a reminder week', () => {
  it('starts on the Sunday before, at 00:00 Gulf time', () => {
    // Friday 27 November 2026, late evening in Riyadh (already Saturday in no timezone that matters).
    expect(weekStart(gulf('2026-11-27T23:30:00'))).toBe(gulf('2026-11-22T00:00:00'));
    expect(weekStart(gulf('2026-11-29T00:00:00'))).toBe(gulf('2026-11-29T00:00:00'));
    // Sunday 00:30 Gulf time is still Saturday in UTC: the Gulf's Sunday counts.
    expect(weekStart(gulf('2026-11-29T00:30:00'))).toBe(gulf('2026-11-29T00:00:00'));
    expect(weekStart(gulf('2026-11-28T23:59:00'))).toBe(gulf('2026-11-22T00:00:00'));
  });
});
