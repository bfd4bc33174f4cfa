// Saudi Arabia, as data (decision 77): one named export per aspect (shared/countries/types.ts says why).
import type {
  CountryAmountDefaults,
  CountryAddress,
  CountryCarriers,
  CountryWarehouse,
  CountryWeek,
  DeliveryDays,
  CountryEntity,
  CountryPayments,
  CountryTax,
  HolidayRule,
} from './types';

export const core = {
  code: 'SA',
  currency: 'SAR',
  decimals: 2,
  dialCode: '+966',
  currencyLabel: { en: 'SAR', ar: 'ر.س' },
  currencyName: { en: 'SAR', ar: 'الريال السعودي' },
  timeZone: 'Asia/Riyadh',
} as const;

/** A Saudi company registered for VAT (15 digits, starting and ending with 3). */
export const entity: CountryEntity = {
  legalName: { en: 'Gulf Vitamins Trading Company', ar: 'شركة خليج الفيتامينات التجارية' },
  commercialRegistration: '1010745112',
  vatNumber: '310457812300003',
  address: {
    en: '7421 King Fahd Road, Al Olaya, Riyadh 12214, Saudi Arabia',
    ar: '7421 طريق الملك فهد، العليا، الرياض 12214، المملكة العربية السعودية',
  },
  phone: '+966112901400',
};

/** VAT included in shelf prices; every sale a ZATCA e-invoice (decision 75). */
export const tax: CountryTax = { pricesIncludeVat: true, invoice: 'zatca' };

/** City, district, street, building number, postal code, short national address; the national ID or Iqama. */
export const address: CountryAddress = {
  form: 'national-address',
  placeField: 'city_id',
  zone: 'city',
  lineFields: ['district', 'street', 'building_number', 'short_address'],
  nationalId: 'saudi-id',
};

/** The main cities through the courier partner, 2 to 4 working days. */
export const deliveryDays: DeliveryDays = { handling: [0, 1], transit: [2, 4], workingDays: true };

/** Friday–Saturday weekend (getUTCDay's numbers). */
export const week: CountryWeek = { weekend: [5, 6] };

/** The warehouse parcels leave from: its city in Latin letters, as the carriers' shipper address. */
export const warehouse: CountryWarehouse = { city: 'Riyadh' };

/** The two Eids (four days each, Arafat Day opening Eid al-Adha's), Founding Day and National Day. */
export const holidays: readonly HolidayRule[] = [
  { id: 'founding_day', gregorian: [2, 22] },
  { id: 'eid_al_fitr', hijri: [10, 1], days: 4 },
  { id: 'arafat_day', hijri: [12, 9] },
  { id: 'eid_al_adha', hijri: [12, 10], days: 3 },
  { id: 'national_day', gregorian: [9, 23] },
];

/** mada, cards, Apple Pay, STC Pay (a Saudi wallet), Tabby and Tamara (10 SAR minimum). */
export const payments = {
  cards: ['mada', 'card', 'apple_pay'],
  methods: ['mada', 'card', 'apple_pay', 'stc_pay', 'tabby', 'tamara'],
  limits: { tabby: { min: 1_000, max: 500_000 }, tamara: { min: 1_000, max: 500_000 } },
} as const satisfies CountryPayments;

/** Aramex, SMSA, DHL Express and the local courier; returns by SMSA. */
export const carriers: CountryCarriers = { serving: ['aramex', 'smsa', 'dhl', 'local'], returns: 'smsa' };

/** Round riyal amounts of about the weight of Kuwait's. */
export const amounts = {
  free_delivery_minor: 20_000,
  price_quick_max_minor: 25_000,
  price_range_max_minor: 1_000_000,
  unlock_margin_minor: 2_500,
  wallet_top_up_max_minor: 500_000,
} as const satisfies CountryAmountDefaults;
