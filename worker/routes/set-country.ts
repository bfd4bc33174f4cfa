// No-JavaScript fallback of the country switch: sets the cookie and returns to the same page.
import { Hono } from 'hono';
import { isCountryCode } from '../../shared/locale';
import { rememberCountry } from '../lib/session';
import type { AppEnv } from '../app-env';

export const setCountry = new Hono<AppEnv>();

/** Only same-site absolute paths: never another host, never a protocol-relative URL. */
export function safeReturnPath(value: string | undefined): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/';
  return value;
}

setCountry.get('/set-country', (c) => {
  const code = c.req.query('code');
  if (isCountryCode(code)) {
    rememberCountry(c, code);
  }
  return c.redirect(safeReturnPath(c.req.query('to')), 303);
});
