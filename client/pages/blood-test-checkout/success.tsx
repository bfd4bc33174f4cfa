// /checkout-blood-test/success?order=: what happens next (the nurse's visit, the lab, the results),
// the preparation reminder, the visit as a calendar file, and the way to the booking. A card
// payment's outcome may still be on its way from the gateway: the page asks again for a while.
import { useContext, useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { BloodTestOrderDetail } from '#shared/blood-tests/order-types';
import { BT_API } from '#client/blood-tests/api-paths';
import { BookingActions } from '#client/blood-tests/BookingActions';
import { BookingFacts } from '#client/blood-tests/BookingFacts';
import { emptyBookingCart } from '#client/blood-tests/checkout-cart';
import { visitDayText } from '#client/blood-tests/visit-text';
import { windowText } from '#client/blood-tests/SlotPicker';
import { useI18n } from '#client/i18n/context';
import { useHref } from '#client/lib/locale';
import { usePolledOrder } from '#client/orders/use-polled-order';
import { ApiContext } from '#client/providers';
import { Page } from '#client/ui/Page';
import { useSessionStore } from '#client/stores/session';
import { useSnapshot } from 'valtio';
import { firstTime, localStore } from '#client/analytics/once';
import { track } from '#client/analytics/track';
import type { PageDeclaration } from '../../page-table';

/** Where the page is served and what loads with it (decision 67): read at build time, never run. */
export const page = {
  group: 'booking',
  texts: ['orders', 'accounts', 'catalogue', 'blood-tests'],
  id: 'bt-checkout-success',
  siteIndex: 'shop',
} satisfies PageDeclaration;

/** The longest turnaround of the tests in whole days (null when no test says). */
function resultDays(order: BloodTestOrderDetail): number | null {
  const hours = order.items.map((i) => i.turnaround_hours ?? 0);
  const most = Math.max(0, ...hours);
  return most > 0 ? Math.ceil(most / 24) : null;
}

export function Component() {
  const { t, lang } = useI18n();
  const href = useHref();
  const api = useContext(ApiContext)!;
  const [params] = useSearchParams();
  const id = Number(params.get('order'));
  const { order, setOrder, missing } = usePolledOrder<BloodTestOrderDetail>(id, BT_API.order);
  // Where the results' notice goes: her e-mail, or a text to the number an account made with a code
  // signs in with (the API sends it so).
  const { user } = useSnapshot(useSessionStore());
  const textTo = !user?.email && user?.phone_verified && user.phone ? `\u2066${user.phone}\u2069` : null;
  // Back from the card page the cart may still be there (another tab kept it): a placed order empties it.
  useEffect(() => {
    if (order && order.status !== 'cancelled' && order.status !== 'payment_failed') emptyBookingCart();
  }, [order]);

  // Analytics: the booking, once per order on this device, when it stands; how much, never
  // which tests nor the booking's number.
  useEffect(() => {
    if (!order || ['pending_payment', 'payment_failed', 'cancelled'].includes(order.status)) return;
    if (!firstTime(`blood_test_purchase:${order.id}`, localStore())) return;
    const { currency, totals } = order;
    track((b) => b.bloodTestPurchase({ currency, valueMinor: totals.total }));
  }, [order]);

  if (missing || !order) {
    return (
      <Page title={t('page_bt_checkout_success')}>
        <p role={missing ? undefined : 'status'}>{missing ? t('not_found_body') : t('loading')}</p>
      </Page>
    );
  }
  const failed = order.status === 'payment_failed';
  const days = resultDays(order);
  return (
    <Page title={failed ? t('success_failed_title') : t('page_bt_checkout_success')}>
      <div className={failed ? 'form-alert' : 'form-success'} data-testid="bt-result">
        <p>
          {t('success_number')}: <strong data-testid="order-number">{order.id}</strong>
        </p>
        {failed && <p>{t('success_failed')}</p>}
      </div>
      {/* A failed card payment is paid again from here; the booking keeps its visit meanwhile. */}
      {failed && (
        <BookingActions
          order={order}
          onChanged={() => api.get<BloodTestOrderDetail>(BT_API.order(order.id)).then((r) => setOrder(r.data))}
        />
      )}
      <div className="bt-sections">
        <section className="form-card" aria-labelledby="bt-next-title">
          <h2 id="bt-next-title">{t('bt_next_title')}</h2>
          <ol className="prep-list next-steps">
            <li data-testid="bt-next-visit">
              {t('bt_next_visit', {
                address: order.address.text,
                day: visitDayText(order.slot.date, lang, order.country),
                window: windowText(order.slot.date, order.slot.window, lang, order.country),
              })}
            </li>
            <li>{t('bt_next_lab')}</li>
            {days !== null && (
              <li data-testid="bt-next-results">
                {textTo
                  ? t('bt_next_results_phone', { count: days, phone: textTo })
                  : t('bt_next_results', { count: days })}
              </li>
            )}
          </ol>
          <p className="form-actions">
            <a className="button button-secondary" href={BT_API.ics(order.id)} download data-testid="bt-ics">
              {t('bt_add_calendar')}
            </a>
            <Link className="button" to={`${href('/profile/blood-tests/ordered')}?id=${order.id}`}>
              {t('bt_view_order')}
            </Link>
          </p>
        </section>
        <BookingFacts order={order} />
      </div>
    </Page>
  );
}
