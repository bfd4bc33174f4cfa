// /checkout/success: the order, what happens next; a card order's payment outcome is followed here.
import { useContext, useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useSnapshot } from 'valtio';
import type { OrderView } from '#shared/orders/types';
import { formatDate } from '#shared/text/dates';
import { useI18n } from '#client/i18n/context';
import { useHref } from '#client/lib/locale';
import { cart } from '#client/cart/cart-store';
import { forgetPendingOrder, markPendingOrder, orderLinkOf, readPendingOrder } from '#client/stores/checkout';
import { OrderActions } from '#client/orders/OrderActions';
import { usePolledOrder } from '#client/orders/use-polled-order';
import { Page } from '#client/ui/Page';
import { OrderSummary } from '#client/orders/OrderSummary';
import { confirmationNote } from '#client/orders/confirmation-note';
import { settleOrder } from '#client/orders/settle-order';
import { firstTime, localStore } from '#client/analytics/once';
import { track } from '#client/analytics/track';
import type { CurrencyCode } from '#shared/locale';
import { isRedirectMethod } from '#shared/payments/gateway-methods';
import { ApiContext } from '#client/providers';
import { OrderPromiseLine } from '#client/orders/OrderPromiseLine';
import type { PageDeclaration } from '../../page-table';

/** Where the page is served and what loads with it (decision 67): read at build time, never run. */
export const page = {
  texts: ['orders', 'accounts', 'catalogue', 'subscriptions'],
  siteIndex: 'shop',
} satisfies PageDeclaration;

export function Component() {
  const { t, lang } = useI18n();
  const href = useHref();
  const navigate = useNavigate();
  const api = useContext(ApiContext)!;
  const [params] = useSearchParams();
  const id = Number(params.get('order'));
  const { order, setOrder, missing } = usePolledOrder<OrderView>(id, (n) => `/order/${n}`);
  const { loaded: cartLoaded } = useSnapshot(cart);
  const [link, setLink] = useState<string | null>(null);
  // A guest's way back to the order, kept by this browser's checkout.
  useEffect(() => {
    if (Number.isInteger(id) && id > 0) setLink(orderLinkOf(id));
  }, [id]);

  // The card order this browser was waiting for is settled: paid empties the cart (only now), a
  // cancelled one leaves the cart as it was so the shopper can change it or order again.
  useEffect(() => {
    const mark = readPendingOrder();
    if (!order || !cartLoaded || mark?.id !== order.id) return;
    if (order.status === 'pending_payment') return;
    // STC Pay or a pay-later provider did not take it (declined, the code expired, the shopper left):
    // the order is cancelled, which gives its stock and coupon back, and the shopper chooses again on
    // the review step, her cart as it was.
    if (order.status === 'payment_failed' && isRedirectMethod(order.card_method)) {
      const proof = mark.link ? { key: mark.link } : {};
      void api
        .post('/order/cancel', { order_id: order.id, ...proof })
        .catch(() => undefined)
        .then(() => {
          forgetPendingOrder(order.id);
          navigate(`${href('/checkout/order')}?declined=${order.card_method}`, { replace: true });
        });
      return;
    }
    // A failed payment was seen here with its actions: checkout no longer leads back to it, but the
    // mark stays so that paying it again later still empties the cart.
    if (order.status === 'payment_failed') return markPendingOrder({ id: mark.id, link: mark.link, waiting: false });
    settleOrder(order);
  }, [order, cartLoaded, api, href]);

  // Analytics: the purchase, once per order on this device (never again on a reload), when the
  // order stands: placed with cash or wallet, or its card payment succeeded.
  useEffect(() => {
    if (!order || ['pending_payment', 'payment_failed', 'cancelled'].includes(order.status)) return;
    if (!firstTime(`purchase:${order.id}`, localStore())) return;
    const placed = order;
    track((b) =>
      b.purchase({
        orderId: placed.id,
        currency: placed.currency as CurrencyCode,
        totalMinor: placed.totals.total,
        taxMinor: placed.totals.vat,
        shippingMinor: placed.totals.delivery,
        coupon: placed.coupon_code,
        items: placed.items.map((i) => ({
          id: i.sku_id,
          name: i.name,
          variant: i.sku_name,
          priceMinor: i.unit_price,
          quantity: i.count,
        })),
      }),
    );
  }, [order]);

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
  const mailNote = confirmationNote(order);
  const title = failed
    ? t('success_failed_title')
    : waiting
      ? t('success_waiting_title')
      : cancelled
        ? t('order_cancelled_title')
        : t('success_title');
  return (
    <Page title={title}>
      <div className={failed || cancelled ? 'form-alert' : 'form-success'} data-testid="checkout-result">
        <p>
          {t('success_number')}: <strong data-testid="order-number">{order.id}</strong>
        </p>
        <p data-testid="order-date">
          {t('order_placed_on', { date: formatDate(order.created_at, lang, order.country, { hijri: true }) })}
        </p>
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
        {!failed && <OrderPromiseLine order={order} />}
        {mailNote && <p data-testid="mail-note">{t(mailNote, { email: order.email ?? '' })}</p>}
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
