import type { Context } from 'hono';
import type { AppEnv } from '../app-env';

/** Where links for the shopper point: the storefront's origin (as it says, outside production). */
export function siteOrigin(c: Context<AppEnv>): string {
  const given = c.req.header('x-site-origin');
  if (c.var.config.ENVIRONMENT === 'production' || !given || !/^https?:\/\/[^/\s]+$/.test(given)) return c.var.config.SITE_ORIGIN;
  return given;
}
