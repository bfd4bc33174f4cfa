import { describe, expect, it } from 'vitest';
import { COUNTRY_FACTS } from './countries';
import {
  convertFromBase,
  convertToBase,
  currencyDecimals,
  currencyInfoFor,
  formatMinor,
  formatWholeAmount,
  formatPrice,
  minorToDecimal,
  parseRate,
  payableBoundToBase,
  payableMinor,
  RATE_SCALE,
  vatIncluded,
} from './money';

const KW = currencyInfoFor('KW', RATE_SCALE);
const SA = currencyInfoFor('SA', parseRate('12.2000'));
const SA_VAT = currencyInfoFor('SA', parseRate('12.2000'), 1500);

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

  it('writes a negative amount with a true minus against its digits, in both languages (issue 73)', () => {
    // Intl's English pattern gave "-KWD 19.750": a hyphen before the code, the other side from Arabic.
    expect(formatMinor(-19_750, 'KWD', 'en', 'KW')).toMatch(/^KWD\s\u221219\.750$/);
    expect(formatMinor(-1_250, 'SAR', 'en', 'SA')).toMatch(/^SAR\s\u221212\.50$/);
    // Arabic: the signed number isolated left to right, the code after it as for a positive amount (no
    // LRM, which ran number and code together and read the code first).
    const ar = formatMinor(-19_750, 'KWD', 'ar', 'KW');
    expect(ar).toMatch(/^\u200f\u2066\u221219\.750\u2069\sد\.ك$/);
    expect(formatMinor(19_750, 'KWD', 'ar', 'KW')).toMatch(/^\u200f19\.750\sد\.ك$/);
    expect(ar).not.toContain('\u200e');
    for (const text of [formatMinor(-19_750, 'KWD', 'en', 'KW'), ar, formatWholeAmount(-5, 'SAR', 'en', 'SA')])
      expect(text).not.toContain('-');
    // The positive amount is unchanged, and a negative zero is a plain zero.
    expect(formatMinor(19_750, 'KWD', 'en', 'KW')).toMatch(/^KWD\s19\.750$/);
    expect(formatMinor(-0, 'KWD', 'en', 'KW')).toBe(formatMinor(0, 'KWD', 'en', 'KW'));
  });

  it('names the currency in Arabic as the country configuration does, never by its Latin code (issue 73)', () => {
    expect(formatMinor(20_694, 'SAR', 'ar', 'SA')).toMatch(/^\u200f?206\.94\sر\.س$/);
    expect(formatMinor(12_345, 'KWD', 'ar', 'KW')).toMatch(/^\u200f?12\.345\sد\.ك$/);
    for (const facts of Object.values(COUNTRY_FACTS)) {
      const ar = formatMinor(1000, facts.currency, 'ar', 'KW');
      expect(ar).toContain(facts.currencyLabel.ar);
      expect(ar).not.toMatch(/[A-Z]{3}/);
      // English keeps the ISO code before the number.
      expect(formatMinor(1000, facts.currency, 'en', 'KW').startsWith(facts.currencyLabel.en)).toBe(true);
    }
  });

  it('prints a round amount (a filter’s bound) as prices are printed, without a zero fraction', () => {
    // The code sits where formatMinor puts it in each language: before in English, after in Arabic.
    expect(formatWholeAmount(250, 'SAR', 'en', 'SA')).toBe(formatMinor(25_000, 'SAR', 'en', 'SA').replace('.00', ''));
    expect(formatWholeAmount(250, 'SAR', 'ar', 'SA')).toBe(formatMinor(25_000, 'SAR', 'ar', 'SA').replace('.00', ''));
    expect(formatWholeAmount(250, 'SAR', 'ar', 'SA')).toMatch(/^\u200f?250\sر\.س$/);
    expect(formatWholeAmount(25, 'KWD', 'en', 'KW')).toMatch(/^KWD\s25$/);
  });

  it('gives what a Saudi shopper pays: converted and 15 % VAT included, rounded once', () => {
    // 2.500 KWD net = 30.50 SAR net = 35.075 SAR with VAT → 35.08 (one rounding, half up).
    expect(payableMinor(2_500, SA_VAT)).toBe(3_508);
    // One rounding, not two: 0.003 KWD = 0.0366 SAR × 1.15 = 0.04209 → 0.04 (rounding to 0.04 first gives 0.046 → 0.05).
    expect(payableMinor(3, SA_VAT)).toBe(4);
    expect(payableMinor(2_500, KW)).toBe(2_500);
    expect(payableMinor(2_500, SA)).toBe(convertFromBase(2_500, SA));
    // Large amounts stay exact (the product passes 2^53 without BigInt).
    expect(payableMinor(9_999_999, SA_VAT)).toBe(14_029_999);
    expect(formatPrice(2_500, SA_VAT, 'en')).toMatch(/^SAR\s35\.08$/);
    expect(formatPrice(2_500, KW, 'en')).toMatch(/^KWD\s2\.500$/);
  });

  it('turns a typed payable range back into base fils so exactly the shown prices inside it match', () => {
    const max = payableBoundToBase(3_508, SA_VAT, 'max');
    expect(payableMinor(max, SA_VAT)).toBeLessThanOrEqual(3_508);
    expect(payableMinor(max + 1, SA_VAT)).toBeGreaterThan(3_508);
    expect(max).toBeGreaterThanOrEqual(2_500);
    const min = payableBoundToBase(3_508, SA_VAT, 'min');
    expect(payableMinor(min, SA_VAT)).toBeGreaterThanOrEqual(3_508);
    expect(payableMinor(min - 1, SA_VAT)).toBeLessThan(3_508);
    expect(min).toBeLessThanOrEqual(2_500);
    expect(payableBoundToBase(25_000, KW, 'max')).toBe(25_000);
    expect(payableBoundToBase(25_000, KW, 'min')).toBe(25_000);
  });

  it('finds the VAT included in a VAT-inclusive amount, half away from zero', () => {
    expect(vatIncluded(11_500, 1_500)).toBe(1_500);
    expect(vatIncluded(3_508, 1_500)).toBe(458); // 35.08 × 15/115 = 4.5756… → 4.58
    expect(vatIncluded(8_000, 0)).toBe(0);
  });
});

describe('currencyDecimals', () => {
  it('takes the minor-unit digits of each shop currency from COUNTRY_FACTS', () => {
    for (const facts of Object.values(COUNTRY_FACTS)) expect(currencyDecimals(facts.currency)).toBe(facts.decimals);
    expect(currencyDecimals('KWD')).toBe(3);
    expect(currencyDecimals('SAR')).toBe(2);
  });
});

describe('minorToDecimal', () => {
  it.each([
    [11_340, 2, '113.40'],
    [12_345, 3, '12.345'],
    [5, 3, '0.005'],
    [-250, 2, '-2.50'],
    [7, 0, '7'],
    [123_456_789_012, 3, '123456789.012'],
  ])('%i minor units with %i decimals → %s (what the QR, Tap, schema.org and URLs carry)', (minor, decimals, text) => {
    expect(minorToDecimal(minor, decimals)).toBe(text);
  });
});
