// /auth/verify-email: the link mailed to a new account whose address has guest orders (noindex: the
// URL carries the token).
import { useContext, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ApiFailure } from '#shared/api/client';
import { AuthPage } from '#client/accounts/AuthPage';
import { useI18n } from '#client/i18n/context';
import { useHref } from '#client/lib/locale';
import { ApiContext } from '#client/providers';
import type { PageDeclaration } from '../../page-table';

/** Where the page is served and what loads with it (decision 67): read at build time, never run. */
export const page = {
  group: 'account',
  texts: ['accounts'],
  id: 'verify-email',
  siteIndex: false,
} satisfies PageDeclaration;

export function Component() {
  return (
    <AuthPage title="page_verify_email" noindex>
      <VerifyEmail />
    </AuthPage>
  );
}

/** Opens the mailed link once (on the client, so a mail scanner's GET does not use it up). */
function VerifyEmail() {
  const { t, tKey } = useI18n();
  const href = useHref();
  const api = useContext(ApiContext)!;
  const [params] = useSearchParams();
  const [state, setState] = useState<'working' | 'done' | string>('working');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the mailed link is used once, when the page opens
  useEffect(() => {
    // The link's check loads with this step, not with the page's first script.
    import('#shared/api/account-schemas')
      .then(({ verifyEmailSchema }) => {
        const parsed = verifyEmailSchema.safeParse({ token: params.get('token') ?? '' });
        if (!parsed.success) return setState('verify_link_invalid');
        return api.post('/user/verify-email', parsed.data).then(() => setState('done'));
      })
      .catch((e: unknown) => setState(e instanceof ApiFailure ? (e.meta.key ?? e.meta.msg) : 'server_error'));
  }, []);
  if (state === 'working') return <p role="status">{t('verify_email_working')}</p>;
  if (state === 'done') {
    return (
      <div className="form-success" role="status" data-testid="verify-email-done">
        <p>{t('verify_email_done')}</p>
        <p>
          <Link to={href('/profile/orders')}>{t('page_profile_orders')}</Link>
        </p>
      </div>
    );
  }
  return (
    <div className="form-alert" role="alert" data-testid="verify-email-failed">
      <p>{tKey(state)}</p>
    </div>
  );
}
