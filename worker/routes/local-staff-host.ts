// Local mode only (decision 27): the back office lives on its own origin. In production that is its own
// worker's custom domain; locally the one dev server answers every host, so requests for
// staff.localhost are handed to the staff worker whole, before any of the shop's middleware (its
// cookies, headers and caches belong to the shop's origin). Browsers resolve *.localhost to this machine.
import type { MiddlewareHandler } from 'hono';

const LOCAL_STAFF_HOST = 'staff.localhost';

export function localStaffHost(): MiddlewareHandler<{ Bindings: StorefrontEnv }> {
  return async function localStaffHostHandler(c, next) {
    if (c.env.STAFF && new URL(c.req.url).hostname === LOCAL_STAFF_HOST) return c.env.STAFF.fetch(c.req.raw);
    await next();
  };
}
