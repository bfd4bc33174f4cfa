import { describe, expect, it } from 'vitest';
import { HOSTILE_TARGETS } from '#shared/testing/hostile-inputs';
import { safeReturnUrl } from './after-auth';

describe('return_url after sign-in', () => {
  it('keeps same-site paths and adds the Arabic segment on Arabic pages', () => {
    expect(safeReturnUrl('/cart?x=1', 'en')).toBe('/cart?x=1');
    expect(safeReturnUrl('/cart', 'ar')).toBe('/ar/cart');
    expect(safeReturnUrl('/ar/profile/wallet', 'ar')).toBe('/ar/profile/wallet');
    expect(safeReturnUrl('/ar/cart', 'en')).toBe('/cart');
  });

  it('ignores absolute, protocol-relative and odd URLs', () => {
    for (const bad of [
      'https://evil.example/x',
      '//evil.example',
      '/\\evil.example',
      'javascript:alert(1)',
      '',
      null,
    ]) {
      expect(safeReturnUrl(bad, 'en')).toBeNull();
    }
  });

  it("ignores the return_url of an attacker's sign-in link, read from the page address as the page reads it", () => {
    for (const link of [
      '%2F%09%2Fevil.example/x',
      '%2F%2Fevil.example',
      '%2F%5Cevil.example',
      '%2Fa%2F..%2F%2Fevil.example',
      'javascript%3Aalert(1)',
    ]) {
      const value = new URL(`http://shop.test/auth/sign-in?return_url=${link}`).searchParams.get('return_url');
      for (const lang of ['en', 'ar'] as const) expect(safeReturnUrl(value, lang), link).toBeNull();
    }
  });

  it('ignores every hostile target a browser would follow off the site, in both languages', () => {
    for (const lang of ['en', 'ar'] as const) {
      for (const bad of Object.values(HOSTILE_TARGETS).flat())
        expect(safeReturnUrl(bad, lang), JSON.stringify(bad)).toBeNull();
    }
  });
});
