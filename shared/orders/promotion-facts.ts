// Promotions' fixed lists (decision 33) without their schemas or types: the answers' schemas
// (./answer-schemas.ts) read them, and ./promotions.ts, whose types are inferred from those schemas,
// re-exports them.

export const PROMOTION_KINDS = ['gift_threshold', 'gift_with_purchase', 'buy_x_get_y'] as const;
export type PromotionKind = (typeof PROMOTION_KINDS)[number];

/** Spec §9: the gift-related numeric limit (gifts per order, gift choices per request). */
export const GIFT_LIMIT = 25;

/** Why a promotion applied or not: a dictionary key (orders area) and its parameters. */
export const PROMOTION_REASON_KEYS = [
  'promo_threshold_applied',
  'promo_threshold_short',
  'promo_gwp_applied',
  'promo_gwp_short',
  'promo_bxgy_applied',
  'promo_bxgy_short',
  'promo_gift_out_of_stock',
  'promo_used_up',
  'promo_not_active',
] as const;
