// /profile/blood-tests: the shopper's blood tests in one place: their results (every value of the
// shop's tests and of uploaded reports, with ranges, trends and suggestions; ?person= for a family
// member's), then the latest bookings (all of them on /profile/blood-tests/ordered) and the latest
// results uploaded from other labs (all of them on /profile/blood-tests/uploaded).
import '../styles/orders.css';
import '../styles/blood-test-booking.css';
import '../styles/blood-test-uploads.css';
import '../styles/blood-test-results.css';
import { Link, useLoaderData, useRevalidator, type LoaderFunctionArgs } from 'react-router';
import useSWR from 'swr';
import { BT_RESULTS_PATHS } from '#shared/api/blood-test-results-paths';
import type { BloodTestResultsView } from '#shared/api/blood-test-results-schemas';
import type { UploadedResultList } from '#shared/api/blood-test-upload-schemas';
import type { BloodTestOrderList } from '#shared/blood-tests/order-types';
import { signedInCall } from '../accounts/guard';
import { apiContext } from '../boot';
import { BT_API } from '../blood-tests/api-paths';
import { ResultsView } from '../blood-tests/results/ResultsView';
import { UPLOAD_API } from '../blood-tests/upload-api';
import { UploadedList } from '../blood-tests/UploadedList';
import { useI18n } from '../i18n/context';
import { useHref } from '../lib/locale';
import { Page } from '../ui/Page';
import { BookingList } from '../blood-tests/BookingList';
import type { PageDeclaration } from '../page-table';

/** Where the page is served and what loads with it (decision 67): read at build time, never run. */
export const page = {
  group: 'booking',
  texts: ['orders', 'accounts', 'blood-test-results'],
  siteIndex: 'account',
} satisfies PageDeclaration;

type Data = { results: BloodTestResultsView };

/** The results call for the page's `?person=` (a family member's patient id); anything else is the account holder. */
export function resultsPath(url: URL): string {
  const person = url.searchParams.get('person');
  return person && /^[0-9]{1,15}$/.test(person)
    ? `${BT_RESULTS_PATHS.results}?patient=${person}`
    : BT_RESULTS_PATHS.results;
}

// The results are the page: the one call of the loader. The bookings and the latest uploads load once
// the page is live (in the loader they made the page's fourth and fifth D1 round trips; budget: three).
export async function loader(args: LoaderFunctionArgs): Promise<Data> {
  const api = args.context.get(apiContext);
  const path = resultsPath(new URL(args.request.url));
  return signedInCall(args, async () => ({ results: (await api.get<BloodTestResultsView>(path)).data }));
}

export function Component() {
  const { results } = useLoaderData() as Data;
  const revalidator = useRevalidator();
  // A failure leaves the way to book or upload, never an error page.
  const { data: list, error: listError } = useSWR<BloodTestOrderList>(BT_API.list);
  const { data: uploads, error } = useSWR<UploadedResultList>(UPLOAD_API.list());
  const { t } = useI18n();
  const href = useHref();
  return (
    <Page title={t('page_profile_blood_tests')} crumbs={[{ label: t('page_profile'), to: href('/profile') }]}>
      <div className="bt-sections">
        <ResultsView view={results} onChanged={() => revalidator.revalidate()} />
        <section className="form-card" aria-labelledby="bt-ordered-title" data-testid="bt-hub-ordered">
          <h2 id="bt-ordered-title">{t('bt_orders_title')}</h2>
          {list ? <BookingList list={list} compact /> : !listError && <p className="muted">{t('loading')}</p>}
          {(!list || list.items.length > 0) && (
            <Link to={href('/profile/blood-tests/ordered')} data-testid="bt-hub-ordered-all">
              {t('bt_view_all')}
            </Link>
          )}
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
