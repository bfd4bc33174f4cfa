// No-JavaScript fallback of the country switch: sets the cookie and returns to the same page.
import { Hono } from 'hono';
import { isCountryCode } from '#shared/locale';
import { rememberCountry } from '../lib/session';
import type { AppEnv } from '../app-env';
import { safeRedirect } from '../lib/safe-redirect';
import { breaksHeader, sameOriginPath } from '#shared/safe-path';

export const setCountry = new Hono<AppEnv>();

/** The return path without its price filter: typed in the old currency, it must not be reread in the new one. */
function withoutPriceFilter(path: string): string {
  const url = new URL(path, 'http://x');
  if (!url.searchParams.has('price')) return path;
  url.searchParams.delete('price');
  return url.pathname + url.search;
}

setCountry.get('/set-country', (c) => {
  const code = c.req.query('code');
  let to = c.req.query('to');
  if (isCountryCode(code)) {
    rememberCountry(c, code);
    // Without JavaScript there are no rates here to convert with (the switch converts them in the browser).
    // Only a safe path is rewritten; anything else goes to safeRedirect as it came (400 or home).
    const path = to && !breaksHeader(to) ? sameOriginPath(to) : null;
    if (path) to = withoutPriceFilter(path);
  }
  return safeRedirect(c, to);
});
