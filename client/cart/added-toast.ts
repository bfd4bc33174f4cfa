// The one toast for products added at once (spec §4): one says so as any add does, several say how many
// ("items_added_to_cart", whose Arabic has six forms). That counted text loads with the toast, into the
// page's dictionary (shared/i18n/cart-added.*.ts, no area of its own): only the pages that add several
// products at once import this module, so no page's first JavaScript carries it.
import { browserTexts } from '../i18n/texts';
import { toast } from '../stores/toasts';
import { pageLang } from './cart-store';

function loadAddedTexts(): Promise<void> {
  const lang = pageLang() ?? 'en';
  return (lang === 'ar' ? import('#shared/i18n/cart-added.ar') : import('#shared/i18n/cart-added.en')).then(
    (m) => void Object.assign(browserTexts(lang), ...Object.values(m)),
  );
}

/** Says how many products went into the cart: none (each already at its limit), one or several. */
export function toastAdded(added: number): Promise<void> {
  if (added === 1) {
    toast.success('item_added_to_cart');
    return Promise.resolve();
  }
  return loadAddedTexts().then(
    () => void toast.success('items_added_to_cart', { count: added }),
    // Its texts could not load (the connection dropped): the products are in the cart all the same, and
    // the uncounted text says so rather than no toast at all.
    () => void toast.success('item_added_to_cart'),
  );
}
