// The giveaway items of the cart sync (spec §3, §7 /product/sku data.giveaway_items; decision 33):
// each live gift promotion with its threshold in the shopper's currency, its gift SKU cards with
// stock, and whether these SKUs (at the cart's counts) qualify, or what is still missing.
import type { CountryCode } from '#shared/locale';
import { payableMinor, type CurrencyInfo } from '#shared/money';
import type { giveawayItemSchema } from '#shared/catalogue/product-responses';
import type { z } from '#shared/zod';
import { evaluatePromotions, type PromotionRule } from './promotions';

/** A live gift promotion as the cart sync answers it (shared/catalogue/product-responses.ts). */
export type GiveawayItem = z.infer<typeof giveawayItemSchema>;

export function giveawaysFor(input: {
  rules: PromotionRule[];
  skus: Array<{ id: number; product_id: number; price: number; stock: number }>;
  counts: ReadonlyMap<number, number>;
  currency: CurrencyInfo;
  country: CountryCode;
  now: number;
}): GiveawayItem[] {
  const rules = input.rules.filter((r) => r.kind !== 'buy_x_get_y');
  const lines = input.skus
    .filter((s) => s.stock > 0)
    .map((s) => ({
      sku_id: s.id,
      product_id: s.product_id,
      count: input.counts.get(s.id) ?? 1,
      unit_price: payableMinor(s.price, input.currency),
      stock: s.stock,
    }));
  const results = evaluatePromotions({
    rules,
    lines,
    subtotal: lines.reduce((sum, l) => sum + l.unit_price * l.count, 0),
    country: input.country,
    now: input.now,
    choices: new Map(),
  });
  const byId = new Map(rules.map((r) => [r.id, r]));
  return results
    .filter((r) => r.reason.key !== 'promo_not_active')
    .map((r) => ({
      id: r.promotion_id,
      kind: r.kind,
      title: r.name,
      min_subtotal: r.kind === 'gift_threshold' ? byId.get(r.promotion_id)!.min_subtotal_minor : null,
      threshold: r.threshold,
      qualifies: r.applied,
      remaining: r.remaining,
      reason: r.reason,
      gifts: r.options,
      gift_sku_id: r.gift?.sku_id ?? null,
    }));
}
