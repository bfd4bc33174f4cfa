// The zod schemas of the blood-test catalogue shapes the API answers (decision 68: a route's
// `response`); the types in ./catalogue-types.ts are inferred from them.
import { categoryRefSchema, productCardSchema } from '../catalogue/schemas';
import { z } from '../zod';
import { COUNTRY_CODES } from '../locale';
import { CURRENCY_CODES } from '../countries';

export const bloodTestPriceSchema = z.object({ price: z.int(), old_price: z.int().nullable() });

export const bloodTestCardSchema = z.object({
  id: z.int(),
  slug: z.string(),
  kind: z.enum(['test', 'panel']),
  name: z.string(),
  summary: z.string(),
  category: categoryRefSchema,
  sample_type: z.enum(['venous_blood', 'finger_prick', 'urine', 'saliva']),
  /** 0 when no fasting is needed. */
  fasting_hours: z.int(),
  morning_draw: z.boolean(),
  stop_biotin_hours: z.int(),
  turnaround_hours: z.int(),
  min_age: z.int(),
  sex: z.enum(['any', 'female', 'male']),
  biomarker_count: z.int(),
  price: bloodTestPriceSchema,
  default_sku: z.object({ id: z.int() }),
});

const currency = z.enum(CURRENCY_CODES);

export const bloodTestCategorySchema = categoryRefSchema.extend({
  /** Tests of the category sold in the shopper's country. */
  count: z.int(),
});

export const bloodTestListSchema = z.object({
  currency,
  /** The price filter's "up to" choices in minor units of the currency: its country's steps (decision 77),
   * sent with the list so that the page's JavaScript carries no country's. */
  max_prices: z.array(z.int()),
  categories: z.array(bloodTestCategorySchema),
  items: z.array(bloodTestCardSchema),
  total: z.int(),
});

export const biomarkerInfoSchema = z.object({
  id: z.int(),
  slug: z.string(),
  name: z.string(),
  explanation: z.string(),
  loinc: z.string(),
  unit: z.string(),
  body_system: z.string(),
});

export const bloodTestDetailSchema = bloodTestCardSchema.extend({
  currency,
  /** The countries it is sold in (a price there), the page's own among them, in the registry's order. */
  countries: z.array(z.enum(COUNTRY_CODES)),
  purpose: z.string(),
  /** Preparation beyond fasting, morning draw and biotin, one instruction per entry. */
  preparation: z.array(z.string()),
  lab: z.object({ id: z.int(), slug: z.string(), name: z.string(), accreditation: z.string() }),
  biomarkers: z.array(biomarkerInfoSchema),
  /** A panel's member tests (empty for an individual test). */
  members: z.array(bloodTestCardSchema),
  related_products: z.array(productCardSchema),
});

/** One blood-test SKU as the blood-test cart sync (POST /bloodTest/sku) returns it. */
export const bloodTestSkuItemSchema = z.object({
  id: z.int(),
  name: z.string(),
  price: bloodTestPriceSchema,
  currency,
  blood_test: z.object({
    id: z.int(),
    slug: z.string(),
    name: z.string(),
    kind: z.enum(['test', 'panel']),
    fasting_hours: z.int(),
  }),
});
