// Unlock-free-delivery modal (spec §2, §9): up to 6 available products priced from 0 to
// ceil(remaining + 2) in the shopper's currency; see-all opens that listing; continue closes. Once a
// product added from it brings the cart to the threshold, it says free delivery is reached (its
// suggestions stay, so the button just pressed keeps its place and focus).
// One unit system throughout: the remaining amount is what the banner shows (payable minor units,
// VAT included), the spec's 2 is the country's own margin in its currency (KWD 2, SAR 25; decision
// 54), the limit is in major units of their sum, and the listing reads a typed price as VAT-inclusive
// too, so the suggestions are the cards whose shown price is within the limit.
import '../styles/orders.css';
import { useContext, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useSnapshot } from 'valtio';
import { UNLOCK_MODAL_MAX_PRODUCTS } from '#shared/constants';
import type { ProductCard } from '#shared/catalogue/types';
import { ProductGrid } from '../catalogue/ProductCard';
import { useI18n } from '../i18n/context';
import { catalogue } from '../lib/catalogue';
import { useFreeShipping, useHref } from '../lib/locale';
import { ApiContext } from '../providers';
import { cart } from './cart-store';
import { Modal } from '../ui/Modal';
import { freeDeliveryUi } from './free-delivery-ui';
import { unlockPriceLimit } from '#shared/country-amounts';
import { cartPayableMinor } from './payable';

export function UnlockModal() {
  const { t } = useI18n();
  const href = useHref();
  const api = useContext(ApiContext)!;
  const { unlockOpen } = useSnapshot(freeDeliveryUi);
  const { items } = useSnapshot(cart);
  const { minor: threshold, unlockMargin, currency } = useFreeShipping();
  const remaining = threshold - cartPayableMinor(items as typeof cart.items, currency);
  const reached = remaining <= 0;
  const limit = unlockPriceLimit(remaining, unlockMargin, currency.country);
  const [products, setProducts] = useState<ProductCard[] | null>(null);

  // The suggestions follow the amount left when the modal opens, not every cart change inside it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: limit is read when the modal opens, on purpose
  useEffect(() => {
    if (!unlockOpen) return;
    let live = true;
    setProducts(null);
    catalogue
      .list(
        api,
        {
          filters: [
            { key: 'sku_price', type: 'range', range: { min: 0, max: limit } },
            { key: 'only_available', type: 'boolean', value: true },
            { key: 'free_delivery', type: 'boolean', value: true },
          ],
          per_page: UNLOCK_MODAL_MAX_PRODUCTS,
        },
        1,
      )
      .then((page) => live && setProducts(page.items.slice(0, UNLOCK_MODAL_MAX_PRODUCTS)))
      .catch((error: unknown) => {
        console.warn('unlock suggestions failed', error);
        if (live) setProducts([]);
      });
    return () => {
      live = false;
    };
  }, [unlockOpen, api]);

  const close = () => (freeDeliveryUi.unlockOpen = false);
  return (
    <Modal
      open={unlockOpen}
      onClose={close}
      title={t(reached ? 'free_delivery_reached_title' : 'unlock_title')}
      size="lg"
    >
      <p role="status" data-testid="unlock-intro">
        {t(reached ? 'free_delivery_enjoy' : 'unlock_intro')}
      </p>
      {products === null ? (
        <p role="status">{t('loading')}</p>
      ) : products.length ? (
        <ProductGrid products={products} origin={{ source: 'Unlock Free Delivery' }} />
      ) : (
        <p>{t('unlock_none')}</p>
      )}
      <div className="form-actions">
        {!reached && (
          <Link
            className="button button-secondary"
            to={`${href('/products')}?price=0-${limit}&available=1&free=1`}
            onClick={close}
            data-testid="unlock-see-all"
          >
            {t('see_all')}
          </Link>
        )}
        <button type="button" className="button" onClick={close}>
          {t('unlock_continue')}
        </button>
      </div>
    </Modal>
  );
}
