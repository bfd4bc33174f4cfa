// A coupon's amounts in the shopper's country (decision 52). A coupon of one country keeps its amounts on
// its row, in its currency (migration 0044); a coupon of every country has a row of coupon_amounts for
// each, in that country's currency as paid, so nothing is converted. Shared by the order and blood-test
// quotes, which read the row with the country's amounts in the same statement.
import type { CountryCode } from '#shared/locale';
import { COUNTRY_FACTS } from '#shared/countries';

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
 * The coupon as it applies in `country`: a coupon of every country takes that country's amount off and
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

/** What both quotes check of a coupon's own terms, with its amounts in the shopper's country. */
type CouponTerms = Pick<CouponAmounts, 'country' | 'min_subtotal_fils'> & {
  currency: string | null;
  starts_at: number | null;
  ends_at: number | null;
  max_uses: number | null;
  used: number;
};

/**
 * Why a coupon's terms refuse the cart, or null: its country, its dates, its minimum (in the coupon's
 * own currency that is what the shopper pays; without one, base fils net of VAT), its uses.
 */
export function couponTermsProblem(
  c: CouponTerms,
  subtotal: { fils: number; paid: number },
  country: CountryCode,
  now = Date.now(),
): `coupon_for_${Lowercase<CountryCode>}` | 'coupon_expired' | 'coupon_min_subtotal' | 'coupon_used_up' | null {
  // Each country has its message, "This coupon is for orders in <its country>".
  if (c.country !== null && c.country !== country)
    return `coupon_for_${c.country.toLowerCase() as Lowercase<CountryCode>}`;
  if ((c.starts_at !== null && now < c.starts_at) || (c.ends_at !== null && now > c.ends_at)) return 'coupon_expired';
  if ((c.currency ? subtotal.paid : subtotal.fils) < c.min_subtotal_fils) return 'coupon_min_subtotal';
  if (c.max_uses !== null && c.used >= c.max_uses) return 'coupon_used_up';
  return null;
}
