// Keeps the shop's copy of the cart in step with the browser's (issue 64, decision 72): a second and a
// half after the last change, and once when a shopper with a cart signs in. A guest's cart is kept only
// after she gave her e-mail at checkout (the checkout store holds it). No call while nothing changes,
// so a page view costs no request.
import { useContext, useEffect, useRef } from 'react';
import { subscribe, useSnapshot } from 'valtio';
import { ApiContext } from '../providers';
import { useSessionStore } from '../stores/session';
import type { ApiClient } from '#shared/api/client';
import { SAVED_CART_MAX_LINES } from '#shared/carts/saved-cart';
import { cart } from './cart-store';

const QUIET_MS = 1_500;

/** The lines as the shop keeps them: SKU ids and counts (names, prices and stock are read again when a reminder goes). */
function cartLines(): Array<{ sku_id: number; count: number }> {
  return Object.values(cart.items)
    .map((e) => ({ sku_id: e.sku.id, count: e.count }))
    .slice(0, SAVED_CART_MAX_LINES);
}

/** Sends the cart as it is now; a failure is only logged (spec §9: cart sync failures are logged). */
function keepCartNow(api: ApiClient, guestEmail?: string): Promise<void> {
  return api
    .post('/cart/saved', { items: cartLines(), ...(guestEmail ? { guest_email: guestEmail } : {}) })
    .then(() => undefined)
    .catch((error: unknown) => console.warn('cart keeping failed', error));
}

export function CartKeeper() {
  const api = useContext(ApiContext)!;
  const { user } = useSnapshot(useSessionStore());
  const signedIn = user !== null;
  const wasSignedIn = useRef(signedIn);
  const sent = useRef(JSON.stringify(cartLines()));

  useEffect(() => {
    const keep = (guestEmail?: string) => {
      const now = JSON.stringify(cartLines());
      if (now === sent.current) return;
      sent.current = now;
      void keepCartNow(api, guestEmail);
    };
    // A guest's e-mail is the checkout store's: its code loads only for a guest whose cart changed.
    const send = () => {
      if (signedIn) keep();
      else
        void import('../stores/checkout').then(({ storedCheckoutEmail }) => {
          const guestEmail = storedCheckoutEmail();
          if (guestEmail) keep(guestEmail);
        });
    };
    // She signed in on this page with a cart in hand: it is hers now.
    if (signedIn && !wasSignedIn.current && cartLines().length > 0) {
      sent.current = '';
      send();
    }
    // What she viewed as a guest joins her account (issue 64), and leaves this browser.
    if (signedIn && !wasSignedIn.current)
      void import('../catalogue/viewed-sync')
        .then(({ joinViewed }) => joinViewed(api))
        .catch((error: unknown) => console.warn('recently viewed not joined', error));
    wasSignedIn.current = signedIn;
    // The checkout's shipping step asks once a guest gave her e-mail (pages/checkout/shipping.tsx).
    const asked = () => send();
    addEventListener('shop:keep-cart', asked);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stop = subscribe(cart, () => {
      clearTimeout(timer);
      timer = setTimeout(send, QUIET_MS);
    });
    return () => {
      stop();
      clearTimeout(timer);
      removeEventListener('shop:keep-cart', asked);
    };
  }, [api, signedIn]);
  return null;
}
