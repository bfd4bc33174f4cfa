// Mail texts in the shopper's language.
import { pointsCount } from '#shared/loyalty/points-count';
import { localizePath, type CurrencyCode, type Lang } from '#shared/locale';
import type { TaxInvoice } from '#shared/invoice/tax-invoice';
import { formatMinor, formatPercent } from '#shared/money';
import { formatDate } from '#shared/text/dates';
import { invoiceHtml, invoiceText } from './tax-invoice';
import type { OrderGift } from '#shared/api/gift-schemas';
import { withGiftNote } from './gift-texts';
import type { OrderPromotionView } from '#shared/orders/promotions';
import { promotionMailLines } from './promotion-text';
import { arrivalText, dayText } from '#shared/delivery/day-text';
import type { DeliverySpeed } from '#shared/delivery/speeds';
import type { CountryCode } from '#shared/countries';

export function resetMail(lang: Lang, link: string): { subject: string; text: string } {
  return lang === 'ar'
    ? {
        subject: 'إعادة تعيين كلمة المرور – خليج الفيتامينات',
        text: `طلبتَ إعادة تعيين كلمة المرور. افتح هذا الرابط خلال ساعة واحدة لاختيار كلمة مرور جديدة:\n\n${link}\n\nإذا لم تطلب ذلك، تجاهل هذه الرسالة.`,
      }
    : {
        subject: 'Reset your password – Gulf Vitamins',
        text: `You asked to reset your password. Open this link within one hour to choose a new one:\n\n${link}\n\nIf you did not ask for this, ignore this message.`,
      };
}

interface MailOrder {
  id: number;
  /** A guest's order link, instead of the account's order page. */
  link_path?: string;
  status: string;
  country: CountryCode;
  currency: string;
  created_at: number;
  payment_method: string;
  items: Array<{ name: string; sku_name: string; count: number; line_total: number }>;
  /** Gift lines and free units (decision 33). */
  promotions?: OrderPromotionView[];
  totals: {
    subtotal: number;
    discount: number;
    /** Issue 47: a friend's discount and the points spent (0 without; absent on older callers). */
    referral_discount?: number;
    points_used?: number;
    points_discount?: number;
    delivery: number;
    vat: number;
    total: number;
    wallet_used: number;
    due: number;
  };
  vat_basis_points: number;
  tax_invoice: TaxInvoice | null;
  /** Sent as a gift (decision 34): the mail names the recipient and the day. */
  gift?: OrderGift | null;
  /** The speed and day promised when it was placed (decision 65): the mail says when it arrives (issue 73). */
  promise?: { speed: DeliverySpeed | null; date: string } | null;
}

function escHtml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Saudi orders: the tax invoice after the text, and an HTML part with its QR code (mail/tax-invoice.ts). */
function withInvoice(
  lang: Lang,
  order: MailOrder,
  mail: { subject: string; text: string },
): { subject: string; text: string; html?: string } {
  if (!order.tax_invoice) return mail;
  const text = `${mail.text}\n\n${invoiceText(lang, order)}`;
  const html = `<!doctype html><html lang="${lang}" dir="${lang === 'ar' ? 'rtl' : 'ltr'}"><body><pre style="font-family:inherit;white-space:pre-wrap">${escHtml(mail.text)}</pre>${invoiceHtml(lang, order)}</body></html>`;
  return { ...mail, text, html };
}

/** The order confirmation: what was ordered, the amounts, and what happens next. */
export function orderMail(
  lang: Lang,
  order: MailOrder,
  siteOrigin: string,
): { subject: string; text: string; html?: string } {
  const mail = orderMailText(lang, order, siteOrigin);
  return withInvoice(lang, order, order.gift ? withGiftNote(lang, order.country, order.gift, mail) : mail);
}

function orderMailText(lang: Lang, order: MailOrder, siteOrigin: string): { subject: string; text: string } {
  const money = (minor: number) => formatMinor(minor, order.currency as CurrencyCode, lang, order.country);
  const lines = [
    ...order.items.map((i) => `- ${i.name} (${i.sku_name}) × ${i.count}: ${money(i.line_total)}`),
    ...promotionMailLines(lang, order.promotions, money),
  ].join('\n');
  // A guest's mail links to the order through its own unguessable link; an account's to its order page.
  const link = `${siteOrigin}${order.link_path ?? localizePath(`/profile/orders?id=${order.id}`, lang)}`;
  const t = order.totals;
  const placed = formatDate(order.created_at, lang, order.country, { hijri: true });
  // When it arrives and at what speed, in the product page's words.
  const arrives = order.promise
    ? `${arrivalText(lang, order.promise.speed, dayText(order.promise.date, lang, order.country))}\n\n`
    : '';
  // Prices include VAT: the VAT line says how much of the total it is.
  const rate = formatPercent(order.vat_basis_points / 10_000, lang, order.country);
  if (lang === 'ar') {
    const rows = [
      `المجموع الفرعي: ${money(t.subtotal)}`,
      t.discount ? `الخصم: -${money(t.discount)}` : '',
      t.referral_discount ? `خصم الصديق: -${money(t.referral_discount)}` : '',
      t.points_discount ? `النقاط (${pointsCount(t.points_used ?? 0, lang)}): -${money(t.points_discount)}` : '',
      `التوصيل: ${t.delivery ? money(t.delivery) : 'مجاني'}`,
      `الإجمالي: ${money(t.total)}`,
      t.vat ? `يشمل ضريبة القيمة المضافة ${rate}: ${money(t.vat)}` : '',
      t.wallet_used ? `من المحفظة: ${money(t.wallet_used)}` : '',
    ]
      .filter(Boolean)
      .join('\n');
    const next = order.payment_method === 'cod' ? `ادفع ${money(t.due)} نقداً عند الاستلام.` : 'تم استلام الدفع.';
    return {
      subject: `تأكيد الطلب رقم ${order.id} – خليج الفيتامينات`,
      text: `شكراً لطلبك!\n\nتاريخ الطلب: ${placed}\n\n${arrives}${lines}\n\n${rows}\n\n${next} سنجهز طلبك ونرسل لك رسالة عند شحنه.\n\nتفاصيل الطلب: ${link}`,
    };
  }
  const rows = [
    `Subtotal: ${money(t.subtotal)}`,
    t.discount ? `Discount: -${money(t.discount)}` : '',
    t.referral_discount ? `Friend’s discount: -${money(t.referral_discount)}` : '',
    t.points_discount ? `Points (${pointsCount(t.points_used ?? 0, lang)}): -${money(t.points_discount)}` : '',
    `Delivery: ${t.delivery ? money(t.delivery) : 'free'}`,
    `Total: ${money(t.total)}`,
    t.vat ? `Includes VAT ${rate}: ${money(t.vat)}` : '',
    t.wallet_used ? `From your wallet: ${money(t.wallet_used)}` : '',
  ]
    .filter(Boolean)
    .join('\n');
  const next =
    order.payment_method === 'cod' ? `Pay ${money(t.due)} in cash when it arrives.` : 'Your payment has been received.';
  return {
    subject: `Order ${order.id} confirmed – Gulf Vitamins`,
    text: `Thank you for your order!\n\nOrder date: ${placed}\n\n${arrives}${lines}\n\n${rows}\n\n${next} We will prepare your order and write again when it ships.\n\nOrder details: ${link}`,
  };
}

/** To a new account whose address has guest orders: the link that proves the address. */
export function verifyOrdersMail(lang: Lang, link: string): { subject: string; text: string } {
  return lang === 'ar'
    ? {
        subject: 'أضف طلباتك السابقة إلى حسابك – خليج الفيتامينات',
        text: `أنشأت حساباً بعنوان بريد استُخدم سابقاً في طلبات بدون حساب. افتح هذا الرابط خلال يوم واحد لتأكيد بريدك وإضافة تلك الطلبات إلى حسابك:\n\n${link}\n\nإذا لم تنشئ هذا الحساب، تجاهل هذه الرسالة.`,
      }
    : {
        subject: 'Add your earlier orders to your account – Gulf Vitamins',
        text: `You created an account with an address that was used for orders without an account. Open this link within one day to confirm your address and add those orders to your account:\n\n${link}\n\nIf you did not create this account, ignore this message.`,
      };
}

/** Decision 85: a new account's address is mailed only this link until it is opened (sign-up, or asked again). */
export function confirmSignUpMail(lang: Lang, link: string): { subject: string; text: string } {
  return lang === 'ar'
    ? {
        subject: 'أكّد بريدك الإلكتروني – خليج الفيتامينات',
        text: `أنشأت حساباً في خليج الفيتامينات بهذا البريد. افتح هذا الرابط خلال يوم واحد لتأكيد أنه بريدك، لتصلك تفاصيل طلباتك وتحديثاتها والتذكيرات:\n\n${link}\n\nإذا لم تنشئ هذا الحساب، تجاهل هذه الرسالة ولن نرسل إليك غيرها.`,
      }
    : {
        subject: 'Confirm your e-mail – Gulf Vitamins',
        text: `You created a Gulf Vitamins account with this address. Open this link within one day to confirm it is yours, so your order details, updates and reminders can reach you:\n\n${link}\n\nIf you did not create this account, ignore this message and we will not write again.`,
      };
}

/** An account made with a phone adds an e-mail: it becomes the account's once this link is opened. */
export function confirmAddedEmailMail(lang: Lang, link: string): { subject: string; text: string } {
  return lang === 'ar'
    ? {
        subject: 'أكّد بريدك الإلكتروني – خليج الفيتامينات',
        text: `أضفت هذا البريد إلى حسابك في خليج الفيتامينات. افتح هذا الرابط خلال يوم واحد لتأكيده:\n\n${link}\n\nإذا لم تفعل ذلك، تجاهل هذه الرسالة ولن يُضاف البريد.`,
      }
    : {
        subject: 'Confirm your e-mail – Gulf Vitamins',
        text: `You added this address to your Gulf Vitamins account. Open this link within one day to confirm it:\n\n${link}\n\nIf you did not, ignore this message and the address will not be added.`,
      };
}

/** A new staff member's invitation to the back office, in the language the owner chose. */
export function staffInvitationMail(lang: Lang, name: string, link: string): { subject: string; text: string } {
  return lang === 'ar'
    ? {
        subject: 'دعوة إلى لوحة إدارة خليج الفيتامينات',
        text: `مرحبًا ${name}،\n\nأُضفتَ إلى فريق عمل خليج الفيتامينات. افتح هذا الرابط خلال 72 ساعة لاختيار كلمة المرور وربط تطبيق المصادقة:\n\n${link}\n\nإذا لم تكن تتوقع هذه الدعوة، تجاهل هذه الرسالة.`,
      }
    : {
        subject: 'Your invitation to the Gulf Vitamins back office',
        text: `Hello ${name},\n\nYou have been added to the Gulf Vitamins staff. Open this link within 72 hours to choose your password and set up your authenticator app:\n\n${link}\n\nIf you did not expect this invitation, ignore this message.`,
      };
}
