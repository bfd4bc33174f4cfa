// One order's details (success page, order detail): items, delivery address, payment and totals,
// and for a Saudi order its simplified tax invoice.
import '../styles/orders.css';
import type { Address } from '#shared/api/account-schemas';
import type { OrderView } from '#shared/orders/types';
import { AddressText } from '../accounts/AddressText';
import { useI18n } from '../i18n/context';
import { useMinor } from '../lib/locale';
import { Totals } from './Totals';
import { GiftLines } from './gifts';
import { OrderRefunds } from './OrderRefunds';
import { PayLaterSchedule } from './PayLaterSchedule';
import { isPayLater } from '#shared/payments/gateway-methods';
import { lazy, Suspense } from 'react';

// The invoice (and its QR encoder) loads only for an order that has one: Saudi orders.
const TaxInvoice = lazy(() => import('./TaxInvoice').then((m) => ({ default: m.TaxInvoice })));
// A gift's part loads only for a gift order (decision 34).
const GiftSummary = lazy(() => import('./GiftSummary').then((m) => ({ default: m.GiftSummary })));

export function OrderSummary({ order }: { order: OrderView }) {
  const { t } = useI18n();
  const minor = useMinor();
  const m = (n: number) => <bdi>{minor(n, order.currency)}</bdi>;
  const a = order.address as unknown as Address;
  const corrected = order.tracking?.corrected_address ?? null;
  const totals = order.totals;
  return (
    <div className="order-summary">
      <section aria-labelledby={`order-${order.id}-items`}>
        <h2 id={`order-${order.id}-items`} className="section-title">
          {t('checkout_items_title')}
        </h2>
        <ul className="order-items">
          {order.items.map((i) => (
            <li key={i.sku_id}>
              {i.image ? (
                <img src={i.image} alt="" width={56} height={56} loading="lazy" />
              ) : (
                <span className="order-item-image" />
              )}
              <span>
                {i.name} <span className="cart-line-meta">({i.sku_name})</span> × {i.count}
              </span>
              {m(i.line_total)}
            </li>
          ))}
        </ul>
      </section>
      {order.gift && (
        <section aria-labelledby={`order-${order.id}-gift`}>
          <Suspense fallback={null}>
            <GiftSummary gift={order.gift} country={order.country} headingId={`order-${order.id}-gift`} />
          </Suspense>
        </section>
      )}
      <GiftLines promotions={order.promotions ?? []} currency={order.currency} />
      <section aria-labelledby={`order-${order.id}-address`}>
        <h2 id={`order-${order.id}-address`} className="section-title">
          {t('order_address')}
        </h2>
        {corrected ? (
          // Her corrected address and phone after a failed attempt (issue 73): where the parcel goes now.
          <address className="order-address" data-testid="order-address-corrected">
            <bdi>{a.recipient}</bdi>
            {corrected.lines.map((line, i) => (
              <bdi key={i}>{line}</bdi>
            ))}
            <bdi dir="ltr">{corrected.phone}</bdi>
          </address>
        ) : (
          <AddressText address={a} />
        )}
        <h2 className="section-title">{t('order_payment')}</h2>
        <p>
          {order.payment_method === 'card'
            ? `${t('pay_card')} · ${t(`card_${order.card_method as 'knet'}`)}`
            : order.payment_method === 'wallet'
              ? t('pay_wallet_short')
              : t('pay_cod')}
        </p>
        {order.payment_method === 'card' &&
          isPayLater(order.card_method) &&
          totals.due > 0 &&
          order.status !== 'cancelled' &&
          order.status !== 'payment_failed' && (
            <PayLaterSchedule
              method={order.card_method}
              amount={totals.due}
              currency={order.currency}
              country={order.country}
              purchasedAt={order.created_at}
            />
          )}
      </section>
      <section aria-labelledby={`order-${order.id}-totals`}>
        <h2 id={`order-${order.id}-totals`} className="section-title">
          {t('order_totals')}
        </h2>
        <Totals totals={{ ...totals, currency: order.currency, vat_basis_points: order.vat_basis_points }} />
      </section>
      <OrderRefunds order={order} />
      {order.tax_invoice && (
        <Suspense fallback={null}>
          <TaxInvoice
            invoice={order.tax_invoice}
            currency={order.currency}
            gifts={(order.promotions ?? []).flatMap((p) => (p.gift ? [p.gift] : []))}
            discounts={totals}
          />
        </Suspense>
      )}
    </div>
  );
}
