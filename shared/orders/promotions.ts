// Promotions as the shopper sees them (decision 33): what /order/calculate, /product/sku and
// an order answer about gifts and free units. Amounts are minor units of the shopper's currency.

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
type PromotionReasonKey = (typeof PROMOTION_REASON_KEYS)[number];

/**
 * A reason's parameters: `amount` is money (minor units, shown with the currency), `count` picks
 * the plural form, `buy` and `free` are the offer's X and Y.
 */
export interface PromotionReason {
  key: PromotionReasonKey;
  params: { amount?: number; count?: number; buy?: number; free?: number };
}

/** A gift the shopper can be given (a SKU card with its stock). */
export interface GiftOption {
  sku_id: number;
  product_id: number;
  slug: string;
  name: string;
  sku_name: string;
  image: string | null;
  in_stock: boolean;
}

/** One promotion's result for a cart, in evaluation order (priority, then id). */
export interface PromotionResult {
  promotion_id: number;
  kind: PromotionKind;
  name: string;
  applied: boolean;
  reason: PromotionReason;
  /** gift_threshold: the subtotal it needs, as the shopper pays it; null for the other kinds. */
  threshold: number | null;
  /** gift_threshold: what is still missing (0 once it qualifies); null for the other kinds. */
  remaining: number | null;
  /** buy_x_get_y: the money off. */
  discount: number;
  /** The gifts offered (gift kinds), in the offered order; the chooser lists them. */
  options: GiftOption[];
  /** The gift given (the shopper's choice, else the first in stock), with how many. */
  gift: { sku_id: number; count: number } | null;
}

/** A gift line of an order: price 0, with the promotion that gave it. */
export interface GiftLineView {
  promotion_id: number;
  sku_id: number;
  product_id: number;
  slug: string;
  name: string;
  sku_name: string;
  image: string | null;
  count: number;
  unit_price: 0;
  line_total: 0;
}

/** A promotion an order holds, with why it applied (shown in the order's language). */
export interface OrderPromotionView {
  promotion_id: number;
  kind: PromotionKind;
  name: string;
  reason: PromotionReason;
  discount: number;
  gift: GiftLineView | null;
}
