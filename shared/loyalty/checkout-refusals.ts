// What a checkout refuses of points and of a friend's code, listed once: each is a message key in both
// dictionaries (shared/api/message-keys.ts takes them from here) and a refusal the buying routes'
// contracts declare (api/src/orders/place.ts PLACING_MESSAGES); the referral checks at checkout answer
// one of REFERRAL_REFUSALS (api/src/orders/loyalty-checkout.ts).

/** Points asked for at checkout: not in the country's steps or over its limit (rules.ts), or more than she holds. */
export const POINTS_REFUSALS = ['points_not_in_steps', 'points_over_limit', 'points_insufficient'] as const;

/** A friend's code refused at checkout, in the order the checks run. */
export const REFERRAL_REFUSALS = [
  'referral_code_unknown',
  'referral_sign_in',
  'referral_paused',
  'referral_own_code',
  'referral_same_phone',
  'referral_same_device',
  'referral_same_address',
  'referral_same_email',
  'referral_not_first_order',
  'referral_phone_ordered_before',
  'referral_email_ordered_before',
  'referral_monthly_cap',
  'referral_min_subtotal',
] as const;

export type ReferralProblem = (typeof REFERRAL_REFUSALS)[number];
