// What the API answers about subscriptions: the shopper's list (GET /subscriptions) and the back
// office's (GET /staff/subscriptions), inferred from the routes' response schemas.
import type { z } from '../zod';
import type { herSubscriptionSchema, subscriptionListSchema, subscriptionViewSchema } from './answer-schemas';
import type { staffSubscriptionRowSchema, subscriptionRunSchema } from './staff-responses';

export type SubscriptionStatus = SubscriptionView['status'];
export type RunFailure =
  | 'out_of_stock'
  | 'unavailable'
  | 'card_declined'
  /** The kept card's charge was never confirmed (the gateway unanswered, or the job stopped before it): closed unpaid. */
  | 'payment_unconfirmed'
  | 'no_card'
  | 'wallet_insufficient'
  | 'address_gone';

/** A subscription's latest run, as both the shopper's and the back office's lists answer it. */
export type SubscriptionRun = z.infer<typeof subscriptionRunSchema>;

/** A subscription as her profile shows it (GET /subscriptions, and what each change answers). */
export type SubscriptionView = z.infer<typeof subscriptionViewSchema>;

/** Her subscription to the product of the page she is on (the product's answer, for her). */
export type HerSubscription = z.infer<typeof herSubscriptionSchema>;

/** GET /subscriptions. */
export type SubscriptionList = z.infer<typeof subscriptionListSchema>;

/** A row of the back office's list (GET /staff/subscriptions). */
export type StaffSubscriptionRow = z.infer<typeof staffSubscriptionRowSchema>;
