// Serves the existing build (no rebuild) with a migrated database: used by e2e tests and the bench.
// `--prepare` only migrates and seeds the database and stores the images, then exits: npm test does
// that while the integration tests run, so the e2e server starts at once.
import { spawn } from 'node:child_process';
import { migrateLocal } from './db.mjs';
import { ensureDevVars } from './dev-vars.mjs';
import { seed, seedReviews } from './seed.mjs';
import { seedStaff } from './seed-staff.mjs';
import { configureLocalOrigin } from './site-origin.mjs';

const port = process.env.PORT ?? '8787';
ensureDevVars({ built: true });
migrateLocal();
await seed();
await seedStaff();
await seedReviews();
if (process.argv.includes('--prepare')) process.exit(0);
configureLocalOrigin(port);
const server = spawn('vite', ['preview', '--port', port, '--strictPort'], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
