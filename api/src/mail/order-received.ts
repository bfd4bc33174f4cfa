// "Order received" (decision 85): the one mail an order sends to an address nobody proved yet. Anyone can
// type any address into a checkout or a sign-up, so it carries only what the shop itself wrote: the
// order's number, its total, a link to see it, and the link that proves the address. No gift message, no
// recipient's or buyer's name, no address: nothing a stranger typed. Once the address is proven, the
// order mails that follow are the usual ones.
import type { CountryCode } from '#shared/countries';
import type { CurrencyCode, Lang } from '#shared/locale';
import { formatMinor } from '#shared/money';

export interface ReceivedOrder {
  id: number;
  total: number;
  currency: string;
  country: CountryCode;
  /** The order's page (an account's) or its unguessable link (a guest's). */
  orderUrl: string;
  /** The link that proves the address; null where none can be made (then the mail says so). */
  proveUrl: string | null;
}

export function orderReceivedMail(lang: Lang, o: ReceivedOrder): { subject: string; text: string } {
  const total = formatMinor(o.total, o.currency as CurrencyCode, lang, o.country);
  if (lang === 'ar') {
    const prove = o.proveUrl
      ? `لتصلك تفاصيل طلباتك وتحديثاتها على هذا البريد، أكّد أنه بريدك بفتح هذا الرابط:\n${o.proveUrl}`
      : 'لم يُؤكَّد هذا البريد بعد، لذلك لن نرسل إليه تفاصيل الطلب.';
    return {
      subject: `استلمنا الطلب رقم ${o.id} – خليج الفيتامينات`,
      text: `استلمنا طلباً باستخدام هذا البريد الإلكتروني.\n\nرقم الطلب: ${o.id}\nالإجمالي: ${total}\nعرض الطلب: ${o.orderUrl}\n\n${prove}\n\nإذا لم تطلب شيئاً، تجاهل هذه الرسالة ولن نرسل إليك غيرها.`,
    };
  }
  const prove = o.proveUrl
    ? `To get your orders' details and updates at this address, confirm it is yours by opening this link:\n${o.proveUrl}`
    : 'This address is not confirmed yet, so the order details are not sent to it.';
  return {
    subject: `Order ${o.id} received – Gulf Vitamins`,
    text: `We received an order placed with this e-mail address.\n\nOrder number: ${o.id}\nTotal: ${total}\nSee the order: ${o.orderUrl}\n\n${prove}\n\nIf you did not order anything, ignore this message and we will not write again.`,
  };
}
