// Three test projects: unit tests in Node beside the code, and integration tests inside workerd for
// each worker with real D1, KV, R2 and Durable Object bindings (migrations applied in setup files).
import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-plugin';
import { availableParallelism } from 'node:os';
import { existsSync, readdirSync } from 'node:fs';
import { defineConfig } from 'vitest/config';
import { pageTable } from './scripts/vite-page-table.mjs';
import { serviceWorker } from './scripts/vite-service-worker.mjs';
import { isRequestLine } from './tests/support/request-lines';
import { LongFirstSequencer } from './scripts/vitest-long-first';
import { prebundle } from './scripts/vitest-prebundled';
import { countryFixture } from './tests/support/country-fixture';

const migrations = await readD1Migrations('api/migrations');
/** An order shard's schema (decision 61): the api project's second D1 database, ORDERS_1, tests the split. */
const shardMigrations = await readD1Migrations('api/order-shard-migrations');

/** Tests run the local build: its local-only tools exist (vite.config.ts defines the same flag). */
const buildFlags = { __LOCAL_TOOLS__: 'true', __BUILD_ID__: JSON.stringify('test') };

/** Where both workers' error reports go in the storefront tests: the stand-in (tests/support/sentry-standin.mjs). */
const STANDIN_DSN = 'http://public@sentry.test/1';

const apiTestVars = {
  ENVIRONMENT: 'test',
  SIGNING_SECRET: 'test-signing-secret-0123456789abcdef0123',
  TOKEN_SECRET: 'test-token-secret-0123456789abcdef01234',
  PASSWORD_PEPPER: 'test-password-pepper-0123456789abcdef012',
  PAYMENT_WEBHOOK_SECRET: 'test-payment-webhook-secret-0123456789ab',
  UPLOAD_KEK: 'test-upload-kek-0123456789abcdef0123456789',
  HEALTH_KEK: 'test-health-kek-0123456789abcdef0123456789',
  BACKUP_KEK: 'test-backup-kek-0123456789abcdef0123456789',
  // Web push: a test VAPID pair, and real sending, which the push tests intercept (fetch).
  VAPID_PUBLIC_KEY: 'BIV0VZjf_ll4iGp9ckpjd0lnS6lWMxOQl9aM0c1H2qcc68AamJ4gcl6rqguHLeAeNvpYsYpDUThETx6uDmsE1W8',
  VAPID_PRIVATE_KEY: '4luAJhLgdOBkBOYX_wq8wKBXv3RYjHmZiKV43BojYKk',
  PUSH_MODE: 'send',
  // Texts to phones stay in the outbox; the adapters are tested against a stubbed fetch.
  MESSAGES_MODE: 'outbox',
  // Local mode's cost (api/wrangler.toml), as the storefront project and the e2e shop: the api project
  // registers and signs in about 350 shoppers a run, and at production's 100 000 rounds that was 15
  // CPU-seconds of PBKDF2 proving nothing new each time. Sign-in reads the count from the stored hash;
  // production's cost is proven once in workerd (accounts.test.ts) and pinned by api/src/lib/config.ts.
  PASSWORD_HASH_ITERATIONS: '2000',
  // The Saudi e-invoice chain's stamp key: api/.dev.vars.example's (its certificate is in api/wrangler.toml).
  E_INVOICE_STAMP_KEY: 'dev-only-23932993f782d9eb96b04c687d93abe1e12b37a9034a9f830824039b238dd854',
};

/**
 * Files run side by side, two at a time on the two-core CI machine: most wait on workerd, wrangler or
 * D1 as much as they compute. Every project says so itself: a project with `extends: false` does not
 * take the root's value, and Vitest's default (one fewer than the cores) ran each project's files one
 * at a time and the projects one after another. Each integration worker is a runtime of its own, with
 * its own in-memory storage, so two files never share a database.
 */
const WORKERS = Math.max(2, availableParallelism() - 1);

/** Both workers log one line per request (decision 16): in a test run that is noise, so it is dropped. */
const quietRequestLines = (log: string) => (isRequestLine(log) ? false : undefined);

/** The API build's modules (none before a build: the projects that do not run it need none). */
function apiBuildModules() {
  const chunks = existsSync('dist/shop_api/assets') ? readdirSync('dist/shop_api/assets') : [];
  return ['index.js', ...chunks.filter((f) => f.endsWith('.js')).map((f) => `assets/${f}`)].map((f) => ({
    type: 'ESModule' as const,
    path: `./dist/shop_api/${f}`,
  }));
}

/** The API worker under test, in workerd with its bindings (the api project's and the country fixture's). */
const apiWorker = () =>
  cloudflareTest({
    wrangler: { configPath: './api/wrangler.toml' },
    remoteBindings: false,
    // The buckets (MEDIA, and UPLOADS for result files) come from api/wrangler.toml, local to the test run.
    // RESTORE_DB: an empty database the restore tests rebuild from a nightly backup file; ORDERS_1: a
    // second order database, for the shard routing and the shopper's move (tests only:
    // api/wrangler.toml, and so npm start, binds the one database).
    miniflare: {
      bindings: { ...apiTestVars, TEST_MIGRATIONS: migrations, TEST_SHARD_MIGRATIONS: shardMigrations },
      d1Databases: {
        DB: '00000000-0000-4000-8000-000000000001',
        RESTORE_DB: 'restore-test',
        ORDERS_1: 'api-test-orders-1',
      },
      // The alerts queue hands its consumer each batch at once, not after local mode's second
      // (api/wrangler.toml): the tests that wait for the consumer (vi.waitFor) waited that second
      // each time, and a batch's size is proven with createMessageBatch, not with the timing. Every
      // queue of api/wrangler.toml is named here: this map replaces the file's consumers, and a
      // message sent to a queue left without one (the e-invoice reports') kept the run from ending.
      queueConsumers: {
        'shop-alerts': { maxBatchTimeout: 0 },
        'shop-e-invoice-reports': { maxBatchTimeout: 0 },
      },
    },
  });

export default defineConfig({
  test: {
    maxWorkers: WORKERS,
    onConsoleLog: quietRequestLines,
    sequence: { sequencer: LongFirstSequencer },
    projects: [
      {
        extends: false,
        define: buildFlags,
        // The page table's virtual modules (client/route-tree.tsx, client/page-list.ts).
        plugins: [pageTable()],
        test: {
          name: 'unit',
          maxWorkers: WORKERS,
          // Five seconds is Vitest's default; beside the e2e stories a heavy test (30 sign-ins at the real
          // password cost, a run killed at each write) can take longer on two cores and still be right.
          testTimeout: 30_000,
          environment: 'node',
          // Every country's core row known, as in the workers (shared/countries/known.ts).
          setupFiles: ['tests/unit/know-countries.ts'],
          // Unit files share no mutable module state worth a fresh module graph per file.
          isolate: false,
          include: [
            'scripts/**/*.test.ts',
            'tests/unit/**/*.test.ts',
            // The backup's round trip and the migrations on a seeded copy, through wrangler's local D1.
            'tests/database/**/*.test.ts',
            'shared/**/*.test.ts',
            'client/**/*.test.{ts,tsx}',
            'worker/**/*.test.ts',
            'staff/**/*.test.ts',
            'api/src/**/*.test.ts',
            'api/seed/**/*.test.ts',
          ],
          // client/styles/styles.test.ts reads the stylesheets (?raw); Vitest empties CSS it does not include.
          css: { include: [/client\/styles\/.*\.css/] },
        },
      },
      {
        extends: false,
        define: buildFlags,
        plugins: [apiWorker()],
        test: {
          name: 'api',
          // Three runtimes, in one group with the storefront project's (after the unit files and the country
          // fixture): its files run on into the minutes after the e2e stories end, where two left a third of
          // the two cores idle (a test mostly waits on a request or a queue), and the storefront files
          // start as soon as a worker is free instead of after the last api file.
          maxWorkers: WORKERS + 1,
          sequence: { groupOrder: 1 },
          testTimeout: 30_000,
          // One runtime for all the files: each starts from the migrated, emptied storage (decision 36).
          isolate: false,
          // workerd cannot read Vitest's on-disk module cache (node_modules/.vitest-cache).
          fsModuleCache: false,
          deps: prebundle,
          include: ['tests/integration/api/**/*.test.ts'],
          // The country fixture's test runs in a runtime of its own (below): its registry has a third country.
          exclude: ['tests/integration/api/country-fixture/**'],
          setupFiles: ['tests/integration/api/apply-migrations.ts'],
        },
      },
      {
        // Issue 77, "any fourth by configuration": the API worker with Qatar added to the registry, its
        // tables, the phone metadata and the dictionaries from tests/fixtures/countries/qa alone
        // (tests/support/country-fixture.ts). One file, one runtime of its own, so no other file sees Qatar.
        extends: false,
        define: buildFlags,
        // …and the storefront's and the back office's pages from source in the same runtime
        // (tests/integration/api/country-fixture/shop-pages.ts): the page table's virtual modules, no
        // client build (the worker then names dev-server scripts), and the two browser scripts each
        // worker bundles on import left empty (it serves neither /sw.js nor the call page here).
        resolve: {
          alias: {
            'virtual:client-manifest': new URL('./tests/support/client-manifest.ts', import.meta.url).pathname,
            'virtual:service-worker': new URL('./tests/support/no-script.ts', import.meta.url).pathname,
            'virtual:staff-call-script': new URL('./tests/support/no-script.ts', import.meta.url).pathname,
          },
        },
        plugins: [countryFixture('qa'), pageTable(), apiWorker()],
        test: {
          name: 'api-country-fixture',
          // Its one file takes one worker whatever the figure; the unit project's figure keeps the two in one
          // group (Vitest refuses projects of one group order with different worker counts), so its runtime
          // starts beside the unit project's last long files.
          maxWorkers: WORKERS,
          testTimeout: 30_000,
          isolate: false,
          fsModuleCache: false,
          deps: prebundle,
          include: ['tests/integration/api/country-fixture/**/*.test.ts'],
          setupFiles: ['tests/integration/api/apply-migrations.ts'],
        },
      },
      {
        extends: false,
        define: buildFlags,
        resolve: {
          alias: { 'virtual:client-manifest': new URL('./tests/support/client-manifest.ts', import.meta.url).pathname },
        },
        plugins: [
          // virtual:service-worker: the real service worker, served by the storefront as /sw.js.
          serviceWorker(),
          // The page table's virtual modules: the storefront's router and sitemap read them.
          pageTable(),
          cloudflareTest({
            wrangler: { configPath: './wrangler.toml' },
            remoteBindings: false,
            miniflare: {
              bindings: {
                ENVIRONMENT: 'test',
                SIGNING_SECRET: apiTestVars.SIGNING_SECRET,
                TEST_MIGRATIONS: migrations,
                // Each test renders its pages; the page cache's own tests turn it on (guest-page-cache.test.ts).
                PAGE_CACHE_TTL_S: '0',
                // …and whole, however slow a loaded machine makes the API: the shell-first tests set the
                // shop's own threshold (shell-first.test.ts), so no other test's headers depend on timing.
                SHELL_FIRST_AFTER_MS: '10000',
              },
              // The API worker's database, bound here too so the setup file can migrate it.
              d1Databases: { API_DB: 'storefront-test-api-db' },
              // …and its KV namespace, so each file can start with it empty.
              kvNamespaces: { API_KV: 'KV' },
              // …and its image bucket, so tests can store the images the seed would.
              r2Buckets: { API_MEDIA: 'storefront-test-api-media', API_UPLOADS: 'storefront-test-api-uploads' },
              // The test reads what the Sentry stand-in received through this binding.
              serviceBindings: { SENTRY_STANDIN: 'sentry-standin' },
              workers: [
                {
                  // The real commerce API, from the build (npm test builds before it runs this project).
                  name: 'shop-api',
                  // Its entry and its chunks (the modules it loads on first use, such as the label
                  // drawing, and those it shares with them), all ES modules as the deployed worker's rules say.
                  modules: apiBuildModules(),
                  modulesRoot: './dist/shop_api',
                  compatibilityDate: '2026-10-01',
                  compatibilityFlags: ['nodejs_compat'],
                  // Its error reports and every other outbound fetch go to the stand-in, which also
                  // receives its log lines as its tail consumer: nothing leaves the machine.
                  // Local mode's PBKDF2 cost, as the api project's (apiTestVars).
                  bindings: { ...apiTestVars, SENTRY_DSN: STANDIN_DSN },
                  outboundService: 'sentry-standin',
                  tails: ['sentry-standin'],
                  d1Databases: { DB: 'storefront-test-api-db' },
                  // …and the storefront's cache namespace (its CACHE, by id), where it writes the catalogue version.
                  kvNamespaces: { KV: 'KV', STOREFRONT_CACHE: '00000000000000000000000000000003' },
                  // …and its private bucket of uploaded result files, which the tests read as API_UPLOADS.
                  // …and the cold orders' bucket with the backups' (decision 60).
                  r2Buckets: {
                    MEDIA: 'storefront-test-api-media',
                    UPLOADS: 'storefront-test-api-uploads',
                    ARCHIVE: 'storefront-test-api-archive',
                    BACKUPS: 'storefront-test-api-backups',
                  },
                  // Cloudflare Images, served by Miniflare with sharp as in local mode.
                  images: { binding: 'IMAGES' },
                  durableObjects: {
                    NONCES: { className: 'NonceGuard', useSQLite: true },
                    CONSULT_ROOMS: { className: 'ConsultRoom', useSQLite: true },
                    E_INVOICE_CHAINS: { className: 'EInvoiceChain', useSQLite: true },
                  },
                  // …and its alerts queue, produced and consumed by itself as in api/wrangler.toml.
                  queueProducers: { ALERTS: { queueName: 'shop-alerts' } },
                  queueConsumers: { 'shop-alerts': { maxBatchTimeout: 1 } },
                },
                {
                  // The back office (decision 27), from the build: the storefront hands it the
                  // requests for staff.localhost, as in local mode.
                  name: 'shop-staff',
                  modules: true,
                  scriptPath: './dist/shop_staff/index.js',
                  compatibilityDate: '2026-10-01',
                  compatibilityFlags: ['nodejs_compat'],
                  bindings: { ENVIRONMENT: 'test', SIGNING_SECRET: apiTestVars.SIGNING_SECRET },
                  serviceBindings: { API: 'shop-api' },
                },
                {
                  name: 'sentry-standin',
                  modules: true,
                  scriptPath: './tests/support/sentry-standin.mjs',
                  compatibilityDate: '2026-10-01',
                },
              ],
            },
          }),
        ],
        test: {
          name: 'storefront',
          // One more: its files are mostly waiting on requests that cross three workers, and it runs last,
          // when the e2e stories have ended. Two left a third of both cores idle for the last minute and a
          // half of a clean CI run; three runtimes spend the same CPU-seconds in less time.
          maxWorkers: WORKERS + 1,
          // The api project's group (the same number of workers): after the unit files and the fixture.
          sequence: { groupOrder: 1 },
          testTimeout: 30_000,
          isolate: false,
          fsModuleCache: false,
          deps: prebundle,
          include: ['tests/integration/storefront/**/*.test.ts'],
          setupFiles: ['tests/integration/storefront/apply-migrations.ts'],
        },
      },
    ],
  },
});
