import { describe, expect, it } from 'vitest';
import { BIOMARKER_REFERENCE } from './biomarker-reference-data';
import { findReportValues, type ReportMarker, reportUnit } from './report-text';

// The names as the catalogue (D1 `biomarkers`, migration 0020) has them, with their LOINC codes.
const MARKERS: ReportMarker[] = [
  { slug: 'vitamin-d-25-oh', names: ['25-OH vitamin D', 'فيتامين د (25-هيدروكسي)'], loinc: '1989-3' },
  { slug: 'vitamin-b12', names: ['Vitamin B12', 'فيتامين ب12'], loinc: '2132-9' },
  { slug: 'ferritin', names: ['Ferritin', 'الفيريتين'], loinc: '2276-4' },
  { slug: 'hba1c', names: ['HbA1c', 'السكر التراكمي (HbA1c)'], loinc: '4548-4' },
  { slug: 'tsh', names: ['TSH', 'الهرمون المنبه للغدة الدرقية (TSH)'], loinc: '3016-3' },
  { slug: 'hemoglobin', names: ['Haemoglobin', 'الهيموغلوبين'], loinc: '718-7' },
  { slug: 'cholesterol-total', names: ['Total cholesterol', 'الكوليسترول الكلي'], loinc: '2093-3' },
  { slug: 'ldl', names: ['LDL cholesterol', 'الكوليسترول الضار (LDL)'], loinc: '13457-7' },
  { slug: 'hdl', names: ['HDL cholesterol', 'الكوليسترول النافع (HDL)'], loinc: '2085-9' },
  { slug: 'triglycerides', names: ['Triglycerides', 'الدهون الثلاثية'], loinc: '2571-8' },
  { slug: 'creatinine', names: ['Creatinine', 'الكرياتينين'], loinc: '2160-0' },
  { slug: 'alt', names: ['ALT', 'إنزيم ALT'], loinc: '1742-6' },
  { slug: 'ast', names: ['AST', 'إنزيم AST'], loinc: '1920-8' },
  { slug: 'wbc', names: ['White blood cells', 'كريات الدم البيضاء'], loinc: '6690-2' },
];

const read = (...lines: string[]) => findReportValues(lines, MARKERS);
const pick = (lines: string[], slug: string) => read(...lines).find((f) => f.biomarker === slug);

describe('reading values from report lines', () => {
  it('reads an English report: the value after the name, the unit beside it, the line kept', () => {
    const found = read(
      'Patient: Sara Ahmed     Date: 15/01/2026',
      '25-Hydroxy Vitamin D   18.2 ng/mL   30 - 100',
      'Ferritin 22 ng/mL (13-150)',
      'HbA1c 5.4 %   4.0 - 5.6',
      'Vitamin B12   412   pg/mL   197-771',
    );
    expect(found).toEqual([
      {
        biomarker: 'vitamin-d-25-oh',
        value: '18.2',
        unit: 'ng/mL',
        unit_guessed: false,
        line: '25-Hydroxy Vitamin D 18.2 ng/mL 30 - 100',
      },
      { biomarker: 'ferritin', value: '22', unit: 'ng/mL', unit_guessed: false, line: 'Ferritin 22 ng/mL (13-150)' },
      { biomarker: 'hba1c', value: '5.4', unit: '%', unit_guessed: false, line: 'HbA1c 5.4 % 4.0 - 5.6' },
      {
        biomarker: 'vitamin-b12',
        value: '412',
        unit: 'pg/mL',
        unit_guessed: false,
        line: 'Vitamin B12 412 pg/mL 197-771',
      },
    ]);
  });

  it('knows the names labs print: 25(OH)D, Vit D, SGPT/SGOT, glycated haemoglobin, Hemoglobin', () => {
    expect(pick(['25(OH)D: 41 ng/ml'], 'vitamin-d-25-oh')).toMatchObject({ value: '41', unit: 'ng/mL' });
    expect(pick(['Vit D 55 nmol/L'], 'vitamin-d-25-oh')).toMatchObject({ value: '55', unit: 'nmol/L' });
    expect(pick(['SGPT (ALT)  31 IU/L'], 'alt')).toMatchObject({ value: '31', unit: 'U/L', unit_guessed: false });
    expect(pick(['AST/SGOT 24 U/L'], 'ast')).toMatchObject({ value: '24', unit: 'U/L' });
    expect(pick(['Glycated haemoglobin 6.1 %'], 'hba1c')).toMatchObject({ value: '6.1' });
    expect(pick(['Hemoglobin 13.5 g/dL'], 'hemoglobin')).toMatchObject({ value: '13.5', unit: 'g/dL' });
    expect(pick(['WBC 6.8 x10^3/µL'], 'wbc')).toMatchObject({ value: '6.8', unit: '10*3/uL', unit_guessed: false });
    expect(pick(['TSH 2.31 uIU/mL'], 'tsh')).toMatchObject({ value: '2.31', unit: 'u[IU]/mL' });
  });

  it('takes the longest name: HDL and LDL cholesterol are not total cholesterol; glycated haemoglobin is not haemoglobin', () => {
    const found = read(
      'Cholesterol, Total 182 mg/dL',
      'HDL Cholesterol 48 mg/dL',
      'LDL Cholesterol 109 mg/dL',
      'Non-HDL Cholesterol 134 mg/dL',
      'Haemoglobin A1c 5.9 %',
    );
    expect(found.map((f) => [f.biomarker, f.value])).toEqual([
      ['cholesterol-total', '182'],
      ['hdl', '48'],
      ['ldl', '109'],
      ['hba1c', '5.9'],
    ]);
  });

  it('reads an Arabic report: Arabic names, Arabic-Indic digits with the Arabic decimal separator, Arabic units', () => {
    const found = read(
      'فيتامين د (25-هيدروكسي)   ١٨٫٢   نانوغرام/مل   ٣٠ - ١٠٠',
      'الفيريتين: ٢٢ نانوغرام/مل',
      'السكر التراكمي ٥٫٤ ٪',
      'الهيموجلوبين ١٣٫١ غ/دل',
    );
    expect(found.map(({ biomarker, value, unit, unit_guessed }) => ({ biomarker, value, unit, unit_guessed }))).toEqual(
      [
        { biomarker: 'vitamin-d-25-oh', value: '18.2', unit: 'ng/mL', unit_guessed: false },
        { biomarker: 'ferritin', value: '22', unit: 'ng/mL', unit_guessed: false },
        { biomarker: 'hba1c', value: '5.4', unit: '%', unit_guessed: false },
        { biomarker: 'hemoglobin', value: '13.1', unit: 'g/dL', unit_guessed: false },
      ],
    );
    // The line is the report's own, Arabic digits and all.
    expect(found[0]!.line).toBe('فيتامين د (25-هيدروكسي) ١٨٫٢ نانوغرام/مل ٣٠ - ١٠٠');
  });

  it('reads a decimal comma', () => {
    expect(pick(['Ferritin 22,5 ng/mL'], 'ferritin')).toMatchObject({ value: '22.5' });
    expect(pick(['Creatinine 0,84 mg/dL'], 'creatinine')).toMatchObject({ value: '0.84', unit: 'mg/dL' });
    // A thousands separator with a decimal point is no decimal comma.
    expect(pick(['Vitamin B12 1,250.5 pg/mL'], 'vitamin-b12')).toMatchObject({ value: '1250.5' });
  });

  it('never takes a reference range, a comparison, a date or a code for the value', () => {
    // Only a range on the line: no value.
    expect(read('Ferritin   (13 - 150)   ng/mL')).toEqual([]);
    expect(read('Ferritin 13-150')).toEqual([]);
    expect(read('HbA1c < 5.7 %')).toEqual([]);
    expect(read('Ferritin collected 15/01/2026')).toEqual([]);
    // The range printed before the value is skipped; the value after it is taken.
    expect(pick(['Ferritin (13 - 150) 22 ng/mL'], 'ferritin')).toMatchObject({ value: '22' });
    // A LOINC code printed on the line names the marker and is no value.
    expect(pick(['1989-3 Vitamin D total 27.5 ng/mL'], 'vitamin-d-25-oh')).toMatchObject({ value: '27.5' });
    expect(pick(['Test 2276-4 : 36 ng/mL'], 'ferritin')).toMatchObject({ value: '36', unit: 'ng/mL' });
    // "D3" is part of the name, not a value of 3.
    expect(pick(['Vitamin D3 25-OH 33 ng/mL'], 'vitamin-d-25-oh')).toMatchObject({ value: '33' });
    // Zero is no result.
    expect(read('Ferritin 0 ng/mL')).toEqual([]);
  });

  it('skips flags between the value and its unit', () => {
    expect(pick(['25-OH Vitamin D 12.1 L ng/mL 30-100'], 'vitamin-d-25-oh')).toMatchObject({
      value: '12.1',
      unit: 'ng/mL',
      unit_guessed: false,
    });
    expect(pick(['Ferritin 410 High ng/mL'], 'ferritin')).toMatchObject({ value: '410', unit: 'ng/mL' });
    expect(pick(['Triglycerides 210 (H) mg/dL'], 'triglycerides')).toMatchObject({ value: '210', unit: 'mg/dL' });
    expect(pick(['HbA1c 6.8 * %'], 'hba1c')).toMatchObject({ value: '6.8', unit: '%' });
  });

  it("proposes the marker's conventional unit when the unit is missing or unknown, marked guessed", () => {
    expect(pick(['Ferritin 22'], 'ferritin')).toMatchObject({ value: '22', unit: 'ng/mL', unit_guessed: true });
    expect(pick(['Vitamin D 45 furlongs'], 'vitamin-d-25-oh')).toMatchObject({ unit: 'ng/mL', unit_guessed: true });
    // nmol/L is no unit of HbA1c: its conventional unit is proposed.
    expect(pick(['HbA1c 39 nmol/L'], 'hba1c')).toMatchObject({ value: '39', unit: '%', unit_guessed: true });
  });

  it('gives one finding per marker, the first plausible one', () => {
    const found = read(
      'Ferritin (13 - 150) ng/mL',
      'Ferritin 22 ng/mL',
      'Ferritin 30 ng/mL',
      'Previous result: Ferritin 19 ng/mL',
    );
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({ biomarker: 'ferritin', value: '22' });
  });

  it('cuts the source line at 120 characters and ignores markers it has no reference for', () => {
    const long = `Ferritin 22 ng/mL ${'comment '.repeat(30)}`;
    expect(pick([long], 'ferritin')!.line).toHaveLength(120);
    expect(findReportValues(['Unobtainium 12 mg/dL'], [{ slug: 'unobtainium', names: ['Unobtainium'] }])).toEqual([]);
  });

  it('reads the units labs print against the marker units (case, µ/u, mcg, IU)', () => {
    const ref = (slug: string) => BIOMARKER_REFERENCE.find((r) => r.slug === slug)!;
    expect(reportUnit(ref('vitamin-d-25-oh'), 'NG/ML')?.ucum).toBe('ng/mL');
    expect(reportUnit(ref('iron'), 'mcg/dL')?.ucum).toBe('ug/dL');
    expect(reportUnit(ref('iron'), 'μmol/L')?.ucum).toBe('umol/L');
    expect(reportUnit(ref('alt'), 'IU/L')?.ucum).toBe('U/L');
    expect(reportUnit(ref('platelets'), '10^3/uL')?.ucum).toBe('10*3/uL');
    expect(reportUnit(ref('ferritin'), 'mg/dL')).toBeUndefined();
  });
});
