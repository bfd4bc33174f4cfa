// The page table's reader (decision 67): it reads each page module's declaration without running it,
// refuses anything but a literal, and never lets a module repeat a path shared/page-paths.ts names.
import { describe, expect, it } from 'vitest';
import { PAGE_PATHS } from '#shared/page-paths';
import { declarationOf, readPageTable, resolveRoutes, withoutDeclaration } from './vite-page-table.mjs';

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

  it("blanks a page's declaration for the browser's build, moving nothing after it", () => {
    const source = [
      "import { x } from './x';",
      'export const page = {',
      "  kept: true, texts: ['catalogue'],",
      '} satisfies PageDeclaration;',
      'export function Component() { return x; }',
    ].join('\n');
    const blanked: string = withoutDeclaration(source)!;
    expect(blanked).toHaveLength(source.length);
    expect(blanked.split('\n').map((line: string) => line.trim())).toEqual([
      "import { x } from './x';",
      '',
      '',
      '',
      'export function Component() { return x; }',
    ]);
    expect(declarationOf(blanked)).toEqual({});
    expect(withoutDeclaration('export function Component() {}')).toBeNull();
    expect(() => withoutDeclaration('export const page = {}, other = 1;')).toThrow(/of its own/);
    // A module that reads its own declaration would find nothing there in the browser: refused.
    expect(() => withoutDeclaration('export const page = { texts: [] };\nconst t = page.texts;')).toThrow(
      /reads its own/,
    );
    // A `page` of its own (a prop, a loader's variable) and a property named page are no read of it.
    for (const ok of [
      'export const page = {};\nfunction C({ page }) { return page + 1; }',
      'export const page = {};\nconst { page: n } = x;\nconst y = { page: 1 }.page;',
    ])
      expect(withoutDeclaration(ok), ok).not.toBeNull();
  });

  it('resolves ids, paths and titles, and names no path twice', () => {
    const linked = { 'sign-in': '/auth/sign-in' };
    expect(resolveRoutes('delivery-info', [{ siteIndex: 'help' }], linked)).toEqual([
      { id: 'delivery-info', path: '/delivery-info', title: 'page_delivery_info', siteIndex: 'help' },
    ]);
    expect(resolveRoutes('auth/sign-in', [{ id: 'sign-in' }], linked)).toEqual([
      { id: 'sign-in', path: '/auth/sign-in', title: 'page_sign_in' },
    ]);
    expect(resolveRoutes('checkout/order', [{}], linked)[0]!.id).toBe('checkout-order');
    // A page shared/page-paths.ts names takes its path from there, never a second one.
    expect(() => resolveRoutes('auth/sign-in', [{ id: 'sign-in', path: '/login' }], linked)).toThrow(/names/);
    // Kept at the edge: as the route says, else as its module does; not kept unless said.
    const routes = [{ id: 'terms' }, { id: 'contact', kept: false }];
    expect(
      resolveRoutes('static-page', routes, linked, true).map((r: { id: string; kept?: boolean }) => [r.id, r.kept]),
    ).toEqual([
      ['terms', true],
      ['contact', undefined],
    ]);
    expect(resolveRoutes('profile', [{}], linked)[0]!.kept).toBeUndefined();
  });

  it('reads the whole table from the repository: every linked page at its path, the layouts apart', () => {
    const { list, layouts } = readPageTable();
    expect(layouts.map((l: { module: string }) => l.module).sort()).toEqual([
      'blood-test-checkout/layout',
      'checkout/layout',
    ]);
    const byId = new Map(list.map((r: { id: string; path: string }) => [r.id, r.path]));
    for (const [id, path] of Object.entries(PAGE_PATHS)) expect(byId.get(id), id).toBe(path);
  });
});
