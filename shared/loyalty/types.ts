// Loyalty points, tiers and referrals (issue 47, decision 58): what the API answers about them, as both
// sides see it. Points are whole numbers kept per shopper and country (migration 0060); amounts of
// money are integer minor units of the country's currency.
import type { z } from '../zod';
import type {
  loyaltyRulesSchema,
  loyaltySummarySchema,
  pointsHistoryLineSchema,
  pointsHistoryPageSchema,
  referralInfoSchema,
  tierRuleSchema,
} from './answer-schemas';
import { type POINTS_KINDS, TIERS } from './kinds';

export { TIERS };
export type TierCode = (typeof TIERS)[number];
export type PointsKind = (typeof POINTS_KINDS)[number];

export type LoyaltyRules = z.infer<typeof loyaltyRulesSchema>;

export type TierRule = z.infer<typeof tierRuleSchema>;

/** GET /loyalty: the shopper's points in the request's country. */
export type LoyaltySummary = z.infer<typeof loyaltySummarySchema>;

/** One line of the points history (GET /loyalty/history). */
export type PointsHistoryLine = z.infer<typeof pointsHistoryLineSchema>;

export type PointsHistoryPage = z.infer<typeof pointsHistoryPageSchema>;

/** GET /loyalty/referral: her own code and what it gives. */
export type ReferralInfo = z.infer<typeof referralInfoSchema>;

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
