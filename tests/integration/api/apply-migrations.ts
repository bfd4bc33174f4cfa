import { env } from 'cloudflare:workers';
import { freshStart } from '../../support/fresh-start';

await freshStart(env.DB, env.TEST_MIGRATIONS, { kv: [env.KV], buckets: [env.MEDIA, env.UPLOADS, env.BACKUPS] });
