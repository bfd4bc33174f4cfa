// When the owner is warned to renew the stamp's certificate (issue 75): from thirty days before it ends,
// in whole days left, and as expired (0) once it has ended; never for a stamp without a certificate.
import { describe, expect, it } from 'vitest';
import { RENEW_WARNING_DAYS, renewWithinDays } from './renewal';

const DAY = 24 * 60 * 60 * 1000;
const now = Date.UTC(2026, 10, 28, 9);

describe('renewWithinDays', () => {
  it('says nothing while more than the warning window is left', () => {
    expect(RENEW_WARNING_DAYS).toBe(30);
    expect(renewWithinDays(now + 400 * DAY, now)).toBeNull();
    expect(renewWithinDays(now + 30 * DAY + 1, now)).toBeNull();
    expect(renewWithinDays(null, now)).toBeNull();
  });

  it('warns from thirty days before the end, counting a started day as a day left', () => {
    expect(renewWithinDays(now + 30 * DAY, now)).toBe(30);
    expect(renewWithinDays(now + 29 * DAY + 1, now)).toBe(30);
    expect(renewWithinDays(now + 7 * DAY, now)).toBe(7);
    expect(renewWithinDays(now + 1, now)).toBe(1);
  });

  it('says expired (0) once the certificate has ended', () => {
    expect(renewWithinDays(now, now)).toBe(0);
    expect(renewWithinDays(now - 3 * DAY, now)).toBe(0);
  });
});
