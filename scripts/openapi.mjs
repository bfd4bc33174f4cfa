// Writes docs/openapi.json (not committed: .gitignore) from the contracts the API's routes carry
// (api/src/contract/openapi.ts, decision 68): `npm run openapi`. The worker's app is bundled with
// esbuild for Node first; the few `cloudflare:*` modules it names (Durable Object base classes) are
// stubbed, since describing the routes runs none of them.
import { mkdirSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const out = '.cache/openapi/api.mjs';
const entry = `
import { app } from './api/src/index.ts';
import { openApiJson } from './api/src/contract/openapi.ts';
export const json = () => openApiJson(app);
`;

/** The document as `npm run openapi` writes it (tests/unit/openapi-lint.test.ts lints the same text). */
export async function buildOpenApiJson() {
  mkdirSync('.cache/openapi', { recursive: true });
  // tsconfig.base.json maps the #shared/* aliases with extension look-up, as tsc and Vite resolve them.
  await build({
    stdin: { contents: entry, resolveDir: process.cwd(), loader: 'ts' },
    tsconfig: 'tsconfig.base.json',
    bundle: true,
    format: 'esm',
    platform: 'node',
    outfile: out,
    logLevel: 'warning',
    // The production build's routes: the local tools are no part of the API's description.
    define: { __LOCAL_TOOLS__: 'false' },
    plugins: [
      {
        name: 'cloudflare-stubs',
        setup(b) {
          b.onResolve({ filter: /^cloudflare:/ }, (a) => ({ path: a.path, namespace: 'cloudflare-stub' }));
          b.onLoad({ filter: /.*/, namespace: 'cloudflare-stub' }, () => ({
            contents:
              'export class DurableObject {} export class WorkerEntrypoint {} export class RpcTarget {} export const env = {};',
          }));
        },
      },
      {
        // Files Vite inlines (`?inline`: the labels' Arabic font): no part of the routes' description.
        name: 'inline-assets',
        setup(b) {
          b.onResolve({ filter: /\?inline$/ }, (a) => ({ path: a.path, namespace: 'inline-stub' }));
          b.onLoad({ filter: /.*/, namespace: 'inline-stub' }, () => ({ contents: "export default '';" }));
        },
      },
    ],
  });
  const { json } = await import(`${pathToFileURL(out).href}?t=${Date.now()}`);
  return json();
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  writeFileSync('docs/openapi.json', await buildOpenApiJson());
  console.log('wrote docs/openapi.json');
}
