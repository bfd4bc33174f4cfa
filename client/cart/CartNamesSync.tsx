// The cart's names follow the page's language on every page that shows them (mini cart, review
// step): when the shopper changes language, or a cart holds names of another one, the cart sync
// call (POST /product/sku, answered in the page's language) fetches them once. No call otherwise.
import { useContext, useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { useI18n } from '../i18n/context';
import { ApiContext } from '../providers';
import { cart } from './cart-store';
import { applyNames, namesNotIn } from './cart-sync';
import type { CartSync } from '#shared/catalogue/product-responses';

export function CartNamesSync() {
  const { lang } = useI18n();
  const api = useContext(ApiContext)!;
  const { items, loaded } = useSnapshot(cart);
  const stale = loaded ? namesNotIn(items as typeof cart.items, lang).join(',') : '';

  useEffect(() => {
    if (!stale) return;
    let live = true;
    const ids = stale.split(',').map(Number);
    api
      .post<CartSync>('/product/sku', { ids, exclude_purchase_together: true })
      .then((res) => live && applyNames(res.data.items, lang, ids))
      .catch((error: unknown) => console.warn('cart names sync failed', error));
    return () => {
      live = false;
    };
  }, [api, stale, lang]);
  return null;
}
