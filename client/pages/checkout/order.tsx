// /checkout/order: review, coupon, wallet, payment method, totals from /order/calculate, place the order.
import { DEFAULT_COUNTRY } from '#shared/locale';
import { COUNTRY_FACTS } from '#shared/countries';
import { lazy, Suspense, useContext, useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import useSWR from 'swr';
import { useSnapshot } from 'valtio';
import type { Address } from '#shared/api/account-schemas';
import { ApiFailure } from '#shared/api/client';
import type { CardMethod, PaymentMethod } from '#shared/api/order-schemas';
import { nationalNumber } from '#shared/api/address-facts';
import { GATEWAY_METHODS_ALL, paymentWayName } from '#shared/payments/gateway-methods';
import type { SubmitResult } from '#shared/orders/types';
import { AddressText } from '#client/accounts/AddressText';
import { useI18n } from '#client/i18n/context';
import { useHref, useMinor } from '#client/lib/locale';
import { ApiContext } from '#client/providers';
import { cart } from '#client/cart/cart-store';
import { buyableEntries } from '#client/cart/cart-sync';
import {
  checkout,
  clearCheckout,
  markPendingOrder,
  newIdempotencyKey,
  rememberOrderLink,
  saveCheckout,
} from '#client/stores/checkout';
import { clearDraft } from '#client/accounts/form-drafts';
import { CouponForm } from '#client/orders/CouponForm';
import { PointsControl, ReferralForm } from '#client/orders/CheckoutLoyalty';
import { PaymentChoice } from '#client/orders/PaymentChoice';
import { frequencyLabel } from '#client/subscriptions/frequency-label';
import { useSessionStore } from '#client/stores/session';
import { Page } from '#client/ui/Page';
import { Totals } from '#client/orders/Totals';
import { giftChoiceList, giftChoices, giftsOf, restoreGiftChoices, ReviewGifts } from '#client/orders/gifts';
import { useOrderTotalsState } from '#client/orders/use-order-totals';
import { SpeedChoice, zoneOf } from '#client/delivery/SpeedChoice';
import {
  Steps,
  useCartOrBack,
  useCheckoutState,
  usePendingOrderReturn,
  GUEST_ADDRESS_DRAFT,
  forgetGift,
} from '#client/orders/checkout-steps';
import { track } from '#client/analytics/track';
import { CountryMoveNotice } from '#client/cart/CountryMoveNotice';
import type { PageDeclaration } from '../../page-table';

/** Where the page is served and what loads with it (decision 67): read at build time, never run. */
export const page = {
  texts: ['orders', 'accounts', 'catalogue', 'subscriptions'],
  siteIndex: 'shop',
} satisfies PageDeclaration;

// The gift's summary loads only when the order is a gift (decision 34).
const GiftSummary = lazy(() => import('#client/orders/GiftSummary').then((m) => ({ default: m.GiftSummary })));

export function Component() {
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
  const { byPromotion } = useSnapshot(giftChoices);
  useEffect(restoreGiftChoices, []);
  const [error, setError] = useState<string | null>(null);
  const [cartProblem, setCartProblem] = useState(false);
  const [detailsProblem, setDetailsProblem] = useState(false);
  const [sending, setSending] = useState(false);
  const alertRef = useRef<HTMLDivElement>(null);
  // Counts failed submits, so the same message a second time is shown (scrolled to, focused) again.
  const [errorCount, setErrorCount] = useState(0);
  // The alert sits above the fold while the button is at the bottom of a phone's screen: after the
  // render that shows it, bring it into view and move focus there (screen readers read it).
  useEffect(() => {
    if (!errorCount) return;
    alertRef.current?.scrollIntoView({ block: 'center' });
    alertRef.current?.focus({ preventScroll: true });
  }, [errorCount]);
  const minor = useMinor();
  const lines = buyableEntries(items as typeof cart.items);
  const {
    totals,
    failed: totalsFailed,
    retry: retryTotals,
  } = useOrderTotalsState(ready, lines, {
    coupon: state.coupon,
    useWallet: state.paymentMethod === 'wallet' || state.useWallet,
    email: user ? null : state.email,
    gifts: giftChoiceList(byPromotion),
    points: user ? (state.points ?? 0) : 0,
    referralCode: state.referralCode ?? null,
    // Her saved delivery address (not a gift's): a friend's code is checked against it here, before
    // the totals show the friend's discount (issue 61), and the promise is for its area or city.
    addressId: user && !state.giftOn ? (state.addressId ?? null) : null,
    zone: zoneOf(state.giftOn ? (state.gift ?? null) : user ? null : state.guestAddress),
    speed: state.speed ?? null,
  });
  // Send as a gift (decision 34): the recipient's address is the delivery address.
  const gift = state.giftOn && state.gift ? state.gift : null;
  const hasAddress = state.giftOn ? !!gift : user ? !!state.addressId : !!state.guestAddress;
  const { data: saved } = useSWR<{ items: Address[] }>(user ? '/user/address' : null);
  const deliveryAddress: Address | null = user ? (saved?.items.find((a) => a.id === state.addressId) ?? null) : null;
  const address = user ? null : state.guestAddress;

  useEffect(() => {
    if (ready && !hasAddress) navigate(href('/checkout/shipping'), { replace: true });
  }, [ready, hasAddress, href]);

  const cardMethods = totals?.card_methods ?? [];
  // A subscribing order offers only ways to charge later: a choice the answer no longer offers moves
  // to the card (cash is never offered then).
  const subscribing = !!totals?.lines.some((l) => l.every);
  useEffect(() => {
    if (totals && !totals.payment_methods.includes(checkout.paymentMethod)) checkout.paymentMethod = 'card';
  }, [totals]);
  const cardMethod: CardMethod | undefined =
    state.cardMethod && cardMethods.includes(state.cardMethod) ? state.cardMethod : cardMethods[0];
  // STC Pay charges the account of this number: the delivery phone until the shopper types another.
  const deliveryPhone = (state.giftOn ? user?.phone : (deliveryAddress?.phone ?? address?.phone)) ?? '';
  const stcPayPhone = state.stcPayPhone ?? nationalNumber(deliveryPhone);
  // WhatsApp updates go only to the account's proven phone (decision 43): no box without one.
  const whatsappPhone = user?.phone_verified && user.phone ? user.phone : null;
  const whatsappUpdates = state.whatsappUpdates ?? !!user?.whatsapp_updates;
  // Back from a provider's page that did not take the payment (declined, expired, left): say so here,
  // where the shopper chooses again (checkout/success.tsx sends her back with the order cancelled).
  const [params] = useSearchParams();
  const declined = GATEWAY_METHODS_ALL.find((m) => m === params.get('declined')) ?? null;

  /** Analytics: the payment chosen, with the lines it would pay for. */
  function trackPaymentInfo(paymentType: string) {
    const paying = lines.map((e) => ({ sku: e.sku, product: e.product, count: e.count }));
    const coupon = checkout.coupon;
    track((b, ctx) =>
      b.addPaymentInfo({
        currency: ctx.currency.currency,
        items: paying.map((e) => b.cartItem(e, ctx, e.count)),
        paymentType,
        coupon,
      }),
    );
  }

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
        // The currency of the totals she sees: a country switched since (another tab, the header) is
        // refused with checkout_country_changed rather than placed in terms she has not seen (issue 77).
        currency: totals.currency,
        items: lines.map((e) => ({ sku_id: e.sku.id, count: e.count, ...(e.every ? { every: e.every } : {}) })),
        ...(checkout.coupon ? { coupon: checkout.coupon } : {}),
        ...giftsOf(totals),
        // Points and a friend's code as the quote applied them (a refused ask is not sent: it was shown).
        ...(totals.points?.used ? { points: totals.points.used } : {}),
        ...(totals.referral?.applied ? { referral_code: totals.referral.code } : {}),
        // The speed the totals were priced with: placing refuses one her address does not get.
        ...(totals.arrival ? { speed: totals.arrival.speed } : {}),
        payment_method: checkout.paymentMethod,
        ...(checkout.paymentMethod === 'card' && cardMethod ? { card_method: cardMethod } : {}),
        ...(checkout.paymentMethod === 'card' && cardMethod === 'stc_pay' ? { stc_pay_phone: stcPayPhone } : {}),
        // Sent only when the shopper touched the box: otherwise the account's choice holds.
        ...(checkout.whatsappUpdates !== undefined && whatsappPhone
          ? { whatsapp_updates: checkout.whatsappUpdates }
          : {}),
        use_wallet: checkout.paymentMethod === 'wallet' || checkout.useWallet,
        ...(gift
          ? { gift, ...(user ? {} : { email: checkout.email }) }
          : user
            ? { address_id: checkout.addressId }
            : { address: checkout.guestAddress, email: checkout.email }),
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
        // Points and a friend's code were this order's (a kept ref cookie is not offered again).
        Object.assign(checkout, { points: 0, referralCode: null });
        clearCheckout();
        clearDraft(GUEST_ADDRESS_DRAFT);
        forgetGift();
        navigate(`${href('/checkout/success')}?order=${order.id}`);
      }
    } catch (e) {
      if (e instanceof ApiFailure && e.status >= 400 && e.status < 500) checkout.idempotencyKey = null;
      saveCheckout();
      const key = e instanceof ApiFailure ? (e.meta.key ?? e.meta.msg) : 'server_error';
      // The review step has no fields to highlight: a detail the API refused is fixed on the shipping step.
      const shown =
        key === 'validation_failed'
          ? 'form_fields_unmatched'
          : e instanceof ApiFailure && e.status === 401
            ? 'session_ended'
            : key;
      setError(has(shown) ? tKey(shown) : t('server_error'));
      setCartProblem(key === 'cart_changed' || key === 'out_of_stock');
      // Her points or a friend's code changed under her (another checkout, a first order), or her country
      // did (issue 77): ask again, in the country the next attempt is placed in.
      // So does cash on delivery the owner turned off or capped meanwhile (issue 77): the list says why.
      if (
        key.startsWith('points_') ||
        key.startsWith('referral_') ||
        key.startsWith('cod_') ||
        key === 'checkout_country_changed'
      )
        retryTotals();
      setDetailsProblem(
        key === 'validation_failed' || key === 'address_country_mismatch' || key === 'address_required',
      );
      setErrorCount((n) => n + 1);
    } finally {
      setSending(false);
    }
  }

  return (
    <Page title={t('page_checkout_order')} crumbs={[{ label: t('page_cart'), to: href('/cart') }]}>
      <Steps current="order" />
      <CountryMoveNotice />
      {declined && !error && (
        <div className="form-alert" role="alert" data-testid="payment-declined">
          <p>{t('payment_declined_back', { method: paymentWayName(t, declined) })}</p>
        </div>
      )}
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
                      {priced?.every && (
                        <span className="cart-line-meta review-line-every" data-testid="review-line-every">
                          {t('sub_line_every', { every: frequencyLabel(t, priced.every) })}
                        </span>
                      )}
                    </span>
                    {priced && totals && <bdi>{minor(priced.line_total, totals.currency)}</bdi>}
                  </li>
                );
              })}
            </ul>
            {totals && <ReviewGifts totals={totals} />}
            <Link to={href('/cart')}>{t('checkout_back_to_cart')}</Link>
          </section>
          {gift && (
            <section className="form-card" aria-labelledby="review-gift-title">
              <Suspense fallback={null}>
                <GiftSummary gift={gift} country={gift.country} headingId="review-gift-title" />
              </Suspense>
              <h3>{t('gift_address_title')}</h3>
              <AddressText inline address={{ ...gift, label: '', ...state.giftPlaces }} testId="review-address" />
              <Link to={href('/checkout/shipping')}>{t('checkout_change')}</Link>
            </section>
          )}
          {!gift && (
            <section className="form-card" aria-labelledby="review-address-title">
              <h2 id="review-address-title">{t('order_address')}</h2>
              {address && (
                <AddressText
                  inline
                  address={{ ...address, ...state.guestPlaces }}
                  email={state.email}
                  testId="review-address"
                />
              )}
              {deliveryAddress && <AddressText inline address={deliveryAddress} testId="review-address" />}
              <Link to={href('/checkout/shipping')}>{t('checkout_change')}</Link>
            </section>
          )}
          {totals?.arrival && (
            <SpeedChoice
              arrival={totals.arrival}
              chosen={state.speed ?? null}
              format={(n) => minor(n, totals.currency)}
              onSpeed={(speed) => (checkout.speed = speed)}
            />
          )}
          <PointsControl totals={totals} />
          <section className="form-card" aria-labelledby="payment-title">
            <h2 id="payment-title">{t('checkout_payment_title')}</h2>
            <PaymentChoice
              methods={totals?.payment_methods ?? ['cod', 'card']}
              method={state.paymentMethod}
              onMethod={(m: PaymentMethod) => {
                checkout.paymentMethod = m;
                trackPaymentInfo(m);
              }}
              label={(m) =>
                m === 'wallet'
                  ? t('pay_wallet', {
                      amount: minor(
                        totals?.wallet_balance ?? 0,
                        totals?.currency ?? COUNTRY_FACTS[DEFAULT_COUNTRY].currency,
                      ),
                    })
                  : t(m === 'cod' ? 'pay_cod' : 'pay_card')
              }
              cardMethods={cardMethods}
              cardMethod={cardMethod}
              onCardMethod={(m) => {
                checkout.cardMethod = m;
                trackPaymentInfo(`card_${m}`);
              }}
              extras={
                totals
                  ? {
                      due: totals.due,
                      format: (n) => minor(n, totals.currency),
                      unavailable: totals.unavailable_methods ?? [],
                      stcPayPhone,
                      onStcPayPhone: (phone) => (checkout.stcPayPhone = phone),
                    }
                  : undefined
              }
            />
            {subscribing && <p className="form-note">{t('sub_payment_note')}</p>}
            {whatsappPhone && (
              <label className="checkbox">
                <input
                  type="checkbox"
                  checked={whatsappUpdates}
                  onChange={(e) => (checkout.whatsappUpdates = e.target.checked)}
                  data-testid="whatsapp-updates"
                />
                <span>{t('checkout_whatsapp_updates', { phone: `\u2066${whatsappPhone}\u2069` })}</span>
              </label>
            )}
            {user && state.paymentMethod !== 'wallet' && (totals?.wallet_balance ?? 0) > 0 && (
              <label className="checkbox">
                <input
                  type="checkbox"
                  checked={state.useWallet}
                  onChange={(e) => (checkout.useWallet = e.target.checked)}
                />
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
          <ReferralForm totals={totals} />
          <button
            type="button"
            className="button wide"
            disabled={!totals || sending || !lines.length}
            onClick={() => void place()}
            data-testid="place-order"
          >
            {sending ? t('checkout_placing') : t('checkout_place_order')}
          </button>
        </aside>
      </div>
    </Page>
  );
}
