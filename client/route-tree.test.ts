// The route tree is made from the page modules' own declarations (decision 67): these tests keep every
// page module routed, every page other code links to (shared/page-paths.ts) backed by its module at the
// same path, and only the shopping pages named in the entry chunk.
import { describe, expect, it } from 'vitest';
import { PAGE_PATHS } from '#shared/page-paths';
import { ar } from '#shared/i18n/ar';
import { en } from '#shared/i18n/en';
import { PAGE_ROUTES } from './page-list';
import { pageModule, routes } from './route-tree';

const localeChildren = (lang: 'en' | 'ar') => routes[0]!.children!.find((r) => r.id === lang)!.children!;
const flat = (lang: 'en' | 'ar') => localeChildren(lang).flatMap((r) => (r.children ? r.children : [r]));
const pageOf = (r: { handle?: unknown }) => (r.handle as { page?: string } | undefined)?.page;
const moduleOf = (r: { handle?: unknown }) => (r.handle as { module?: string } | undefined)?.module;

// Every .tsx under client/pages/ but tests: a page, or its folder's layout.
const FILES = Object.keys(import.meta.glob(['./pages/**/*.tsx', '!./pages/**/*.test.tsx'])).map((f) =>
  f.slice('./pages/'.length, -'.tsx'.length),
);

describe('route table', () => {
  it('routes every page module, and has a module for every route, in both languages', () => {
    const routed = new Set(PAGE_ROUTES.map((r) => r.module));
    const layouts = FILES.filter((f) => /(^|\/)layout$/.test(f));
    expect(FILES.filter((f) => !routed.has(f) && !layouts.includes(f))).toEqual([]);
    for (const r of PAGE_ROUTES) expect(FILES, r.id).toContain(r.module);
    for (const lang of ['en', 'ar'] as const) {
      const pages = flat(lang).filter((r) => pageOf(r));
      expect(pages.map(pageOf).sort()).toEqual(PAGE_ROUTES.map((r) => r.id).sort());
      expect(pages.map(moduleOf).sort()).toEqual(PAGE_ROUTES.map((r) => `client/pages/${r.module}.tsx`).sort());
    }
    expect(() => pageModule('no-such-page')).toThrow(/does not exist/);
  });

  it('gives each page one id and one path, the one shared/page-paths.ts names for the pages linked by id', () => {
    const ids = PAGE_ROUTES.map((r) => r.id);
    const paths = PAGE_ROUTES.map((r) => r.path);
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(paths).size).toBe(paths.length);
    const byId = new Map(PAGE_ROUTES.map((r) => [r.id, r.path]));
    for (const [id, path] of Object.entries(PAGE_PATHS)) expect(byId.get(id), `${id} has a page module`).toBe(path);
    for (const path of paths) expect(path).toMatch(/^\/([\w:-]+(\/[\w:-]+)*)?$/);
  });

  it("keeps at the edge only pages that are the shop's (decision 76's rule, each page's `kept`)", () => {
    const kept = PAGE_ROUTES.filter((r) => r.kept);
    // The catalogue's and the content's pages are kept: the shop's front, the way to a product, a product.
    for (const path of ['/', '/products', '/products/:slug', '/search', '/blood-test/:slug'])
      expect(
        kept.map((r) => r.path),
        path,
      ).toContain(path);
    for (const r of kept) {
      // Never a page of her record: nothing in her account's, a booking's, a consultation's, her points' or
      // her wishlists' chunk, nor her cart, a checkout, signing in, a link of hers or a page that reads one.
      expect(['account', 'booking', 'consultation', 'loyalty', 'wishlist'], r.id).not.toContain(r.group);
      expect(r.path, r.id).not.toMatch(
        /^\/(profile|cart|checkout|auth|consultation|share|shared-list|invite|order-lookup)\b/,
      );
      // Its path is plain segments and parameters: the storefront matches a request's path against it.
      expect(r.path, r.id).toMatch(/^\/([\w-]+|:\w+)?(\/([\w-]+|:\w+))*$/);
    }
  });

  it('titles every page in both languages and places every page without parameters in the site index', () => {
    for (const r of PAGE_ROUTES) {
      expect(en, r.id).toHaveProperty([r.title]);
      expect(ar, r.id).toHaveProperty([r.title]);
      if (!r.path.includes(':')) expect(r.siteIndex, `${r.id}: siteIndex`).toBeDefined();
    }
  });

  it('loads the blood-test booking and upload pages through their own chunk, which the server preloads with them', async () => {
    const booking = [
      ...new Set(
        PAGE_ROUTES.filter((r) => /^(blood-test-checkout\/|profile-blood-tests|upload-blood-test)/.test(r.module)).map(
          (r) => r.module,
        ),
      ),
      'blood-test-checkout/layout',
    ];
    expect(booking).toHaveLength(8);
    for (const name of booking) {
      const mod = pageModule(name);
      expect(mod.via).toBe('client/pages/booking-pages.ts');
      expect(typeof (await mod.load()).Component).toBe('function');
    }
    await expect(import('./pages/booking-pages').then((m) => m.loadPage('profile-blood-tests-nope'))).rejects.toThrow(
      /does not exist/,
    );
  });

  it('loads every page; only the shopping pages are named in the entry, the rest through their group', async () => {
    const names = new Set([...PAGE_ROUTES.map((r) => r.module), ...FILES.filter((f) => /(^|\/)layout$/.test(f))]);
    const direct: string[] = [];
    for (const name of names) {
      const mod = pageModule(name);
      if (!mod.via) direct.push(name);
      expect(typeof (await mod.load()).Component, name).toBe('function');
    }
    // The entry chunk (every page's first JavaScript) holds a lazy import for each of these only.
    expect(direct.sort()).toEqual([
      'blood-test',
      'blood-tests',
      'brands',
      'cart',
      'categories',
      'checkout/layout',
      'checkout/order',
      'checkout/shipping',
      'checkout/success',
      'home',
      'nutritionists',
      'product',
      'products',
      'search',
    ]);
    expect(pageModule('profile-orders').via).toBe('client/pages/account-pages.ts');
    expect(pageModule('auth/sign-in').via).toBe('client/pages/account-pages.ts');
    expect(pageModule('install').via).toBe('client/pages/help-pages.ts');
    expect(pageModule('profile-wishlists').via).toBe('client/pages/wishlist-pages.ts');
    expect(pageModule('quiz-result').via).toBe('client/pages/help-pages.ts');
    // The consultation's pages (issue 46) load through their own group, the profile's ones too.
    for (const name of ['consultation-book', 'consultation-success', 'profile-consultations', 'profile-consultation'])
      expect(pageModule(name).via, name).toBe('client/pages/consultation-pages.ts');
    // Every page module through Vite's transform (about a hundred): 14 s in a quiet run, over the
    // 30 s default beside the other phases on two cores.
  }, 90_000);

  it('gives every auth page its own module and nests the checkout steps under one layout', () => {
    for (const lang of ['en', 'ar'] as const) {
      const en = flat(lang);
      const auth = en.filter((r) => r.path?.startsWith('auth/')).map(moduleOf);
      expect(new Set(auth).size).toBe(auth.length);
      const layout = localeChildren(lang).find((r) => r.id === `${lang}:checkout/layout`)!;
      expect(moduleOf(layout)).toBe('client/pages/checkout/layout.tsx');
      expect(layout.children!.map((r) => r.path).sort()).toEqual([
        'checkout/order',
        'checkout/shipping',
        'checkout/success',
      ]);
      expect(new Set(layout.children!.map(moduleOf)).size).toBe(3);
    }
  });
});
