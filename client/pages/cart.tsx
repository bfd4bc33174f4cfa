// /cart: items (image, name, size, price with old price, quantity within the buy limit, remove), what
// changed since they were added (cart sync), giveaways, purchase-together suggestions, the order
// summary with the coupon field, the free-delivery banner and the checkout button. Below, the separate
// blood-test cart (client/blood-tests/BloodTestCartSection.tsx).
import { SuggestionSection } from '../analytics/picked';
import '../styles/orders.css';
import '../styles/blood-tests.css';
import { type ReactNode, useContext, useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { snapshot, useSnapshot } from 'valtio';
import type { ProductCard as Card, SkuPrice } from '#shared/catalogue/types';
import type { CalculateResult } from '#shared/orders/types';
import { paths } from '#shared/routes';
import { FreeDeliveryBanner } from '../cart/FreeDeliveryBanner';
import { RestoredNotice } from '../cart/RestoredNotice';
import { cartPayableMinor } from '../cart/payable';
import { ProductGrid } from '../catalogue/ProductCard';
import { Price } from '../catalogue/Price';
import { QuantityControl } from '../cart/QuantityControl';
import { BloodTestCartSection } from '../blood-tests/BloodTestCartSection';
import { useI18n } from '../i18n/context';
import { T } from '../i18n/T';
import { PricesPending, useCurrency, useHref, useMinor, usePrice } from '../lib/locale';
import { ApiContext } from '../providers';
import { useSessionStore } from '../stores/session';
import { cart, removeFromCart } from '../cart/cart-store';
import { applySkuSync, buyableEntries, cartPrice, type CartChange } from '../cart/cart-sync';
import type { CartSync } from '#shared/catalogue/product-responses';
import { checkout, restoreCheckout, saveCheckout } from '../stores/checkout';
import { Icon } from '../ui/Icon';
import { Totals } from '../orders/Totals';
import PayLaterNote from '../orders/PayLaterNote';
import { CouponForm } from '../orders/CouponForm';
import { PendingOrderNotice } from '../orders/PendingOrderNotice';
import { TotalsFailed } from '../orders/TotalsFailed';
import { useOrderTotalsState } from '../orders/use-order-totals';
import { EmptyState, Page } from '../ui/Page';
import { responsive } from '../ui/responsive-image';
import { track } from '../analytics/track';
import { CartGifts } from '../cart/CartGifts';
import { giftChoiceList, giftChoices, restoreGiftChoices } from '../orders/gifts';
import { SubscribeChoice } from '../subscriptions/SubscribeChoice';
import { setLineEvery } from '../subscriptions/cart-every';
import { openAuthModal } from '../stores/auth-modal';
import { OrderBy } from '../delivery/OrderBy';
import { CountryMoveNotice, useCartCountry } from '../cart/CountryMoveNotice';
import { noteCouponOfOldCountry, noteDropped } from '../cart/country-move';
import { bloodTestCart } from '../blood-tests/cart-state';
import type { PageDeclaration } from '../page-table';

/** Where the page is served and what loads with it (decision 67): read at build time, never run. */
export const page = {
  texts: ['orders', 'catalogue', 'blood-tests', 'subscriptions'],
  siteIndex: 'shop',
} satisfies PageDeclaration;

export function Component() {
  const { t, lang } = useI18n();
  const href = useHref();
  const navigate = useNavigate();
  const api = useContext(ApiContext)!;
  const { items, loaded } = useSnapshot(cart);
  const [changes, setChanges] = useState<CartChange[]>([]);
  const [together, setTogether] = useState<Card[]>([]);
  const entries = Object.values(items);
  const ids = entries
    .map((e) => e.sku.id)
    .sort((a, b) => a - b)
    .join(',');
  const { coupon } = useSnapshot(checkout);
  const { byPromotion } = useSnapshot(giftChoices);

  useEffect(restoreCheckout, []);
  useEffect(restoreGiftChoices, []);
  // A cart shown in another country than before (issue 77): the old country's choices go (after the
  // kept ones were read above). An empty cart (both carts) is in no country.
  const { items: tests, loaded: testsLoaded } = useSnapshot(bloodTestCart);
  useCartCountry(loaded && testsLoaded, Object.keys(items).length > 0 || Object.keys(tests).length > 0);

  // A cart reminder's link (/cart?restore=…, issue 64): its code loads only then; the address is
  // cleaned at once, so a reload or a shared address does not bring it back twice.
  const [params, setParams] = useSearchParams();
  const restoreToken = params.get('restore');
  const session = useSessionStore();
  const { country } = useSnapshot(session);
  useEffect(() => {
    if (!restoreToken) return;
    setParams({}, { replace: true });
    void import('../cart/restore-link').then((m) => m.restoreFromLink(api, session, restoreToken));
  }, [restoreToken, setParams, api, session]);

  // Cart sync (spec §4): fresh SKU data when the cart loads, when its SKUs change and in a new country
  // (what that country does not sell leaves the cart, issue 77).
  //
  // The country the lines' prices were last synced for: after a switch they are the old country's until
  // the new one's sync arrives, and show no price meanwhile (decision 77).
  const [syncedFor, setSyncedFor] = useState(country);
  useEffect(() => {
    if (!loaded || !ids) return;
    let live = true;
    const asked = country;
    api
      .post<CartSync>('/product/sku', {
        ids: ids.split(',').map(Number),
      })
      .then((res) => {
        if (!live) return;
        const found = applySkuSync(res.data.items, lang, res.data.not_sold);
        noteDropped(
          'product',
          found.filter((f) => f.kind === 'not_sold'),
        );
        const shown = found.filter((f) => f.kind !== 'not_sold');
        if (shown.length) setChanges((prev) => [...prev, ...shown]);
        setTogether(res.data.purchase_together);
        setSyncedFor(asked);
      })
      .catch((error: unknown) => console.warn('cart sync failed', error));
    return () => {
      live = false;
    };
  }, [api, loaded, ids, lang, country]);

  // The server's totals (discount, delivery, VAT) for what can be bought.
  const {
    totals,
    failed: totalsFailed,
    retry: retryTotals,
  } = useOrderTotalsState(loaded, buyableEntries(items as typeof cart.items), {
    coupon,
    gifts: giftChoiceList(byPromotion),
  });
  const currencyInfo = useCurrency();
  // The old country's coupon, refused by the new country's quote after a move: the coupon field drops
  // it, and the move's notice names it.
  useEffect(() => {
    noteCouponOfOldCountry(totals?.coupon ?? null);
  }, [totals]);
  const arrives = totals?.arrival?.promises.find((p) => p.speed === totals.arrival!.speed) ?? null;

  // Every state of the page has the same root, so that its notice (and its live region) lives on when the
  // cart goes from loading or empty to filled: a reminder's link fills it after the page showed it empty.
  const withPrices = (page: ReactNode) => <PricesPending value={syncedFor !== country}>{page}</PricesPending>;
  if (!loaded) {
    return withPrices(
      <Page title={t('page_cart')}>
        <RestoredNotice />
        <p role="status">{t('loading')}</p>
      </Page>,
    );
  }
  if (!entries.length) {
    return withPrices(
      <Page title={t('page_cart')}>
        <RestoredNotice />
        <CountryMoveNotice />
        {/* Where the filled cart has it: a paid order's notice empties the cart and lives on to say so. */}
        <PendingOrderNotice />
        <EmptyState message="empty_cart" action={{ label: 'home_shop_now', to: '/products' }} />
        <BloodTestCartSection />
        <div data-more-to-see="" />
      </Page>,
    );
  }
  const blocked = buyableEntries(items as typeof cart.items).length < entries.length;
  const offerOf = (skuId: number) => totals?.subscribe_offers?.find((o) => o.sku_id === skuId);
  const subtotalFils = cartPrice(items as typeof cart.items);

  const page = (
    <Page title={t('page_cart')}>
      <RestoredNotice />
      <CountryMoveNotice />
      <PendingOrderNotice />
      {changes.length > 0 && <ChangesAlert changes={changes} />}
      <div className="cart-layout">
        <div className="cart-main">
          <ul className="cart-lines" aria-label={t('page_cart')}>
            {entries.map((e) => {
              const unavailable = e.outOfStock || !e.sku.in_stock;
              return (
                <li
                  key={e.sku.id}
                  className={unavailable ? 'cart-line unavailable' : 'cart-line'}
                  data-testid="cart-line"
                >
                  <span className="cart-line-image">
                    {e.product.image && (
                      <img {...responsive(e.product.image, '80px')} alt="" width={80} height={80} loading="lazy" />
                    )}
                  </span>
                  <div className="cart-line-body">
                    <Link to={paths.product(e.product.slug, lang)} className="cart-line-name">
                      {e.product.name}
                    </Link>
                    <span className="cart-line-meta">
                      {e.product.brand.name} · {t('cart_size', { name: e.sku.name })}
                    </span>
                    {typeof e.reason?.[lang] === 'string' && (
                      <span className="cart-line-meta cart-line-reason" data-testid="cart-line-reason">
                        {t('cart_line_reason', { reason: e.reason[lang] })}
                      </span>
                    )}
                    {unavailable ? (
                      <span className="stock-note">{t('cart_unavailable')}</span>
                    ) : (
                      <LinePrice totals={totals} skuId={e.sku.id} price={e.sku.price} />
                    )}
                    {!unavailable && offerOf(e.sku.id) && (
                      <SubscribeChoice
                        offer={offerOf(e.sku.id)!}
                        value={e.every ?? null}
                        onChange={(every) => setLineEvery(e.sku.id, every)}
                        needsAccount={totals?.subscription_problem === 'subscription_needs_account'}
                        onSignIn={() => openAuthModal()}
                      />
                    )}
                  </div>
                  <div className="cart-line-actions">
                    {!unavailable && (
                      <QuantityControl
                        sku={e.sku}
                        product={e.product}
                        origin={{ source: 'Cart' }}
                        removeAtOne={false}
                      />
                    )}
                    <button
                      type="button"
                      className="icon-button"
                      aria-label={t('cart_remove', { name: e.product.name })}
                      onClick={() => removeFromCart(e.sku.id)}
                    >
                      <Icon name="trash" size={18} />
                    </button>
                  </div>
                </li>
              );
            })}
          </ul>
          {totals && totals.promotions.length > 0 && (
            <CartGifts promotions={totals.promotions} currency={totals.currency} />
          )}
        </div>
        <aside className="cart-summary" aria-labelledby="cart-summary-title">
          <h2 id="cart-summary-title">{t('cart_summary')}</h2>
          <FreeDeliveryBanner />
          <Totals totals={totals} subtotalMinor={cartPayableMinor(items as typeof cart.items, currencyInfo)} />
          {/* When it arrives at the speed it would take, for her country before her address is known
              (decision 65); the review step offers the others. Its own line, so the product page's
              promise stays inside that page's chunk. */}
          {arrives && (
            <p className="field-hint" data-testid="cart-arrival">
              {t('delivery_arrives', { day: arrives.day })}
              <OrderBy promise={arrives} />
            </p>
          )}
          {totals && <PayLaterNote minor={totals.total} subscribing={totals.lines.some((l) => l.every !== null)} />}
          {/* What the order earns, from the totals the server computed (issue 61): a guest's is what an
              account would earn (her quote has no points of her own). */}
          {!!totals?.points_to_earn && (
            <p className="field-hint" data-testid="points-earn">
              {totals.points
                ? t('checkout_points_earn', { count: totals.points_to_earn })
                : t('cart_points_earn_sign_in', { count: totals.points_to_earn })}
            </p>
          )}
          {totalsFailed && <TotalsFailed failed={totalsFailed} onRetry={retryTotals} />}
          <CouponForm result={totals?.coupon ?? null} failed={totalsFailed} onApply={retryTotals} />
          {blocked && <p className="form-note">{t('cart_checkout_blocked')}</p>}
          <button
            type="button"
            className="button wide"
            disabled={blocked}
            data-testid="cart-checkout"
            onClick={() => {
              checkout.subtotal = subtotalFils;
              saveCheckout();
              trackBeginCheckout(coupon);
              navigate(href('/checkout/shipping'));
            }}
          >
            {t('cart_checkout')}
          </button>
        </aside>
      </div>
      {together.length > 0 && (
        <SuggestionSection
          list="cart-together"
          items={together.slice(0, 4)}
          className="cart-together"
          labelledBy="cart-together-title"
        >
          <h2 id="cart-together-title" className="section-title">
            {t('cart_together')}
          </h2>
          <ProductGrid products={together.slice(0, 4)} origin={{ source: 'Purchase Together' }} />
        </SuggestionSection>
      )}
      <BloodTestCartSection />
      <div data-more-to-see="" />
    </Page>
  );
  return withPrices(page);
}

/** A subscribed line's price is the server's, its one-time price struck through; others as the SKU says. */
function LinePrice({ totals, skuId, price }: { totals: CalculateResult | null; skuId: number; price: SkuPrice }) {
  const minor = useMinor();
  const line = totals?.lines.find((l) => l.sku_id === skuId);
  if (!totals || !line?.every) return <Price price={price} />;
  return (
    <Price
      price={{ price: line.unit_price, old_price: line.old_unit_price }}
      format={(n) => minor(n, totals.currency)}
    />
  );
}

function ChangesAlert({ changes }: { changes: CartChange[] }) {
  const { t } = useI18n();
  const price = usePrice();
  return (
    <div className="form-alert" role="alert" data-testid="cart-changes">
      <p>{t('cart_changes_title')}</p>
      <ul>
        {changes.map((c, i) => (
          <li key={i}>
            {c.kind === 'limit' ? (
              t('cart_change_limit', { name: c.name, from: c.from, to: c.to })
            ) : c.kind === 'price' ? (
              <T k="cart_change_price" values={{ name: c.name, from: price(c.from), to: price(c.to) }} />
            ) : (
              t('cart_change_unavailable', { name: c.name })
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Analytics: the cart's lines as they leave for checkout. */
function trackBeginCheckout(coupon: string | null | undefined): void {
  const lines = buyableEntries(snapshot(cart).items as typeof cart.items);
  track((b, ctx) =>
    b.beginCheckout({
      currency: ctx.currency.currency,
      items: lines.map((e) => b.cartItem(e, ctx, e.count)),
      coupon,
    }),
  );
}
