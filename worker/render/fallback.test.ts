import { describe, expect, it } from 'vitest';
import { ar } from '#shared/i18n/ar';
import { en } from '#shared/i18n/en';
import { fallbackPage } from './fallback';

describe('the fallback error page', () => {
  it.each([
    ['en', 500, en.server_error_title, `${ar.server_error_title}.`],
    ['ar', 503, ar.upstream_unavailable, `${en.server_error_title}.`],
    ['ar', 400, ar.bad_request, en.bad_request],
    ['en', 404, en.not_found_title, ar.not_found_title],
  ] as const)('in %s for %i says what happened in both languages', (lang, status, title, other) => {
    const page = fallbackPage(lang, status, 'abc123');
    expect(page.startsWith(`<!DOCTYPE html><html lang="${lang}" dir="${lang === 'ar' ? 'rtl' : 'ltr'}">`)).toBe(true);
    expect(page).toContain(`<h1>${title}</h1>`);
    expect(page).toContain(other);
    expect(page).toContain('<style nonce="abc123">body{');
    expect(page).not.toContain('<script');
    expect(page).toContain(`<a href="${lang === 'ar' ? '/ar' : '/'}">`);
  });

  it('leads back where it is told instead of the home page', () => {
    const page = fallbackPage('ar', 404, 'n', {
      href: '/ar/checkout/success?order=7',
      label: (d) => d.sandbox_back_to_order,
    });
    expect(page).toContain(`<a href="/ar/checkout/success?order=7">${ar.sandbox_back_to_order}</a>`);
    expect(page).not.toContain(`<a href="/ar">`);
  });

  it('escapes what it interpolates: a nonce cannot end its attribute', () => {
    expect(fallbackPage('en', 500, '"><script>x()</script>')).toContain(
      'nonce="&quot;&gt;&lt;script&gt;x()&lt;/script&gt;"',
    );
  });
});
