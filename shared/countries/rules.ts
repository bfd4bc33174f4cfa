// Each country's tax, holiday rules and carriers, for every country (decision 77): one line a country, its own file beside the others'.
import * as KW from './kw/rules';
import * as SA from './sa/rules';
import * as AE from './ae/rules';
import { COUNTRY_CODES, type CountryCode } from './codes';
import type { CountryCarriers, CountryTax, HolidayRule } from './types';

export const TAX: Record<CountryCode, CountryTax> = { KW: KW.tax, SA: SA.tax, AE: AE.tax };
export const HOLIDAY_RULES: Record<CountryCode, readonly HolidayRule[]> = {
  KW: KW.holidays,
  SA: SA.holidays,
  AE: AE.holidays,
};
export const CARRIERS: Record<CountryCode, CountryCarriers> = { KW: KW.carriers, SA: SA.carriers, AE: AE.carriers };

/** The countries whose invoices take this legal form (the Saudi e-invoice: 'zatca'). */
export function countriesInvoicing(form: CountryTax['invoice']): CountryCode[] {
  return COUNTRY_CODES.filter((c) => TAX[c].invoice === form);
}

/** The countries a carrier delivers in: those whose module lists it. */
export function countriesServedBy(carrier: CountryCarriers['serving'][number]): CountryCode[] {
  return COUNTRY_CODES.filter((c) => CARRIERS[c].serving.includes(carrier));
}

/**
 * The country the shop's own drivers deliver in: the one whose module lists the 'own' carrier. The
 * driver tables (driver_stops, driver_handins, driver zones) keep no country, so the fleet is one
 * country's; a second country with drivers of its own adds a country to them first (index.test.ts holds
 * the list to one).
 */
export const OWN_FLEET_COUNTRY: CountryCode = countriesServedBy('own')[0]!;
