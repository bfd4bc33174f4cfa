import { describe, expect, it } from 'vitest';
import { newCode } from './phone-codes';

describe('a one-time code', () => {
  it('is six digits, every digit used in every place', () => {
    const seen = Array.from({ length: 6 }, () => new Set<string>());
    for (let i = 0; i < 2000; i++) {
      const code = newCode();
      expect(code).toMatch(/^\d{6}$/);
      for (const [place, digit] of [...code].entries()) seen[place]!.add(digit);
    }
    expect(seen.every((digits) => digits.size === 10)).toBe(true);
  });
});
