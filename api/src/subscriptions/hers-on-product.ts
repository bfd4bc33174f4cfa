// Her live subscriptions to one product, for the product page's subscribe-and-save place (decision 76's
// amendment): SQL for a column of the product's own statement, so her place costs no statement of its
// own (a new shopper's page no more than before).
import type { HerSubscription } from '#shared/subscriptions/types';

export type { HerSubscription };

/** SQL: a JSON array of her pending, active and paused subscriptions to the product (`userSql`, `productSql`). */
export const herSubscriptionsJson = (userSql: string, productSql: string) =>
  `json((SELECT json_group_array(json_object('sku_id', s.sku_id, 'every', s.every, 'count', s.count, 'next_date', s.next_date, 'status', s.status))
    FROM subscriptions s WHERE s.user_id = ${userSql} AND s.product_id = ${productSql} AND s.status IN ('pending', 'active', 'paused')))`;
