// Languages, countries and the locale URL segment. English is unprefixed; Arabic lives under /ar.
import { COUNTRY_CODES, type CountryCode, HOME_COUNTRY, isCountryCode } from './countries/codes';

export const LANGS = ['en', 'ar'] as const;
export type Lang = (typeof LANGS)[number];

// The countries are data (decision 77, shared/countries/): these names stay for the code that reads them.
export { COUNTRY_CODES, isCountryCode, type CountryCode };
export type { CurrencyCode } from './countries/core';
export { HOME_COUNTRY as DEFAULT_COUNTRY };
// The countries' core rows (COUNTRY_FACTS, CURRENCY_CODES) are the registry's (shared/countries), not
// re-exported here: every page's first JavaScript reads this file, and no page's carries the rows
// (money.ts reads the rows the page knows, shared/countries/known.ts; decision 77).

export const COOKIE_NAMES = {
  lang: 'lang',
  country: 'country',
} as const;

export function isLang(value: unknown): value is Lang {
  return typeof value === 'string' && (LANGS as readonly string[]).includes(value);
}

export function dirOf(lang: Lang): 'ltr' | 'rtl' {
  return lang === 'ar' ? 'rtl' : 'ltr';
}

/** Splits `/ar/products/x` into `{ lang: 'ar', path: '/products/x' }`. */
export function splitLocalePath(pathname: string): { lang: Lang; path: string } {
  if (pathname === '/ar' || pathname.startsWith('/ar/')) {
    return { lang: 'ar', path: pathname.slice(3) || '/' };
  }
  return { lang: 'en', path: pathname || '/' };
}

/** Prefixes an unprefixed app path with the locale segment when needed. */
export function localizePath(path: string, lang: Lang): string {
  const clean = path.startsWith('/') ? path : `/${path}`;
  if (lang === 'en') return clean;
  return clean === '/' ? '/ar' : `/ar${clean}`;
}

/**
 * Intl locale for a language and country: Latin digits, and the Gregorian calendar pinned (ar-SA's
 * default calendar is the Hijri one in some ICU versions, so server and browser would disagree).
 */
export function intlLocale(lang: Lang, country: CountryCode): string {
  return `${lang}-${country}-u-ca-gregory-nu-latn`;
}
