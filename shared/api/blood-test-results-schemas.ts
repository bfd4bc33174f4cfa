// The shopper's blood-test results page: the contract between GET /user/bloodtest/results
// and /profile/blood-tests. Results of the shop's own orders (entered and approved in the back office)
// and values the shopper confirmed for an uploaded report form one history per person; each marker is
// read against the range for that person's sex and age, in the unit they prefer, and the suggestion
// rules run on the latest value of each marker. Texts a rule writes (the reason) come formatted in
// both languages, so a cart line keeps its reason when the shopper switches language. The answers' types
// are inferred from the routes' response schemas (./blood-test-results-responses.ts, decision 68).
import { normalizeDigits } from '../text/digits';
import { z } from '../zod';
import { gulfDate } from '../blood-tests/slot-rules';
import type { bloodTestResultsViewSchema, markerResultSchema } from './blood-test-results-responses';

export type BloodTestResultsView = z.infer<typeof bloodTestResultsViewSchema>;
export type MarkerResult = z.infer<typeof markerResultSchema>;
export type ResultPoint = MarkerResult['points'][number];
export type ResultSource = ResultPoint['source'];
export type ResultsPerson = BloodTestResultsView['people'][number];
export type MarkerRange = NonNullable<MarkerResult['range']>;
export type Suggestion = BloodTestResultsView['suggestions'][number];
export type SuggestedProduct = Suggestion['products'][number];

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
