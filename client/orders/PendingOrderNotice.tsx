// On the cart: a card order this browser left on the card page (closed tab, back button) is still
// waiting for its payment; the shopper can go back to it to pay or cancel instead of ordering twice.
import '../styles/orders.css';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useI18n } from '../i18n/context';
import { useHref } from '../lib/locale';
import { leadsBack, readPendingOrder, type OrderMark } from '../stores/checkout';

export function PendingOrderNotice() {
  const { t } = useI18n();
  const href = useHref();
  // Read after mount: the server render knows nothing of this browser's storage.
  const [mark, setMark] = useState<OrderMark | null>(null);
  useEffect(() => {
    const pending = readPendingOrder();
    setMark(leadsBack(pending) ? pending : null);
  }, []);
  if (!mark) return null;
  return (
    <div className="form-note" role="status" data-testid="pending-order-notice">
      <p>
        {t('pending_order_notice', { id: mark.id })}{' '}
        <Link to={`${href('/checkout/success')}?order=${mark.id}`}>{t('pending_order_open')}</Link>
      </p>
    </div>
  );
}
