// What the order API answers, as both sides see it. Amounts are minor units of `currency`.
import type { UnavailableMethod } from '../payments/gateway-methods';
import type { CardMethod, OrderStatus, PaymentMethod } from '../api/order-schemas';
import type { TaxInvoice } from '../invoice/tax-invoice';
import type { CreditNote } from '../invoice/credit-note';
import type { OrderGift } from '../api/gift-schemas';
import type { GiftLineView, OrderPromotionView, PromotionResult } from './promotions';
import type { Frequency } from '../subscriptions/frequency';
import type { PointsQuote } from '../loyalty/types';
import type { CheckoutDelivery, DeliverySpeed } from '../delivery/promise';
import type { OrderReturnsView } from './returns';

export interface OrderTotals {
  /** Sum of the lines at the prices of the moment. */
  subtotal: number;
  /** Spec §9: the price before discount counts an item's old price where it has one, else its price. */
  before_discount: number;
  discount: number;
  /** A friend's referral discount on her first order (issue 47), minor units; 0 without. */
  referral_discount: number;
  /** Points spent on the order and the discount they gave (issue 47); 0 without. */
  points_used: number;
  points_discount: number;
  delivery: number;
  /** The VAT included in the total (all amounts are VAT-inclusive); 0 without VAT. */
  vat: number;
  /** subtotal − discount − referral_discount − points_discount + delivery. */
  total: number;
  wallet_used: number;
  /** What is left to pay by cash or card. */
  due: number;
}

interface OrderItemView {
  sku_id: number;
  product_id: number;
  slug: string;
  name: string;
  sku_name: string;
  image: string | null;
  unit_price: number;
  old_unit_price: number | null;
  count: number;
  line_total: number;
}

export interface OrderView {
  /** Returns (issue 62): the window, what may still go back, each return; absent on list pages. */
  returns?: OrderReturnsView;
  id: number;
  status: OrderStatus;
  payment_method: PaymentMethod;
  card_method: string | null;
  country: 'KW' | 'SA';
  currency: string;
  created_at: number;
  items: OrderItemView[];
  address: Record<string, unknown>;
  totals: OrderTotals;
  coupon_code: string | null;
  email: string | null;
  can_pay_again: boolean;
  /** The VAT rate the order was priced with (basis points), 0 without VAT. */
  vat_basis_points: number;
  /** Saudi orders: the simplified tax invoice; null in Kuwait. */
  tax_invoice: TaxInvoice | null;
  /** Waiting for a payment: the shopper may give the order up (stock, coupon, wallet part come back). */
  can_cancel: boolean;
  /** The shop's steps with the order so far, and the shipment once it left. */
  fulfilment: OrderFulfilment;
  /** Sent as a gift (decision 34): the recipient, message and day; absent or null otherwise. */
  gift?: OrderGift | null;
  /** Promotions it holds: gift lines at price 0 and why each applied (decision 33). */
  promotions: OrderPromotionView[];
  /** Money given back (not failed refunds), oldest first; the order detail only, empty in lists. */
  refunds: OrderRefundView[];
  /** Their sum: what the shopper got back of the total. */
  refunded: number;
  /** The delivery promise made when she placed it (decision 65); null for orders placed before it. */
  promise: OrderPromise | null;
  /** Her parcels' tracking events and, after a failed attempt, her choices (the order detail only). */
  tracking?: OrderTracking | null;
}

export interface OrderPromise {
  speed: DeliverySpeed | null;
  /** The Gulf date promised, YYYY-MM-DD. */
  date: string;
  /** Not delivered by the end of that day (and not cancelled): the page says so, the shop was told. */
  missed: boolean;
}

/** The parcel steps a carrier reports (api/src/carriers/types.ts ParcelStatus), as the order page shows them. */
type TrackingStatus =
  | 'picked_up'
  | 'in_transit'
  | 'out_for_delivery'
  | 'failed_attempt'
  | 'delivered'
  | 'returning'
  | 'returned'
  | 'cancelled';

export interface OrderTracking {
  /** Oldest first. */
  events: Array<{ status: TrackingStatus; at: number; carrier: string; reason: string | null }>;
  /** A failed attempt waiting for her answer: the delivery days she may choose (YYYY-MM-DD and as she reads it). */
  redelivery_days: Array<{ date: string; day: string }> | null;
  /** Her last answer: another day, or her corrected address (delivered on `day`). */
  redelivery: { kind: 'day' | 'address'; day: string; day_text: string; at: number } | null;
}

export interface OrderRefundView {
  id: number;
  amount: number;
  /** Back to the shop wallet, or to the card that paid. */
  method: 'wallet' | 'gateway';
  reason: 'damaged' | 'missing_item' | 'late_delivery' | 'goodwill' | 'cancelled' | 'other';
  /** A gateway refund is pending until the gateway confirms it. */
  status: 'pending' | 'succeeded';
  at: number;
  /** Saudi orders with a tax invoice: the credit note that reduces it. */
  credit_note: CreditNote | null;
}

/** A step on the order's timeline, as the shopper sees it. */
export type FulfilmentStep =
  | 'placed'
  | 'confirmed'
  | 'packed'
  | 'shipped'
  | 'out_for_delivery'
  | 'delivered'
  | 'cancelled'
  | 'refunded'
  // A return's steps (issue 62); its refund shows as 'refunded'.
  | 'return_requested'
  | 'return_pickup_booked'
  | 'return_label_ready'
  | 'return_in_transit'
  | 'return_received'
  | 'return_inspected'
  | 'return_rejected';

export interface OrderFulfilment {
  /** Oldest first. */
  timeline: Array<{ kind: FulfilmentStep; at: number }>;
  /** Set once shipped: the carrier's id (shared/api/staff-order-schemas.ts CARRIERS) and its tracking number. */
  carrier: string | null;
  tracking_number: string | null;
  tracking_url: string | null;
}

/** An order priced by the server: its amounts, the lines and the free-delivery facts. */
export interface PricedTotals extends OrderTotals {
  currency: string;
  decimals: number;
  lines: Array<{
    sku_id: number;
    count: number;
    unit_price: number;
    old_unit_price: number | null;
    line_total: number;
    /** Subscribe and save: the line's frequency (priced at the subscription price), null when bought once. */
    every: Frequency | null;
  }>;
  /** The part of `discount` that free units of promotions take off (decision 33). */
  promotion_discount: number;
  /** Base fils, net of VAT (coupon minimums are in base fils). */
  subtotal_fils: number;
  /** The country's own threshold (minor units of its currency, VAT included): free delivery when subtotal ≥ it. */
  free_shipping: number;
  free_delivery: boolean;
}

export interface CalculateResult extends PricedTotals {
  problems: Array<{ sku_id: number; reason: 'unavailable' | 'out_of_stock' | 'over_limit'; available: number }>;
  coupon: { code: string; applied: boolean; problem: string | null } | null;
  wallet_balance: number | null;
  delivery_fee: number;
  vat_rate: number;
  payment_methods: PaymentMethod[];
  /** The gateway's ways to pay offered for what is due: card kinds, STC Pay, pay later. */
  card_methods: CardMethod[];
  /** The country's other gateway ways, with why this order cannot use them (a provider's limits). */
  unavailable_methods: UnavailableMethod[];
  /** Promotions running for this shopper, applied or not, with why (decision 33). */
  promotions: PromotionResult[];
  /** The gifts the order would get, at price 0. */
  gift_lines: GiftLineView[];
  /** Lines to subscribe to that cannot be (a guest's cart): priced once until she signs in. */
  subscription_problem: 'subscription_needs_account' | null;
  /** Each line's subscribe-and-save offer (decision 45). */
  subscribe_offers: SubscribeOffer[];
  /** Signed-in shoppers: her points, the most she may spend here, what she spends and earns (issue 47). */
  points: (PointsQuote & { problem: 'points_not_in_steps' | 'points_over_limit' | null }) | null;
  /** What the order earns once delivered: at her tier, for a guest what an account would earn (the
   * cart shows it: issue 61); null while the country's programme is off. */
  points_to_earn: number | null;
  /** A friend's code given: whether it applies, its discount (minor units), or why not (a message key). */
  referral: { code: string; applied: boolean; discount: number; problem: string | null } | null;
  /** When it arrives (decision 65): each speed offered for her zone with its day and fee, and the one
   * the order takes; null when the shop makes no promise in her country. */
  arrival: CheckoutDelivery | null;
}

/** A line's subscribe-and-save offer: the frequencies its pack suits (its dosage's period first) and the percent off. */
export interface SubscribeOffer {
  sku_id: number;
  discount: number;
  offered: Frequency[];
}

export interface SubmitResult {
  order: OrderView;
  payment: { id: string; url: string | null } | null;
  replayed: boolean;
  /** A guest's link token to the order (null for a signed-in shopper). */
  link: string | null;
}
