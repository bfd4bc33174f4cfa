import { env } from 'cloudflare:workers';
import { forgetCurrencies } from '#api/src/lib/currency';
import { forgetLoyaltyRules } from '#api/src/loyalty/rules-read';
import { freshStart } from '../../support/fresh-start';
import { quietRequestLinesHere } from '../../support/request-lines';

// The API runs in this runtime: its request lines are dropped before they leave it.
quietRequestLinesHere();

await freshStart(env.DB, env.TEST_MIGRATIONS, {
  kv: [env.KV],
  buckets: [env.MEDIA, env.UPLOADS, env.BACKUPS, env.ARCHIVE],
});
// The isolate outlives a test file: what it keeps of the database the last file changed (a country's
// amounts, the loyalty rules a back-office test switched off) would otherwise answer for the fresh one.
forgetCurrencies();
forgetLoyaltyRules();
// The label drawing is imported on first use (api/src/carriers/label.ts). Under Vitest that import is
// served through the test runner's I/O, which a queue consumer's context may not touch ("Cannot perform
// I/O on behalf of a different Durable Object"): loaded here, the consumer finds it loaded, as a
// deployed isolate's later labels do.
await import('#api/src/carriers/label-draw');
