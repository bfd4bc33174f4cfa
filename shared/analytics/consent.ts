// What the browser and the storefront worker agree on about analytics (decision 35): the
// modes, the consent cookie and the local hosts where nothing is recorded unless the server says so.
import type { CountryCode } from '../locale';

/** off: no tracker; ga4: GA4's Measurement Protocol through /collect; outbox: kept for /dev/analytics (local). */
export type AnalyticsMode = 'off' | 'ga4' | 'outbox';

/** The boot config's analytics part (shared/boot.ts PublicConfig): no id or secret, only what the page needs. */
export interface PublicAnalytics {
  mode: AnalyticsMode;
  /** Countries where nothing leaves the device before the shopper accepts (default: both). */
  consentCountries: CountryCode[];
}

/** The shopper's choice: first-party, readable by the page (it decides whether to load the tracker). */
export const CONSENT_COOKIE = 'analytics_consent';
export const CONSENT_MAX_AGE_S = 180 * 24 * 60 * 60;
export type ConsentChoice = 'granted' | 'denied';

/** The tracker's random client id, kept only once the shopper has accepted (or where no consent is asked). */
export const CLIENT_ID_COOKIE = 'analytics_cid';

/** The first-party endpoint the tracker posts to. */
export const COLLECT_PATH = '/collect';

export { isLocalHost } from './local-host';

export function consentRequired(config: PublicAnalytics, country: CountryCode): boolean {
  return config.consentCountries.includes(country);
}

/** The choice a cookie header (or document.cookie) holds, or null before the shopper chose. */
export function consentFromCookies(cookies: string): ConsentChoice | null {
  const m = new RegExp(`(?:^|;\\s*)${CONSENT_COOKIE}=(granted|denied)(?:;|$)`).exec(cookies);
  return m ? (m[1] as ConsentChoice) : null;
}

/** Whether events may leave the device for the tracker: one is configured and, where asked, accepted. */
export function mayUseTracker(config: PublicAnalytics, country: CountryCode, choice: ConsentChoice | null): boolean {
  if (config.mode === 'off') return false;
  return !consentRequired(config, country) || choice === 'granted';
}
