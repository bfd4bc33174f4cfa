// Her version (decision 76's amendment "her parts kept for her"): a short random value in a cookie of her
// own, which names the state of her parts that the edge may keep a fill of (worker/render/her-fill-cache.ts).
// It is renewed whenever something of hers may have changed through the storefront: every call as her that
// may write (any method but GET: a cart, a wishlist, a subscription, the quiz, an address, her profile, a
// checkout, signing in or out), and every read that records something of hers (a product's detail records
// her view). A fill kept under the old value is then never read again. It proves nothing by itself: the
// fill's key takes her id from her verified session pass, so a value copied into another browser unlocks
// nothing of anyone's.
import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { bytesToBase64Url } from '#shared/bytes';
import { AUTH_COOKIE_MAX_AGE_S } from '#shared/constants';
import type { AppEnv } from '../app-env';

function cookieName(secure: boolean): string {
  return secure ? '__Host-hv' : 'hv';
}

/** 12 random bytes, URL-safe: 16 characters. */
const VALUE = /^[A-Za-z0-9_-]{16}$/;

/** Her version as her browser sent it (or as this response renewed it), or null. */
export function herVersion(c: Context<AppEnv>, secure: boolean): string | null {
  const renewed = renewals.get(c.req.raw);
  if (renewed) return renewed;
  const value = getCookie(c, cookieName(secure));
  return value && VALUE.test(value) ? value : null;
}

/** What this request renewed, so that several writes in one request set one value. */
const renewals = new WeakMap<Request, string>();

/**
 * A new version for her, in this response's cookies. Lives as long as her sign-in may: its absence only
 * costs one fill made again.
 */
export function renewHerVersion(c: Context<AppEnv>, secure: boolean): string {
  const known = renewals.get(c.req.raw);
  if (known) return known;
  const value = bytesToBase64Url(crypto.getRandomValues(new Uint8Array(12)));
  renewals.set(c.req.raw, value);
  setCookie(c, cookieName(secure), value, {
    httpOnly: true,
    secure: true,
    sameSite: 'Lax',
    path: '/',
    maxAge: AUTH_COOKIE_MAX_AGE_S,
  });
  return value;
}

/** A product's detail as her: the API records her view of it (api/src/routes/product.ts). */
const RECORDS_HER_VIEW = /^\/product\/[^/?]+\/v2(\?|$)/;

/**
 * Whether a call as a signed-in shopper (or one that signs her in) may change what her parts show: any
 * write, and a read the API records for her. Called by the gateway for every call it makes as her.
 */
export function mayChangeHer(method: string, path: string): boolean {
  return method !== 'GET' || RECORDS_HER_VIEW.test(path);
}
