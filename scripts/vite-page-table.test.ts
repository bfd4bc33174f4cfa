// The page table's reader (decision 67): it reads each page module's declaration without running it,
// refuses anything but a literal, and never lets a module repeat a path shared/routes.ts names.
import { describe, expect, it } from 'vitest';
import { PAGE_PATHS } from '#shared/routes';
import { declarationOf, readPageTable } from './vite-page-table.mjs';

describe('page declarations', () => {
  it('reads the literal, with its satisfies and as const', () => {
    const source = `import type { PageDeclaration } from '../page-table';
export const loader = () => null;
export const page = { group: 'help', texts: ['static-pages'] as const, siteIndex: 'help' } satisfies PageDeclaration;
export function Component() { return <p>x</p>; }`;
    expect(declarationOf(source)).toEqual({ group: 'help', texts: ['static-pages'], siteIndex: 'help' });
    expect(declarationOf('export function Component() { return null; }')).toEqual({});
  });

  it('refuses a declaration that only running the module could tell, or a field it does not know', () => {
    expect(() => declarationOf(`const g = 'help';\nexport const page = { group: g };`)).toThrow(/literal/);
    expect(() => declarationOf(`export const page = { group: 'help', ...x };`)).toThrow(/plain properties/);
    expect(() => declarationOf(`export const page = { grup: 'help' };`)).toThrow(/unknown page field/);
    expect(() => declarationOf(`export const page = { routes: [{ id: 'a', text: [] }] };`)).toThrow(
      /unknown route field/,
    );
  });

  it('names no path twice: a page shared/routes.ts names takes its path from there', () => {
    const { pages, layouts } = readPageTable();
    expect(pages.length).toBeGreaterThan(0);
    expect(layouts.map((l: { module: string }) => l.module).sort()).toEqual([
      'blood-test-checkout/layout',
      'checkout/layout',
    ]);
    for (const page of pages)
      for (const r of page.routes as Array<{ id?: string; path?: string }>) {
        const id = r.id ?? page.module.replaceAll('/', '-');
        if (r.path)
          expect(id in PAGE_PATHS, `${page.module} declares ${r.path}, named in shared/routes.ts`).toBe(false);
      }
  });
});
