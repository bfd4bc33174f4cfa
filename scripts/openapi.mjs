// Writes docs/openapi.json from the API's route contract (api/src/contract/openapi.ts): `npm run openapi`.
// The TypeScript is bundled with esbuild first (as the seed is), so plain Node runs it.
import { mkdirSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const out = '.cache/openapi/openapi.mjs';
mkdirSync('.cache/openapi', { recursive: true });
// tsconfig.base.json maps the #shared/* aliases with extension look-up, as tsc and Vite resolve them.
await build({
  entryPoints: ['api/src/contract/openapi.ts'],
  tsconfig: 'tsconfig.base.json',
  bundle: true,
  format: 'esm',
  platform: 'node',
  outfile: out,
  logLevel: 'warning',
});
const { openApiJson } = await import(`${pathToFileURL(out).href}?t=${Date.now()}`);
writeFileSync('docs/openapi.json', openApiJson());
console.log('wrote docs/openapi.json');
