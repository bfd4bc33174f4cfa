import { describe, expect, it } from 'vitest';
import { announcementFor, clockText, HOLD_WARN_SECONDS, secondsLeft } from './hold-countdown';

describe('secondsLeft and clockText', () => {
  it('rounds up to whole seconds and stops at zero', () => {
    expect(secondsLeft(10_000, 0)).toBe(10);
    expect(secondsLeft(10_000, 9_001)).toBe(1);
    expect(secondsLeft(10_000, 12_000)).toBe(0);
  });

  it('prints minutes and two-digit seconds', () => {
    expect(clockText(600)).toBe('10:00');
    expect(clockText(545)).toBe('9:05');
    expect(clockText(59)).toBe('0:59');
    expect(clockText(-3)).toBe('0:00');
  });
});

describe('announcementFor', () => {
  it('stays quiet while the clock ticks above two minutes and between the two moments', () => {
    expect(announcementFor(600, 599)).toBeNull();
    expect(announcementFor(HOLD_WARN_SECONDS + 2, HOLD_WARN_SECONDS + 1)).toBeNull();
    expect(announcementFor(HOLD_WARN_SECONDS, HOLD_WARN_SECONDS - 1)).toBeNull();
    expect(announcementFor(30, 29)).toBeNull();
  });

  it('warns once as the count crosses two minutes, also after a skipped tick', () => {
    expect(announcementFor(HOLD_WARN_SECONDS + 1, HOLD_WARN_SECONDS)).toBe('bt_hold_two_minutes');
    // A background tab's timer is throttled: the clock may jump over the exact second.
    expect(announcementFor(HOLD_WARN_SECONDS + 30, 100)).toBe('bt_hold_two_minutes');
  });

  it('warns at once when the page opens with less than two minutes left', () => {
    expect(announcementFor(null, 90)).toBe('bt_hold_two_minutes');
    expect(announcementFor(null, 300)).toBeNull();
  });

  it('announces the expiry once', () => {
    expect(announcementFor(1, 0)).toBe('bt_hold_expired');
    expect(announcementFor(200, 0)).toBe('bt_hold_expired');
    expect(announcementFor(null, 0)).toBe('bt_hold_expired');
    expect(announcementFor(0, 0)).toBeNull();
  });
});
