// Environment validated once per isolate. Only the whitelisted public part reaches the browser.
import { z } from '#shared/zod';
import type { PublicConfig } from '#shared/boot';
import { configReader, DEV_SECRET_PREFIX } from '#shared/config';
import { REQUEST_TIMEOUT_MS } from '#shared/constants';

const schema = z
  .object({
    ENVIRONMENT: z.enum(['development', 'test', 'production']).default('development'),
    SIGNING_SECRET: z.string().min(32),
    API_ORIGIN: z.union([z.literal(''), z.url()]).default(''),
    API_TIMEOUT_MS: z.coerce.number().int().positive().max(120_000).default(REQUEST_TIMEOUT_MS),
    SENTRY_DSN: z.union([z.literal(''), z.url()]).default(''),
    APPLE_APP_IDS: z.string().default(''),
    ANDROID_PACKAGE: z.string().default(''),
    ANDROID_CERT_SHA256: z.string().default(''),
    APP_LINK_PATHS: z.string().default(''),
  })
  .refine((c) => c.ENVIRONMENT !== 'production' || !c.SIGNING_SECRET.startsWith(DEV_SECRET_PREFIX), {
    message: 'production needs a real SIGNING_SECRET secret',
  })
  // Signed requests carry the shopper's tokens: in production never over plain HTTP.
  .refine((c) => c.ENVIRONMENT !== 'production' || c.API_ORIGIN === '' || c.API_ORIGIN.startsWith('https://'), {
    message: 'production calls an external API_ORIGIN over HTTPS only',
  });

export type StorefrontConfig = z.infer<typeof schema>;

export const storefrontConfig: (env: StorefrontEnv) => StorefrontConfig = configReader(schema, 'storefront');

export function publicConfig(config: StorefrontConfig): PublicConfig {
  return { environment: config.ENVIRONMENT, sentryDsn: config.SENTRY_DSN };
}
