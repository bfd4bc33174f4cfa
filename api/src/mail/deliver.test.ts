import { describe, expect, it } from 'vitest';
import { MAIL_BASE_BACKOFF_MS, MAIL_MAX_ATTEMPTS, MAIL_MAX_BACKOFF_MS, mailBackoffMs } from './deliver';

describe('mail retry backoff', () => {
  it('doubles from one minute and never waits longer than the cap', () => {
    expect([1, 2, 3, 4].map(mailBackoffMs)).toEqual([1, 2, 4, 8].map((n) => n * MAIL_BASE_BACKOFF_MS));
    expect(mailBackoffMs(30)).toBe(MAIL_MAX_BACKOFF_MS);
  });

  it('gives up within a few hours, well inside the provider keeping its idempotency key (24 h)', () => {
    const total = Array.from({ length: MAIL_MAX_ATTEMPTS - 1 }, (_, i) => mailBackoffMs(i + 1)).reduce(
      (a, b) => a + b,
      0,
    );
    expect(total).toBeLessThan(24 * 60 * 60_000);
    expect(total).toBeGreaterThanOrEqual(60 * 60_000);
  });
});
