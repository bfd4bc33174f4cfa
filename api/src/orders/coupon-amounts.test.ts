import { describe, expect, it } from 'vitest';
import { couponInCountry } from './coupon-amounts';

const both = { kind: 'fixed' as const, value: 2_000, min_subtotal_fils: 10_000, country: null, currency: null };

describe('a coupon’s amounts in the shopper’s country (decision 52)', () => {
  it('takes a coupon of both countries’ own Saudi amounts, in riyals, not Kuwait’s converted', () => {
    expect(couponInCountry({ ...both, country_value: 2_500, country_min: 15_000 }, 'SA')).toEqual({
      ...both,
      value: 2_500,
      min_subtotal_fils: 15_000,
      currency: 'SAR',
    });
    expect(couponInCountry({ ...both, country_value: 2_000, country_min: 10_000 }, 'KW')).toMatchObject({
      value: 2_000,
      currency: 'KWD',
    });
  });

  it('keeps a percent coupon’s basis points, and a one-country coupon as it is', () => {
    const percent = { ...both, kind: 'percent' as const, value: 1_000, min_subtotal_fils: 0 };
    expect(couponInCountry({ ...percent, country_value: 0, country_min: 5_000 }, 'SA')).toMatchObject({
      value: 1_000,
      min_subtotal_fils: 5_000,
      currency: 'SAR',
    });
    const saudi = { ...both, country: 'SA' as const, currency: 'SAR', value: 1_550 };
    expect(couponInCountry({ ...saudi, country_value: null, country_min: null }, 'SA')).toEqual(saudi);
    expect(couponInCountry(null, 'SA')).toBeNull();
  });
});
