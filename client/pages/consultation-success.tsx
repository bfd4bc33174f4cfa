// /consultation/success?id=: where the payment page returns to, and where a booking paid by wallet or a
// package's session lands: the time, the nutritionist, the calendar file and the way to the
// consultation's page. A card payment's outcome may still be on its way: the page asks again a while.
import '../styles/orders.css';
import '../styles/consultations.css';
import { Link, useSearchParams } from 'react-router';
import type { ConsultationDetail } from '#shared/consultations/types';
import { CONSULT_API } from '../consultations/api-paths';
import { consultPaths } from '../consultations/paths';
import { ms, whenText } from '../consultations/times';
import { useI18n } from '../i18n/context';
import { usePolledOrder } from '../orders/use-polled-order';
import { Page } from '../ui/Page';
import type { PageDeclaration } from '../page-table';

/** Where the page is served and what loads with it (decision 67): read at build time, never run. */
export const page = { group: 'consultation', texts: ['consultations'], siteIndex: false } satisfies PageDeclaration;

export function Component() {
  const { t, lang } = useI18n();
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const { order: c, missing } = usePolledOrder<ConsultationDetail>(id, CONSULT_API.detail);

  if (missing || !c) {
    return (
      <Page title={t('page_consultation_success')} seo={{ noindex: true }}>
        <p role={missing ? undefined : 'status'}>{missing ? t('not_found_body') : t('loading')}</p>
      </Page>
    );
  }
  const failed = c.status === 'payment_failed' || c.status === 'cancelled';
  const pending = c.status === 'pending_payment';
  // A payment she cancelled at the payment page (or left until it was closed) is said as a cancel.
  const cancelledPayment = c.status === 'payment_failed' && c.payment.cancelled;
  return (
    <Page
      title={
        failed
          ? t(cancelledPayment ? 'consult_payment_cancelled_title' : 'consult_payment_failed_title')
          : pending
            ? t('consult_payment_pending_title')
            : t('page_consultation_success')
      }
      seo={{ noindex: true }}
    >
      <div className={failed ? 'form-alert' : 'form-success'} data-testid="consult-result" data-status={c.status}>
        <p>{t('consult_with', { service: c.service.name, name: c.nutritionist.name })}</p>
        <p>
          <strong data-testid="consult-when">{whenText(ms(c.starts_at), ms(c.ends_at), lang, c.country)}</strong>
        </p>
        {failed && <p>{t(cancelledPayment ? 'consult_payment_cancelled' : 'consult_payment_failed')}</p>}
        {pending && <p role="status">{t('consult_payment_pending')}</p>}
      </div>
      {!failed && (
        <section className="form-card" aria-labelledby="consult-next-title">
          <h2 id="consult-next-title">{t('consult_next_title')}</h2>
          <ol className="prep-list">
            <li>{t('consult_next_mail')}</li>
            <li>{t('consult_next_reminders')}</li>
            <li>{t(c.mode === 'video' ? 'consult_next_join_video' : 'consult_next_join_chat')}</li>
          </ol>
          <p className="form-actions">
            <a className="button button-secondary" href={CONSULT_API.ics(c.id)} download data-testid="consult-ics">
              {t('consult_add_calendar')}
            </a>
            <Link className="button" to={consultPaths.detail(lang, c.id)} data-testid="consult-open">
              {t('consult_view')}
            </Link>
          </p>
        </section>
      )}
      {failed && (
        <p>
          <Link className="button" to={consultPaths.book(lang, c.nutritionist.id, { service: c.service.id })}>
            {t('consult_book_again')}
          </Link>
        </p>
      )}
    </Page>
  );
}
