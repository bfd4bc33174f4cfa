// Keeps the shop's copy of the cart in step with the browser's (issue 64; keep-cart.ts): a second and a
// half after the last change, and once when a shopper with a cart signs in. A guest's cart is kept only
// after she gave her e-mail at checkout (the checkout store holds it). No call while nothing changes,
// so a page view costs no request.
import { useContext, useEffect, useRef } from 'react';
import { subscribe, useSnapshot } from 'valtio';
import { ApiContext } from '../providers';
import { useSessionStore } from '../stores/session';
import { storedCheckoutEmail } from '../stores/checkout';
import { cart } from './cart-store';
import { cartLines, keepCartNow } from './keep-cart';

const QUIET_MS = 1_500;

export function CartKeeper() {
  const api = useContext(ApiContext)!;
  const { user } = useSnapshot(useSessionStore());
  const signedIn = user !== null;
  const wasSignedIn = useRef(signedIn);
  const sent = useRef(JSON.stringify(cartLines()));

  useEffect(() => {
    const send = () => {
      const guestEmail = signedIn ? undefined : storedCheckoutEmail();
      if (!signedIn && !guestEmail) return;
      const now = JSON.stringify(cartLines());
      if (now === sent.current) return;
      sent.current = now;
      void keepCartNow(api, guestEmail);
    };
    // She signed in on this page with a cart in hand: it is hers now.
    if (signedIn && !wasSignedIn.current && cartLines().length > 0) {
      sent.current = '';
      send();
    }
    wasSignedIn.current = signedIn;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stop = subscribe(cart, () => {
      clearTimeout(timer);
      timer = setTimeout(send, QUIET_MS);
    });
    return () => {
      stop();
      clearTimeout(timer);
    };
  }, [api, signedIn]);
  return null;
}
