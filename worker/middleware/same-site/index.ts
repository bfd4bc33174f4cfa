// Refuses state-changing requests that a browser marks as cross-site (CSRF defence in depth on top
// of SameSite cookies).
import type { MiddlewareHandler } from 'hono';
import { fail } from '#shared/api/envelope';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

export function sameSiteOnly(): MiddlewareHandler {
  return async function sameSiteOnlyHandler(c, next) {
    if (!SAFE.has(c.req.method)) {
      const site = c.req.header('sec-fetch-site');
      const origin = c.req.header('origin');
      const own = new URL(c.req.url).origin;
      const crossSite =
        site === 'cross-site' || site === 'same-site' || (origin !== undefined && origin !== 'null' && origin !== own);
      if (crossSite || origin === 'null') return c.json(fail('forbidden_cross_site', 403), 403);
    }
    await next();
  };
}
