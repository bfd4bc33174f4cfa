// What the order API answers, as both sides see it: inferred from the routes' response schemas
// (./answer-schemas.ts, decision 68). Amounts are minor units of `currency`.
import type { z } from '../zod';
import type {
  calculateResultSchema,
  FULFILMENT_STEPS,
  orderFulfilmentSchema,
  orderPromiseSchema,
  orderRefundViewSchema,
  orderReturnsViewSchema,
  orderReturnViewSchema,
  orderTotalsSchema,
  orderTrackingSchema,
  orderViewSchema,
  pricedTotalsSchema,
  returnPhotoAnswerSchema,
  subscribeOfferSchema,
  submitResultSchema,
} from './answer-schemas';

export type OrderTotals = z.infer<typeof orderTotalsSchema>;

/**
 * An order as the shopper sees it (success page, list, detail). `returns` (the window, what may still
 * go back, each return) is absent on list pages; `gift` is absent or null for an order not sent as a
 * gift; `refunds` are money given back (not failed refunds), oldest first, empty in lists; `tracking`
 * (her parcels' events and, after a failed attempt, her choices) is on the order detail only.
 */
export type OrderView = z.infer<typeof orderViewSchema>;

/** The delivery promise made when she placed it (decision 65): missed once the promised Gulf day ended undelivered. */
export type OrderPromise = z.infer<typeof orderPromiseSchema>;

export type OrderTracking = z.infer<typeof orderTrackingSchema>;

export type OrderRefundView = z.infer<typeof orderRefundViewSchema>;

/** A step on the order's timeline, as the shopper sees it. */
export type FulfilmentStep = (typeof FULFILMENT_STEPS)[number];

export type OrderFulfilment = z.infer<typeof orderFulfilmentSchema>;

/** An order priced by the server: its amounts, the lines and the free-delivery facts. */
export type PricedTotals = z.infer<typeof pricedTotalsSchema>;

/** POST /order/calculate: the cart priced by the server, its problems, ways to pay, promotions and arrival. */
export type CalculateResult = z.infer<typeof calculateResultSchema>;

/** A line's subscribe-and-save offer: the frequencies its pack suits (its dosage's period first) and the percent off. */
export type SubscribeOffer = z.infer<typeof subscribeOfferSchema>;

export type SubmitResult = z.infer<typeof submitResultSchema>;

/** POST /user/returns/photo: the pending photo a return then names by `id`. */
export type ReturnPhotoAnswer = z.infer<typeof returnPhotoAnswerSchema>;

/** A return as the shopper's order page shows it; its `parcel` label can be downloaded once the carrier made it. */
export type OrderReturnView = z.infer<typeof orderReturnViewSchema>;

/** What the order page offers: until when, and how many of each SKU may still go back. */
export type OrderReturnsView = z.infer<typeof orderReturnsViewSchema>;
