// How the back office's order detail page writes amounts, times and the card gateway, from what the API
// answers for one order (GET /staff/orders/:id, shared/api/staff-order-responses.ts): shared by the page
// and its sections.
import type { CardMethod } from '#shared/api/order-schemas';
import type { OrderDetailData } from '#shared/api/staff-order-responses';
import { formatMinor, isShopCurrency } from '#shared/money';
import { systemNote } from '#shared/orders/system-notes';
import { formatDate } from '#shared/text/dates';
import type { StaffSelf } from '../../lib/api';
import type { StaffTextId, StaffTranslator } from '../../lib/i18n';

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

const PAYMENT_STATUS: Record<OrderDetailData['payments'][number]['status'], StaffTextId> = {
  initiated: 'st_payment_initiated',
  succeeded: 'st_payment_succeeded',
  failed: 'st_payment_failed',
  cancelled: 'st_payment_cancelled',
};

/** The name of a gateway's way (KNET, mada, Apple Pay…) in the clerk's language, or null for one it has none of. */
const gatewayName = (t: StaffTranslator, method: string | null) =>
  method && method in GATEWAY_NAMES ? t.t(GATEWAY_NAMES[method as CardMethod]) : null;

/** A payment's way and its state, in the clerk's language. */
export function paymentWords(t: StaffTranslator, p: { method: string; status: keyof typeof PAYMENT_STATUS }) {
  return { way: gatewayName(t, p.method) ?? p.method, status: t.t(PAYMENT_STATUS[p.status]) };
}

/** A step's or refund's note: the shop's own in the clerk's language, one staff typed as typed. */
export function noteText(t: StaffTranslator, stored: string): string {
  const own = systemNote(stored);
  return own ? t.t(`st_order_note_${own}`) : stored;
}

/** The order's amounts in its own currency, its times in its country, and the gateway's name. */
export function orderWords(t: StaffTranslator, data: OrderDetailData) {
  const o = data.order;
  const money = (minor: number) =>
    isShopCurrency(o.currency) ? formatMinor(minor, o.currency, t.lang, o.country) : String(minor);
  const when = (at: number) => formatDate(at, t.lang, o.country, { time: true });
  // Which of the gateway's ways took the payment: refunds go back the same way.
  const gateway = gatewayName(t, o.card_method);
  return { money, when, gateway, note: (stored: string) => noteText(t, stored) };
}

export type OrderWords = ReturnType<typeof orderWords>;

/** What each part of the order page (its money, its next steps) is drawn from. */
export interface OrderPartProps {
  t: StaffTranslator;
  me: StaffSelf;
  data: OrderDetailData;
  words: OrderWords;
}
