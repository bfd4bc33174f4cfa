// Why a coupon does not apply to a cart, listed once: each is a message key in both dictionaries
// (shared/api/message-keys.ts takes them from here), the quote's answer for the coupon
// (api/src/orders/quote.ts), and a refusal the buying routes' contracts declare (place.ts; a blood-test
// booking's, less the per-shopper count).
export const COUPON_PROBLEMS = [
  'coupon_invalid',
  // A coupon of another country: the shopper is told which one it is for.
  'coupon_for_kw',
  'coupon_for_sa',
  'coupon_for_ae',
  'coupon_expired',
  'coupon_min_subtotal',
  'coupon_used_up',
  'coupon_already_used',
] as const;

export type CouponProblem = (typeof COUPON_PROBLEMS)[number];
