// Kuwait: tax, public holidays and carriers (read on the server only).
// One file per aspect: a page's bundle carries only the aspects it reads (decision 77).
import type { CountryCarriers, CountryTax, HolidayRule } from '../types';

/** No VAT in Kuwait: a receipt, no tax invoice. */
export const tax: CountryTax = { pricesIncludeVat: true, invoice: 'receipt' };

/** Kuwait's civil service calendar. */
export const holidays: readonly HolidayRule[] = [
  { id: 'new_year', gregorian: [1, 1] },
  { id: 'national_day', gregorian: [2, 25] },
  { id: 'liberation_day', gregorian: [2, 26] },
  { id: 'isra_miraj', hijri: [7, 27] },
  { id: 'eid_al_fitr', hijri: [10, 1], days: 3 },
  { id: 'arafat_day', hijri: [12, 9] },
  { id: 'eid_al_adha', hijri: [12, 10], days: 3 },
  { id: 'hijri_new_year', hijri: [1, 1] },
  { id: 'prophet_birthday', hijri: [3, 12] },
];

/** Aramex (the shop's account), DHL Express, the local courier and the shop's own drivers; returns by Aramex. */
export const carriers: CountryCarriers = {
  serving: ['aramex', 'dhl', 'local', 'own'],
  returns: 'aramex',
  aramexEntity: 'KWI',
};
