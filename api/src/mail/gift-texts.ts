// The gift paragraph of the buyer's order confirmation (decision 34): who receives it, on which day,
// and the message as it will be printed on the packing slip (which never shows prices).
import type { OrderGift } from '#shared/api/gift-schemas';
import type { CountryCode, Lang } from '#shared/locale';
import { formatGiftDate } from '#shared/orders/gift-dates';

function giftNote(lang: Lang, country: CountryCode, gift: OrderGift): string {
  const day = gift.delivery_date ? formatGiftDate(gift.delivery_date, lang, country) : null;
  if (lang === 'ar') {
    return [
      `هدية إلى: ${gift.recipient} (${gift.phone})`,
      day ? `موعد التوصيل المطلوب: ${day}` : 'التوصيل: في أقرب وقت ممكن',
      gift.message ? `رسالتك: ${gift.message}` : '',
      'لن تظهر الأسعار في قسيمة التغليف المرسلة مع الهدية. تبقى الفاتورة والدفع لك.',
    ]
      .filter(Boolean)
      .join('\n');
  }
  return [
    `A gift for: ${gift.recipient} (${gift.phone})`,
    day ? `Requested delivery day: ${day}` : 'Delivery: as soon as possible',
    gift.message ? `Your message: ${gift.message}` : '',
    'The packing slip sent with the gift shows no prices. The invoice and the payment stay with you.',
  ]
    .filter(Boolean)
    .join('\n');
}

/** The mail with its gift paragraph after the greeting's first paragraph. */
export function withGiftNote(
  lang: Lang,
  country: CountryCode,
  gift: OrderGift,
  mail: { subject: string; text: string },
): { subject: string; text: string } {
  const [first, ...rest] = mail.text.split('\n\n');
  return { ...mail, text: [first, giftNote(lang, country, gift), ...rest].join('\n\n') };
}
