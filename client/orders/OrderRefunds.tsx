// The money an order gave back: each refund with its amount, where it went (wallet or card), why and
// when; the total refunded and what the order cost after it. A Saudi refund shows its credit note.
import { lazy, Suspense } from 'react';
import type { OrderView } from '#shared/orders/types';
import { formatDate } from '#shared/text/dates';
import { useI18n } from '../i18n/context';
import { MinorMoney } from '../ui/Money';
import { isPayLater } from '#shared/payments/gateway-methods';
import type { Translator } from '#shared/i18n';

/** Where a refund went: the wallet, or back the way the order was paid (a pay-later plan shrinks). */
function refundedTo(t: Translator['t'], refundMethod: string, paidWith: string | null): string {
  if (refundMethod === 'wallet') return t('order_refund_to_wallet');
  if (isPayLater(paidWith)) return t('order_refund_to_pay_later', { method: t(`pay_later_name_${paidWith}`) });
  return t(paidWith === 'stc_pay' ? 'order_refund_to_stc_pay' : 'order_refund_to_card');
}

// Only an order with a Saudi refund loads the note and its QR encoder.
const CreditNote = lazy(() => import('./TaxInvoice').then((m) => ({ default: m.CreditNote })));

export function OrderRefunds({ order }: { order: OrderView }) {
  const { t, lang } = useI18n();
  if (!order.refunds?.length) return null;
  return (
    <section aria-labelledby={`order-${order.id}-refunds`} data-testid="order-refunds">
      <h2 id={`order-${order.id}-refunds`} className="section-title">
        {t('order_refunds_title')}
      </h2>
      <ul className="wallet-history order-refunds">
        {order.refunds.map((r) => (
          <li key={r.id} data-testid="order-refund">
            <span>
              {refundedTo(t, r.method, order.card_method)} · {t(`order_refund_reason_${r.reason}`)}
              {r.status === 'pending' ? ` · ${t('order_refund_pending')}` : ''}
            </span>
            <span className="cart-line-meta">{formatDate(r.at, lang, order.country)}</span>
            <MinorMoney minor={r.amount} currency={order.currency} />
          </li>
        ))}
      </ul>
      <dl className="totals">
        <div data-testid="order-refunded">
          <dt>{t('order_refunded_total')}</dt>
          <dd>
            −<MinorMoney minor={order.refunded} currency={order.currency} />
          </dd>
        </div>
        <div>
          <dt>{t('order_after_refunds')}</dt>
          <dd>
            <MinorMoney minor={Math.max(0, order.totals.total - order.refunded)} currency={order.currency} />
          </dd>
        </div>
      </dl>
      {order.refunds.some((r) => r.credit_note) && (
        <Suspense fallback={null}>
          {order.refunds.map((r) =>
            r.credit_note ? <CreditNote key={r.id} note={r.credit_note} currency={order.currency} /> : null,
          )}
        </Suspense>
      )}
    </section>
  );
}
