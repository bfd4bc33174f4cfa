// Kuwait: the address form and the national ID.
// One file per aspect: a page's bundle carries only the aspects it reads (decision 77).
import type { CountryAddress } from '../types';

/** Governorate → area, block, street, avenue, building, floor, apartment; the Civil ID for a nurse's visit. */
export const address: CountryAddress = {
  form: 'area-block',
  placeField: 'area_id',
  zone: 'area',
  lineFields: ['block', 'street', 'avenue', 'building', 'floor', 'apartment'],
  doorFields: ['area_id', 'block', 'street', 'avenue', 'building', 'floor', 'apartment'],
  nationalId: 'kuwait-civil-id',
};
