// The staff worker's settings, validated once per isolate. In production Cloudflare Access must be
// configured: the worker then refuses any request whose Access token does not verify.
import { z } from '#shared/zod';
import { configReader, DEV_SECRET_PREFIX } from '#shared/config';
import { REQUEST_TIMEOUT_MS } from '#shared/constants';

const schema = z
  .object({
    ENVIRONMENT: z.enum(['development', 'test', 'production']).default('development'),
    SIGNING_SECRET: z.string().min(32),
    API_TIMEOUT_MS: z.coerce.number().int().positive().max(120_000).default(REQUEST_TIMEOUT_MS),
    SENTRY_DSN: z.union([z.literal(''), z.url()]).default(''),
    ACCESS_TEAM_DOMAIN: z.union([z.literal(''), z.string().regex(/^[a-z0-9-]+\.cloudflareaccess\.com$/)]).default(''),
    ACCESS_AUD: z.string().default(''),
  })
  .refine((c) => c.ENVIRONMENT !== 'production' || !c.SIGNING_SECRET.startsWith(DEV_SECRET_PREFIX), {
    message: 'production needs a real SIGNING_SECRET secret',
  })
  .refine((c) => c.ENVIRONMENT !== 'production' || (c.ACCESS_TEAM_DOMAIN !== '' && c.ACCESS_AUD !== ''), {
    message: 'production puts the staff app behind Cloudflare Access: set ACCESS_TEAM_DOMAIN and ACCESS_AUD',
  });

export type StaffConfig = z.infer<typeof schema>;

export const staffConfig: (env: StaffEnv) => StaffConfig = configReader(schema, 'staff');
