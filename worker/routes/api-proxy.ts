// /api/* → the commerce API through its door for the storefront, with the session's tokens added from httpOnly cookies.
import { Hono } from 'hono';
import { fail } from '#shared/api/envelope';
import { SIGNED_IN_HEADER } from '#shared/constants';
import type { AppEnv } from '../app-env';
import { forward } from '../lib/gateway';
import { apiLang, readSession } from '../lib/session';
import { limitBody } from '../middleware/body-limit';
import { sameSiteOnly } from '../middleware/same-site';
import { browserPath } from '../upstream/browser-paths';

/** Signing out with the cookie already gone is no news to the shopper. */
const LOGOUT_PATH = '/user/logout';
const MAX_BODY_BYTES = 1024 * 1024;
/** The API reads JSON bodies only; the browser's session client always sends this type. */
const JSON_TYPE = /^application\/json\s*(;|$)/i;

export const apiProxy = new Hono<AppEnv>();

apiProxy.use(sameSiteOnly());
apiProxy.use(limitBody(MAX_BODY_BYTES));

apiProxy.all('/*', async function proxyHandler(c) {
  const url = new URL(c.req.url);
  const verdict = browserPath(url.pathname.replace(/^\/api/, '') || '/');
  if (!verdict.ok) return c.json(fail(verdict.key, verdict.status), verdict.status);
  const path = verdict.path;
  if (c.req.method !== 'GET' && c.req.method !== 'POST') return c.json(fail('method_not_allowed', 405), 405);

  let body = '';
  if (c.req.method === 'POST') {
    body = await c.req.text();
    if (body !== '' && !JSON_TYPE.test(c.req.header('content-type') ?? ''))
      return c.json(fail('unsupported_media_type', 415), 415);
  }

  const session = readSession(c, apiLang(c));
  // The page was shown to a signed-in shopper but the auth cookie is gone (expired, cleared): say the
  // session ended instead of letting the API take the call as a guest's (an order without its account).
  if (c.req.header(SIGNED_IN_HEADER) === '1' && !session.userToken && path !== LOGOUT_PATH)
    return c.json(fail('session_ended', 401, 'session_ended'), 401);
  // No device (the API could not register one just now) is answered 503 service_busy by the gateway:
  // the server's trouble, not a call without a token that the API would refuse as the shopper's bad one.
  const result = await forward(c, session, c.req.method, path + url.search, body);
  return c.body(result.body, result.status as 200, {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'private, no-store',
    'x-cache': result.cached ? 'HIT' : 'MISS',
    // A 429 says when to come back.
    ...(result.retryAfter ? { 'retry-after': result.retryAfter } : {}),
  });
});
