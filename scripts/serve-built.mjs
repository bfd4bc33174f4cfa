// Serves the existing build (no rebuild) with a migrated database: used by e2e tests and the bench.
// `--prepare` only migrates and seeds the database and stores the images, then exits: npm test does
// that while the integration tests run, so the e2e server starts at once.
import { spawn } from 'node:child_process';
import { migrateLocal, PERSIST_DIR } from './db.mjs';
import { ensureDevVars } from './dev-vars.mjs';
import { seed, seedReviews } from './seed.mjs';
import { seedStaff } from './seed-staff.mjs';
import { configureLocalOrigin } from './site-origin.mjs';

const port = process.env.PORT ?? '8787';
ensureDevVars({ built: true });
// The e2e shop's state (npm test and the Playwright config name it) gets plain stand-in pictures under
// every image key (scripts/seed-media.mjs, decision 70): no story looks at the artwork, and rendering
// it was most of a clean clone's preparation. `npm start` and the bench keep the rendered catalogue.
if (PERSIST_DIR === '.wrangler/e2e-state') process.env.SEED_IMAGES ??= 'stand-in';
// npm test prepares the e2e state before the stories start and says so (E2E_STATE_READY): checking it
// again spawned wrangler a dozen times, half a minute of the two cores while the suite runs.
if (!process.env.E2E_STATE_READY) {
  await migrateLocal();
  await seed();
  await seedStaff();
  await seedReviews();
}
if (process.argv.includes('--prepare')) process.exit(0);
configureLocalOrigin(port);
// Miniflare's local trace collector (a dashboard for `wrangler dev`) writes every invocation's trace to
// SQLite and syncs it to disk: 2–4 ms of a page view's CPU here, and nothing deployed Workers have.
// The e2e shop and the bench measure the shop without it; set X_LOCAL_OBSERVABILITY=true to keep it.
// Only warnings and errors are printed (SERVER_LOG_LEVEL=info brings back a line per request): Playwright
// and the bench discard this server's output, and writing both workers' request lines cost its proxy a
// fifth of its CPU. npm start still prints every line.
const logLevel = process.env.SERVER_LOG_LEVEL ?? 'warn';
const server = spawn('vite', ['preview', '--port', port, '--strictPort', '--logLevel', logLevel], {
  stdio: 'inherit',
  env: {
    ...process.env,
    X_LOCAL_OBSERVABILITY: process.env.X_LOCAL_OBSERVABILITY ?? 'false',
    // V8 flags for the server's workerd only, not the seed's wrangler runs (the bench's CPU split).
    ...(process.env.SERVER_V8_FLAGS ? { MINIFLARE_WORKERD_V8_FLAGS: process.env.SERVER_V8_FLAGS } : {}),
  },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
