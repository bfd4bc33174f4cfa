// The nutritionist's call page script as a module of the staff worker: `virtual:staff-call-script` is the
// text of client/call/staff-entry.ts (the call engine the shopper's page uses, wired to the back
// office's server-rendered page) bundled into one classic script, which the staff worker serves as
// /consultation-call.js under its page's CSP nonce (decision 56). Built on import, like the service
// worker (vite-service-worker.mjs): `vite build`, `vite dev` and npm start all get it with no extra step.
import { build } from 'vite';

const ID = 'virtual:staff-call-script';
const ENTRY = 'client/call/staff-entry.ts';

/** @returns {Promise<string>} */
export async function bundleStaffCallScript(root = process.cwd()) {
  const result = /** @type {import('vite').Rolldown.RolldownOutput | import('vite').Rolldown.RolldownOutput[]} */ (
    await build({
      configFile: false,
      root,
      logLevel: 'silent',
      publicDir: false,
      build: {
        write: false,
        minify: true,
        copyPublicDir: false,
        emptyOutDir: false,
        lib: { entry: ENTRY, formats: ['iife'], name: 'gulfVitaminsCall', fileName: () => 'consultation-call.js' },
      },
    })
  );
  const output = Array.isArray(result) ? result[0] : result;
  return output.output[0].code;
}

/** @returns {import('vite').Plugin} */
export function staffCallScript() {
  return {
    name: 'staff-call-script',
    resolveId: (id) => (id === ID ? `\0${ID}` : undefined),
    async load(id) {
      if (id !== `\0${ID}`) return;
      return `export default ${JSON.stringify(await bundleStaffCallScript())};`;
    },
  };
}
