import type { Context } from 'hono';
import { SITE_ORIGIN_HEADER } from '../../../shared/api/signing';
import type { AppEnv } from '../app-env';

/** Where links for the shopper point: the storefront's origin (as it says, outside production). */
export function siteOrigin(c: Context<AppEnv>): string {
  const given = c.req.header(SITE_ORIGIN_HEADER);
  if (c.var.config.ENVIRONMENT === 'production' || !given || !/^https?:\/\/[^/\s]+$/.test(given)) return c.var.config.SITE_ORIGIN;
  return given;
}
