// /profile/consultations/:id: one consultation. Before: the time, the service, the nutritionist, the
// rules with their times, and what she can do (join in the window, switch video or chat, move, cancel,
// calendar). After: the nutritionist's summary, the recommended products with "add all to cart", a
// follow-up booking and her rating. Another shopper's consultation is a not-found (the API answers 404).
import '../styles/orders.css';
import '../styles/consultations.css';
import { useEffect, useRef } from 'react';
import { data, Link, useLoaderData, useRevalidator, type LoaderFunctionArgs } from 'react-router';
import { ApiFailure } from '#shared/api/client';
import type { ConsultationDetail } from '#shared/consultations/types';
import { paths } from '#shared/routes';
import { signedInCall } from '../accounts/guard';
import { apiContext } from '../boot';
import { CONSULT_API } from '../consultations/api-paths';
import { ConsultationActions } from '../consultations/ConsultationActions';
import { consultPaths } from '../consultations/paths';
import { IntakeSummary } from '../consultations/IntakeSummary';
import { RatingForm } from '../consultations/RatingForm';
import { Recommendations, Summary } from '../consultations/Recommendations';
import { RulesWithTimes } from '../consultations/Rules';
import { StatusBadge } from '../consultations/StatusBadge';
import { ms, whenText } from '../consultations/times';
import { useI18n } from '../i18n/context';
import { useHref, useMinor } from '../lib/locale';
import { Page } from '../ui/Page';
import type { PageDeclaration } from '../page-table';

/** Where the page is served and what loads with it (decision 67): read at build time, never run. */
export const page = { group: 'consultation', texts: ['consultations', 'catalogue'] } satisfies PageDeclaration;

export async function loader(args: LoaderFunctionArgs): Promise<ConsultationDetail> {
  const api = args.context.get(apiContext);
  const id = args.params.id ?? '';
  if (!/^\d{1,16}$/.test(id)) throw data(null, { status: 404 });
  return signedInCall(args, async () => {
    try {
      return (await api.get<ConsultationDetail>(CONSULT_API.detail(Number(id)))).data;
    } catch (error) {
      if (error instanceof ApiFailure && (error.status === 404 || error.status === 403))
        throw data(null, { status: 404 });
      throw error;
    }
  });
}

export function Component() {
  const c = useLoaderData() as ConsultationDetail;
  const { t, lang } = useI18n();
  const href = useHref();
  const minor = useMinor();
  const revalidator = useRevalidator();
  const coming = c.status === 'booked' || c.status === 'pending_payment';
  // Back from the payment page (the gateway returns here) its outcome may still be on its way: the
  // page asks again every 2 s, at most 15 times, while the payment is pending.
  const tries = useRef(0);
  useEffect(() => {
    if (c.status !== 'pending_payment' || tries.current >= 15) return;
    const timer = window.setTimeout(() => {
      tries.current += 1;
      void revalidator.revalidate();
    }, 2000);
    return () => window.clearTimeout(timer);
  }, [c, revalidator]);
  return (
    <Page
      title={t('consult_with', { service: c.service.name, name: c.nutritionist.name })}
      crumbs={[
        { label: t('page_profile'), to: href('/profile') },
        { label: t('page_profile_consultations'), to: href('/profile/consultations') },
      ]}
    >
      {c.status === 'pending_payment' && (
        <div className="form-success" role="status" data-testid="consult-result">
          <p>{t('consult_payment_pending')}</p>
        </div>
      )}
      {c.status === 'payment_failed' && (
        <>
          <div className="form-alert" data-testid="consult-result">
            <p>{t(c.payment.cancelled ? 'consult_payment_cancelled' : 'consult_payment_failed')}</p>
          </div>
          {/* Outside the alert: its links are drawn in the alert's colour, unreadable on a button. */}
          <p className="form-actions">
            <Link
              className="button"
              to={consultPaths.book(lang, c.nutritionist.id, { service: c.service.id })}
              data-testid="consult-book-again"
            >
              {t('consult_book_again')}
            </Link>
          </p>
        </>
      )}
      <div className="consult-sections">
        <section className="form-card" aria-labelledby="consult-facts-title">
          <h2 id="consult-facts-title" className="visually-hidden">
            {t('page_profile_consultation')}
          </h2>
          <StatusBadge status={c.status} cancelled={c.payment.cancelled} />
          <dl className="review-facts">
            <div>
              <dt>{t('consult_when')}</dt>
              <dd data-testid="consult-when">{whenText(ms(c.starts_at), ms(c.ends_at), lang, c.country)}</dd>
            </div>
            <div>
              <dt>{t('consult_service')}</dt>
              <dd>
                {c.service.name} · {t('consult_minutes', { count: c.service.minutes })}
              </dd>
            </div>
            <div>
              <dt>{t('consult_nutritionist')}</dt>
              <dd>
                <Link to={paths.nutritionist(lang, c.nutritionist.id)}>{c.nutritionist.name}</Link>
              </dd>
            </div>
            <div>
              <dt>{t('consult_mode_title')}</dt>
              <dd data-testid="consult-mode">{t(c.mode === 'video' ? 'consult_mode_video' : 'consult_mode_chat')}</dd>
            </div>
            {/* Nothing was charged for a failed payment: no "Paid" line under the sentence saying so. */}
            {c.status !== 'payment_failed' && (
              <div>
                <dt>{t('consult_paid')}</dt>
                <dd>
                  {c.package_sessions_left !== null ? (
                    t('consult_paid_package_left', { count: c.package_sessions_left })
                  ) : (
                    <bdi>{minor(c.total, c.currency)}</bdi>
                  )}
                  {c.payment.refunded > 0 && (
                    <> · {t('consult_refunded', { amount: minor(c.payment.refunded, c.currency) })}</>
                  )}
                </dd>
              </div>
            )}
          </dl>
        </section>
        {c.status === 'booked' && (
          <>
            <ConsultationActions c={c} onChanged={() => revalidator.revalidate()} />
            <RulesWithTimes c={c} />
          </>
        )}
        <Summary c={c} />
        <IntakeSummary c={c} />
        <Recommendations c={c} />
        {!coming && c.status === 'completed' && (
          <section className="form-card" aria-labelledby="consult-follow-title">
            <h2 id="consult-follow-title">{t('consult_follow_up_title')}</h2>
            <p>
              <Link
                className="button"
                to={consultPaths.book(lang, c.nutritionist.id, { followUp: c.id })}
                data-testid="consult-follow-up"
              >
                {t('consult_follow_up')}
              </Link>
            </p>
          </section>
        )}
        <RatingForm c={c} onChanged={() => revalidator.revalidate()} />
      </div>
    </Page>
  );
}
