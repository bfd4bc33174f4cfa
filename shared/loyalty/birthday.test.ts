import { describe, expect, it } from 'vitest';
import { birthdayDaysIn, isBirthday } from './birthday';

describe('birthday', () => {
  it('takes every day a month has, 29 February included', () => {
    expect(isBirthday('01-01')).toBe(true);
    expect(isBirthday('02-29')).toBe(true);
    expect(isBirthday('12-31')).toBe(true);
    expect(birthdayDaysIn(2)).toBe(29);
    expect(birthdayDaysIn(4)).toBe(30);
  });

  it('refuses days a month does not have, other shapes and a year', () => {
    for (const bad of ['02-30', '04-31', '13-01', '00-10', '05-00', '5-1', '1990-05-01', '05/01', ''])
      expect(isBirthday(bad), bad).toBe(false);
  });
});
