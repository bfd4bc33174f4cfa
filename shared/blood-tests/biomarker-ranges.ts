// Reading a result against the biomarker reference: which range applies to a shopper, where
// a value falls in it, and the "in range but falling three times running" flag. Values are decimal texts
// in any of the biomarker's units; they are converted exactly into the range's unit and rounded to that
// unit's precision before comparing, so the verdict always agrees with the number the shopper sees
// (199.4 mg/dL shows as 199 and is in a "< 200" range written as high 199).
import {
  type BiomarkerRange,
  type BiomarkerReference,
  compareFractions,
  convertExact,
  type Fraction,
  findUnit,
  parseDecimal,
  roundFraction,
  type Sex,
} from './biomarker-units';

export const RANGE_FLAGS = ['critical_low', 'low', 'in_range', 'high', 'critical_high'] as const;
export type RangeFlag = (typeof RANGE_FLAGS)[number];

export interface RangeEvaluation {
  flag: RangeFlag;
  /** Within the optimal range; null when the range has none. */
  optimal: boolean | null;
}

/** Adults are 18 and over; the reference holds adult ranges only. */
const ADULT_AGE = 18;

function appliesTo(range: BiomarkerRange, sex: Sex | null, age: number | null): boolean {
  if (range.sex !== 'any' && range.sex !== sex) return false;
  // Unknown age: only a range covering every adult age applies.
  if (age === null) return range.ageMin <= ADULT_AGE && range.ageMax === null;
  return age >= range.ageMin && (range.ageMax === null || age <= range.ageMax);
}

/** How many years a range covers (an open band counts as the longest). */
const ageSpan = (r: BiomarkerRange) => (r.ageMax ?? 200) - r.ageMin;

/**
 * The range for a shopper of this sex and age (completed years), the most specific one winning: a
 * range for their sex before one for any sex, then the narrowest age band. Null when none applies
 * (a child, or a sex-specific marker for the other sex, or an unknown sex where ranges differ by sex).
 */
export function selectRange(ref: BiomarkerReference, sex: Sex | null, age: number | null): BiomarkerRange | null {
  let best: BiomarkerRange | null = null;
  for (const r of ref.ranges) {
    if (!appliesTo(r, sex, age)) continue;
    if (
      !best ||
      (r.sex !== 'any' && best.sex === 'any') ||
      ((r.sex !== 'any') === (best.sex !== 'any') && ageSpan(r) < ageSpan(best))
    ) {
      best = r;
    }
  }
  return best;
}

/** The value in the range's unit at that unit's display precision. */
function inRangeUnit(ref: BiomarkerReference, range: BiomarkerRange, value: string, unit: string): Fraction {
  const rangeUnit = findUnit(ref, range.unit);
  if (!rangeUnit) throw new Error(`${ref.slug}: range unit ${range.unit} is not one of its units`);
  return roundFraction(convertExact(ref, value, unit, range.unit), rangeUnit.decimals);
}

const cmp = (x: Fraction, limit: string) => compareFractions(x, parseDecimal(limit));

/** Where a value (in any of the biomarker's units) falls against a range. */
export function evaluate(ref: BiomarkerReference, range: BiomarkerRange, value: string, unit: string): RangeEvaluation {
  const x = inRangeUnit(ref, range, value, unit);
  let flag: RangeFlag = 'in_range';
  if (range.criticalLow !== undefined && cmp(x, range.criticalLow) <= 0) flag = 'critical_low';
  else if (range.criticalHigh !== undefined && cmp(x, range.criticalHigh) >= 0) flag = 'critical_high';
  else if (range.low !== null && cmp(x, range.low) < 0) flag = 'low';
  else if (range.high !== null && cmp(x, range.high) > 0) flag = 'high';
  const hasOptimal = range.optimalLow !== undefined || range.optimalHigh !== undefined;
  const optimal = hasOptimal
    ? (range.optimalLow === undefined || cmp(x, range.optimalLow) >= 0) &&
      (range.optimalHigh === undefined || cmp(x, range.optimalHigh) <= 0)
    : null;
  return { flag, optimal };
}

export interface TrendPoint {
  value: string;
  unit: string;
}

/**
 * "In range but falling three times running": take the shopper's last four results of this biomarker,
 * oldest first (`results` is in time order, oldest first; earlier ones are ignored). The flag is raised
 * when there are at least four, all four are in range against `range` (flag 'in_range'; optimal or
 * not), and each is strictly lower than the one before it — three consecutive decreases. Values are
 * compared in the range's unit at its display precision, so a fall the shopper cannot see (5.43 →
 * 5.42 mmol/L shown as 5.4 twice) does not count, and results typed in different units compare fairly.
 */
export function fallingWhileInRange(ref: BiomarkerReference, range: BiomarkerRange, results: TrendPoint[]): boolean {
  if (results.length < 4) return false;
  const last = results.slice(-4);
  if (last.some((r) => evaluate(ref, range, r.value, r.unit).flag !== 'in_range')) return false;
  const values = last.map((r) => inRangeUnit(ref, range, r.value, r.unit));
  return values.every((v, i) => i === 0 || compareFractions(v, values[i - 1]!) < 0);
}
