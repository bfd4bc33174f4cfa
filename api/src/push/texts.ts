// The pushes' texts, in both languages (as mail/texts.ts for mail). A notification is shown on a lock
// screen: short, and never anything private — a blood-test push says only that results are ready.
import type { OrderUpdateKind } from '../mail/order-update-texts';
import type { Lang } from '#shared/locale';

export interface PushText {
  title: string;
  body: string;
  /** A path without the language prefix: pushToUser adds /ar for an Arabic subscription. */
  url: string;
  tag?: string;
}

/** The back office moved an order on (the steps that mail the shopper too). Null: no push for it. */
export function orderStatusPush(lang: Lang, kind: OrderUpdateKind, orderId: number): PushText | null {
  const ar = lang === 'ar';
  const texts: Partial<Record<OrderUpdateKind, [string, string]>> = {
    confirmed: ar
      ? [`تم تأكيد طلبك رقم ${orderId}`, 'نقوم بتجهيز طلبك الآن.']
      : [`Order ${orderId} confirmed`, 'We are preparing your order now.'],
    shipped: ar
      ? [`تم شحن طلبك رقم ${orderId}`, 'طلبك في الطريق إليك. اضغط لتتبع الشحنة.']
      : [`Order ${orderId} has shipped`, 'Your order is on its way. Tap to track it.'],
    out_for_delivery: ar
      ? [`طلبك رقم ${orderId} في الطريق إليك اليوم`, 'المندوب في طريقه إليك. أبقِ جوالك قريباً منك.']
      : [`Order ${orderId} is out for delivery`, 'The courier is on the way today. Keep your phone close.'],
    delivered: ar
      ? [`تم توصيل طلبك رقم ${orderId}`, 'نتمنى أن ينال إعجابك!']
      : [`Order ${orderId} was delivered`, 'We hope you enjoy it!'],
    cancelled: ar
      ? [`تم إلغاء طلبك رقم ${orderId}`, 'اضغط لمعرفة التفاصيل.']
      : [`Order ${orderId} was cancelled`, 'Tap to see the details.'],
    delivery_failed: ar
      ? [`تعذّر توصيل طلبك رقم ${orderId}`, 'اختر يوماً آخر أو صحّح عنوانك من صفحة الطلب.']
      : [`We could not deliver order ${orderId}`, 'Choose another day or correct your address on the order page.'],
    returned: ar
      ? [`عاد طلبك رقم ${orderId} إلينا`, 'ألغينا الطلب وسنرد ما دفعته. اضغط لمعرفة التفاصيل.']
      : [`Order ${orderId} came back to us`, 'We cancelled it and refund what you paid. Tap to see the details.'],
  };
  const text = texts[kind];
  if (!text) return null;
  return { title: text[0], body: text[1], url: `/profile/orders?id=${orderId}`, tag: `order-${orderId}` };
}

/** Blood-test results approved: no name, no marker, no value — only that they are ready. */
export function resultsReadyPush(lang: Lang, orderId: number): PushText {
  return lang === 'ar'
    ? {
        title: 'نتائجك جاهزة',
        body: 'سجّل الدخول لعرض نتائج تحاليلك.',
        url: `/profile/blood-tests/ordered?id=${orderId}`,
        tag: `results-${orderId}`,
      }
    : {
        title: 'Your results are ready',
        body: 'Sign in to see your blood test results.',
        url: `/profile/blood-tests/ordered?id=${orderId}`,
        tag: `results-${orderId}`,
      };
}

/** A subscription's order is placed in a few days: what and when, nothing more. */
export function subscriptionReminderPush(lang: Lang, productName: string, orderDate: string): PushText {
  return lang === 'ar'
    ? {
        title: 'طلب اشتراكك القادم بعد أيام',
        body: `${productName}: سنضع الطلب يوم ${orderDate}. اضغط لتخطيه أو تغييره.`,
        url: '/profile/subscriptions',
        tag: 'subscription-reminder',
      }
    : {
        title: 'Your next subscription order is coming up',
        body: `${productName}: we place the order on ${orderDate}. Tap to skip or change it.`,
        url: '/profile/subscriptions',
        tag: 'subscription-reminder',
      };
}

/** A product bought once should be running out: reorder from the order page. */
export function refillPush(lang: Lang, productName: string, orderId: number): PushText {
  return lang === 'ar'
    ? {
        title: 'هل قارب مكمّلك على النفاد؟',
        body: `${productName}: أعد الطلب بلمسة واحدة.`,
        url: `/profile/orders?id=${orderId}#reorder`,
        tag: `refill-${orderId}`,
      }
    : {
        title: 'Running low?',
        body: `${productName}: reorder in one tap.`,
        url: `/profile/orders?id=${orderId}#reorder`,
        tag: `refill-${orderId}`,
      };
}
