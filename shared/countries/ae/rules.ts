// The United Arab Emirates: tax, public holidays and carriers (read on the server only).
// One file per aspect: a page's bundle carries only the aspects it reads (decision 77).
import type { CountryCarriers, CountryTax, HolidayRule } from '../types';

/** VAT (5 %, the owner's rate on the country's row) included in shelf prices; a UAE tax invoice with the seller's TRN. */
export const tax: CountryTax = { pricesIncludeVat: true, invoice: 'uae-tax-invoice' };

/**
 * The federal public holidays: New Year, Eid al-Fitr (1–3 Shawwal), Arafat Day and Eid al-Adha
 * (10–12 Dhu al-Hijjah), the Hijri New Year, the Prophet's birthday, Commemoration Day (30 November)
 * and National Day (2–3 December). The Islamic days by Umm al-Qura as the others'; the owner corrects
 * a moon-sighted day in the back office.
 */
export const holidays: readonly HolidayRule[] = [
  { id: 'new_year', gregorian: [1, 1] },
  { id: 'eid_al_fitr', hijri: [10, 1], days: 3 },
  { id: 'arafat_day', hijri: [12, 9] },
  { id: 'eid_al_adha', hijri: [12, 10], days: 3 },
  { id: 'hijri_new_year', hijri: [1, 1] },
  { id: 'prophet_birthday', hijri: [3, 12] },
  { id: 'commemoration_day', gregorian: [11, 30] },
  { id: 'national_day', gregorian: [12, 2], days: 2 },
];

/**
 * Aramex (its own account in the Emirates, ARAMEX_AE_*), DHL Express and the local courier (the adapter
 * that needs no outside service, api/src/carriers/local.ts); returns by Aramex. No own drivers here.
 */
export const carriers: CountryCarriers = {
  serving: ['aramex', 'dhl', 'local'],
  returns: 'aramex',
  aramexEntity: 'DXB',
};
