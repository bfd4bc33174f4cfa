// What the back office's order routes answer (api/src/routes/staff/orders.ts): the routes' response
// schemas (decision 68) and the types the order pages read, one declaration.
import { z } from '../zod';
import { COUNTRY_CODES, LANGS } from '../locale';
import { PAYMENT_METHODS } from './order-facts';
import { ORDER_STATUSES } from './order-facts';
import { ORDER_STAGES, REFUND_METHODS, REFUND_REASONS } from './staff-order-schemas';
import { orderPromotionViewSchema } from '../orders/answer-schemas';
import { PARCEL_CARRIERS, SHIPMENT_STATUSES } from './parcel-facts';

/** One row of the orders list. */
const orderListRowSchema = z.object({
  id: z.int(),
  country: z.enum(COUNTRY_CODES),
  currency: z.string(),
  lang: z.enum(LANGS),
  status: z.enum(ORDER_STATUSES),
  stage: z.enum(ORDER_STAGES),
  payment_method: z.enum(PAYMENT_METHODS),
  total: z.int(),
  created_at: z.number(),
  /** The account's e-mail, else the guest's. */
  email: z.string().nullable(),
  /** The recipient of the address, else the account's name. */
  name: z.string().nullable(),
  phone: z.string().nullable(),
  /** Sent as a gift (decision 34), with its requested day. */
  gift: z.boolean(),
  gift_date: z.string().nullable(),
  /** Its delivery promise missed, still on its way (decision 65). */
  late: z.boolean(),
});

/** GET /staff/orders: newest first, 30 a page, within the countries the grant allows. */
export const staffOrderListSchema = z.object({
  orders: z.array(orderListRowSchema),
  page: z.int(),
  has_more: z.boolean(),
  countries: z.array(z.enum(COUNTRY_CODES)),
});
export type OrderListData = z.infer<typeof staffOrderListSchema>;

/** The order's row (all its columns but the cold file's keys), its address read, its stage and its account. */
const staffOrderSchema = z.object({
  id: z.int(),
  user_id: z.int().nullable(),
  guest_email: z.string().nullable(),
  guest_phone: z.string().nullable(),
  country: z.enum(COUNTRY_CODES),
  currency: z.string(),
  lang: z.enum(LANGS),
  status: z.enum(ORDER_STATUSES),
  stage: z.enum(ORDER_STAGES),
  payment_method: z.enum(PAYMENT_METHODS),
  /** The gateway's way (KNET, mada, STC Pay, Tabby…) of a card order. */
  card_method: z.string().nullable(),
  /** The address as it was when ordering. */
  address: z.record(z.string(), z.unknown()),
  subtotal: z.int(),
  before_discount: z.int(),
  discount: z.int(),
  delivery: z.int(),
  vat: z.int(),
  vat_basis_points: z.int(),
  total: z.int(),
  wallet_used: z.int(),
  coupon_id: z.int().nullable(),
  coupon_code: z.string().nullable(),
  holds_stock: z.int(),
  whatsapp_to: z.string().nullable(),
  created_at: z.number(),
  updated_at: z.number(),
  confirmed_at: z.number().nullable(),
  packed_at: z.number().nullable(),
  out_for_delivery_at: z.number().nullable(),
  review_request_at: z.number().nullable(),
  shipped_at: z.number().nullable(),
  delivered_at: z.number().nullable(),
  cancelled_at: z.number().nullable(),
  carrier: z.string().nullable(),
  tracking_number: z.string().nullable(),
  tracking_url: z.string().nullable(),
  /** Issue 47: the points spent and their discount, a friend's discount (0 without). */
  points_used: z.int(),
  points_discount: z.int(),
  referral_discount: z.int(),
  anonymised_at: z.number().nullable(),
  archive_replaced_key: z.string().nullable(),
  /** The delivery promise (decision 65). */
  delivery_speed: z.enum(['same_day', 'next_day', 'standard']).nullable(),
  promised_date: z.string().nullable(),
  promise_missed_at: z.number().nullable(),
  /** The account's e-mail, else the guest's. */
  email: z.string().nullable(),
  user_name: z.string().nullable(),
  user_phone: z.string().nullable(),
});

const orderItemSchema = z.object({
  order_id: z.int(),
  sku_id: z.int(),
  product_id: z.int(),
  product_slug: z.string(),
  name: z.string(),
  sku_name: z.string(),
  image_key: z.string().nullable(),
  unit_price: z.int(),
  old_unit_price: z.int().nullable(),
  count: z.int(),
});

const orderPaymentSchema = z.object({
  id: z.string(),
  provider: z.string(),
  amount: z.int(),
  currency: z.string(),
  method: z.string(),
  status: z.enum(['initiated', 'succeeded', 'failed', 'cancelled']),
  provider_ref: z.string().nullable(),
  created_at: z.number(),
});

const orderRefundSchema = z.object({
  id: z.int(),
  order_id: z.int().nullable(),
  consultation_id: z.int().nullable(),
  amount: z.int(),
  currency: z.string(),
  method: z.enum(REFUND_METHODS),
  reason: z.enum(REFUND_REASONS),
  note: z.string().nullable(),
  status: z.enum(['pending', 'succeeded', 'failed']),
  payment_id: z.string().nullable(),
  provider_ref: z.string().nullable(),
  staff_id: z.int().nullable(),
  staff_name: z.string().nullable(),
  created_at: z.number(),
  updated_at: z.number(),
});

const orderEventSchema = z.object({
  id: z.int(),
  order_id: z.int(),
  kind: z.enum(['confirmed', 'packed', 'shipped', 'out_for_delivery', 'delivered', 'cancelled', 'refunded', 'note']),
  staff_id: z.int().nullable(),
  staff_name: z.string().nullable(),
  note: z.string().nullable(),
  /** The refund a 'refunded' step announced. */
  refund_id: z.int().nullable(),
  at: z.number(),
});

/** A gift as the back office shows it (shared/api/gift-schemas.ts OrderGift); the address is the order's. */
const orderGiftSchema = z.object({
  recipient: z.string(),
  phone: z.string(),
  message: z.string().nullable(),
  message_lang: z.enum(['ar', 'en']).nullable(),
  delivery_date: z.string().nullable(),
});

/** The order's parcels, their carriers' events and her answers to failed attempts (issue 62). */
const orderTrackingSchema = z.object({
  parcels: z.array(
    z.object({
      id: z.int(),
      direction: z.enum(['outbound', 'return']),
      carrier: z.enum(PARCEL_CARRIERS),
      status: z.enum(SHIPMENT_STATUSES),
      tracking_number: z.string().nullable(),
      failed_attempts: z.int(),
      carrier_error: z.string().nullable(),
    }),
  ),
  events: z.array(
    z.object({
      id: z.int(),
      shipment_id: z.int(),
      status: z.enum(SHIPMENT_STATUSES),
      carrier_code: z.string().nullable(),
      description: z.string().nullable(),
      location: z.string().nullable(),
      reason: z.string().nullable(),
      at: z.number(),
    }),
  ),
  redelivery: z.array(
    z.object({
      id: z.int(),
      shipment_id: z.int(),
      attempt: z.int(),
      kind: z.enum(['day', 'address']),
      day: z.string(),
      /** Her corrected address's lines. */
      address: z.array(z.string()).nullable(),
      phone: z.string().nullable(),
      status: z.enum(['sent', 'manual', 'failed']),
      carrier_error: z.string().nullable(),
      created_at: z.number(),
    }),
  ),
});
export type OrderTrackingData = z.infer<typeof orderTrackingSchema>;

/** GET /staff/orders/:id, and what each step and refund answers: the order as it now stands. */
export const staffOrderDetailSchema = z.object({
  order: staffOrderSchema,
  items: z.array(orderItemSchema),
  payments: z.array(orderPaymentSchema),
  refunds: z.array(orderRefundSchema),
  events: z.array(orderEventSchema),
  /** Its wallet movements. */
  wallet: z.array(
    z.object({
      id: z.int(),
      amount: z.int(),
      kind: z.enum(['top_up', 'order_payment', 'refund', 'adjustment']),
      created_at: z.number(),
    }),
  ),
  coupon: z.object({ code: z.string(), kind: z.enum(['percent', 'fixed']), value: z.int() }).nullable(),
  /** Sent as a gift (decision 34). */
  gift: orderGiftSchema.nullable(),
  /** Gifts to pack (price 0) and free units (decision 33). */
  /** The promotions the order holds, with why: as the shopper's order page reads them. */
  promotions: z.array(orderPromotionViewSchema),
  money: z.object({
    paid: z.int(),
    refunded: z.int(),
    card_paid: z.int(),
    gateway_refunded: z.int(),
    refundable: z.int(),
    gateway_refundable: z.int(),
    wallet_refundable: z.int(),
  }),
  tracking: orderTrackingSchema,
  /** Local sandbox: pending gateway refunds can be settled by hand. */
  sandbox_refunds: z.boolean(),
  /** The steps its stage allows. */
  next: z.object({
    confirm: z.boolean(),
    pack: z.boolean(),
    ship: z.boolean(),
    dispatch: z.boolean(),
    deliver: z.boolean(),
    cancel: z.boolean(),
  }),
});
export type OrderDetailData = z.infer<typeof staffOrderDetailSchema>;

/**
 * POST /staff/orders/:id/cancel: the order, and when the gateway refused the card refund (the order
 * cancelled all the same) that refund's id and amount.
 */
export const staffOrderCancelledSchema = staffOrderDetailSchema.extend({
  refund_failed: z.object({ refund_id: z.int(), amount: z.int(), msg: z.literal('refund_gateway_failed') }).optional(),
});
/** What a step answers (a step but cancel never has `refund_failed`). */
export type OrderStepAnswer = z.infer<typeof staffOrderCancelledSchema>;
