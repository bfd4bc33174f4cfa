// The zod schemas of what the API answers about points (decision 68: the routes' `response`); the
// types in ./types.ts are inferred from them. Amounts are integer minor units of the country's currency.
import { z } from '../zod';
import { POINTS_KINDS, TIERS } from './kinds';
import { COUNTRY_CODES } from '../locale';

const country = z.enum(COUNTRY_CODES);
const tier = z.enum(TIERS);

/** A country's rules (the row of loyalty_rules, without its bookkeeping). */
export const loyaltyRulesSchema = z.object({
  country,
  points_per_unit: z.number(),
  blood_test_points_per_unit: z.number(),
  consultation_points_per_unit: z.number(),
  review_points: z.int(),
  birthday_points: z.int(),
  redeem_step_points: z.int(),
  redeem_step_value: z.int(),
  min_payable: z.int(),
  expiry_months: z.int(),
  expiry_notice_days: z.int(),
  referral_discount: z.int(),
  referral_min_subtotal: z.int(),
  referrer_points: z.int(),
  referral_monthly_cap: z.int(),
  is_active: z.boolean(),
});

/** A country's tier (the row of loyalty_tiers). */
export const tierRuleSchema = z.object({
  tier,
  /** The last 12 months' spending it needs, minor units of the country's currency. */
  min_spend: z.int(),
  /** 10000 = ×1. */
  earn_multiplier_bp: z.int(),
  /** Its own free-delivery threshold (minor units, as paid); null: the country's. */
  free_delivery_minor: z.int().nullable(),
  early_access_hours: z.int(),
});

/** GET /loyalty: the shopper's points in the request's country. */
export const loyaltySummarySchema = z.object({
  country,
  currency: z.string(),
  balance: z.int(),
  /** What the balance is worth at checkout now (whole steps), minor units. */
  balance_value: z.int(),
  tier,
  tier_rule: tierRuleSchema,
  /** The last 12 months' spending the tier was computed from. */
  spend_12m: z.int(),
  /** The next tier and the spending still missing; null at the top. */
  next_tier: z.object({ tier, missing: z.int(), rule: tierRuleSchema }).nullable(),
  /** The points that expire next and when (ms); null when none expire in the notice window's horizon. */
  expiring: z.object({ points: z.int(), at: z.int() }).nullable(),
  rules: loyaltyRulesSchema,
});

/** One line of the points history (GET /loyalty/history). */
export const pointsHistoryLineSchema = z.object({
  id: z.int(),
  kind: z.enum(POINTS_KINDS),
  amount: z.int(),
  balance_after: z.int(),
  at: z.int(),
  /** Credits: when they expire. */
  expires_at: z.int().nullable(),
  /** The shop order, blood-test order or consultation it is about, for a link. */
  order_id: z.int().nullable(),
  blood_test_order_id: z.int().nullable(),
  consultation_id: z.int().nullable(),
  /** Adjustments: the reason staff gave (shown to her as written). */
  reason: z.string().nullable(),
});

export const pointsHistoryPageSchema = z.object({
  lines: z.array(pointsHistoryLineSchema),
  /** The id to pass as `before` for the next page; null on the last. */
  next: z.int().nullable(),
});

/** GET /loyalty/referral: her own code and what it gives. */
export const referralInfoSchema = z.object({
  code: z.string(),
  /** The share link (absolute, the storefront's origin, the request's language). */
  link: z.string(),
  /** The friend's discount and the subtotal it needs, the referrer's points, in the request's country. */
  friend_discount: z.int(),
  friend_min_subtotal: z.int(),
  referrer_points: z.int(),
  /** Friends rewarded this Gulf month, and the cap. */
  rewarded_this_month: z.int(),
  monthly_cap: z.int(),
  /** Friends whose first order is on its way (not yet rewarded). */
  pending: z.int(),
});

/** GET /invite/:code. */
export const inviteInfoSchema = z.object({
  /** The code as stored (upper case). */
  code: z.string(),
  /** The referrer's first name only (nothing else about her). */
  first_name: z.string(),
  country,
  currency: z.string(),
  /** The friend's discount on her first order and the subtotal it needs (minor units of the country's currency). */
  discount: z.int(),
  min_subtotal: z.int(),
  /** False while the country's loyalty programme is switched off: no discount is given now. */
  active: z.boolean(),
});
