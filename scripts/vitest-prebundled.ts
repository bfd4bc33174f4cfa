// The packages the workerd test projects load pre-bundled (Vite's dependency optimizer, decision 36's
// fifth amendment). Without it a runtime fetches their ~700 files one by one from Vitest over its
// module channel (Sentry alone is 440), about 7 CPU-seconds of every runtime's start.
//
// Every subpath a source imports is listed beside its package: the bundles share their common code,
// so a class such as Hono's HTTPException stays one class whichever entry it is reached through. A
// subpath left out would load the package's files a second time, beside the bundle; the test beside
// this file fails when a source imports one that is not listed.
import { builtinModules } from 'node:module';

export const PREBUNDLED = [
  '@sentry/cloudflare',
  'csv-parse/sync',
  'fflate',
  'hono',
  'hono/body-limit',
  'hono/cookie',
  'hono/html',
  'hono/http-exception',
  'hono/request-id',
  'hono/router/reg-exp-router',
  'hono/utils/html',
  'hono/utils/http-status',
  'isbot',
  'libphonenumber-js/core',
  'react',
  'react/jsx-dev-runtime',
  'react/jsx-runtime',
  'react-dom',
  'react-dom/server',
  'react-router',
  'rosetta',
  'swr',
  'uqr',
  'valtio',
  'zod',
];

/** Entries of those packages only the browser loads (the client's entry), never a workerd runtime. */
export const BROWSER_ONLY = ['react-dom/client', 'react-router/dom'];

/** The `deps` of a workerd project: workerd provides Node's modules (nodejs_compat), as for the sources. */
export const prebundle = {
  optimizer: {
    ssr: {
      enabled: true,
      include: PREBUNDLED,
      rolldownOptions: { external: [/^node:/, ...builtinModules] },
    },
  },
};
