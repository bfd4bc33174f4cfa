// Pages that need a signed-in shopper (the profile) send others to sign in, then back (spec §2, §6).
// The readable user cookie says whether someone is signed in; the API still checks the token itself.
import { redirect, type LoaderFunctionArgs } from 'react-router';
import { splitLocalePath } from '#shared/locale';
import { paths } from '#shared/routes';
import { ApiFailure } from '#shared/api/client';

export function hasUserCookie(cookieHeader: string | null): boolean {
  return /(?:^|;\s*)user=[^;]+/.test(cookieHeader ?? '');
}

export function requireSignedIn({ request }: Pick<LoaderFunctionArgs, 'request'>): void {
  const cookies = typeof document !== 'undefined' ? document.cookie : request.headers.get('cookie');
  if (hasUserCookie(cookies)) return;
  const url = new URL(request.url);
  const { lang } = splitLocalePath(url.pathname);
  throw redirect(paths.signIn(lang, url.pathname + url.search));
}

/**
 * A profile loader's API call: a 401 (the session ended while the readable cookie stayed) sends the
 * shopper to sign in and back, like a visit without the cookie, and the sign-in page says why.
 */
export async function signedInCall<T>(args: Pick<LoaderFunctionArgs, 'request'>, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof ApiFailure && error.status === 401) {
      const url = new URL(args.request.url);
      throw redirect(
        `${paths.signIn(splitLocalePath(url.pathname).lang, url.pathname + url.search)}&reason=session_ended`,
      );
    }
    throw error;
  }
}
