// The cart's subtotal as the shopper pays it: each unit price made payable (their currency, VAT
// included, rounded once) times its count, exactly as the cart lines and the server's order lines
// add up. The free-delivery banner, prompt and unlock modal compare it with the payable threshold.
import { payableMinor, type CurrencyInfo } from '../../shared/money';
import { buyableEntries, type CartEntry } from '../stores/cart';

export function cartPayableMinor(items: Record<string, CartEntry>, info: CurrencyInfo): number {
  return buyableEntries(items).reduce((sum, e) => sum + payableMinor(e.sku.price.price, info) * e.count, 0);
}

/** The unlock modal's price limit: ceil(remaining + 2) in major units of what the shopper pays. */
export function unlockPriceLimit(remainingMinor: number, decimals: number): number {
  // ceil(x + 2) = ceil(x) + 2: integers only, never a float sum.
  return Math.ceil(Math.max(0, remainingMinor) / 10 ** decimals) + 2;
}
