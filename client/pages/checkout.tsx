// Checkout: /checkout/shipping (address and delivery), /checkout/order (review, coupon, wallet,
// payment method, totals from /order/calculate, place the order), /checkout/success (the order, what
// happens next). Guests check out with an email and a typed address; the sign-in modal is offered.
import { useContext, useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import useSWR from 'swr';
import { useSnapshot } from 'valtio';
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
import { checkout, clearCheckout, newIdempotencyKey, restoreCheckout, saveCheckout } from '../stores/checkout';
import { useSessionStore } from '../stores/session';
import { Page } from '../ui/Page';
import { FieldNotes, notesIds, RequiredMark } from '../ui/form';
import { MinorMoney } from '../ui/Money';
import { syncData } from '../stores/sync-data';
import { Totals } from '../orders/Totals';
import { OrderSummary } from '../orders/OrderSummary';
import { payAgain } from '../orders/pay-again';
import { useOrderTotals } from '../orders/use-order-totals';

export function Component() {
  const { pathname } = useLocation();
  const path = splitLocalePath(pathname).path;
  if (path === '/checkout/success') return <Success />;
  return path === '/checkout/order' ? <Review /> : <Shipping />;
}

function Steps({ current }: { current: 'shipping' | 'order' }) {
  const { t } = useI18n();
  const href = useHref();
  return (
    <nav aria-label={t('checkout_steps')} className="checkout-steps">
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
  }, []);
  return ready;
}

function Shipping() {
  const { t } = useI18n();
  const href = useHref();
  const navigate = useNavigate();
  const session = useSessionStore();
  const { user, country } = useSnapshot(session);
  const restored = useCheckoutState();
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
              onSaved={(id) => {
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
              onChange={(e) => setEmail(e.target.value)}
            />
          </div>
          <h3>{t('checkout_address_title')}</h3>
          <AddressForm
            country={country}
            fixedCountry
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
  const hasCart = useCartOrBack(placed);
  const ready = restored && hasCart;
  const state = useSnapshot(checkout);
  const { items } = useSnapshot(cart);
  const [error, setError] = useState<string | null>(null);
  const [cartProblem, setCartProblem] = useState(false);
  const [sending, setSending] = useState(false);
  const alertRef = useRef<HTMLDivElement>(null);
  const minor = useMinor();
  const lines = buyableEntries(items as typeof cart.items);
  const totals = useOrderTotals(ready, lines, { coupon: state.coupon, useWallet: state.paymentMethod === 'wallet' || state.useWallet });
  const hasAddress = user ? !!state.addressId : !!state.guestAddress;

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
      // The order exists: only now does the cart empty.
      setPlaced(true);
      cart.items = {};
      clearCheckout();
      const { order, payment } = res.data;
      if (payment?.url) window.location.assign(payment.url);
      else navigate(`${href('/checkout/success')}?order=${order.id}`);
    } catch (e) {
      if (e instanceof ApiFailure && e.status >= 400 && e.status < 500) checkout.idempotencyKey = null;
      saveCheckout();
      const key = e instanceof ApiFailure ? (e.meta.key ?? e.meta.msg) : 'server_error';
      setError(has(key) ? tKey(key) : t('server_error'));
      setCartProblem(key === 'cart_changed' || key === 'out_of_stock');
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
            {address && <p className="choice-detail">{`${address.recipient} · ${state.email}`}</p>}
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
          <Totals totals={totals} />
          {totals?.coupon && !totals.coupon.applied && <p className="field-error">{tKey(totals.coupon.problem ?? 'coupon_invalid')}</p>}
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
  const [paying, setPaying] = useState(false);

  useEffect(() => {
    if (!Number.isInteger(id) || id <= 0) {
      setMissing(true);
      return;
    }
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

  async function retry() {
    if (!order) return;
    setPaying(true);
    if (!(await payAgain(api, order.id))) setPaying(false);
  }

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
  return (
    <Page title={failed ? t('success_failed_title') : t('success_title')}>
      <div className={failed ? 'form-alert' : 'form-success'} data-testid="checkout-result">
        <p>
          {t('success_number')}: <strong data-testid="order-number">{order.id}</strong>
        </p>
        <p data-testid="order-date">{t('order_placed_on', { date: formatDate(order.created_at, lang, order.country, { hijri: true }) })}</p>
        <p>
          {failed
            ? t('success_failed')
            : order.status === 'pending_payment'
              ? t('success_next_pending')
              : order.payment_method === 'cod'
                ? t('success_next_cod')
                : t('success_next_paid')}
        </p>
        {order.email && !failed && <p>{t('success_mail', { email: order.email })}</p>}
        {failed && (
          <button type="button" className="button" onClick={() => void retry()} disabled={paying} data-testid="pay-again">
            {t('success_pay_again')}
          </button>
        )}
      </div>
      <OrderSummary order={order} />
      <p className="form-actions">
        <Link className="button button-secondary" to={href('/profile/orders')}>
          {t('success_view_orders')}
        </Link>
        <Link className="button button-secondary" to={href('/products')}>
          {t('success_continue')}
        </Link>
      </p>
    </Page>
  );
}
