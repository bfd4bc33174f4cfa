// The shop's copy of the cart, for its reminders (issue 64): the lines as SKU ids and counts, sent when
// the cart changes for a signed-in shopper, or for a guest once she gave her e-mail at checkout. The
// shop asks for nothing else: names, prices and stock are read again when a reminder goes.
import type { ApiClient } from '#shared/api/client';
import { SAVED_CART_MAX_LINES } from '#shared/api/cart-reminder-schemas';
import { cart } from './cart-store';

export function cartLines(): Array<{ sku_id: number; count: number }> {
  return Object.values(cart.items)
    .map((e) => ({ sku_id: e.sku.id, count: e.count }))
    .slice(0, SAVED_CART_MAX_LINES);
}

/** Sends the cart as it is now; a failure is only logged (spec §9: cart sync failures are logged). */
export function keepCartNow(api: ApiClient, guestEmail?: string): Promise<void> {
  return api
    .post('/cart/saved', { items: cartLines(), ...(guestEmail ? { guest_email: guestEmail } : {}) })
    .then(() => undefined)
    .catch((error: unknown) => console.warn('cart keeping failed', error));
}
