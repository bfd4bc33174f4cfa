// Alert mails and pushes in the shopper's language, prices in their country's currency (VAT included
// where there is VAT: what the shop shows them). Each mail ends with its one-click unsubscribe link.
import type { Lang } from '#shared/locale';
import type { AlertPush } from './push-port';

export interface AlertText {
  /** Product and size names in the shopper's language. */
  product: string;
  sku: string;
  /** Formatted in the shopper's currency. */
  price: string;
  /** The price the shopper knew (price drops): when added to the list, or the last alert's. */
  was?: string;
  /** The product page, language-prefixed, absolute. */
  link: string;
  /** The storefront's unsubscribe page for this alert, absolute. */
  unsubscribe: string;
}

export function backInStockMail(lang: Lang, a: AlertText): { subject: string; text: string } {
  return lang === 'ar'
    ? {
        subject: `عاد إلى المخزون: ${a.product} – خليج الفيتامينات`,
        text: `خبر سار: ${a.product} (${a.sku}) متوفر الآن من جديد بسعر ${a.price}.\n\nاطلبه قبل أن تنفد الكمية:\n${a.link}\n\nتصلك هذه الرسالة لأنك طلبت إشعارك عند توفر المنتج. لإيقاف هذا التنبيه بنقرة واحدة:\n${a.unsubscribe}`,
      }
    : {
        subject: `Back in stock: ${a.product} – Gulf Vitamins`,
        text: `Good news: ${a.product} (${a.sku}) is back in stock at ${a.price}.\n\nOrder it before it runs out again:\n${a.link}\n\nYou are receiving this because you asked to hear when it was available. Stop this alert with one click:\n${a.unsubscribe}`,
      };
}

export function priceDropMail(lang: Lang, a: AlertText): { subject: string; text: string } {
  return lang === 'ar'
    ? {
        subject: `انخفض السعر: ${a.product} – خليج الفيتامينات`,
        text: `انخفض سعر ${a.product} (${a.sku}) في قائمة أمنياتك إلى ${a.price} (كان ${a.was}).\n\nاطّلع عليه هنا:\n${a.link}\n\nتصلك هذه الرسالة لأنك فعّلت تنبيه انخفاض السعر لهذا المنتج. لإيقاف هذا التنبيه بنقرة واحدة:\n${a.unsubscribe}`,
      }
    : {
        subject: `Price drop: ${a.product} – Gulf Vitamins`,
        text: `${a.product} (${a.sku}) on your wishlist now costs ${a.price} (was ${a.was}).\n\nSee it here:\n${a.link}\n\nYou are receiving this because you turned on a price-drop alert for it. Stop this alert with one click:\n${a.unsubscribe}`,
      };
}

export function backInStockPush(lang: Lang, a: Omit<AlertText, 'unsubscribe'>, tag: string): AlertPush {
  return lang === 'ar'
    ? { title: 'عاد إلى المخزون', body: `${a.product} (${a.sku}) متوفر الآن بسعر ${a.price}`, url: a.link, tag }
    : { title: 'Back in stock', body: `${a.product} (${a.sku}) is available again at ${a.price}`, url: a.link, tag };
}

export function priceDropPush(lang: Lang, a: Omit<AlertText, 'unsubscribe'>, tag: string): AlertPush {
  return lang === 'ar'
    ? { title: 'انخفض السعر', body: `${a.product} (${a.sku}) الآن ${a.price} (كان ${a.was})`, url: a.link, tag }
    : { title: 'Price drop', body: `${a.product} (${a.sku}) is now ${a.price} (was ${a.was})`, url: a.link, tag };
}
