// The shape of a country module (decision 77): everything that differs between the shop's countries,
// as data, so code asks the country for what it needs and never asks which country it is. A module
// exports one named constant per aspect, not one object: a bundle carries only the aspects its code
// reads (Rollup drops the unread exports), so the product page's JavaScript carries the currency facts
// but never the holidays, the legal entity or the address form. Types only here.

type LangText = { en: string; ar: string };

/**
 * What every page carries for every country (the switcher, prices): small on purpose; anything else is
 * an aspect of its own. The country's code (ISO 3166-1 alpha-2, as in the cookie, the orders table and
 * cf-ipcountry) is its folder's name and its key in the registry.
 */
export interface CountryCore {
  /** ISO 4217. */
  currency: string;
  /** Minor-unit digits of the currency: 3 for fils, 2 for halalas. */
  decimals: number;
  dialCode: string;
  /** How a price names the currency (shared/money.ts places it): ISO code in English, the shelf abbreviation in Arabic. */
  currencyLabel: LangText;
  /** The currency inside a sentence ("Prices in KWD", «الأسعار بعملة الدينار الكويتي»). */
  currencyName: LangText;
  /**
   * How the country's shelf prices come about (decision 77, issue 77's amendment): 'converted' from the
   * SKU's KWD price by the country's exchange rate and VAT (skus.price), or the owner's 'own' amounts in
   * the country's currency, VAT included (sku_country_prices; a SKU without a row there is not sold in
   * the country). Here, not in an aspect, because every price on every page reads it; absent means
   * 'converted', so the rows every page carries grow only for an own-priced country.
   */
  pricing?: PricingKind;
}

/** How a country's prices come about: see CountryCore.pricing. */
export type PricingKind = 'converted' | 'own';

/** The shop's trading entity in the country, as invoices and the footer print it. */
export interface CountryEntity {
  legalName: LangText;
  /** Commercial registration number. */
  commercialRegistration: string;
  /** VAT registration number; null where the country has no VAT. */
  vatNumber: string | null;
  address: LangText;
  /**
   * The address in its national form where an e-invoice names it in parts (the Saudi National Address,
   * ZATCA's BT-35…38, KSA-17/18; in Arabic as registered). The owner's E-invoicing page overrides it.
   */
  nationalAddress?: { street: string; building: string; district: string; city: string; postalCode: string };
  /** E.164, shown left to right in both languages. */
  phone: string;
}

/**
 * Tax: the rate itself is the owner's (countries.vat_basis_points, it changes by law without a release);
 * the module says how the law wants it shown.
 */
export interface CountryTax {
  /** Shelf prices include VAT (the Gulf's rule everywhere VAT exists). */
  pricesIncludeVat: boolean;
  /**
   * The invoice's legal form: none (a receipt), the Saudi e-invoice of ZATCA (issue 32, decision 75), or
   * the UAE tax invoice (Federal Decree-Law 8 of 2017, art. 65): the words "Tax Invoice", the seller's
   * TRN, and each line's VAT beside the total's.
   */
  invoice: 'receipt' | 'zatca' | 'uae-tax-invoice';
}

/**
 * The address form: which fields a shopper fills and how a place is found. `form` names a reusable
 * form (a third country with governorates and areas would reuse 'area-block'); the code branches on the
 * form, never on the country.
 */
export interface CountryAddress {
  form: 'area-block' | 'national-address' | 'emirate-area';
  /** The field that holds the place's id (areas.id or dhl_cities.id). */
  placeField: 'area_id' | 'city_id';
  /** Delivery zones and capacity rows are `<zone>:<id>`. */
  zone: 'area' | 'city';
  /** The address's lines in the order a label or a carrier prints them (postal_code follows them). */
  lineFields: readonly string[];
  /** The fields that find the door, compared to tell one delivery address from another (self-referral). */
  doorFields: readonly string[];
  /** The national identity number a nurse's visit asks for. */
  nationalId: 'kuwait-civil-id' | 'saudi-id' | 'emirates-id';
}

/** Days, from the day an order is placed: before it leaves the warehouse, then on its way. */
export interface DeliveryDays {
  handling: readonly [min: number, max: number];
  transit: readonly [min: number, max: number];
  /** Counted in working days (the country's week without its weekend), not every day. */
  workingDays: boolean;
}

/**
 * The country's working week. Its first day is derived, not stated: the first working day after the
 * weekend (`firstWorkingDay` in shared/country-days.ts; Sunday after Friday–Saturday, Monday after
 * Saturday–Sunday), where the COD and reminder weeks start.
 */
export interface CountryWeek {
  /** Days of the weekend, as getUTCDay numbers them (0 Sunday … 6 Saturday). */
  weekend: readonly number[];
  /**
   * The days no nurse visits a home to collect a blood sample (getUTCDay's numbers): the day of rest
   * where the labs work the rest of the weekend (Friday in Kuwait and Saudi Arabia), the whole weekend
   * where they do not (the Emirates).
   */
  noHomeVisits: readonly number[];
}

/** The warehouse parcels leave from, and where returns go back to. */
export interface CountryWarehouse {
  /** Its city in Latin letters, as the carriers' shipper address (and a shopper's when hers has none). */
  city: string;
  /** The returns warehouse as a carrier's consignee (issue 62): the shop's published address, Latin letters. */
  returns: {
    name: string;
    /** E.164. */
    phone: string;
    lines: readonly string[];
    city: string;
    postalCode?: string;
  };
}

export type HolidayId =
  | 'new_year'
  | 'founding_day'
  | 'national_day'
  | 'liberation_day'
  | 'commemoration_day'
  | 'isra_miraj'
  | 'eid_al_fitr'
  | 'arafat_day'
  | 'eid_al_adha'
  | 'hijri_new_year'
  | 'prophet_birthday';

/** A public holiday by default: fixed national days by the Gregorian calendar, the Islamic ones by Umm al-Qura. */
export type HolidayRule =
  | { id: HolidayId; gregorian: readonly [month: number, day: number]; days?: number }
  | { id: HolidayId; hijri: readonly [month: number, day: number]; days?: number };

/**
 * The ways to pay through the gateway (decision 42) and what each accepts. The ways are the names of
 * shared/payments/gateway-methods.ts (GATEWAY_METHODS_ALL); that module's tables check them.
 */
export interface CountryPayments {
  /** Card kinds, in the order the pages list them (KNET is Kuwait's, mada Saudi Arabia's). */
  cards: readonly string[];
  /** Every gateway method, in the order the review step lists them. */
  methods: readonly string[];
  /** Amounts (minor units, VAT included) a method accepts, where it has limits. */
  limits: Partial<Record<string, { min: number; max: number }>>;
}

/**
 * Cash on delivery as the country starts (issue 77: "cash on delivery where the owner allows"): whether
 * it is offered, and the largest amount due a driver collects, in minor units of the country's own
 * currency (null: no cap). The owner's own choice (country_settings.cod_enabled, migration 0092) replaces
 * it once she saves one on the Amounts page (shared/payments/cash-on-delivery.ts).
 */
export interface CountryCash {
  enabled: boolean;
  maxMinor: number | null;
}

/** Carriers that deliver in the country (api/src/carriers) and the one its returns go back with. */
export interface CountryCarriers {
  serving: readonly ('aramex' | 'smsa' | 'dhl' | 'local' | 'own')[];
  returns: 'aramex' | 'smsa';
  /**
   * Aramex's office code for the shop's account in the country (the default of
   * ARAMEX_<code>_ACCOUNT_ENTITY): the country's main office, changed per deployment. Countries Aramex
   * serves have one (shared/countries/index.test.ts checks it).
   */
  aramexEntity?: string;
}

/** Amounts the owner sets per country (decision 52), in integer minor units of its own currency (shared/country-amounts.ts). */
export interface CountryAmounts {
  /** Free delivery from this cart subtotal. */
  free_delivery_minor: number;
  /** The price filter's quick item, "Under SAR 250". */
  price_quick_max_minor: number;
  /** The price filter's range, 0 up to this. */
  price_range_max_minor: number;
  /** The unlock-free-delivery modal lists products up to what is missing plus this (spec §2's "+ 2"). */
  unlock_margin_minor: number;
  /** The largest single wallet top-up. */
  wallet_top_up_max_minor: number;
}

/** What a country's amounts start at. */
export type CountryAmountDefaults = CountryAmounts;

/**
 * Round amounts a list's price filter offers as its "up to" choices, in minor units of the country's
 * currency, VAT included (structural, like the amounts' defaults; not the owner's).
 */
export interface PriceSteps {
  /** The blood-test list's "up to" choices. */
  bloodTests: readonly number[];
}

/**
 * The country's legal facts the legal pages name (issue 77): its law on personal data, which the
 * privacy policy says a shopper's rights come from, and the authority she may complain to.
 */
export interface CountryLegal {
  dataProtection: {
    /** The law (or regulation) and the instrument that made it, as the privacy policy names it. */
    law: LangText;
    /** The authority that enforces it. */
    regulator: LangText;
    /** The regulator's site, shown as text for a shopper to type or follow; the shop never fetches it. */
    url: string;
  };
  /** The numbers the disclaimer tells a shopper to call in a medical emergency: any emergency, and an ambulance. */
  emergency: { general: string; ambulance: string };
}
