// A cart line's subscribe-and-save choice (decision 45): kept on the line, so the cart, the review step
// and the order send it; out of the cart store, which every page's first JavaScript carries.
import { type Frequency, isFrequency } from '#shared/subscriptions/frequency';
import { cart } from '../cart/cart-store';

/** Sets or clears (null: one delivery) the frequency of the SKU's line, when the cart has it. */
export function setLineEvery(skuId: number, every: Frequency | null): void {
  const entry = cart.items[String(skuId)];
  if (!entry) return;
  if (every && isFrequency(every)) entry.every = every;
  else delete entry.every;
}
