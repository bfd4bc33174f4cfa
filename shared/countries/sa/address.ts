// Saudi Arabia: the address form and the national ID.
// One file per aspect: a page's bundle carries only the aspects it reads (decision 77).
import type { CountryAddress } from '../types';

/** City, district, street, building number, postal code, short national address; the national ID or Iqama. */
export const address: CountryAddress = {
  form: 'national-address',
  placeField: 'city_id',
  zone: 'city',
  lineFields: ['district', 'street', 'building_number', 'short_address'],
  doorFields: ['city_id', 'district', 'street', 'building_number', 'postal_code'],
  nationalId: 'saudi-id',
};
