// Promotions read and written by the order flow (decision 33): the statements a quote adds to its
// one batch (the live promotions, their gifts with stock, their targets), what an order's batch
// writes (its use under the CHECK, its gift line) and what releasing the order gives back.
import type { CountryCode, Lang } from '#shared/locale';
import type {
  GiftOption,
  OrderPromotionView,
  PromotionKind,
  PromotionReason,
  PromotionResult,
} from '#shared/orders/promotions';
import { col } from '../lib/lang';
import { thumbnailUrl } from '../media/renditions';
import type { PromotionRule } from './promotions';

// A free gift from a cart total runs in a country only with that country's own amount (decision 52).
const LIVE = `p.is_active = 1 AND (p.country IS NULL OR p.country = ?1) AND (p.starts_at IS NULL OR p.starts_at <= ?2 + ?3)
  AND (p.ends_at IS NULL OR p.ends_at >= ?2)
  AND (p.kind <> 'gift_threshold' OR EXISTS (SELECT 1 FROM promotion_thresholds t WHERE t.promotion_id = p.id AND t.country = ?1))`;

/**
 * Three statements for the caller's batch, read back with promotionRules (in this order). `aheadMs`
 * also reads promotions starting that much later (a tier's early access, issue 47): the caller keeps
 * those its shopper may see.
 */
export function promotionStatements(db: D1Database, country: CountryCode, lang: Lang, now: number, aheadMs = 0) {
  return [
    db
      .prepare(
        `SELECT p.id, p.kind, p.${col('name', lang)} AS name, p.country, p.starts_at, p.ends_at, p.is_active,
           (SELECT t.min_subtotal_minor FROM promotion_thresholds t WHERE t.promotion_id = p.id AND t.country = ?1)
             AS min_subtotal_minor,
           p.buy_count, p.free_count, p.max_per_order, p.max_uses, p.used, p.priority
         FROM promotions p WHERE ${LIVE} ORDER BY p.priority DESC, p.id LIMIT 50`,
      )
      .bind(country, now, aheadMs),
    db
      .prepare(
        `SELECT g.promotion_id, s.id AS sku_id, s.stock, s.${col('name', lang)} AS sku_name, pr.id AS product_id, pr.slug,
           pr.${col('name', lang)} AS name,
           (SELECT i.r2_key FROM product_images i WHERE i.product_id = pr.id ORDER BY i.sort_order LIMIT 1) AS image_key
         FROM promotions p JOIN promotion_gifts g ON g.promotion_id = p.id JOIN skus s ON s.id = g.sku_id
           JOIN products pr ON pr.id = s.product_id
         WHERE ${LIVE} AND pr.is_active = 1 ORDER BY g.promotion_id, g.sort_order, g.sku_id`,
      )
      .bind(country, now, aheadMs),
    db
      .prepare(
        `SELECT t.promotion_id, t.product_id, t.sku_id FROM promotions p JOIN promotion_targets t ON t.promotion_id = p.id
         WHERE ${LIVE} AND p.kind <> 'gift_threshold'`,
      )
      .bind(country, now, aheadMs),
  ];
}

type GiftRow = Omit<GiftOption, 'image' | 'in_stock'> & {
  promotion_id: number;
  stock: number;
  image_key: string | null;
};

/** The rules from the three statements' results. */
export function promotionRules(results: D1Result[]): PromotionRule[] {
  const [promos, gifts, targets] = results;
  const rules = (promos!.results as unknown as Array<Omit<PromotionRule, 'gifts' | 'targets'>>).map((p) => ({
    ...p,
    targets: { product_ids: [] as number[], sku_ids: [] as number[] },
    gifts: [] as PromotionRule['gifts'],
  }));
  const byId = new Map(rules.map((r) => [r.id, r]));
  for (const g of gifts!.results as unknown as GiftRow[]) {
    const { promotion_id, ...rest } = g;
    byId
      .get(promotion_id)
      ?.gifts.push({ ...rest, image: g.image_key ? thumbnailUrl(g.image_key) : null, in_stock: g.stock > 0 });
  }
  for (const t of targets!.results as Array<{
    promotion_id: number;
    product_id: number | null;
    sku_id: number | null;
  }>) {
    const rule = byId.get(t.promotion_id);
    if (!rule) continue;
    if (t.product_id !== null) rule.targets.product_ids.push(t.product_id);
    if (t.sku_id !== null) rule.targets.sku_ids.push(t.sku_id);
  }
  // A gift promotion with no gift left to offer (its SKUs gone) shows as out of stock, not as an error.
  return rules;
}

/** What the shopper sees: promotions running for them (not those outside dates or country). */
export function visiblePromotions(results: PromotionResult[]): PromotionResult[] {
  return results.filter((r) => r.reason.key !== 'promo_not_active');
}

/** An applied gift promotion's gift, with the SKU card the order stores as its snapshot. */
export function giftOf(rules: PromotionRule[], r: PromotionResult) {
  if (!r.gift) return null;
  const option = rules.find((p) => p.id === r.promotion_id)?.gifts.find((g) => g.sku_id === r.gift!.sku_id);
  return option ? { ...option, count: r.gift.count } : null;
}

/**
 * The same, split by database (decision 62): the uses and the gifts' stock are the core's, the order's
 * promotion rows are in her order shard. In shard 0 both go in the one batch.
 */
export function promotionHoldParts(
  core: D1Database,
  orderDb: D1Database,
  orderId: number,
  applied: Array<{ result: PromotionResult; gift: ReturnType<typeof giftOf> }>,
): { core: D1PreparedStatement[]; order: D1PreparedStatement[] } {
  const held: D1PreparedStatement[] = [];
  const rows: D1PreparedStatement[] = [];
  for (const { result: r, gift } of applied) {
    held.push(core.prepare('UPDATE promotions SET used = used + 1 WHERE id = ?').bind(r.promotion_id));
    rows.push(
      orderDb
        .prepare(
          `INSERT INTO order_promotions (order_id, promotion_id, kind, name, reason_key, reason_params, discount, gift_sku_id, gift_count,
             product_id, product_slug, gift_name, gift_sku_name, image_key)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .bind(
          orderId,
          r.promotion_id,
          r.kind,
          r.name,
          r.reason.key,
          JSON.stringify(r.reason.params),
          r.discount,
          gift?.sku_id ?? null,
          gift?.count ?? 0,
          gift?.product_id ?? null,
          gift?.slug ?? null,
          gift?.name ?? null,
          gift?.sku_name ?? null,
          gift?.image_key ?? null,
        ),
    );
    if (gift) {
      held.push(
        core.prepare('UPDATE skus SET stock = stock - ? WHERE id = ?').bind(gift.count, gift.sku_id),
        core
          .prepare(
            'UPDATE products SET in_stock = EXISTS (SELECT 1 FROM skus s WHERE s.product_id = products.id AND s.stock > 0) WHERE id = ?',
          )
          .bind(gift.product_id),
      );
    }
  }
  return { core: held, order: rows };
}

const GIFT_PRODUCTS = `SELECT product_id FROM order_promotions WHERE order_id = ?1 AND gift_count > 0`;

/** Releasing an order (a failed payment, a cancel): its promotions' uses and its gifts' stock come back. */
export function promotionReleaseStatements(db: D1Database, orderId: number): D1PreparedStatement[] {
  return [
    db
      .prepare(
        'UPDATE promotions SET used = used - 1 WHERE id IN (SELECT promotion_id FROM order_promotions WHERE order_id = ?)',
      )
      .bind(orderId),
    db
      .prepare(
        `UPDATE skus SET stock = stock + (SELECT sum(gift_count) FROM order_promotions WHERE order_id = ?1 AND gift_sku_id = skus.id)
         WHERE id IN (SELECT gift_sku_id FROM order_promotions WHERE order_id = ?1 AND gift_count > 0)`,
      )
      .bind(orderId),
    db
      .prepare(
        `UPDATE products SET in_stock = EXISTS (SELECT 1 FROM skus s WHERE s.product_id = products.id AND s.stock > 0) WHERE id IN (${GIFT_PRODUCTS})`,
      )
      .bind(orderId),
  ];
}

/** Paying a released order again takes its promotions' uses and gifts' stock again (same CHECKs). */
export function promotionRetakeStatements(db: D1Database, orderId: number): D1PreparedStatement[] {
  return [
    db
      .prepare(
        'UPDATE promotions SET used = used + 1 WHERE id IN (SELECT promotion_id FROM order_promotions WHERE order_id = ?)',
      )
      .bind(orderId),
    db
      .prepare(
        `UPDATE skus SET stock = stock - (SELECT sum(gift_count) FROM order_promotions WHERE order_id = ?1 AND gift_sku_id = skus.id)
         WHERE id IN (SELECT gift_sku_id FROM order_promotions WHERE order_id = ?1 AND gift_count > 0)`,
      )
      .bind(orderId),
    db
      .prepare(
        `UPDATE products SET in_stock = EXISTS (SELECT 1 FROM skus s WHERE s.product_id = products.id AND s.stock > 0) WHERE id IN (${GIFT_PRODUCTS})`,
      )
      .bind(orderId),
  ];
}

export interface OrderPromotionRow {
  order_id: number;
  promotion_id: number;
  kind: PromotionKind;
  name: string;
  reason_key: PromotionReason['key'];
  reason_params: string;
  discount: number;
  gift_sku_id: number | null;
  gift_count: number;
  product_id: number | null;
  product_slug: string | null;
  gift_name: string | null;
  gift_sku_name: string | null;
  image_key: string | null;
}

export const ORDER_PROMOTIONS_SQL = 'SELECT * FROM order_promotions WHERE order_id = ? ORDER BY promotion_id';

export function toOrderPromotionView(r: OrderPromotionRow): OrderPromotionView {
  return {
    promotion_id: r.promotion_id,
    kind: r.kind,
    name: r.name,
    reason: { key: r.reason_key, params: JSON.parse(r.reason_params) as PromotionReason['params'] },
    discount: r.discount,
    gift:
      r.gift_sku_id !== null && r.gift_count > 0
        ? {
            promotion_id: r.promotion_id,
            sku_id: r.gift_sku_id,
            product_id: r.product_id ?? 0,
            slug: r.product_slug ?? '',
            name: r.gift_name ?? '',
            sku_name: r.gift_sku_name ?? '',
            image: r.image_key ? thumbnailUrl(r.image_key) : null,
            count: r.gift_count,
            unit_price: 0,
            line_total: 0,
          }
        : null,
  };
}

/** An order's promotion as the core holds it: its use, and its gift's stock (read from the order's shard). */
export interface PromotionHold {
  promotion_id: number;
  gift_sku_id: number | null;
  product_id: number | null;
  gift_count: number;
}

/** The statement reading an order's PromotionHolds in the database holding the order. */
export const promotionHoldsStatement = (db: D1Database, orderId: number) =>
  db
    .prepare('SELECT promotion_id, gift_sku_id, product_id, gift_count FROM order_promotions WHERE order_id = ?')
    .bind(orderId);

/**
 * promotionRetakeStatements for an order in another shard than the core (decision 61): the core cannot
 * read its order_promotions, so what they hold is read there first and bound here. `sign` 1 takes them
 * again, -1 gives them back.
 */
export function promotionRetakeBound(db: D1Database, holds: PromotionHold[], sign: 1 | -1 = 1): D1PreparedStatement[] {
  if (!holds.length) return [];
  const gifts = new Map<number, number>();
  for (const h of holds)
    if (h.gift_sku_id !== null && h.gift_count > 0)
      gifts.set(h.gift_sku_id, (gifts.get(h.gift_sku_id) ?? 0) + h.gift_count);
  const products = [
    ...new Set(holds.flatMap((h) => (h.gift_count > 0 && h.product_id !== null ? [h.product_id] : []))),
  ];
  return [
    db
      .prepare('UPDATE promotions SET used = used + ? WHERE id IN (SELECT value FROM json_each(?))')
      .bind(sign, JSON.stringify(holds.map((h) => h.promotion_id))),
    ...[...gifts].map(([sku, count]) =>
      db.prepare('UPDATE skus SET stock = stock - ? WHERE id = ?').bind(sign * count, sku),
    ),
    ...(products.length
      ? [
          db
            .prepare(
              'UPDATE products SET in_stock = EXISTS (SELECT 1 FROM skus s WHERE s.product_id = products.id AND s.stock > 0) WHERE id IN (SELECT value FROM json_each(?))',
            )
            .bind(JSON.stringify(products)),
        ]
      : []),
  ];
}
