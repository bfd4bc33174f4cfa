// What the API answers for one order in the back office (GET /staff/orders/:id), and how its detail
// page writes amounts, times and the card gateway: shared by the page and its sections.
import type { OrderGift } from '#shared/api/gift-schemas';
import type { CardMethod } from '#shared/api/order-schemas';
import type { OrderStage, REFUND_REASONS } from '#shared/api/staff-order-schemas';
import type { CountryCode } from '#shared/locale';
import { formatMinor, isShopCurrency } from '#shared/money';
import type { OrderPromotionView } from '#shared/orders/promotions';
import { formatDate } from '#shared/text/dates';
import type { StaffSelf } from '../../lib/api';
import type { StaffTextId, StaffTranslator } from '../../lib/i18n';

/** The order's parcels as the API answers them (api/src/shipping/redelivery.ts staffTracking). */
export interface OrderTrackingData {
  parcels: {
    id: number;
    direction: 'outbound' | 'return';
    carrier: string;
    status: string;
    tracking_number: string | null;
    failed_attempts: number;
  }[];
  events: {
    id: number;
    shipment_id: number;
    status: string;
    carrier_code: string | null;
    description: string | null;
    location: string | null;
    reason: string | null;
    at: number;
  }[];
  redelivery: {
    id: number;
    shipment_id: number;
    attempt: number;
    kind: 'day' | 'address';
    day: string;
    address: string[] | null;
    phone: string | null;
    status: 'sent' | 'manual' | 'failed';
    created_at: number;
  }[];
}

export interface OrderDetailData {
  /** Its parcels (issue 62); absent from answers before live tracking. */
  tracking?: OrderTrackingData;
  order: {
    id: number;
    user_id: number | null;
    country: CountryCode;
    currency: string;
    lang: 'en' | 'ar';
    status: string;
    stage: OrderStage;
    payment_method: 'cod' | 'wallet' | 'card';
    /** The gateway's way (KNET, mada, STC Pay, Tabby…) of a card order. */
    card_method?: string | null;
    address: Record<string, unknown>;
    subtotal: number;
    discount: number;
    /** Issue 47: a friend's discount and the points spent (0 without). */
    referral_discount?: number;
    points_used?: number;
    points_discount?: number;
    delivery: number;
    vat: number;
    total: number;
    wallet_used: number;
    coupon_code: string | null;
    created_at: number;
    carrier: string | null;
    tracking_number: string | null;
    tracking_url: string | null;
    email: string | null;
    user_name: string | null;
    user_phone: string | null;
  };
  items: { sku_id: number; name: string; sku_name: string; unit_price: number; count: number }[];
  payments: { id: string; provider: string; amount: number; method: string; status: string; created_at: number }[];
  refunds: {
    id: number;
    amount: number;
    method: 'wallet' | 'gateway';
    reason: (typeof REFUND_REASONS)[number];
    note: string | null;
    status: 'pending' | 'succeeded' | 'failed';
    staff_name: string | null;
    created_at: number;
  }[];
  events: {
    id: number;
    kind: 'confirmed' | 'packed' | 'shipped' | 'out_for_delivery' | 'delivered' | 'cancelled' | 'refunded' | 'note';
    note: string | null;
    staff_name: string | null;
    at: number;
  }[];
  coupon: { code: string } | null;
  /** Sent as a gift (decision 34). */
  gift?: OrderGift | null;
  /** Gifts to pack (price 0) and free units (decision 33). */
  promotions?: OrderPromotionView[];
  money: {
    paid: number;
    refunded: number;
    card_paid: number;
    gateway_refunded: number;
    refundable: number;
    gateway_refundable: number;
    wallet_refundable: number;
  };
  /** Local sandbox: pending gateway refunds can be settled by hand. */
  sandbox_refunds?: boolean;
  next: { confirm: boolean; pack: boolean; ship: boolean; dispatch: boolean; deliver: boolean; cancel: boolean };
}

/** The forms of the detail page, each posting to /orders/:id/<step>. */
export const ORDER_STEPS = ['confirm', 'pack', 'ship', 'dispatch', 'deliver', 'cancel', 'refund'] as const;
export type OrderStep = (typeof ORDER_STEPS)[number];

const GATEWAY_NAMES: Record<CardMethod, StaffTextId> = {
  knet: 'st_gateway_knet',
  mada: 'st_gateway_mada',
  card: 'st_gateway_card',
  apple_pay: 'st_gateway_apple_pay',
  stc_pay: 'st_gateway_stc_pay',
  tabby: 'st_gateway_tabby',
  tamara: 'st_gateway_tamara',
};

/** The order's amounts in its own currency, its times in its country, and the gateway's name. */
export function orderWords(t: StaffTranslator, data: OrderDetailData) {
  const o = data.order;
  const money = (minor: number) =>
    isShopCurrency(o.currency) ? formatMinor(minor, o.currency, t.lang, o.country) : String(minor);
  const when = (at: number) => formatDate(at, t.lang, o.country, { time: true });
  // Which of the gateway's ways took the payment: refunds go back the same way.
  const gateway =
    o.card_method && o.card_method in GATEWAY_NAMES ? t.t(GATEWAY_NAMES[o.card_method as CardMethod]) : null;
  return { money, when, gateway };
}

export type OrderWords = ReturnType<typeof orderWords>;

/** What each part of the order page (its money, its next steps) is drawn from. */
export interface OrderPartProps {
  t: StaffTranslator;
  me: StaffSelf;
  data: OrderDetailData;
  words: OrderWords;
}
