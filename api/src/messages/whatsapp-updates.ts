// Order updates and visit reminders on WhatsApp (decision 43), for shoppers who opted in at checkout
// or in their profile: template messages in the order's language, each with a "Stop updates" button
// whose link carries a signed token for the number. A stopped number gets nothing more on WhatsApp
// (whatsapp_optouts, checked inside the batch that queues the message) until it opts in again.
import { hmacHex } from '#shared/api/signing';
import { timingSafeEqualText } from '#shared/bytes';
import { localizePath, type Lang } from '#shared/locale';
import type { DeliveryFailureReason } from '#shared/orders/delivery-failure';
import { deliveryFailureText } from '#shared/orders/delivery-failure-text';
import type { OrderUpdateKind } from '../mail/order-update-texts';
import type { MessageKind } from './outbox';

/** The approved templates (WhatsApp Manager), one name each, in English and Arabic. */
export const UPDATE_TEMPLATES = {
  order: 'order_update',
  reminder: 'visit_reminder',
  subscription: 'subscription_reminder',
  /** A consultation a day or an hour away: {{1}} its number, {{2}} when (decision 55). */
  consultation: 'consultation_reminder',
  /** A consultation moved, cancelled or refunded: {{1}} its number, {{2}} what happened (issue 61). */
  consultationUpdate: 'consultation_update',
  /** A cart left behind (issue 64): {{1}} its first product, {{2}} how many products. */
  cart: 'cart_reminder',
} as const;

/** The kinds of order step sent on WhatsApp; refunds stay mail (they need amounts and notes). */
export const WHATSAPP_ORDER_STEPS: readonly OrderUpdateKind[] = [
  'confirmed',
  'shipped',
  'out_for_delivery',
  'delivered',
  'cancelled',
  'delivery_failed',
  'returned',
];

const STEP_TEXT: Record<Lang, Partial<Record<OrderUpdateKind, string>>> = {
  en: {
    confirmed: 'confirmed, we are preparing it',
    shipped: 'shipped',
    out_for_delivery: 'out for delivery today',
    // Each step ends inside the sentence the message (and the approved template) closes with its own
    // full stop, so no step ends in punctuation of its own ("Thank you!." once did).
    delivered: 'delivered, thank you',
    cancelled: 'cancelled',
    returned: 'back with us after the last delivery attempt, and cancelled; what you paid is refunded',
  },
  ar: {
    confirmed: 'تم تأكيده ونقوم بتجهيزه',
    shipped: 'تم شحنه',
    out_for_delivery: 'في الطريق إليك اليوم',
    delivered: 'تم توصيله، شكراً لك',
    cancelled: 'تم إلغاؤه',
    returned: 'عاد إلينا بعد آخر محاولة توصيل وأُلغي، وسنرد ما دفعته',
  },
};

const digitsOf = (phone: string) => phone.replace(/^\+/, '');

/** The stop link's token for a number: its digits and an HMAC over them. */
/**
 * The phone a shopper's updates and reminders may go to on WhatsApp, as a column of a SELECT over her
 * `users` row (alias `u`): her number only when she proved it and chose updates there, else NULL. One
 * rule for every reminder (orders, visits, consultations, subscriptions, carts).
 */
export const WHATSAPP_TO_COLUMN =
  'CASE WHEN u.whatsapp_updates_at IS NOT NULL AND u.phone_verified_at IS NOT NULL THEN u.phone END AS whatsapp_to';

export async function stopToken(secret: string, phone: string): Promise<string> {
  const digits = digitsOf(phone);
  return `${digits}.${(await hmacHex(secret, `whatsapp-stop|${digits}`)).slice(0, 32)}`;
}

/** The number a stop token names, or null when its signature does not hold. */
export async function stoppedPhone(secret: string, token: string): Promise<string | null> {
  const m = /^(\d{8,15})\.([0-9a-f]{32})$/.exec(token);
  if (!m) return null;
  const expected = (await hmacHex(secret, `whatsapp-stop|${m[1]}`)).slice(0, 32);
  return timingSafeEqualText(m[2]!, expected) ? `+${m[1]}` : null;
}

export function stopUrl(siteOrigin: string, lang: Lang, token: string): string {
  return `${siteOrigin}${localizePath('/whatsapp/stop', lang)}?t=${token}`;
}

export interface UpdateMessage {
  kind: MessageKind;
  template: string;
  params: string[];
  text: string;
  buttonParam: string;
}

/**
 * A failed attempt: "not delivered", then the same reason and next step as her mail and timeline
 * (shared/orders/delivery-failure.ts), the address fix offered when the address was the reason.
 */
function failedText(lang: Lang, reason: DeliveryFailureReason | null): string {
  const failed = deliveryFailureText(lang, reason);
  const head = lang === 'ar' ? 'لم يُسلَّم' : 'not delivered';
  return `${head}: ${failed.reason ? `${failed.reason}. ` : ''}${failed.next}`;
}

export async function orderStepMessage(
  o: { orderId: number; lang: Lang; step: OrderUpdateKind; phone: string; reason?: DeliveryFailureReason | null },
  p: { secret: string; siteOrigin: string },
): Promise<UpdateMessage | null> {
  const status = o.step === 'delivery_failed' ? failedText(o.lang, o.reason ?? null) : STEP_TEXT[o.lang][o.step];
  if (!status) return null;
  return orderUpdateMessage({ ...o, status }, p);
}

/** The order update's template (its number and what happened), with the link that stops these messages. */
async function orderUpdateMessage(
  o: { orderId: number; lang: Lang; status: string; phone: string },
  p: { secret: string; siteOrigin: string },
): Promise<UpdateMessage> {
  const token = await stopToken(p.secret, o.phone);
  const link = stopUrl(p.siteOrigin, o.lang, token);
  const text =
    o.lang === 'ar'
      ? `خليج الفيتامينات: طلبك رقم ${o.orderId} ${o.status}.\nلإيقاف تحديثات واتساب: ${link}`
      : `Gulf Vitamins: your order ${o.orderId} is ${o.status}.\nStop WhatsApp updates: ${link}`;
  return {
    kind: 'order_update',
    template: UPDATE_TEMPLATES.order,
    params: [String(o.orderId), o.status],
    text,
    buttonParam: token,
  };
}

/** A return's steps and its refund (issue 73), as her mails tell them; "your order N is …". */
export type ReturnWhatsappStep =
  | 'requested'
  | 'pickup_booked'
  | 'label_ready'
  | 'received'
  | 'inspected'
  | 'rejected'
  | 'refunded';

const RETURN_STEP_TEXT: Record<Lang, Record<ReturnWhatsappStep, string>> = {
  en: {
    requested: 'being returned: we have your request and are booking a courier to collect the items',
    pickup_booked: 'being returned: a courier will call to collect the items',
    label_ready: 'being returned: the return label is ready on the order page',
    received: 'being returned: the items have arrived and we check them within two working days',
    inspected: 'being returned: we have checked the items and your refund follows shortly',
    rejected: 'not accepted for return; why is on the order page and in your mail',
    refunded: 'refunded for the items you sent back; the amount is on the order page',
  },
  ar: {
    requested: 'قيد الإرجاع: استلمنا طلبك ونحجز مندوبًا لاستلام المنتجات',
    pickup_booked: 'قيد الإرجاع: سيتصل بك المندوب لاستلام المنتجات',
    label_ready: 'قيد الإرجاع: ملصق الإرجاع جاهز في صفحة الطلب',
    received: 'قيد الإرجاع: وصلتنا المنتجات وسنفحصها خلال يومي عمل',
    inspected: 'قيد الإرجاع: فحصنا المنتجات وسنعيد إليك المبلغ قريبًا',
    rejected: 'لم نقبل إرجاعه، والسبب في صفحة الطلب وفي بريدك',
    refunded: 'أعدنا إليك مبلغ المنتجات التي أرجعتها، والمبلغ في صفحة الطلب',
  },
};

/** A return's step on WhatsApp, with the order update's template (its number and what happened). */
export async function returnStepMessage(
  o: { orderId: number; lang: Lang; step: ReturnWhatsappStep; phone: string },
  p: { secret: string; siteOrigin: string },
): Promise<UpdateMessage> {
  return orderUpdateMessage({ ...o, status: RETURN_STEP_TEXT[o.lang][o.step] }, p);
}

/**
 * Where a return's steps go on WhatsApp: the number this order's updates were asked for, only when it is
 * the account's proven phone (a number typed at checkout and never proved gets no return messages).
 */
export const provenWhatsappTo = (o: { whatsapp_to: string | null; proven_phone: string | null }): string | null =>
  o.whatsapp_to !== null && o.whatsapp_to === o.proven_phone ? o.whatsapp_to : null;

export async function visitReminderMessage(
  o: { bookingId: number; lang: Lang; when: string; phone: string },
  p: { secret: string; siteOrigin: string },
): Promise<UpdateMessage> {
  const token = await stopToken(p.secret, o.phone);
  const link = stopUrl(p.siteOrigin, o.lang, token);
  const text =
    o.lang === 'ar'
      ? `خليج الفيتامينات: موعد زيارة تحليل الدم رقم ${o.bookingId} غداً، ${o.when}. تعليمات التحضير في بريدك وصفحة الحجز.\nلإيقاف تحديثات واتساب: ${link}`
      : `Gulf Vitamins: your blood-test visit ${o.bookingId} is tomorrow, ${o.when}. How to prepare is in your mail and on the booking page.\nStop WhatsApp updates: ${link}`;
  return {
    kind: 'blood_test_reminder',
    template: UPDATE_TEMPLATES.reminder,
    params: [String(o.bookingId), o.when],
    text,
    buttonParam: token,
  };
}

/**
 * Queues an update unless the number stopped WhatsApp updates (checked as the batch runs, so a stop
 * that races the step wins). The dedupe key makes a repeated step a no-op.
 */
export function queueUpdate(
  db: D1Database,
  m: UpdateMessage & { to: string; lang: Lang; dedupeKey: string },
  now = Date.now(),
): D1PreparedStatement {
  return db
    .prepare(
      `INSERT INTO message_outbox (channel, to_phone, lang, kind, template, params, body_text, button_param, dedupe_key, attempts, next_attempt_at, created_at)
       SELECT 'whatsapp', ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, 0, ?9, ?9
       WHERE NOT EXISTS (SELECT 1 FROM whatsapp_optouts WHERE phone = ?1) ON CONFLICT (dedupe_key) DO NOTHING`,
    )
    .bind(m.to, m.lang, m.kind, m.template, JSON.stringify(m.params), m.text, m.buttonParam, m.dedupeKey, now);
}
