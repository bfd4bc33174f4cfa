// Saudi Arabia: tax, public holidays and carriers (read on the server only).
// One file per aspect: a page's bundle carries only the aspects it reads (decision 77).
import type { CountryCarriers, CountryTax, HolidayRule } from '../types';

/** VAT included in shelf prices; every sale a ZATCA e-invoice (decision 75). */
export const tax: CountryTax = { pricesIncludeVat: true, invoice: 'zatca' };

/** The two Eids (four days each, Arafat Day opening Eid al-Adha's), Founding Day and National Day. */
export const holidays: readonly HolidayRule[] = [
  { id: 'founding_day', gregorian: [2, 22] },
  { id: 'eid_al_fitr', hijri: [10, 1], days: 4 },
  { id: 'arafat_day', hijri: [12, 9] },
  { id: 'eid_al_adha', hijri: [12, 10], days: 3 },
  { id: 'national_day', gregorian: [9, 23] },
];

/** Aramex, SMSA, DHL Express and the local courier; returns by SMSA. */
export const carriers: CountryCarriers = {
  serving: ['aramex', 'smsa', 'dhl', 'local'],
  returns: 'smsa',
  aramexEntity: 'RUH',
};
