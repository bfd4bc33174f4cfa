/**
 * A payment id as the API makes them (api/src/orders/payment-moves.ts newPaymentId): `pay_<24 hex>` in
 * order shard 0, `pay<n>_<24 hex>` in shard n (decision 62). Route patterns in Hono's path syntax repeat
 * it as `pay[0-9]{0,4}_[0-9a-f]{24}`.
 */
export const PAYMENT_ID = /^pay[0-9]{0,4}_[0-9a-f]{24}$/;
