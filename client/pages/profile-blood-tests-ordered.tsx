// /profile/blood-tests/ordered: the shopper's blood-test bookings, newest first; one booking (?id=)
// with its timeline, patient, visit, address, tests, amounts and what can still be done. Another
// shopper's id is a not-found (the API answers 404 for it; nothing tells it exists).
import '../styles/orders.css';
import '../styles/blood-test-booking.css';
import { data, useLoaderData, useRevalidator, type LoaderFunctionArgs } from 'react-router';
import { ApiFailure } from '#shared/api/client';
import type { BloodTestOrderDetail, BloodTestOrderList } from '#shared/blood-tests/order-types';
import { formatDate } from '#shared/text/dates';
import { signedInCall } from '../accounts/guard';
import { apiContext } from '../boot';
import { BT_API } from '../blood-tests/api-paths';
import { BookingActions } from '../blood-tests/BookingActions';
import { BookingFacts } from '../blood-tests/BookingFacts';
import { BookingTimeline } from '../blood-tests/BookingTimeline';
import { BookingList } from '../blood-tests/BookingList';
import { BookingResults } from '../blood-tests/BookingResults';
import { useI18n } from '../i18n/context';
import { useHref } from '../lib/locale';
import { Page } from '../ui/Page';
import type { PageDeclaration } from '../page-table';

/** Where the page is served and what loads with it (decision 67): read at build time, never run. */
export const page = { group: 'booking', texts: ['orders', 'accounts'], siteIndex: 'account' } satisfies PageDeclaration;

type Data = { order: BloodTestOrderDetail } | { list: BloodTestOrderList };

export async function loader(args: LoaderFunctionArgs): Promise<Data> {
  const api = args.context.get(apiContext);
  const id = new URL(args.request.url).searchParams.get('id');
  if (id !== null) {
    if (!/^\d{1,16}$/.test(id)) throw data(null, { status: 404 });
    return signedInCall(args, async () => {
      try {
        return { order: (await api.get<BloodTestOrderDetail>(BT_API.order(Number(id)))).data };
      } catch (error) {
        if (error instanceof ApiFailure && (error.status === 404 || error.status === 403))
          throw data(null, { status: 404 });
        throw error;
      }
    });
  }
  return signedInCall(args, async () => ({ list: (await api.get<BloodTestOrderList>(BT_API.list)).data }));
}

export function Component() {
  const loaded = useLoaderData() as Data;
  return 'order' in loaded ? <Detail order={loaded.order} /> : <BookingList list={loaded.list} />;
}

function Detail({ order }: { order: BloodTestOrderDetail }) {
  const { t, lang } = useI18n();
  const href = useHref();
  const revalidator = useRevalidator();
  return (
    <Page
      title={t('order_number', { id: order.id })}
      crumbs={[
        { label: t('page_profile'), to: href('/profile') },
        { label: t('page_profile_blood_tests'), to: href('/profile/blood-tests') },
        { label: t('page_profile_blood_tests_ordered'), to: href('/profile/blood-tests/ordered') },
      ]}
    >
      <p className="cart-line-meta">
        {t('order_placed_on', { date: formatDate(Date.parse(order.created_at), lang, order.country, { hijri: true }) })}
      </p>
      <BookingTimeline order={order} />
      <div className="bt-sections">
        <BookingResults results={order.results ?? []} />
        <BookingActions order={order} onChanged={() => revalidator.revalidate()} />
        <BookingFacts order={order} />
      </div>
    </Page>
  );
}
