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
