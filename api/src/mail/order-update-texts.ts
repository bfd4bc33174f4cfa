// The mails of an order's later steps, in the order's language: confirmed, shipped (with the
// carrier and tracking number), out for delivery, delivered, cancelled, refunded, and the correction when a card refund
// already announced fails after all (payments/refunds.ts). Queued in the batch of the change itself.
import { localizePath, type CurrencyCode, type Lang } from '#shared/locale';
import { formatMinor } from '#shared/money';
import { carrierName } from '#shared/orders/carriers';
import { ordersAr } from '#shared/i18n/orders.ar';
import { ordersEn } from '#shared/i18n/orders.en';
import type { DeliveryFailureReason } from '#shared/orders/delivery-failure';
import { deliveryFailureText } from '#shared/orders/delivery-failure-text';
import { GATEWAY_METHODS_ALL, type GatewayMethod, isPayLater } from '#shared/payments/gateway-methods';
import { returnMailText, type ReturnMailStep } from './return-texts';
import type { CountryCode } from '#shared/countries';

export type OrderUpdateKind =
  | 'confirmed'
  | 'shipped'
  | 'out_for_delivery'
  | 'delivered'
  | 'cancelled'
  | 'refunded'
  | 'refund_failed'
  /** A carrier's delivery attempt failed (tracking events): once per attempt, with what she can do. */
  | 'delivery_failed'
  /** The parcel came back to the shop after the carrier's last attempt: the order is cancelled and refunded. */
  | 'returned'
  /** A return's step (api/src/returns/). */
  | 'return';

export interface OrderUpdate {
  kind: OrderUpdateKind;
  orderId: number;
  country: CountryCode;
  currency: string;
  /** A guest's order link path, else the account's order page. */
  linkPath?: string;
  carrier?: string | null;
  trackingNumber?: string | null;
  trackingUrl?: string | null;
  /** Refunds: the amount (minor units) and where it went. */
  amount?: number;
  method?: 'wallet' | 'gateway';
  /** How she paid through the gateway (orders.card_method: knet, mada, stc_pay, tabby…), named in a refund's mail. */
  cardMethod?: string | null;
  /** delivery_failed: why, in the shop's words (the carrier's codes mapped: carriers/failure-reasons.ts). */
  reason?: DeliveryFailureReason | null;
  /** Returns (issue 62): which return and the step it reached (api/src/returns/). */
  returnStep?: ReturnMailStep;
  returnId?: number;
  rejectReason?: string | null;
}

export function orderUpdateMail(lang: Lang, u: OrderUpdate, siteOrigin: string): { subject: string; text: string } {
  const link = `${siteOrigin}${u.linkPath ?? localizePath(`/profile/orders?id=${u.orderId}`, lang)}`;
  const money = (minor: number) => formatMinor(minor, u.currency as CurrencyCode, lang, u.country);
  const carrier = u.carrier ? carrierName(u.carrier, lang) : '';
  const ar = lang === 'ar';
  const brand = ar ? 'خليج الفيتامينات' : 'Gulf Vitamins';
  let subject: string;
  let body: string;
  switch (u.kind) {
    case 'confirmed':
      subject = ar ? `تم تأكيد طلبك رقم ${u.orderId}` : `We are preparing order ${u.orderId}`;
      body = ar
        ? 'أكدنا طلبك ونقوم بتجهيزه الآن. سنرسل لك رسالة عند شحنه.'
        : 'We have confirmed your order and are preparing it now. We will write again when it ships.';
      break;
    case 'shipped':
      subject = ar ? `تم شحن طلبك رقم ${u.orderId}` : `Order ${u.orderId} has shipped`;
      body = ar
        ? `خرج طلبك مع ${carrier}.\nرقم التتبع: ${u.trackingNumber ?? ''}${u.trackingUrl ? `\nتتبع الشحنة: ${u.trackingUrl}` : ''}`
        : `Your order is on its way with ${carrier}.\nTracking number: ${u.trackingNumber ?? ''}${u.trackingUrl ? `\nTrack it: ${u.trackingUrl}` : ''}`;
      break;
    case 'out_for_delivery':
      subject = ar ? `طلبك رقم ${u.orderId} في الطريق إليك اليوم` : `Order ${u.orderId} is out for delivery today`;
      body = ar
        ? 'سلّمنا طلبك للمندوب وسيصلك اليوم. أبقِ جوالك قريباً منك، فقد يتصل بك المندوب.'
        : 'The courier has your order and will deliver it today. Keep your phone close: the courier may call.';
      break;
    case 'delivered':
      subject = ar ? `تم توصيل طلبك رقم ${u.orderId}` : `Order ${u.orderId} was delivered`;
      body = ar ? 'تم توصيل طلبك. نتمنى أن ينال إعجابك!' : 'Your order was delivered. We hope you enjoy it!';
      break;
    case 'cancelled':
      subject = ar ? `تم إلغاء طلبك رقم ${u.orderId}` : `Order ${u.orderId} was cancelled`;
      body = ar
        ? 'ألغينا طلبك. إذا دفعت جزءاً منه من محفظتك فقد أعدناه إليها، وأي مبلغ آخر دفعته سنرده إليك.'
        : 'We cancelled your order. Any part paid from your wallet is back in it, and anything else you paid will be refunded.';
      break;
    case 'delivery_failed': {
      // The timeline's line and what she can do: the same words as her page and WhatsApp (issue 73).
      const failed = deliveryFailureText(lang, u.reason ?? null);
      subject = ar ? `تعذّر توصيل طلبك رقم ${u.orderId}` : `We could not deliver order ${u.orderId}`;
      body = `${failed.line}.\n${failed.next}.`;
      break;
    }
    case 'returned':
      subject = ar ? `عاد طلبك رقم ${u.orderId} إلينا` : `Order ${u.orderId} came back to us`;
      body = ar
        ? 'لم يتمكن المندوب من توصيل طلبك بعد آخر محاولة، فعاد الطرد إلينا وألغينا الطلب. إذا دفعت جزءاً منه من محفظتك فقد أعدناه إليها، وأي مبلغ آخر دفعته سنرده إليك.'
        : 'The courier could not deliver your order after the last attempt, so the parcel came back to us and we cancelled the order. Any part paid from your wallet is back in it, and anything else you paid will be refunded.';
      break;
    case 'refunded': {
      const amount = money(u.amount ?? 0);
      const way = wayName(lang, u.cardMethod);
      subject = ar ? `استرداد مبلغ من طلبك رقم ${u.orderId}` : `A refund on order ${u.orderId}`;
      body = ar
        ? u.method === 'wallet'
          ? `أعدنا ${amount} إلى محفظتك في خليج الفيتامينات.`
          : way
            ? `أعدنا ${amount} عبر ${way}، وسيلة الدفع التي استخدمتها. قد يستغرق ظهوره بضعة أيام حسب البنك.`
            : `أعدنا ${amount} إلى وسيلة الدفع التي استخدمتها. قد يستغرق ظهوره بضعة أيام حسب البنك.`
        : u.method === 'wallet'
          ? `We have refunded ${amount} to your Gulf Vitamins wallet.`
          : way
            ? `We have refunded ${amount} through ${way}, the way you paid. It may take a few days to show.`
            : `We have refunded ${amount} the way you paid. It may take a few days to show.`;
      break;
    }
    case 'return':
      ({ subject, body } = returnMailText(ar, u.orderId, u.returnId ?? 0, u.returnStep ?? 'requested', u.rejectReason));
      break;
    case 'refund_failed': {
      // Follows a 'refunded' mail about a card refund the gateway then failed: the money did not go back.
      const amount = money(u.amount ?? 0);
      subject = ar
        ? `تعذّر استرداد مبلغ من طلبك رقم ${u.orderId}`
        : `Your refund on order ${u.orderId} did not go through`;
      body = ar
        ? `أخبرناك أننا أعدنا ${amount} إلى وسيلة الدفع التي استخدمتها، لكن بوابة الدفع لم تتمكن من إتمام الاسترداد، فلم يُعَد المبلغ بعد. نعتذر عن ذلك. سيتواصل معك فريقنا ويعيد المحاولة، ولا تحتاج إلى فعل أي شيء.`
        : `We wrote that we had refunded ${amount} the way you paid, but the payment gateway could not complete the refund, so the money has not gone back yet. We are sorry. Our team will contact you and try again; there is nothing you need to do.`;
      break;
    }
  }
  return {
    subject: `${subject} – ${brand}`,
    text: `${body}\n\n${ar ? 'تفاصيل الطلب' : 'Order details'}: ${link}`,
  };
}

/** How she paid, by its name in her language (KNET, mada, STC Pay, Tabby…); null when the order does not say. */
function wayName(lang: Lang, method: string | null | undefined): string | null {
  if (!method || !(GATEWAY_METHODS_ALL as readonly string[]).includes(method)) return null;
  // As paymentWayName names it: the provider's name for a plan, the card scheme's otherwise.
  const dict = lang === 'ar' ? ordersAr : ordersEn;
  const way = method as GatewayMethod;
  return isPayLater(way) ? dict[`pay_later_name_${way}`] : dict[`card_${way}`];
}
