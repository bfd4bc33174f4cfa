// Kuwait, as data (decision 77): one named export per aspect (shared/countries/types.ts says why).
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
  code: 'KW',
  currency: 'KWD',
  decimals: 3,
  dialCode: '+965',
  currencyLabel: { en: 'KWD', ar: 'د.ك' },
  currencyName: { en: 'KWD', ar: 'الدينار الكويتي' },
  timeZone: 'Asia/Kuwait',
} as const;

export const entity: CountryEntity = {
  legalName: { en: 'Gulf Vitamins General Trading Co. W.L.L.', ar: 'شركة خليج الفيتامينات للتجارة العامة ذ.م.م' },
  commercialRegistration: '412873',
  vatNumber: null,
  address: {
    en: 'Office 14, Floor 6, Al Hamra Tower, Al Shuhada Street, Sharq, Kuwait City, Kuwait',
    ar: 'مكتب 14، الطابق 6، برج الحمراء، شارع الشهداء، شرق، مدينة الكويت، الكويت',
  },
  phone: '+96522270400',
};

/** No VAT in Kuwait: a receipt, no tax invoice. */
export const tax: CountryTax = { pricesIncludeVat: true, invoice: 'receipt' };

/** Governorate → area, block, street, avenue, building, floor, apartment; the Civil ID for a nurse's visit. */
export const address: CountryAddress = {
  form: 'area-block',
  placeField: 'area_id',
  zone: 'area',
  lineFields: ['block', 'street', 'avenue', 'building', 'floor', 'apartment'],
  nationalId: 'kuwait-civil-id',
};

/** Every governorate, the same day before the 2 pm cut-off, else the next day. */
export const deliveryDays: DeliveryDays = { handling: [0, 1], transit: [0, 1], workingDays: false };

/** Friday–Saturday weekend (getUTCDay's numbers). */
export const week: CountryWeek = { weekend: [5, 6] };

/** The warehouse parcels leave from: its city in Latin letters, as the carriers' shipper address. */
export const warehouse: CountryWarehouse = { city: 'Kuwait City' };

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

/** KNET, cards and Apple Pay; Tabby (its documented minimum, 1 KWD; the maximum is the merchant agreement's). */
export const payments = {
  cards: ['knet', 'card', 'apple_pay'],
  methods: ['knet', 'card', 'apple_pay', 'tabby'],
  limits: { tabby: { min: 1_000, max: 500_000 } },
} as const satisfies CountryPayments;

/** Aramex (the shop's account), DHL Express, the local courier and the shop's own drivers; returns by Aramex. */
export const carriers: CountryCarriers = { serving: ['aramex', 'dhl', 'local', 'own'], returns: 'aramex' };

/** The spec's (§9): free delivery from KWD 15, 'Under KD 25', a range to 1000, the unlock modal's "+ 2". */
export const amounts = {
  free_delivery_minor: 15_000,
  price_quick_max_minor: 25_000,
  price_range_max_minor: 1_000_000,
  unlock_margin_minor: 2_000,
  wallet_top_up_max_minor: 500_000,
} as const satisfies CountryAmountDefaults;
