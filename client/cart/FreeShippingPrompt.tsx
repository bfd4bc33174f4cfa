// The free-shipping prompt of the shell (spec §2, §4): driven by the state machine in
// cart/free-shipping.ts. A dialog on small screens; elsewhere an inline popup that hides itself
// after 4.4 s. Closed on the cart route. Also loads the sync data once per page; the threshold it
// compares with is the country's setting from /country, like everywhere else (decision 9).
import { useContext, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { subscribe, useSnapshot } from 'valtio';
import { BREAKPOINTS, FREE_SHIPPING_POPUP_HIDE_MS } from '#shared/constants';
import { splitLocalePath } from '#shared/locale';
import { useI18n } from '../i18n/context';
import { ApiContext } from '../providers';
import { useFreeShipping } from '../lib/locale';
import { cart } from './cart-store';
import { INITIAL_PROMPT, nextPrompt, type PromptState } from './free-shipping';
import { useSessionStore } from '../stores/session';
import { syncData, loadSyncData } from '../stores/sync-data';
import { Modal } from '../ui/Modal';
import { MinorMoney } from '../ui/Money';
import { openUnlockModal } from './free-delivery-ui';
import { cartPayableMinor } from './payable';

export function FreeShippingPrompt() {
  const { t, raw } = useI18n();
  const api = useContext(ApiContext)!;
  const { country } = useSnapshot(useSessionStore());
  const { pathname } = useLocation();
  const onCart = splitLocalePath(pathname).path === '/cart';
  const [state, setState] = useState<PromptState>(INITIAL_PROMPT);
  const [small, setSmall] = useState(false);
  const onCartRef = useRef(onCart);
  onCartRef.current = onCart;
  // The threshold and the cart price in one unit: minor units of what the shopper pays (VAT included).
  const { minor: threshold, currency } = useFreeShipping();
  const money = useRef({ threshold, currency });
  money.current = { threshold, currency };

  useEffect(() => {
    let storage: Storage | null = null;
    try {
      storage = window.localStorage;
    } catch {
      storage = null;
    }
    void loadSyncData(api, country, storage);
  }, [api, country]);

  useEffect(() => {
    const media = window.matchMedia(`(max-width: ${BREAKPOINTS.sm}px)`);
    const update = () => setSmall(media.matches);
    update();
    media.addEventListener('change', update);
    return () => media.removeEventListener('change', update);
  }, []);

  // Evaluated when the cart has loaded from storage (the page load's first evaluation) and on each change.
  useEffect(() => {
    const step = () => {
      if (!cart.loaded || !syncData.loaded) return;
      setState((s) =>
        nextPrompt(s, cartPayableMinor(cart.items, money.current.currency), money.current.threshold, onCartRef.current),
      );
    };
    step();
    const stopCart = subscribe(cart, step);
    const stopSync = subscribe(syncData, step);
    return () => {
      stopCart();
      stopSync();
    };
  }, []);

  useEffect(() => {
    if (onCart) setState((s) => ({ ...s, open: 'none' }));
  }, [onCart]);

  useEffect(() => {
    if (state.open === 'none' || small) return;
    const timer = setTimeout(() => setState((s) => ({ ...s, open: 'none' })), FREE_SHIPPING_POPUP_HIDE_MS);
    return () => clearTimeout(timer);
  }, [state.open, small]);

  const close = () => setState((s) => ({ ...s, open: 'none' }));
  if (state.open === 'none') return null;
  const remaining = Math.max(0, threshold - cartPayableMinor(cart.items, currency));
  const [before, after] = raw('free_delivery_remaining').split('{{amount}}');
  const body =
    state.open === 'reached' ? (
      <p>{t('free_delivery_enjoy')}</p>
    ) : (
      <>
        <p>
          {before}
          <MinorMoney minor={remaining} currency={currency.currency} />
          {after}
        </p>
        <button
          type="button"
          className="button"
          onClick={() => {
            close();
            openUnlockModal();
          }}
        >
          {t('free_delivery_unlock')}
        </button>
      </>
    );
  if (small) {
    return (
      <Modal
        open
        onClose={close}
        title={t(state.open === 'reached' ? 'free_delivery_reached_title' : 'free_delivery_almost_title')}
        size="sm"
      >
        {body}
      </Modal>
    );
  }
  return (
    <div className="free-shipping-popup" role="status" data-testid="free-shipping-popup">
      <p className="free-shipping-popup-title">
        {t(state.open === 'reached' ? 'free_delivery_reached_title' : 'free_delivery_almost_title')}
      </p>
      {body}
      <button type="button" className="icon-button free-shipping-popup-close" aria-label={t('close')} onClick={close}>
        ×
      </button>
    </div>
  );
}
