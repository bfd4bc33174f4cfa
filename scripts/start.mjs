// npm start: build the production bundle, migrate the local D1 database, and serve both workers
// from the build at http://localhost:8787 (PORT overrides).
import { spawnSync, spawn } from 'node:child_process';
import { migrateLocal } from './db.mjs';
import { ensureDevVars } from './dev-vars.mjs';
import { seed, seedReviews } from './seed.mjs';
import { seedStaff } from './seed-staff.mjs';
import { configureLocalOrigin } from './site-origin.mjs';

const port = process.env.PORT ?? '8787';

ensureDevVars();
const build = spawnSync('vite', ['build'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

await migrateLocal();
await seed();
await seedStaff();
await seedReviews();

console.log(`\nServing the shop at http://localhost:${port}\n`);
configureLocalOrigin(port);
const server = spawn('vite', ['preview', '--port', port, '--strictPort'], {
  stdio: 'inherit',
  env: { ...process.env, PORT: port },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
