// The shop's countries (decision 77): the one list, their core facts and the questions asked of them.
// Each country is a row of CORE below and a folder (kw/, sa/, ae/) with a file per aspect; each aspect has
// its table beside this file (entities.ts, payments.ts, address.ts, delivery.ts, amounts.ts, rules.ts).
// Every table is typed for every CountryCode, so a country added here and missing from a table is a
// compile error. Tables and aspects are separate modules because a module is the unit a bundle takes
// whole: every page carries this file, and only the pages that read an aspect carry that aspect.
import type { CountryCore, PricingKind } from './types';
export type { PricingKind } from './types';

/** The countries served, in the switcher's order; the first is the shop's home (its back office's clock). */
export const COUNTRY_CODES = ['KW', 'SA', 'AE'] as const;
export type CountryCode = (typeof COUNTRY_CODES)[number];

/**
 * Each country's core facts (CountryCore): what every page carries, so written here as one small table
 * (a row a country) rather than in the country's folder, where a module of its own would cost every
 * page's first JavaScript a few bytes more. Everything else about a country is in its folder.
 */
export const CORE = {
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
  AE: {
    currency: 'AED',
    decimals: 2,
    dialCode: '+971',
    currencyLabel: { en: 'AED', ar: 'د.إ' },
    currencyName: { en: 'AED', ar: 'الدرهم الإماراتي' },
    // The owner sets AED prices (issue 77: not converted); a SKU without one is not sold there.
    pricing: 'own',
  },
} as const satisfies Record<CountryCode, CountryCore>;
export type CurrencyCode = (typeof CORE)[CountryCode]['currency'];
/** Every currency the shop prices in, in the countries' order. */
export const CURRENCY_CODES = ['KWD', 'SAR', 'AED'] as const satisfies readonly CurrencyCode[];

/** The shop's home country: where its company sits, whose clock and currency the back office reads. */
export const HOME_COUNTRY: CountryCode = 'KW';

export function isCountryCode(value: unknown): value is CountryCode {
  return typeof value === 'string' && (COUNTRY_CODES as readonly string[]).includes(value);
}

/** The country whose currency this is (each country has its own), or undefined for one the shop does not use. */
export function countryOfCurrency(currency: string | null | undefined): CountryCode | undefined {
  return COUNTRY_CODES.find((c) => CORE[c].currency === currency);
}

/** How the country's prices come about: converted from KWD, or the owner's own (CountryCore.pricing). */
export const pricingOf = (country: CountryCode): PricingKind => (CORE[country] as CountryCore).pricing ?? 'converted';

/** The countries whose prices are the owner's own amounts (the catalogue file has their price columns). */
export const ownPricedCountries = (): CountryCode[] => COUNTRY_CODES.filter((c) => pricingOf(c) === 'own');

/** The countries whose prices are converted from KWD (the catalogue file shows their prices, read-only). */
export const convertedCountries = (): CountryCode[] => COUNTRY_CODES.filter((c) => pricingOf(c) === 'converted');

/** The country's currency. */
export const currencyOf = (country: CountryCode): CurrencyCode => CORE[country].currency;
