// The shop's countries (decision 77): the one list, their core facts and the questions asked of them.
// Each country is a code (codes.ts), a row of CORE (core.ts) and a folder (kw/, sa/, ae/) with a file per
// aspect; each aspect has its table beside this file (entities.ts, payments.ts, address.ts, delivery.ts,
// amounts.ts, rules.ts). Every table is typed for every CountryCode, so a country added to the codes and
// missing from a table is a compile error. Tables and aspects are separate modules because a module is
// the unit a bundle takes whole: a page carries only what it reads; no page's first JavaScript carries
// this file or the rows (its facts of her country come from the server, known.ts).
import { COUNTRY_CODES, type CountryCode, HOME_COUNTRY } from './codes';
import { CORE, type CurrencyCode } from './core';
import { learnCountries } from './known';
import type { CountryCore, PricingKind } from './types';
export type { PricingKind } from './types';
export { COUNTRY_CODES, HOME_COUNTRY, isCountryCode, type CountryCode } from './codes';
export { CORE, CURRENCY_CODES, type CurrencyCode } from './core';
/** The core rows under their older name (decision 77): the code not yet converted reads it. */
export { CORE as COUNTRY_FACTS } from './core';

// In the browser, the registry loads with the pages that read every country (the switcher's choice, the
// address and phone forms, the account's pages): from then on money.ts knows every country's row, not
// only hers from the boot data. The server knows them all from the start (known.ts).
learnCountries(CORE);

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

/**
 * The countries a size's base price (KWD) prices: the home country, which pays it, and every converted
 * country, which pays it at the day's rate. Whoever changes a base price changes what each of them pays.
 */
export const basePricedCountries = (): CountryCode[] => [...new Set([HOME_COUNTRY, ...convertedCountries()])];

/** The country's currency. */
export const currencyOf = (country: CountryCode): CurrencyCode => CORE[country].currency;
