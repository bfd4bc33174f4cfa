// The zod schemas of what the order routes answer (decision 68: the routes' `response`): an order as the
// shopper sees it, the cart's quote and a placed order. The types in ./types.ts, ./promotions.ts and
// ./returns.ts are inferred from them, so the storefront reads the shape the API is checked against.
// Amounts are integer minor units of the order's currency.
import { PARCEL_STATUSES } from '../api/parcel-facts';
import { z } from '../zod';
import { ORDER_STATUSES, PAYMENT_METHODS } from '../api/order-facts';
import type { OrderGift } from '../api/gift-schemas';
import { DELIVERY_SPEEDS, type CheckoutDelivery } from '../delivery/promise';
import type { CreditNote } from '../invoice/credit-note';
import type { TaxInvoice } from '../invoice/tax-invoice';
import type { PointsQuote } from '../loyalty/types';
import { GATEWAY_METHODS_ALL, type UnavailableMethod } from '../payments/gateway-methods';
import type { CashUnavailable } from '../payments/cash-on-delivery';
import { frequencyAnswerSchema } from '../subscriptions/answer-schemas';
import { PROMOTION_KINDS, PROMOTION_REASON_KEYS } from './promotion-facts';
import { RETURN_PHOTO_TYPES, RETURN_REASONS, RETURN_STATUSES } from './returns';
import { DELIVERY_FAILURE_REASONS } from './delivery-failure';
import { COUNTRY_CODES } from '../locale';

const deliverySpeed = z.enum(DELIVERY_SPEEDS);
const gatewayMethod = z.enum(GATEWAY_METHODS_ALL);
const promotionKind = z.enum(PROMOTION_KINDS);

// Types declared beside their own code (invoice, gift, loyalty, delivery, payments): `satisfies` keeps
// each schema answering that type, and the builders' assignments into the inferred order view keep the
// type answering the schema.

const taxInvoiceSchema = z.object({
  form: z.enum(['zatca', 'uae-tax-invoice']),
  number: z.string(),
  issued_at: z.string(),
  seller_name: z.object({ en: z.string(), ar: z.string() }),
  vat_number: z.string(),
  total: z.int(),
  vat: z.int(),
  vat_basis_points: z.int(),
  qr: z.string(),
  lines: z.array(z.object({ name: z.string().nullable(), count: z.int(), total: z.int(), vat: z.int() })).optional(),
  e_invoice: z.enum(['signed', 'issuing']).optional(),
}) satisfies z.ZodType<TaxInvoice>;

const creditNoteSchema = taxInvoiceSchema.extend({ invoice_number: z.string() }) satisfies z.ZodType<CreditNote>;

const orderGiftSchema = z.object({
  recipient: z.string(),
  phone: z.string(),
  message: z.string().nullable(),
  message_lang: z.enum(['ar', 'en']).nullable(),
  delivery_date: z.string().nullable(),
}) satisfies z.ZodType<OrderGift>;

const unavailableMethodSchema = z.object({
  method: gatewayMethod,
  reason: z.enum(['below_minimum', 'above_maximum', 'subscription']),
  limit: z.int(),
}) satisfies z.ZodType<UnavailableMethod>;

/** Cash on delivery off in her country, or her order above the owner's cap (issue 77). */
const cashUnavailableSchema = z.object({
  method: z.literal('cod'),
  reason: z.enum(['cod_off', 'above_maximum']),
  limit: z.int(),
}) satisfies z.ZodType<CashUnavailable>;

const pointsQuoteSchema = z.object({
  balance: z.int(),
  max_points: z.int(),
  step_points: z.int(),
  step_value: z.int(),
  used: z.int(),
  discount: z.int(),
  earns: z.int(),
}) satisfies z.ZodType<PointsQuote>;

const checkoutDeliverySchema = z.object({
  promises: z.array(
    z.object({
      speed: deliverySpeed,
      arrives: z.string(),
      order_by: z.int(),
      day: z.string(),
      /** By when to order for that day, and the day it arrives if ordered after that, as she reads them. */
      order_by_text: z.string(),
      then_text: z.string().nullable(),
      fee: z.int(),
    }),
  ),
  valid_until: z.int(),
  speed: deliverySpeed,
  problem: z.literal('delivery_speed_unavailable').nullable(),
}) satisfies z.ZodType<CheckoutDelivery>;

// Promotions (decision 33).

export const promotionReasonSchema = z.object({
  key: z.enum(PROMOTION_REASON_KEYS),
  params: z.object({
    amount: z.int().optional(),
    count: z.int().optional(),
    buy: z.int().optional(),
    free: z.int().optional(),
  }),
});

export const giftOptionSchema = z.object({
  sku_id: z.int(),
  product_id: z.int(),
  slug: z.string(),
  name: z.string(),
  sku_name: z.string(),
  image: z.string().nullable(),
  in_stock: z.boolean(),
});

export const promotionResultSchema = z.object({
  promotion_id: z.int(),
  kind: promotionKind,
  name: z.string(),
  applied: z.boolean(),
  reason: promotionReasonSchema,
  threshold: z.int().nullable(),
  remaining: z.int().nullable(),
  discount: z.int(),
  options: z.array(giftOptionSchema),
  gift: z.object({ sku_id: z.int(), count: z.int() }).nullable(),
});

export const giftLineViewSchema = z.object({
  promotion_id: z.int(),
  sku_id: z.int(),
  product_id: z.int(),
  slug: z.string(),
  name: z.string(),
  sku_name: z.string(),
  image: z.string().nullable(),
  count: z.int(),
  unit_price: z.literal(0),
  line_total: z.literal(0),
});

export const orderPromotionViewSchema = z.object({
  promotion_id: z.int(),
  kind: promotionKind,
  name: z.string(),
  reason: promotionReasonSchema,
  discount: z.int(),
  gift: giftLineViewSchema.nullable(),
});

// Returns (issue 62).

export const orderReturnViewSchema = z.object({
  id: z.int(),
  status: z.enum(RETURN_STATUSES),
  reason: z.enum(RETURN_REASONS),
  created_at: z.int(),
  items: z.array(z.object({ sku_id: z.int(), count: z.int() })),
  refund_amount: z.int().nullable(),
  parcel: z.object({ status: z.string(), tracking_number: z.string().nullable(), label: z.boolean() }).nullable(),
});

export const orderReturnsViewSchema = z.object({
  until: z.int().nullable(),
  left: z.array(z.object({ sku_id: z.int(), count: z.int() })),
  list: z.array(orderReturnViewSchema),
});

// The order.

export const orderTotalsSchema = z.object({
  /** Sum of the lines at the prices of the moment. */
  subtotal: z.int(),
  /** Spec §9: the price before discount counts an item's old price where it has one, else its price. */
  before_discount: z.int(),
  discount: z.int(),
  /** A friend's referral discount on her first order (issue 47), minor units; 0 without. */
  referral_discount: z.int(),
  /** Points spent on the order and the discount they gave (issue 47); 0 without. */
  points_used: z.int(),
  points_discount: z.int(),
  delivery: z.int(),
  /** The VAT included in the total (all amounts are VAT-inclusive); 0 without VAT. */
  vat: z.int(),
  /** subtotal − discount − referral_discount − points_discount + delivery. */
  total: z.int(),
  wallet_used: z.int(),
  /** What is left to pay by cash or card. */
  due: z.int(),
});

const orderItemViewSchema = z.object({
  sku_id: z.int(),
  product_id: z.int(),
  slug: z.string(),
  name: z.string(),
  sku_name: z.string(),
  image: z.string().nullable(),
  unit_price: z.int(),
  old_unit_price: z.int().nullable(),
  count: z.int(),
  line_total: z.int(),
});

export const orderPromiseSchema = z.object({
  speed: deliverySpeed.nullable(),
  /** The Gulf date promised, YYYY-MM-DD. */
  date: z.string(),
  /** Not delivered by the end of that day (and not cancelled): the page says so, the shop was told. */
  missed: z.boolean(),
  /** The day she chose after a failed attempt (issue 73), in place of the one promised when ordered. */
  rescheduled: z.boolean().optional(),
});

/** The parcel steps a carrier reports (api/src/carriers/types.ts ParcelStatus), as the order page shows them. */
const trackingStatus = z.enum(PARCEL_STATUSES).exclude(['created']);

export const orderTrackingSchema = z.object({
  /** Oldest first. */
  events: z.array(
    z.object({
      status: trackingStatus,
      at: z.int(),
      carrier: z.string(),
      /** A failed attempt's reason in the shop's words (null: none we can tell her). */
      reason: z.enum(DELIVERY_FAILURE_REASONS).nullable(),
    }),
  ),
  /** A failed attempt waiting for her answer: the delivery days she may choose (YYYY-MM-DD and as she reads it). */
  redelivery_days: z.array(z.object({ date: z.string(), day: z.string() })).nullable(),
  /** Her last answer: another day, or her corrected address (delivered on `day`). */
  redelivery: z
    .object({ kind: z.enum(['day', 'address']), day: z.string(), day_text: z.string(), at: z.int() })
    .nullable(),
  /** Her last corrected address and phone (issue 73): the order page shows them instead of the placed ones. */
  corrected_address: z
    .object({ lines: z.array(z.string()), phone: z.string(), at: z.int() })
    .nullable()
    .optional(),
  /** Each of her answers, oldest first: the timeline's steps (issue 73). */
  answers: z
    .array(z.object({ kind: z.enum(['day', 'address']), day: z.string(), day_text: z.string(), at: z.int() }))
    .optional(),
});

export const orderRefundViewSchema = z.object({
  id: z.int(),
  amount: z.int(),
  /** Back to the shop wallet, or to the card that paid. */
  method: z.enum(['wallet', 'gateway']),
  reason: z.enum(['damaged', 'missing_item', 'late_delivery', 'goodwill', 'cancelled', 'other']),
  /** A gateway refund is pending until the gateway confirms it. */
  status: z.enum(['pending', 'succeeded']),
  at: z.int(),
  /** Saudi orders with a tax invoice: the credit note that reduces it. */
  credit_note: creditNoteSchema.nullable(),
});

export const FULFILMENT_STEPS = [
  'placed',
  'confirmed',
  'packed',
  'shipped',
  'out_for_delivery',
  'delivered',
  'cancelled',
  'refunded',
  // A return's steps (issue 62); its refund shows as 'refunded'.
  'return_requested',
  'return_pickup_booked',
  'return_label_ready',
  'return_in_transit',
  'return_received',
  'return_inspected',
  'return_rejected',
  // Her answers to a failed delivery attempt (issue 73): another day, or her corrected address.
  'delivery_rescheduled',
  'address_corrected',
] as const;

/** The shop's steps with the order so far, and the shipment once it left. */
export const orderFulfilmentSchema = z.object({
  /** Oldest first. */
  /** `day`: the delivery day an answer to a failed attempt set, as she reads it (issue 73). */
  timeline: z.array(z.object({ kind: z.enum(FULFILMENT_STEPS), at: z.int(), day: z.string().optional() })),
  /** Set once shipped: the carrier's id (shared/api/staff-order-schemas.ts CARRIERS) and its tracking number. */
  carrier: z.string().nullable(),
  tracking_number: z.string().nullable(),
  tracking_url: z.string().nullable(),
});

export const orderViewSchema = z.object({
  /** Returns (issue 62): the window, what may still go back, each return; absent on list pages. */
  returns: orderReturnsViewSchema.optional(),
  id: z.int(),
  status: z.enum(ORDER_STATUSES),
  payment_method: z.enum(PAYMENT_METHODS),
  card_method: z.string().nullable(),
  country: z.enum(COUNTRY_CODES),
  currency: z.string(),
  created_at: z.int(),
  items: z.array(orderItemViewSchema),
  /** The address snapshot as placed (a Kuwait or Saudi address's fields). */
  address: z.record(z.string(), z.unknown()),
  totals: orderTotalsSchema,
  coupon_code: z.string().nullable(),
  email: z.string().nullable(),
  can_pay_again: z.boolean(),
  /** The VAT rate the order was priced with (basis points), 0 without VAT. */
  vat_basis_points: z.int(),
  /** Saudi orders: the simplified tax invoice; null in Kuwait. */
  tax_invoice: taxInvoiceSchema.nullable(),
  /** Waiting for a payment: the shopper may give the order up (stock, coupon, wallet part come back). */
  can_cancel: z.boolean(),
  fulfilment: orderFulfilmentSchema,
  /** Sent as a gift (decision 34): the recipient, message and day; absent or null otherwise. */
  gift: orderGiftSchema.nullable().optional(),
  /** Promotions it holds: gift lines at price 0 and why each applied (decision 33). */
  promotions: z.array(orderPromotionViewSchema),
  /** Money given back (not failed refunds), oldest first; the order detail only, empty in lists. */
  refunds: z.array(orderRefundViewSchema),
  /** Their sum: what the shopper got back of the total. */
  refunded: z.int(),
  /** The delivery promise made when she placed it (decision 65); null for orders placed before it. */
  promise: orderPromiseSchema.nullable(),
  /** Her parcels' tracking events and, after a failed attempt, her choices (the order detail only). */
  tracking: orderTrackingSchema.nullable().optional(),
});

/** GET /user/order and /user/order/list/{page}: a page of her orders, newest first (no returns, refunds or tracking). */
export const orderPageSchema = z.object({
  items: z.array(orderViewSchema),
  page: z.int(),
  per_page: z.int(),
  total: z.int(),
  page_count: z.int(),
});

// Buying.

export const pricedTotalsSchema = orderTotalsSchema.extend({
  currency: z.string(),
  decimals: z.int(),
  lines: z.array(
    z.object({
      sku_id: z.int(),
      count: z.int(),
      unit_price: z.int(),
      old_unit_price: z.int().nullable(),
      line_total: z.int(),
      /** Subscribe and save: the line's frequency (priced at the subscription price), null when bought once. */
      every: frequencyAnswerSchema.nullable(),
    }),
  ),
  /** The part of `discount` that free units of promotions take off (decision 33). */
  promotion_discount: z.int(),
  /** Base fils, net of VAT (coupon minimums are in base fils). */
  subtotal_fils: z.int(),
  /** The country's own threshold (minor units of its currency, VAT included): free delivery when subtotal ≥ it. */
  free_shipping: z.int(),
  free_delivery: z.boolean(),
});

export const subscribeOfferSchema = z.object({
  sku_id: z.int(),
  discount: z.number(),
  offered: z.array(frequencyAnswerSchema),
});

const pointsProblem = z.enum(['points_not_in_steps', 'points_over_limit']);

/** POST /order/calculate. */
export const calculateResultSchema = pricedTotalsSchema.extend({
  /** Pricing's own view of the points asked (the `points` object says the same to the page). */
  points_max: z.int(),
  points_problem: pointsProblem.nullable(),
  problems: z.array(
    z.object({
      sku_id: z.int(),
      reason: z.enum(['unavailable', 'not_sold_here', 'out_of_stock', 'over_limit']),
      available: z.int(),
    }),
  ),
  coupon: z.object({ code: z.string(), applied: z.boolean(), problem: z.string().nullable() }).nullable(),
  wallet_balance: z.int().nullable(),
  delivery_fee: z.int(),
  /** Percent: the basis points over 100. */
  vat_rate: z.number(),
  payment_methods: z.array(z.enum(PAYMENT_METHODS)),
  /** The gateway's ways to pay offered for what is due: card kinds, STC Pay, pay later. */
  card_methods: z.array(gatewayMethod),
  /**
   * The country's other gateway ways, with why this order cannot use them (a provider's limits), and
   * cash on delivery when the owner does not offer it or the order is above her cap (issue 77).
   */
  unavailable_methods: z.array(z.union([cashUnavailableSchema, unavailableMethodSchema])),
  /** Promotions running for this shopper, applied or not, with why (decision 33). */
  promotions: z.array(promotionResultSchema),
  /** The gifts the order would get, at price 0. */
  gift_lines: z.array(giftLineViewSchema),
  /** Lines to subscribe to that cannot be (a guest's cart): priced once until she signs in. */
  subscription_problem: z.literal('subscription_needs_account').nullable(),
  /** Each line's subscribe-and-save offer (decision 45). */
  subscribe_offers: z.array(subscribeOfferSchema),
  /** Signed-in shoppers: her points, the most she may spend here, what she spends and earns (issue 47). */
  points: pointsQuoteSchema.extend({ problem: pointsProblem.nullable() }).nullable(),
  /** What the order earns once delivered: at her tier, for a guest what an account would earn (the
   * cart shows it: issue 61); null while the country's programme is off. */
  points_to_earn: z.int().nullable(),
  /** A friend's code given: whether it applies, its discount (minor units), or why not (a message key). */
  referral: z
    .object({ code: z.string(), applied: z.boolean(), discount: z.int(), problem: z.string().nullable() })
    .nullable(),
  /** When it arrives (decision 65): each speed offered for her zone with its day and fee, and the one
   * the order takes; null when the shop makes no promise in her country. */
  arrival: checkoutDeliverySchema.nullable(),
});

/** POST /order/submit. */
export const submitResultSchema = z.object({
  order: orderViewSchema,
  payment: z.object({ id: z.string(), url: z.string().nullable() }).nullable(),
  replayed: z.boolean(),
  /** A guest's link token to the order (null for a signed-in shopper). */
  link: z.string().nullable(),
});

/** POST /order/payAgain: the order and its open charge's page. */
export const payAgainResultSchema = z.object({
  order: orderViewSchema,
  payment: z.object({ id: z.string(), url: z.string() }),
});

/** POST /order/cancel and /order/redelivery. */
export const orderAnswerSchema = z.object({ order: orderViewSchema });

/** POST /order/lookup: the order and the link key to reach it again. */
export const orderLookupResultSchema = z.object({ key: z.string(), order: orderViewSchema });

/** POST /user/returns/photo: the pending photo's id (sent with the return), its type by content and size. */
export const returnPhotoAnswerSchema = z.object({ id: z.string(), type: z.enum(RETURN_PHOTO_TYPES), size: z.int() });

/** POST /user/order/{id}/return: the new return and her order as it reads now. */
export const returnAnswerSchema = z.object({ return_id: z.int(), order: orderViewSchema });
