// Why a coupon does not apply to a cart, listed once: each is a message key in both dictionaries
// (shared/api/message-keys.ts takes them from here), the quote's answer for the coupon
// (api/src/orders/quote.ts), and a refusal the buying routes' contracts declare (place.ts; a blood-test
// booking's, less the per-shopper count).
import { COUNTRY_CODES, type CountryCode } from '../countries';

/** A coupon of another country: the shopper is told which one it is for (one text a country). */
const COUPON_FOR_COUNTRY = COUNTRY_CODES.map((c) => `coupon_for_${c.toLowerCase() as Lowercase<CountryCode>}` as const);

export const COUPON_PROBLEMS = [
  'coupon_invalid',
  ...COUPON_FOR_COUNTRY,
  'coupon_expired',
  'coupon_min_subtotal',
  'coupon_used_up',
  'coupon_already_used',
] as const;

export type CouponProblem = (typeof COUPON_PROBLEMS)[number];
