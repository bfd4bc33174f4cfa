// What can be done with an order waiting for its payment (success page, order detail, order lookup):
// Pay now (resumes the open charge; "Pay again" after a failed one) and Cancel (the shopper gives up:
// stock, coupon and wallet part come back). Cancel asks first, in the same confirm dialog as deleting
// an address; once done, the Cancel button is gone, so focus goes to the page heading and the result
// is announced. A guest away from the device that ordered proves the order with its link (`linkKey`).
import '../styles/account.css';
import '../styles/orders.css';
import { useContext, useRef, useState } from 'react';
import { MODAL_CLOSE_MS } from '#shared/constants';
import type { OrderView } from '#shared/orders/types';
import { useI18n } from '../i18n/context';
import { ApiContext } from '../providers';
import { toast } from '../stores/toasts';
import { markPendingOrder, readPendingOrder } from '../stores/checkout';
import { CancelConfirm } from './CancelConfirm';
import { failureKey, payAgain } from './pay-again';

/** The page heading takes focus when the control that had it goes away. */
function focusHeading() {
  const heading = document.querySelector<HTMLElement>('main h1, h1');
  if (!heading) return;
  heading.tabIndex = -1;
  heading.focus();
}

/**
 * Resolves once the confirm dialog has gone: closing a modal <dialog> gives focus back to its opener,
 * here a Cancel button that is disabled or already gone, which would leave focus on <body>.
 */
const dialogGone = () =>
  new Promise<void>((done) => setTimeout(() => requestAnimationFrame(() => done()), MODAL_CLOSE_MS + 20));

export function OrderActions({
  order,
  onCancelled,
  linkKey,
}: {
  order: OrderView;
  onCancelled: (order: OrderView) => unknown;
  linkKey?: string;
}) {
  const { t } = useI18n();
  const api = useContext(ApiContext)!;
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const cancelButton = useRef<HTMLButtonElement>(null);
  if (!order.can_pay_again && !order.can_cancel) return null;
  const proof = linkKey ? { key: linkKey } : {};

  async function pay() {
    setBusy(true);
    // An order of this browser's checkout waits for its charge again.
    const mark = readPendingOrder();
    if (mark?.id === order.id) markPendingOrder({ id: mark.id, link: mark.link });
    if (!(await payAgain(api, order.id, proof))) setBusy(false);
  }

  async function cancel() {
    setConfirming(false);
    setBusy(true);
    const closed = dialogGone();
    try {
      const res = await api.post<{ order: OrderView }>('/order/cancel', { order_id: order.id, ...proof });
      await onCancelled(res.data.order);
      toast.success('order_cancelled_title');
      await closed;
      focusHeading();
    } catch (e) {
      toast.apiError(failureKey(e));
      setBusy(false);
      // Back on the (enabled again) Cancel button, where the shopper was.
      await closed;
      cancelButton.current?.focus();
      return;
    }
    setBusy(false);
  }

  return (
    <>
      <p className="form-actions">
        {order.can_pay_again && (
          <button type="button" className="button" onClick={() => void pay()} disabled={busy} data-testid="pay-again">
            {t(order.status === 'pending_payment' ? 'order_pay_now' : 'success_pay_again')}
          </button>
        )}
        {order.can_cancel && (
          <button
            ref={cancelButton}
            type="button"
            className="button button-secondary"
            onClick={() => setConfirming(true)}
            disabled={busy}
            data-testid="cancel-order"
          >
            {t('order_cancel')}
          </button>
        )}
      </p>
      <CancelConfirm
        open={confirming}
        onClose={() => setConfirming(false)}
        onConfirm={cancel}
        busy={busy}
        title={t('order_cancel_confirm_title')}
        body={t('order_cancel_confirm_body')}
        confirm={t('order_cancel')}
        testId="cancel-order-confirm"
      />
    </>
  );
}
