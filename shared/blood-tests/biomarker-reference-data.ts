// The biomarker reference: for every biomarker the catalogue seeds (migration 0020), its
// units with their conversion to SI and their display precision, and its adult reference ranges by sex
// and age, each naming its source.
//
// ONE copy: this file. The API reads the same data from D1, where migration 0032 puts it; that
// migration is GENERATED from this file (api/seed/biomarker-reference.ts, checked to be current by
// tests/unit/biomarker-reference-migration.test.ts; regenerate with UPDATE_BIOMARKER_REFERENCE_MIGRATION=1).
// The data lives here rather than in api/seed because shared/ code (conversion and range evaluation,
// used by the storefront and the API alike) needs it without a database round trip, and shared/ may
// not import from api/. The catalogue's own generator (0020) set the precedent of data-in-TS, SQL
// generated. Changing a figure means editing here and regenerating; a released migration is never
// edited in place once applied in production — add a new migration then.
//
// Conventions (see biomarker-units.ts): value in SI = (value − offset) × factor ÷ divisor; the factors
// are the textbook ones (molar masses as usually rounded), e.g. glucose mg/dL ÷ 18.016, cholesterol
// × 0.02586, triglycerides × 0.01129, creatinine × 88.42, B12 pg/mL × 0.7378, testosterone ng/dL ×
// 0.0347. Ranges are adult (18+), limits inclusive; "< 200" is written as high 199 at a 0-decimal unit.
// Ranges that depend on the menstrual cycle (oestradiol, FSH, LH) use age 51 (the median age at
// menopause) as a stand-in for menopause, which the data model cannot know: see each source text.
import type { BiomarkerRange, BiomarkerReference, BiomarkerUnit, RangeSex } from './biomarker-units';

interface Source {
  text: string;
  url: string;
}

const MAYO_CATALOG = 'https://www.mayocliniclabs.com/test-catalog';
const mayo = (test: string): Source => ({
  text: `Mayo Clinic Laboratories test catalog, ${test}: adult reference values`,
  url: MAYO_CATALOG,
});
const MAYO_CBC: Source = {
  text: 'Mayo Clinic, Complete blood count (CBC): normal adult results',
  url: 'https://www.mayoclinic.org/tests-procedures/complete-blood-count/about/pac-20384919',
};
const MAYO_CRITICAL = 'Mayo Clinic Laboratories Critical Values / Critical Results List';
const WAKEMED_CRITICAL = 'WakeMed Health critical values (adult chemistry)';
const ATP3: Source = {
  text: 'NCEP Adult Treatment Panel III (NHLBI), ATP III classification of cholesterol and triglycerides',
  url: 'https://www.nhlbi.nih.gov/files/docs/guidelines/atp3xsum.pdf',
};
const KDIGO: Source = {
  text: 'KDIGO 2024 Clinical Practice Guideline for CKD: GFR categories (G1 ≥90, G3a <60, G5 kidney failure <15)',
  url: 'https://kdigo.org/guidelines/ckd-evaluation-and-management/',
};
const ARUP_DHEAS = 'https://ltd.aruplab.com/Tests/Pub/0070040';

// --- units -------------------------------------------------------------------------------------------

interface UnitOptions {
  label?: string;
  labelAr?: string;
  divisor?: string;
  offset?: string;
}

/** The SI unit (factor 1); `conventional` too when no other unit is in common use. */
function si(ucum: string, decimals: number, opts: UnitOptions & { conventional?: boolean } = {}): BiomarkerUnit {
  return unit(ucum, '1', decimals, { ...opts, si: true });
}

/** The conventional (US) unit with its factor to SI. */
function conv(ucum: string, factor: string, decimals: number, opts: UnitOptions = {}): BiomarkerUnit {
  return unit(ucum, factor, decimals, { ...opts, conventional: true });
}

function unit(
  ucum: string,
  factor: string,
  decimals: number,
  opts: UnitOptions & { si?: boolean; conventional?: boolean } = {},
): BiomarkerUnit {
  return {
    ucum,
    ...(opts.label ? { label: { en: opts.label, ...(opts.labelAr ? { ar: opts.labelAr } : {}) } } : {}),
    factor,
    ...(opts.divisor ? { divisor: opts.divisor } : {}),
    ...(opts.offset ? { offset: opts.offset } : {}),
    decimals,
    ...(opts.si ? { si: true } : {}),
    ...(opts.conventional ? { conventional: true } : {}),
  };
}

// --- ranges ------------------------------------------------------------------------------------------

interface RangeOptions {
  age?: [number, number | null];
  optimal?: [string | null, string | null];
  critical?: [string | null, string | null];
  note?: string;
}

function range(
  sex: RangeSex,
  unitCode: string,
  low: string | null,
  high: string | null,
  source: Source,
  opts: RangeOptions = {},
): BiomarkerRange {
  const [ageMin, ageMax] = opts.age ?? [18, null];
  const [optimalLow, optimalHigh] = opts.optimal ?? [null, null];
  const [criticalLow, criticalHigh] = opts.critical ?? [null, null];
  return {
    sex,
    ageMin,
    ageMax,
    unit: unitCode,
    low,
    high,
    ...(optimalLow !== null ? { optimalLow } : {}),
    ...(optimalHigh !== null ? { optimalHigh } : {}),
    ...(criticalLow !== null ? { criticalLow } : {}),
    ...(criticalHigh !== null ? { criticalHigh } : {}),
    source: opts.note ? `${source.text}; ${opts.note}` : source.text,
    sourceUrl: source.url,
    citation: source.text,
    ...(opts.note ? { note: opts.note } : {}),
  };
}

// Units written once where several markers share them.
const UG_DL = (factor: string, decimals: number) => conv('ug/dL', factor, decimals, { label: 'µg/dL' });
const UMOL_L = (decimals: number) => si('umol/L', decimals, { label: 'µmol/L' });
// 1 U = 1 µmol/min = 1/60 µkat.
const U_L = conv('U/L', '1', 0, { divisor: '60' });
const UKAT_L = si('ukat/L', 2, { label: 'µkat/L' });
const MIU_L = (factor: string, decimals: number, opts: { si?: boolean; conventional?: boolean } = {}) =>
  unit('m[IU]/L', factor, decimals, { label: 'mIU/L', ...opts });
const K_UL = (ucum: '10*3/uL' | '10*6/uL') =>
  conv(ucum, '1', ucum === '10*3/uL' ? 1 : 2, { label: ucum.replace('*', '^').replace('u', 'µ') });
const PER_L = (ucum: '10*9/L' | '10*12/L', decimals: number) => si(ucum, decimals, { label: ucum.replace('*', '^') });

export const BIOMARKER_REFERENCE: BiomarkerReference[] = [
  {
    slug: 'vitamin-d-25-oh',
    units: [conv('ng/mL', '2.496', 1), si('nmol/L', 0)],
    ranges: [
      range(
        'any',
        'ng/mL',
        '20',
        '50',
        {
          text: 'NIH Office of Dietary Supplements, Vitamin D fact sheet (≥20 ng/mL adequate; >50 ng/mL linked to potential adverse effects)',
          url: 'https://ods.od.nih.gov/factsheets/VitaminD-HealthProfessional/',
        },
        {
          optimal: ['30', '50'],
          critical: [null, '150'],
          note: 'optimal ≥30 ng/mL and intoxication >150 ng/mL per Endocrine Society guideline 2011 (Holick et al., JCEM 96:1911)',
        },
      ),
    ],
  },
  {
    slug: 'vitamin-b12',
    units: [conv('pg/mL', '0.7378', 0), si('pmol/L', 0), unit('ng/L', '0.7378', 0)],
    ranges: [range('any', 'pg/mL', '180', '914', mayo('B12 (Vitamin B12 Assay, Serum)'))],
  },
  {
    slug: 'folate',
    units: [conv('ng/mL', '2.266', 1), si('nmol/L', 0), unit('ug/L', '2.266', 1, { label: 'µg/L' })],
    ranges: [
      range('any', 'ng/mL', '4.0', null, {
        text: 'WHO 2015, Serum and red blood cell folate concentrations for assessing folate status in populations (<10 nmol/L, 4 ng/mL: possible deficiency)',
        url: 'https://www.who.int/publications/i/item/WHO-NMH-NHD-EPG-15.01',
      }),
    ],
  },
  {
    slug: 'ferritin',
    units: [conv('ng/mL', '1', 0), si('ug/L', 0, { label: 'µg/L' })],
    ranges: [
      range('male', 'ng/mL', '24', '336', mayo('FERR (Ferritin, Serum)')),
      range('female', 'ng/mL', '11', '307', mayo('FERR (Ferritin, Serum)')),
    ],
  },
  {
    slug: 'iron',
    units: [UG_DL('0.1791', 0), UMOL_L(1)],
    ranges: [
      range('male', 'ug/dL', '50', '150', mayo('FE (Iron, Serum)')),
      range('female', 'ug/dL', '35', '145', mayo('FE (Iron, Serum)')),
    ],
  },
  {
    slug: 'tibc',
    units: [UG_DL('0.1791', 0), UMOL_L(1)],
    ranges: [range('any', 'ug/dL', '250', '400', mayo('FEC (Iron and Total Iron-Binding Capacity, Serum)'))],
  },
  {
    slug: 'transferrin-saturation',
    units: [si('%', 0, { conventional: true })],
    ranges: [
      range('any', '%', '14', '50', mayo('FEC (Iron and Total Iron-Binding Capacity, Serum), percent saturation')),
    ],
  },
  {
    slug: 'hba1c',
    // NGSP % = 0.09148 × IFCC mmol/mol + 2.152 (the IFCC–NGSP master equation, Hoelzel et al. Clin Chem 2004).
    units: [conv('%', '1', 1, { divisor: '0.09148', offset: '2.152' }), si('mmol/mol', 0)],
    ranges: [
      range('any', '%', null, '5.6', {
        text: 'American Diabetes Association, Standards of Care in Diabetes 2025, section 2 (normal <5.7%; prediabetes 5.7–6.4%; diabetes ≥6.5%)',
        url: 'https://diabetesjournals.org/care/article/48/Supplement_1/S27/157566',
      }),
    ],
  },
  {
    slug: 'glucose-fasting',
    units: [conv('mg/dL', '1', 0, { divisor: '18.016' }), si('mmol/L', 1)],
    ranges: [
      range(
        'any',
        'mg/dL',
        '70',
        '99',
        {
          text: 'American Diabetes Association, Standards of Care in Diabetes 2025, sections 2 and 6 (fasting glucose <100 mg/dL normal; <70 mg/dL hypoglycaemia level 1)',
          url: 'https://diabetesjournals.org/care/article/48/Supplement_1/S27/157566',
        },
        { critical: ['50', '400'], note: `critical limits ≤50 and ≥400 mg/dL: ${WAKEMED_CRITICAL}` },
      ),
    ],
  },
  {
    slug: 'insulin',
    // 1 µIU/mL = 1 mIU/L; insulin's international convention is 1 µIU/mL = 6.00 pmol/L.
    units: [conv('u[IU]/mL', '6', 1, { label: 'µIU/mL' }), si('pmol/L', 0), MIU_L('6', 1)],
    ranges: [range('any', 'u[IU]/mL', '2.6', '24.9', mayo('INS (Insulin, Serum), fasting'))],
  },
  {
    slug: 'cholesterol-total',
    units: [conv('mg/dL', '0.02586', 0), si('mmol/L', 2)],
    ranges: [range('any', 'mg/dL', null, '199', ATP3, { note: 'desirable <200 mg/dL' })],
  },
  {
    slug: 'ldl',
    units: [conv('mg/dL', '0.02586', 0), si('mmol/L', 2)],
    ranges: [
      range('any', 'mg/dL', null, '129', ATP3, {
        optimal: [null, '99'],
        note: 'optimal <100 mg/dL, near optimal 100–129, borderline high 130–159',
      }),
    ],
  },
  {
    slug: 'hdl',
    units: [conv('mg/dL', '0.02586', 0), si('mmol/L', 2)],
    ranges: [
      range('male', 'mg/dL', '40', null, ATP3, { optimal: ['60', null], note: 'low <40 mg/dL; ≥60 mg/dL protective' }),
      range('female', 'mg/dL', '50', null, ATP3, {
        optimal: ['60', null],
        note: 'low <50 mg/dL in women (ATP III metabolic syndrome criterion); ≥60 mg/dL protective',
      }),
    ],
  },
  {
    slug: 'triglycerides',
    units: [conv('mg/dL', '0.01129', 0), si('mmol/L', 2)],
    ranges: [
      range('any', 'mg/dL', null, '149', ATP3, {
        optimal: [null, '99'],
        note: 'normal <150 mg/dL; optimal <100 mg/dL per AHA scientific statement on triglycerides (Miller et al., Circulation 2011;123:2292)',
      }),
    ],
  },
  {
    slug: 'apob',
    units: [conv('mg/dL', '0.01', 0), si('g/L', 2)],
    ranges: [
      range(
        'any',
        'mg/dL',
        null,
        '129',
        {
          text: '2018 AHA/ACC Guideline on the Management of Blood Cholesterol (apoB ≥130 mg/dL is a risk-enhancing factor)',
          url: 'https://www.ahajournals.org/doi/10.1161/CIR.0000000000000625',
        },
        {
          optimal: [null, '99'],
          note: 'optimal <100 mg/dL: 2019 ESC/EAS dyslipidaemia guideline goal at moderate risk',
        },
      ),
    ],
  },
  {
    slug: 'lipoprotein-a',
    // Mass units only: Lp(a) in nmol/L counts particles and cannot be converted from mg/dL (isoform size varies).
    units: [conv('mg/dL', '0.01', 0), si('g/L', 2)],
    ranges: [
      range(
        'any',
        'mg/dL',
        null,
        '49',
        {
          text: '2018 AHA/ACC Guideline on the Management of Blood Cholesterol (Lp(a) ≥50 mg/dL is a risk-enhancing factor)',
          url: 'https://www.ahajournals.org/doi/10.1161/CIR.0000000000000625',
        },
        {
          optimal: [null, '29'],
          note: 'optimal <30 mg/dL: EAS consensus statement on Lp(a) 2022 (Kronenberg et al., Eur Heart J 43:3925)',
        },
      ),
    ],
  },
  {
    slug: 'homocysteine',
    units: [si('umol/L', 1, { label: 'µmol/L', conventional: true })],
    ranges: [
      range('any', 'umol/L', null, '15', {
        text: 'Refsum et al., Facts and recommendations about total homocysteine determinations: an expert opinion, Clin Chem 2004;50:3–32 (upper reference limit 15 µmol/L)',
        url: 'https://doi.org/10.1373/clinchem.2003.021634',
      }),
    ],
  },
  {
    slug: 'tsh',
    units: [MIU_L('1', 2, { si: true, conventional: true }), unit('u[IU]/mL', '1', 2, { label: 'µIU/mL' })],
    ranges: [range('any', 'm[IU]/L', '0.3', '4.2', mayo('TSH (Thyroid-Stimulating Hormone, Sensitive, Serum)'))],
  },
  {
    slug: 'free-t4',
    units: [conv('ng/dL', '12.87', 2), si('pmol/L', 1)],
    ranges: [range('any', 'ng/dL', '0.9', '1.7', mayo('FRT4 (T4, Free, Serum)'))],
  },
  {
    slug: 'free-t3',
    units: [conv('pg/mL', '1.536', 1), si('pmol/L', 1)],
    ranges: [range('any', 'pg/mL', '2.0', '4.4', mayo('T3FR (T3, Free, Serum), adults ≥19 years'))],
  },
  {
    slug: 'anti-tpo',
    units: [conv('[IU]/mL', '1', 1, { label: 'IU/mL' }), si('k[IU]/L', 1, { label: 'kIU/L' })],
    ranges: [
      range('any', '[IU]/mL', null, '8.9', mayo('TPO (Thyroperoxidase Antibodies, Serum)'), {
        note: 'negative <9.0 IU/mL; assay-specific',
      }),
    ],
  },
  {
    slug: 'hemoglobin',
    units: [conv('g/dL', '10', 1), si('g/L', 0)],
    ranges: [
      range('male', 'g/dL', '13.2', '16.6', MAYO_CBC, {
        critical: ['6.0', '20.0'],
        note: `critical ≤6.0 and ≥20.0 g/dL: ${MAYO_CRITICAL}`,
      }),
      range('female', 'g/dL', '11.6', '15.0', MAYO_CBC, {
        critical: ['6.0', '20.0'],
        note: `critical ≤6.0 and ≥20.0 g/dL: ${MAYO_CRITICAL}`,
      }),
    ],
  },
  {
    slug: 'hematocrit',
    units: [conv('%', '0.01', 1), si('L/L', 3)],
    ranges: [range('male', '%', '38.3', '48.6', MAYO_CBC), range('female', '%', '35.5', '44.9', MAYO_CBC)],
  },
  {
    slug: 'rbc',
    units: [K_UL('10*6/uL'), PER_L('10*12/L', 2)],
    ranges: [range('male', '10*12/L', '4.35', '5.65', MAYO_CBC), range('female', '10*12/L', '3.92', '5.13', MAYO_CBC)],
  },
  {
    slug: 'mcv',
    units: [si('fL', 1, { conventional: true })],
    ranges: [range('any', 'fL', '78.2', '97.9', mayo('CBC (Complete Blood Count), mean corpuscular volume'))],
  },
  {
    slug: 'wbc',
    units: [K_UL('10*3/uL'), PER_L('10*9/L', 1)],
    ranges: [
      range('any', '10*9/L', '3.4', '9.6', MAYO_CBC, {
        critical: [null, '100.0'],
        note: `critical ≥100.0 ×10^9/L: ${MAYO_CRITICAL}`,
      }),
    ],
  },
  {
    slug: 'platelets',
    units: [{ ...K_UL('10*3/uL'), decimals: 0 }, PER_L('10*9/L', 0)],
    ranges: [
      range('male', '10*9/L', '135', '317', MAYO_CBC, {
        critical: ['40', '1000'],
        note: `critical ≤40 and ≥1000 ×10^9/L: ${MAYO_CRITICAL}`,
      }),
      range('female', '10*9/L', '157', '371', MAYO_CBC, {
        critical: ['40', '1000'],
        note: `critical ≤40 and ≥1000 ×10^9/L: ${MAYO_CRITICAL}`,
      }),
    ],
  },
  {
    slug: 'creatinine',
    units: [conv('mg/dL', '88.42', 2), UMOL_L(0)],
    ranges: [
      range('male', 'mg/dL', '0.74', '1.35', mayo('CRTS1 (Creatinine, Serum)')),
      range('female', 'mg/dL', '0.59', '1.04', mayo('CRTS1 (Creatinine, Serum)')),
    ],
  },
  {
    slug: 'urea',
    // Urea nitrogen (BUN) mg/dL × 0.357 = urea mmol/L (one urea carries two nitrogen atoms, 28.0 g/mol).
    units: [conv('mg/dL', '0.357', 0), si('mmol/L', 1)],
    ranges: [
      range('male', 'mg/dL', '8', '24', mayo('BUN (Blood Urea Nitrogen, Serum)')),
      range('female', 'mg/dL', '6', '21', mayo('BUN (Blood Urea Nitrogen, Serum)')),
    ],
  },
  {
    slug: 'egfr',
    units: [si('mL/min/{1.73_m2}', 0, { label: 'mL/min/1.73m²', conventional: true })],
    ranges: [range('any', 'mL/min/{1.73_m2}', '60', null, KDIGO, { optimal: ['90', null], critical: ['15', null] })],
  },
  {
    slug: 'sodium',
    units: [si('mmol/L', 0, { conventional: true }), unit('meq/L', '1', 0, { label: 'mEq/L' })],
    ranges: [
      range('any', 'mmol/L', '135', '145', mayo('NA (Sodium, Serum)'), {
        critical: ['120', '160'],
        note: `critical ≤120 and ≥160 mmol/L: ${WAKEMED_CRITICAL}`,
      }),
    ],
  },
  {
    slug: 'potassium',
    units: [si('mmol/L', 1, { conventional: true }), unit('meq/L', '1', 1, { label: 'mEq/L' })],
    ranges: [
      range('any', 'mmol/L', '3.6', '5.2', mayo('K (Potassium, Serum)'), {
        critical: ['2.5', '6.5'],
        note: `critical ≤2.5 and ≥6.5 mmol/L: ${WAKEMED_CRITICAL}`,
      }),
    ],
  },
  {
    slug: 'uric-acid',
    units: [conv('mg/dL', '59.48', 1), UMOL_L(0)],
    ranges: [
      range('male', 'mg/dL', '3.7', '8.0', mayo('URIC (Uric Acid, Serum)')),
      range('female', 'mg/dL', '2.7', '6.1', mayo('URIC (Uric Acid, Serum)')),
    ],
  },
  {
    slug: 'urine-acr',
    units: [conv('mg/g', '0.113', 0), si('mg/mmol', 1)],
    ranges: [range('any', 'mg/g', null, '29', KDIGO, { note: 'albuminuria category A1 <30 mg/g (<3 mg/mmol)' })],
  },
  {
    slug: 'alt',
    units: [U_L, UKAT_L],
    ranges: [
      range('male', 'U/L', '7', '55', mayo('ALT (Alanine Aminotransferase, Serum)'), {
        optimal: [null, '33'],
        note: 'optimal ≤33 U/L: healthy upper limit in ACG Clinical Guideline, Evaluation of abnormal liver chemistries (Kwo et al., Am J Gastroenterol 2017)',
      }),
      range('female', 'U/L', '7', '45', mayo('ALT (Alanine Aminotransferase, Serum)'), {
        optimal: [null, '25'],
        note: 'optimal ≤25 U/L: healthy upper limit in ACG Clinical Guideline, Evaluation of abnormal liver chemistries (Kwo et al., Am J Gastroenterol 2017)',
      }),
    ],
  },
  {
    slug: 'ast',
    units: [U_L, UKAT_L],
    ranges: [
      range('male', 'U/L', '8', '48', mayo('AST (Aspartate Aminotransferase, Serum)')),
      range('female', 'U/L', '8', '43', mayo('AST (Aspartate Aminotransferase, Serum)')),
    ],
  },
  {
    slug: 'alp',
    units: [U_L, UKAT_L],
    ranges: [
      range('male', 'U/L', '55', '149', mayo('ALP (Alkaline Phosphatase, Serum), males 17–<19 years'), {
        age: [18, 18],
      }),
      range('male', 'U/L', '40', '129', mayo('ALP (Alkaline Phosphatase, Serum), males ≥19 years'), {
        age: [19, null],
      }),
      range('female', 'U/L', '35', '104', mayo('ALP (Alkaline Phosphatase, Serum), females ≥17 years')),
    ],
  },
  {
    slug: 'ggt',
    units: [U_L, UKAT_L],
    ranges: [
      range('male', 'U/L', '8', '61', mayo('GGT (Gamma-Glutamyltransferase, Serum)')),
      range('female', 'U/L', '5', '36', mayo('GGT (Gamma-Glutamyltransferase, Serum)')),
    ],
  },
  {
    slug: 'bilirubin',
    units: [conv('mg/dL', '17.1', 1), UMOL_L(0)],
    ranges: [range('any', 'mg/dL', null, '1.2', mayo('BILIT (Bilirubin, Total, Serum)'))],
  },
  {
    slug: 'albumin',
    units: [conv('g/dL', '10', 1), si('g/L', 0)],
    ranges: [range('any', 'g/dL', '3.5', '5.0', mayo('ALB (Albumin, Serum)'))],
  },
  {
    slug: 'hs-crp',
    units: [si('mg/L', 1, { conventional: true }), unit('mg/dL', '10', 2)],
    ranges: [
      range(
        'any',
        'mg/L',
        null,
        '3.0',
        {
          text: 'AHA/CDC scientific statement on markers of inflammation (Pearson et al., Circulation 2003;107:499): <1.0 mg/L low, 1.0–3.0 average, >3.0 high cardiovascular risk',
          url: 'https://doi.org/10.1161/01.CIR.0000052939.59093.45',
        },
        { optimal: [null, '0.9'] },
      ),
    ],
  },
  {
    slug: 'esr',
    units: [si('mm/h', 0, { label: 'mm/h', labelAr: 'مم/ساعة', conventional: true })],
    ranges: [
      ...(['male', 'female'] as const).flatMap((sex) =>
        (
          [
            [18, 49, sex === 'male' ? '15' : '20'],
            [50, null, sex === 'male' ? '20' : '30'],
          ] as const
        ).map(([ageMin, ageMax, high]) =>
          range(
            sex,
            'mm/h',
            null,
            high,
            {
              text: 'Brigden, Clinical utility of the erythrocyte sedimentation rate, Am Fam Physician 1999;60:1443 (Westergren, by sex and age under/over 50)',
              url: 'https://www.aafp.org/pubs/afp/issues/1999/1001/p1443.html',
            },
            { age: [ageMin, ageMax] },
          ),
        ),
      ),
    ],
  },
  {
    slug: 'ck',
    units: [U_L, UKAT_L],
    ranges: [
      range('male', 'U/L', '39', '308', mayo('CK (Creatine Kinase, Total, Serum)')),
      range('female', 'U/L', '26', '192', mayo('CK (Creatine Kinase, Total, Serum)')),
    ],
  },
  {
    slug: 'testosterone-total',
    units: [conv('ng/dL', '0.0347', 0), si('nmol/L', 1)],
    ranges: [
      range('male', 'ng/dL', '264', '916', {
        text: 'Endocrine Society guideline, Testosterone therapy in men with hypogonadism (Bhasin et al., JCEM 2018;103:1715): CDC-harmonised range 264–916 ng/dL',
        url: 'https://doi.org/10.1210/jc.2018-00229',
      }),
      range('female', 'ng/dL', '8', '60', mayo('TTST (Testosterone, Total, Serum), females ≥19 years')),
    ],
  },
  {
    slug: 'testosterone-free',
    units: [conv('pg/mL', '3.467', 1), si('pmol/L', 0), unit('ng/dL', '34.67', 2)],
    ranges: [
      range('male', 'pg/mL', '66', '309', {
        text: 'Jasuja et al., Reference intervals for free testosterone in adult men measured using a standardized equilibrium dialysis procedure, Andrology 2023;11:125 (all men)',
        url: 'https://doi.org/10.1111/andr.13310',
      }),
      range(
        'male',
        'pg/mL',
        '120',
        '368',
        {
          text: 'Jasuja et al., Reference intervals for free testosterone in adult men measured using a standardized equilibrium dialysis procedure, Andrology 2023;11:125 (men 19–39 years)',
          url: 'https://doi.org/10.1111/andr.13310',
        },
        { age: [19, 39] },
      ),
      range('female', 'pg/mL', null, '9.0', {
        text: 'University of Chicago Medicine laboratories, free testosterone in women (upper limit 9.0 pg/mL; Mortensen et al., JCEM 2009;94:1579); values fall after menopause, so the upper limit stands',
        url: 'https://uchicagomedlabs.testcatalog.org/show/TETF',
      }),
    ],
  },
  {
    slug: 'cortisol',
    units: [conv('ug/dL', '27.59', 1, { label: 'µg/dL' }), si('nmol/L', 0)],
    ranges: [range('any', 'ug/dL', '7', '25', mayo('CORT (Cortisol, Serum), a.m. specimen, ≥18 years'))],
  },
  {
    slug: 'estradiol',
    units: [conv('pg/mL', '3.671', 0), si('pmol/L', 0)],
    ranges: [
      range('male', 'pg/mL', '10', '40', {
        text: 'Mayo Clinic Laboratories test catalog, EEST (Estradiol, Serum): adult males',
        url: `${MAYO_CATALOG}/overview/81816`,
      }),
      range(
        'female',
        'pg/mL',
        '15',
        '350',
        {
          text: 'Mayo Clinic Laboratories test catalog, EEST (Estradiol, Serum): premenopausal women (varies through the cycle)',
          url: `${MAYO_CATALOG}/overview/81816`,
        },
        { age: [18, 50] },
      ),
      range(
        'female',
        'pg/mL',
        null,
        '9',
        {
          text: 'Mayo Clinic Laboratories test catalog, EEST (Estradiol, Serum): postmenopausal women <10 pg/mL; age 51+ stands in for menopause',
          url: `${MAYO_CATALOG}/overview/81816`,
        },
        { age: [51, null] },
      ),
    ],
  },
  {
    slug: 'fsh',
    units: [conv('m[IU]/mL', '1', 1, { label: 'mIU/mL' }), si('[IU]/L', 1, { label: 'IU/L' })],
    ranges: [
      range('male', '[IU]/L', '1.2', '15.8', mayo('FSH (Follicle-Stimulating Hormone, Serum), males >18 years')),
      range(
        'female',
        '[IU]/L',
        '2.9',
        '14.6',
        mayo('FSH (Follicle-Stimulating Hormone, Serum), premenopausal follicular phase (draw on cycle days 2–5)'),
        {
          age: [18, 50],
        },
      ),
      range(
        'female',
        '[IU]/L',
        '16.0',
        '157.0',
        mayo('FSH (Follicle-Stimulating Hormone, Serum), postmenopausal; age 51+ stands in for menopause'),
        {
          age: [51, null],
        },
      ),
    ],
  },
  {
    slug: 'lh',
    units: [conv('m[IU]/mL', '1', 1, { label: 'mIU/mL' }), si('[IU]/L', 1, { label: 'IU/L' })],
    ranges: [
      range('male', '[IU]/L', '1.3', '9.6', mayo('LH (Luteinizing Hormone, Serum), males >18 years')),
      range(
        'female',
        '[IU]/L',
        '1.9',
        '14.6',
        mayo('LH (Luteinizing Hormone, Serum), premenopausal follicular phase'),
        { age: [18, 50] },
      ),
      range(
        'female',
        '[IU]/L',
        '5.3',
        '65.4',
        mayo('LH (Luteinizing Hormone, Serum), postmenopausal; age 51+ stands in for menopause'),
        {
          age: [51, null],
        },
      ),
    ],
  },
  {
    slug: 'prolactin',
    // WHO 3rd International Standard 84/500: 1 ng/mL = 21.2 mIU/L.
    units: [conv('ng/mL', '21.2', 1), MIU_L('1', 0, { si: true }), unit('ug/L', '21.2', 1, { label: 'µg/L' })],
    ranges: [
      range('male', 'ng/mL', '4.0', '15.2', mayo('PRL (Prolactin, Serum)')),
      range('female', 'ng/mL', '4.8', '23.3', mayo('PRL (Prolactin, Serum), non-pregnant')),
    ],
  },
  {
    slug: 'dhea-s',
    units: [UG_DL('0.02714', 0), si('umol/L', 2, { label: 'µmol/L' })],
    ranges: (
      [
        [18, 19, '88', '483', '63', '373'],
        [20, 24, '211', '492', '148', '407'],
        [25, 34, '160', '449', '99', '340'],
        [35, 44, '89', '427', '61', '337'],
        [45, 54, '44', '331', '35', '256'],
        [55, 64, '52', '295', '19', '205'],
        [65, 74, '34', '249', '9', '246'],
        [75, null, '16', '123', '12', '154'],
      ] as const
    ).flatMap(([ageMin, ageMax, mLow, mHigh, fLow, fHigh]) => {
      const source = {
        text: `ARUP Laboratories, Dehydroepiandrosterone Sulfate, Serum (0070040), ${ageMin === 18 ? '15–19' : ageMax === null ? `${ageMin} and older` : `${ageMin}–${ageMax}`} years`,
        url: ARUP_DHEAS,
      };
      return [
        range('male', 'ug/dL', mLow, mHigh, source, { age: [ageMin, ageMax] }),
        range('female', 'ug/dL', fLow, fHigh, source, { age: [ageMin, ageMax] }),
      ];
    }),
  },
  {
    slug: 'amh',
    units: [conv('ng/mL', '7.14', 2), si('pmol/L', 1)],
    ranges: [
      range('female', 'ng/mL', '1.1', null, {
        text: 'ESHRE Bologna criteria for poor ovarian response (Ferraretti et al., Hum Reprod 2011;26:1616): AMH <0.5–1.1 ng/mL marks low ovarian reserve; AMH falls with age and has no population upper limit',
        url: 'https://doi.org/10.1093/humrep/der092',
      }),
    ],
  },
  {
    slug: 'psa',
    units: [conv('ng/mL', '1', 2), si('ug/L', 2, { label: 'µg/L' })],
    ranges: [
      range('male', 'ng/mL', null, '4.0', {
        text: 'National Cancer Institute, Prostate-Specific Antigen (PSA) Test fact sheet (4.0 ng/mL the traditional cut-off)',
        url: 'https://www.cancer.gov/types/prostate/psa-fact-sheet',
      }),
      ...(
        [
          [40, 49, '2.5'],
          [50, 59, '3.5'],
          [60, 69, '4.5'],
          [70, 79, '6.5'],
        ] as const
      ).map(([ageMin, ageMax, high]) =>
        range(
          'male',
          'ng/mL',
          null,
          high,
          {
            text: 'Oesterling et al., Serum prostate-specific antigen in a community-based population of healthy men: age-specific reference ranges, JAMA 1993;270:860',
            url: 'https://doi.org/10.1001/jama.1993.03510070082041',
          },
          { age: [ageMin, ageMax] },
        ),
      ),
    ],
  },
  {
    slug: 'magnesium',
    units: [conv('mg/dL', '0.4114', 1), si('mmol/L', 2)],
    ranges: [
      range('any', 'mg/dL', '1.7', '2.3', mayo('MG (Magnesium, Serum)'), {
        critical: ['1.0', '5.0'],
        note: `critical ≤1.0 and ≥5.0 mg/dL: ${WAKEMED_CRITICAL}`,
      }),
    ],
  },
  {
    slug: 'zinc',
    units: [UG_DL('0.153', 0), UMOL_L(1), unit('ug/mL', '15.3', 2, { label: 'µg/mL' })],
    ranges: [range('any', 'ug/mL', '0.60', '1.20', mayo('ZNS (Zinc, Serum)'))],
  },
  {
    slug: 'calcium',
    units: [conv('mg/dL', '0.2495', 1), si('mmol/L', 2)],
    ranges: [
      range(
        'any',
        'mg/dL',
        '8.5',
        '10.2',
        {
          text: 'MedlinePlus (NIH), Calcium blood test: normal values 8.5–10.2 mg/dL',
          url: 'https://medlineplus.gov/ency/article/003477.htm',
        },
        {
          critical: ['6.5', '13.0'],
          note: 'critical ≤6.5 and ≥13.0 mg/dL: Houston Methodist laboratory critical values',
        },
      ),
    ],
  },
  {
    slug: 'ttg-iga',
    units: [si('U/mL', 1, { conventional: true })],
    ranges: [
      range('any', 'U/mL', null, '3.9', mayo('TTGA (Tissue Transglutaminase Antibody, IgA, Serum)'), {
        note: 'negative <4.0 U/mL; assay-specific',
      }),
    ],
  },
];

/** The reference of a biomarker by its slug. */
export const BIOMARKER_REFERENCE_BY_SLUG: ReadonlyMap<string, BiomarkerReference> = new Map(
  BIOMARKER_REFERENCE.map((r) => [r.slug, r]),
);
