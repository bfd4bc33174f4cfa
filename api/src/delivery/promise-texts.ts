// The promise's sentences as the API writes them into its answers (issue 73): "Order by 2:00 PM",
// "Orders after that arrive Sun, Nov 29.", "Delivery KWD 1.000". From the orders dictionaries, so the
// cart and checkout, which have those texts, and the product page, which prints what it is given (its
// first JavaScript carries no text or code for them), say the same thing.
import { ordersAr } from '#shared/i18n/orders.ar';
import { ordersEn } from '#shared/i18n/orders.en';
import type { Lang } from '#shared/locale';

type Key = 'delivery_order_by' | 'delivery_order_by_day' | 'delivery_then' | 'delivery_fee' | 'delivery_fee_free';

const fill = (template: string, params: Record<string, string>) =>
  template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => params[name] ?? '');

export function promiseText(lang: Lang, key: Key, params: Record<string, string> = {}): string {
  return fill((lang === 'ar' ? ordersAr : ordersEn)[key], params);
}
