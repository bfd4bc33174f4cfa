import { describe, expect, it } from 'vitest';
import { normalizeDigits, parseDecimal } from './digits';

describe('normalizeDigits', () => {
  it('turns Arabic-Indic and Eastern Arabic-Persian digits into Latin ones', () => {
    expect(normalizeDigits('٠١٢٣٤٥٦٧٨٩')).toBe('0123456789');
    expect(normalizeDigits('۰۱۲۳۴۵۶۷۸۹')).toBe('0123456789');
    expect(normalizeDigits('+٩٦٥ ۹۸۷٦ ٥٤٣٢')).toBe('+965 9876 5432');
  });

  it('turns the Arabic decimal and thousands separators into . and ,', () => {
    expect(normalizeDigits('١٬٢٥٠٫٥')).toBe('1,250.5');
  });

  it('leaves letters and Latin digits alone', () => {
    expect(normalizeDigits('RRRD2929 شقة ٣')).toBe('RRRD2929 شقة 3');
  });
});

describe('parseDecimal', () => {
  it('reads typed amounts in any of the digit sets', () => {
    expect(parseDecimal('12.5')).toBe(12.5);
    expect(parseDecimal('١٢٫٥')).toBe(12.5);
    expect(parseDecimal('۱۲.۵')).toBe(12.5);
    expect(parseDecimal('١٬٢٥٠')).toBe(1250);
    expect(parseDecimal(' 1,250.75 ')).toBe(1250.75);
  });

  it('refuses what is not a plain number', () => {
    for (const bad of ['', 'abc', '1.2.3', '12,5', '-3', '1e3', '١٢ب']) expect(parseDecimal(bad), bad).toBeNull();
  });
});
