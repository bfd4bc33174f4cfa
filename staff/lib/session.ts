// The staff app's cookies, on its own origin only: the session token, the sign-in ticket between the
// password and code steps, and the chosen language. HttpOnly, SameSite=Strict, and __Host- with Secure
// over https, so no other origin (the shop's included) can set or read them.
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import type { Lang } from '#shared/locale';

const STAFF_SESSION_MAX_AGE_S = 12 * 60 * 60;
const TICKET_MAX_AGE_S = 5 * 60;

const isSecure = (c: Context) => new URL(c.req.url).protocol === 'https:';

function cookieNames(secure: boolean) {
  return {
    session: secure ? '__Host-stk' : 'stk',
    ticket: secure ? '__Host-stt' : 'stt',
    lang: 'staff_lang',
  };
}

const TOKEN = /^[0-9a-f]{64}$/;

function readToken(c: Context, name: string): string | null {
  const value = getCookie(c, name);
  return value && TOKEN.test(value) ? value : null;
}

function write(c: Context, name: string, value: string, maxAge: number) {
  setCookie(c, name, value, { path: '/', httpOnly: true, sameSite: 'Strict', secure: isSecure(c), maxAge });
}

export const sessionToken = (c: Context) => readToken(c, cookieNames(isSecure(c)).session);
export const ticketToken = (c: Context) => readToken(c, cookieNames(isSecure(c)).ticket);

export const storeSession = (c: Context, token: string) =>
  write(c, cookieNames(isSecure(c)).session, token, STAFF_SESSION_MAX_AGE_S);
export const storeTicket = (c: Context, ticket: string) =>
  write(c, cookieNames(isSecure(c)).ticket, ticket, TICKET_MAX_AGE_S);

export function clearSession(c: Context) {
  deleteCookie(c, cookieNames(isSecure(c)).session, { path: '/', secure: isSecure(c) });
}
export function clearTicket(c: Context) {
  deleteCookie(c, cookieNames(isSecure(c)).ticket, { path: '/', secure: isSecure(c) });
}

export function chosenLang(c: Context): Lang | null {
  const v = getCookie(c, cookieNames(false).lang);
  return v === 'ar' || v === 'en' ? v : null;
}

export function storeLang(c: Context, lang: Lang) {
  setCookie(c, cookieNames(false).lang, lang, {
    path: '/',
    httpOnly: true,
    sameSite: 'Strict',
    secure: isSecure(c),
    maxAge: 365 * 24 * 60 * 60,
  });
}
