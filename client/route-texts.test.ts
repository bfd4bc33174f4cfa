// Each page renders with the shell's texts and the dictionary areas its declaration names
// (decision 18), on the server and in the browser alike. A key from an area the page does not name would
// render empty, so this reads each page module and everything it imports, and checks that every
// dictionary key written in that code is the shell's or in a named area.
import { describe, expect, it } from 'vitest';
import { TEXT_AREAS, type TextArea } from '#shared/i18n/areas';
import { PAGE_ROUTES } from './page-list';

// Every source file's text, keyed by its path from the repository root (client/…, shared/…).
const SOURCES = new Map<string, string>(
  Object.entries({
    ...import.meta.glob<string>(['./**/*.{ts,tsx}', '!./**/*.test.{ts,tsx}'], {
      query: '?raw',
      import: 'default',
      eager: true,
    }),
    ...import.meta.glob<string>(['../shared/**/*.ts', '!../shared/**/*.test.ts'], {
      query: '?raw',
      import: 'default',
      eager: true,
    }),
  }).map(([path, text]) => [path.startsWith('./') ? `client/${path.slice(2)}` : path.slice(3), text]),
);
const read = (file: string) => SOURCES.get(file)!;
// String literals that happen to equal a key but are not texts: a meta name, a stock level, and a
// schema message only the supplier form (static-pages) shows, in a module other forms import too.
const NOT_TEXTS = new Set(['description', 'in_stock', 'form_categories_required']);

function keysOf(file: string): string[] {
  return [...read(file).matchAll(/^ {2}'?([\w-]+)'?:/gm)].map((m) => m[1]!);
}
// A key may stand in more than one area (a price's texts: the catalogue's and the blood tests'): a page
// then names any one of them.
const areaOf = new Map<string, Set<TextArea | 'shell'>>();
const addArea = (k: string, area: TextArea | 'shell') => areaOf.set(k, (areaOf.get(k) ?? new Set()).add(area));
for (const k of keysOf('shared/i18n/shell.en.ts')) addArea(k, 'shell');
for (const area of TEXT_AREAS) for (const k of keysOf(`shared/i18n/${area}.en.ts`)) addArea(k, area);

const files = new Set(SOURCES.keys());

/** `spec` imported from `file`, as a path from the repository root without extension. */
function resolvePath(file: string, spec: string): string {
  const parts = file.split('/').slice(0, -1);
  for (const part of spec.split('/')) {
    if (part === '..') parts.pop();
    else if (part !== '.') parts.push(part);
  }
  return parts.join('/');
}

/**
 * The file and every file it imports statically (not `import type`, not lazy imports). A part that reads
 * its texts through its own provider (a server-only part, client/reviews/ReviewsStatic.tsx) brings its
 * areas itself: the page need not name them, so the walk stops there.
 */
function closure(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file) || !files.has(file)) return seen;
  if (seen.size > 0 && /<I18nProvider lang=\{lang\} texts=/.test(read(file))) return seen;
  seen.add(file);
  for (const [, spec] of read(file).matchAll(/^import (?!type )[^;]*?from '(\.[^']+)'/gms)) {
    const base = resolvePath(file, spec!);
    const found = ['.ts', '.tsx', '/index.ts', '/index.tsx'].map((ext) => base + ext).find((p) => files.has(p));
    if (found) closure(found, seen);
  }
  return seen;
}

function textKeysIn(file: string): string[] {
  if (file.startsWith('shared/i18n/')) return [];
  return [...read(file).matchAll(/'([\w-]+)'/g)].map((m) => m[1]!).filter((k) => areaOf.has(k) && !NOT_TEXTS.has(k));
}

describe('dictionary areas of the pages', () => {
  it('names, for every page, each area whose texts its code shows', () => {
    const missing: string[] = [];
    for (const r of PAGE_ROUTES) {
      const named: readonly string[] = r.texts;
      // The page's module and its folder's layout (which shows the page's texts too).
      const layout = r.module.includes('/') ? `${r.module.slice(0, r.module.lastIndexOf('/'))}/layout` : null;
      const modules = [r.module, ...(layout && files.has(`client/pages/${layout}.tsx`) ? [layout] : [])];
      for (const m of modules) {
        for (const file of closure(`client/pages/${m}.tsx`)) {
          for (const key of textKeysIn(file)) {
            const areas = [...areaOf.get(key)!];
            if (!areas.some((a) => a === 'shell' || named.includes(a)))
              missing.push(`${r.id}: ${key} (${areas.join(' or ')}) in ${file}`);
          }
        }
      }
    }
    expect([...new Set(missing)]).toEqual([]);
  });

  it('finds the texts a page shows, so that the check above can fail', () => {
    expect(closure('client/pages/product.tsx').has('client/cart/QuantityControl.tsx')).toBe(true);
    expect(closure('client/pages/product.tsx').has('client/reviews/ReviewsPlace.tsx')).toBe(true);
    expect(closure('client/pages/product.tsx').has('client/reviews/ReviewParts.tsx')).toBe(false);
    expect(textKeysIn('client/cart/QuantityControl.tsx')).toContain('add_to_cart');
    expect(areaOf.get('add_to_cart')).toEqual(new Set(['catalogue']));
  });
});
