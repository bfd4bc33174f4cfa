// What a cart reminder's link says once it brought the cart back (issue 73): a notice at the top of the
// cart page, in a live region the page holds from its first render (so the words are announced when they
// arrive, whichever of the empty and the filled cart is shown), until she leaves the page. Only the cart
// page loads it; the link's own code (restore-link.ts) still loads only when a link is opened.
import { useEffect } from 'react';
import { proxy, useSnapshot } from 'valtio';
import { useI18n } from '../i18n/context';

/** How many lines the last reminder link brought back on this page (null: none did). */
export const restoredCart = proxy({ lines: null as number | null });

export function RestoredNotice() {
  const { t } = useI18n();
  const { lines } = useSnapshot(restoredCart);
  // Leaving the page ends the notice: a later visit to the cart does not repeat it.
  useEffect(
    () => () => {
      restoredCart.lines = null;
    },
    [],
  );
  return (
    <div role="status" data-testid="cart-restored">
      {lines !== null && <p className="form-success">{t('cart_restored', { count: lines })}</p>}
    </div>
  );
}
