// /consultation/package?id=: where a package's payment returns to (and a package paid from the wallet
// lands): what she bought, its sessions left and until when, and "Book your first session". A card
// payment's outcome may still be on its way: the page asks again a while, as the booking's does.
import '../styles/orders.css';
import '../styles/consultations.css';
import { useContext, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { ConsultationCredit } from '#shared/consultations/types';
import { localizePath } from '#shared/locale';
import { CONSULT_API } from '../consultations/api-paths';
import { PackageSummary } from '../consultations/PackageSummary';
import { useI18n } from '../i18n/context';
import { ApiContext } from '../providers';
import { Page } from '../ui/Page';

/** Loaded once, then every 2 s (at most 15 times) while its payment is pending. */
function usePolledCredit(id: number) {
  const api = useContext(ApiContext)!;
  const [credit, setCredit] = useState<ConsultationCredit | null>(null);
  const [missing, setMissing] = useState(false);
  useEffect(() => {
    if (!Number.isInteger(id) || id <= 0) {
      setMissing(true);
      return;
    }
    let live = true;
    let tries = 0;
    const load = () =>
      api
        .get<ConsultationCredit>(CONSULT_API.credit(id))
        .then((res) => {
          if (!live) return;
          setCredit(res.data);
          if (res.data.payment_state === 'pending' && ++tries < 15) setTimeout(load, 2000);
        })
        .catch(() => live && setMissing(true));
    void load();
    return () => {
      live = false;
    };
  }, [api, id]);
  return { credit, missing };
}

export function Component() {
  const { t, lang } = useI18n();
  const [params] = useSearchParams();
  const { credit, missing } = usePolledCredit(Number(params.get('id')));

  if (missing || !credit) {
    return (
      <Page title={t('page_consultation_package')} seo={{ noindex: true }}>
        <p role={missing ? undefined : 'status'}>{missing ? t('not_found_body') : t('loading')}</p>
      </Page>
    );
  }
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
