// The service worker's bundle as a module of the storefront worker: `virtual:service-worker`
// is the text of client/sw/sw.ts bundled into one classic script, and the worker serves it as /sw.js
// (worker/routes/app-files.ts) with the headers a service worker needs. Built on import, so `vite build`,
// `vite dev`, npm start and the storefront integration tests (vitest.config.ts) all get it with no extra
// step, and the client's entry bundle is left alone.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { build } from 'vite';

const ID = 'virtual:service-worker';
const ENTRY = 'client/sw/sw.ts';
const CLIENT_MANIFEST = 'dist/client/.vite/manifest.json';

/**
 * The worker's version, in its cache names: the client build's, so that each deploy with new files
 * installs a new worker (and fetches the offline pages again) and drops the old build's caches.
 */
/** @param {string} code */
function buildVersion(code) {
  const hash = createHash('sha256').update(code);
  if (existsSync(CLIENT_MANIFEST)) hash.update(readFileSync(CLIENT_MANIFEST));
  return hash.digest('hex').slice(0, 12);
}

/** @returns {Promise<string>} */
export async function bundleServiceWorker(root = process.cwd()) {
  /** @param {string} version */
  const bundle = async (version) => {
    const result = /** @type {import('vite').Rolldown.RolldownOutput | import('vite').Rolldown.RolldownOutput[]} */ (
      await build({
        configFile: false,
        root,
        logLevel: 'silent',
        publicDir: false,
        define: { __SW_VERSION__: JSON.stringify(version) },
        build: {
          write: false,
          minify: true,
          copyPublicDir: false,
          emptyOutDir: false,
          // A classic script: module service workers are not supported everywhere yet.
          lib: { entry: ENTRY, formats: ['iife'], name: 'gulfVitaminsWorker', fileName: () => 'sw.js' },
        },
      })
    );
    const output = Array.isArray(result) ? result[0] : result;
    return output.output[0].code;
  };
  // The version is a hash of the bundle itself (and the client build): bundle once to learn it.
  return bundle(buildVersion(await bundle('0')));
}

/** @returns {import('vite').Plugin} */
export function serviceWorker() {
  return {
    name: 'service-worker',
    resolveId: (id) => (id === ID ? `\0${ID}` : undefined),
    async load(id) {
      if (id !== `\0${ID}`) return;
      return `export default ${JSON.stringify(await bundleServiceWorker())};`;
    },
  };
}
