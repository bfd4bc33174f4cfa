// /profile/blood-tests: the shopper's blood tests in one place: the latest bookings (all of them on
// /profile/blood-tests/ordered) and, from issue 15, results uploaded from other labs.
import '../styles/orders.css';
import '../styles/blood-test-booking.css';
import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import type { BloodTestOrderList } from '#shared/blood-tests/order-types';
import { signedInCall } from '../accounts/guard';
import { apiContext } from '../boot';
import { BT_API } from '../blood-tests/api-paths';
import { useI18n } from '../i18n/context';
import { useHref } from '../lib/locale';
import { Page } from '../ui/Page';
import { BookingList } from '../blood-tests/BookingList';

export async function loader(args: LoaderFunctionArgs): Promise<{ list: BloodTestOrderList }> {
  const api = args.context.get(apiContext);
  return signedInCall(args, async () => ({ list: (await api.get<BloodTestOrderList>(BT_API.list)).data }));
}

export function Component() {
  const { list } = useLoaderData() as { list: BloodTestOrderList };
  const { t } = useI18n();
  const href = useHref();
  return (
    <Page title={t('page_profile_blood_tests')} crumbs={[{ label: t('page_profile'), to: href('/profile') }]}>
      <div className="bt-sections">
        <section className="form-card" aria-labelledby="bt-ordered-title" data-testid="bt-hub-ordered">
          <h2 id="bt-ordered-title">{t('bt_orders_title')}</h2>
          <BookingList list={list} compact />
          {list.items.length > 0 && <Link to={href('/profile/blood-tests/ordered')}>{t('bt_view_all')}</Link>}
        </section>
        <section className="form-card" aria-labelledby="bt-uploaded-title" data-testid="bt-hub-uploaded">
          <h2 id="bt-uploaded-title">{t('bt_uploaded_title')}</h2>
          <p>{t('bt_uploaded_soon')}</p>
        </section>
      </div>
    </Page>
  );
}
