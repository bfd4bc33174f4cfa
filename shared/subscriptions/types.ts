// What the API answers about subscriptions: the shopper's list (GET /subscriptions) and the back
// office's (GET /staff/subscriptions).
import type { z } from '../zod';
import type { Frequency } from './frequency';
import type { staffSubscriptionRowSchema, subscriptionRunSchema } from './staff-responses';

export type SubscriptionStatus = 'pending' | 'active' | 'paused' | 'cancelled' | 'ended';
export type RunFailure =
  | 'out_of_stock'
  | 'unavailable'
  | 'card_declined'
  | 'no_card'
  | 'wallet_insufficient'
  | 'address_gone';

/** A subscription's latest run, as both the shopper's and the back office's lists answer it. */
export type SubscriptionRun = z.infer<typeof subscriptionRunSchema>;

export interface SubscriptionView {
  id: number;
  status: SubscriptionStatus;
  /** The shop country it delivers in: its addresses are of this country. */
  country: 'KW' | 'SA';
  product: { id: number; slug: string; name: string; image: string | null };
  sku: { id: number; name: string };
  count: number;
  every: Frequency;
  /** The frequencies this product offers (its dosage's period first when it has one). */
  offered: Frequency[];
  /** The next delivery date and the date its order is placed (YYYY-MM-DD, Gulf calendar). */
  next_date: string;
  order_date: string;
  /** The price of one unit on the next order, after the discount, in the country's currency (minor units). */
  unit_price: number;
  discount: number;
  currency: string;
  address: { id: number; line: string };
  pay_by: 'card' | 'wallet';
  card: { brand: string; last4: string } | null;
  /** The latest run; a failed one says why and, with an order, that it can be paid from there. */
  last_run: SubscriptionRun | null;
}

/** A row of the back office's list (GET /staff/subscriptions). */
export type StaffSubscriptionRow = z.infer<typeof staffSubscriptionRowSchema>;
