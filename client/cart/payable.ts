// The cart's subtotal as the shopper pays it: each unit price made payable (their currency, VAT
// included, rounded once) times its count, exactly as the cart lines and the server's order lines
// add up. The free-delivery banner, prompt and unlock modal compare it with the country's own threshold,
// in the same currency (decision 52); the unlock modal's limit is shared/country-amounts.ts's.
import { payableMinor, type CurrencyInfo } from '#shared/money';
import type { CartEntry } from './cart-store';
import { buyableEntries } from './cart-sync';

export function cartPayableMinor(items: Record<string, CartEntry>, info: CurrencyInfo): number {
  return buyableEntries(items).reduce((sum, e) => sum + payableMinor(e.sku.price.price, info) * e.count, 0);
}
