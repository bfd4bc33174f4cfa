// Free-delivery banner (spec §4): progress = cart subtotal / threshold, capped at 100. At 100 the
// enjoy-free-delivery message; from 80 to under 100 an unlock button; below, the amount left.
// Cart and threshold are both what the shopper pays (minor units, VAT included), so the amount left
// plus the cart subtotal shown is the threshold shown.
import '../styles/orders.css';
import { useSnapshot } from 'valtio';
import { useI18n } from '../i18n/context';
import { pendingPrice, useFreeShipping, usePricesPending } from '../lib/locale';
import { cart } from './cart-store';
import { MinorMoney } from '../ui/Money';
import { bannerState } from './free-shipping';
import { openUnlockModal } from './free-delivery-ui';
import { cartPayableMinor } from './payable';

export function FreeDeliveryBanner() {
  const { t, raw } = useI18n();
  const { items } = useSnapshot(cart);
  const { minor: threshold, currency } = useFreeShipping();
  const state = bannerState(cartPayableMinor(items as typeof cart.items, currency), threshold);
  // Lines of the old country's prices after a switch: no amount until the new country's (decision 77).
  const pending = usePricesPending();
  const [before, after] = raw('free_delivery_remaining').split('{{amount}}');
  return (
    <section
      className={`free-delivery-banner ${state.mode}`}
      aria-label={t('free_delivery_label')}
      data-testid="free-delivery-banner"
    >
      {/* A <progress> rather than a styled width: the CSP allows no inline style attributes. */}
      <progress
        className="free-delivery-track"
        max={100}
        value={state.percent}
        aria-label={t('free_delivery_progress')}
      />
      <p aria-live="polite">
        {state.mode === 'free' ? (
          t('free_delivery_enjoy')
        ) : (
          <>
            {before}
            {pending ? pendingPrice : <MinorMoney minor={state.remaining} currency={currency.currency} />}
            {after}
          </>
        )}
      </p>
      {state.mode === 'unlock' && (
        <button
          type="button"
          className="button button-secondary"
          onClick={openUnlockModal}
          data-testid="unlock-free-delivery"
        >
          {t('free_delivery_unlock')}
        </button>
      )}
    </section>
  );
}
