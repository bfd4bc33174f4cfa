// Secrets are validated once per isolate; production refuses the development defaults.
import { z } from 'zod';

const DEV_PREFIX = 'dev-only-';

const configSchema = z
  .object({
    ENVIRONMENT: z.enum(['development', 'test', 'production']).default('development'),
    SIGNING_SECRET: z.string().min(32),
    TOKEN_SECRET: z.string().min(32),
  })
  .refine(
    (c) => c.ENVIRONMENT !== 'production' || (!c.SIGNING_SECRET.startsWith(DEV_PREFIX) && !c.TOKEN_SECRET.startsWith(DEV_PREFIX)),
    { message: 'production needs real SIGNING_SECRET and TOKEN_SECRET secrets' },
  );

export type ApiConfig = z.infer<typeof configSchema>;

const cache = new WeakMap<object, ApiConfig>();

export function apiConfig(env: ApiEnv): ApiConfig {
  let config = cache.get(env);
  if (!config) {
    const parsed = configSchema.safeParse(env);
    if (!parsed.success) throw new Error(`invalid API configuration: ${parsed.error.issues.map((i) => i.path.join('.') + ' ' + i.message).join('; ')}`);
    config = parsed.data;
    cache.set(env, config);
  }
  return config;
}
