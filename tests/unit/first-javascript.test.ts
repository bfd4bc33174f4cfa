// What a page's first JavaScript may carry of the countries (decision 77's amendment "a country's data
// only for that country"): the entry and the home, listing, product and blood-test pages, with every module
// they import statically (what the build puts in the chunks they load before they are interactive), reach
// the country codes and the rows the page knows (shared/countries/known.ts), never the registry or its
// table of every country's core row. The build's common chunk (vite.config.ts) takes its modules'
// dependencies with it, so an import that only re-exports the rows is enough to put them in every page's
// first JavaScript: this walks the imports as written, type-only and lazy ones left out (stricter than the
// build elsewhere, which drops what nothing reads: the home country's amounts table is walked, not loaded).
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const STARTS = [
  'client/entry.client.tsx',
  ...['home', 'products', 'product', 'blood-tests'].map((p) => `client/pages/${p}.tsx`),
];
const ALIASES: Record<string, string> = { '#shared/': 'shared/', '#client/': 'client/' };

function resolveImport(from: string, spec: string): string | null {
  const alias = Object.keys(ALIASES).find((a) => spec.startsWith(a));
  const base = alias
    ? join(ROOT, ALIASES[alias]!, spec.slice(alias.length))
    : spec.startsWith('.')
      ? join(dirname(join(ROOT, from)), spec)
      : null;
  if (!base) return null; // a package or a virtual module
  for (const file of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')])
    if (/\.tsx?$/.test(file) && existsSync(file)) return relative(ROOT, file);
  return null; // a stylesheet, an asset
}

/** The static value imports of a module (not `import type`, not `import()`), re-exports included. */
function staticImports(file: string): string[] {
  const source = readFileSync(join(ROOT, file), 'utf8');
  const specs: string[] = [];
  for (const [, spec] of source.matchAll(/^(?:import|export)\s+(?!type\s)(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm))
    specs.push(spec!);
  return specs.map((s) => resolveImport(file, s)).filter((f): f is string => f !== null);
}

function firstGraph(): Set<string> {
  const seen = new Set<string>();
  const queue = [...STARTS];
  while (queue.length) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    queue.push(...staticImports(file));
  }
  return seen;
}

describe("a page's first JavaScript and the countries", () => {
  it("reaches her country's row through the boot data, never every country's rows", () => {
    const graph = firstGraph();
    expect(graph).not.toContain('shared/countries/index.ts');
    expect(graph).not.toContain('shared/countries/core.ts');
    // The walk is real: the money formatting, the codes and the rows the page knows are in it.
    expect(graph).toContain('shared/money.ts');
    expect(graph).toContain('shared/countries/known.ts');
    expect(graph).toContain('shared/countries/codes.ts');
  });
});
