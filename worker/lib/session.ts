// Step 1 and step 4 of every request that acts as the shopper (docs/architecture/request-path.md,
// decision 53): what the cookies say the session is (readSession), and what the API's answers change of
// them (settle). It decides and writes cookies; it calls nothing, and never the API: the gateway
// (gateway.ts) makes every call, registers the device, and hands each trip's outcome to settle.
// Spec §4: a 401 ends the sign-in, a login stores its token, a user in an answer refreshes the shopper's
// cookies. Tokens live only in httpOnly cookies, and so do the shopper's details (name, e-mail, phone)
// the worker renders pages with; page JavaScript reads one cookie, `user=1`, which says only that
// someone is signed in (the guards of signed-in pages need that before they ask the API).
import type { Context } from 'hono';
import { deleteCookie, setCookie } from 'hono/cookie';
import type { UserDisplay } from '#shared/boot';
import { AUTH_COOKIE_MAX_AGE_S, DEVICE_COOKIE_MAX_AGE_S, USER_COOKIE_MAX_AGE_S } from '#shared/constants';
import { COOKIE_NAMES, DEFAULT_COUNTRY, isCountryCode, isLang, type CountryCode, type Lang } from '#shared/locale';
import type { AppEnv } from '../app-env';
import { isBookmark, laterBookmark } from '#shared/api/d1-bookmark';
import { pinnedCountry } from '#shared/seo/country-urls';
import type { Session } from './session-state';
import { clearPass } from './session-pass';
import { renewHerVersion } from './her-version';
import { requestCookie } from './request-cookies';

const COUNTRY_COOKIE_MAX_AGE_S = 365 * 24 * 3600;

export type { Session } from './session-state';

/** Cookie names: the __Host- prefix binds a cookie to this exact origin, and needs https. */
function cookieNames(secure: boolean) {
  return {
    device: secure ? '__Host-dtk' : 'dtk',
    auth: secure ? '__Host-atk' : 'atk',
    /** Readable by the page's scripts: "1" while signed in, nothing about who. */
    user: 'user',
    /** httpOnly: the signed-in shopper's display details and the session's end, for rendering pages. */
    profile: secure ? '__Host-usr' : 'usr',
  };
}

/** The readable cookie's one value. */
const SIGNED_IN_MARK = '1';

/** The user cookie's value: her display fields (read as userDisplay reads the API's) and its expiry. */
function parseUser(raw: string | undefined): { user: UserDisplay; exp: number | null } | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as { exp?: unknown } | null;
    const user = userDisplay(value);
    return user ? { user, exp: typeof value?.exp === 'number' ? value.exp : null } : null;
  } catch {
    // a malformed cookie is treated as absent
    return null;
  }
}

/**
 * A first visit (no country cookie) starts in the country the shopper is in when Cloudflare places
 * the request in a country the shop serves, in the home country otherwise (an unserved or unknown
 * country included). Local mode has no cf object or a fixed placeholder, so it starts at home.
 */
export function countryFromLocation(request: Request): CountryCode {
  const placed = placeOf(request);
  return isCountryCode(placed) ? placed : DEFAULT_COUNTRY;
}

/**
 * Whether Cloudflare placed the request in a country the shop does not serve (issue 77): any place
 * (`FR`, `US`, or `XX` for one it could not tell) that is not a served country. No location at all
 * (local mode) is not such a place.
 */
function locatedUnserved(request: Request): boolean {
  const placed = placeOf(request);
  return placed !== '' && !isCountryCode(placed);
}

/** Where Cloudflare placed the request: request.cf's country, else its `cf-ipcountry` header; '' for nowhere. */
function placeOf(request: Request): string {
  let place = located.get(request);
  if (place === undefined) {
    // Reading request.cf builds the object anew each time: once per request is enough.
    const cf = (request as Request & { cf?: { country?: unknown } }).cf;
    const placed = typeof cf?.country === 'string' ? cf.country : request.headers.get('cf-ipcountry');
    place = (placed ?? '').trim().toUpperCase();
    located.set(request, place);
  }
  return place;
}

const located = new WeakMap<Request, string>();

/** The country cookie when it holds a valid choice, else null. */
export function chosenCountry(c: Context<AppEnv>): CountryCode | null {
  const raw = requestCookie(c, COOKIE_NAMES.country);
  return isCountryCode(raw) ? raw : null;
}

/**
 * Page renders of a first visit write the located country into the cookie, so the next page (and a
 * later visit from elsewhere) stays in the same country until the shopper picks another.
 */
export function rememberCountry(c: Context<AppEnv>, country: CountryCode): void {
  const secure = new URL(c.req.url).protocol === 'https:';
  setCookie(c, COOKIE_NAMES.country, country, { path: '/', maxAge: COUNTRY_COOKIE_MAX_AGE_S, sameSite: 'Lax', secure });
}

/**
 * The country a page's URL pins it to (`?country=SA`, the per-country URLs search engines are given,
 * shared/seo/country-urls.ts), else null. Such a page always shows that country, whatever the cookie.
 */
export function urlCountry(c: Context<AppEnv>): CountryCode | null {
  return pinnedCountry(new URL(c.req.url).searchParams);
}

/** A page's session: the session as its cookies say it, in the country its URL pins, if any. */
export function readPageSession(c: Context<AppEnv>, lang: Lang): Session {
  const session = readSession(c, lang);
  const pinned = urlCountry(c);
  return pinned ? { ...session, country: pinned } : session;
}

/** Step 1: the session as the request's cookies say it. Decides; calls nothing. */
export function readSession(c: Context<AppEnv>, lang: Lang): Session {
  const secure = new URL(c.req.url).protocol === 'https:';
  const names = cookieNames(secure);
  const header = c.req.header('x-country');
  const chosen = isCountryCode(header) ? header : chosenCountry(c);
  const country = chosen ?? countryFromLocation(c.req.raw);
  const userToken = tokenCookie(c, names.auth);
  const rawUser = requestCookie(c, names.user);
  const rawProfile = requestCookie(c, names.profile);
  // Before issue 44 the readable cookie itself held the details (id, name, e-mail as JSON): such a
  // cookie is read once more and rewritten as the two cookies of today.
  const legacy = rawProfile === undefined && rawUser !== undefined && rawUser !== SIGNED_IN_MARK;
  let parsed = parseUser(legacy ? rawUser : rawProfile);
  // The shopper's cookies never outlive the session: without the auth cookie they go too, so no page
  // greets a shopper who is no longer signed in.
  if ((rawUser !== undefined || rawProfile !== undefined) && !userToken) {
    deleteCookie(c, names.user, { path: '/', secure });
    if (rawProfile !== undefined) deleteCookie(c, names.profile, { path: '/', secure: true });
    parsed = null;
  }
  const session: Session = {
    secure,
    deviceToken: tokenCookie(c, names.device),
    userToken,
    user: parsed?.user ?? null,
    userExpires: parsed?.exp ?? null,
    lang,
    country,
    ...(!chosen && locatedUnserved(c.req.raw) ? { unserved: true as const } : {}),
    bookmark: bookmarkCookie(c),
  };
  if (legacy && session.user) writeUserCookie(c, session, session.user);
  return session;
}

/** The D1 bookmark cookie: httpOnly, an hour (replicas catch up in seconds; then any replica will do). */
const BOOKMARK_COOKIE = 'd1b';
const BOOKMARK_MAX_AGE_S = 3600;

function bookmarkCookie(c: Context<AppEnv>): string | null {
  const value = requestCookie(c, BOOKMARK_COOKIE);
  return isBookmark(value) ? value : null;
}

/** Language of an /api call: the client's lang header, else the cookie, else English. */
export function apiLang(c: Context<AppEnv>): Lang {
  const header = c.req.header('lang');
  if (isLang(header)) return header;
  const cookie = requestCookie(c, COOKIE_NAMES.lang);
  return isLang(cookie) ? cookie : 'en';
}

/** What our own tokens are made of (device tokens "dv1.<uuid>.<hex>", 64-hex user tokens), with room. */
const TOKEN_VALUE = /^[A-Za-z0-9._~+/=-]{1,512}$/;

/**
 * A token cookie as the browser sent it back, or null when absent or malformed. A value that is not a
 * plain token (say %0A, %0D or %00 smuggled in, which getCookie decodes into a control character) would
 * break the upstream request's headers and so every /api call and page until the cookie expired: it is
 * cleared instead, and the shopper continues as a new device or a signed-out shopper.
 */
function tokenCookie(c: Context, name: string): string | null {
  const value = requestCookie(c, name);
  if (value === undefined) return null;
  if (TOKEN_VALUE.test(value)) return value;
  // __Host- cookies are cleared only with Secure and Path=/, as they were set.
  deleteCookie(c, name, { path: '/', secure: true });
  return null;
}

// ── Step 4: settle what a trip to the API changed ────────────────────────────────────────────────────

/** Upstream paths whose success answer carries a user access token. */
const TOKEN_PATHS = new Set(['/user/login', '/user/register', '/user/reset-password', '/user/phone/sign-in']);
const LOGOUT_PATH = '/user/logout';

/** One API answer as the session reads it: the path without its query, the status, the envelope's data. */
export interface Answer {
  path: string;
  status: number;
  data: unknown;
}

/** What one trip to the API told of the session; the gateway hands it over as it comes back. */
export interface TripOutcome {
  /** The D1 bookmark the API answered with (its `x-d1-bookmark` header), if any; a trip of several
   * calls hands each call's, and the session keeps the latest. */
  bookmark?: string | null | readonly (string | null)[];
  /** A device token the API gave this browser (a page bundle's or a registration's). */
  device?: string | null;
  /** The answers whose cookie rules apply (an answer that is a file has none). */
  answers?: readonly Answer[];
}

/**
 * Everything a trip changes of the session, in the order the cookies are written: the later D1
 * bookmark, a new device token, then each answer's rules (spec §4). Writes cookies; calls nothing.
 */
export function settle(c: Context<AppEnv>, session: Session, outcome: TripOutcome): void {
  const bookmarks = Array.isArray(outcome.bookmark) ? outcome.bookmark : [outcome.bookmark];
  const latest = bookmarks.reduce<string | null>(
    (held, answered) => (answered ? laterBookmark(held, answered) : held),
    null,
  );
  if (latest) noteBookmark(c, session, latest);
  if (outcome.device) storeDeviceToken(c, session, outcome.device);
  if (outcome.answers) for (const answer of outcome.answers) applyAnswer(c, session, answer);
}

/**
 * The API answered with the bookmark of the state it read or wrote: the session keeps the later of it
 * and the one it had, so parallel calls never move her back to an older state (decision 40), and the
 * httpOnly cookie carries it to her next request.
 */
function noteBookmark(c: Context<AppEnv>, session: Session, answered: string): void {
  const later = laterBookmark(session.bookmark, answered);
  if (!later || later === session.bookmark) return;
  session.bookmark = later;
  setCookie(c, BOOKMARK_COOKIE, later, {
    httpOnly: true,
    secure: session.secure,
    sameSite: 'Lax',
    path: '/',
    maxAge: BOOKMARK_MAX_AGE_S,
  });
}

function storeDeviceToken(c: Context<AppEnv>, session: Session, token: string): void {
  session.deviceToken = token;
  setCookie(c, cookieNames(session.secure).device, token, {
    httpOnly: true,
    secure: true,
    sameSite: 'Lax',
    path: '/',
    maxAge: DEVICE_COOKIE_MAX_AGE_S,
  });
}

/**
 * What one answer changes of the session's cookies: a 401 or a logout ends the sign-in, a login's token
 * is stored, and any other success carrying the signed-in user rewrites the readable cookie.
 */
function applyAnswer(c: Context<AppEnv>, session: Session, answer: Answer): void {
  const ok = answer.status >= 200 && answer.status < 300;
  if (answer.status === 401 || answer.path === LOGOUT_PATH) clearUserSession(c, session);
  const data = answer.data && typeof answer.data === 'object' ? (answer.data as Record<string, unknown>) : null;
  if (!data || !ok) return;
  if (TOKEN_PATHS.has(answer.path)) {
    if (typeof data.access_token === 'string') storeUserSession(c, session, data.access_token, userDisplay(data.user));
    return;
  }
  const user = userDisplay(data.user);
  if (user && session.userToken) refreshUser(c, session, user);
}

/** The readable cookie lives as long as the auth cookie at most (USER_COOKIE_MAX_AGE_S is longer). */
const USER_MAX_AGE_S = Math.min(USER_COOKIE_MAX_AGE_S, AUTH_COOKIE_MAX_AGE_S);

/** Login/register: the token goes into an httpOnly, Secure, SameSite=Strict cookie for two weeks. */
function storeUserSession(c: Context<AppEnv>, session: Session, token: string, user: UserDisplay | null): void {
  const names = cookieNames(session.secure);
  session.userToken = token;
  // Signed in (perhaps as another shopper than this browser's last): nothing kept of her before is read.
  renewHerVersion(c, session.secure);
  setCookie(c, names.auth, token, {
    httpOnly: true,
    secure: true,
    sameSite: 'Strict',
    path: '/',
    maxAge: AUTH_COOKIE_MAX_AGE_S,
  });
  session.userExpires = Date.now() + AUTH_COOKIE_MAX_AGE_S * 1000;
  if (user) writeUserCookie(c, session, user);
}

/**
 * The API answered with the signed-in user (a name or phone change, /user/me, sync): the readable
 * cookie is written again, so the page shows the new details at once and after a reload. It ends
 * when the auth cookie ends (its end is recorded in the cookie); an older cookie without that record
 * gets the auth cookie written again with the same end, so neither outlives the other.
 */
function refreshUser(c: Context<AppEnv>, session: Session, user: UserDisplay): void {
  if (!session.userToken) return;
  if (session.userExpires === null) {
    session.userExpires = Date.now() + USER_MAX_AGE_S * 1000;
    setCookie(c, cookieNames(session.secure).auth, session.userToken, {
      httpOnly: true,
      secure: true,
      sameSite: 'Strict',
      path: '/',
      maxAge: USER_MAX_AGE_S,
    });
  }
  writeUserCookie(c, session, user);
}

/** Also step 1's: a cookie of before issue 44 is rewritten as the two of today when it is read. */
function writeUserCookie(c: Context<AppEnv>, session: Session, user: UserDisplay): void {
  const exp = session.userExpires ?? Date.now() + USER_MAX_AGE_S * 1000;
  const maxAge = Math.max(0, Math.min(USER_MAX_AGE_S, Math.floor((exp - Date.now()) / 1000)));
  const names = cookieNames(session.secure);
  session.user = user;
  // Who she is stays out of the page's reach (an injected script, an extension reading cookies).
  setCookie(c, names.profile, JSON.stringify({ ...user, exp }), {
    httpOnly: true,
    secure: true,
    sameSite: 'Lax',
    path: '/',
    maxAge,
  });
  setCookie(c, names.user, SIGNED_IN_MARK, { secure: session.secure, sameSite: 'Lax', path: '/', maxAge });
}

function clearUserSession(c: Context<AppEnv>, session: Session): void {
  const names = cookieNames(session.secure);
  session.userToken = null;
  session.user = null;
  session.userExpires = null;
  deleteCookie(c, names.auth, { path: '/', secure: true });
  deleteCookie(c, names.user, { path: '/', secure: session.secure });
  deleteCookie(c, names.profile, { path: '/', secure: true });
  clearPass(c, session.secure);
}

function userDisplay(value: unknown): UserDisplay | null {
  if (!value || typeof value !== 'object') return null;
  const u = value as Record<string, unknown>;
  if ((typeof u.id !== 'number' && typeof u.id !== 'string') || typeof u.name !== 'string') return null;
  return {
    id: u.id,
    name: u.name,
    email: typeof u.email === 'string' ? u.email : '',
    phone: typeof u.phone === 'string' ? u.phone : null,
    ...(u.phone_verified === true ? { phone_verified: true } : {}),
    ...(u.whatsapp_updates === true ? { whatsapp_updates: true } : {}),
    ...(u.has_password === false ? { has_password: false } : {}),
  };
}
