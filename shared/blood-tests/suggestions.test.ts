import { describe, expect, it } from 'vitest';
import { BIOMARKER_REFERENCE_BY_SLUG } from './biomarker-reference-data';
import { findUnit } from './biomarker-units';
import { SUGGESTION_RULES, type SuggestionRule } from './suggestion-rules-data';
import { evaluateRules, type LatestValue, ruleFires } from './suggestions';
import { strictestUpperLimit, UPPER_LIMIT_BY_NUTRIENT } from './upper-limits';

const adultWoman = { sex: 'female', age: 40 } as const;
const adultMan = { sex: 'male', age: 40 } as const;
const vitaminD = (value: string, unit = 'ng/mL', date = '2026-03-03'): LatestValue => ({
  biomarker: 'vitamin-d-25-oh',
  value,
  unit,
  date,
});
const ids = (values: LatestValue[], person: { sex: 'female' | 'male' | null; age: number | null }) =>
  evaluateRules(values, person, 'KW').map((h) => h.id);

describe('the rules as data', () => {
  it('name real markers, units of those markers, adult ages and a source', () => {
    for (const rule of SUGGESTION_RULES) {
      const ref = BIOMARKER_REFERENCE_BY_SLUG.get(rule.biomarker);
      expect(ref, rule.id).toBeDefined();
      expect(findUnit(ref!, rule.unit), rule.id).toBeDefined();
      expect(rule.ageMin, rule.id).toBeGreaterThanOrEqual(18);
      expect(rule.source.url, rule.id).toMatch(/^https:\/\//);
      expect(rule.retestAfterWeeks, rule.id).toBeGreaterThan(0);
      for (const lang of ['en', 'ar'] as const) {
        expect(rule.reason[lang], rule.id).toContain('{value}');
        expect(rule.advice[lang].length, rule.id).toBeGreaterThan(20);
      }
      if (rule.products) expect(UPPER_LIMIT_BY_NUTRIENT.has(rule.products.nutrient), rule.id).toBe(true);
    }
    expect(new Set(SUGGESTION_RULES.map((r) => r.id)).size).toBe(SUGGESTION_RULES.length);
  });

  it('cite the Endocrine Society 2024 guideline on the vitamin D rule and never offer more than 1000 IU', () => {
    const rule = SUGGESTION_RULES.find((r) => r.id === 'vitamin-d-low')!;
    expect(rule.source.url).toBe('https://academic.oup.com/jcem/article/109/8/1907/7685305');
    expect(rule.advice.en).toMatch(/2024.*high-dose vitamin D.*under 75/);
    expect(rule.products?.max).toEqual({ amount: '1000', unit: 'IU' });
    expect(rule.retestAfterWeeks).toBe(12);
    // The UL itself: 4000 IU for adults.
    expect(strictestUpperLimit('vitamin-d', 18, null)).toEqual({ n: 4000n, d: 1n });
  });
});

describe('evaluateRules', () => {
  it('fires below the threshold, not at it, and above for the high rule', () => {
    expect(ids([vitaminD('18')], adultWoman)).toEqual(['vitamin-d-low']);
    expect(ids([vitaminD('29.9')], adultWoman)).toEqual(['vitamin-d-low']);
    expect(ids([vitaminD('30')], adultWoman)).toEqual([]);
    expect(ids([vitaminD('30.0')], adultWoman)).toEqual([]);
    expect(ids([vitaminD('100')], adultWoman)).toEqual([]);
    expect(ids([vitaminD('120')], adultWoman)).toEqual(['vitamin-d-high']);
  });

  it('converts into the rule’s unit before comparing (nmol/L against a ng/mL threshold)', () => {
    // 30 ng/mL = 74.88 nmol/L: 74 nmol/L is 29.6 ng/mL (below), 75 nmol/L is 30.0 ng/mL (not below).
    expect(ids([vitaminD('74', 'nmol/L')], adultWoman)).toEqual(['vitamin-d-low']);
    expect(ids([vitaminD('75', 'nmol/L')], adultWoman)).toEqual([]);
    // Zinc's threshold is 60 µg/dL; a lab reports 9.0 µmol/L (58.8 µg/dL) and 9.3 µmol/L (60.8 µg/dL).
    const zinc = (value: string): LatestValue => ({ biomarker: 'zinc', value, unit: 'umol/L', date: '2026-01-10' });
    expect(ids([zinc('9.0')], adultMan)).toEqual(['zinc-low']);
    expect(ids([zinc('9.3')], adultMan)).toEqual([]);
    // A unit label typed by the lab (µg/dL) is the same unit.
    expect(ids([{ biomarker: 'zinc', value: '55', unit: 'µg/dL', date: '2026-01-10' }], adultMan)).toEqual([
      'zinc-low',
    ]);
  });

  it('writes the reason in both languages with the value in the rule’s unit and the date', () => {
    const [hit] = evaluateRules([vitaminD('45', 'nmol/L', '2026-03-03')], adultWoman, 'KW');
    // 45 nmol/L ÷ 2.496 = 18.03 ng/mL, shown at the unit's precision (18.0) without the trailing zero.
    expect(hit!.reason.en).toBe('Your vitamin D was 18 ng/mL on Mar 3, 2026, below 30.');
    // The date with its Hijri date, as every Arabic date (docs/recipes/add-a-text.md).
    expect(hit!.reason.ar).toBe(
      'كانت نتيجة فيتامين د لديك 18 ng/mL بتاريخ 3 مارس 2026 (14\u00a0رمضان\u00a01447\u00a0هـ)، أي أقل من 30.',
    );
    const [b12] = evaluateRules(
      [{ biomarker: 'vitamin-b12', value: '250', unit: 'pg/mL', date: '2026-11-20' }],
      adultWoman,
      'SA',
    );
    expect(b12!.reason.en).toBe('Your vitamin B12 was 250 pg/mL on Nov 20, 2026, below 300.');
    expect(b12!.reason.ar).toContain('نوفمبر');
  });

  it('sets the retest date from the sample date and the rule’s interval', () => {
    const [hit] = evaluateRules([vitaminD('18', 'ng/mL', '2026-03-03')], adultWoman, 'KW');
    expect(hit!.retest_on).toBe('2026-05-26'); // 12 weeks later
    const [mg] = evaluateRules(
      [{ biomarker: 'magnesium', value: '1.5', unit: 'mg/dL', date: '2026-12-20' }],
      adultWoman,
      'KW',
    );
    expect(mg!.retest_on).toBe('2027-02-14'); // 8 weeks, across the year's end
  });

  it('keeps to adults of known age', () => {
    expect(ids([vitaminD('18')], { sex: 'female', age: 17 })).toEqual([]);
    expect(ids([vitaminD('18')], { sex: 'female', age: 18 })).toEqual(['vitamin-d-low']);
    expect(ids([vitaminD('18')], { sex: 'female', age: null })).toEqual([]);
    expect(ids([vitaminD('18')], { sex: null, age: 30 })).toEqual(['vitamin-d-low']);
  });

  it('applies a sex-specific rule to that sex only (ferritin: iron for women, a doctor for men)', () => {
    const ferritin: LatestValue = { biomarker: 'ferritin', value: '20', unit: 'ng/mL', date: '2026-02-01' };
    expect(ids([ferritin], adultWoman)).toEqual(['ferritin-low-female']);
    expect(ids([ferritin], adultMan)).toEqual(['ferritin-low-male']);
    expect(ids([ferritin], { sex: null, age: 40 })).toEqual([]);
    const male = SUGGESTION_RULES.find((r) => r.id === 'ferritin-low-male')!;
    expect(male.products).toBeNull();
  });

  it('never fires on a critical value', () => {
    // Vitamin D ≥ 150 ng/mL is critical: the page sends the shopper to a doctor, no rule speaks.
    expect(ids([vitaminD('150')], adultWoman)).toEqual([]);
    expect(ids([vitaminD('149.9')], adultWoman)).toEqual(['vitamin-d-high']);
    // Magnesium ≤ 1.0 mg/dL is critical; 1.1 is low and fires.
    const mg = (value: string): LatestValue => ({ biomarker: 'magnesium', value, unit: 'mg/dL', date: '2026-01-01' });
    expect(ids([mg('1.0')], adultWoman)).toEqual([]);
    expect(ids([mg('1.1')], adultWoman)).toEqual(['magnesium-low']);
  });

  it('ignores a value in a unit that is not the marker’s, and markers without a rule', () => {
    expect(ids([vitaminD('18', 'mg/furlong')], adultWoman)).toEqual([]);
    expect(ids([{ biomarker: 'tsh', value: '9', unit: 'm[IU]/L', date: '2026-01-01' }], adultWoman)).toEqual([]);
  });

  it('runs whatever rules it is given (an age window and a custom rule)', () => {
    const rule: SuggestionRule = {
      ...SUGGESTION_RULES[0]!,
      id: 'test-over-60',
      ageMin: 60,
      ageMax: 74,
    };
    expect(ruleFires(rule, vitaminD('18'), { sex: 'male', age: 59 })).toBeNull();
    expect(ruleFires(rule, vitaminD('18'), { sex: 'male', age: 60 })).toBe('18.0');
    expect(ruleFires(rule, vitaminD('18'), { sex: 'male', age: 75 })).toBeNull();
  });
});
