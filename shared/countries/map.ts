// A table of one value per country, built from the registry: its own module so that the pages that
// build no table do not carry it (decision 77).
import { COUNTRY_CODES, type CountryCode } from './codes';

/** A table of one value per country, in the countries' order: `mapCountries((c) => PAYMENTS[c].cards)`. */
export function mapCountries<T>(f: (country: CountryCode) => T): Record<CountryCode, T> {
  return Object.fromEntries(COUNTRY_CODES.map((c) => [c, f(c)])) as Record<CountryCode, T>;
}
