// /consultation/package?id=: where a package's payment returns to (and a package paid from the wallet
// lands): what she bought, its sessions left and until when, and "Book your first session". Rendered
// with her package (one trip); a card payment's outcome may still be on its way, so the page asks again
// every 2 s, at most 15 times, while its payment is pending, as the consultation's page does.
import '../styles/orders.css';
import '../styles/consultations.css';
import { useEffect, useRef } from 'react';
import { data, Link, type LoaderFunctionArgs, useLoaderData, useRevalidator } from 'react-router';
import type { ConsultationCredit } from '#shared/consultations/types';
import { localizePath } from '#shared/locale';
import { signedInCall } from '../accounts/guard';
import { apiContext } from '../boot';
import { CONSULT_API } from '../consultations/api-paths';
import { PackageSummary } from '../consultations/PackageSummary';
import { useI18n } from '../i18n/context';
import { ApiFailure } from '#shared/api/client';
import { Page } from '../ui/Page';
import type { PageDeclaration } from '../page-table';

/** Where the page is served and what loads with it (decision 67): read at build time, never run. */
export const page = { group: 'consultation', texts: ['consultations'], siteIndex: false } satisfies PageDeclaration;

export async function loader(args: LoaderFunctionArgs): Promise<ConsultationCredit> {
  const api = args.context.get(apiContext);
  const id = new URL(args.request.url).searchParams.get('id') ?? '';
  if (!/^\d{1,16}$/.test(id)) throw data(null, { status: 404 });
  return signedInCall(args, async () => {
    try {
      return (await api.get<ConsultationCredit>(CONSULT_API.credit(Number(id)))).data;
    } catch (error) {
      if (error instanceof ApiFailure && error.status === 404) throw data(null, { status: 404 });
      throw error;
    }
  });
}

export function Component() {
  const credit = useLoaderData() as ConsultationCredit;
  const { t, lang } = useI18n();
  const revalidator = useRevalidator();
  const tries = useRef(0);
  useEffect(() => {
    if (credit.payment_state !== 'pending' || tries.current >= 15) return;
    const timer = window.setTimeout(() => {
      tries.current += 1;
      void revalidator.revalidate();
    }, 2000);
    return () => window.clearTimeout(timer);
  }, [credit, revalidator]);
  const failed = credit.payment_state === 'failed';
  const pending = credit.payment_state === 'pending';
  return (
    <Page title={failed ? t('consult_package_failed_title') : t('page_consultation_package')} seo={{ noindex: true }}>
      <div
        className={failed ? 'form-alert' : 'form-success'}
        data-testid="consult-package-result"
        data-state={credit.payment_state}
      >
        {!failed && !pending && <h2>{t('consult_package_thanks')}</h2>}
        {failed && <p>{t('consult_package_failed')}</p>}
        {pending && <p role="status">{t('consult_package_pending')}</p>}
        <PackageSummary credit={credit} first />
        {!failed && !pending && <p>{t('consult_package_mail')}</p>}
      </div>
      <p>
        <Link to={localizePath('/profile/consultations', lang)}>{t('consult_package_all')}</Link>
      </p>
    </Page>
  );
}
