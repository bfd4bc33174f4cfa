import { env } from 'cloudflare:workers';
import { freshStart } from '../../support/fresh-start';

await freshStart(env.API_DB, env.TEST_MIGRATIONS, {
  kv: [env.CACHE, env.API_KV],
  buckets: [env.API_MEDIA, env.API_UPLOADS],
});
