import { describe, expect, it } from 'vitest';
import { dirOf, intlLocale, localizePath, splitLocalePath } from './locale';
import { pagePath, paths, PAGE_ROUTES } from './routes';

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

  it('has every route of spec §2 once', () => {
    const all = PAGE_ROUTES.map((r) => r.path);
    expect(new Set(all).size).toBe(all.length);
    expect(all).toEqual(
      expect.arrayContaining([
        '/',
        '/products/:slug',
        '/shared-list/:listId',
        '/_app',
        '/profile/blood-tests/uploaded',
      ]),
    );
    // Spec §2's 48, plus the order lookup and the e-mail verification, and a blood test's
    // own page, and the notifications page, the "Get the app" guide, an alert's
    // unsubscribe page and the shopper's subscriptions; the consultation's booking, its success page, the
    // profile's consultations and one consultation, its call and the device check (issue 46); the points
    // page and a referral link's landing page (issue 47); the page a bought package lands on (issue 61).
    expect(all).toHaveLength(64);
    expect(all).toContain('/consultation/package');
    expect(all).toContain('/profile/points');
    expect(all).toContain('/invite/:code');
    expect(all).toContain('/consultation/book/:nutritionistId');
    expect(all).toContain('/profile/consultations/:id');
    expect(all).toContain('/profile/consultations/:id/call');
    expect(all).toContain('/consultation-check');
    expect(all).toContain('/profile/subscriptions');
    expect(all).toContain('/alerts/unsubscribe');
    expect(all).toContain('/profile/notifications');
    expect(all).toContain('/install');
    expect(all).toContain('/order-lookup');
    expect(all).toContain('/blood-test/:slug');
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
