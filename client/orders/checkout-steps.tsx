// What the three checkout steps share: the step list (focus and announcement on a step change), the way
// back to the cart, the kept checkout choices, the card order waiting for payment and the address drafts.
import '../styles/orders.css';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useNavigationType } from 'react-router';
import { subscribe, useSnapshot } from 'valtio';
import { COUNTRY_FACTS } from '#shared/countries';
import { useI18n } from '../i18n/context';
import { useFreeShipping, useHref, useMinor } from '../lib/locale';
import { cart } from '../cart/cart-store';
import {
  checkout,
  checkoutRestored,
  leadsBack,
  readPendingOrder,
  restoreCheckout,
  saveCheckout,
} from '../stores/checkout';
import { clearDraft } from '../accounts/form-drafts';
import { useSessionStore } from '../stores/session';
import { MinorMoney } from '../ui/Money';
import { buyableEntries } from '../cart/cart-sync';
import { OrderBy } from '../delivery/OrderBy';
import { useOrderTotalsState } from './use-order-totals';
import { useCartCountry } from '../cart/CountryMoveNotice';

/** Whether a checkout step was shown in this document: back and forward between steps move focus too. */
let stepsShown = false;

export function Steps({ current }: { current: 'shipping' | 'order' }) {
  const { t } = useI18n();
  const href = useHref();
  const [announce, setAnnounce] = useState('');
  const navigationType = useNavigationType();
  // A step change (also from the cart) moves focus to the new step's heading (screen readers read
  // it) and says which step; a page opened directly keeps the browser's own start.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a step change moves focus; t and navigationType are read at that moment
  useEffect(() => {
    if (stepsShown || navigationType !== 'POP') {
      const heading = document.querySelector<HTMLElement>('h1.page-title');
      if (heading) {
        heading.tabIndex = -1;
        heading.focus();
      }
      setAnnounce(
        t('checkout_step_now', {
          step: t(current === 'shipping' ? 'checkout_step_shipping' : 'checkout_step_order'),
          number: current === 'shipping' ? 2 : 3,
        }),
      );
    }
    stepsShown = true;
  }, [current]);
  return (
    <nav aria-label={t('checkout_steps')} className="checkout-steps">
      <p className="visually-hidden" role="status" data-testid="step-announcement">
        {announce}
      </p>
      <ol>
        <li>
          <Link to={href('/cart')}>{t('checkout_step_cart')}</Link>
        </li>
        <li aria-current={current === 'shipping' ? 'step' : undefined}>
          {current === 'order' ? (
            <Link to={href('/checkout/shipping')}>{t('checkout_step_shipping')}</Link>
          ) : (
            t('checkout_step_shipping')
          )}
        </li>
        <li aria-current={current === 'order' ? 'step' : undefined}>{t('checkout_step_order')}</li>
      </ol>
    </nav>
  );
}

/** Sends the shopper back to the cart when there is nothing to check out. */
export function useCartOrBack(placed = false): boolean {
  const { items, loaded } = useSnapshot(cart);
  const navigate = useNavigate();
  const href = useHref();
  const empty = loaded && Object.keys(items).length === 0;
  useEffect(() => {
    // Once the order is placed the cart is empty on purpose: the success page comes next.
    if (empty && !placed) navigate(href('/cart'), { replace: true });
  }, [empty, placed, href]);
  return loaded && !empty;
}

export function useCheckoutState() {
  // On the server and in the first render of a page load false, as hydration needs; after that the
  // store already holds the kept choices.
  const [ready, setReady] = useState(checkoutRestored);
  useEffect(() => {
    restoreCheckout();
    setReady(true);
    // Every choice is kept as it is made, so a reload keeps the payment method, the wallet choice…
    return subscribe(checkout, saveCheckout);
  }, []);
  // A checkout continued in another country than before (issue 77): the old country's choices go.
  useCartCountry(ready);
  return ready;
}

/**
 * A card order waiting for its payment: coming back to checkout (back button from the card page, a
 * new tab) lands on that order, to pay now or cancel, instead of placing a second one.
 */
export function usePendingOrderReturn() {
  const navigate = useNavigate();
  const href = useHref();
  useEffect(() => {
    const check = () => {
      const pending = readPendingOrder();
      if (leadsBack(pending)) navigate(`${href('/checkout/success')}?order=${pending.id}`, { replace: true });
    };
    check();
    // The back button may bring this page back from the browser's page cache, as it was left.
    const onShow = (e: PageTransitionEvent) => e.persisted && check();
    window.addEventListener('pageshow', onShow);
    return () => window.removeEventListener('pageshow', onShow);
  }, [href]);
}

/** What a shopper types into checkout's address forms is kept per tab (back, reload, sign-in again). */
export const GUEST_ADDRESS_DRAFT = 'checkout-guest-address';
export const NEW_ADDRESS_DRAFT = 'checkout-new-address';
/** What was typed into the gift's recipient form (decision 34). */
export const GIFT_DRAFT = 'checkout-gift';

/**
 * After an order exists (with clearCheckout, which empties the stored choices): the next one starts as
 * no gift. Kept here, not in the checkout store, which the entry bundle holds.
 */
export function forgetGift(): void {
  Object.assign(checkout, { giftOn: false, gift: null, giftPlaces: null });
  clearDraft(GIFT_DRAFT);
}

/**
 * The shipping step's delivery: each speed her address gets (the whole country's before it is known),
 * with its day, its fee for this cart and by when to order, from the same quote as the cart and the
 * review step (decision 65, issue 73): one promise everywhere. The country's general line only where
 * the shop promises nothing.
 */
export function DeliveryNote({ addressId = null, zone = null }: { addressId?: number | null; zone?: number | null }) {
  const { t } = useI18n();
  const minor = useMinor();
  const { country } = useSnapshot(useSessionStore());
  const { items, loaded } = useSnapshot(cart);
  const { coupon, speed } = useSnapshot(checkout);
  const { totals } = useOrderTotalsState(loaded, buyableEntries(items as typeof cart.items), {
    coupon,
    addressId,
    zone,
    speed: speed ?? null,
  });
  // The country's threshold as the shopper pays it: the figure the cart banner counts down to.
  const freeShipping = useFreeShipping();
  const arrival = totals?.arrival ?? null;
  const price = (fee: number) =>
    fee === 0 ? t('checkout_speed_free') : minor(fee, totals?.currency ?? COUNTRY_FACTS[country].currency);
  return (
    <div className="delivery-note" data-testid="checkout-delivery-note">
      <h3>{t('checkout_delivery_title')}</h3>
      {arrival ? (
        <ul className="speed-lines" data-testid="delivery-note-promise">
          {arrival.promises.map((p) => (
            <li key={p.speed} data-speed={p.speed}>
              {t('checkout_speed_line', { speed: t(`checkout_speed_${p.speed}`), day: p.day, fee: price(p.fee) })}
              <OrderBy promise={p} />
            </li>
          ))}
        </ul>
      ) : (
        totals && <p>{t(`checkout_delivery_${country}`)}</p>
      )}
      {totals && (
        <dl className="totals">
          <div>
            <dt>{t('checkout_delivery_free_from')}</dt>
            <dd>
              <MinorMoney minor={freeShipping.minor} currency={freeShipping.currency.currency} />
            </dd>
          </div>
        </dl>
      )}
    </div>
  );
}
