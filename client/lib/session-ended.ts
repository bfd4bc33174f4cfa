// Where a 401 sends the shopper, in its own module: the entry needs it at once when a session ends,
// while the session client's code loads on the side (decision 18).
import { splitLocalePath, type Lang } from '#shared/locale';
import { paths } from '#shared/routes';

/**
 * Where a 401 mid-journey sends the shopper (spec §4 says home; a shopper mid-checkout is better served): to sign in, told
 * why, with return_url back to this page, so the cart (localStorage) and what was typed (form drafts
 * in sessionStorage) are waiting there after signing in. Null on the sign-in pages themselves.
 */
export function sessionEndedUrl(location: { pathname: string; search: string }, lang: Lang): string | null {
  if (splitLocalePath(location.pathname).path.startsWith('/auth/')) return null;
  return `${paths.signIn(lang, location.pathname + location.search)}&reason=session_ended`;
}
