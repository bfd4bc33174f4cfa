// A placed order's promotions (decision 33): what the submit batch writes for the quote's applied
// promotions, and the views the confirmation mail shows before the batch is stored.
import type { OrderPromotionView, PromotionResult } from '#shared/orders/promotions';
import type { SubmitInput } from '#shared/api/order-schemas';
import { thumbnailUrl } from '../media/renditions';
import { giftOf, promotionHoldParts, visiblePromotions } from './promotion-data';
import type { Quote } from './quote';

/**
 * The applied promotions with their gifts, the batch's statements (databases given: the core's uses
 * and gift stock, the order shard's rows, decision 62), what the core holds for them, and the order's
 * views.
 */
export function placedPromotions(
  dbs: { core: D1Database; order: D1Database } | null,
  orderId: number,
  q: Pick<Quote, 'promotions' | 'rules'>,
): {
  core: D1PreparedStatement[];
  order: D1PreparedStatement[];
  holds: Array<{
    promotion_id: number;
    gift_sku_id: number | null;
    gift_product_id: number | null;
    gift_count: number;
  }>;
  views: OrderPromotionView[];
} {
  const applied = q.promotions
    .filter((r) => r.applied)
    .map((result) => ({ result, gift: giftOf(q.rules, result) }))
    .sort((a, b) => a.result.promotion_id - b.result.promotion_id);
  const views = applied.map(({ result: r, gift }) => ({
    promotion_id: r.promotion_id,
    kind: r.kind,
    name: r.name,
    reason: r.reason,
    discount: r.discount,
    gift: gift
      ? {
          promotion_id: r.promotion_id,
          sku_id: gift.sku_id,
          product_id: gift.product_id,
          slug: gift.slug,
          name: gift.name,
          sku_name: gift.sku_name,
          image: gift.image_key ? thumbnailUrl(gift.image_key) : null,
          count: gift.count,
          unit_price: 0 as const,
          line_total: 0 as const,
        }
      : null,
  }));
  const parts = dbs ? promotionHoldParts(dbs.core, dbs.order, orderId, applied) : { core: [], order: [] };
  const holds = applied.map(({ result: r, gift }) => ({
    promotion_id: r.promotion_id,
    gift_sku_id: gift?.sku_id ?? null,
    gift_product_id: gift?.product_id ?? null,
    gift_count: gift?.count ?? 0,
  }));
  return { ...parts, holds, views };
}

/**
 * A gift the shopper chose at checkout that can no longer be given because the promotion was used
 * up meanwhile: the order is refused (409) rather than placed without the gift they expected.
 */
export function promotionProblem(
  q: { promotions: PromotionResult[] },
  chosen: SubmitInput['gifts'],
): 'promotion_used_up' | null {
  const ids = new Set((chosen ?? []).map((g) => g.promotion_id));
  return q.promotions.some((r) => ids.has(r.promotion_id) && r.reason.key === 'promo_used_up')
    ? 'promotion_used_up'
    : null;
}

/** /order/calculate's part: the promotions the shopper sees and the gift lines the order would get. */
export function calculatedPromotions(q: Pick<Quote, 'promotions' | 'rules'>) {
  return {
    promotions: visiblePromotions(q.promotions),
    gift_lines: placedPromotions(null, 0, q).views.flatMap((v) => (v.gift ? [v.gift] : [])),
  };
}
