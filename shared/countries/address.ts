// Each country's address form, for every country (decision 77): one line a country, its own file beside the others'.
import { address as KW } from './kw/address';
import { address as SA } from './sa/address';
import { address as AE } from './ae/address';
import { COUNTRY_CODES, type CountryCode } from './codes';
import type { CountryAddress } from './types';

export const ADDRESS: Record<CountryCode, CountryAddress> = { KW, SA, AE };

/**
 * The countries whose places are of this kind: Kuwait's areas (the areas table, which keeps no country)
 * or DHL's cities (dhl_cities, by their DHL country code). The blood tests' zones ask it.
 */
export function countriesZonedBy(zone: CountryAddress['zone']): CountryCode[] {
  return COUNTRY_CODES.filter((c) => ADDRESS[c].zone === zone);
}
