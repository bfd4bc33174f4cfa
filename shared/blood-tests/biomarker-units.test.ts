import { describe, expect, it } from 'vitest';
import { BIOMARKER_REFERENCE, BIOMARKER_REFERENCE_BY_SLUG } from './biomarker-reference-data';
import {
  compareFractions,
  convert,
  convertExact,
  displayValue,
  findUnit,
  formatFraction,
  parseDecimal,
  preferredUnit,
  unitLabel,
} from './biomarker-units';

const ref = (slug: string) => BIOMARKER_REFERENCE_BY_SLUG.get(slug)!;

/** One textbook value for every non-SI unit: [slug, from, value, to, expected]. */
const TEXTBOOK: Array<[string, string, string, string, string]> = [
  ['vitamin-d-25-oh', 'ng/mL', '30', 'nmol/L', '75'],
  ['vitamin-b12', 'pg/mL', '300', 'pmol/L', '221'],
  ['vitamin-b12', 'ng/L', '300', 'pmol/L', '221'],
  ['folate', 'ng/mL', '4.0', 'nmol/L', '9'],
  ['folate', 'ug/L', '10', 'nmol/L', '23'],
  ['ferritin', 'ng/mL', '100', 'ug/L', '100'],
  ['iron', 'ug/dL', '100', 'umol/L', '17.9'],
  ['tibc', 'ug/dL', '300', 'umol/L', '53.7'],
  ['hba1c', '%', '6.5', 'mmol/mol', '48'],
  ['glucose-fasting', 'mg/dL', '126', 'mmol/L', '7.0'],
  ['insulin', 'u[IU]/mL', '10', 'pmol/L', '60'],
  ['insulin', 'm[IU]/L', '10', 'pmol/L', '60'],
  ['cholesterol-total', 'mg/dL', '200', 'mmol/L', '5.17'],
  ['ldl', 'mg/dL', '100', 'mmol/L', '2.59'],
  ['hdl', 'mg/dL', '40', 'mmol/L', '1.03'],
  ['triglycerides', 'mg/dL', '150', 'mmol/L', '1.69'],
  ['apob', 'mg/dL', '100', 'g/L', '1.00'],
  ['lipoprotein-a', 'mg/dL', '50', 'g/L', '0.50'],
  ['tsh', 'u[IU]/mL', '2.5', 'm[IU]/L', '2.50'],
  ['free-t4', 'ng/dL', '1.2', 'pmol/L', '15.4'],
  ['free-t3', 'pg/mL', '3.0', 'pmol/L', '4.6'],
  ['anti-tpo', '[IU]/mL', '9', 'k[IU]/L', '9.0'],
  ['hemoglobin', 'g/dL', '14.0', 'g/L', '140'],
  ['hematocrit', '%', '45', 'L/L', '0.450'],
  ['rbc', '10*6/uL', '5.00', '10*12/L', '5.00'],
  ['wbc', '10*3/uL', '7.5', '10*9/L', '7.5'],
  ['platelets', '10*3/uL', '250', '10*9/L', '250'],
  ['creatinine', 'mg/dL', '1.00', 'umol/L', '88'],
  ['urea', 'mg/dL', '14', 'mmol/L', '5.0'],
  ['sodium', 'meq/L', '140', 'mmol/L', '140'],
  ['potassium', 'meq/L', '4.0', 'mmol/L', '4.0'],
  ['uric-acid', 'mg/dL', '6.0', 'umol/L', '357'],
  ['urine-acr', 'mg/g', '30', 'mg/mmol', '3.4'],
  ['alt', 'U/L', '60', 'ukat/L', '1.00'],
  ['ast', 'U/L', '30', 'ukat/L', '0.50'],
  ['alp', 'U/L', '120', 'ukat/L', '2.00'],
  ['ggt', 'U/L', '45', 'ukat/L', '0.75'],
  ['ck', 'U/L', '300', 'ukat/L', '5.00'],
  ['bilirubin', 'mg/dL', '1.0', 'umol/L', '17'],
  ['albumin', 'g/dL', '4.0', 'g/L', '40'],
  ['hs-crp', 'mg/dL', '0.30', 'mg/L', '3.0'],
  ['testosterone-total', 'ng/dL', '300', 'nmol/L', '10.4'],
  ['testosterone-free', 'pg/mL', '100', 'pmol/L', '347'],
  ['testosterone-free', 'ng/dL', '10.00', 'pg/mL', '100.0'],
  ['cortisol', 'ug/dL', '10', 'nmol/L', '276'],
  ['estradiol', 'pg/mL', '100', 'pmol/L', '367'],
  ['fsh', 'm[IU]/mL', '5.0', '[IU]/L', '5.0'],
  ['lh', 'm[IU]/mL', '5.0', '[IU]/L', '5.0'],
  ['prolactin', 'ng/mL', '10', 'm[IU]/L', '212'],
  ['prolactin', 'ug/L', '10', 'm[IU]/L', '212'],
  ['dhea-s', 'ug/dL', '200', 'umol/L', '5.43'],
  ['amh', 'ng/mL', '1.0', 'pmol/L', '7.1'],
  ['psa', 'ng/mL', '4.0', 'ug/L', '4.00'],
  ['magnesium', 'mg/dL', '2.0', 'mmol/L', '0.82'],
  ['zinc', 'ug/dL', '100', 'umol/L', '15.3'],
  ['zinc', 'ug/mL', '1.00', 'ug/dL', '100'],
  ['calcium', 'mg/dL', '10.0', 'mmol/L', '2.50'],
];

describe('exact decimals', () => {
  it('parses, compares and rounds half away from zero without floating-point error', () => {
    expect(formatFraction(parseDecimal('1.005'), 2)).toBe('1.01'); // 1.005.toFixed(2) is "1.00"
    expect(formatFraction(parseDecimal('-2.5'), 0)).toBe('-3');
    expect(formatFraction(parseDecimal('-0.04'), 1)).toBe('0.0');
    expect(formatFraction(parseDecimal('0.1'), 3)).toBe('0.100');
    expect(compareFractions(parseDecimal('0.30'), parseDecimal('0.3'))).toBe(0);
    expect(() => parseDecimal('1e3')).toThrow();
    expect(() => parseDecimal('٥')).toThrow();
  });
});

describe('unit conversion', () => {
  it.each(TEXTBOOK)('%s: %s %s in %s is %s', (slug, from, value, to, expected) => {
    expect(convert(ref(slug), value, from, to)).toBe(expected);
  });

  it('has a textbook value for every non-SI unit of every biomarker', () => {
    for (const r of BIOMARKER_REFERENCE) {
      for (const u of r.units.filter((u) => !u.si)) {
        expect(
          TEXTBOOK.some(([slug, from]) => slug === r.slug && from === u.ucum),
          `${r.slug} ${u.ucum}`,
        ).toBe(true);
      }
    }
  });

  it('round-trips every unit of every biomarker through SI exactly', () => {
    for (const r of BIOMARKER_REFERENCE) {
      const si = preferredUnit(r, 'si');
      for (const u of r.units) {
        for (const value of ['0', '1', '7.25', '123.4']) {
          const there = convertExact(r, value, u.ucum, si.ucum);
          const back = convertExact(r, there, si.ucum, u.ucum);
          expect(compareFractions(back, parseDecimal(value)), `${r.slug} ${u.ucum} ${value}`).toBe(0);
        }
      }
    }
  });

  it('converts HbA1c with the IFCC–NGSP master equation, an offset and not a bare factor', () => {
    const hba1c = ref('hba1c');
    expect(convert(hba1c, '5.7', '%', 'mmol/mol')).toBe('39');
    expect(convert(hba1c, '6.5', '%', 'mmol/mol')).toBe('48');
    expect(convert(hba1c, '48', 'mmol/mol', '%')).toBe('6.5');
    expect(convert(hba1c, '2.152', '%', 'mmol/mol')).toBe('0');
    // Doubling % does not double mmol/mol.
    expect(convert(hba1c, '10.0', '%', 'mmol/mol')).toBe('86');
  });

  it('states the textbook conversion factors', () => {
    const factor = (slug: string, ucum: string) => {
      const u = findUnit(ref(slug), ucum)!;
      return [u.factor, u.divisor ?? '1'];
    };
    expect(factor('vitamin-d-25-oh', 'ng/mL')).toEqual(['2.496', '1']);
    expect(factor('glucose-fasting', 'mg/dL')).toEqual(['1', '18.016']);
    expect(factor('cholesterol-total', 'mg/dL')).toEqual(['0.02586', '1']);
    expect(factor('triglycerides', 'mg/dL')).toEqual(['0.01129', '1']);
    expect(factor('creatinine', 'mg/dL')).toEqual(['88.42', '1']);
    expect(factor('vitamin-b12', 'pg/mL')).toEqual(['0.7378', '1']);
    expect(factor('ferritin', 'ng/mL')).toEqual(['1', '1']);
    expect(factor('testosterone-total', 'ng/dL')).toEqual(['0.0347', '1']);
  });

  it('finds a unit by UCUM code or label and shows a value in the shopper’s preferred unit', () => {
    const vitaminD = ref('vitamin-d-25-oh');
    expect(displayValue(vitaminD, '32.5', 'ng/mL', 'si')).toMatchObject({ value: '81', unit: { ucum: 'nmol/L' } });
    expect(displayValue(vitaminD, '81', 'nmol/L', 'conventional')).toMatchObject({
      value: '32.5',
      unit: { ucum: 'ng/mL' },
    });
    expect(findUnit(ref('iron'), 'µg/dL')?.ucum).toBe('ug/dL');
    expect(unitLabel(findUnit(ref('esr'), 'mm/h')!, 'ar')).toBe('مم/ساعة');
    expect(unitLabel(findUnit(ref('iron'), 'ug/dL')!, 'ar')).toBe('µg/dL');
    // A marker with one unit shows it whatever the preference.
    expect(preferredUnit(ref('homocysteine'), 'conventional').ucum).toBe('umol/L');
    expect(() => convert(vitaminD, '1', 'mg/dL', 'nmol/L')).toThrow(/unknown unit/);
  });
});
