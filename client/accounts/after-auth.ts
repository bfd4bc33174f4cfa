// What happens after a successful sign-in or sign-up (spec §2): the user goes into the session store;
// in the modal, it closes and the action that asked for sign-in resumes; on a page, the shopper goes to
// return_url (same-site paths only, with the /ar segment when Arabic) or the profile root.
import { useNavigate, useSearchParams } from 'react-router';
import { localizePath, splitLocalePath, type Lang } from '#shared/locale';
import { sameOriginPath } from '#shared/safe-path';
import type { UserDisplay } from '#shared/boot';
import { useI18n } from '../i18n/context';
import { completeAuth } from '../stores/auth-modal';
import { useSessionStore } from '../stores/session';

/** A same-site path to continue to, or null: anything a browser would resolve off the site is ignored. */
export function safeReturnUrl(value: string | null, lang: Lang): string | null {
  const safe = sameOriginPath(value);
  if (!safe) return null;
  const url = new URL(safe, 'http://local');
  const { lang: inPath, path } = splitLocalePath(url.pathname);
  // The page's language wins: an English return path on an Arabic page gets the /ar segment.
  return (inPath === lang ? url.pathname : localizePath(path, lang)) + url.search + url.hash;
}

export function useAfterAuth(mode: 'page' | 'modal'): (data: unknown) => void {
  const session = useSessionStore();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { lang } = useI18n();
  return (data) => {
    const user = (data as { user?: UserDisplay }).user;
    if (user) session.user = user;
    if (mode === 'modal') return completeAuth();
    void navigate(safeReturnUrl(params.get('return_url'), lang) ?? localizePath('/profile', lang), { replace: true });
  };
}
