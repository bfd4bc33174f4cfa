// The shopper's blood-test results page: the contract between GET /user/bloodtest/results
// and /profile/blood-tests. Results of the shop's own orders (entered and approved in the back office)
// and values the shopper confirmed for an uploaded report form one history per person; each marker is
// read against the range for that person's sex and age, in the unit they prefer, and the suggestion
// rules run on the latest value of each marker. Texts a rule writes (the reason) come formatted in
// both languages, so a cart line keeps its reason when the shopper switches language.
import { normalizeDigits } from '../text/digits';
import { z } from '../zod';
import type { RangeFlag } from '../blood-tests/biomarker-ranges';
import type { Sex, UnitPreference } from '../blood-tests/biomarker-units';
import { gulfDate } from '../blood-tests/slot-rules';
import type { ImageRef } from '../catalogue/types';
import type { CurrencyCode } from '../locale';

/** Where a value came from: a shop order's approved result, or a confirmed value of an upload. */
export type ResultSource = 'order' | 'upload';

export interface ResultPoint {
  /** The sample's date, YYYY-MM-DD. */
  date: string;
  /** In the marker's display unit (`MarkerResult.unit`), rounded to its decimals. */
  value: string;
  /** Against the person's range; null when no range fits (a child, sex unknown for a sex-specific range). */
  flag: RangeFlag | null;
  source: ResultSource;
  /** The order id or the upload id, for a link to it. */
  source_id: number;
  /**
   * Present only when the value could not be converted (the lab typed a unit the reference does not
   * know, or a value that is not a plain number): the unit as typed. `value` is then as typed and
   * `flag` is null; a chart leaves the point out, the table shows it.
   */
  unconverted_unit?: string;
}

interface DisplayUnit {
  /** UCUM code. */
  code: string;
  /** What the shopper reads, in the page's language. */
  label: string;
}

export interface MarkerRange {
  /** In the display unit; null: no limit on that side. */
  low: string | null;
  high: string | null;
  optimal_low: string | null;
  optimal_high: string | null;
  critical_low: string | null;
  critical_high: string | null;
  source: string;
  source_url: string;
}

export interface MarkerResult {
  biomarker: { id: number; slug: string; name: string; explanation: string; body_system: string };
  unit: DisplayUnit;
  /** Oldest first; the last is the latest. */
  points: ResultPoint[];
  range: MarkerRange | null;
  /** The latest value's flag and whether it is within the optimal range (null: no optimal range). */
  flag: RangeFlag | null;
  optimal: boolean | null;
  /** In range but lower on each of the last three results. */
  falling: boolean;
}

/** A product a rule suggests, ready for the cart (an in-stock SKU of the shopper's country). */
export interface SuggestedProduct {
  product: { id: number; slug: string; name: string; brand: { id: number; name: string }; image?: ImageRef };
  sku: {
    id: number;
    name: string;
    /** Base prices in KWD fils, as on every product card (the cart and <Price> convert them). */
    price: { price: number; old_price: number | null };
    /** What the shopper pays in their country's currency, minor units (fils, halalas; VAT included). */
    payable: { price: number; old_price: number | null; currency: CurrencyCode };
    buy_limit: number | null;
    in_stock: boolean;
  };
  /** The daily dose it gives of the rule's nutrient, as the label states it ("1000 IU"). */
  dose: string;
}

export interface Suggestion {
  /** The rule's id; with the value's date, the cart line's suggestionId. */
  id: string;
  biomarker_slug: string;
  /** "Your vitamin D was 18 ng/mL on 3 March, below 30." in both languages. */
  reason: { en: string; ar: string };
  /** What the rule advises, in the page's language. */
  advice: string;
  source: { name: string; url: string };
  /** YYYY-MM-DD: when to test again. */
  retest_on: string;
  products: SuggestedProduct[];
}

export interface ResultsPerson {
  /** null: the account holder (uploads and their own shop orders); else a blood_test_patients id. */
  patient_id: number | null;
  name: string;
}

export interface BloodTestResultsView {
  person: ResultsPerson & { sex: Sex | null; age: number | null };
  /** Everyone with results the shopper may switch to (the account holder first). */
  people: ResultsPerson[];
  unit_preference: UnitPreference;
  /** The account holder has not given sex or date of birth: ranges that depend on them are not read. */
  needs_profile: boolean;
  markers: MarkerResult[];
  /** Some latest value is at or past a critical limit: the page tells the shopper to see a doctor. */
  critical: boolean;
  suggestions: Suggestion[];
}

/** Oldest age a date of birth may give (completed years). */
const MAX_PROFILE_AGE = 120;

/** Completed years of age on a date (both YYYY-MM-DD). */
export function completedYears(dateOfBirth: string, date: string): number {
  const [by, bm, bd] = dateOfBirth.split('-').map(Number) as [number, number, number];
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}

/** A calendar date that exists, is not after today (Gulf time) and gives an age of at most 120. */
function isPlausibleBirthDate(date: string, now = Date.now()): boolean {
  const d = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== date) return false;
  const today = gulfDate(now);
  return date <= today && completedYears(date, today) <= MAX_PROFILE_AGE;
}

/** POST /user/bloodtest/profile: one schema for the form and the server. */
export const bloodTestProfileBody = z.object({
  sex: z.enum(['female', 'male'], { message: 'validation_mandatory' }),
  date_of_birth: z
    .string()
    .transform(normalizeDigits)
    .pipe(
      z
        .string()
        .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'patient_birth_date_invalid' })
        // A real calendar day, not in the future (Gulf time), and an age of at most 120.
        .refine((v) => isPlausibleBirthDate(v), { message: 'patient_birth_date_invalid' }),
    ),
  unit_preference: z.enum(['si', 'conventional']).default('conventional'),
});

/** POST /user/bloodtest/units. */
export const bloodTestUnitsBody = z.object({ unit_preference: z.enum(['si', 'conventional']) });

/** GET /user/bloodtest/results?patient=… */
export const bloodTestResultsQuery = z.object({
  patient: z
    .string()
    .regex(/^[0-9]{1,15}$/)
    .transform(Number)
    .optional(),
});
