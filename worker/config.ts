// Environment validated once per isolate. Only the whitelisted public part reaches the browser.
import { z } from '#shared/zod';
import type { PublicConfig } from '#shared/boot';
import type { AnalyticsMode } from '#shared/analytics/consent';
import { isLocalHost } from '#shared/analytics/local-host';
import { COUNTRY_CODES } from '#shared/locale';
import { configReader, DEV_SECRET_PREFIX } from '#shared/config';
import { REQUEST_TIMEOUT_MS } from '#shared/constants';

/** A comma-separated list of vars, each item checked (and written as the files want it). */
const list = <T extends z.ZodType<string, string>>(item: T) =>
  z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .pipe(z.array(item));

const schema = z
  .object({
    ENVIRONMENT: z.enum(['development', 'test', 'production']).default('development'),
    SIGNING_SECRET: z.string().min(32),
    API_ORIGIN: z.union([z.literal(''), z.url()]).default(''),
    API_TIMEOUT_MS: z.coerce.number().int().positive().max(120_000).default(REQUEST_TIMEOUT_MS),
    // Guest pages kept in the edge cache (decision 40) for at most this long; 0 keeps none.
    PAGE_CACHE_TTL_S: z.coerce.number().int().min(0).max(86_400).default(300),
    SHELL_FIRST_AFTER_MS: z.coerce.number().int().min(0).max(10_000).default(30),
    SENTRY_DSN: z.union([z.literal(''), z.url()]).default(''),
    // App links (shared/app-links.ts): Apple app ids ("<team id>.<bundle id>"), the Android package and
    // its signing certificates' SHA-256 (with or without colons), and the paths that open in the apps.
    APPLE_APP_IDS: list(z.string().regex(/^[A-Z0-9]{10}\.[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+$/, 'team id . bundle id')),
    ANDROID_PACKAGE: z.union([z.literal(''), z.string().regex(/^[A-Za-z]\w*(?:\.[A-Za-z]\w*)+$/)]).default(''),
    ANDROID_CERT_SHA256: list(
      z
        .string()
        .transform((f) => f.replace(/[:\s]/g, '').toUpperCase())
        .pipe(z.string().regex(/^[0-9A-F]{64}$/, '64 hex digits'))
        .transform((hex) => hex.match(/../g)!.join(':')),
    ),
    APP_LINK_PATHS: list(z.string().regex(/^(?:NOT )?\//, 'a path, or NOT and a path')),
    // Analytics (decision 35): GA4's Measurement Protocol when both are set; ANALYTICS_MODE
    // 'outbox' keeps events for /dev/analytics instead (local only), 'off' turns it off whatever is set.
    ANALYTICS_MODE: z.enum(['', 'off', 'ga4', 'outbox']).default(''),
    GA4_MEASUREMENT_ID: z.union([z.literal(''), z.string().regex(/^G-[A-Z0-9]{4,20}$/)]).default(''),
    GA4_API_SECRET: z.string().default(''),
    ANALYTICS_CONSENT_COUNTRIES: z
      .string()
      .default(COUNTRY_CODES.join(','))
      .transform((list) =>
        list
          .split(',')
          .map((c) => c.trim().toUpperCase())
          .filter(Boolean),
      )
      .pipe(z.array(z.enum(COUNTRY_CODES))),
  })
  .refine((c) => c.ENVIRONMENT !== 'production' || !c.SIGNING_SECRET.startsWith(DEV_SECRET_PREFIX), {
    message: 'production needs a real SIGNING_SECRET secret',
  })
  // Signed requests carry the shopper's tokens: in production never over plain HTTP.
  .refine((c) => c.ENVIRONMENT !== 'production' || c.API_ORIGIN === '' || c.API_ORIGIN.startsWith('https://'), {
    message: 'production calls an external API_ORIGIN over HTTPS only',
  })
  .refine((c) => c.ANALYTICS_MODE !== 'ga4' || (c.GA4_MEASUREMENT_ID !== '' && c.GA4_API_SECRET !== ''), {
    message: 'ANALYTICS_MODE ga4 needs GA4_MEASUREMENT_ID and the GA4_API_SECRET secret',
  });

export type StorefrontConfig = z.infer<typeof schema>;

export const storefrontConfig: (env: StorefrontEnv) => StorefrontConfig = configReader(schema, 'storefront');

/**
 * The browser's config for a page served on `hostname`. Analytics are skipped on local hosts (spec §7)
 * unless the local outbox is on: decided here, so the browser's entry chunk needs no host test.
 */
export function publicConfig(config: StorefrontConfig, hostname = ''): PublicConfig {
  const mode = analyticsMode(config);
  return {
    environment: config.ENVIRONMENT,
    sentryDsn: config.SENTRY_DSN,
    analytics: {
      mode: mode === 'ga4' && isLocalHost(hostname) ? 'off' : mode,
      consentCountries: config.ANALYTICS_CONSENT_COUNTRIES,
    },
  };
}

/**
 * Where events go: the outbox when asked (never in production, which has no /dev/analytics either: there
 * it counts as off), GA4 when it is configured (or asked), else nowhere.
 */
export function analyticsMode(config: StorefrontConfig): AnalyticsMode {
  if (config.ANALYTICS_MODE === 'outbox') return config.ENVIRONMENT === 'production' ? 'off' : 'outbox';
  if (config.ANALYTICS_MODE === 'off') return 'off';
  return config.GA4_MEASUREMENT_ID && config.GA4_API_SECRET ? 'ga4' : 'off';
}
