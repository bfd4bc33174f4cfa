// Promotion evaluation (decision 33): pure, so every rule is unit-tested. Given the cart's
// paid lines (the shopper's unit prices, VAT included) and the live promotions, it says for each
// promotion whether it applies and why, which gift it gives (the shopper's choice, else the first in
// stock) and what its free units take off. Deterministic: promotions run by priority (higher first),
// then id; gifts take stock in that order (after the paid lines); a unit freed by one buy-X-get-Y
// counts for no later one; the cheapest units are the free ones (ties: the lower SKU id).
import type { CountryCode } from '#shared/locale';
import type { GiftOption, PromotionKind, PromotionResult } from '#shared/orders/promotions';

export interface PromotionRule {
  id: number;
  kind: PromotionKind;
  name: string;
  country: CountryCode | null;
  starts_at: number | null;
  ends_at: number | null;
  is_active: number;
  /**
   * gift_threshold: the cart total it needs in the shopper's country, minor units of its currency as
   * paid (decision 52; promotion_thresholds); null where the country has none (it does not apply there).
   */
  min_subtotal_minor: number | null;
  buy_count: number;
  free_count: number;
  max_per_order: number;
  max_uses: number | null;
  used: number;
  priority: number;
  /** What must be bought (gift_with_purchase, buy_x_get_y). */
  targets: { product_ids: number[]; sku_ids: number[] };
  /** In the offered order, with each gift SKU's stock. */
  gifts: Array<GiftOption & { stock: number; image_key?: string | null }>;
}

interface PromotionLine {
  sku_id: number;
  product_id: number;
  count: number;
  /** What the shopper pays for one unit (minor units, VAT included). */
  unit_price: number;
  stock: number;
}

export interface EvaluateInput {
  rules: PromotionRule[];
  lines: PromotionLine[];
  /** The paid lines' subtotal as the shopper pays it (minor units), compared with the country's own thresholds. */
  subtotal: number;
  country: CountryCode;
  now: number;
  /** Her tier's early access (issue 47): promotions open to her this long before their start (ms). */
  earlyAccessMs?: number;
  /** The shopper's gift per promotion. */
  choices: ReadonlyMap<number, number>;
}

/** Evaluation order: priority (higher first), then id. */
function byPriority(a: Pick<PromotionRule, 'priority' | 'id'>, b: Pick<PromotionRule, 'priority' | 'id'>) {
  return b.priority - a.priority || a.id - b.id;
}

/** Running, on dates, in the country: a promotion that is not is left out of what the shopper sees. */
function isLive(rule: PromotionRule, country: CountryCode, now: number, earlyAccessMs = 0): boolean {
  if (!rule.is_active) return false;
  if (rule.country !== null && rule.country !== country) return false;
  if (rule.starts_at !== null && now < rule.starts_at - earlyAccessMs) return false;
  if (rule.ends_at !== null && now > rule.ends_at) return false;
  return true;
}

function targets(rule: PromotionRule, line: PromotionLine): boolean {
  return rule.targets.sku_ids.includes(line.sku_id) || rule.targets.product_ids.includes(line.product_id);
}

export function evaluatePromotions(input: EvaluateInput): PromotionResult[] {
  // Stock left for gifts: a SKU's stock less what the paid lines take, less earlier gifts.
  const left = new Map<number, number>();
  for (const rule of input.rules) for (const g of rule.gifts) left.set(g.sku_id, g.stock);
  for (const line of input.lines) {
    const stock = line.stock;
    left.set(line.sku_id, (left.has(line.sku_id) ? Math.min(left.get(line.sku_id)!, stock) : stock) - line.count);
  }
  // Units already made free by an earlier buy-X-get-Y, per SKU.
  const freed = new Map<number, number>();
  const results: PromotionResult[] = [];

  for (const rule of [...input.rules].sort(byPriority)) {
    const base = {
      promotion_id: rule.id,
      kind: rule.kind,
      name: rule.name,
      threshold: null as number | null,
      remaining: null as number | null,
      discount: 0,
      options: rule.gifts.map(({ stock: _stock, image_key: _key, ...g }) => ({
        ...g,
        in_stock: (left.get(g.sku_id) ?? 0) > 0,
      })),
      gift: null as PromotionResult['gift'],
    };
    if (!isLive(rule, input.country, input.now, input.earlyAccessMs)) {
      results.push({ ...base, applied: false, reason: { key: 'promo_not_active', params: {} } });
      continue;
    }
    const usedUp = rule.max_uses !== null && rule.used >= rule.max_uses;

    if (rule.kind === 'buy_x_get_y') {
      const units: number[] = [];
      const unitSkus: number[] = [];
      const lines = input.lines
        .filter((l) => targets(rule, l))
        .sort((a, b) => a.unit_price - b.unit_price || a.sku_id - b.sku_id);
      for (const l of lines) {
        const n = l.count - (freed.get(l.sku_id) ?? 0);
        for (let i = 0; i < n; i++) {
          units.push(l.unit_price);
          unitSkus.push(l.sku_id);
        }
      }
      const group = rule.buy_count + rule.free_count;
      const params = { buy: rule.buy_count, free: rule.free_count };
      if (units.length === 0) {
        results.push({
          ...base,
          applied: false,
          reason: { key: 'promo_bxgy_short', params: { ...params, count: group } },
        });
        continue;
      }
      const free = Math.min(Math.floor(units.length / group) * rule.free_count, rule.max_per_order);
      if (free === 0) {
        results.push({
          ...base,
          applied: false,
          reason: { key: 'promo_bxgy_short', params: { ...params, count: group - units.length } },
        });
        continue;
      }
      if (usedUp) {
        results.push({ ...base, applied: false, reason: { key: 'promo_used_up', params: {} } });
        continue;
      }
      let discount = 0;
      for (let i = 0; i < free; i++) {
        discount += units[i]!;
        freed.set(unitSkus[i]!, (freed.get(unitSkus[i]!) ?? 0) + 1);
      }
      results.push({
        ...base,
        applied: true,
        discount,
        reason: { key: 'promo_bxgy_applied', params: { ...params, count: free } },
      });
      continue;
    }

    // The gift kinds: how many gifts the cart earns, or what it still needs.
    let count: number;
    let applied: PromotionResult['reason'];
    if (rule.kind === 'gift_threshold') {
      // The country's own amount, in the same currency as the subtotal: nothing is converted.
      if (rule.min_subtotal_minor === null) {
        results.push({ ...base, applied: false, reason: { key: 'promo_not_active', params: {} } });
        continue;
      }
      const threshold = rule.min_subtotal_minor;
      base.threshold = threshold;
      base.remaining = Math.max(0, threshold - input.subtotal);
      if (input.subtotal < threshold) {
        results.push({
          ...base,
          applied: false,
          reason: { key: 'promo_threshold_short', params: { amount: base.remaining } },
        });
        continue;
      }
      count = 1;
      applied = { key: 'promo_threshold_applied', params: { amount: threshold } };
    } else {
      const bought = input.lines.filter((l) => targets(rule, l)).reduce((n, l) => n + l.count, 0);
      count = Math.min(Math.floor(bought / rule.buy_count), rule.max_per_order);
      if (count === 0) {
        results.push({
          ...base,
          applied: false,
          reason: { key: 'promo_gwp_short', params: { count: rule.buy_count - bought } },
        });
        continue;
      }
      applied = { key: 'promo_gwp_applied', params: { count } };
    }
    if (usedUp) {
      results.push({ ...base, applied: false, reason: { key: 'promo_used_up', params: {} } });
      continue;
    }
    const chosen = input.choices.get(rule.id);
    const pick =
      rule.gifts.find((g) => g.sku_id === chosen && (left.get(g.sku_id) ?? 0) > 0) ??
      rule.gifts.find((g) => (left.get(g.sku_id) ?? 0) > 0);
    if (!pick) {
      results.push({ ...base, applied: false, reason: { key: 'promo_gift_out_of_stock', params: {} } });
      continue;
    }
    const given = Math.min(count, left.get(pick.sku_id)!);
    left.set(pick.sku_id, left.get(pick.sku_id)! - given);
    if (applied.key === 'promo_gwp_applied') applied = { key: 'promo_gwp_applied', params: { count: given } };
    results.push({ ...base, applied: true, reason: applied, gift: { sku_id: pick.sku_id, count: given } });
  }
  return results;
}
