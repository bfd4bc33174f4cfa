import { describe, expect, it } from 'vitest';
import { convertFromBase, convertToBase, currencyInfoFor, formatMinor, formatPrice, parseRate, RATE_SCALE } from './money';

const KW = currencyInfoFor('KW', RATE_SCALE);
const SA = currencyInfoFor('SA', parseRate('12.2000'));

describe('money', () => {
  it('parses decimal exchange rates into scaled integers without float error', () => {
    expect(parseRate('12.2000')).toBe(122000);
    expect(parseRate('0.1')).toBe(1000);
    expect(parseRate('3.14159')).toBe(31415);
    expect(() => parseRate('-1')).toThrow(RangeError);
  });

  it('converts fils to halalas with integer arithmetic and half-up rounding', () => {
    expect(convertFromBase(15000, SA)).toBe(18300); // 15.000 KWD → 183.00 SAR
    expect(convertFromBase(1, SA)).toBe(1); // 0.001 KWD → 0.0122 SAR → 0.01
    expect(convertFromBase(4, SA)).toBe(5); // 0.0488 → 0.05
    expect(convertFromBase(15000, KW)).toBe(15000);
    expect(convertToBase(18300, SA)).toBe(15000);
  });

  it('refuses non-integer money', () => {
    expect(() => convertFromBase(1.5, SA)).toThrow(TypeError);
  });

  it('formats KWD with 3 decimals and SAR with 2, Latin digits in both languages', () => {
    expect(formatPrice(15000, KW, 'en')).toMatch(/^KWD\s15\.000$/);
    expect(formatPrice(15000, SA, 'en')).toMatch(/^SAR\s183\.00$/);
    const ar = formatPrice(15000, KW, 'ar');
    expect(ar).toContain('15.000');
    expect(ar).not.toMatch(/[٠-٩]/);
    expect(formatMinor(1250, 'SAR', 'ar', 'SA')).toContain('12.50');
  });
});
