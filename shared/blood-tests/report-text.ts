// Values found in a lab report's text: the lines of an uploaded PDF, read for the biomarkers
// the shop knows, offered to the shopper to confirm one by one (nothing found here is saved unconfirmed).
// Pure: the API passes the lines and the markers' names (from D1 `biomarkers`); the aliases labs print
// ("25(OH)D", "SGPT", "السكر التراكمي"…) are added here. Per line, the longest name wins ("HDL
// cholesterol" over "cholesterol"); the value is the first number after it that is no part of a range
// ("30 - 100"), a comparison ("< 5.7"), a date or a word ("D3"); flags ("H", "Low") are skipped; the
// unit is read next to it against the marker's units. An unknown or missing unit proposes the marker's
// conventional unit, marked `unit_guessed` so the page asks. One finding per marker: the first.
import { normalizeDigits } from '../text/digits';
import { BIOMARKER_REFERENCE } from './biomarker-reference-data';
import { type BiomarkerReference, type BiomarkerUnit, findUnit, preferredUnit } from './biomarker-units';

export interface ReportMarker {
  slug: string;
  /** The marker's names (English and Arabic, as the catalogue has them). */
  names: readonly string[];
  /** Its LOINC code: a report that prints it names the marker beyond doubt. */
  loinc?: string;
}

export interface ReportFinding {
  biomarker: string;
  /** Latin digits, a dot: "18.2". */
  value: string;
  /** A UCUM code of the marker's units. */
  unit: string;
  /** The unit was missing or not one of the marker's: this is its conventional unit, to be checked. */
  unit_guessed: boolean;
  /** The report's line the value was read from (trimmed, at most 120 characters). */
  line: string;
}

/** What labs print besides the catalogue's names (matched ignoring case, spaces and hyphens). */
const REPORT_ALIASES: Readonly<Record<string, readonly string[]>> = {
  'vitamin-d-25-oh': [
    '25-Hydroxy Vitamin D',
    '25-Hydroxyvitamin D',
    '25 OH Vitamin D',
    '25(OH)D',
    '25(OH) Vitamin D',
    '25(OH)D3',
    'Vitamin D, 25-Hydroxy',
    'Vitamin D Total',
    'Vitamin D',
    'Vit D',
    'Vit. D',
    'فيتامين د',
    'فيتامين دال',
  ],
  'vitamin-b12': ['Vitamin B12', 'Vit B12', 'B12', 'Cobalamin', 'فيتامين ب 12', 'فيتامين ب١٢'],
  folate: ['Folic acid', 'Serum folate', 'حمض الفوليك', 'الفولات'],
  ferritin: ['Ferritin', 'Serum ferritin', 'فيريتين', 'فيرتين'],
  iron: ['Iron', 'Serum iron', 'Fe', 'حديد', 'الحديد'],
  tibc: ['TIBC', 'Total iron binding capacity'],
  'transferrin-saturation': ['Transferrin saturation', 'TSAT', 'Iron saturation'],
  hba1c: [
    'HbA1c',
    'Hb A1c',
    'A1c',
    'Glycated haemoglobin',
    'Glycated hemoglobin',
    'Glycosylated haemoglobin',
    'Glycosylated hemoglobin',
    'Haemoglobin A1c',
    'Hemoglobin A1c',
    'السكر التراكمي',
    'الهيموغلوبين السكري',
    'الهيموجلوبين السكري',
  ],
  'glucose-fasting': ['Fasting glucose', 'Fasting blood sugar', 'FBS', 'Glucose', 'Glucose fasting', 'سكر صائم'],
  insulin: ['Insulin', 'Fasting insulin', 'انسولين'],
  'cholesterol-total': ['Cholesterol', 'Total cholesterol', 'Cholesterol total', 'كوليسترول', 'كولسترول'],
  ldl: ['LDL', 'LDL-C', 'LDL cholesterol', 'كوليسترول ضار'],
  hdl: ['HDL', 'HDL-C', 'HDL cholesterol', 'كوليسترول نافع'],
  triglycerides: ['Triglycerides', 'Triglyceride', 'TG', 'دهون ثلاثية'],
  apob: ['ApoB', 'Apo B', 'Apolipoprotein B'],
  'lipoprotein-a': ['Lp(a)', 'Lipoprotein (a)'],
  tsh: ['TSH', 'Thyroid stimulating hormone', 'Thyrotropin'],
  'free-t4': ['FT4', 'Free T4', 'Free thyroxine'],
  'free-t3': ['FT3', 'Free T3', 'Free triiodothyronine'],
  'anti-tpo': ['Anti-TPO', 'TPO antibodies', 'Anti thyroid peroxidase'],
  hemoglobin: ['Haemoglobin', 'Hemoglobin', 'Hb', 'Hgb', 'هيموغلوبين', 'هيموجلوبين', 'خضاب الدم'],
  hematocrit: ['Haematocrit', 'Hematocrit', 'Hct', 'PCV'],
  rbc: ['RBC', 'RBC count', 'Red blood cells', 'Red cell count'],
  mcv: ['MCV', 'Mean corpuscular volume'],
  wbc: ['WBC', 'WBC count', 'White blood cells', 'White cell count', 'Total leukocyte count', 'TLC'],
  platelets: ['Platelets', 'Platelet count', 'PLT'],
  creatinine: ['Creatinine', 'Serum creatinine', 'كرياتينين'],
  urea: ['BUN', 'Urea nitrogen', 'Blood urea nitrogen'],
  egfr: ['eGFR', 'GFR'],
  sodium: ['Sodium', 'Na', 'صوديوم'],
  potassium: ['Potassium', 'K', 'بوتاسيوم'],
  'uric-acid': ['Uric acid', 'حمض البوليك'],
  alt: ['ALT', 'SGPT', 'ALT (SGPT)', 'Alanine aminotransferase', 'Alanine transaminase'],
  ast: ['AST', 'SGOT', 'AST (SGOT)', 'Aspartate aminotransferase', 'Aspartate transaminase'],
  alp: ['ALP', 'Alkaline phosphatase'],
  ggt: ['GGT', 'Gamma GT', 'Gamma-glutamyl transferase'],
  bilirubin: ['Total bilirubin', 'Bilirubin total', 'Bilirubin'],
  albumin: ['Albumin', 'Serum albumin', 'ألبومين'],
  'hs-crp': ['hs-CRP', 'hsCRP', 'High sensitivity CRP', 'CRP'],
  esr: ['ESR', 'Erythrocyte sedimentation rate'],
  ck: ['CK', 'CPK', 'Creatine kinase'],
  'testosterone-total': ['Testosterone', 'Total testosterone', 'تستوستيرون'],
  'testosterone-free': ['Free testosterone'],
  cortisol: ['Cortisol', 'Cortisol AM', 'كورتيزول'],
  estradiol: ['Estradiol', 'Oestradiol', 'E2'],
  fsh: ['FSH'],
  lh: ['LH'],
  prolactin: ['Prolactin', 'PRL'],
  'dhea-s': ['DHEA-S', 'DHEAS', 'DHEA sulfate', 'DHEA sulphate'],
  amh: ['AMH', 'Anti-Mullerian hormone'],
  psa: ['PSA', 'Total PSA'],
  magnesium: ['Magnesium', 'Mg', 'مغنيسيوم', 'مغنسيوم'],
  zinc: ['Zinc', 'Zn', 'زنك'],
  calcium: ['Calcium', 'Ca', 'Total calcium', 'كالسيوم'],
  'ttg-iga': ['tTG-IgA', 'tTG IgA', 'Anti-tTG IgA'],
};

/** Units as Arabic reports print them, to their Latin spelling (after `matchKey`). */
const ARABIC_UNITS: Readonly<Record<string, string>> = {
  'نانوغرام/مل': 'ng/ml',
  'نانوجرام/مل': 'ng/ml',
  'نانوغرام/ملليلتر': 'ng/ml',
  'نغ/مل': 'ng/ml',
  'بيكوغرام/مل': 'pg/ml',
  'بيكوجرام/مل': 'pg/ml',
  'ملغ/دل': 'mg/dl',
  'مغ/دل': 'mg/dl',
  'مجم/دل': 'mg/dl',
  'ملجم/دل': 'mg/dl',
  'ملغ/ديسيلتر': 'mg/dl',
  'غ/دل': 'g/dl',
  'جم/دل': 'g/dl',
  'غرام/ديسيلتر': 'g/dl',
  'مليمول/لتر': 'mmol/l',
  'مليمول/ل': 'mmol/l',
  'ملمول/لتر': 'mmol/l',
  'نانومول/لتر': 'nmol/l',
  'نانومول/ل': 'nmol/l',
  'ميكرومول/لتر': 'umol/l',
  'بيكومول/لتر': 'pmol/l',
  'وحده/لتر': 'u/l',
  'وحده دوليه/لتر': 'iu/l',
  'مم/ساعه': 'mm/h',
};

const FLAGS = new Set(['l', 'h', 'll', 'hh', 'low', 'high', 'n', 'normal', 'abnormal', 'منخفض', 'مرتفع', 'طبيعي']);

/** A line at most this long is kept as the finding's source. */
const FINDING_LINE_MAX = 120;
/** Lines read at most (a report of 10 pages has far fewer). */
const MAX_LINES = 3000;

/**
 * The text as matched: Latin digits, lower case, Arabic letters folded (alef forms, yā', tā' marbūṭa,
 * no diacritics or tatweel), µ as u, dashes as "-", one space. Every change keeps the length, so
 * positions found here are positions in the line. Diacritics and tatweel become spaces for that.
 */
function matchKey(text: string): string {
  return normalizeDigits(text)
    .replace(/[\u064B-\u065F\u0670\u0640]/g, ' ')
    .replace(/[أإآٱ]/g, 'ا')
    .replace(/ى/g, 'ي')
    .replace(/ة/g, 'ه')
    .replace(/٪/g, '%')
    .replace(/[µμ]/g, 'u')
    .replace(/[‐-―−]/g, '-')
    .replace(/[\s\u00A0\u202F\u200E\u200F]/g, ' ')
    .replace(/\p{Lu}/gu, (ch) => {
      const lower = ch.toLowerCase();
      return lower.length === ch.length ? lower : ch;
    });
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const ARABIC = /[\u0600-\u06FF]/;

/** A name as a pattern: spaces and hyphens optional between its words, "ال" optional before Arabic. */
function namePattern(name: string): string | null {
  const words = matchKey(name)
    .trim()
    .split(/[\s-]+/)
    .filter(Boolean);
  if (!words.length) return null;
  const body = words.map(escapeRegExp).join('[\\s-]*');
  return ARABIC.test(name) && !words[0]!.startsWith('ال') ? `(?:ال)?${body}` : body;
}

interface Compiled {
  slug: string;
  ref: BiomarkerReference;
  names: RegExp[];
  loinc?: RegExp;
}

const REFERENCE = new Map(BIOMARKER_REFERENCE.map((r) => [r.slug, r]));

function compile(markers: readonly ReportMarker[]): Compiled[] {
  const compiled: Compiled[] = [];
  for (const m of markers) {
    const ref = REFERENCE.get(m.slug);
    if (!ref) continue;
    const patterns = new Set<string>();
    for (const name of [...m.names, ...(REPORT_ALIASES[m.slug] ?? [])]) {
      const p = namePattern(name);
      if (p) patterns.add(p);
    }
    compiled.push({
      slug: m.slug,
      ref,
      names: [...patterns].map((p) => new RegExp(`(?<![\\p{L}\\p{N}])${p}(?![\\p{L}])`, 'gu')),
      ...(m.loinc ? { loinc: new RegExp(`(?<![\\p{L}\\p{N}-])${escapeRegExp(m.loinc)}(?![\\p{N}-])`, 'gu') } : {}),
    });
  }
  return compiled;
}

interface Hit {
  marker: Compiled;
  start: number;
  end: number;
  /** Longer wins; a LOINC code wins over any name. */
  weight: number;
}

/** The marker a line names: the longest name (a LOINC code first), the earliest of equals. */
function markerOf(key: string, markers: Compiled[]): { hit: Hit; loincs: Array<[number, number]> } | null {
  let best: Hit | null = null;
  const loincs: Array<[number, number]> = [];
  const consider = (hit: Hit) => {
    if (!best || hit.weight > best.weight || (hit.weight === best.weight && hit.start < best.start)) best = hit;
  };
  for (const marker of markers) {
    if (marker.loinc)
      for (const m of key.matchAll(marker.loinc)) {
        loincs.push([m.index, m.index + m[0].length]);
        consider({ marker, start: m.index, end: m.index + m[0].length, weight: 1000 });
      }
    for (const re of marker.names)
      for (const m of key.matchAll(re)) {
        // "Non-HDL cholesterol" is not HDL.
        if (/non[\s-]*$/.test(key.slice(Math.max(0, m.index - 5), m.index))) continue;
        consider({ marker, start: m.index, end: m.index + m[0].length, weight: m[0].length });
      }
  }
  return best ? { hit: best, loincs } : null;
}

/** "18,2" → "18.2", "1,234.5" → "1234.5"; null when it is no plain positive decimal of ≤ 4 places. */
function decimalOf(raw: string): string | null {
  let text = raw;
  if (/^\d{1,3}(,\d{3})+\.\d+$/.test(text)) text = text.replace(/,/g, '');
  else if (/^\d+,\d+$/.test(text)) text = text.replace(',', '.');
  const m = /^0*(\d+)(?:\.(\d+))?$/.exec(text);
  if (!m) return null;
  if (m[2] && m[2].length > 4) return null;
  const value = m[2] ? `${m[1]}.${m[2]}` : m[1]!;
  return /[1-9]/.test(value) ? value : null;
}

const NUMBER = /\d+(?:[.,]\d+)*/g;

/** The first number after `from` that reads as a result, with where it ends. */
function valueAfter(key: string, from: number): { value: string; end: number } | null {
  NUMBER.lastIndex = from;
  for (let m = NUMBER.exec(key); m; m = NUMBER.exec(key)) {
    const start = m.index;
    const end = start + m[0].length;
    const before = key.slice(0, start);
    const after = key.slice(end);
    // Part of a word or code ("D3", "B12", "A1c"), or of a longer number.
    if (/[\p{L}\p{N}_.,]$/u.test(before)) continue;
    // The high end of a range, a comparison, a date or a time.
    if (/\d\s*-\s*$/.test(before) || /[<>≤≥=]\s*$/.test(before) || /\d\s*[/:]\s*$/.test(before)) continue;
    // The low end of a range ("30 - 100", "30-100"), a date ("15/01"), a time, or a count ("x 10^3").
    if (/^\s*-\s*\d/.test(after) || /^\s*[/:]\s*\d/.test(after) || /^\s*\^/.test(after)) continue;
    // Part of a name ("25-OH", "25(OH)").
    if (/^(-\p{L}|\()/u.test(after)) continue;
    const value = decimalOf(m[0]);
    if (value) return { value, end };
  }
  return null;
}

/** A unit's spelling for comparison: no spaces, brackets or "x" before 10, ^ as *, mcg as ug. */
function unitKey(text: string): string {
  const key = matchKey(text)
    .replace(/[\s[\]]/g, '')
    .replace(/^[x×]10/, '10')
    .replace(/\^/g, '*')
    .replace(/mcg/g, 'ug')
    .replace(/^[([]+|[)\],;.:]+$/g, '');
  return ARABIC_UNITS[key] ?? key;
}

/** The marker's unit a text names, as printed ("ng/ml", "IU/L", "x10^3/µL", "نانوغرام/مل"). */
export function reportUnit(ref: BiomarkerReference, text: string): BiomarkerUnit | undefined {
  const exact = findUnit(ref, text);
  if (exact) return exact;
  const key = unitKey(text);
  if (!key) return undefined;
  const keys = (u: BiomarkerUnit) => [u.ucum, u.label?.en, u.label?.ar].filter((s): s is string => !!s).map(unitKey);
  const found = ref.units.find((u) => keys(u).includes(key));
  if (found) return found;
  // Enzymes: "IU/L" and "U/L" are the same unit as labs print them.
  const alias = key === 'iu/l' ? 'u/l' : key === 'u/l' ? 'iu/l' : null;
  return alias ? ref.units.find((u) => keys(u).includes(alias)) : undefined;
}

/** The unit printed after a value, skipping flags; undefined when none of the marker's is there. */
function unitAfter(ref: BiomarkerReference, rest: string): BiomarkerUnit | undefined {
  const tokens = rest.trim().split(/\s+/).filter(Boolean).slice(0, 5);
  let i = 0;
  while (i < tokens.length && (FLAGS.has(tokens[i]!.replace(/[()[\]*↑↓!]/g, '')) || /^[*↑↓!]+$/.test(tokens[i]!))) i++;
  const first = tokens[i];
  if (!first) return undefined;
  const second = tokens[i + 1];
  const third = tokens[i + 2];
  for (const candidate of [
    first,
    ...(second ? [`${first}${second}`, `${first} ${second}`] : []),
    ...(second && third ? [`${first}${second}${third}`, `${first} ${second} ${third}`] : []),
  ]) {
    const unit = reportUnit(ref, candidate);
    if (unit) return unit;
  }
  return undefined;
}

const sourceLine = (line: string) => line.replace(/\s+/g, ' ').trim().slice(0, FINDING_LINE_MAX);

/** The values a report's lines give for the known markers: at most one per marker, the first found. */
export function findReportValues(lines: readonly string[], markers: readonly ReportMarker[]): ReportFinding[] {
  const compiled = compile(markers);
  const found = new Map<string, ReportFinding>();
  for (const line of lines.slice(0, MAX_LINES)) {
    if (line.length > 1000) continue;
    let key = matchKey(line);
    const named = markerOf(key, compiled);
    if (!named) continue;
    const { hit, loincs } = named;
    if (found.has(hit.marker.slug)) continue;
    // A printed LOINC code ("1989-3") is no value: blanked before the value is looked for.
    for (const [s, e] of loincs) key = key.slice(0, s) + ' '.repeat(e - s) + key.slice(e);
    // The value follows the name; a name printed after its value ("18.2 ng/mL Vitamin D") is not read.
    const value = valueAfter(key, hit.end);
    if (!value) continue;
    const ref = hit.marker.ref;
    const unit = unitAfter(ref, key.slice(value.end));
    found.set(hit.marker.slug, {
      biomarker: hit.marker.slug,
      value: value.value,
      unit: (unit ?? preferredUnit(ref, 'conventional')).ucum,
      unit_guessed: !unit,
      line: sourceLine(line),
    });
  }
  return [...found.values()];
}
