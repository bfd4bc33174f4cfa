// The shop's countries (decision 77): the one list, and one table per aspect gathered from the country
// modules (kw.ts, sa.ts). Adding a country is a module beside them and a line in each table here; the
// types make a missing aspect a compile error. Each table is its own export so a bundle carries only
// the aspects it reads: every page reads CORE (a few dozen bytes a country), the rest stay on the
// server or in the chunks of the pages that need them (the record says how a page gets its own
// country's larger data without every country's).
import * as kw from './kw';
import * as sa from './sa';
import type {
  CountryAddress,
  CountryAmountDefaults,
  CountryCarriers,
  CountryWarehouse,
  CountryWeek,
  DeliveryDays,
  CountryEntity,
  CountryPayments,
  CountryTax,
  HolidayRule,
} from './types';

/** The countries served, in the switcher's order; the first is the shop's home (its back office's time zone). */
export const COUNTRY_CODES = [kw.core.code, sa.core.code] as const;
export type CountryCode = (typeof COUNTRY_CODES)[number];

export const CORE = { KW: kw.core, SA: sa.core } as const satisfies { [C in CountryCode]: { code: C } };
export type CurrencyCode = (typeof CORE)[CountryCode]['currency'];
/** Every currency the shop prices in, in the countries' order. */
export const CURRENCY_CODES = [kw.core.currency, sa.core.currency] as const satisfies readonly CurrencyCode[];

/** The shop's home country: where its company sits and whose clock the back office reads. */
export const HOME_COUNTRY: CountryCode = COUNTRY_CODES[0];

export const ENTITIES: Record<CountryCode, CountryEntity> = { KW: kw.entity, SA: sa.entity };
export const TAX: Record<CountryCode, CountryTax> = { KW: kw.tax, SA: sa.tax };
export const ADDRESS: Record<CountryCode, CountryAddress> = { KW: kw.address, SA: sa.address };
export const DELIVERY_DAYS: Record<CountryCode, DeliveryDays> = { KW: kw.deliveryDays, SA: sa.deliveryDays };
export const WEEK: Record<CountryCode, CountryWeek> = { KW: kw.week, SA: sa.week };
export const WAREHOUSE: Record<CountryCode, CountryWarehouse> = { KW: kw.warehouse, SA: sa.warehouse };
export const HOLIDAY_RULES: Record<CountryCode, readonly HolidayRule[]> = { KW: kw.holidays, SA: sa.holidays };
export const PAYMENTS = { KW: kw.payments, SA: sa.payments } as const satisfies Record<CountryCode, CountryPayments>;
export const CARRIERS: Record<CountryCode, CountryCarriers> = { KW: kw.carriers, SA: sa.carriers };
export const AMOUNTS: Record<CountryCode, CountryAmountDefaults> = { KW: kw.amounts, SA: sa.amounts };

export function isCountryCode(value: unknown): value is CountryCode {
  return typeof value === 'string' && (COUNTRY_CODES as readonly string[]).includes(value);
}

/** The country whose currency this is (each country has its own), or undefined for one the shop does not use. */
export function countryOfCurrency(currency: string | null | undefined): CountryCode | undefined {
  return COUNTRY_CODES.find((c) => CORE[c].currency === currency);
}

/** The country's currency. */
export const currencyOf = (country: CountryCode): CurrencyCode => CORE[country].currency;

/** A table of one value per country, in the countries' order: `mapCountries((c) => PAYMENTS[c].cards)`. */
export function mapCountries<T>(f: (country: CountryCode) => T): Record<CountryCode, T> {
  return Object.fromEntries(COUNTRY_CODES.map((c) => [c, f(c)])) as Record<CountryCode, T>;
}

/** The countries an aspect's predicate holds for: `countriesWhere((c) => CARRIERS[c].serving.includes('dhl'))`. */
export function countriesWhere(test: (country: CountryCode) => boolean): CountryCode[] {
  return COUNTRY_CODES.filter(test);
}
