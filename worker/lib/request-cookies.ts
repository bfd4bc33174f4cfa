// The request's cookies, read from its header once. A page's session is read cookie by cookie (country,
// her token, her details, her profile, the device, the D1 bookmark, her version, her pass: about nine),
// and Hono's getCookie copies the whole header out of the runtime and splits it again for each one; a
// signed-in shopper's header is the longest (her token, pass, profile and bookmark). Parsed once per
// request by the same parser, so every value is what getCookie would have given.
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';

const parsed = new WeakMap<Request, Record<string, string>>();

/** The request's cookie of this name, as `getCookie(c, name)` reads it, or undefined. */
export function requestCookie(c: Context, name: string): string | undefined {
  let all = parsed.get(c.req.raw);
  if (!all) {
    all = getCookie(c);
    parsed.set(c.req.raw, all);
  }
  // Own keys only: with no Cookie header Hono gives a plain object, whose `constructor` is no cookie.
  return Object.hasOwn(all, name) ? all[name] : undefined;
}
