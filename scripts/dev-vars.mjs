// Local secrets live in .dev.vars (storefront) and api/.dev.vars (API), never in wrangler.toml [vars].
// Creates each from its committed .example when missing, and (for `vite preview` of an existing
// build) puts a copy beside each built worker when the build lacks one. A local file made before a
// secret was added (e.g. UPLOAD_KEK) gets that secret's development value appended, nothing else
// in it changes.
import { appendFileSync, copyFileSync, existsSync, readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

const FILES = [
  { example: '.dev.vars.example', local: '.dev.vars', built: 'dist/storefront/.dev.vars' },
  { example: 'api/.dev.vars.example', local: 'api/.dev.vars', built: 'dist/shop_api/.dev.vars' },
  { example: 'staff/.dev.vars.example', local: 'staff/.dev.vars', built: 'dist/shop_staff/.dev.vars' },
];

const entries = (text) => [...text.matchAll(/^([A-Z_][A-Z0-9_]*)=.*$/gm)].map((m) => ({ name: m[1], line: m[0] }));

export function ensureDevVars({ built = false } = {}) {
  for (const f of FILES) {
    if (!existsSync(f.local)) {
      copyFileSync(f.example, f.local);
      console.log(`created ${f.local} from ${f.example} (local development secrets)`);
    } else {
      const have = new Set(entries(readFileSync(f.local, 'utf8')).map((e) => e.name));
      const missing = entries(readFileSync(f.example, 'utf8')).filter((e) => !have.has(e.name));
      if (missing.length) {
        const text = readFileSync(f.local, 'utf8');
        appendFileSync(
          f.local,
          `${text.endsWith('\n') || text === '' ? '' : '\n'}${missing.map((e) => e.line).join('\n')}\n`,
        );
        console.log(`added ${missing.map((e) => e.name).join(', ')} to ${f.local} from ${f.example}`);
      }
    }
    if (built && existsSync(f.built.replace(/\/\.dev\.vars$/, '')) && !existsSync(f.built))
      copyFileSync(f.local, f.built);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) ensureDevVars();
