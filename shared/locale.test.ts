import { describe, expect, it } from 'vitest';
import { dirOf, intlLocale, localizePath, splitLocalePath } from './locale';
import { paths } from './routes';
import { PAGE_PATHS, pagePath } from './page-paths';

describe('locale segment', () => {
  it('reads English from unprefixed paths and Arabic from /ar', () => {
    expect(splitLocalePath('/')).toEqual({ lang: 'en', path: '/' });
    expect(splitLocalePath('/products/x')).toEqual({ lang: 'en', path: '/products/x' });
    expect(splitLocalePath('/ar')).toEqual({ lang: 'ar', path: '/' });
    expect(splitLocalePath('/ar/cart')).toEqual({ lang: 'ar', path: '/cart' });
    expect(splitLocalePath('/arabic')).toEqual({ lang: 'en', path: '/arabic' });
  });

  it('builds paths for each language', () => {
    expect(localizePath('/', 'ar')).toBe('/ar');
    expect(localizePath('/cart', 'ar')).toBe('/ar/cart');
    expect(localizePath('/cart', 'en')).toBe('/cart');
    expect(pagePath('profile-wallet', 'ar')).toBe('/ar/profile/wallet');
    expect(paths.product('vitamin d3', 'en')).toBe('/products/vitamin%20d3');
    expect(paths.sharedList('https://shop.example', 'L1')).toBe('https://shop.example/shared-list/L1');
    expect(paths.signIn('ar', '/ar/cart')).toBe('/ar/auth/sign-in?return_url=%2Far%2Fcart');
    expect(dirOf('ar')).toBe('rtl');
  });

  it('names each linked page once, at one path', () => {
    // Every page's route comes from its module (client/page-list.ts); this table is the pages other code
    // links to by id, and client/route-tree.test.ts checks each has its module.
    const all = Object.values(PAGE_PATHS);
    expect(new Set(all).size).toBe(all.length);
    expect(all).toEqual(
      expect.arrayContaining([
        '/',
        '/products/:slug',
        '/shared-list/:listId',
        '/_app',
        '/profile/blood-tests/uploaded',
        '/consultation/package',
        '/profile/points',
        '/invite/:code',
        '/consultation/book/:nutritionistId',
        '/profile/consultations/:id',
        '/profile/consultations/:id/call',
        '/consultation-check',
        '/profile/subscriptions',
        '/alerts/unsubscribe',
        '/profile/notifications',
        '/install',
        '/order-lookup',
        '/blood-test/:slug',
      ]),
    );
    for (const path of all) expect(path, path).toMatch(/^\/([\w:-]+(\/[\w:-]+)*)?$/);
  });

  it('pins Latin digits and the Gregorian calendar in the Intl locale of every language and country', () => {
    expect(intlLocale('ar', 'SA')).toBe('ar-SA-u-ca-gregory-nu-latn');
    for (const lang of ['en', 'ar'] as const) {
      for (const country of ['KW', 'SA'] as const) {
        const options = new Intl.DateTimeFormat(intlLocale(lang, country)).resolvedOptions();
        expect([options.calendar, options.numberingSystem]).toEqual(['gregory', 'latn']);
      }
    }
  });
});
