// The shopper's blood-test results page: one history per person, each marker read against
// the range for that person's sex and age in the unit they prefer, and the suggestion rules on the latest
// values with the products they may offer. Everything is read in ONE D1 batch after the session: the
// profile, the patients, the values (approved results of results_ready shop orders and confirmed values
// of uploads, the last HISTORY_CAP per marker), the currencies and each rule's candidate products.
// Health data: nothing here is logged.
import { rangeSourceText } from '#shared/blood-tests/range-source';
import type {
  BloodTestResultsView,
  MarkerRange,
  MarkerResult,
  ResultPoint,
  ResultSource,
  ResultsPerson,
  SuggestedProduct,
  Suggestion,
} from '#shared/api/blood-test-results-schemas';
import { completedYears } from '#shared/api/blood-test-results-schemas';
import { evaluate, fallingWhileInRange, selectRange, type TrendPoint } from '#shared/blood-tests/biomarker-ranges';
import { BIOMARKER_REFERENCE_BY_SLUG } from '#shared/blood-tests/biomarker-reference-data';
import {
  type BiomarkerReference,
  convert,
  findUnit,
  isDecimal,
  preferredUnit,
  type Sex,
  type UnitPreference,
  unitLabel,
} from '#shared/blood-tests/biomarker-units';
import { gulfDate } from '#shared/blood-tests/slot-rules';
import { SUGGESTION_RULES, type SuggestionRule } from '#shared/blood-tests/suggestion-rules-data';
import { evaluateRules, type LatestValue, offerable } from '#shared/blood-tests/suggestions';
import { type DoseUnit, doseText, isNutrient } from '#shared/blood-tests/upper-limits';
import type { CountryCode, Lang } from '#shared/locale';
import { skusIn } from '../db/country-prices';
import { payableMinor } from '#shared/money';
import type { SessionUser } from '../accounts/sessions';
import { firstImageColumn, imageRefs } from '../catalogue/cards';
import { currencyStatement, knownCurrency, rememberCurrencies } from '../lib/currency';
import { col } from '../lib/lang';
import { countryOffsetSql } from '../db/country-sql';
import { ApiError } from '../lib/errors';
import { BODY_SYSTEMS } from '#shared/blood-tests/catalogue-types';

/** The points kept per marker (the latest ones). */
const HISTORY_CAP = 24;
/** Products a suggestion offers at most. */
const PRODUCTS_PER_SUGGESTION = 3;
/** Candidate rows read per rule (several SKUs of one product, some cut by the exact dose check). */
const CANDIDATES_PER_RULE = 12;

interface ProfileRow {
  sex: Sex | null;
  date_of_birth: string | null;
  unit_preference: UnitPreference;
}

interface PatientRow {
  id: number;
  name: string;
  sex: Sex;
  date_of_birth: string;
  relation: string;
  has_results: number;
}

export interface ValueRow {
  biomarker_id: number;
  slug: string;
  name: string;
  explanation: string;
  body_system: string;
  value: string;
  unit: string;
  date: string;
  source: ResultSource;
  source_id: number;
}

interface CandidateRow {
  rule: string;
  sku_id: number;
  amount: string;
  unit: DoseUnit;
  nutrient: string;
  sku_name: string;
  price: number;
  old_price: number | null;
  stock: number;
  buy_limit: number | null;
  product_id: number;
  slug: string;
  name: string;
  brand_id: number;
  brand_name: string;
  image: string | null;
}

// Approved results of the user's results_ready orders; the sample's date is the day it was collected
// on the clocks of the order's country (as its slot_date), or the visit day if no time was recorded.
const orderValues = (user: string) => `SELECT r.biomarker_id, r.value, r.unit,
    coalesce(date((o.sample_collected_at + ${countryOffsetSql('o.country')}) / 1000, 'unixepoch'), o.slot_date) AS date, 'order' AS source, o.id AS source_id
  FROM blood_test_results r JOIN blood_test_orders o ON o.id = r.order_id
  WHERE o.user_id = ${user} AND o.status = 'results_ready' AND r.approved_at IS NOT NULL`;
const uploadValues = (
  user: string,
) => `SELECT v.biomarker_id, v.value, v.unit, u.sample_date AS date, 'upload' AS source, u.id AS source_id
  FROM blood_test_upload_values v JOIN blood_test_uploads u ON u.id = v.upload_id WHERE u.user_id = ${user}`;

/** Her values (the user `user`, an SQL expression; a family member's with `patient`), latest last. */
function valuesSql(lang: Lang, user: string, patient: string | null): string {
  // The account holder: their uploads and the orders for their 'self' patient records; a family
  // member: that patient's orders (the user's own, whatever id was asked for).
  const union =
    patient === null
      ? `${orderValues(user)} AND o.patient_id IN (SELECT id FROM blood_test_patients WHERE user_id = ${user} AND relation = 'self')
         UNION ALL ${uploadValues(user)}`
      : `${orderValues(user)} AND o.patient_id = ${patient}`;
  return `SELECT x.*, b.slug, b.${col('name', lang)} AS name, b.${col('explanation', lang)} AS explanation, b.body_system
    FROM (SELECT v.*, row_number() OVER (PARTITION BY v.biomarker_id ORDER BY v.date DESC, v.source DESC, v.source_id DESC) AS n
          FROM (${union}) v) x
    JOIN biomarkers b ON b.id = x.biomarker_id
    WHERE x.n <= ${HISTORY_CAP}
    ORDER BY x.biomarker_id, x.date, x.source, x.source_id`;
}

function valuesStatement(db: D1Database, lang: Lang, userId: number, patientId: number | null): D1PreparedStatement {
  const statement = db.prepare(valuesSql(lang, '?1', patientId === null ? null : '?2'));
  return patientId === null ? statement.bind(userId) : statement.bind(userId, patientId);
}

/** In-stock SKUs with a dose of each rule's nutrient in its window (the exact checks follow in code), a
 * few per rule: the rules come as one JSON array bound to ?1, so any number of them is one statement. */
function candidatesStatement(
  db: D1Database,
  lang: Lang,
  country: CountryCode,
  rules: readonly SuggestionRule[],
): D1PreparedStatement {
  const windows = rules.flatMap((rule) => {
    const want = rule.products;
    if (!want) return [];
    const min = want.min && want.min.unit === want.max.unit ? Number(want.min.amount) : 0;
    return [{ rule: rule.id, nutrient: want.nutrient, unit: want.max.unit, max: Number(want.max.amount), min }];
  });
  return db
    .prepare(
      `WITH w AS (SELECT value ->> 'rule' AS rule, value ->> 'nutrient' AS nutrient, value ->> 'unit' AS unit,
           value ->> 'max' AS max, value ->> 'min' AS min, key AS at FROM json_each(?1)),
       hits AS (SELECT w.rule, w.at, n.sku_id, n.amount, n.unit, n.nutrient, s.${col('name', lang)} AS sku_name, s.price, s.old_price,
           s.stock, s.buy_limit, p.id AS product_id, p.slug, p.${col('name', lang)} AS name, b.id AS brand_id,
           b.${col('name', lang)} AS brand_name, ${firstImageColumn(lang)},
           row_number() OVER (PARTITION BY w.at ORDER BY p.popularity DESC, p.id, s.sort_order, s.id) AS k
         FROM w JOIN sku_nutrients n ON n.nutrient = w.nutrient AND n.unit = w.unit
           AND CAST(n.amount AS REAL) <= w.max AND CAST(n.amount AS REAL) >= w.min
         JOIN ${skusIn(country)} s ON s.id = n.sku_id JOIN products p ON p.id = s.product_id JOIN brands b ON b.id = p.brand_id
         WHERE s.stock > 0 AND p.is_active = 1)
       SELECT rule, sku_id, amount, unit, nutrient, sku_name, price, old_price, stock, buy_limit, product_id, slug, name,
         brand_id, brand_name, image
       FROM hits WHERE k <= ${CANDIDATES_PER_RULE} ORDER BY at, k`,
    )
    .bind(JSON.stringify(windows));
}

const bodySystemOrder = (system: string) => {
  const i = (BODY_SYSTEMS as readonly string[]).indexOf(system);
  return i < 0 ? BODY_SYSTEMS.length : i;
};

function rangeIn(
  ref: BiomarkerReference,
  range: NonNullable<ReturnType<typeof selectRange>>,
  to: string,
  lang: Lang,
): MarkerRange {
  const c = (limit: string | null | undefined) => (limit == null ? null : convert(ref, limit, range.unit, to));
  return {
    low: c(range.low),
    high: c(range.high),
    optimal_low: c(range.optimalLow),
    optimal_high: c(range.optimalHigh),
    critical_low: c(range.criticalLow),
    critical_high: c(range.criticalHigh),
    source: rangeSourceText(range, lang),
    source_url: range.sourceUrl,
  };
}

/** One marker's history, oldest first, read against the person's range in the display unit. */
export function markerResult(
  rows: ValueRow[],
  person: { sex: Sex | null; age: number | null },
  preference: UnitPreference,
  lang: Lang,
): MarkerResult {
  const first = rows[0]!;
  const ref = BIOMARKER_REFERENCE_BY_SLUG.get(first.slug);
  const display = ref ? preferredUnit(ref, preference) : null;
  const range = ref ? selectRange(ref, person.sex, person.age) : null;
  const trend: TrendPoint[] = [];
  const points: ResultPoint[] = rows.map((r) => {
    const base = { date: r.date, source: r.source, source_id: r.source_id };
    const known = ref && display && isDecimal(r.value) && findUnit(ref, r.unit);
    if (!known) return { ...base, value: r.value, flag: null, unconverted_unit: r.unit };
    trend.push({ value: r.value, unit: r.unit });
    return {
      ...base,
      value: convert(ref, r.value, r.unit, display.ucum),
      flag: range ? evaluate(ref, range, r.value, r.unit).flag : null,
    };
  });
  const latest = rows[rows.length - 1]!;
  const latestPoint = points[points.length - 1]!;
  const latestEvaluation =
    ref && range && latestPoint.unconverted_unit === undefined ? evaluate(ref, range, latest.value, latest.unit) : null;
  return {
    biomarker: {
      id: first.biomarker_id,
      slug: first.slug,
      name: first.name,
      explanation: first.explanation,
      body_system: first.body_system,
    },
    unit: display ? { code: display.ucum, label: unitLabel(display, lang) } : { code: first.unit, label: first.unit },
    points,
    range: ref && range && display ? rangeIn(ref, range, display.ucum, lang) : null,
    flag: latestEvaluation?.flag ?? null,
    optimal: latestEvaluation?.optimal ?? null,
    falling: ref && range ? fallingWhileInRange(ref, range, trend) : false,
  };
}

function suggestedProducts(rule: SuggestionRule, candidates: CandidateRow[], country: CountryCode): SuggestedProduct[] {
  const currency = knownCurrency(country);
  if (!currency) return [];
  const out: SuggestedProduct[] = [];
  const seen = new Set<number>();
  for (const c of candidates) {
    if (c.rule !== rule.id || seen.has(c.product_id) || !isNutrient(c.nutrient) || !isDecimal(c.amount)) continue;
    const dose = { nutrient: c.nutrient, amount: c.amount, unit: c.unit };
    // The exact window and the upper limit: a dose the SQL's coarse filter let through is judged here.
    if (!offerable(rule, dose)) continue;
    seen.add(c.product_id);
    const image = imageRefs(c.image)[0];
    out.push({
      product: {
        id: c.product_id,
        slug: c.slug,
        name: c.name,
        brand: { id: c.brand_id, name: c.brand_name },
        ...(image ? { image } : {}),
      },
      sku: {
        id: c.sku_id,
        name: c.sku_name,
        price: { price: c.price, old_price: c.old_price },
        payable: {
          price: payableMinor(c.price, currency),
          old_price: c.old_price === null ? null : payableMinor(c.old_price, currency),
          currency: currency.currency,
        },
        buy_limit: c.buy_limit,
        in_stock: c.stock > 0,
      },
      dose: doseText(dose),
    });
    if (out.length === PRODUCTS_PER_SUGGESTION) break;
  }
  return out;
}

export async function resultsView(
  db: D1Database,
  user: SessionUser,
  patientId: number | null,
  lang: Lang,
  country: CountryCode,
  now = Date.now(),
): Promise<BloodTestResultsView> {
  const needCurrency = !knownCurrency(country);
  // Every rule's candidates in one statement (issue 76).
  const candidateStatements = [candidatesStatement(db, lang, country, SUGGESTION_RULES)];
  const [profileResult, patientsResult, valuesResult, ...rest] = await db.batch([
    db.prepare('SELECT sex, date_of_birth, unit_preference FROM blood_test_profiles WHERE user_id = ?').bind(user.id),
    db
      .prepare(
        `SELECT p.id, p.name, p.sex, p.date_of_birth, p.relation,
           EXISTS (SELECT 1 FROM blood_test_orders o JOIN blood_test_results r ON r.order_id = o.id
                   WHERE o.patient_id = p.id AND o.user_id = ?1 AND o.status = 'results_ready' AND r.approved_at IS NOT NULL) AS has_results
         FROM blood_test_patients p WHERE p.user_id = ?1 ORDER BY p.deleted_at IS NOT NULL, p.id DESC`,
      )
      .bind(user.id),
    valuesStatement(db, lang, user.id, patientId),
    ...candidateStatements,
    ...(needCurrency ? [currencyStatement(db)] : []),
  ]);
  if (needCurrency) rememberCurrencies(rest[rest.length - 1]!.results);
  const candidates = rest.slice(0, candidateStatements.length).flatMap((r) => r.results as unknown as CandidateRow[]);

  const profile = (profileResult!.results[0] as ProfileRow | undefined) ?? null;
  const patients = patientsResult!.results as unknown as PatientRow[];
  const preference: UnitPreference = profile?.unit_preference ?? 'conventional';
  const today = gulfDate(now);
  const ageOf = (dob: string | null) => (dob ? completedYears(dob, today) : null);

  let person: BloodTestResultsView['person'];
  let needsProfile = false;
  if (patientId === null) {
    const self = patients.find((p) => p.relation === 'self');
    const sex = profile?.sex ?? self?.sex ?? null;
    const age = ageOf(profile?.date_of_birth ?? self?.date_of_birth ?? null);
    needsProfile = sex === null || age === null;
    person = { patient_id: null, name: user.name, sex, age };
  } else {
    // Only a patient of this user: another user's (or no) patient is not found, like a missing one.
    const patient = patients.find((p) => p.id === patientId);
    if (!patient) throw new ApiError(404, 'not_found');
    person = { patient_id: patient.id, name: patient.name, sex: patient.sex, age: ageOf(patient.date_of_birth) };
  }

  const people: ResultsPerson[] = [
    { patient_id: null, name: user.name },
    ...patients.filter((p) => p.relation !== 'self' && p.has_results).map((p) => ({ patient_id: p.id, name: p.name })),
  ];

  const byMarker = new Map<number, ValueRow[]>();
  for (const row of valuesResult!.results as unknown as ValueRow[]) {
    const list = byMarker.get(row.biomarker_id) ?? [];
    list.push(row);
    byMarker.set(row.biomarker_id, list);
  }
  const collator = new Intl.Collator(lang);
  const markers = [...byMarker.values()]
    .map((rows) => markerResult(rows, person, preference, lang))
    .sort(
      (a, b) =>
        bodySystemOrder(a.biomarker.body_system) - bodySystemOrder(b.biomarker.body_system) ||
        a.biomarker.body_system.localeCompare(b.biomarker.body_system) ||
        collator.compare(a.biomarker.name, b.biomarker.name),
    );
  const critical = markers.some((m) => m.flag === 'critical_low' || m.flag === 'critical_high');

  const latest: LatestValue[] = [...byMarker.values()].map((rows) => {
    const last = rows[rows.length - 1]!;
    return { biomarker: last.slug, value: last.value, unit: last.unit, date: last.date };
  });
  const suggestions: Suggestion[] = evaluateRules(
    latest.filter((v) => isDecimal(v.value)),
    person,
    country,
  ).map((hit) => ({
    id: hit.id,
    biomarker_slug: hit.biomarker_slug,
    reason: hit.reason,
    advice: hit.advice[lang],
    // The evidence's name in her language, as the advice beside it.
    source: { name: hit.source.name[lang], url: hit.source.url },
    retest_on: hit.retest_on,
    products: suggestedProducts(hit.rule, candidates, country),
  }));

  return {
    person,
    people,
    unit_preference: preference,
    needs_profile: needsProfile,
    markers,
    critical,
    suggestions,
  };
}

/**
 * Her home page's suggestions from her own latest results (issue 64, recommend/for-you.ts): her values,
 * age and sex ride in the home page's first statement (herValuesJson, found by her session), and the
 * rules' candidate products, the same for everyone, are read in one statement only when she has values
 * (issue 76: her parts cost what they show).
 */
export function ruleCandidatesStatement(db: D1Database, lang: Lang, country: CountryCode): D1PreparedStatement {
  return candidatesStatement(db, lang, country, SUGGESTION_RULES);
}

/** A value as herValuesJson answers it: what resultsProductIds reads, and its order. */
export type HerValue = Pick<ValueRow, 'biomarker_id' | 'slug' | 'value' | 'unit' | 'date' | 'source' | 'source_id'>;

/** Her latest values as one JSON array (what resultsProductIds reads), for a user given as SQL. */
export function herValuesJson(lang: Lang, user: string): string {
  return `(SELECT json_group_array(json_object('biomarker_id', biomarker_id, 'slug', slug, 'value', value, 'unit', unit,
      'date', date, 'source', source, 'source_id', source_id)) FROM (${valuesSql(lang, user, null)}))`;
}

/** The age and sex her results are read with: her profile's, else her own patient record's. */
export interface HerPerson {
  profile: Pick<ProfileRow, 'sex' | 'date_of_birth'> | null;
  self: Pick<PatientRow, 'sex' | 'date_of_birth'> | null;
}

/** The products her latest results suggest, as her results page offers them: the rules' order, a few each. */
export function resultsProductIds(
  candidateResults: D1Result[],
  { profile, self }: HerPerson,
  values: readonly HerValue[],
  country: CountryCode,
  now: number,
): number[] {
  const born = profile?.date_of_birth ?? self?.date_of_birth ?? null;
  const person = { sex: profile?.sex ?? self?.sex ?? null, age: born ? completedYears(born, gulfDate(now)) : null };
  // Rows come in biomarker and date order: each biomarker's last row is its latest value.
  const latest = new Map<number, LatestValue>();
  for (const r of values) latest.set(r.biomarker_id, { biomarker: r.slug, value: r.value, unit: r.unit, date: r.date });
  const candidates = candidateResults.flatMap((r) => r.results as unknown as CandidateRow[]);
  const ids: number[] = [];
  for (const hit of evaluateRules(
    [...latest.values()].filter((v) => isDecimal(v.value)),
    person,
    country,
  )) {
    const seen = new Set<number>();
    for (const c of candidates) {
      if (seen.size === PRODUCTS_PER_SUGGESTION) break;
      if (c.rule !== hit.rule.id || seen.has(c.product_id) || !isNutrient(c.nutrient) || !isDecimal(c.amount)) continue;
      if (!offerable(hit.rule, { nutrient: c.nutrient, amount: c.amount, unit: c.unit })) continue;
      seen.add(c.product_id);
      if (!ids.includes(c.product_id)) ids.push(c.product_id);
    }
  }
  return ids;
}
