// Biomarker units and conversions: a result typed in one unit shown in the shopper's
// preferred one. Every unit states how it maps to the biomarker's SI unit as decimal texts,
//   value in SI = (value − offset) × factor ÷ divisor,
// which covers plain factors (25-OH vitamin D: nmol/L = ng/mL × 2.496), factors textbooks state as a
// divisor (glucose: mmol/L = mg/dL ÷ 18.016) and the one affine conversion (HbA1c: the IFCC–NGSP
// master equation NGSP % = 0.09148 × IFCC mmol/mol + 2.152, so mmol/mol = (% − 2.152) ÷ 0.09148).
// Arithmetic is exact (BigInt fractions): a conversion is rounded once, half away from zero, to the
// target unit's stated decimals, so "5.0" mmol/L never shows as 4.999999 or 5.000001.
// The data itself is biomarker-reference-data.ts.

export type Sex = 'male' | 'female';
export type RangeSex = 'any' | Sex;
export type UnitPreference = 'si' | 'conventional';

export interface BiomarkerUnit {
  /** UCUM code, e.g. 'ng/mL', 'u[IU]/mL', '10*3/uL'. */
  ucum: string;
  /** What shoppers read when it differs from the UCUM code (Arabic falls back to English). */
  label?: { en: string; ar?: string };
  /** value in SI = (value − offset) × factor ÷ divisor; decimal texts. */
  factor: string;
  divisor?: string;
  offset?: string;
  /** Decimals a value in this unit is shown (and compared) with. */
  decimals: number;
  si?: boolean;
  conventional?: boolean;
}

export interface BiomarkerRange {
  sex: RangeSex;
  /** Age in completed years, both ends inclusive; ageMax null: no upper bound. */
  ageMin: number;
  ageMax: number | null;
  /** UCUM code of one of the biomarker's units: the limits below are in it. */
  unit: string;
  /** Inclusive limits: low ≤ value ≤ high is in range; null: no limit on that side. */
  low: string | null;
  high: string | null;
  optimalLow?: string;
  optimalHigh?: string;
  /** Critical (call-the-doctor) limits, as laboratories list them: value ≤ criticalLow, value ≥ criticalHigh. */
  criticalLow?: string;
  criticalHigh?: string;
  /** The citation and, after "; ", the note on the limits (English, as stored with the range). */
  source: string;
  sourceUrl: string;
  /** The citation alone, and the note alone: what the shop translates (rangeSourceText). */
  citation: string;
  note?: string;
}

export interface BiomarkerReference {
  slug: string;
  units: BiomarkerUnit[];
  ranges: BiomarkerRange[];
}

// --- exact decimal fractions ---------------------------------------------------------------------

/** n / d with d > 0. */
export interface Fraction {
  n: bigint;
  d: bigint;
}

const DECIMAL = /^-?\d+(\.\d+)?$/;

export function isDecimal(text: string): boolean {
  return DECIMAL.test(text);
}

export function parseDecimal(text: string): Fraction {
  if (!DECIMAL.test(text)) throw new Error(`not a decimal: ${text}`);
  const [whole, fraction = ''] = text.split('.');
  return { n: BigInt(`${whole}${fraction}`), d: 10n ** BigInt(fraction.length) };
}

const sub = (a: Fraction, b: Fraction): Fraction => ({ n: a.n * b.d - b.n * a.d, d: a.d * b.d });
const add = (a: Fraction, b: Fraction): Fraction => ({ n: a.n * b.d + b.n * a.d, d: a.d * b.d });
const mul = (a: Fraction, b: Fraction): Fraction => ({ n: a.n * b.n, d: a.d * b.d });
const div = (a: Fraction, b: Fraction): Fraction => {
  if (b.n === 0n) throw new Error('division by zero');
  return b.n < 0n ? { n: -a.n * b.d, d: a.d * -b.n } : { n: a.n * b.d, d: a.d * b.n };
};

/** −1, 0 or 1 as a < b, a = b, a > b. */
export function compareFractions(a: Fraction, b: Fraction): number {
  const diff = a.n * b.d - b.n * a.d;
  return diff < 0n ? -1 : diff > 0n ? 1 : 0;
}

/** The fraction rounded half away from zero to `decimals` places, as a fraction. */
export function roundFraction(x: Fraction, decimals: number): Fraction {
  const scale = 10n ** BigInt(decimals);
  const scaled = x.n * scale;
  const negative = scaled < 0n;
  const abs = negative ? -scaled : scaled;
  let q = abs / x.d;
  if ((abs % x.d) * 2n >= x.d) q += 1n;
  return { n: negative ? -q : q, d: scale };
}

/** A fraction as a decimal text with exactly `decimals` places (rounded half away from zero). */
export function formatFraction(x: Fraction, decimals: number): string {
  const r = roundFraction(x, decimals);
  const negative = r.n < 0n;
  const digits = (negative ? -r.n : r.n).toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const text = decimals > 0 ? `${whole}.${digits.slice(digits.length - decimals)}` : whole;
  return negative && /[1-9]/.test(text) ? `-${text}` : text;
}

// --- units -----------------------------------------------------------------------------------------

/** The unit a text names: its UCUM code or its English or Arabic label (results store what staff typed). */
export function findUnit(ref: BiomarkerReference, text: string): BiomarkerUnit | undefined {
  const t = text.trim();
  return ref.units.find((u) => u.ucum === t || u.label?.en === t || u.label?.ar === t);
}

function unitOrThrow(ref: BiomarkerReference, text: string): BiomarkerUnit {
  const unit = findUnit(ref, text);
  if (!unit) throw new Error(`${ref.slug}: unknown unit ${text}`);
  return unit;
}

/** The label to show for a unit in a language. */
export function unitLabel(unit: BiomarkerUnit, lang: 'en' | 'ar'): string {
  return (lang === 'ar' ? unit.label?.ar : undefined) ?? unit.label?.en ?? unit.ucum;
}

/** The biomarker's SI unit, or its conventional one (the SI unit when it has none apart). */
export function preferredUnit(ref: BiomarkerReference, preference: UnitPreference): BiomarkerUnit {
  const si = ref.units.find((u) => u.si);
  if (!si) throw new Error(`${ref.slug}: no SI unit`);
  return preference === 'conventional' ? (ref.units.find((u) => u.conventional) ?? si) : si;
}

const toSi = (x: Fraction, u: BiomarkerUnit): Fraction =>
  div(mul(sub(x, parseDecimal(u.offset ?? '0')), parseDecimal(u.factor)), parseDecimal(u.divisor ?? '1'));

const fromSi = (x: Fraction, u: BiomarkerUnit): Fraction =>
  add(div(mul(x, parseDecimal(u.divisor ?? '1')), parseDecimal(u.factor)), parseDecimal(u.offset ?? '0'));

/** The exact value of `value` (in `from`) expressed in `to`, unrounded. */
export function convertExact(ref: BiomarkerReference, value: string | Fraction, from: string, to: string): Fraction {
  const x = typeof value === 'string' ? parseDecimal(value) : value;
  const f = unitOrThrow(ref, from);
  const t = unitOrThrow(ref, to);
  if (f === t) return x;
  return fromSi(toSi(x, f), t);
}

/** `value` (in `from`) in `to`, rounded to `to`'s decimals: what a result page shows. */
export function convert(ref: BiomarkerReference, value: string, from: string, to: string): string {
  return formatFraction(convertExact(ref, value, from, to), unitOrThrow(ref, to).decimals);
}

/** A value as the shopper reads it: in their preferred unit, at that unit's precision. */
export function displayValue(
  ref: BiomarkerReference,
  value: string,
  unit: string,
  preference: UnitPreference,
): { value: string; unit: BiomarkerUnit } {
  const target = preferredUnit(ref, preference);
  return { value: convert(ref, value, unit, target.ucum), unit: target };
}
