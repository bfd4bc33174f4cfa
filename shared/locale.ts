// Languages, countries and the locale URL segment. English is unprefixed; Arabic lives under /ar.

export const LANGS = ['en', 'ar'] as const;
export type Lang = (typeof LANGS)[number];

export const COUNTRY_CODES = ['KW', 'SA'] as const;
export type CountryCode = (typeof COUNTRY_CODES)[number];
export const DEFAULT_COUNTRY: CountryCode = 'KW';

export type CurrencyCode = 'KWD' | 'SAR';

/**
 * Static facts about each country that do not change with data (rates come from the API).
 * `currencyLabel`: how a price names the currency in each language (shared/money.ts places it): the ISO
 * code in English, the abbreviation Arabic readers know from shelves and receipts in Arabic (as Intl's
 * ar-KW / ar-SA symbols, without their trailing dot, so a price ending a sentence takes no second one).
 * `currencyName`: the currency in a sentence ("Prices in KWD", «الأسعار بعملة الدينار الكويتي»).
 */
export const COUNTRY_FACTS: Record<
  CountryCode,
  {
    currency: CurrencyCode;
    decimals: number;
    dialCode: string;
    currencyLabel: Record<Lang, string>;
    currencyName: Record<Lang, string>;
  }
> = {
  KW: {
    currency: 'KWD',
    decimals: 3,
    dialCode: '+965',
    currencyLabel: { en: 'KWD', ar: 'د.ك' },
    currencyName: { en: 'KWD', ar: 'الدينار الكويتي' },
  },
  SA: {
    currency: 'SAR',
    decimals: 2,
    dialCode: '+966',
    currencyLabel: { en: 'SAR', ar: 'ر.س' },
    currencyName: { en: 'SAR', ar: 'الريال السعودي' },
  },
};

export const COOKIE_NAMES = {
  lang: 'lang',
  country: 'country',
} as const;

export function isLang(value: unknown): value is Lang {
  return typeof value === 'string' && (LANGS as readonly string[]).includes(value);
}

export function isCountryCode(value: unknown): value is CountryCode {
  return typeof value === 'string' && (COUNTRY_CODES as readonly string[]).includes(value);
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
