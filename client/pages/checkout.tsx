// Checkout: /checkout/shipping (address and delivery), /checkout/order (review, coupon, wallet,
// payment method, totals from /order/calculate, place the order), /checkout/success (the order, what
// happens next). Guests check out with an email and a typed address; the sign-in modal is offered.
import { useContext, useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useNavigationType, useSearchParams } from 'react-router';
import useSWR from 'swr';
import { subscribe, useSnapshot } from 'valtio';
import type { Address } from '../../shared/api/account-schemas';
import { ApiFailure } from '../../shared/api/client';
import type { CardMethod, PaymentMethod } from '../../shared/api/order-schemas';
import { COUNTRY_FACTS, splitLocalePath } from '../../shared/locale';
import type { OrderView, SubmitResult } from '../../shared/orders/types';
import { formatDate } from '../../shared/text/dates';
import { AddressForm } from '../accounts/AddressForm';
import { addressLines } from '../accounts/address-lines';
import { useI18n } from '../i18n/context';
import { useFreeShipping, useHref, useMinor } from '../lib/locale';
import { ApiContext } from '../providers';
import { openAuthModal } from '../stores/auth-modal';
import { buyableEntries, cart } from '../stores/cart';
import { checkout, clearCheckout, forgetPendingOrder, leadsBack, markPendingOrder, newIdempotencyKey, orderLinkOf, readPendingOrder, rememberOrderLink, restoreCheckout, saveCheckout } from '../stores/checkout';
import { clearDraft } from '../accounts/form-drafts';
import { OrderActions } from '../orders/OrderActions';
import { CouponForm } from '../orders/CouponForm';
import { useSessionStore } from '../stores/session';
import { Page } from '../ui/Page';
import { FieldNotes, notesIds, RequiredMark } from '../ui/form';
import { MinorMoney } from '../ui/Money';
import { syncData } from '../stores/sync-data';
import { Totals } from '../orders/Totals';
import { OrderSummary } from '../orders/OrderSummary';
import { useOrderTotalsState } from '../orders/use-order-totals';

export function Component() {
  const { pathname } = useLocation();
  const path = splitLocalePath(pathname).path;
  if (path === '/checkout/success') return <Success />;
  return path === '/checkout/order' ? <Review /> : <Shipping />;
}

/** Whether a checkout step was shown in this document: back and forward between steps move focus too. */
let stepsShown = false;

function Steps({ current }: { current: 'shipping' | 'order' }) {
  const { t } = useI18n();
  const href = useHref();
  const [announce, setAnnounce] = useState('');
  const navigationType = useNavigationType();
  // A step change (also from the cart) moves focus to the new step's heading (screen readers read
  // it) and says which step; a page opened directly keeps the browser's own start.
  useEffect(() => {
    if (stepsShown || navigationType !== 'POP') {
      const heading = document.querySelector<HTMLElement>('h1.page-title');
      if (heading) {
        heading.tabIndex = -1;
        heading.focus();
      }
      setAnnounce(t('checkout_step_now', { step: t(current === 'shipping' ? 'checkout_step_shipping' : 'checkout_step_order'), number: current === 'shipping' ? 2 : 3 }));
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
        <li aria-current={current === 'shipping' ? 'step' : undefined}>{current === 'order' ? <Link to={href('/checkout/shipping')}>{t('checkout_step_shipping')}</Link> : t('checkout_step_shipping')}</li>
        <li aria-current={current === 'order' ? 'step' : undefined}>{t('checkout_step_order')}</li>
      </ol>
    </nav>
  );
}

/** Sends the shopper back to the cart when there is nothing to check out. */
function useCartOrBack(placed = false): boolean {
  const { items, loaded } = useSnapshot(cart);
  const navigate = useNavigate();
  const href = useHref();
  const empty = loaded && Object.keys(items).length === 0;
  useEffect(() => {
    // Once the order is placed the cart is empty on purpose: the success page comes next.
    if (empty && !placed) navigate(href('/cart'), { replace: true });
  }, [empty, placed]);
  return loaded && !empty;
}

function useCheckoutState() {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    restoreCheckout();
    setReady(true);
    // Every choice is kept as it is made, so a reload keeps the payment method, the wallet choice…
    return subscribe(checkout, saveCheckout);
  }, []);
  return ready;
}

/**
 * A card order waiting for its payment: coming back to checkout (back button from the card page, a
 * new tab) lands on that order, to pay now or cancel, instead of placing a second one.
 */
function usePendingOrderReturn() {
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
  }, []);
}

function Shipping() {
  const { t } = useI18n();
  const href = useHref();
  const navigate = useNavigate();
  const session = useSessionStore();
  const { user, country } = useSnapshot(session);
  const restored = useCheckoutState();
  usePendingOrderReturn();
  const hasCart = useCartOrBack();
  const ready = restored && hasCart;
  const state = useSnapshot(checkout);
  const { data, mutate } = useSWR<{ items: Address[] }>(user ? '/user/address' : null);
  const addresses = (data?.items ?? []).filter((a) => a.country === country);
  const [adding, setAdding] = useState(false);
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | null>(null);

  // A signed-in shopper starts with the default address of this country.
  useEffect(() => {
    if (!user || !data) return;
    if (!addresses.some((a) => a.id === checkout.addressId)) checkout.addressId = addresses.find((a) => a.is_default)?.id ?? addresses[0]?.id ?? null;
    if (!addresses.length) setAdding(true);
  }, [user, data]);
  useEffect(() => setEmail(checkout.email), [ready]);

  const go = () => {
    saveCheckout();
    navigate(href('/checkout/order'));
  };

  return (
    <Page title={t('page_checkout_shipping')} crumbs={[{ label: t('page_cart'), to: href('/cart') }]}>
      <Steps current="shipping" />
      {!ready ? (
        <p role="status">{t('loading')}</p>
      ) : user ? (
        <section className="form-card" aria-labelledby="checkout-address-title">
          <h2 id="checkout-address-title">{t('checkout_address_title')}</h2>
          {addresses.length > 0 && (
            <fieldset className="choice-list">
              <legend className="visually-hidden">{t('checkout_address_title')}</legend>
              {addresses.map((a) => (
                <label key={a.id} className="choice" data-testid="checkout-address">
                  <input type="radio" name="address" checked={state.addressId === a.id} onChange={() => (checkout.addressId = a.id)} />
                  <span>
                    <strong>{a.label || a.recipient}</strong>
                    <span className="choice-detail">{addressLines(a, t).join(' · ')}</span>
                  </span>
                </label>
              ))}
            </fieldset>
          )}
          {adding ? (
            <AddressForm
              country={country}
              fixedCountry
              recipient={user.name}
              draftKey={NEW_ADDRESS_DRAFT}
              onSaved={(id) => {
                clearDraft(NEW_ADDRESS_DRAFT);
                checkout.addressId = id;
                setAdding(false);
                void mutate();
              }}
              onCancel={addresses.length ? () => setAdding(false) : undefined}
            />
          ) : (
            <p>
              <button type="button" className="button button-secondary" onClick={() => setAdding(true)}>
                {t('checkout_new_address')}
              </button>
            </p>
          )}
          <DeliveryNote />
          {!adding && (
            <button type="button" className="button" disabled={!state.addressId} onClick={go} data-testid="checkout-continue">
              {t('checkout_continue')}
            </button>
          )}
        </section>
      ) : (
        <section className="form-card" aria-labelledby="checkout-guest-title">
          <h2 id="checkout-guest-title">{t('checkout_guest_title')}</h2>
          <p>
            {t('checkout_guest_intro')}{' '}
            <button type="button" className="link-button" onClick={() => openAuthModal()}>
              {t('checkout_sign_in')}
            </button>
          </p>
          <div className={emailError ? 'field has-error' : 'field'}>
            <label className="field-label" htmlFor="checkout-email">
              {t('account_email_label')}
              <RequiredMark />
            </label>
            <FieldNotes id="checkout-email" error={emailError} />
            <input
              id="checkout-email"
              type="email"
              autoComplete="email"
              dir="ltr"
              required
              value={email}
              aria-invalid={emailError ? true : undefined}
              aria-describedby={notesIds('checkout-email', null, emailError)}
              onChange={(e) => {
                setEmail(e.target.value);
                checkout.email = e.target.value.trim();
              }}
            />
          </div>
          <h3>{t('checkout_address_title')}</h3>
          <AddressForm
            country={country}
            fixedCountry
            draftKey={GUEST_ADDRESS_DRAFT}
            submitLabel="checkout_continue"
            keep={(address) => {
              const ok = /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim());
              setEmailError(ok ? null : t('item_validation_error', { field: t('account_email_noun') }));
              if (!ok) {
                document.getElementById('checkout-email')?.focus();
                return;
              }
              checkout.email = email.trim();
              checkout.guestAddress = address;
              checkout.addressId = null;
              go();
            }}
            onSaved={() => undefined}
          />
          <DeliveryNote />
        </section>
      )}
    </Page>
  );
}

/** What a shopper types into checkout's address forms is kept per tab (back, reload, sign-in again). */
const GUEST_ADDRESS_DRAFT = 'checkout-guest-address';
const NEW_ADDRESS_DRAFT = 'checkout-new-address';

function DeliveryNote() {
  const { t } = useI18n();
  const minor = useMinor();
  const { country } = useSnapshot(useSessionStore());
  const { deliveryFee } = useSnapshot(syncData);
  // The country's threshold as the shopper pays it: the figure the cart banner counts down to.
  const freeShipping = useFreeShipping();
  return (
    <div className="delivery-note">
      <h3>{t('checkout_delivery_title')}</h3>
      <p>{t(country === 'SA' ? 'checkout_delivery_SA' : 'checkout_delivery_KW')}</p>
      {deliveryFee !== null && (
        <dl className="totals">
          <div>
            <dt>{t('checkout_delivery_fee')}</dt>
            <dd>
              <bdi>{minor(deliveryFee, COUNTRY_FACTS[country].currency)}</bdi>
            </dd>
          </div>
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

function Review() {
  const { t, tKey, has } = useI18n();
  const href = useHref();
  const navigate = useNavigate();
  const api = useContext(ApiContext)!;
  const session = useSessionStore();
  const { user } = useSnapshot(session);
  const [placed, setPlaced] = useState(false);
  const restored = useCheckoutState();
  usePendingOrderReturn();
  const hasCart = useCartOrBack(placed);
  const ready = restored && hasCart;
  const state = useSnapshot(checkout);
  const { items } = useSnapshot(cart);
  const [error, setError] = useState<string | null>(null);
  const [cartProblem, setCartProblem] = useState(false);
  const [detailsProblem, setDetailsProblem] = useState(false);
  const [sending, setSending] = useState(false);
  const alertRef = useRef<HTMLDivElement>(null);
  const minor = useMinor();
  const lines = buyableEntries(items as typeof cart.items);
  const { totals, failed: totalsFailed, retry: retryTotals } = useOrderTotalsState(ready, lines, { coupon: state.coupon, useWallet: state.paymentMethod === 'wallet' || state.useWallet, email: user ? null : state.email });
  const hasAddress = user ? !!state.addressId : !!state.guestAddress;
  const { data: saved } = useSWR<{ items: Address[] }>(user ? '/user/address' : null);
  const deliveryAddress: Address | null = user ? (saved?.items.find((a) => a.id === state.addressId) ?? null) : null;

  useEffect(() => {
    if (ready && !hasAddress) navigate(href('/checkout/shipping'), { replace: true });
  }, [ready, hasAddress]);

  const cardMethods = totals?.card_methods ?? [];
  const cardMethod: CardMethod | undefined = state.cardMethod && cardMethods.includes(state.cardMethod) ? state.cardMethod : cardMethods[0];

  async function place() {
    if (sending || !totals) return;
    setSending(true);
    setError(null);
    // The same attempt keeps its key, so a retry after a lost answer cannot order twice.
    if (!checkout.idempotencyKey) checkout.idempotencyKey = newIdempotencyKey();
    saveCheckout();
    try {
      const res = await api.post<SubmitResult>('/order/submit', {
        idempotency_key: checkout.idempotencyKey,
        items: lines.map((e) => ({ sku_id: e.sku.id, count: e.count })),
        ...(checkout.coupon ? { coupon: checkout.coupon } : {}),
        payment_method: checkout.paymentMethod,
        ...(checkout.paymentMethod === 'card' && cardMethod ? { card_method: cardMethod } : {}),
        use_wallet: checkout.paymentMethod === 'wallet' || checkout.useWallet,
        ...(user ? { address_id: checkout.addressId } : { address: checkout.guestAddress, email: checkout.email }),
      });
      const { order, payment, link } = res.data;
      if (link) rememberOrderLink(order.id, link);
      setPlaced(true);
      if (payment?.url) {
        // A card order: the cart stays until the payment succeeds (the success page empties it), and
        // coming back without paying lands on this order. A new attempt after it gets a new key.
        markPendingOrder({ id: order.id, link });
        checkout.idempotencyKey = null;
        saveCheckout();
        window.location.assign(payment.url);
      } else {
        // Cash or wallet: the order is final, the cart empties now.
        cart.items = {};
        clearCheckout();
        clearDraft(GUEST_ADDRESS_DRAFT);
        navigate(`${href('/checkout/success')}?order=${order.id}`);
      }
    } catch (e) {
      if (e instanceof ApiFailure && e.status >= 400 && e.status < 500) checkout.idempotencyKey = null;
      saveCheckout();
      const key = e instanceof ApiFailure ? (e.meta.key ?? e.meta.msg) : 'server_error';
      // The review step has no fields to highlight: a detail the API refused is fixed on the shipping step.
      const shown = key === 'validation_failed' ? 'form_fields_unmatched' : key;
      setError(has(shown) ? tKey(shown) : t('server_error'));
      setCartProblem(key === 'cart_changed' || key === 'out_of_stock');
      setDetailsProblem(key === 'validation_failed' || key === 'address_country_mismatch' || key === 'address_required');
      requestAnimationFrame(() => alertRef.current?.focus());
    } finally {
      setSending(false);
    }
  }

  const address = user ? null : state.guestAddress;
  return (
    <Page title={t('page_checkout_order')} crumbs={[{ label: t('page_cart'), to: href('/cart') }]}>
      <Steps current="order" />
      {error && (
        <div className="form-alert" role="alert" tabIndex={-1} ref={alertRef} data-testid="form-error">
          <p>{error}</p>
          {/* What is in stock changed: the cart shows what and lets the shopper adjust. */}
          {cartProblem && <Link to={href('/cart')}>{t('checkout_back_to_cart')}</Link>}
          {detailsProblem && <Link to={href('/checkout/shipping')}>{t('checkout_change')}</Link>}
        </div>
      )}
      <div className="cart-layout">
        <div className="cart-main">
          <section className="form-card" aria-labelledby="review-items-title">
            <h2 id="review-items-title">{t('checkout_items_title')}</h2>
            <ul className="review-lines">
              {lines.map((e) => {
                const priced = totals?.lines.find((l) => l.sku_id === e.sku.id);
                return (
                  <li key={e.sku.id}>
                    <span>
                      {e.product.name} <span className="cart-line-meta">({e.sku.name})</span> × {e.count}
                    </span>
                    {priced && totals && <bdi>{minor(priced.line_total, totals.currency)}</bdi>}
                  </li>
                );
              })}
            </ul>
            <Link to={href('/cart')}>{t('checkout_back_to_cart')}</Link>
          </section>
          <section className="form-card" aria-labelledby="review-address-title">
            <h2 id="review-address-title">{t('order_address')}</h2>
            {address && (
              <p className="choice-detail" data-testid="review-address">
                {[address.recipient, ...addressLines(address as unknown as Address, t), state.email].join(' · ')}
              </p>
            )}
            {deliveryAddress && (
              <p className="choice-detail" data-testid="review-address">
                {[deliveryAddress.recipient, ...addressLines(deliveryAddress, t)].join(' · ')}
              </p>
            )}
            <Link to={href('/checkout/shipping')}>{t('checkout_change')}</Link>
          </section>
          <section className="form-card" aria-labelledby="payment-title">
            <h2 id="payment-title">{t('checkout_payment_title')}</h2>
            <fieldset className="choice-list">
              <legend className="visually-hidden">{t('checkout_payment_title')}</legend>
              {(totals?.payment_methods ?? ['cod', 'card']).map((m: PaymentMethod) => (
                <label key={m} className="choice">
                  <input type="radio" name="payment" value={m} checked={state.paymentMethod === m} onChange={() => (checkout.paymentMethod = m)} />
                  <span>{m === 'wallet' ? t('pay_wallet', { amount: minor(totals?.wallet_balance ?? 0, totals?.currency ?? 'KWD') }) : t(m === 'cod' ? 'pay_cod' : 'pay_card')}</span>
                </label>
              ))}
            </fieldset>
            {state.paymentMethod === 'card' && cardMethods.length > 0 && (
              <fieldset className="choice-list card-methods">
                <legend>{t('wallet_method_label')}</legend>
                {cardMethods.map((m) => (
                  <label key={m} className="choice">
                    <input type="radio" name="card-method" value={m} checked={cardMethod === m} onChange={() => (checkout.cardMethod = m)} />
                    <span>{t(`card_${m}`)}</span>
                  </label>
                ))}
              </fieldset>
            )}
            {user && state.paymentMethod !== 'wallet' && (totals?.wallet_balance ?? 0) > 0 && (
              <label className="checkbox">
                <input type="checkbox" checked={state.useWallet} onChange={(e) => (checkout.useWallet = e.target.checked)} />
                <span>{t('checkout_use_wallet', { amount: minor(totals!.wallet_balance!, totals!.currency) })}</span>
              </label>
            )}
          </section>
        </div>
        <aside className="cart-summary" aria-labelledby="review-summary-title">
          <h2 id="review-summary-title">{t('cart_summary')}</h2>
          {totalsFailed ? (
            <div className="form-alert" role="alert" data-testid="totals-failed">
              <p>{t('checkout_totals_failed')}</p>
              <button type="button" className="button button-secondary" onClick={retryTotals}>
                {t('checkout_totals_retry')}
              </button>
            </div>
          ) : (
            <Totals totals={totals} />
          )}
          <CouponForm id="review-coupon" result={totals?.coupon ?? null} />
          <button type="button" className="button wide" disabled={!totals || sending || !lines.length} onClick={() => void place()} data-testid="place-order">
            {sending ? t('checkout_placing') : t('checkout_place_order')}
          </button>
        </aside>
      </div>
    </Page>
  );
}

function Success() {
  const { t, lang } = useI18n();
  const href = useHref();
  const api = useContext(ApiContext)!;
  const [params] = useSearchParams();
  const id = Number(params.get('order'));
  const [order, setOrder] = useState<OrderView | null>(null);
  const [missing, setMissing] = useState(false);
  const { loaded: cartLoaded } = useSnapshot(cart);
  const [link, setLink] = useState<string | null>(null);

  useEffect(() => {
    if (!Number.isInteger(id) || id <= 0) {
      setMissing(true);
      return;
    }
    setLink(orderLinkOf(id));
    let live = true;
    let tries = 0;
    const load = () =>
      api
        .get<OrderView>(`/order/${id}`)
        .then((res) => {
          if (!live) return;
          setOrder(res.data);
          // A card payment's outcome may still be on its way from the gateway.
          if (res.data.status === 'pending_payment' && ++tries < 15) setTimeout(load, 2000);
        })
        .catch(() => live && setMissing(true));
    void load();
    return () => {
      live = false;
    };
  }, [api, id]);

  // The card order this browser was waiting for is settled: paid empties the cart (only now), a
  // cancelled one leaves the cart as it was so the shopper can change it or order again.
  useEffect(() => {
    const mark = readPendingOrder();
    if (!order || !cartLoaded || mark?.id !== order.id) return;
    if (order.status === 'pending_payment') return;
    // A failed payment was seen here with its actions: checkout no longer leads back to it, but the
    // mark stays so that paying it again later still empties the cart.
    if (order.status === 'payment_failed') return markPendingOrder({ id: mark.id, link: mark.link, waiting: false });
    forgetPendingOrder(order.id);
    if (order.status !== 'cancelled') {
      cart.items = {};
      clearCheckout();
      clearDraft(GUEST_ADDRESS_DRAFT);
    }
  }, [order?.status, cartLoaded]);

  if (missing) {
    return (
      <Page title={t('page_checkout_success')}>
        <p>{t('not_found_body')}</p>
      </Page>
    );
  }
  if (!order) {
    return (
      <Page title={t('page_checkout_success')}>
        <p role="status">{t('loading')}</p>
      </Page>
    );
  }
  const failed = order.status === 'payment_failed';
  const waiting = order.status === 'pending_payment';
  const cancelled = order.status === 'cancelled';
  const title = failed ? t('success_failed_title') : waiting ? t('success_waiting_title') : cancelled ? t('order_cancelled_title') : t('success_title');
  return (
    <Page title={title}>
      <div className={failed || cancelled ? 'form-alert' : 'form-success'} data-testid="checkout-result">
        <p>
          {t('success_number')}: <strong data-testid="order-number">{order.id}</strong>
        </p>
        <p data-testid="order-date">{t('order_placed_on', { date: formatDate(order.created_at, lang, order.country, { hijri: true }) })}</p>
        <p>
          {failed
            ? t('success_failed')
            : cancelled
              ? t('order_cancelled_body')
              : waiting
                ? t('success_next_pending')
                : order.payment_method === 'cod'
                  ? t('success_next_cod')
                  : t('success_next_paid')}
        </p>
        {order.email && !failed && !cancelled && <p>{t('success_mail', { email: order.email })}</p>}
        {link && (
          <p>
            {t('success_order_link')}{' '}
            <Link to={`${href('/order-lookup')}?key=${link}`} data-testid="order-link">
              {t('success_order_link_label')}
            </Link>
          </p>
        )}
        <OrderActions order={order} onCancelled={setOrder} />
      </div>
      <OrderSummary order={order} />
      <p className="form-actions">
        {cancelled ? (
          <Link className="button button-secondary" to={href('/cart')}>
            {t('checkout_back_to_cart')}
          </Link>
        ) : (
          <Link className="button button-secondary" to={href('/profile/orders')}>
            {t('success_view_orders')}
          </Link>
        )}
        <Link className="button button-secondary" to={href('/products')}>
          {t('success_continue')}
        </Link>
      </p>
    </Page>
  );
}
