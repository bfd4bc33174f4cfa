// Mails about subscriptions and refills, in the shopper's language: the reminder before a
// subscription's order, the order that could not be placed or paid (and how to fix it), and the
// refill reminder for a product bought once.
import { localizePath, type CountryCode, type Lang } from '#shared/locale';
import { formatDate } from '#shared/text/dates';
import type { RunFailure } from '#shared/subscriptions/types';
import { textsOf } from '#shared/i18n/entry-text';
import { subscriptionsAr } from '#shared/i18n/subscriptions.ar';
import { subscriptionsEn } from '#shared/i18n/subscriptions.en';

const subscriptionText = textsOf(subscriptionsEn, subscriptionsAr);

const dayOf = (date: string, lang: Lang, country: CountryCode) =>
  formatDate(Date.parse(`${date}T09:00:00Z`), lang, country, { hijri: true });

const FAILURE: Record<RunFailure, Record<Lang, string>> = {
  out_of_stock: {
    en: 'the product is out of stock in the quantity you subscribed to',
    ar: 'المنتج غير متوفر بالكمية التي اشتركت بها',
  },
  unavailable: { en: 'the product is no longer sold', ar: 'المنتج لم يعد متاحًا للبيع' },
  card_declined: { en: 'your card was declined', ar: 'رُفضت بطاقتك' },
  payment_unconfirmed: {
    en: 'the payment with your saved card could not be confirmed',
    ar: 'تعذّر تأكيد الدفع ببطاقتك المحفوظة',
  },
  no_card: { en: 'there is no saved card to charge', ar: 'لا توجد بطاقة محفوظة للدفع' },
  wallet_insufficient: { en: 'your wallet balance is not enough', ar: 'رصيد محفظتك لا يكفي' },
  address_gone: { en: 'the delivery address was removed', ar: 'حُذف عنوان التوصيل' },
};

const failureText = (failure: RunFailure, lang: Lang) => FAILURE[failure][lang];

export function subscriptionReminderMail(
  lang: Lang,
  r: { productName: string; count: number; delivery: string; orderDate: string; total: string; country: CountryCode },
  siteOrigin: string,
): { subject: string; text: string } {
  const link = `${siteOrigin}${localizePath('/profile/subscriptions', lang)}`;
  const orderDay = dayOf(r.orderDate, lang, r.country);
  const delivery = dayOf(r.delivery, lang, r.country);
  return lang === 'ar'
    ? {
        subject: 'طلب اشتراكك القادم بعد ثلاثة أيام – خليج الفيتامينات',
        text: `سنضع طلب اشتراكك في «${r.productName}» (الكمية ${r.count}) يوم ${orderDay} ليصلك نحو ${delivery}، بمبلغ ${r.total}.\n\nيمكنك تخطي هذه المرة أو تغيير الموعد أو الكمية أو العنوان أو الإلغاء من صفحة اشتراكاتك:\n\n${link}`,
      }
    : {
        subject: 'Your next subscription order is in three days – Gulf Vitamins',
        text: `We will place your subscription order of “${r.productName}” (quantity ${r.count}) on ${orderDay}, to reach you around ${delivery}, for ${r.total}.\n\nSkip this one, change the date, quantity or address, or cancel, from your subscriptions page:\n\n${link}`,
      };
}

export function subscriptionFailedMail(
  lang: Lang,
  r: { productName: string; failure: RunFailure; orderId: number | null },
  siteOrigin: string,
): { subject: string; text: string } {
  const link = r.orderId
    ? `${siteOrigin}${localizePath(`/profile/orders?id=${r.orderId}`, lang)}`
    : `${siteOrigin}${localizePath('/profile/subscriptions', lang)}`;
  const why = failureText(r.failure, lang);
  return lang === 'ar'
    ? {
        subject: 'تعذّر تجهيز طلب اشتراكك – خليج الفيتامينات',
        text: `لم نتمكن من تجهيز طلب اشتراكك في «${r.productName}» لأن ${why}.\n\n${r.orderId ? 'يمكنك الدفع بطريقة أخرى من صفحة الطلب:' : 'يمكنك إصلاح ذلك وإعادة المحاولة من صفحة اشتراكاتك:'}\n\n${link}\n\nلم يُخصم أي مبلغ.`,
      }
    : {
        subject: 'We could not place your subscription order – Gulf Vitamins',
        text: `We could not place your subscription order of “${r.productName}” because ${why}.\n\n${r.orderId ? 'You can pay another way from the order page:' : 'You can fix it and try again from your subscriptions page:'}\n\n${link}\n\nNothing was charged.`,
      };
}

export function refillReminderMail(
  lang: Lang,
  r: { productName: string; orderId: number; days: number },
  siteOrigin: string,
): { subject: string; text: string } {
  const link = `${siteOrigin}${localizePath(`/profile/orders?id=${r.orderId}`, lang)}#reorder`;
  return lang === 'ar'
    ? {
        subject: `هل قارب «${r.productName}» على النفاد؟ – خليج الفيتامينات`,
        text: `اشتريت «${r.productName}» ${subscriptionText('ar', 'refill_bought_ago', { count: r.days })}، وبحسب الجرعة المكتوبة على العبوة قد ينفد قريبًا.\n\nأعد الطلب بلمسة واحدة:\n\n${link}\n\nأو اشترك ووفّر لتصلك العبوة التالية في موعدها. هذه رسالة واحدة عن هذا الطلب.`,
      }
    : {
        subject: `Running low on “${r.productName}”? – Gulf Vitamins`,
        text: `You bought “${r.productName}” ${subscriptionText('en', 'refill_bought_ago', { count: r.days })}; at the dose on its label it will run out soon.\n\nReorder in one tap:\n\n${link}\n\nOr subscribe and save, and the next pack arrives on time. This is the only reminder about this order.`,
      };
}
