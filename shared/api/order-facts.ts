// An order's fixed choices without their schemas: line limits, payment methods and each country's card
// schemes. No zod: checkout pages read these as they render.

export const MAX_ORDER_LINES = 50;
export const MAX_LINE_COUNT = 99;

export const PAYMENT_METHODS = ['cod', 'wallet', 'card'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** An order's states (an order's page, the shop's lists and the answers' schemas name them). */
export const ORDER_STATUSES = [
  'placed',
  'pending_payment',
  'paid',
  'processing',
  'shipped',
  'delivered',
  'cancelled',
  'payment_failed',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export { CARD_METHODS } from '../payments/gateway-methods';
