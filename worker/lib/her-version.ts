// Her version (decision 76's amendment "her parts kept for her"): a short random value in a cookie of her
// own, which names the state of her parts that the edge may keep a fill of (worker/render/her-fill-cache.ts).
// It is renewed whenever something her parts show may have changed through the storefront: every call as
// her that may write (any method but GET) unless it is a read, or a write the list below names as touching
// nothing her parts read; every read that records something of hers (a product's detail records her view);
// signing in. A fill kept under the old value is then never read again. It proves nothing by itself: the
// fill's key takes her id from her verified session pass, so a value copied into another browser unlocks
// nothing of anyone's.
import type { Context } from 'hono';
import { setCookie } from 'hono/cookie';
import { bytesToBase64Url } from '#shared/bytes';
import { isRead } from '#shared/api/page-bundle';
import { AUTH_COOKIE_MAX_AGE_S } from '#shared/constants';
import type { AppEnv } from '../app-env';
import { requestCookie } from './request-cookies';

function cookieName(secure: boolean): string {
  return secure ? '__Host-hv' : 'hv';
}

/** 12 random bytes, URL-safe: 16 characters. */
const VALUE = /^[A-Za-z0-9_-]{16}$/;

/** Her version as her browser sent it (or as this response renewed it), or null. */
export function herVersion(c: Context<AppEnv>, secure: boolean): string | null {
  const renewed = renewals.get(c.req.raw);
  if (renewed) return renewed;
  const value = requestCookie(c, cookieName(secure));
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
 * Writes her browser sends while she browses that change nothing her parts show (decision 76's amendment
 * "what renews her version"). Her parts read her session and her details (the account link and her boot
 * data), her orders and returns, her subscriptions, her recently viewed, her latest quiz result, her
 * consultations' intakes and her blood-test profile, people and values (api/src/recommend/for-you.ts,
 * her-safety.ts, api/src/catalogue/her-detail.ts), and everyone's catalogue. Each path here writes only
 * tables none of those reads, by its handler's SQL. A write of any other path renews her version: a path
 * not named here is taken to change her (a new route costs a fill, never shows her a stale one).
 */
export const CHANGES_NOTHING_OF_HERS: ReadonlyArray<{ path: RegExp; why: string }> = [
  {
    path: /^\/cart\/saved$/,
    why: "the cart's copy kept for reminders (saved_carts); her cart's count is the browser's",
  },
  {
    path: /^\/list\/(new|\d+\/(edit|remove|items\/(add|remove|price-alert)|share)|shared\/[^/]+\/(follow|unfollow|bought))$/,
    why: 'wishlists (wishlists, wishlist_items, wishlist_follows): no part of hers shows them, hearts are everyone’s',
  },
  {
    path: /^\/product\/\d+\/notify-me$/,
    why: 'a back-in-stock request (notify_requests): the kept copy’s state, not hers',
  },
  { path: /^\/search\/(set-term|clear)$/, why: "the device's recent search terms (search_terms)" },
  {
    path: /^\/user\/push\/(subscribe|unsubscribe|preferences)$/,
    why: 'her push subscription and topics (push_subscriptions, push_preferences)',
  },
  {
    // Not a report: enough of them hide a review and count the product's stars again, which her cards show.
    path: /^\/(review|answer)\/\d+\/helpful$/,
    why: '"was this helpful" votes (review_votes, answer_votes and the text\'s count), shown on no card',
  },
  { path: /^\/viewed\/cards$/, why: "a read: cards for a guest's list of recently viewed ids, nothing kept" },
];

/**
 * Whether a call as a signed-in shopper (or one that signs her in) may change what her parts show: any
 * write but a read sent as a POST (the bundle's own list, shared/api/page-bundle.ts) and the writes
 * `CHANGES_NOTHING_OF_HERS` names, and a read the API records for her. Called by the gateway for every
 * call it makes as her.
 */
export function mayChangeHer(method: string, path: string): boolean {
  if (method === 'GET') return RECORDS_HER_VIEW.test(path);
  if (method === 'POST' && isRead(method, path)) return false;
  const bare = path.split('?')[0]!;
  return !(method === 'POST' && CHANGES_NOTHING_OF_HERS.some((entry) => entry.path.test(bare)));
}
