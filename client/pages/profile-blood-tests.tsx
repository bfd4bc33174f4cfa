// /profile/blood-tests: the shopper's blood tests in one place: the latest bookings (all of them on
// /profile/blood-tests/ordered) and the latest results uploaded from other labs (all of them on
// /profile/blood-tests/uploaded), with the way to upload another.
import '../styles/orders.css';
import '../styles/blood-test-booking.css';
import '../styles/blood-test-uploads.css';
import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import type { UploadedResultList } from '#shared/api/blood-test-upload-schemas';
import { ApiFailure } from '#shared/api/client';
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

type Data = { list: BloodTestOrderList; uploads: UploadedResultList | null };

export async function loader(args: LoaderFunctionArgs): Promise<Data> {
  const api = args.context.get(apiContext);
  return signedInCall(args, async () => {
    const [list, uploads] = await Promise.all([
      api.get<BloodTestOrderList>(BT_API.list),
      // The bookings still show when the uploads cannot be read; a lost session counts for both.
      api.get<UploadedResultList>(UPLOAD_API.list()).catch((error: unknown) => {
        if (error instanceof ApiFailure && error.status === 401) throw error;
        return null;
      }),
    ]);
    return { list: list.data, uploads: uploads?.data ?? null };
  });
}

export function Component() {
  const { list, uploads } = useLoaderData() as Data;
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
          {uploads && <UploadedList items={uploads.items} compact />}
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
