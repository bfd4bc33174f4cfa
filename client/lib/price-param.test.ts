import { describe, expect, it } from 'vitest';
import { currencyInfoFor, RATE_SCALE } from '#shared/money';
import { convertPriceParam, withCurrency } from './price-param';

const KW = currencyInfoFor('KW', RATE_SCALE, 0);
const SA = currencyInfoFor('SA', 122_000, 1_500);

describe('price filter after a country switch', () => {
  it('converts a Kuwaiti range into the Saudi VAT-inclusive prices it covers', () => {
    // KWD 25 = SAR 305 net = SAR 350.75 with VAT; KWD 3 → SAR 42.09: halalas kept, not whole riyals.
    expect(convertPriceParam('category=1&price=3-25&page=2', KW, SA)).toEqual({
      search: 'category=1&price=42.09-350.75',
      range: '42.09-350.75',
    });
  });

  it('converts a Saudi range back into Kuwaiti dinars, never rereading SAR 351 as KWD 351', () => {
    const r = convertPriceParam('price=0-351', SA, KW)!;
    expect(r.range).toBe('0-25.018');
    expect(convertPriceParam('price=100-', SA, KW)!.range).toBe('7.128-');
  });

  it("keeps the range the same money with the currency's decimals (SAR 50–100 is not KWD 3–8)", () => {
    const kw = convertPriceParam('price=50-100', SA, KW)!.range!;
    expect(kw).toBe('3.564-7.127');
    // And back: the same riyal range, give or take the rounding of one price.
    const [lo, hi] = convertPriceParam(`price=${kw}`, KW, SA)!.range!.split('-').map(Number);
    expect(Math.abs(lo! - 50)).toBeLessThanOrEqual(0.02);
    expect(Math.abs(hi! - 100)).toBeLessThanOrEqual(0.02);
    // Whole amounts stay whole: no "25.000" or "350.0".
    expect(convertPriceParam('price=-350', SA, KW)!.range).toMatch(/^-\d+(\.\d{1,3})?$/);
    expect(convertPriceParam('price=10-20', KW, KW)).toBeNull();
  });

  // The country switch's toast names the converted range (the e2e story checks it in Arabic, decision 74).
  it('names the converted range with its currency as the toast shows it, in English', () => {
    const range = convertPriceParam('price=0-25', KW, SA)!.range!;
    expect(withCurrency(range, 'SAR', 'en', 'SA')).toBe('SAR 0-350.75');
  });

  it('leaves a URL without a price filter, or the same currency, alone and drops a malformed one', () => {
    expect(convertPriceParam('category=1', KW, SA)).toBeNull();
    expect(convertPriceParam('price=0-25', KW, KW)).toBeNull();
    expect(convertPriceParam('price=abc&brand=2', KW, SA)).toEqual({ search: 'brand=2', range: null });
  });
});
