// Loyalty points, tiers and referrals (issue 47, decision 58): what the API answers about them, as both
// sides see it. Points are whole numbers kept per shopper and country (migration 0060); amounts of
// money are integer minor units of the country's currency.
import type { CountryCode } from '../locale';

export const TIERS = ['bronze', 'silver', 'gold'] as const;
export type TierCode = (typeof TIERS)[number];

const POINTS_KINDS = [
  'earn_order',
  'earn_blood_test',
  'earn_consultation',
  'earn_review',
  'earn_birthday',
  'earn_referral',
  'spend',
  'spend_return',
  'earn_reversal',
  'expiry',
  'adjustment',
] as const;
export type PointsKind = (typeof POINTS_KINDS)[number];

/** A country's rules (the row of loyalty_rules, without its bookkeeping). */
export interface LoyaltyRules {
  country: CountryCode;
  points_per_unit: number;
  blood_test_points_per_unit: number;
  consultation_points_per_unit: number;
  review_points: number;
  birthday_points: number;
  redeem_step_points: number;
  redeem_step_value: number;
  min_payable: number;
  expiry_months: number;
  expiry_notice_days: number;
  referral_discount: number;
  referral_min_subtotal: number;
  referrer_points: number;
  referral_monthly_cap: number;
  is_active: boolean;
}

/** A country's tier (the row of loyalty_tiers). */
export interface TierRule {
  tier: TierCode;
  /** The last 12 months' spending it needs, minor units of the country's currency. */
  min_spend: number;
  /** 10000 = ×1. */
  earn_multiplier_bp: number;
  /** Its own free-delivery threshold (minor units, as paid); null: the country's. */
  free_delivery_minor: number | null;
  early_access_hours: number;
}

/** GET /loyalty: the shopper's points in the request's country. */
export interface LoyaltySummary {
  country: CountryCode;
  currency: string;
  balance: number;
  /** What the balance is worth at checkout now (whole steps), minor units. */
  balance_value: number;
  tier: TierCode;
  tier_rule: TierRule;
  /** The last 12 months' spending the tier was computed from. */
  spend_12m: number;
  /** The next tier and the spending still missing; null at the top. */
  next_tier: { tier: TierCode; missing: number; rule: TierRule } | null;
  /** The points that expire next and when (ms); null when none expire in the notice window's horizon. */
  expiring: { points: number; at: number } | null;
  rules: LoyaltyRules;
}

/** One line of the points history (GET /loyalty/history). */
export interface PointsHistoryLine {
  id: number;
  kind: PointsKind;
  amount: number;
  balance_after: number;
  at: number;
  /** Credits: when they expire. */
  expires_at: number | null;
  /** The shop order, blood-test order or consultation it is about, for a link. */
  order_id: number | null;
  blood_test_order_id: number | null;
  consultation_id: number | null;
  /** Adjustments: the reason staff gave (shown to her as written). */
  reason: string | null;
}

export interface PointsHistoryPage {
  lines: PointsHistoryLine[];
  /** The id to pass as `before` for the next page; null on the last. */
  next: number | null;
}

/** GET /loyalty/referral: her own code and what it gives. */
export interface ReferralInfo {
  code: string;
  /** The share link (absolute, the storefront's origin, the request's language). */
  link: string;
  /** The friend's discount and the subtotal it needs, the referrer's points, in the request's country. */
  friend_discount: number;
  friend_min_subtotal: number;
  referrer_points: number;
  /** Friends rewarded this Gulf month, and the cap. */
  rewarded_this_month: number;
  monthly_cap: number;
  /** Friends whose first order is on its way (not yet rewarded). */
  pending: number;
}

/** What the checkout's quote answers about points (POST /order/calculate, `points`). */
export interface PointsQuote {
  balance: number;
  /** The most points this order may take (whole steps, never below the minimum payable). */
  max_points: number;
  step_points: number;
  step_value: number;
  /** The points asked for and applied, and the discount they give (minor units). */
  used: number;
  discount: number;
  /** What the order will earn once delivered, at her tier. */
  earns: number;
}
