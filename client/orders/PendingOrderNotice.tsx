// On the cart: a card order this browser left on the card page (closed tab, back button) is still
// waiting for its payment; the shopper can go back to it to pay or cancel instead of ordering twice.
// Her payment may also have gone through while she was away from the page that follows it (she left the
// thanks page before it had read the order): the order's own status decides, and a paid order empties
// the cart here as that page would have (settle-order.ts), saying so.
import '../styles/orders.css';
import { useContext, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useI18n } from '../i18n/context';
import { useHref } from '../lib/locale';
import { ApiContext } from '../providers';
import { type LeftOrder, leftOrder } from './settle-order';

export function PendingOrderNotice() {
  const { t } = useI18n();
  const href = useHref();
  const api = useContext(ApiContext)!;
  // Read after mount: the server render knows nothing of this browser's storage.
  const [shown, setShown] = useState<LeftOrder>(null);
  useEffect(() => {
    let live = true;
    void leftOrder(api).then((left) => live && setShown(left));
    return () => {
      live = false;
    };
  }, [api]);
  if (!shown) return null;
  return (
    <div className="form-note" role="status" data-testid="pending-order-notice">
      <p>
        {t(shown.paid ? 'pending_order_paid' : 'pending_order_notice', { id: shown.id })}{' '}
        <Link to={`${href('/checkout/success')}?order=${shown.id}`}>
          {t(shown.paid ? 'pending_order_view' : 'pending_order_open')}
        </Link>
      </p>
    </div>
  );
}
