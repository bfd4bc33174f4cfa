// Secrets are validated once per isolate; production refuses the development defaults.
import { z } from '../../../shared/zod';
import { configReader, DEV_SECRET_PREFIX } from '../../../shared/config';

const configSchema = z
  .object({
    ENVIRONMENT: z.enum(['development', 'test', 'production']).default('development'),
    SIGNING_SECRET: z.string().min(32),
    TOKEN_SECRET: z.string().min(32),
    PASSWORD_PEPPER: z.string().min(32),
    SITE_ORIGIN: z.url().default('http://localhost:8787'),
  })
  .refine(
    (c) => c.ENVIRONMENT !== 'production' || ![c.SIGNING_SECRET, c.TOKEN_SECRET, c.PASSWORD_PEPPER].some((s) => s.startsWith(DEV_SECRET_PREFIX)),
    { message: 'production needs real SIGNING_SECRET, TOKEN_SECRET and PASSWORD_PEPPER secrets' },
  );

export type ApiConfig = z.infer<typeof configSchema>;

export const apiConfig: (env: ApiEnv) => ApiConfig = configReader(configSchema, 'API');
