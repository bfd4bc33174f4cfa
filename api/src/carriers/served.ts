// Which countries a carrier delivers in: each country's module lists its carriers (decision 77), so a
// carrier never names a country and a new country picks its carriers in its own module.
import { CARRIERS, COUNTRY_CODES, type CountryCode } from '#shared/countries';
import type { CarrierCode } from './types';

export function countriesServedBy(carrier: CarrierCode): CountryCode[] {
  return COUNTRY_CODES.filter((c) => (CARRIERS[c].serving as readonly string[]).includes(carrier));
}
