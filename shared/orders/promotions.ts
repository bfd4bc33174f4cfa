// Promotions as the shopper sees them (decision 33): what /order/calculate, /product/sku and
// an order answer about gifts and free units. Amounts are minor units of the shopper's currency. The
// types are inferred from the routes' response schemas (./answer-schemas.ts).
import type { z } from '../zod';
import type {
  giftLineViewSchema,
  giftOptionSchema,
  orderPromotionViewSchema,
  promotionResultSchema,
} from './answer-schemas';

export { GIFT_LIMIT, PROMOTION_KINDS, type PromotionKind } from './promotion-facts';
/**
 * Why a promotion applied or not: a dictionary key and its parameters. `amount` is money (minor units,
 * shown with the currency), `count` picks the plural form, `buy` and `free` are the offer's X and Y.
 */
export type PromotionReason = z.infer<typeof promotionResultSchema>['reason'];

/** A gift the shopper can be given (a SKU card with its stock). */
export type GiftOption = z.infer<typeof giftOptionSchema>;

/**
 * One promotion's result for a cart, in evaluation order (priority, then id). gift_threshold: the
 * `threshold` subtotal it needs, as the shopper pays it, and what is still `remaining` (0 once it
 * qualifies), null for the other kinds; buy_x_get_y: the money off (`discount`); `options` the gifts
 * offered (gift kinds), in the offered order; `gift` the one given (the shopper's choice, else the
 * first in stock), with how many.
 */
export type PromotionResult = z.infer<typeof promotionResultSchema>;

/** A gift line of an order: price 0, with the promotion that gave it. */
export type GiftLineView = z.infer<typeof giftLineViewSchema>;

/** A promotion an order holds, with why it applied (shown in the order's language). */
export type OrderPromotionView = z.infer<typeof orderPromotionViewSchema>;
