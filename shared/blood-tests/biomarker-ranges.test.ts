import { describe, expect, it } from 'vitest';
import { evaluate, fallingWhileInRange, selectRange } from './biomarker-ranges';
import { BIOMARKER_REFERENCE, BIOMARKER_REFERENCE_BY_SLUG } from './biomarker-reference-data';
import { compareFractions, convertExact, findUnit, parseDecimal } from './biomarker-units';

const ref = (slug: string) => BIOMARKER_REFERENCE_BY_SLUG.get(slug)!;

describe('selectRange', () => {
  it('picks the range for the shopper’s sex (ferritin, testosterone)', () => {
    expect(selectRange(ref('ferritin'), 'male', 40)).toMatchObject({ low: '24', high: '336' });
    expect(selectRange(ref('ferritin'), 'female', 40)).toMatchObject({ low: '11', high: '307' });
    expect(selectRange(ref('testosterone-total'), 'male', 30)).toMatchObject({ low: '264', high: '916' });
    expect(selectRange(ref('testosterone-total'), 'female', 30)).toMatchObject({ low: '8', high: '60' });
    // Unknown sex where ranges differ by sex: no range rather than the wrong one.
    expect(selectRange(ref('ferritin'), null, 40)).toBeNull();
    // A range for any sex serves everyone.
    expect(selectRange(ref('vitamin-d-25-oh'), null, null)).toMatchObject({ low: '20' });
  });

  it('picks the narrowest age band that applies, both ends inclusive', () => {
    const psa = ref('psa');
    expect(selectRange(psa, 'male', 35)?.high).toBe('4.0');
    expect(selectRange(psa, 'male', 40)?.high).toBe('2.5');
    expect(selectRange(psa, 'male', 49)?.high).toBe('2.5');
    expect(selectRange(psa, 'male', 50)?.high).toBe('3.5');
    expect(selectRange(psa, 'male', 79)?.high).toBe('6.5');
    expect(selectRange(psa, 'male', 85)?.high).toBe('4.0');
    expect(selectRange(psa, 'female', 50)).toBeNull();
    const esr = ref('esr');
    expect(selectRange(esr, 'female', 49)?.high).toBe('20');
    expect(selectRange(esr, 'female', 50)?.high).toBe('30');
    expect(selectRange(ref('dhea-s'), 'male', 22)).toMatchObject({ low: '211', high: '492' });
    expect(selectRange(ref('dhea-s'), 'female', 80)).toMatchObject({ low: '12', high: '154' });
    expect(selectRange(ref('alp'), 'male', 18)?.high).toBe('149');
    expect(selectRange(ref('alp'), 'male', 19)?.high).toBe('129');
    expect(selectRange(ref('testosterone-free'), 'male', 30)).toMatchObject({ low: '120', high: '368' });
    expect(selectRange(ref('testosterone-free'), 'male', 60)).toMatchObject({ low: '66', high: '309' });
  });

  it('has adult ranges only: a child gets none; an unknown age only an all-adult range', () => {
    expect(selectRange(ref('vitamin-d-25-oh'), 'female', 8)).toBeNull();
    expect(selectRange(ref('psa'), 'male', null)?.high).toBe('4.0');
    expect(selectRange(ref('dhea-s'), 'male', null)).toBeNull();
  });
});

describe('evaluate', () => {
  const glucose = ref('glucose-fasting');
  const g = selectRange(glucose, 'male', 40)!;

  it('flags critical, low, in range and high, limits inclusive', () => {
    expect(evaluate(glucose, g, '45', 'mg/dL').flag).toBe('critical_low');
    expect(evaluate(glucose, g, '50', 'mg/dL').flag).toBe('critical_low');
    expect(evaluate(glucose, g, '51', 'mg/dL').flag).toBe('low');
    expect(evaluate(glucose, g, '70', 'mg/dL').flag).toBe('in_range');
    expect(evaluate(glucose, g, '99', 'mg/dL').flag).toBe('in_range');
    expect(evaluate(glucose, g, '100', 'mg/dL').flag).toBe('high');
    expect(evaluate(glucose, g, '399', 'mg/dL').flag).toBe('high');
    expect(evaluate(glucose, g, '400', 'mg/dL').flag).toBe('critical_high');
  });

  it('evaluates a value typed in another unit against the range, at the range unit’s precision', () => {
    expect(evaluate(glucose, g, '5.4', 'mmol/L').flag).toBe('in_range'); // 97.3 → 97 mg/dL
    expect(evaluate(glucose, g, '5.6', 'mmol/L').flag).toBe('high'); // 100.9 → 101 mg/dL
    expect(evaluate(glucose, g, '2.7', 'mmol/L').flag).toBe('critical_low'); // 48.6 → 49 mg/dL
    const chol = ref('cholesterol-total');
    const c = selectRange(chol, 'female', 30)!;
    expect(evaluate(chol, c, '199.4', 'mg/dL').flag).toBe('in_range'); // shown as 199
    expect(evaluate(chol, c, '199.5', 'mg/dL').flag).toBe('high'); // shown as 200
    const zinc = ref('zinc');
    const z = selectRange(zinc, 'male', 30)!;
    expect(z.unit).toBe('ug/mL');
    expect(evaluate(zinc, z, '59', 'ug/dL').flag).toBe('low');
    expect(evaluate(zinc, z, '90', 'ug/dL').flag).toBe('in_range');
  });

  it('reports the optimal range when there is one, and null when not', () => {
    const vitaminD = ref('vitamin-d-25-oh');
    const d = selectRange(vitaminD, 'female', 30)!;
    expect(evaluate(vitaminD, d, '25', 'ng/mL')).toEqual({ flag: 'in_range', optimal: false });
    expect(evaluate(vitaminD, d, '40', 'ng/mL')).toEqual({ flag: 'in_range', optimal: true });
    expect(evaluate(vitaminD, d, '75', 'nmol/L')).toEqual({ flag: 'in_range', optimal: true });
    expect(evaluate(vitaminD, d, '60', 'ng/mL')).toEqual({ flag: 'high', optimal: false });
    expect(evaluate(vitaminD, d, '160', 'ng/mL').flag).toBe('critical_high');
    const hdl = ref('hdl');
    expect(evaluate(hdl, selectRange(hdl, 'female', 40)!, '45', 'mg/dL')).toEqual({ flag: 'low', optimal: false });
    expect(evaluate(hdl, selectRange(hdl, 'male', 40)!, '45', 'mg/dL')).toEqual({ flag: 'in_range', optimal: false });
    expect(evaluate(hdl, selectRange(hdl, 'male', 40)!, '65', 'mg/dL')).toEqual({ flag: 'in_range', optimal: true });
    const ferritin = ref('ferritin');
    expect(evaluate(ferritin, selectRange(ferritin, 'female', 30)!, '50', 'ng/mL').optimal).toBeNull();
  });

  it('flags critical haemoglobin, potassium and platelets', () => {
    const hb = ref('hemoglobin');
    expect(evaluate(hb, selectRange(hb, 'female', 30)!, '58', 'g/L').flag).toBe('critical_low');
    const k = ref('potassium');
    expect(evaluate(k, selectRange(k, 'male', 60)!, '6.8', 'mmol/L').flag).toBe('critical_high');
    const plt = ref('platelets');
    expect(evaluate(plt, selectRange(plt, 'male', 30)!, '35', '10*3/uL').flag).toBe('critical_low');
  });
});

describe('fallingWhileInRange', () => {
  const b12 = ref('vitamin-b12');
  const range = selectRange(b12, 'female', 35)!;
  const pts = (...values: string[]) => values.map((value) => ({ value, unit: 'pg/mL' }));

  it('flags three consecutive decreases across the last four results, all in range', () => {
    expect(fallingWhileInRange(b12, range, pts('700', '600', '450', '300'))).toBe(true);
    // Earlier results do not matter; only the last four.
    expect(fallingWhileInRange(b12, range, pts('200', '700', '600', '450', '300'))).toBe(true);
    // Mixed units compare fairly: 400 pmol/L is 542 pg/mL.
    expect(
      fallingWhileInRange(b12, range, [
        { value: '700', unit: 'pg/mL' },
        { value: '400', unit: 'pmol/L' },
        { value: '450', unit: 'pg/mL' },
        { value: '300', unit: 'pg/mL' },
      ]),
    ).toBe(true);
  });

  it('does not flag fewer than four, a rise or a flat step, or a result out of range', () => {
    expect(fallingWhileInRange(b12, range, pts('600', '450', '300'))).toBe(false);
    expect(fallingWhileInRange(b12, range, pts('700', '600', '650', '300'))).toBe(false);
    expect(fallingWhileInRange(b12, range, pts('700', '600', '600', '300'))).toBe(false);
    expect(fallingWhileInRange(b12, range, pts('700', '600', '450', '170'))).toBe(false); // now low
    expect(fallingWhileInRange(b12, range, pts('1000', '800', '450', '300'))).toBe(false); // was high
    // A fall invisible at display precision is no fall: 300.4 and 300.2 both show as 300.
    expect(fallingWhileInRange(b12, range, pts('700', '600', '300.4', '300.2'))).toBe(false);
  });
});

describe('the reference data', () => {
  it('gives every biomarker exactly one SI unit with the identity conversion and sane precisions', () => {
    for (const r of BIOMARKER_REFERENCE) {
      const si = r.units.filter((u) => u.si);
      expect(si, r.slug).toHaveLength(1);
      expect([si[0]!.factor, si[0]!.divisor ?? '1', si[0]!.offset ?? '0'], r.slug).toEqual(['1', '1', '0']);
      expect(r.units.filter((u) => u.conventional).length, r.slug).toBeLessThanOrEqual(1);
      expect(new Set(r.units.map((u) => u.ucum)).size, r.slug).toBe(r.units.length);
      for (const u of r.units) expect(u.decimals, `${r.slug} ${u.ucum}`).toBeLessThanOrEqual(4);
    }
  });

  it('writes every range in one of its units, with ordered limits, a source and no ambiguous overlap', () => {
    for (const r of BIOMARKER_REFERENCE) {
      expect(r.ranges.length, r.slug).toBeGreaterThan(0);
      for (const range of r.ranges) {
        const where = `${r.slug} ${range.sex} ${range.ageMin}`;
        expect(findUnit(r, range.unit), where).toBeDefined();
        expect(range.low !== null || range.high !== null, where).toBe(true);
        expect(range.source.length, where).toBeGreaterThan(10);
        expect(range.sourceUrl, where).toMatch(/^https:\/\//);
        const at = (v: string | null | undefined) => (v == null ? null : convertExact(r, v, range.unit, range.unit));
        const ordered = [
          range.criticalLow,
          range.low,
          range.optimalLow,
          range.optimalHigh,
          range.high,
          range.criticalHigh,
        ]
          .map(at)
          .filter((v) => v !== null);
        for (let i = 1; i < ordered.length; i++) {
          expect(compareFractions(ordered[i - 1]!, ordered[i]!), where).toBeLessThanOrEqual(0);
        }
        // Two ranges of the same sex and the same age span may not both apply to an age.
        for (const other of r.ranges) {
          if (other === range || other.sex !== range.sex) continue;
          const overlap = range.ageMin <= (other.ageMax ?? 200) && other.ageMin <= (range.ageMax ?? 200);
          const sameSpan = (range.ageMax ?? 200) - range.ageMin === (other.ageMax ?? 200) - other.ageMin;
          expect(overlap && sameSpan, `${where} overlaps ${other.ageMin}`).toBe(false);
        }
      }
      for (const v of [...r.ranges.flatMap((x) => [x.low, x.high])]) if (v !== null) parseDecimal(v);
    }
  });
});
