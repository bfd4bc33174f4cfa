// Texts to phones in the shopper's language. A WhatsApp message is an approved template (the same name
// in English and Arabic); the text here is that template filled in, which the SMS fallback sends and
// /dev/messages shows.
import type { Lang } from '#shared/locale';

/**
 * A one-time code. The WhatsApp template is an authentication template: Meta fixes its body ("{code}
 * is your verification code. For your security, do not share this code.") and its copy-code button.
 */
export function codeText(lang: Lang, code: string): string {
  return lang === 'ar'
    ? `${code} هو رمز التحقق في خليج الفيتامينات. صالح لمدة 5 دقائق. لا تشاركه مع أحد.`
    : `${code} is your Gulf Vitamins verification code. It works for 5 minutes. Do not share it.`;
}

/** Her data archive is ready (decision 49), to an account without e-mail: where to fetch it, and until when. */
export function exportReadyText(lang: Lang, link: string, until: string): string {
  return lang === 'ar'
    ? `خليج الفيتامينات: ملف بياناتك جاهز. سجّل الدخول وافتح صفحة حسابك لتنزيله حتى ${until}: ${link}`
    : `Gulf Vitamins: your data archive is ready. Sign in and download it from your account page until ${until}: ${link}`;
}

/** A blood test's results are approved, to an account without e-mail: where to read them. */
export function resultsReadyText(lang: Lang, id: number, link: string): string {
  return lang === 'ar'
    ? `خليج الفيتامينات: نتائج تحليلك رقم ${id} جاهزة. سجّل الدخول لقراءتها: ${link}`
    : `Gulf Vitamins: the results of your blood test no. ${id} are ready. Sign in to read them: ${link}`;
}

/**
 * Her order has shipped, to an account without e-mail (the success page's "we will write when it
 * ships"): the carrier, the tracking number and her order's page.
 */
export function orderShippedText(
  lang: Lang,
  o: { id: number; carrier: string; trackingNumber: string; link: string },
): string {
  return lang === 'ar'
    ? `خليج الفيتامينات: تم شحن طلبك رقم ${o.id} مع ${o.carrier}. رقم التتبع: ${o.trackingNumber}. تفاصيل الطلب: ${o.link}`
    : `Gulf Vitamins: order ${o.id} has shipped with ${o.carrier}. Tracking number: ${o.trackingNumber}. Your order: ${o.link}`;
}
