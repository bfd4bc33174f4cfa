// One booking as the back office shows it (issue 46). Everyone allowed sees the schedule part: time,
// service, mode, status, the shopper's first name, what each outcome mark would refund. Only the
// consultation's own nutritionist also gets the health part: the intake (opened with seal.ts), her past
// orders (products, never addresses), the blood-test results she chose to share read against their
// ranges (the results page's own code), her previous consultations' notes with this nutritionist, and
// this consultation's notes, summary and recommendation list. Each opening of the health part writes an
// audit row (who, which consultation; no health text), as the lab's result views do.
import type { Intake, PregnancyState } from '#shared/consultations/intake';
import { canMarkOutcome, outcomeRefund, practiceDate } from '#shared/consultations/rules';
import { CONSULTATION_OUTCOMES } from '#shared/consultations/facts';
import { completedYears } from '#shared/api/blood-test-results-schemas';
import type { MarkerResult } from '#shared/api/blood-test-results-schemas';
import type { Sex } from '#shared/blood-tests/biomarker-units';
import type { Lang } from '#shared/locale';
import { type GateShopper, recommendationWarnings } from '#shared/safety/recommendation-gates';
import type { BookingBase, BookingView, PastOrder, SavedRecommendation } from '#shared/consultations/practice-views';
import { markerResult, type ValueRow } from '#api/src/blood-tests/results-view';
import { col } from '#api/src/lib/lang';
import { countryOffsetSql } from '#api/src/db/country-sql';
import { auditStatement } from '#api/src/staff/audit';
import type { StaffMember } from '#api/src/staff/sessions';
import { type HealthSealer, openText } from '../seal';
import type { PracticeConsultation } from './access';
import { firstName } from './schedule';
import { skusById } from './products';
import { sharedUploads } from './shared-files';
import { type DatabaseEnv, routeFrom, routeStatement, userOwner } from '#api/src/db/databases';

const PAST_ORDERS = 10;
const PREVIOUS = 10;

/** The intake's stored row, opened; null when none (or its key erased). */
async function openIntake(
  db: D1Database,
  sealer: HealthSealer,
  consultationId: number,
): Promise<{ intake: Intake | null; pregnancy: PregnancyState; shared: { uploads: number[]; orders: number[] } }> {
  const row = await db
    .prepare('SELECT sealed, pregnancy, shared_results FROM consultation_intakes WHERE consultation_id = ?')
    .bind(consultationId)
    .first<{ sealed: string; pregnancy: PregnancyState; shared_results: string }>();
  if (!row) return { intake: null, pregnancy: 'none', shared: { uploads: [], orders: [] } };
  const text = await openText(sealer, consultationId, row.sealed);
  return {
    intake: text ? (JSON.parse(text) as Intake) : null,
    pregnancy: row.pregnancy,
    shared: sharedIds(row.shared_results),
  };
}

/** The shared results' ids: `{uploads, orders}` as the intake stores them. */
function sharedIds(json: string): { uploads: number[]; orders: number[] } {
  try {
    const v = JSON.parse(json) as { uploads?: unknown; orders?: unknown };
    const ids = (x: unknown) => (Array.isArray(x) ? x.filter((n): n is number => Number.isSafeInteger(n)) : []);
    return { uploads: ids(v.uploads), orders: ids(v.orders) };
  } catch {
    return { uploads: [], orders: [] };
  }
}

/** Her age and sex from her blood-test profile, for the ranges and the upper limits. */
async function profileOf(
  db: D1Database,
  userId: number,
  now: number,
): Promise<{ sex: Sex | null; age: number | null }> {
  const row = await db
    .prepare('SELECT sex, date_of_birth FROM blood_test_profiles WHERE user_id = ?')
    .bind(userId)
    .first<{ sex: Sex | null; date_of_birth: string | null }>();
  return {
    sex: row?.sex ?? null,
    age: row?.date_of_birth ? completedYears(row.date_of_birth, practiceDate(now)) : null,
  };
}

/** What the safety gates read of her: pregnancy, age, the intake's medicine classes. */
export async function gateShopper(
  db: D1Database,
  sealer: HealthSealer,
  c: Pick<PracticeConsultation, 'id' | 'user_id'>,
  now = Date.now(),
): Promise<GateShopper> {
  const [opened, profile] = await Promise.all([openIntake(db, sealer, c.id), profileOf(db, c.user_id, now)]);
  return {
    pregnancy: (opened.pregnancy as GateShopper['pregnancy']) ?? 'none',
    age: profile.age,
    medicines: (opened.intake?.medicines ?? []).map((m) => m.class),
  };
}

async function sharedResults(
  db: D1Database,
  userId: number,
  shared: { uploads: number[]; orders: number[] },
  person: { sex: Sex | null; age: number | null },
  lang: Lang,
): Promise<MarkerResult[]> {
  if (!shared.orders.length && !shared.uploads.length) return [];
  const list = (n: number) => Array.from({ length: n }, () => '?').join(', ');
  const parts: string[] = [];
  const binds: unknown[] = [];
  if (shared.orders.length) {
    parts.push(`SELECT r.biomarker_id, r.value, r.unit,
        coalesce(date((o.sample_collected_at + ${countryOffsetSql('o.country')}) / 1000, 'unixepoch'), o.slot_date) AS date,
        'order' AS source, o.id AS source_id
      FROM blood_test_results r JOIN blood_test_orders o ON o.id = r.order_id
      WHERE o.user_id = ? AND o.status = 'results_ready' AND r.approved_at IS NOT NULL AND o.id IN (${list(shared.orders.length)})`);
    binds.push(userId, ...shared.orders);
  }
  if (shared.uploads.length) {
    parts.push(`SELECT v.biomarker_id, v.value, v.unit, u.sample_date AS date, 'upload' AS source, u.id AS source_id
      FROM blood_test_upload_values v JOIN blood_test_uploads u ON u.id = v.upload_id
      WHERE u.user_id = ? AND u.id IN (${list(shared.uploads.length)})`);
    binds.push(userId, ...shared.uploads);
  }
  const { results } = await db
    .prepare(
      `SELECT x.*, b.slug, b.${col('name', lang)} AS name, b.${col('explanation', lang)} AS explanation, b.body_system
       FROM (${parts.join(' UNION ALL ')}) x JOIN biomarkers b ON b.id = x.biomarker_id
       ORDER BY x.biomarker_id, x.date, x.source, x.source_id`,
    )
    .bind(...binds)
    .all<ValueRow>();
  const byMarker = new Map<number, ValueRow[]>();
  for (const row of results) byMarker.set(row.biomarker_id, [...(byMarker.get(row.biomarker_id) ?? []), row]);
  return [...byMarker.values()].map((rows) => markerResult(rows, person, 'conventional', lang));
}

/** The saved list, opened, with the warnings its items raise for her now and the rules acknowledged. */
async function savedRecommendations(
  db: D1Database,
  sealer: HealthSealer,
  consultationId: number,
  shopper: GateShopper,
  lang: Lang,
): Promise<SavedRecommendation[]> {
  const { results } = await db
    .prepare(
      `SELECT product_id, sku_id, quantity, servings_per_day, dose_sealed, reason_sealed, warnings, acknowledged_reason_sealed
       FROM consultation_recommendations WHERE consultation_id = ? ORDER BY sort_order, product_id`,
    )
    .bind(consultationId)
    .all<{
      product_id: number;
      sku_id: number;
      quantity: number;
      servings_per_day: number;
      dose_sealed: string;
      reason_sealed: string;
      warnings: string;
      acknowledged_reason_sealed: string | null;
    }>();
  const skus = await skusById(
    db,
    results.map((r) => r.sku_id),
    lang,
  );
  return Promise.all(
    results.map(async (r) => {
      const sku = skus.get(r.sku_id);
      return {
        product_id: r.product_id,
        sku_id: r.sku_id,
        product_name: sku?.product_name ?? '',
        sku_name: sku?.sku_name ?? '',
        quantity: r.quantity,
        servings_per_day: r.servings_per_day,
        dose: (await openText(sealer, consultationId, r.dose_sealed)) ?? '',
        reason: (await openText(sealer, consultationId, r.reason_sealed)) ?? '',
        warnings: sku ? recommendationWarnings(sku, r.servings_per_day, shopper) : [],
        acknowledged_rules: ruleIds(r.warnings),
        acknowledged_reason: await openText(sealer, consultationId, r.acknowledged_reason_sealed),
      };
    }),
  );
}

/** consultation_recommendations.warnings: the rule ids shown and acknowledged. */
function ruleIds(json: string): string[] {
  try {
    const v: unknown = JSON.parse(json);
    return Array.isArray(v) ? v.filter((r): r is string => typeof r === 'string') : [];
  } catch {
    return [];
  }
}

export async function bookingView(
  db: D1Database,
  member: StaffMember,
  sealer: HealthSealer | null,
  c: PracticeConsultation,
  health: boolean,
  lang: Lang,
  now = Date.now(),
  /** The bindings: her past orders are read from her order shard (decision 61). */
  env?: DatabaseEnv,
): Promise<BookingView> {
  const [head] = await db.batch([
    db
      .prepare(
        `SELECT u.name AS user_name, s.id AS service_id, s.name_en, s.name_ar, s.minutes,
           n.id AS nutritionist_id, n.name_en AS n_en, n.name_ar AS n_ar
         FROM consultations c JOIN users u ON u.id = c.user_id JOIN consultation_services s ON s.id = c.service_id
           JOIN nutritionists n ON n.id = c.nutritionist_id
         WHERE c.id = ?`,
      )
      .bind(c.id),
  ]);
  const h = head!.results[0] as {
    user_name: string;
    service_id: number;
    name_en: string;
    name_ar: string;
    minutes: number;
    nutritionist_id: number;
    n_en: string;
    n_ar: string;
  };
  const base: BookingBase = {
    id: c.id,
    starts_at: c.starts_at,
    ends_at: c.ends_at,
    first_name: firstName(h.user_name),
    service: { id: h.service_id, name_en: h.name_en, name_ar: h.name_ar, minutes: h.minutes },
    nutritionist: { id: h.nutritionist_id, name_en: h.n_en, name_ar: h.n_ar },
    mode: c.mode,
    status: c.status,
    outcome: c.outcome,
    country: c.country,
    currency: c.currency,
    lang: c.lang,
    payment_method: c.payment_method,
    total: c.total,
    refunded: c.refunded,
    can_mark: c.outcome === null && canMarkOutcome(c, now),
    outcomes: CONSULTATION_OUTCOMES.map((outcome) => ({ outcome, refund: outcomeRefund(outcome, c) })),
    health,
  };
  if (!health || !sealer) return { ...base, health_data: null };

  const [opened, profile] = await Promise.all([openIntake(db, sealer, c.id), profileOf(db, c.user_id, now)]);
  const pastOrdersStatement = (at: D1Database) =>
    at
      .prepare(
        `SELECT o.id, o.created_at, o.status, i.product_id, i.name, i.sku_name, i.count
         FROM (SELECT id, created_at, status FROM orders WHERE user_id = ? AND status NOT IN ('pending_payment', 'payment_failed')
               ORDER BY created_at DESC LIMIT ${PAST_ORDERS}) o
           JOIN order_items i ON i.order_id = o.id
         ORDER BY o.created_at DESC, i.name`,
      )
      .bind(c.user_id);
  const [firstOrders, previousRows, notesRow, routeRes] = await db.batch([
    pastOrdersStatement(db),
    db
      .prepare(
        `SELECT c.id, c.starts_at, s.name_en AS service_en, s.name_ar AS service_ar, n.notes_sealed, n.summary_sealed
         FROM consultations c JOIN consultation_services s ON s.id = c.service_id
           LEFT JOIN consultation_notes n ON n.consultation_id = c.id
         WHERE c.user_id = ? AND c.nutritionist_id = ? AND c.id != ? AND c.starts_at < ?
           AND c.status NOT IN ('pending_payment', 'payment_failed')
         ORDER BY c.starts_at DESC LIMIT ${PREVIOUS}`,
      )
      .bind(c.user_id, c.nutritionist_id, c.id, c.starts_at),
    db
      .prepare('SELECT notes_sealed, summary_sealed, shared_at FROM consultation_notes WHERE consultation_id = ?')
      .bind(c.id),
    // Her route in the same batch: in another shard her orders are read there (one more trip, hers only).
    ...(env ? [routeStatement(env, userOwner(c.user_id))] : []),
  ]);
  const route = env && routeRes ? routeFrom(env, routeRes.results[0] as Parameters<typeof routeFrom>[1]) : null;
  const orders = route && route.binding !== 'DB' ? await pastOrdersStatement(route.db).all() : firstOrders;
  const pastOrders: PastOrder[] = [];
  for (const r of orders!.results as {
    id: number;
    created_at: number;
    status: string;
    product_id: number;
    name: string;
    sku_name: string;
    count: number;
  }[]) {
    let order = pastOrders.find((o) => o.id === r.id);
    if (!order) {
      order = { id: r.id, created_at: r.created_at, status: r.status, items: [] };
      pastOrders.push(order);
    }
    order.items.push({ product_id: r.product_id, name: r.name, sku_name: r.sku_name, count: r.count });
  }
  const previous = await Promise.all(
    (
      previousRows!.results as {
        id: number;
        starts_at: number;
        service_en: string;
        service_ar: string;
        notes_sealed: string | null;
        summary_sealed: string | null;
      }[]
    ).map(async (p) => ({
      id: p.id,
      starts_at: p.starts_at,
      service_en: p.service_en,
      service_ar: p.service_ar,
      notes: await openText(sealer, p.id, p.notes_sealed),
      summary: await openText(sealer, p.id, p.summary_sealed),
    })),
  );
  const notes = notesRow!.results[0] as
    | { notes_sealed: string | null; summary_sealed: string | null; shared_at: number | null }
    | undefined;
  const shopper: GateShopper = {
    pregnancy: opened.pregnancy as GateShopper['pregnancy'],
    age: profile.age,
    medicines: (opened.intake?.medicines ?? []).map((m) => m.class),
  };
  const [results, uploads, recommendations] = await Promise.all([
    sharedResults(db, c.user_id, opened.shared, profile, lang),
    sharedUploads(db, c),
    savedRecommendations(db, sealer, c.id, shopper, lang),
  ]);
  await auditStatement(db, member, {
    action: 'consultation.view',
    resource: 'consultation',
    resourceId: c.id,
    country: c.country,
  }).run();
  return {
    ...base,
    health_data: {
      intake: opened.intake,
      pregnancy: opened.pregnancy,
      age: profile.age,
      past_orders: pastOrders,
      shared_results: results,
      shared_uploads: uploads,
      previous,
      notes: (await openText(sealer, c.id, notes?.notes_sealed)) ?? '',
      summary: (await openText(sealer, c.id, notes?.summary_sealed)) ?? '',
      shared_at: notes?.shared_at ?? null,
      recommendations,
    },
  };
}
