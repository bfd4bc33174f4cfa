// Route builders and the path prefixes robots.txt and the guard act on: links stay typo-free. A page's
// own path is named by its module (decision 67) or, for the pages other code links to by id, in
// shared/page-paths.ts; paths here are unprefixed and localizePath() adds the /ar segment.
import { localizePath, type Lang } from './locale';

/**
 * Paths a search engine has no business with (the shopper's own pages), in unprefixed form: robots.txt
 * disallows them in both languages and the sitemap leaves them out. Prefixes: /checkout covers the
 * blood-test checkout too.
 */
export const PRIVATE_PATH_PREFIXES = [
  '/profile',
  '/checkout',
  '/auth/',
  '/logout-profile',
  '/cart',
  '/share',
  '/quiz-result',
  '/_app',
  '/alerts/',
  '/consultation/',
  '/invite/',
] as const;

/**
 * Pages only a signed-in shopper opens: a guest is sent to sign in and back (client/accounts/guard.ts)
 * before the page's loader runs.
 */
const SIGNED_IN_PATH_PREFIXES = ['/profile', '/consultation/'] as const;

export function needsSignIn(path: string): boolean {
  return SIGNED_IN_PATH_PREFIXES.some((prefix) => path === prefix || path.startsWith(prefix));
}

export function isPrivatePath(path: string): boolean {
  return PRIVATE_PATH_PREFIXES.some((prefix) => path === prefix || path.startsWith(prefix));
}

export const paths = {
  product: (slug: string, lang: Lang) => localizePath(`/products/${encodeURIComponent(slug)}`, lang),
  bloodTest: (slug: string, lang: Lang) => localizePath(`/blood-test/${encodeURIComponent(slug)}`, lang),
  /** The wishlist share link, formed as {origin}/shared-list/{listId} (spec §2). */
  sharedList: (origin: string, listId: string) => `${origin}/shared-list/${encodeURIComponent(listId)}`,
  /** The nutritionist page takes the nutritionist as ?id= (spec §2 route /nutritionist). */
  nutritionist: (lang: Lang, id?: number | string) =>
    localizePath('/nutritionist', lang) + (id === undefined ? '' : `?id=${encodeURIComponent(String(id))}`),
  signIn: (lang: Lang, returnUrl?: string) =>
    localizePath('/auth/sign-in', lang) + (returnUrl ? `?return_url=${encodeURIComponent(returnUrl)}` : ''),
};
