// The cart's subtotal as the shopper pays it: each unit price made payable (their currency, VAT
// included, rounded once) times its count, exactly as the cart lines and the server's order lines
// add up. The free-delivery banner, prompt and unlock modal compare it with the payable threshold.
import { payableMinor, type CurrencyInfo } from '#shared/money';
import type { CartEntry } from './cart-store';
import { buyableEntries } from './cart-sync';

export function cartPayableMinor(items: Record<string, CartEntry>, info: CurrencyInfo): number {
  return buyableEntries(items).reduce((sum, e) => sum + payableMinor(e.sku.price.price, info) * e.count, 0);
}

/**
 * The spec's "+ 2" of the unlock limit is 2 KD, the shop's base currency, like its 'Under KD 25':
 * read as SAR 2 it found nothing in Saudi Arabia (SAR 15 while the cheapest item costs more).
 */
export const UNLOCK_EXTRA_FILS = 2_000;

/**
 * The unlock modal's price limit, ceil(remaining + 2 KD), in major units of what the shopper pays:
 * both parts in payable minor units of their currency (VAT included), then one ceiling.
 */
export function unlockPriceLimit(remainingMinor: number, info: CurrencyInfo): number {
  const minor = Math.max(0, remainingMinor) + payableMinor(UNLOCK_EXTRA_FILS, info);
  const scale = 10 ** info.decimals;
  return Math.floor((minor + scale - 1) / scale);
}
