// Mails about what a shopper wrote or bought, in her language: the shop's decision on her review,
// question or answer (with the reason she reads when it is not shown), and the request for a review
// some days after delivery.
import { localizePath, type Lang } from '#shared/locale';

import type { WrittenKind } from '#shared/reviews/types';

export type { WrittenKind };

const NOUN: Record<WrittenKind, Record<Lang, string>> = {
  review: { en: 'review', ar: 'تقييمك' },
  question: { en: 'question', ar: 'سؤالك' },
  answer: { en: 'answer', ar: 'إجابتك' },
  rating: { en: 'rating', ar: 'تقييمك' },
};

export function decisionMail(
  lang: Lang,
  d: { kind: WrittenKind; approved: boolean; reason: string; productName: string; productSlug: string },
  siteOrigin: string,
): { subject: string; text: string } {
  // A consultation's rating is about the nutritionist: the link is their page.
  const link =
    d.kind === 'rating'
      ? `${siteOrigin}${localizePath(`/nutritionists/${d.productSlug}`, lang)}`
      : `${siteOrigin}${localizePath(`/products/${d.productSlug}`, lang)}#reviews`;
  const noun = NOUN[d.kind][lang];
  if (lang === 'ar') {
    return d.approved
      ? {
          subject: `نُشر ${noun} – خليج الفيتامينات`,
          text: `شكرًا لك. نُشر ${noun} عن «${d.productName}» ويراه المتسوقون الآن:\n\n${link}`,
        }
      : {
          subject: `لم يُنشر ${noun} – خليج الفيتامينات`,
          text: `شكرًا لمشاركتك. لم يُنشر ${noun} عن «${d.productName}» للسبب التالي:\n\n${d.reason}\n\nيمكنك تعديله وإرساله من جديد من صفحة المنتج:\n\n${link}`,
        };
  }
  return d.approved
    ? {
        subject: `Your ${noun} is live – Gulf Vitamins`,
        text: `Thank you. Your ${noun} of “${d.productName}” is now shown to shoppers:\n\n${link}`,
      }
    : {
        subject: `Your ${noun} was not published – Gulf Vitamins`,
        text: `Thank you for writing. Your ${noun} of “${d.productName}” was not published, for this reason:\n\n${d.reason}\n\nYou can change it and send it again from the product page:\n\n${link}`,
      };
}

export function reviewRequestMail(
  lang: Lang,
  r: { orderId: number; products: Array<{ name: string; slug: string }> },
  siteOrigin: string,
): { subject: string; text: string } {
  const lines = r.products
    .map((p) => `• ${p.name}\n  ${siteOrigin}${localizePath(`/products/${p.slug}`, lang)}#write-review`)
    .join('\n');
  return lang === 'ar'
    ? {
        subject: 'كيف وجدت مشترياتك؟ – خليج الفيتامينات',
        text: `وصلك الطلب رقم ${r.orderId}. رأيك يساعد غيرك على الاختيار: قيّم ما اشتريته بنجمة إلى خمس نجوم واكتب تجربتك.\n\n${lines}\n\nلن نسألك عن هذا الطلب مرة أخرى.`,
      }
    : {
        subject: 'How are you finding your order? – Gulf Vitamins',
        text: `Order ${r.orderId} reached you. Your opinion helps other shoppers choose: rate what you bought from one to five stars and tell us how it went.\n\n${lines}\n\nWe will not ask about this order again.`,
      };
}
