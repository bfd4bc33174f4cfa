// Token cookies as the browser sends them back. A value that is not a plain token (say %0A, %0D or
// %00 smuggled in, which getCookie decodes into a control character) would break the upstream
// request's headers and so every /api call and page until the cookie expired: it is dropped and
// cleared instead, and the shopper continues as a new device or a signed-out shopper.
import type { Context } from 'hono';
import { deleteCookie, getCookie } from 'hono/cookie';

/** What our own tokens are made of (device tokens "dv1.<uuid>.<hex>", 64-hex user tokens), with room. */
const TOKEN_VALUE = /^[A-Za-z0-9._~+/=-]{1,512}$/;

export function isTokenValue(value: string): boolean {
  return TOKEN_VALUE.test(value);
}

/** The cookie's token, or null when absent or malformed (then the cookie is cleared). */
export function tokenCookie(c: Context, name: string): string | null {
  const value = getCookie(c, name);
  if (value === undefined) return null;
  if (isTokenValue(value)) return value;
  // __Host- cookies are cleared only with Secure and Path=/, as they were set.
  deleteCookie(c, name, { path: '/', secure: true });
  return null;
}
