// Blood-test catalogue shapes the API returns (names in the request's language). Unlike product prices
// (KWD fils converted with a rate), a blood test's price is in the shopper's country currency as the
// lab prices it (KWD fils in Kuwait, SAR halalas with VAT in Saudi Arabia): `currency` names it.
import type { z } from '../zod';
import type {
  biomarkerInfoSchema,
  bloodTestCardSchema,
  bloodTestCategorySchema,
  bloodTestDetailSchema,
  bloodTestListSchema,
  bloodTestPriceSchema,
  bloodTestSkuItemSchema,
} from './catalogue-schemas';

export type BloodTestKind = 'test' | 'panel';
export type BloodTestSort = 'popularity' | 'price_asc' | 'price_desc' | 'name';

export type BloodTestPrice = z.infer<typeof bloodTestPriceSchema>;

export type BloodTestCard = z.infer<typeof bloodTestCardSchema>;

export type BloodTestCategory = z.infer<typeof bloodTestCategorySchema>;

export type BloodTestList = z.infer<typeof bloodTestListSchema>;

export type BiomarkerInfo = z.infer<typeof biomarkerInfoSchema>;

export type BloodTestDetail = z.infer<typeof bloodTestDetailSchema>;

/** One blood-test SKU as the blood-test cart sync (POST /bloodTest/sku) returns it. */
export type BloodTestSkuItem = z.infer<typeof bloodTestSkuItemSchema>;

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
