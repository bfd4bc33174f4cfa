// /profile/blood-tests: the shopper's blood tests in one place: the latest bookings (all of them on
// /profile/blood-tests/ordered) and the latest results uploaded from other labs (all of them on
// /profile/blood-tests/uploaded), with the way to upload another.
import '../styles/orders.css';
import '../styles/blood-test-booking.css';
import '../styles/blood-test-uploads.css';
import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import useSWR from 'swr';
import type { UploadedResultList } from '#shared/api/blood-test-upload-schemas';
import type { BloodTestOrderList } from '#shared/blood-tests/order-types';
import { signedInCall } from '../accounts/guard';
import { apiContext } from '../boot';
import { BT_API } from '../blood-tests/api-paths';
import { UPLOAD_API } from '../blood-tests/upload-api';
import { UploadedList } from '../blood-tests/UploadedList';
import { useI18n } from '../i18n/context';
import { useHref } from '../lib/locale';
import { Page } from '../ui/Page';
import { BookingList } from '../blood-tests/BookingList';

type Data = { list: BloodTestOrderList };

export async function loader(args: LoaderFunctionArgs): Promise<Data> {
  const api = args.context.get(apiContext);
  return signedInCall(args, async () => ({ list: (await api.get<BloodTestOrderList>(BT_API.list)).data }));
}

export function Component() {
  const { list } = useLoaderData() as Data;
  // The latest uploads load once the page is live: read in the loader too, they made the page's fourth
  // D1 round trip (budget: three). A failure leaves the way to upload, never an error page.
  const { data: uploads, error } = useSWR<UploadedResultList>(UPLOAD_API.list());
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
          <p className="uploaded-intro">{t('bt_uploaded_intro')}</p>
          {uploads ? <UploadedList items={uploads.items} compact /> : !error && <p className="muted">{t('loading')}</p>}
          {(!uploads || uploads.items.length > 0) && (
            <p className="form-actions">
              <Link className="button" to={href('/upload-blood-test')} data-testid="bt-hub-upload">
                {t('upload_new')}
              </Link>
              {uploads && (
                <Link to={href('/profile/blood-tests/uploaded')} data-testid="bt-hub-uploaded-all">
                  {t('bt_uploaded_view_all')}
                </Link>
              )}
            </p>
          )}
        </section>
      </div>
    </Page>
  );
}
