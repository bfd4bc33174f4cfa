import { type ApiConfig, apiConfig } from './config';

/**
 * Where links for the shopper point (reset mails, payment return and webhook URLs): the configured
 * SITE_ORIGIN, in every environment. Never the request's Host header, which a client chooses: a reset
 * link on an attacker's host would hand them the token. Local servers on another port set
 * SITE_ORIGIN for themselves (scripts/serve-built.mjs).
 */
export function siteOrigin(c: { var: { config: Pick<ApiConfig, 'SITE_ORIGIN'> } }): string {
  return c.var.config.SITE_ORIGIN;
}

/** The same origin outside a request (the cron's sweep): the one configured value, never a default of its own. */
export function configuredSiteOrigin(env: ApiEnv): string {
  return apiConfig(env).SITE_ORIGIN;
}
