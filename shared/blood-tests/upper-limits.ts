// Tolerable upper intake levels: the most of a nutrient a day that is unlikely to harm
// almost anyone, from the US National Academies' Dietary Reference Intakes as the NIH Office of Dietary
// Supplements (ODS) fact sheets list them. The suggestion rules never offer a product whose daily dose
// is above the UL for the ages it serves (`checkUpperLimit`), and a unit test walks every rule and every
// seeded product it can offer through the same check (api/seed/product-doses.test.ts).
//
// Only ages the rules serve (18 and over) are listed. An 18-year-old is in the DRIs' 14–18 band, whose
// limits are lower for some nutrients (zinc 34 mg, folic acid 800 µg…), so that band is listed too.
// Doses are per day, as labelled (one serving a day); amounts are decimal texts.
import { compareFractions, type Fraction, parseDecimal } from './biomarker-units';

export type Nutrient =
  | 'vitamin-d'
  | 'iron'
  | 'zinc'
  | 'magnesium'
  | 'folic-acid'
  | 'vitamin-b6'
  | 'vitamin-a'
  | 'calcium'
  | 'vitamin-e'
  | 'vitamin-c'
  | 'selenium'
  | 'iodine'
  | 'vitamin-b12';

/** The units a label states a dose in: international units, micrograms (mcg = µg), milligrams. */
export type DoseUnit = 'IU' | 'mcg' | 'mg';

export interface Dose {
  nutrient: Nutrient;
  /** Decimal text, per day. */
  amount: string;
  unit: DoseUnit;
}

interface UpperLimitBand {
  /** Completed years, both ends inclusive; ageMax null: no upper bound. */
  ageMin: number;
  ageMax: number | null;
  /** Decimal text in the nutrient's `unit`. */
  amount: string;
}

export interface UpperLimit {
  nutrient: Nutrient;
  unit: DoseUnit;
  /** Empty: no UL has been set (vitamin B12: no adverse effects seen at any intake). */
  bands: UpperLimitBand[];
  /** What the limit covers, when not all intake (magnesium: supplements only; vitamin A: preformed). */
  note: string;
  source: { name: string; url: string };
}

const ods = (name: string, page: string) => ({
  name: `NIH Office of Dietary Supplements, ${name} fact sheet for health professionals (Tolerable Upper Intake Levels)`,
  url: `https://ods.od.nih.gov/factsheets/${page}-HealthProfessional/`,
});

const teenAndAdult = (teen: string, adult: string): UpperLimitBand[] => [
  { ageMin: 14, ageMax: 18, amount: teen },
  { ageMin: 19, ageMax: null, amount: adult },
];

export const UPPER_LIMITS: readonly UpperLimit[] = [
  {
    nutrient: 'vitamin-d',
    unit: 'IU',
    // 4,000 IU = 100 µg, from 9 years on.
    bands: [{ ageMin: 9, ageMax: null, amount: '4000' }],
    note: 'all sources',
    source: ods('Vitamin D', 'VitaminD'),
  },
  {
    nutrient: 'iron',
    unit: 'mg',
    bands: [{ ageMin: 14, ageMax: null, amount: '45' }],
    note: 'all sources',
    source: ods('Iron', 'Iron'),
  },
  { nutrient: 'zinc', unit: 'mg', bands: teenAndAdult('34', '40'), note: 'all sources', source: ods('Zinc', 'Zinc') },
  {
    nutrient: 'magnesium',
    unit: 'mg',
    bands: [{ ageMin: 9, ageMax: null, amount: '350' }],
    note: 'supplements and medicines only; magnesium in food has no UL',
    source: ods('Magnesium', 'Magnesium'),
  },
  {
    nutrient: 'folic-acid',
    unit: 'mcg',
    bands: teenAndAdult('800', '1000'),
    note: 'folic acid from supplements and fortified food; naturally occurring food folate has no UL',
    source: ods('Folate', 'Folate'),
  },
  {
    nutrient: 'vitamin-b6',
    unit: 'mg',
    bands: teenAndAdult('80', '100'),
    note: 'all sources',
    source: ods('Vitamin B6', 'VitaminB6'),
  },
  {
    nutrient: 'vitamin-a',
    unit: 'mcg',
    bands: teenAndAdult('2800', '3000'),
    note: 'preformed vitamin A (retinol), µg RAE; beta-carotene has no UL',
    source: ods('Vitamin A', 'VitaminA'),
  },
  {
    nutrient: 'calcium',
    unit: 'mg',
    bands: [
      { ageMin: 14, ageMax: 18, amount: '3000' },
      { ageMin: 19, ageMax: 50, amount: '2500' },
      { ageMin: 51, ageMax: null, amount: '2000' },
    ],
    note: 'all sources',
    source: ods('Calcium', 'Calcium'),
  },
  {
    nutrient: 'vitamin-e',
    unit: 'mg',
    bands: teenAndAdult('800', '1000'),
    note: 'alpha-tocopherol from supplements and fortified food',
    source: ods('Vitamin E', 'VitaminE'),
  },
  {
    nutrient: 'vitamin-c',
    unit: 'mg',
    bands: teenAndAdult('1800', '2000'),
    note: 'all sources',
    source: ods('Vitamin C', 'VitaminC'),
  },
  {
    nutrient: 'selenium',
    unit: 'mcg',
    bands: [{ ageMin: 14, ageMax: null, amount: '400' }],
    note: 'all sources',
    source: ods('Selenium', 'Selenium'),
  },
  {
    nutrient: 'iodine',
    unit: 'mcg',
    bands: teenAndAdult('900', '1100'),
    note: 'all sources',
    source: ods('Iodine', 'Iodine'),
  },
  {
    nutrient: 'vitamin-b12',
    unit: 'mcg',
    bands: [],
    note: 'no UL: no adverse effects have been linked to high intakes from food or supplements',
    source: ods('Vitamin B12', 'VitaminB12'),
  },
];

export const UPPER_LIMIT_BY_NUTRIENT: ReadonlyMap<Nutrient, UpperLimit> = new Map(
  UPPER_LIMITS.map((l) => [l.nutrient, l]),
);

export function isNutrient(value: string): value is Nutrient {
  return UPPER_LIMIT_BY_NUTRIENT.has(value as Nutrient);
}

/** Vitamin D: 40 IU = 1 µg. Other nutrients are stated in mg or µg only. */
const IU_PER_MCG_VITAMIN_D = 40n;

/** A dose amount in another unit of the same nutrient, exactly; null when it cannot be converted. */
export function doseIn(nutrient: Nutrient, amount: string, from: DoseUnit, to: DoseUnit): Fraction | null {
  const x = parseDecimal(amount);
  if (from === to) return x;
  if (from === 'mg' && to === 'mcg') return { n: x.n * 1000n, d: x.d };
  if (from === 'mcg' && to === 'mg') return { n: x.n, d: x.d * 1000n };
  if (nutrient === 'vitamin-d') {
    const mcg =
      from === 'IU' ? { n: x.n, d: x.d * IU_PER_MCG_VITAMIN_D } : from === 'mg' ? { n: x.n * 1000n, d: x.d } : x;
    if (to === 'IU') return { n: mcg.n * IU_PER_MCG_VITAMIN_D, d: mcg.d };
    return to === 'mg' ? { n: mcg.n, d: mcg.d * 1000n } : mcg;
  }
  return null;
}

/**
 * The strictest UL over an age window (both ends inclusive; ageMax null: no end): the amount no dose
 * may pass for anyone of those ages. Null: no UL (B12). Throws when the window reaches an age the table
 * does not cover, so a rule for younger people cannot pass unchecked.
 */
export function strictestUpperLimit(nutrient: Nutrient, ageMin: number, ageMax: number | null): Fraction | null {
  const limit = UPPER_LIMIT_BY_NUTRIENT.get(nutrient);
  if (!limit) throw new Error(`no upper-limit entry for ${nutrient}`);
  if (!limit.bands.length) return null;
  const overlapping = limit.bands.filter(
    (b) => (b.ageMax === null || b.ageMax >= ageMin) && (ageMax === null || b.ageMin <= ageMax),
  );
  const covered = Math.min(...limit.bands.map((b) => b.ageMin));
  if (ageMin < covered || !overlapping.length)
    throw new Error(`${nutrient}: no UL listed for ages ${ageMin}–${ageMax}`);
  return overlapping.map((b) => parseDecimal(b.amount)).reduce((min, x) => (compareFractions(x, min) < 0 ? x : min));
}

export type DoseVerdict =
  | { ok: true }
  | { ok: false; reason: 'unknown_nutrient' | 'unknown_unit' | 'above_upper_limit' };

/**
 * THE upper-limit check: a daily dose is at most the nutrient's UL for every age of the window. A dose
 * that cannot be put in the UL's unit is refused, never guessed. Every product a rule offers passes it
 * (api/src/blood-tests/results-view.ts), and the guard test runs every rule's seeded products through it.
 */
export function checkUpperLimit(dose: Dose, ageMin: number, ageMax: number | null): DoseVerdict {
  const limit = UPPER_LIMIT_BY_NUTRIENT.get(dose.nutrient);
  if (!limit) return { ok: false, reason: 'unknown_nutrient' };
  const amount = doseIn(dose.nutrient, dose.amount, dose.unit, limit.unit);
  if (!amount) return { ok: false, reason: 'unknown_unit' };
  const ul = strictestUpperLimit(dose.nutrient, ageMin, ageMax);
  if (ul && compareFractions(amount, ul) > 0) return { ok: false, reason: 'above_upper_limit' };
  return { ok: true };
}

/** A dose as a label states it: "1000 IU", "25 mg", "400 mcg". */
export function doseText(dose: Pick<Dose, 'amount' | 'unit'>): string {
  return `${dose.amount} ${dose.unit}`;
}
