// A coupon's amounts in the shopper's country (decision 52). A coupon of one country keeps its amounts on
// its row, in its currency (migration 0044); a coupon of both countries has a row of coupon_amounts for
// each, in that country's currency as paid, so nothing is converted. Shared by the order and blood-test
// quotes, which read the row with the country's amounts in the same statement.
import type { CountryCode } from '#shared/locale';
import { COUNTRY_FACTS } from '#shared/locale';

/**
 * The coupon's columns (and `extra` ones) with the country's amounts; the country is the statement's
 * parameter `?n`. The caller adds its WHERE.
 */
export const couponWithAmountsSql = (countryParam: number, extra = '') =>
  `SELECT c.*, ${extra ? `${extra}, ` : ''}a.value AS country_value, a.min_subtotal_minor AS country_min FROM coupons c
   LEFT JOIN coupon_amounts a ON a.coupon_id = c.id AND a.country = ?${countryParam}`;

type CouponAmounts = {
  kind: 'percent' | 'fixed';
  value: number;
  min_subtotal_fils: number;
  country: CountryCode | null;
  currency: string | null;
};

/**
 * The coupon as it applies in `country`: a coupon of both countries takes that country's amount off and
 * minimum, in its currency. One without such a row (none the back office makes) keeps its base amounts,
 * which the quote converts as before.
 */
export function couponInCountry<T extends CouponAmounts>(
  row: (T & { country_value?: number | null; country_min?: number | null }) | null,
  country: CountryCode,
): T | null {
  if (!row) return null;
  const { country_value, country_min, ...coupon } = row;
  if (coupon.country !== null || country_value === null || country_value === undefined) return coupon as unknown as T;
  return {
    ...(coupon as unknown as T),
    value: coupon.kind === 'fixed' ? country_value : coupon.value,
    min_subtotal_fils: country_min ?? 0,
    currency: COUNTRY_FACTS[country].currency,
  };
}
