// The shop's countries' core rows (decision 77): the facts every price and phone number reads. The server
// and the pages that read every country import this table (through the registry, index.ts); a page's
// first JavaScript does not: it knows her country's row, which the server writes into the boot data
// (known.ts, decision 77's amendment "a country's data only for that country").
import type { CountryCode } from './codes';
import type { CountryCore } from './types';

/**
 * Each country's core facts (CountryCore): currency, minor units, dial code, the currency's label and
 * name, how prices come about. One small table (a row a country) rather than a file in each country's
 * folder: whoever needs one country's row from this table needs the others too (the server, the
 * switcher, the address and phone forms, the account's pages).
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
