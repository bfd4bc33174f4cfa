// What a cart reminder says, in the cart's language: the mail (what is waiting, the link that brings it
// back, the link that stops these mails), the WhatsApp template's text and the web push. The second
// step is gentler than the first and says when the link stops working.
import type { CountryCode, Lang } from '#shared/locale';
import { formatPercent } from '#shared/money';
import { formatDate } from '#shared/text/dates';
import { textsOf } from '#shared/i18n/entry-text';
import { ordersAr } from '#shared/i18n/orders.ar';
import { ordersEn } from '#shared/i18n/orders.en';
import { CART_LINK_DAYS } from './saved';

const orderText = textsOf(ordersEn, ordersAr);

export interface ReminderLine {
  name: string;
  count: number;
}

/** "Vitamin C 1000 mg × 2", up to four lines, then how many more (the orders dictionary's plural entry). */
function linesText(lines: ReminderLine[], lang: Lang): string {
  const shown = lines.slice(0, 4).map((l) => (l.count > 1 ? `${l.name} × ${l.count}` : l.name));
  const more = lines.length - shown.length;
  if (more > 0) shown.push(orderText(lang, 'cart_reminder_more', { count: more }));
  return shown.map((l) => `• ${l}`).join('\n');
}

export function reminderMail(o: {
  lang: Lang;
  country: CountryCode;
  step: number;
  lines: ReminderLine[];
  restoreUrl: string;
  stopUrl: string;
  incentive: { code: string; basisPoints: number; endsAt: number } | null;
}): { subject: string; text: string } {
  const list = linesText(o.lines, o.lang);
  const offer = o.incentive ? incentiveText(o.incentive, o.lang, o.country) : null;
  if (o.lang === 'ar')
    return {
      subject: o.step === 1 ? 'سلتك بانتظارك في خليج الفيتامينات' : 'ما زالت سلتك محفوظة لك',
      text: [
        o.step === 1 ? 'تركت هذه المنتجات في سلتك:' : 'ما زالت هذه المنتجات في سلتك:',
        list,
        '',
        ...(offer ? [offer] : []),
        `أكمل طلبك من أي جهاز بهذا الرابط: ${o.restoreUrl}`,
        `يبقى الرابط صالحًا ${CART_LINK_DAYS} يومًا ما لم تتغيّر سلتك.`,
        '',
        `لإيقاف رسائل التذكير بالسلة: ${o.stopUrl}`,
      ].join('\n'),
    };
  return {
    subject: o.step === 1 ? 'Your cart is waiting at Gulf Vitamins' : 'Your cart is still saved for you',
    text: [
      o.step === 1 ? 'You left these in your cart:' : 'These are still in your cart:',
      list,
      '',
      ...(offer ? [offer] : []),
      `Finish your order on any device with this link: ${o.restoreUrl}`,
      `The link works for ${CART_LINK_DAYS} days, as long as your cart does not change.`,
      '',
      `Stop cart reminder mails: ${o.stopUrl}`,
    ].join('\n'),
  };
}

/** The WhatsApp text (the template's parameters are the first line's name and how many lines). */
export function reminderWhatsAppText(o: {
  lang: Lang;
  lines: ReminderLine[];
  restoreUrl: string;
  stopUrl: string;
}): string {
  return o.lang === 'ar'
    ? `خليج الفيتامينات: سلتك بانتظارك.\n${linesText(o.lines, 'ar')}\nأكمل طلبك: ${o.restoreUrl}\nلإيقاف تحديثات واتساب: ${o.stopUrl}`
    : `Gulf Vitamins: your cart is waiting.\n${linesText(o.lines, 'en')}\nFinish your order: ${o.restoreUrl}\nStop WhatsApp updates: ${o.stopUrl}`;
}

export function reminderPush(lang: Lang, lines: ReminderLine[]): { title: string; body: string } {
  const first = lines[0]?.name ?? '';
  const others = lines.length - 1;
  const body = others > 0 ? `${first} ${orderText(lang, 'cart_reminder_more', { count: others })}` : first;
  return { title: lang === 'ar' ? 'سلتك بانتظارك' : 'Your cart is waiting', body };
}

/** The code's line: how much off, the code, until when; for her alone. */
function incentiveText(
  i: { code: string; basisPoints: number; endsAt: number },
  lang: Lang,
  country: CountryCode,
): string {
  const off = formatPercent(i.basisPoints / 10_000, lang, country);
  const until = formatDate(i.endsAt, lang, country);
  return lang === 'ar'
    ? `هدية منا: خصم ${off} على هذه السلة بالرمز ${i.code} حتى ${until}. الرمز لك وحدك ويُستخدم مرة واحدة.`
    : `A little thank-you: ${off} off this cart with the code ${i.code}, until ${until}. The code is yours alone, for one order.`;
}
