// A cart reminder's link, /cart?restore=… (issue 64): loaded by the cart page only when the link is
// opened. The cart's lines come back into this browser's cart (summed with what is there, within each
// SKU's limit) in the cart's own country, and the page says so (RestoredNotice, issue 73). Nothing of
// whose cart it was is shown; signed in to another account, or used, changed or old, the link says so
// (an error toast) and the cart stays as it was.
import type { ApiClient } from '#shared/api/client';
import { ApiFailure } from '#shared/api/client';
import type { CartSync } from '#shared/catalogue/product-responses';
import type { CountryCode } from '#shared/locale';
import type { SessionState } from '../stores/session';
import { switchCountry } from '../stores/switch-country';
import { toast } from '../stores/toasts';
import { addManyToCart, linesFromSync } from './cart-sync';
import { restoredCart } from './RestoredNotice';

/** The link's token: the cart's id and a signature (api/src/carts/saved.ts). */
const TOKEN = /^\d{1,15}\.[0-9a-f]{40}$/;

export async function restoreFromLink(api: ApiClient, session: SessionState, token: string): Promise<void> {
  if (!TOKEN.test(token)) {
    toast.apiError('cart_link_invalid');
    return;
  }
  try {
    const saved = await api.post<{ items: Array<{ sku_id: number; count: number }>; country: CountryCode }>(
      '/cart/restore',
      { token },
    );
    // The cart's own country and currency, as it was left.
    if (saved.data.country !== session.country) await switchCountry(session, saved.data.country);
    const fresh = await api.post<CartSync>('/product/sku', {
      ids: saved.data.items.map((i) => i.sku_id),
      exclude_purchase_together: true,
    });
    const counts = new Map(saved.data.items.map((i) => [i.sku_id, i.count]));
    const lines = linesFromSync(fresh.data.items, counts, { source: 'Cart' });
    // The page's notice says what came back, in place of the generic "added" toast.
    if (lines.length === 0) {
      toast.warning('cart_restored_none');
      return;
    }
    addManyToCart(lines);
    restoredCart.lines = lines.length;
  } catch (e: unknown) {
    toast.apiError(e instanceof ApiFailure ? (e.meta.key ?? e.meta.msg) : 'server_error');
  } finally {
    // The lines now carry the cart's country's prices (or none came): its currency may show (decision 77).
    session.shown = session.country;
  }
}
