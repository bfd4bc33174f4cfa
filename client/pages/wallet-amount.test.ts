// The wallet top-up amount takes Arabic-Indic and Persian digits and the Arabic decimal separator.
import { describe, expect, it } from 'vitest';
import { parseAmount } from './profile-wallet';

describe('wallet top-up amount', () => {
  it('reads Latin, Arabic-Indic and Persian digits into minor units (KWD 3 decimals, SAR 2)', () => {
    expect(parseAmount('12.5', 3)).toBe(12500);
    expect(parseAmount('١٢٫٥', 3)).toBe(12500);
    expect(parseAmount('۱۰۰', 2)).toBe(10000);
    expect(parseAmount('٥٠٫٢٥', 2)).toBe(5025);
  });

  it('still refuses too many decimals and nothing at all', () => {
    expect(parseAmount('١٫٢٣٤', 2)).toBeNull();
    expect(parseAmount('٠', 3)).toBeNull();
  });
});
