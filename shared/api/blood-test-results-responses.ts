// What the blood-test results routes answer (decision 68: the routes' `response`, checked against every
// integration test's answer); the types the results page reads (./blood-test-results-schemas.ts) are
// inferred from these. Health data: every object is strict, so an answer that sent one field more than
// described here fails the routes' tests instead of reaching the shopper's browser unseen.
import { RANGE_FLAGS } from '../blood-tests/biomarker-ranges';
import { imageRefSchema } from '../catalogue/schemas';
import { z } from '../zod';
import { CURRENCY_CODES } from '../countries';

const sex = z.enum(['female', 'male']);
const unitPreference = z.enum(['si', 'conventional']);
const rangeFlag = z.enum(RANGE_FLAGS);

const resultPointSchema = z.strictObject({
  /** The sample's date, YYYY-MM-DD. */
  date: z.string(),
  /** In the marker's display unit (`MarkerResult.unit`), rounded to its decimals. */
  value: z.string(),
  /** Against the person's range; null when no range fits (a child, sex unknown for a sex-specific range). */
  flag: rangeFlag.nullable(),
  /** A shop order's approved result, or a confirmed value of an upload. */
  source: z.enum(['order', 'upload']),
  /** The order id or the upload id, for a link to it. */
  source_id: z.int(),
  /**
   * Present only when the value could not be converted (the lab typed a unit the reference does not
   * know, or a value that is not a plain number): the unit as typed. `value` is then as typed and
   * `flag` is null; a chart leaves the point out, the table shows it.
   */
  unconverted_unit: z.string().optional(),
});

const markerRangeSchema = z.strictObject({
  /** In the display unit; null: no limit on that side. */
  low: z.string().nullable(),
  high: z.string().nullable(),
  optimal_low: z.string().nullable(),
  optimal_high: z.string().nullable(),
  critical_low: z.string().nullable(),
  critical_high: z.string().nullable(),
  source: z.string(),
  source_url: z.string(),
});

export const markerResultSchema = z.strictObject({
  biomarker: z.strictObject({
    id: z.int(),
    slug: z.string(),
    name: z.string(),
    explanation: z.string(),
    body_system: z.string(),
  }),
  /** The display unit: its UCUM code and what the shopper reads, in the page's language. */
  unit: z.strictObject({ code: z.string(), label: z.string() }),
  /** Oldest first; the last is the latest. */
  points: z.array(resultPointSchema),
  range: markerRangeSchema.nullable(),
  /** The latest value's flag and whether it is within the optimal range (null: no optimal range). */
  flag: rangeFlag.nullable(),
  optimal: z.boolean().nullable(),
  /** In range but lower on each of the last three results. */
  falling: z.boolean(),
});

const minorPrice = z.strictObject({ price: z.int(), old_price: z.int().nullable() });

/** A product a rule suggests, ready for the cart (an in-stock SKU of the shopper's country). */
const suggestedProductSchema = z.strictObject({
  product: z.strictObject({
    id: z.int(),
    slug: z.string(),
    name: z.string(),
    brand: z.strictObject({ id: z.int(), name: z.string() }),
    image: imageRefSchema.optional(),
  }),
  sku: z.strictObject({
    id: z.int(),
    name: z.string(),
    /** Base prices in KWD fils, as on every product card (the cart and <Price> convert them). */
    price: minorPrice,
    /** What the shopper pays in their country's currency, minor units (fils, halalas; VAT included). */
    payable: minorPrice.extend({ currency: z.enum(CURRENCY_CODES) }),
    buy_limit: z.int().nullable(),
    in_stock: z.boolean(),
  }),
  /** The daily dose it gives of the rule's nutrient, as the label states it ("1000 IU"). */
  dose: z.string(),
});

const suggestionSchema = z.strictObject({
  /** The rule's id; with the value's date, the cart line's suggestionId. */
  id: z.string(),
  biomarker_slug: z.string(),
  /** "Your vitamin D was 18 ng/mL on 3 March, below 30." in both languages. */
  reason: z.strictObject({ en: z.string(), ar: z.string() }),
  /** What the rule advises, in the page's language. */
  advice: z.string(),
  source: z.strictObject({ name: z.string(), url: z.string() }),
  /** YYYY-MM-DD: when to test again. */
  retest_on: z.string(),
  products: z.array(suggestedProductSchema),
});

/** null: the account holder (uploads and their own shop orders); else a blood_test_patients id. */
const personFields = { patient_id: z.int().nullable(), name: z.string() };

/** GET /user/bloodtest/results: one person's history, read against their ranges, with suggestions. */
export const bloodTestResultsViewSchema = z.strictObject({
  person: z.strictObject({ ...personFields, sex: sex.nullable(), age: z.int().nullable() }),
  /** Everyone with results the shopper may switch to (the account holder first). */
  people: z.array(z.strictObject(personFields)),
  unit_preference: unitPreference,
  /** The account holder has not given sex or date of birth: ranges that depend on them are not read. */
  needs_profile: z.boolean(),
  markers: z.array(markerResultSchema),
  /** Some latest value is at or past a critical limit: the page tells the shopper to see a doctor. */
  critical: z.boolean(),
  suggestions: z.array(suggestionSchema),
});

/** POST /user/bloodtest/profile: what is now kept. */
export const bloodTestProfileAnswerSchema = z.strictObject({
  sex,
  date_of_birth: z.string(),
  unit_preference: unitPreference,
});

/** POST /user/bloodtest/units. */
export const bloodTestUnitsAnswerSchema = z.strictObject({ unit_preference: unitPreference });
