// Redirects of the storefront worker go only to paths of this shop (shared/safe-path.ts).
import type { Context } from 'hono';
import { fail } from '#shared/api/envelope';
import { COOKIE_NAMES, splitLocalePath } from '#shared/locale';
import type { AppEnv } from '../app-env';
import { fallbackPage } from '../render/fallback';
import { breaksHeader, sameOriginPath } from '#shared/safe-path';
import { requestCookie } from './request-cookies';

/**
 * A 303 to `target` when it is a path of this site, else to `fallback`; a target with CR, LF or NUL
 * (header injection) is a 400, never a 500 from an invalid Location header.
 */
export function safeRedirect(c: Context<AppEnv>, target: string | null | undefined, fallback = '/'): Response {
  if (target && breaksHeader(target)) {
    if (c.req.path.startsWith('/api/')) return c.json(fail('bad_request', 400), 400);
    // /set-country has no /ar path: the language cookie tells the shopper's language.
    const lang =
      splitLocalePath(c.req.path).lang === 'ar' || requestCookie(c, COOKIE_NAMES.lang) === 'ar' ? 'ar' : 'en';
    return c.html(fallbackPage(lang, 400, c.var.nonce ?? ''), 400);
  }
  return c.redirect(sameOriginPath(target) ?? fallback, 303);
}
