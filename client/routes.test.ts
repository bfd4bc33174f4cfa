// The route table is derived from shared/routes.ts: each page's module is named there once. These tests
// keep that name pointing at a real file and the placeholder list equal to the routes without a module.
import { describe, expect, it } from 'vitest';
import { moduleOf as routeModule, PAGE_ROUTES, PLACEHOLDER_PAGE_IDS } from '#shared/routes';
import { pageModule, routes } from './routes';

const localeChildren = (lang: 'en' | 'ar') => routes[0]!.children!.find((r) => r.id === lang)!.children!;
const flat = (lang: 'en' | 'ar') => localeChildren(lang).flatMap((r) => (r.children ? r.children : [r]));
const pageOf = (r: { handle?: unknown }) => (r.handle as { page?: string } | undefined)?.page;
const moduleOf = (r: { handle?: unknown }) => (r.handle as { module?: string } | undefined)?.module;

describe('route table', () => {
  it('serves the placeholder page exactly for the routes without a module of their own', () => {
    const section = flat('en').filter((r) => moduleOf(r) === 'client/pages/section.tsx');
    expect(section.map(pageOf).sort()).toEqual([...PLACEHOLDER_PAGE_IDS].sort());
    expect(PAGE_ROUTES.length).toBeGreaterThan(PLACEHOLDER_PAGE_IDS.length);
  });

  it('names an existing page module for every page, in both languages', async () => {
    for (const lang of ['en', 'ar'] as const) {
      const pages = flat(lang).filter((r) => pageOf(r));
      expect(pages.map(pageOf).sort()).toEqual(PAGE_ROUTES.map((r) => r.id).sort());
      for (const r of PAGE_ROUTES)
        if (!('placeholder' in r)) expect(pageModule(routeModule(r)).file).toBe(`client/pages/${routeModule(r)}.tsx`);
    }
    expect(() => pageModule('no-such-page')).toThrow(/does not exist/);
    const signIn = await pageModule('auth/sign-in').load();
    expect(typeof signIn.Component).toBe('function');
    expect(typeof signIn.loader).toBe('function');
  });

  it('loads the blood-test booking and upload pages through their own chunk, which the server preloads with them', async () => {
    const booking = PAGE_ROUTES.flatMap((r) => [
      ...(!('placeholder' in r) && /^(blood-test-checkout\/|profile-blood-tests|upload-blood-test)/.test(routeModule(r))
        ? [routeModule(r)]
        : []),
      ...('layout' in r && r.layout.startsWith('blood-test-checkout/') ? [r.layout] : []),
    ]);
    expect(new Set(booking).size).toBe(8);
    for (const name of new Set(booking)) {
      const mod = pageModule(name);
      expect(mod.via).toBe('client/pages/booking-pages.ts');
      expect(typeof (await mod.load()).Component).toBe('function');
    }
    await expect(import('./pages/booking-pages').then((m) => m.loadPage('profile-blood-tests-nope'))).rejects.toThrow(
      /does not exist/,
    );
  });

  it('loads every page; only the shopping pages are named in the entry, the rest through their group', async () => {
    const names = new Set(
      PAGE_ROUTES.flatMap((r) => [
        ...('placeholder' in r ? [] : [routeModule(r)]),
        ...('layout' in r && typeof r.layout === 'string' ? [r.layout] : []),
      ]),
    );
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
  });

  it('gives every auth page its own module and nests the checkout steps under one layout', () => {
    for (const lang of ['en', 'ar'] as const) {
      const en = flat(lang);
      const auth = en.filter((r) => r.path?.startsWith('auth/')).map(moduleOf);
      expect(new Set(auth).size).toBe(auth.length);
      const layout = localeChildren(lang).find((r) => r.id === `${lang}:checkout/layout`)!;
      expect(moduleOf(layout)).toBe('client/pages/checkout/layout.tsx');
      expect(layout.children!.map((r) => r.path)).toEqual(['checkout/shipping', 'checkout/order', 'checkout/success']);
      expect(new Set(layout.children!.map(moduleOf)).size).toBe(3);
    }
  });
});
