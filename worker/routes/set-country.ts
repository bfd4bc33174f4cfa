// No-JavaScript fallback of the country switch: sets the cookie and returns to the same page.
import { Hono } from 'hono';
import { setCookie } from 'hono/cookie';
import { COOKIE_NAMES, isCountryCode } from '../../shared/locale';
import type { AppEnv } from '../app-env';
import { safeRedirect } from '../lib/safe-redirect';

export const setCountry = new Hono<AppEnv>();

setCountry.get('/set-country', (c) => {
  const code = c.req.query('code');
  if (isCountryCode(code)) {
    const secure = new URL(c.req.url).protocol === 'https:';
    setCookie(c, COOKIE_NAMES.country, code, { path: '/', maxAge: 365 * 24 * 3600, sameSite: 'Lax', secure });
  }
  return safeRedirect(c, c.req.query('to'));
});
