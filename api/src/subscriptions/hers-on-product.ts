// Her live subscriptions to one product, for the product page's subscribe-and-save place (decision 76's
// amendment): SQL for a column of the product's own statement, so her place costs no statement of its
// own (a new shopper's page no more than before).
import type { HerSubscription } from '#shared/subscriptions/types';

export type { HerSubscription };

/** One of her live subscriptions with its product (what the edge keeps of her: decision 79). */
export type HerSubscriptionOf = HerSubscription & { product_id: number };

/**
 * SQL: a JSON array of her pending, active and paused subscriptions to the product (`userSql`,
 * `productSql`), or to any product with each one's product id (`productSql` null).
 */
export const herSubscriptionsJson = (userSql: string, productSql: string | null) =>
  `json((SELECT json_group_array(json_object(${productSql === null ? "'product_id', s.product_id, " : ''}'sku_id', s.sku_id, 'every', s.every, 'count', s.count, 'next_date', s.next_date, 'status', s.status))
    FROM subscriptions s WHERE s.user_id = ${userSql}${productSql === null ? '' : ` AND s.product_id = ${productSql}`} AND s.status IN ('pending', 'active', 'paused')))`;
