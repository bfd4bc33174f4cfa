// The pre-bundled list stays whole: a source importing a subpath of a pre-bundled package that the list
// leaves out would load that package twice in the workerd tests (two HTTPException classes, say).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BROWSER_ONLY, PREBUNDLED } from './vitest-prebundled';

const ROOTS = ['api/src', 'worker', 'client', 'shared', 'staff', 'tests/integration', 'tests/support'];
const SOURCE = /\.(ts|tsx|mts|mjs)$/;

function* sources(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* sources(path);
    else if (SOURCE.test(entry.name)) yield path;
  }
}

const packageOf = (specifier: string) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

/** Every bare specifier the sources import, statically or lazily, with a file that imports it. */
function importedSpecifiers(): Map<string, string> {
  const found = new Map<string, string>();
  for (const root of ROOTS)
    for (const file of sources(root))
      for (const m of readFileSync(file, 'utf8').matchAll(/(?:\bfrom\s+|\bimport\s*\(\s*)'([^'./#][^']*)'/g))
        if (!found.has(m[1]!)) found.set(m[1]!, file);
  return found;
}

describe('the packages pre-bundled for the workerd tests', () => {
  it('list every entry the sources import of a pre-bundled package', () => {
    const bundled = new Set(PREBUNDLED.map(packageOf));
    const missing = [...importedSpecifiers()]
      .filter(([s]) => bundled.has(packageOf(s)) && !PREBUNDLED.includes(s) && !BROWSER_ONLY.includes(s))
      .map(([s, file]) => `${s} (${file})`);
    expect(missing).toEqual([]);
  });

  it('list only entries some source imports (or the JSX transform adds)', () => {
    const imported = importedSpecifiers();
    const unused = PREBUNDLED.filter((s) => !imported.has(s) && !/^react\/jsx-(dev-)?runtime$/.test(s));
    expect(unused).toEqual([]);
  });
});
