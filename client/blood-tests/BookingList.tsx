// The list of the shopper's blood-test bookings: the whole page of /profile/blood-tests/ordered, or
// the latest three on the /profile/blood-tests hub.
import { countryOfCurrency } from '#shared/countries';
import { DEFAULT_COUNTRY, type CountryCode } from '#shared/locale';
import { Link } from 'react-router';
import type { BloodTestOrderList, BloodTestOrderStatus } from '#shared/blood-tests/order-types';
import { useI18n } from '../i18n/context';
import { useHref, useMinor } from '../lib/locale';
import { EmptyState, Page } from '../ui/Page';
import { visitText } from './visit-text';

export function BookingList({ list, compact = false }: { list: BloodTestOrderList; compact?: boolean }) {
  const { t, lang } = useI18n();
  const href = useHref();
  const minor = useMinor();
  const items = compact ? list.items.slice(0, 3) : list.items;
  const body =
    items.length === 0 ? (
      <EmptyState message="bt_orders_empty" action={{ label: 'bt_orders_browse', to: '/blood-test' }} />
    ) : (
      <ul className="order-list">
        {items.map((o) => (
          <li key={o.id} className="order-card" data-testid="bt-order-card">
            <h3>
              <Link to={`${href('/profile/blood-tests/ordered')}?id=${o.id}`}>{t('order_number', { id: o.id })}</Link>
            </h3>
            <span className={`status status-${o.status}`}>{statusText(t, o.status)}</span>
            <p className="cart-line-meta">
              {o.patient_name} · {t('bt_tests_count', { count: o.tests_count })}
            </p>
            <p>{visitText(o.slot, lang, countryOf(o.currency))}</p>
            <p>
              <bdi>{minor(o.total, o.currency)}</bdi>
            </p>
          </li>
        ))}
      </ul>
    );
  if (compact) return body;
  return (
    <Page
      title={t('page_profile_blood_tests_ordered')}
      crumbs={[
        { label: t('page_profile'), to: href('/profile') },
        { label: t('page_profile_blood_tests'), to: href('/profile/blood-tests') },
      ]}
    >
      {body}
    </Page>
  );
}

function countryOf(currency: string): CountryCode {
  return countryOfCurrency(currency) ?? DEFAULT_COUNTRY;
}

function statusText(t: ReturnType<typeof useI18n>['t'], status: BloodTestOrderStatus): string {
  switch (status) {
    case 'sample_collected':
      return t('bt_status_collected');
    case 'at_lab':
      return t('bt_status_at_lab');
    case 'results_ready':
      return t('bt_status_results_ready');
    case 'cancelled':
      return t('bt_status_cancelled');
    case 'payment_failed':
      return t('success_failed_title');
    case 'pending_payment':
      return t('status_pending_payment');
    default:
      return t('bt_status_booked');
  }
}
