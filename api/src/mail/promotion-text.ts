// Why a promotion applied, as text in a language (the confirmation mail; decision 33): the reason's
// entry of the orders dictionaries, its plural form picked by `count`, money formatted by the caller.
import { ordersAr } from '#shared/i18n/orders.ar';
import { ordersEn } from '#shared/i18n/orders.en';
import { isPlural, pluralCategoryOf, type Plural } from '#shared/i18n/plural';
import type { Lang } from '#shared/locale';
import type { OrderPromotionView, PromotionReason } from '#shared/orders/promotions';

export function promotionReasonText(lang: Lang, reason: PromotionReason, money: (minor: number) => string): string {
  const entry: string | Plural = (lang === 'ar' ? ordersAr : ordersEn)[reason.key];
  const { amount, count, buy, free } = reason.params;
  const template: string = isPlural(entry)
    ? (entry[count === undefined ? 'other' : pluralCategoryOf(count, lang)] ?? entry.other)
    : entry;
  const values: Record<string, string> = {
    amount: amount === undefined ? '' : money(amount),
    count: count === undefined ? '' : String(count),
    buy: buy === undefined ? '' : String(buy),
    free: free === undefined ? '' : String(free),
  };
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => values[name] ?? '');
}

/** The mail's gift lines: each gift at zero price with why, and free units with their discount. */
export function promotionMailLines(
  lang: Lang,
  promotions: readonly OrderPromotionView[] | undefined,
  money: (minor: number) => string,
): string[] {
  const free = lang === 'ar' ? ordersAr.cart_gift_free : ordersEn.cart_gift_free;
  return (promotions ?? []).map((p) => {
    const why = promotionReasonText(lang, p.reason, money);
    return p.gift
      ? `- ${p.gift.name} (${p.gift.sku_name}) × ${p.gift.count}: ${free} (${why})`
      : `- ${p.name}: -${money(p.discount)} (${why})`;
  });
}
