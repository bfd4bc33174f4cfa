// What a placing batch holds and what stops it: the stock taken (never below zero), the coupon
// redeemed once per shopper, the listing's in-stock flags, and which guarantee a failed batch broke.
import { personLimit, shopperKey } from './quote';
import type { CouponRow } from '../db/rows';

/** Which guarantee stopped a batch, from the name of the constraint D1 reports. */
export function failureOf(
  error: unknown,
):
  | 'idempotency'
  | 'stock'
  | 'coupon_used_up'
  | 'coupon_already_used'
  | 'promotion_used_up'
  | 'wallet'
  | 'order_id'
  | 'open_payment'
  | null {
  const text = error instanceof Error ? error.message : String(error);
  if (/idempotency_keys/.test(text)) return 'idempotency';
  if (/stock >= 0/.test(text)) return 'stock';
  if (/coupon_uses_left/.test(text)) return 'coupon_used_up';
  if (/coupon_redemptions/.test(text)) return 'coupon_already_used';
  if (/promotion_uses_left/.test(text)) return 'promotion_used_up';
  if (/wallet_not_negative/.test(text)) return 'wallet';
  // The order number taken: in her database (orders.id) or in the core's index of every shard's orders.
  if (/orders\.id|order_owners\.order_id/.test(text)) return 'order_id';
  if (/payments\.order_id/.test(text)) return 'open_payment';
  return null;
}

/**
 * What a standing order holds: its stock (the CHECK stock >= 0 aborts the batch when there is not
 * enough) and its coupon redemption (its uses and the single-use key abort it when used up).
 */
export function holdStatements(
  db: D1Database,
  o: {
    orderId: number;
    items: Array<{ sku_id: number; product_id: number; count: number }>;
    coupon: Pick<CouponRow, 'id' | 'per_person_limit' | 'once_per_shopper'> | null;
    shopper: { userId: number | null; email: string | null };
  },
): D1PreparedStatement[] {
  const statements = [
    ...o.items.map((i) => db.prepare('UPDATE skus SET stock = stock - ? WHERE id = ?').bind(i.count, i.sku_id)),
    stockFlags(
      db,
      o.items.map((i) => i.product_id),
    ),
  ];
  if (o.coupon) {
    statements.push(
      db.prepare('UPDATE coupons SET used = used + 1 WHERE id = ?').bind(o.coupon.id),
      personLimit(o.coupon) === null
        ? db
            .prepare('INSERT INTO coupon_redemptions (order_id, coupon_id, once_key) VALUES (?, ?, NULL)')
            .bind(o.orderId, o.coupon.id)
        : redemptionStatement(db, o.orderId, o.coupon.id, shopperKey(o.coupon.id, o.shopper)),
    );
  }
  return statements;
}

/**
 * A redemption of a coupon with a per-person limit. The key is computed in the statement itself, so
 * nothing can run between the count and the insert: the first use takes `<coupon>:<shopper>`, later
 * ones `…#<n>` after the highest; a use past the limit takes a key the shopper already holds, and the
 * UNIQUE index aborts the batch (coupon_already_used).
 */
function redemptionStatement(db: D1Database, orderId: number, couponId: number, key: string | null) {
  return db
    .prepare(
      `INSERT INTO coupon_redemptions (order_id, coupon_id, once_key)
       SELECT ?1, c.id, CASE
           WHEN ?3 IS NULL THEN NULL
           WHEN u.n >= coalesce(c.per_person_limit, 1) THEN u.taken
           WHEN u.has_first = 0 THEN ?3
           ELSE ?3 || '#' || (u.top + 1) END
       FROM coupons c, (
         SELECT count(*) AS n, min(once_key) AS taken, coalesce(sum(once_key = ?3), 0) AS has_first,
           coalesce(max(CASE WHEN once_key <> ?3 THEN CAST(substr(once_key, length(?3) + 2) AS INTEGER) END), 1) AS top
         FROM coupon_redemptions WHERE once_key = ?3 OR (once_key >= ?3 || '#' AND once_key < ?3 || '$')
       ) u
       WHERE c.id = ?2`,
    )
    .bind(orderId, couponId, key);
}

/** Keeps products.in_stock (used by listings) true to the stock of their SKUs. */
export function stockFlags(db: D1Database, productIds: number[]): D1PreparedStatement {
  const ids = [...new Set(productIds)];
  return db
    .prepare(
      `UPDATE products SET in_stock = EXISTS (SELECT 1 FROM skus s WHERE s.product_id = products.id AND s.stock > 0) WHERE id IN (${ids.map(() => '?').join(', ')})`,
    )
    .bind(...ids);
}
