// Local secrets live in .dev.vars (storefront) and api/.dev.vars (API), never in wrangler.toml [vars].
// Creates each from its committed .example when missing, and (for `vite preview` of an existing
// build) puts a copy beside each built worker when the build lacks one.
import { copyFileSync, existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

const FILES = [
  { example: '.dev.vars.example', local: '.dev.vars', built: 'dist/storefront/.dev.vars' },
  { example: 'api/.dev.vars.example', local: 'api/.dev.vars', built: 'dist/shop_api/.dev.vars' },
  { example: 'staff/.dev.vars.example', local: 'staff/.dev.vars', built: 'dist/shop_staff/.dev.vars' },
];

export function ensureDevVars({ built = false } = {}) {
  for (const f of FILES) {
    if (!existsSync(f.local)) {
      copyFileSync(f.example, f.local);
      console.log(`created ${f.local} from ${f.example} (local development secrets)`);
    }
    if (built && existsSync(f.built.replace(/\/\.dev\.vars$/, '')) && !existsSync(f.built))
      copyFileSync(f.local, f.built);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) ensureDevVars();
