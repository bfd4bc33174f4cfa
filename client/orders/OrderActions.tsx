// What can be done with an order waiting for its payment (success page, order detail): Pay now
// (resumes the open charge; "Pay again" after a failed one) and Cancel (the shopper gives up: stock,
// coupon and wallet part come back). The caller gets the cancelled order.
import { useContext, useState } from 'react';
import { ApiFailure } from '../../shared/api/client';
import type { OrderView } from '../../shared/orders/types';
import { useI18n } from '../i18n/context';
import { ApiContext } from '../providers';
import { toast } from '../stores/toasts';
import { markPendingOrder, readPendingOrder } from '../stores/checkout';
import { payAgain } from './pay-again';

export function OrderActions({ order, onCancelled }: { order: OrderView; onCancelled: (order: OrderView) => void }) {
  const { t } = useI18n();
  const api = useContext(ApiContext)!;
  const [busy, setBusy] = useState(false);
  if (!order.can_pay_again && !order.can_cancel) return null;

  async function pay() {
    setBusy(true);
    // An order of this browser's checkout waits for its charge again.
    const mark = readPendingOrder();
    if (mark?.id === order.id) markPendingOrder({ id: mark.id, link: mark.link });
    if (!(await payAgain(api, order.id))) setBusy(false);
  }

  async function cancel() {
    setBusy(true);
    try {
      const res = await api.post<{ order: OrderView }>('/order/cancel', { order_id: order.id });
      onCancelled(res.data.order);
    } catch (e) {
      toast.apiError(e instanceof ApiFailure ? (e.meta.key ?? e.meta.msg) : 'server_error');
    } finally {
      setBusy(false);
    }
  }

  return (
    <p className="form-actions">
      {order.can_pay_again && (
        <button type="button" className="button" onClick={() => void pay()} disabled={busy} data-testid="pay-again">
          {t(order.status === 'pending_payment' ? 'order_pay_now' : 'success_pay_again')}
        </button>
      )}
      {order.can_cancel && (
        <button type="button" className="button button-secondary" onClick={() => void cancel()} disabled={busy} data-testid="cancel-order">
          {t('order_cancel')}
        </button>
      )}
    </p>
  );
}
