// Blood-test catalogue shapes the API returns (names in the request's language). Unlike product prices
// (KWD fils converted with a rate), a blood test's price is in the shopper's country currency as the
// lab prices it (KWD fils in Kuwait, SAR halalas with VAT in Saudi Arabia): `currency` names it.
import type { CurrencyCode } from '../locale';
import type { CategoryRef, ProductCard } from '../catalogue/types';

export type BloodTestKind = 'test' | 'panel';
export type BloodTestSort = 'popularity' | 'price_asc' | 'price_desc' | 'name';
type SampleType = 'venous_blood' | 'finger_prick' | 'urine' | 'saliva';

export interface BloodTestPrice {
  price: number;
  old_price: number | null;
}

export interface BloodTestCard {
  id: number;
  slug: string;
  kind: BloodTestKind;
  name: string;
  summary: string;
  category: CategoryRef;
  sample_type: SampleType;
  /** 0 when no fasting is needed. */
  fasting_hours: number;
  morning_draw: boolean;
  stop_biotin_hours: number;
  turnaround_hours: number;
  min_age: number;
  sex: 'any' | 'female' | 'male';
  biomarker_count: number;
  price: BloodTestPrice;
  default_sku: { id: number };
}

export interface BloodTestCategory extends CategoryRef {
  /** Tests of the category sold in the shopper's country. */
  count: number;
}

export interface BloodTestList {
  currency: CurrencyCode;
  categories: BloodTestCategory[];
  items: BloodTestCard[];
  total: number;
}

export interface BiomarkerInfo {
  id: number;
  slug: string;
  name: string;
  explanation: string;
  loinc: string;
  unit: string;
  body_system: string;
}

export interface BloodTestDetail extends BloodTestCard {
  currency: CurrencyCode;
  purpose: string;
  /** Preparation beyond fasting, morning draw and biotin, one instruction per entry. */
  preparation: string[];
  lab: { id: number; slug: string; name: string; accreditation: string };
  biomarkers: BiomarkerInfo[];
  /** A panel's member tests (empty for an individual test). */
  members: BloodTestCard[];
  related_products: ProductCard[];
}

/** One blood-test SKU as the blood-test cart sync (POST /bloodTest/sku) returns it. */
export interface BloodTestSkuItem {
  id: number;
  name: string;
  price: BloodTestPrice;
  currency: CurrencyCode;
  blood_test: { id: number; slug: string; name: string; kind: BloodTestKind; fasting_hours: number };
}

/**
 * The body systems biomarkers belong to (biomarkers.body_system), in the order shoppers see them: the
 * results page's groups, the API's marker order and the value picker's groups.
 */
export const BODY_SYSTEMS = [
  'vitamins',
  'blood',
  'metabolic',
  'heart',
  'thyroid',
  'kidney',
  'liver',
  'inflammation',
  'hormones',
] as const;
