// The United Arab Emirates: the address form and the national ID.
// One file per aspect: a page's bundle carries only the aspects it reads (decision 77).
import type { CountryAddress } from '../types';

/**
 * Emirate (a carrier's city, dhl_cities), area, street, building, flat, and the optional Makani number
 * (Dubai's 10-digit entrance code, which finds the door on its own); the Emirates ID for a nurse's visit.
 */
export const address: CountryAddress = {
  form: 'emirate-area',
  placeField: 'city_id',
  zone: 'city',
  lineFields: ['district', 'street', 'building', 'apartment', 'makani'],
  doorFields: ['city_id', 'district', 'street', 'building', 'apartment'],
  nationalId: 'emirates-id',
};
