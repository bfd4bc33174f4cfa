// The ZATCA adapter for the configured environment (ZATCA_ENVIRONMENT): ZATCA's own API in sandbox,
// simulation and production, the local stand-in answered in process in 'local' (development, tests,
// testers), so callers never branch on the environment. Credentials (the CSIDs) are the caller's: the
// onboarding keeps them as the shop's secrets.
import { standInFetch } from '../stand-in/handler';
import { zatcaClient } from './client';
import type { ZatcaEnvironment } from './environments';

export type { Credentials } from './client';

export function zatcaFor(
  environment: ZatcaEnvironment,
  db: D1Database,
  options: { fetcher?: typeof fetch; language?: 'en' | 'ar' } = {},
) {
  const fetcher = environment === 'local' ? standInFetch(db) : (options.fetcher ?? fetch);
  return zatcaClient({ environment, fetcher, language: options.language });
}
