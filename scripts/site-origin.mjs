// The API builds every link for shoppers (reset mails, payment return URLs) from its configured
// SITE_ORIGIN, never from a request's Host header. A local server on another port than 8787 (e2e
// runs, the bench, PORT=…) therefore configures its own origin: `vite preview` reads the built API
// worker's dist/shop_api/.dev.vars, which this writes (keeping any other variable in it).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

const DEV_VARS = 'dist/shop_api/.dev.vars';

export function configureLocalOrigin(port) {
  if (!existsSync('dist/shop_api')) return;
  const origin = process.env.SITE_ORIGIN ?? `http://localhost:${port}`;
  // The back office's origin (decision 27), for staff invitation links: the same server, host staff.localhost.
  const staffOrigin = process.env.STAFF_ORIGIN ?? `http://staff.localhost:${port}`;
  const kept = existsSync(DEV_VARS)
    ? readFileSync(DEV_VARS, 'utf8')
        .split('\n')
        .filter((l) => l && !l.startsWith('SITE_ORIGIN=') && !l.startsWith('STAFF_ORIGIN='))
    : [];
  writeFileSync(DEV_VARS, [...kept, `SITE_ORIGIN='${origin}'`, `STAFF_ORIGIN='${staffOrigin}'`, ''].join('\n'));
}
