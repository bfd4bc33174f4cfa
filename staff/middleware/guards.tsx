// The staff worker's gates, in order: Cloudflare Access (production), same-origin form posts, the staff
// session, and the section's permission. Each refusal is a page in the staff member's language.
import type { Context, MiddlewareHandler } from 'hono';
import type { Permission } from '#shared/staff/permissions';
import type { StaffAppEnv } from '../app-env';
import { verifyAccessToken } from '../lib/access';
import { staffApi, type StaffSelf } from '../lib/api';
import { html } from '../lib/render';
import { clearSession } from '../lib/session';
import { SignInPage } from '../pages/SignIn';
import { MessagePage } from '../pages/Message';

const SAFE = new Set(['GET', 'HEAD']);

/** Production: every request carries a valid Access token for this application. */
export function cloudflareAccess(): MiddlewareHandler<StaffAppEnv> {
  return async function accessHandler(c, next) {
    const { ACCESS_TEAM_DOMAIN, ACCESS_AUD } = c.var.config;
    if (ACCESS_TEAM_DOMAIN) {
      const identity = await verifyAccessToken(c.req.header('cf-access-jwt-assertion'), {
        teamDomain: ACCESS_TEAM_DOMAIN,
        audience: ACCESS_AUD,
      });
      if (!identity) {
        const t = c.var.t;
        return html(
          c,
          <MessagePage t={t} nonce={c.var.nonce} title="st_access_title" body={t.t('st_access_body')} />,
          403,
        );
      }
    }
    await next();
  };
}

/**
 * Form posts only from this origin. The staff origin shares its site with the shop's, so SameSite
 * cookies alone would still ride along on a post the shop's pages made: same-site is refused too.
 */
export function sameOriginPosts(): MiddlewareHandler<StaffAppEnv> {
  return async function sameOriginHandler(c, next) {
    if (!SAFE.has(c.req.method)) {
      const site = c.req.header('sec-fetch-site');
      const origin = c.req.header('origin');
      const own = new URL(c.req.url).origin;
      if ((site && site !== 'same-origin' && site !== 'none') || (origin !== undefined && origin !== own)) {
        const t = c.var.t;
        return html(
          c,
          <MessagePage t={t} nonce={c.var.nonce} title="st_forbidden_title" body={t.tKey('forbidden_cross_site')} />,
          403,
        );
      }
    }
    await next();
  };
}

/** 401 with the sign-in form: no session, an ended one, or a shopper's cookies (which mean nothing here). */
export function signInAgain(c: Context<StaffAppEnv>) {
  if (c.var.token) clearSession(c);
  return html(c, <SignInPage t={c.var.t} nonce={c.var.nonce} notice />, 401);
}

export function forbiddenPage(c: Context<StaffAppEnv>, me?: StaffSelf) {
  const t = c.var.t;
  return html(
    c,
    <MessagePage t={t} nonce={c.var.nonce} me={me} title="st_forbidden_title" body={t.t('st_forbidden_body')} />,
    403,
  );
}

/** The signed-in staff member for the pages behind it, and the permission the section needs. */
export function staffPage(permission?: Permission): MiddlewareHandler<StaffAppEnv> {
  return async function staffPageHandler(c, next) {
    if (!c.var.token) return signInAgain(c);
    const me = await staffApi<StaffSelf>(c, 'GET', '/staff/me');
    if (me.status === 401) return signInAgain(c);
    if (me.status !== 200) throw new Error(`staff/me answered ${me.status}`);
    c.set('me', me.envelope.data);
    if (permission && !me.envelope.data.permissions.includes(permission)) return forbiddenPage(c, me.envelope.data);
    await next();
  };
}
