// Session cookies. Tokens live only in httpOnly cookies; the browser's JavaScript sees display data.
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { UserDisplay } from '../../client/boot';
import { AUTH_COOKIE_MAX_AGE_S, DEVICE_COOKIE_MAX_AGE_S, USER_COOKIE_MAX_AGE_S } from '../../shared/constants';
import { COOKIE_NAMES, DEFAULT_COUNTRY, isCountryCode, isLang, type CountryCode, type Lang } from '../../shared/locale';
import type { AppEnv } from '../app-env';
import { tokenCookie } from './cookies';

export interface Session {
  secure: boolean;
  deviceToken: string | null;
  userToken: string | null;
  user: UserDisplay | null;
  lang: Lang;
  country: CountryCode;
}

/** Cookie names: the __Host- prefix binds a cookie to this exact origin, and needs https. */
export function cookieNames(secure: boolean) {
  return {
    device: secure ? '__Host-dtk' : 'dtk',
    auth: secure ? '__Host-atk' : 'atk',
    user: 'user',
  };
}

function parseUser(raw: string | undefined): UserDisplay | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<UserDisplay>;
    if (value && (typeof value.id === 'number' || typeof value.id === 'string') && typeof value.name === 'string') {
      return { id: value.id, name: value.name, email: String(value.email ?? ''), phone: value.phone ?? null };
    }
  } catch {
    // a malformed cookie is treated as absent
  }
  return null;
}

export function readSession(c: Context<AppEnv>, lang: Lang): Session {
  const secure = new URL(c.req.url).protocol === 'https:';
  const names = cookieNames(secure);
  const countryRaw = c.req.header('x-country') ?? getCookie(c, COOKIE_NAMES.country);
  return {
    secure,
    deviceToken: tokenCookie(c, names.device),
    userToken: tokenCookie(c, names.auth),
    user: parseUser(getCookie(c, names.user)),
    lang,
    country: isCountryCode(countryRaw) ? countryRaw : DEFAULT_COUNTRY,
  };
}

/** Language of an /api call: the client's lang header, else the cookie, else English. */
export function apiLang(c: Context<AppEnv>): Lang {
  const header = c.req.header('lang');
  if (isLang(header)) return header;
  const cookie = getCookie(c, COOKIE_NAMES.lang);
  return isLang(cookie) ? cookie : 'en';
}

export function storeDeviceToken(c: Context<AppEnv>, session: Session, token: string): void {
  session.deviceToken = token;
  setCookie(c, cookieNames(session.secure).device, token, {
    httpOnly: true,
    secure: true,
    sameSite: 'Lax',
    path: '/',
    maxAge: DEVICE_COOKIE_MAX_AGE_S,
  });
}

/** Login/register: the token goes into an httpOnly, Secure, SameSite=Strict cookie for two weeks. */
export function storeUserSession(c: Context<AppEnv>, session: Session, token: string, user: UserDisplay | null): void {
  const names = cookieNames(session.secure);
  session.userToken = token;
  setCookie(c, names.auth, token, { httpOnly: true, secure: true, sameSite: 'Strict', path: '/', maxAge: AUTH_COOKIE_MAX_AGE_S });
  if (user) {
    session.user = user;
    setCookie(c, names.user, JSON.stringify(user), { secure: session.secure, sameSite: 'Lax', path: '/', maxAge: USER_COOKIE_MAX_AGE_S });
  }
}

export function clearUserSession(c: Context<AppEnv>, session: Session): void {
  const names = cookieNames(session.secure);
  session.userToken = null;
  session.user = null;
  deleteCookie(c, names.auth, { path: '/', secure: true });
  deleteCookie(c, names.user, { path: '/', secure: session.secure });
}
