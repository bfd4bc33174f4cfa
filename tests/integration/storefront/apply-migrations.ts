import { env } from 'cloudflare:workers';
import { freshStart } from '../../support/fresh-start';
import { quietRequestLinesHere } from '../../support/request-lines';

// The storefront worker runs in this runtime (the API and back office beside it print their own lines).
quietRequestLinesHere();

await freshStart(env.API_DB, env.TEST_MIGRATIONS, {
  kv: [env.CACHE, env.API_KV],
  buckets: [env.API_MEDIA, env.API_UPLOADS],
});
