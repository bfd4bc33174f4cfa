// /invite/:code (issue 47): a referral link's landing page. "<Name> gives you <discount> off your first
// order over <min>" in the visitor's country, the code kept in the first-party `ref` cookie (30 days,
// SameSite=Lax) for the checkout's review step to pre-fill, and links to sign up and to the shop. A code
// that is no shopper's is a 404 with its own message.
import '../styles/points.css';
import { useEffect } from 'react';
import { data, Link, useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { useSnapshot } from 'valtio';
import { ApiFailure } from '#shared/api/client';
import { type InviteInfo, REFERRAL_COOKIE, REFERRAL_COOKIE_DAYS } from '#shared/loyalty/invite';
import type { CurrencyCode } from '#shared/locale';
import { apiContext } from '../boot';
import { useI18n } from '../i18n/context';
import { setCookie } from '../lib/cookies';
import { useHref, useMinor } from '../lib/locale';
import { useSessionStore } from '../stores/session';
import { Page } from '../ui/Page';
import type { PageDeclaration } from '../page-table';

/** Where the page is served and what loads with it (decision 67): read at build time, never run. */
export const page = { group: 'loyalty', texts: ['points'] } satisfies PageDeclaration;

type InviteData = { invite: InviteInfo } | { invite: null };

export async function loader({ context, params }: LoaderFunctionArgs) {
  const api = context.get(apiContext);
  try {
    const res = await api.get<InviteInfo>(`/invite/${encodeURIComponent(params.code ?? '')}`);
    return { invite: res.data } satisfies InviteData;
  } catch (error) {
    // A stranger's code: the page says so, with the status a missing page has.
    if (error instanceof ApiFailure && error.status === 404)
      return data({ invite: null } satisfies InviteData, { status: 404 });
    throw error;
  }
}

export function Component() {
  const { t } = useI18n();
  const href = useHref();
  const minor = useMinor();
  const { user } = useSnapshot(useSessionStore());
  const { invite } = useLoaderData() as InviteData;

  // Kept for the checkout: the newest link she followed wins.
  useEffect(() => {
    if (invite) setCookie(REFERRAL_COOKIE, invite.code, REFERRAL_COOKIE_DAYS * 24 * 60 * 60);
  }, [invite]);

  if (!invite)
    return (
      <Page title={t('invite_unknown_title')} seo={{ noindex: true }}>
        <section className="invite-card form-card" data-testid="invite-unknown">
          <p role="alert">{t('invite_unknown_body')}</p>
          <p className="invite-actions">
            <Link className="button" to={href('/')}>
              {t('invite_shop')}
            </Link>
          </p>
        </section>
      </Page>
    );

  const currency = invite.currency as CurrencyCode;
  const discount = minor(invite.discount, currency);
  const min = minor(invite.min_subtotal, currency);
  return (
    <Page title={t('page_invite')} seo={{ noindex: true }}>
      <section className="invite-card form-card" data-testid="invite">
        {invite.active ? (
          <>
            <p className="invite-offer" data-testid="invite-offer">
              {t('invite_offer', { name: invite.first_name, discount, min })}
            </p>
            <p>{t('invite_how', { min })}</p>
            <p className="field-hint">{t('invite_kept')}</p>
            <p className="invite-code">
              <bdi dir="ltr" className="referral-code" data-testid="invite-code">
                {invite.code}
              </bdi>
            </p>
          </>
        ) : (
          <p data-testid="invite-paused">{t('invite_paused')}</p>
        )}
        <p className="invite-actions">
          {!user && (
            <Link className="button" to={href('/auth/sign-up')} data-testid="invite-sign-up">
              {t('invite_sign_up')}
            </Link>
          )}
          <Link className={user ? 'button' : 'button button-secondary'} to={href('/')} data-testid="invite-shop">
            {t('invite_shop')}
          </Link>
        </p>
      </section>
    </Page>
  );
}
