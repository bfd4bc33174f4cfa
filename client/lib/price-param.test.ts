import { describe, expect, it } from 'vitest';
import { currencyInfoFor, RATE_SCALE } from '../../shared/money';
import { convertPriceParam } from './price-param';

const KW = currencyInfoFor('KW', RATE_SCALE, 0);
const SA = currencyInfoFor('SA', 122_000, 1_500);

describe('price filter after a country switch', () => {
  it('converts a Kuwaiti range into the Saudi VAT-inclusive prices it covers', () => {
    // KWD 25 = SAR 305 net = SAR 350.75 with VAT → up to 351; KWD 3 → SAR 42.09 → from 42.
    expect(convertPriceParam('category=1&price=3-25&page=2', KW, SA)).toEqual({ search: 'category=1&price=42-351', range: '42-351' });
  });

  it('converts a Saudi range back into Kuwaiti dinars, never rereading SAR 351 as KWD 351', () => {
    const r = convertPriceParam('price=0-351', SA, KW)!;
    expect(r.range).toBe('0-26');
    expect(convertPriceParam('price=100-', SA, KW)!.range).toBe('7-');
  });

  it('leaves a URL without a price filter, or the same currency, alone and drops a malformed one', () => {
    expect(convertPriceParam('category=1', KW, SA)).toBeNull();
    expect(convertPriceParam('price=0-25', KW, KW)).toBeNull();
    expect(convertPriceParam('price=abc&brand=2', KW, SA)).toEqual({ search: 'brand=2', range: null });
  });
});
