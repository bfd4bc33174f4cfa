// The owner's reminder steps and the quiet hours (issue 64): a step due at night goes at the morning's
// first hour on the clocks of the cart's country (issue 77): Kuwait and Saudi Arabia at UTC+3, a UTC+4
// fixture (Asia/Dubai) an hour earlier.
import { COUNTRY_CODES } from '#shared/countries';
import { describe, expect, it } from 'vitest';
import { DEFAULT_REMINDER_SETTINGS, isQuietHour, outOfQuietHours, settingsFrom, stepDue } from './settings';

const gulf = (iso: string) => Date.parse(`${iso}+03:00`);

describe('cart reminder times', () => {
  it('are the owner’s minutes after the last change, outside the quiet hours', () => {
    const s = DEFAULT_REMINDER_SETTINGS;
    expect(stepDue(s, gulf('2026-11-27T10:00:00'), 1)).toBe(gulf('2026-11-27T11:00:00'));
    expect(stepDue(s, gulf('2026-11-27T10:00:00'), 2)).toBe(gulf('2026-11-28T10:00:00'));
    expect(stepDue(s, gulf('2026-11-27T10:00:00'), 3)).toBeNull();
    // An hour after 20:30 is 21:30: quiet, so 09:00 the next day; after 02:00 it is 09:00 the same day.
    expect(stepDue(s, gulf('2026-11-27T20:30:00'), 1)).toBe(gulf('2026-11-28T09:00:00'));
    expect(stepDue(s, gulf('2026-11-28T01:00:00'), 1)).toBe(gulf('2026-11-28T09:00:00'));
    // The day after 23:10 is 23:10: the morning after that.
    expect(stepDue(s, gulf('2026-11-27T23:10:00'), 2)).toBe(gulf('2026-11-29T09:00:00'));
    expect(stepDue({ ...s, enabled: false }, gulf('2026-11-27T10:00:00'), 1)).toBeNull();
  });

  it('are quiet on the clocks of the cart’s own country (a fixture country in UTC+4)', () => {
    const s = DEFAULT_REMINDER_SETTINGS;
    // Changed 16:30 UTC: an hour later is 20:30 in Kuwait (not quiet) but 21:30 in Dubai (quiet: 09:00
    // there the next morning).
    const changed = Date.parse('2026-11-27T16:30:00Z');
    expect(stepDue(s, changed, 1, 'Asia/Kuwait')).toBe(gulf('2026-11-27T20:30:00'));
    expect(stepDue(s, changed, 1, 'Asia/Dubai')).toBe(Date.parse('2026-11-28T09:00:00+04:00'));
    // 05:30 UTC is 08:30 in Kuwait (quiet until 09:00 there) but 09:30 in Dubai (not quiet).
    const morning = Date.parse('2026-11-28T05:30:00Z');
    expect(outOfQuietHours(morning, s.quiet, 'Asia/Kuwait')).toBe(gulf('2026-11-28T09:00:00'));
    expect(outOfQuietHours(morning, s.quiet, 'Asia/Dubai')).toBe(morning);
  });

  it('read quiet hours through midnight, within a day, or none', () => {
    expect([20, 21, 23, 0, 8, 9].map((h) => isQuietHour(h, { from: 21, to: 9 }))).toEqual([
      false,
      true,
      true,
      true,
      true,
      false,
    ]);
    expect([12, 13, 15].map((h) => isQuietHour(h, { from: 13, to: 15 }))).toEqual([false, true, false]);
    expect(isQuietHour(3, { from: 0, to: 0 })).toBe(false);
    expect(outOfQuietHours(gulf('2026-11-27T14:00:00'), { from: 13, to: 15 })).toBe(gulf('2026-11-27T15:00:00'));
  });

  it("keep each country's incentive the owner saved when a country is added after it (issue 77)", () => {
    // A row saved before the Emirates were served names Kuwait and Saudi Arabia only.
    const incentive = settingsFrom([{ key: 'cart_reminders.incentive', value: '{"KW": 1000, "SA": 500}' }]).incentive;
    expect(incentive.KW).toBe(1000);
    expect(incentive.SA).toBe(500);
    for (const c of COUNTRY_CODES.filter((c) => c !== 'KW' && c !== 'SA'))
      expect(incentive[c]).toBe(DEFAULT_REMINDER_SETTINGS.incentive[c]);
  });

  it('keep the defaults for rows that are missing or not what they should be', () => {
    expect(
      settingsFrom([
        { key: 'cart_reminders.steps', value: '[30, 600, 9000]' },
        { key: 'cart_reminders.quiet', value: '{"from": 22, "to": 8}' },
        { key: 'cart_reminders.enabled', value: 'false' },
      ]),
    ).toEqual({
      enabled: false,
      steps: [30, 600],
      quiet: { from: 22, to: 8 },
      incentive: Object.fromEntries(COUNTRY_CODES.map((c) => [c, 0])),
    });
    expect(
      settingsFrom([
        { key: 'cart_reminders.steps', value: '[0, -5]' },
        { key: 'cart_reminders.quiet', value: '{"from": 25, "to": 8}' },
        { key: 'cart_reminders.enabled', value: 'not json' },
      ]),
    ).toEqual(DEFAULT_REMINDER_SETTINGS);
  });
});
