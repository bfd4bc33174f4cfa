// Evaluating the suggestion rules (suggestion-rules-data.ts) on a person's latest value of each marker
//. Pure: the API adds the products (one D1 batch with the results). A rule fires when the
// latest value, converted exactly into the rule's unit and rounded to that unit's precision (the number
// the reason shows), is strictly below (or above) the threshold. It never fires on a value at or past a
// critical limit of the person's range (the page says "see a doctor" instead), for anyone under 18 or of
// unknown age, for a sex-specific rule when the sex is unknown, or for a value whose unit is not one of
// the marker's.
import type { CountryCode } from '../locale';
import { formatDate } from '../text/dates';
import { evaluate, selectRange } from './biomarker-ranges';
import { BIOMARKER_REFERENCE_BY_SLUG } from './biomarker-reference-data';
import {
  compareFractions,
  convertExact,
  findUnit,
  formatFraction,
  parseDecimal,
  roundFraction,
  type Sex,
  unitLabel,
} from './biomarker-units';
import { addDays } from './slot-rules';
import { type Bilingual, SUGGESTION_RULES, type SuggestionRule } from './suggestion-rules-data';
import { checkUpperLimit, type Dose, doseIn } from './upper-limits';

export interface LatestValue {
  biomarker: string;
  /** Decimal text as stored, in `unit` (UCUM code or a label of one of the marker's units). */
  value: string;
  unit: string;
  /** The sample's date, YYYY-MM-DD. */
  date: string;
}

export interface RulePerson {
  sex: Sex | null;
  /** Completed years; null: unknown. */
  age: number | null;
}

/** A rule that fired: everything of a Suggestion but the products, advice in both languages. */
export interface RuleHit {
  rule: SuggestionRule;
  id: string;
  biomarker_slug: string;
  reason: Bilingual;
  advice: Bilingual;
  source: { name: Bilingual; url: string };
  retest_on: string;
}

/** Trailing zeros dropped, as people write a value in a sentence: "18.0" → "18", "4.50" → "4.5". */
function plain(decimal: string): string {
  return decimal.includes('.') ? decimal.replace(/\.?0+$/, '') : decimal;
}

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);

/** Noon UTC of a calendar date: the same day in every Gulf time zone. */
const middayOf = (date: string) => Date.parse(`${date}T12:00:00Z`);

function isCritical(value: LatestValue, person: RulePerson): boolean {
  const ref = BIOMARKER_REFERENCE_BY_SLUG.get(value.biomarker);
  if (!ref) return false;
  const range = selectRange(ref, person.sex, person.age);
  if (!range) return false;
  const { flag } = evaluate(ref, range, value.value, value.unit);
  return flag === 'critical_low' || flag === 'critical_high';
}

/** The rule's verdict on one value: the value in the rule's unit when it fires, else null. */
export function ruleFires(rule: SuggestionRule, value: LatestValue, person: RulePerson): string | null {
  if (value.biomarker !== rule.biomarker) return null;
  if (person.age === null || person.age < 18 || person.age < rule.ageMin) return null;
  if (rule.ageMax !== null && person.age > rule.ageMax) return null;
  if (rule.sex && person.sex !== rule.sex) return null;
  const ref = BIOMARKER_REFERENCE_BY_SLUG.get(rule.biomarker);
  const target = ref && findUnit(ref, rule.unit);
  if (!ref || !target || !findUnit(ref, value.unit)) return null;
  if (isCritical(value, person)) return null;
  const shown = roundFraction(convertExact(ref, value.value, value.unit, rule.unit), target.decimals);
  const side = compareFractions(shown, parseDecimal(rule.threshold));
  if (rule.direction === 'below' ? side >= 0 : side <= 0) return null;
  return formatFraction(shown, target.decimals);
}

/**
 * The rules that fire on a person's latest values (one per marker), each with its reason written in
 * both languages (the value in the rule's unit, the date as dates.ts writes it for the country) and
 * its retest date (the sample's date plus the rule's interval).
 */
export function evaluateRules(
  latest: readonly LatestValue[],
  person: RulePerson,
  country: CountryCode,
  rules: readonly SuggestionRule[] = SUGGESTION_RULES,
): RuleHit[] {
  const hits: RuleHit[] = [];
  for (const rule of rules) {
    const value = latest.find((v) => v.biomarker === rule.biomarker);
    if (!value) continue;
    const shown = ruleFires(rule, value, person);
    if (shown === null) continue;
    const ref = BIOMARKER_REFERENCE_BY_SLUG.get(rule.biomarker)!;
    const unit = findUnit(ref, rule.unit)!;
    const reason = (lang: 'en' | 'ar') =>
      fill(rule.reason[lang], {
        marker: rule.marker[lang],
        value: plain(shown),
        unit: unitLabel(unit, lang),
        date: formatDate(middayOf(value.date), lang, country),
        threshold: rule.threshold,
      });
    hits.push({
      rule,
      id: rule.id,
      biomarker_slug: rule.biomarker,
      reason: { en: reason('en'), ar: reason('ar') },
      advice: rule.advice,
      source: rule.source,
      retest_on: addDays(value.date, rule.retestAfterWeeks * 7),
    });
  }
  return hits;
}

/**
 * Whether a product's daily dose is what the rule asks for: the rule's nutrient, within its dose window
 * (min, max; units converted exactly). The upper limit is checked apart (`offerable`), so the guard test
 * can show that the window alone never reaches past a UL.
 */
export function inDoseWindow(rule: SuggestionRule, dose: Dose): boolean {
  const want = rule.products;
  if (!want || dose.nutrient !== want.nutrient) return false;
  const atMost = doseIn(dose.nutrient, dose.amount, dose.unit, want.max.unit);
  if (!atMost || compareFractions(atMost, parseDecimal(want.max.amount)) > 0) return false;
  if (!want.min) return true;
  const atLeast = doseIn(dose.nutrient, dose.amount, dose.unit, want.min.unit);
  return !!atLeast && compareFractions(atLeast, parseDecimal(want.min.amount)) >= 0;
}

/** A product the rule may offer: in its dose window and at most the UL for every age the rule serves. */
export function offerable(rule: SuggestionRule, dose: Dose): boolean {
  return inDoseWindow(rule, dose) && checkUpperLimit(dose, rule.ageMin, rule.ageMax).ok;
}
