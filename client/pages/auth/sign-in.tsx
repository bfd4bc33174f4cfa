// /auth/sign-in, also where a shopper whose session ended lands (?reason=session_ended).
import { redirect, useSearchParams, type LoaderFunctionArgs } from 'react-router';
import { localizePath, splitLocalePath } from '#shared/locale';
import { safeReturnUrl } from '#client/accounts/after-auth';
import { AuthPage } from '#client/accounts/AuthPage';
import { SignInForm } from '#client/accounts/AuthForms';
import { hasUserCookie } from '#client/accounts/guard';
import { useI18n } from '#client/i18n/context';
import type { PageDeclaration } from '../../page-table';

/** Where the page is served and what loads with it (decision 67): read at build time, never run. */
export const page = {
  group: 'account',
  texts: ['accounts'],
  id: 'sign-in',
  siteIndex: 'account',
} satisfies PageDeclaration;

/** A signed-in shopper has nothing to do on the sign-in page: on to return_url, or the profile. */
export function loader({ request }: LoaderFunctionArgs): null {
  const url = new URL(request.url);
  const { lang } = splitLocalePath(url.pathname);
  const cookies = typeof document !== 'undefined' ? document.cookie : request.headers.get('cookie');
  if (hasUserCookie(cookies))
    throw redirect(safeReturnUrl(url.searchParams.get('return_url'), lang) ?? localizePath('/profile', lang));
  return null;
}

export function Component() {
  const { t } = useI18n();
  const [params] = useSearchParams();
  return (
    <AuthPage title="page_sign_in">
      {params.get('reason') === 'session_ended' && (
        <p className="form-alert" role="status" data-testid="session-ended">
          {t('session_ended')}
        </p>
      )}
      <SignInForm mode="page" />
    </AuthPage>
  );
}
