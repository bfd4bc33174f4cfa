// npm test's import-boundary step: lists every import that breaks scripts/boundaries.mjs (the areas,
// the worker's request path, the API's layers), and every import circle, exits 1 if any.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { AREAS, findCycles, findViolations } from './boundaries.mjs';

const SOURCE = /\.(ts|tsx|mts|js|mjs)$/;

function* walk(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const p = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(p);
    else if (SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts')) yield p;
  }
}

const files = AREAS.flatMap((area) => [...walk(area)]).map((file) => ({ file, source: readFileSync(file, 'utf8') }));
const violations = findViolations(files);
for (const v of violations) console.error(`${v.file}: ${v.reason} ('${v.spec}')`);
const cycles = findCycles(files);
for (const c of cycles) console.error(`import circle: ${c.join(' → ')}`);
console.log(
  `boundaries: ${files.length} files, ${violations.length} imports across a boundary, ${cycles.length} import circles`,
);
process.exit(violations.length || cycles.length ? 1 : 0);
