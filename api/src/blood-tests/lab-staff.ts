// The back office's side of blood tests: the day's visits, results entry and approval by a
// second person. Health data: every read writes an audit row in the batch that reads, every change
// its row in the batch that changes. Records are checked against the grant for their own country.
import type { BloodTestOrderStatus } from '#shared/blood-tests/order-types';
import { BIOMARKER_REFERENCE_BY_SLUG } from '#shared/blood-tests/biomarker-reference-data';
import { findUnit, unitLabel } from '#shared/blood-tests/biomarker-units';
import type { ResultLineInput } from '#shared/api/staff-lab-schemas';
import { localizePath, type CountryCode, type Lang } from '#shared/locale';
import { ApiError } from '../lib/errors';
import { assertCan } from '../middleware/staff';
import { auditStatement } from '../staff/audit';
import type { StaffMember } from '../staff/sessions';
import type { BloodTestResultRow } from '../db/rows';
import { resultsReadyMail } from './texts';
import { noticeStatements, type NoticeTarget } from '../messages/notices';
import { resultsReadyText } from '../messages/texts';
import { advanceStatement, type AdvanceStatus } from './transitions';
import { addressLine, slotOf } from './view';

/**
 * Aborts the batch when the statement before it changed no row (a step that lost a race): json() of
 * a non-JSON text is an error, and a failed statement rolls the whole batch back, audit row included.
 */
export const changedGuard = (db: D1Database) =>
  db.prepare("SELECT json(CASE WHEN changes() = 0 THEN 'stale' ELSE '1' END)");
const isStale = (e: unknown) => /malformed JSON/i.test(String((e as Error)?.message ?? e));

/** Statuses whose visit is shown in the day's list. */
const VISIBLE = "o.status IN ('booked', 'sample_collected', 'at_lab', 'results_ready')";
const ZONE_NAMES = `LEFT JOIN areas za ON o.zone = 'area:' || za.id LEFT JOIN dhl_cities zc ON o.zone = 'city:' || zc.id`;
const ZONE_COLUMNS =
  'coalesce(za.name_en, zc.name_en, o.zone) AS zone_en, coalesce(za.name_ar, zc.name_ar, o.zone) AS zone_ar';

export interface VisitRow {
  id: number;
  country: CountryCode;
  status: BloodTestOrderStatus;
  zone: string;
  zone_en: string;
  zone_ar: string;
  slot_date: string;
  slot_window: string;
  address: string;
  payment_method: string;
  payment_state: string;
  total: number;
  currency: string;
  patient_name: string;
  patient_sex: string;
  patient_birth: string;
  nurse_id: number | null;
  nurse_name: string | null;
  visit_confirmed_at: number | null;
}

export async function dayVisits(
  db: D1Database,
  member: StaffMember,
  q: { date: string; zone?: string; countries: CountryCode[] },
  /** The reader's language: the addresses are in its words. */
  lang: Lang = 'en',
) {
  const marks = q.countries.map(() => '?').join(', ') || "''";
  const where = `o.slot_date = ? AND ${VISIBLE} AND o.country IN (${marks})`;
  const zoneFilter = q.zone ? ' AND o.zone = ?' : '';
  const args = [q.date, ...q.countries, ...(q.zone ? [q.zone] : [])];
  const [, visits, items, zones, nurses] = await db.batch([
    auditStatement(db, member, {
      action: 'visit.view',
      resource: 'blood_test_visits',
      resourceId: q.date,
      country: q.countries.length === 1 ? q.countries[0] : null,
      after: { date: q.date, zone: q.zone ?? null, countries: q.countries },
    }),
    db
      .prepare(
        `SELECT o.id, o.country, o.status, o.zone, ${ZONE_COLUMNS}, o.slot_date, o.slot_window, o.address, o.payment_method,
           o.payment_state, o.total, o.currency, p.name AS patient_name, p.sex AS patient_sex, p.date_of_birth AS patient_birth,
           o.nurse_id, n.name AS nurse_name, o.visit_confirmed_at
         FROM blood_test_orders o JOIN blood_test_patients p ON p.id = o.patient_id LEFT JOIN nurses n ON n.id = o.nurse_id ${ZONE_NAMES}
         WHERE ${where}${zoneFilter} ORDER BY zone_en, o.visit_at, o.id`,
      )
      .bind(...args),
    db
      .prepare(
        `SELECT i.order_id, i.name_en, i.name_ar FROM blood_test_order_items i JOIN blood_test_orders o ON o.id = i.order_id
         WHERE ${where}${zoneFilter} ORDER BY i.order_id, i.sku_id`,
      )
      .bind(...args),
    db
      .prepare(
        `SELECT o.zone, ${ZONE_COLUMNS}, count(*) AS visits FROM blood_test_orders o ${ZONE_NAMES}
         WHERE ${where} GROUP BY o.zone ORDER BY zone_en`,
      )
      .bind(q.date, ...q.countries),
    // The nurses a visit of the list may be given: active, of the countries shown.
    db
      .prepare(`SELECT id, country, name FROM nurses WHERE active = 1 AND country IN (${marks}) ORDER BY name, id`)
      .bind(...q.countries),
  ]);
  const tests = new Map<number, { name_en: string; name_ar: string }[]>();
  for (const i of items!.results as { order_id: number; name_en: string; name_ar: string }[]) {
    tests.set(i.order_id, [...(tests.get(i.order_id) ?? []), { name_en: i.name_en, name_ar: i.name_ar }]);
  }
  return {
    date: q.date,
    zone: q.zone ?? null,
    zones: zones!.results as { zone: string; zone_en: string; zone_ar: string; visits: number }[],
    nurses: nurses!.results as { id: number; country: CountryCode; name: string }[],
    visits: (visits!.results as unknown as VisitRow[]).map((v) => {
      const a = JSON.parse(v.address) as { phone?: string; recipient?: string };
      return {
        id: v.id,
        country: v.country,
        status: v.status,
        zone: v.zone,
        zone_en: v.zone_en,
        zone_ar: v.zone_ar,
        slot: slotOf(v as Parameters<typeof slotOf>[0]),
        patient: { name: v.patient_name, sex: v.patient_sex, date_of_birth: v.patient_birth },
        address: addressLine(v.address, lang),
        phone: a.phone ?? null,
        tests: tests.get(v.id) ?? [],
        payment: { method: v.payment_method, state: v.payment_state, total: v.total, currency: v.currency },
        nurse: v.nurse_id === null ? null : { id: v.nurse_id, name: v.nurse_name ?? '' },
        confirmed: v.visit_confirmed_at !== null,
      };
    }),
  };
}

interface OrderHead {
  id: number;
  country: CountryCode;
  status: BloodTestOrderStatus;
  lang: Lang;
  user_id: number;
  /** The visit window's start: nothing of the visit can happen before it. */
  visit_at: number;
}

/** Collecting, entering and releasing all wait for the visit's date and time. */
function assertVisitStarted(o: OrderHead, now: number) {
  if (now < o.visit_at) throw new ApiError(409, 'visit_not_started');
}

/**
 * The units a result of this biomarker may be entered in: its reference's units (UCUM code and
 * labels), else only the unit it is listed with. Staff choose one; nothing else is stored.
 */
export function biomarkerUnits(slug: string, listed: string): { ucum: string; en: string; ar: string }[] {
  const ref = BIOMARKER_REFERENCE_BY_SLUG.get(slug);
  if (!ref) return [{ ucum: listed, en: listed, ar: listed }];
  return ref.units.map((u) => ({ ucum: u.ucum, en: unitLabel(u, 'en'), ar: unitLabel(u, 'ar') }));
}

/** The stored spelling of a unit staff chose (its UCUM code), or null when it is not one of the biomarker's. */
function knownUnit(slug: string, listed: string, text: string): string | null {
  const ref = BIOMARKER_REFERENCE_BY_SLUG.get(slug);
  if (!ref) return text.trim() === listed ? listed : null;
  return findUnit(ref, text)?.ucum ?? null;
}

async function orderHead(db: D1Database, id: number): Promise<OrderHead> {
  const row = await db
    .prepare('SELECT id, country, status, lang, user_id, visit_at FROM blood_test_orders WHERE id = ?')
    .bind(id)
    .first<OrderHead>();
  if (!row) throw new ApiError(404, 'not_found');
  return row;
}

/** One step of the visit (collected, at the lab), with its audit row; 409 from any other status. */
export async function advanceVisit(
  db: D1Database,
  member: StaffMember,
  orderId: number,
  status: Extract<AdvanceStatus, 'sample_collected' | 'at_lab'>,
  now = Date.now(),
) {
  const o = await orderHead(db, orderId);
  assertCan(member, 'visits:collect', o.country);
  const from = status === 'sample_collected' ? 'booked' : 'sample_collected';
  if (o.status !== from) throw new ApiError(409, 'transition_not_allowed', { status: o.status });
  assertVisitStarted(o, now);
  try {
    await db.batch([
      advanceStatement(db, orderId, status, now),
      changedGuard(db),
      auditStatement(db, member, {
        action: status === 'sample_collected' ? 'visit.collect' : 'visit.at_lab',
        resource: 'blood_test_order',
        resourceId: orderId,
        country: o.country,
        before: { status: o.status },
        after: { status },
      }),
    ]);
  } catch (e) {
    if (isStale(e)) throw new ApiError(409, 'transition_not_allowed');
    throw e;
  }
  return { order_id: orderId, status };
}

interface MarkerRow {
  biomarker_id: number;
  slug: string;
  name_en: string;
  name_ar: string;
  unit: string;
  loinc: string;
}
type ResultWithNames = BloodTestResultRow & { entered_by_name: string | null; approved_by_name: string | null };

function markersStatement(db: D1Database, orderId: number) {
  // The biomarkers of the order's tests (a panel lists its own), each once, in the tests' order.
  return db
    .prepare(
      `SELECT b.id AS biomarker_id, b.slug, b.name_en, b.name_ar, b.unit, b.loinc
       FROM blood_test_order_items i JOIN blood_test_biomarkers bb ON bb.blood_test_id = i.blood_test_id
       JOIN biomarkers b ON b.id = bb.biomarker_id WHERE i.order_id = ?
       GROUP BY b.id ORDER BY min(i.sku_id * 1000 + bb.sort_order)`,
    )
    .bind(orderId);
}
const resultsStatement = (db: D1Database, orderId: number) =>
  db
    .prepare(
      `SELECT r.*, e.name AS entered_by_name, a.name AS approved_by_name FROM blood_test_results r
       LEFT JOIN staff e ON e.id = r.entered_by LEFT JOIN staff a ON a.id = r.approved_by WHERE r.order_id = ?`,
    )
    .bind(orderId);

/** Why this member may not approve now (a message key), or null when they may. */
function approvalRefusal(
  member: StaffMember,
  status: BloodTestOrderStatus,
  markers: MarkerRow[],
  results: BloodTestResultRow[],
): string | null {
  if (status === 'results_ready') return 'results_locked';
  if (status !== 'at_lab') return 'transition_not_allowed';
  const entered = new Set(results.map((r) => r.biomarker_id));
  if (markers.length === 0 || markers.some((m) => !entered.has(m.biomarker_id))) return 'results_incomplete';
  const pending = results.filter((r) => r.approved_by === null);
  if (pending.length === 0) return 'results_nothing_to_approve';
  if (pending.some((r) => r.entered_by === member.id)) return 'results_same_person';
  return null;
}

export async function orderResults(db: D1Database, member: StaffMember, orderId: number, now = Date.now()) {
  const head = await orderHead(db, orderId);
  assertCan(member, 'results:read', head.country);
  const [, order, items, markers, results] = await db.batch([
    auditStatement(db, member, {
      action: 'result.view',
      resource: 'blood_test_order',
      resourceId: orderId,
      country: head.country,
    }),
    db
      .prepare(
        `SELECT o.id, o.country, o.status, o.lang, o.slot_date, o.slot_window, o.sample_collected_at, o.at_lab_at, o.results_ready_at,
           p.name AS patient_name, p.sex AS patient_sex, p.date_of_birth AS patient_birth
         FROM blood_test_orders o JOIN blood_test_patients p ON p.id = o.patient_id WHERE o.id = ?`,
      )
      .bind(orderId),
    db
      .prepare('SELECT blood_test_id, name_en, name_ar FROM blood_test_order_items WHERE order_id = ? ORDER BY sku_id')
      .bind(orderId),
    markersStatement(db, orderId),
    resultsStatement(db, orderId),
  ]);
  const o = order!.results[0] as Record<string, unknown> & { status: BloodTestOrderStatus };
  const markerRows = markers!.results as unknown as MarkerRow[];
  const resultRows = results!.results as unknown as ResultWithNames[];
  const byMarker = new Map(resultRows.map((r) => [r.biomarker_id, r]));
  const refusal = approvalRefusal(member, o.status, markerRows, resultRows);
  return {
    order: o,
    tests: items!.results,
    markers: markerRows.map((m) => ({
      ...m,
      units: biomarkerUnits(m.slug, m.unit),
      result: byMarker.get(m.biomarker_id) ?? null,
    })),
    can_enter: (o.status === 'sample_collected' || o.status === 'at_lab') && now >= head.visit_at,
    approval_refusal: refusal,
  };
}

const SAME = (a: BloodTestResultRow | undefined, b: ResultLineInput) =>
  !!a &&
  a.value === b.value &&
  a.unit === b.unit &&
  a.ref_low === b.ref_low &&
  a.ref_high === b.ref_high &&
  a.comment === b.comment;

/** Enters or changes results; a changed result is this member's and waits for approval again. */
export async function saveResults(
  db: D1Database,
  member: StaffMember,
  input: { order_id: number; results: ResultLineInput[] },
  now = Date.now(),
) {
  const head = await orderHead(db, input.order_id);
  assertCan(member, 'results:enter', head.country);
  if (head.status === 'results_ready') throw new ApiError(409, 'results_locked');
  if (head.status !== 'sample_collected' && head.status !== 'at_lab')
    throw new ApiError(409, 'transition_not_allowed', { status: head.status });
  assertVisitStarted(head, now);
  const [markers, existing] = await db.batch([
    markersStatement(db, input.order_id),
    resultsStatement(db, input.order_id),
  ]);
  const allowed = new Map((markers!.results as unknown as MarkerRow[]).map((m) => [m.biomarker_id, m]));
  const current = new Map((existing!.results as unknown as BloodTestResultRow[]).map((r) => [r.biomarker_id, r]));
  if (input.results.some((r) => !allowed.has(r.biomarker_id))) throw new ApiError(400, 'bad_request');
  // The unit is one of the biomarker's, stored as its UCUM code: free text ("١٨") never reaches a shopper.
  const lines = input.results.map((r) => {
    const m = allowed.get(r.biomarker_id)!;
    const unit = knownUnit(m.slug, m.unit, r.unit);
    if (!unit) throw new ApiError(400, 'result_unit_invalid', { biomarker_id: r.biomarker_id });
    return { ...r, unit };
  });
  const changed = lines.filter((r) => !SAME(current.get(r.biomarker_id), r));
  if (changed.length === 0) return { order_id: input.order_id, changed: 0 };
  const fields = (r: Partial<BloodTestResultRow> | ResultLineInput | undefined) =>
    r && { value: r.value, unit: r.unit, ref_low: r.ref_low, ref_high: r.ref_high, comment: r.comment };
  try {
    await db.batch([
      // The order is still open for results (not released, not cancelled) when the batch runs.
      db
        .prepare(
          "UPDATE blood_test_orders SET updated_at = ? WHERE id = ? AND status IN ('sample_collected', 'at_lab')",
        )
        .bind(now, input.order_id),
      changedGuard(db),
      ...changed.map((r) =>
        db
          .prepare(
            `INSERT INTO blood_test_results (order_id, biomarker_id, value, unit, ref_low, ref_high, comment, entered_by, entered_at)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)
             ON CONFLICT (order_id, biomarker_id) DO UPDATE SET value = ?3, unit = ?4, ref_low = ?5, ref_high = ?6,
               comment = ?7, entered_by = ?8, entered_at = ?9, approved_by = NULL, approved_at = NULL`,
          )
          .bind(input.order_id, r.biomarker_id, r.value, r.unit, r.ref_low, r.ref_high, r.comment, member.id, now),
      ),
      auditStatement(db, member, {
        action: 'result.enter',
        resource: 'blood_test_order',
        resourceId: input.order_id,
        country: head.country,
        before: Object.fromEntries(changed.map((r) => [r.biomarker_id, fields(current.get(r.biomarker_id)) ?? null])),
        after: Object.fromEntries(changed.map((r) => [r.biomarker_id, fields(r)])),
      }),
    ]);
  } catch (e) {
    if (isStale(e)) throw new ApiError(409, 'results_locked');
    throw e;
  }
  return { order_id: input.order_id, changed: changed.length };
}

/**
 * A second person approves every pending result of the order: the results are released (status
 * results_ready) and the shopper is mailed in the order's language, all in one batch. The table's
 * CHECK refuses an approval by the person who entered a result even if they changed it a moment ago.
 */
export async function approveResults(
  db: D1Database,
  member: StaffMember,
  orderId: number,
  siteOrigin: string,
  now = Date.now(),
  /** Called once the results are stored as ready, with the account holder: the caller pushes after its answer. */
  onReady?: (userId: number) => void,
) {
  const head = await orderHead(db, orderId);
  assertCan(member, 'results:approve', head.country);
  assertVisitStarted(head, now);
  const [markers, results, shopper] = await db.batch([
    markersStatement(db, orderId),
    resultsStatement(db, orderId),
    db
      .prepare(
        'SELECT u.id AS user_id, u.email, u.phone, u.phone_verified_at, p.name AS patient FROM blood_test_orders o JOIN users u ON u.id = o.user_id JOIN blood_test_patients p ON p.id = o.patient_id WHERE o.id = ?',
      )
      .bind(orderId),
  ]);
  const refusal = approvalRefusal(
    member,
    head.status,
    markers!.results as unknown as MarkerRow[],
    results!.results as unknown as BloodTestResultRow[],
  );
  if (refusal) throw new ApiError(409, refusal as 'results_same_person');
  const { user_id, patient, ...to } = shopper!.results[0] as NoticeTarget & { user_id: number; patient: string };
  const path = localizePath(`/profile/blood-tests/ordered?id=${orderId}`, head.lang);
  const mail = resultsReadyMail(head.lang, { id: orderId, patient, url: `${siteOrigin}${path}` });
  const approved = (results!.results as unknown as BloodTestResultRow[]).filter((r) => r.approved_by === null);
  try {
    await db.batch([
      advanceStatement(db, orderId, 'results_ready', now),
      changedGuard(db),
      db
        .prepare(
          'UPDATE blood_test_results SET approved_by = ?, approved_at = ? WHERE order_id = ? AND approved_by IS NULL',
        )
        .bind(member.id, now, orderId),
      // Her e-mail, else a text to her proven phone (an account made with a code).
      ...noticeStatements(db, to, {
        lang: head.lang,
        mail: { kind: 'blood_test_results', dedupeKey: `blood-test:${orderId}:results`, ...mail },
        kind: 'blood_test_results',
        text: resultsReadyText(head.lang, orderId, `${siteOrigin}${path}`),
        dedupeKey: `blood-test:${orderId}:results`,
        now,
      }),
      auditStatement(db, member, {
        action: 'result.approve',
        resource: 'blood_test_order',
        resourceId: orderId,
        country: head.country,
        before: { status: head.status },
        after: { status: 'results_ready', biomarkers: approved.map((r) => r.biomarker_id) },
      }),
    ]);
  } catch (e) {
    if (isStale(e)) throw new ApiError(409, 'results_locked');
    if (/blood_test_results_second_person|CHECK constraint/i.test(String((e as Error)?.message)))
      throw new ApiError(409, 'results_same_person');
    throw e;
  }
  onReady?.(user_id);
  return { order_id: orderId, status: 'results_ready' as const };
}

/** The results worklist: orders collected or at the lab, with how far their results are. */
export async function pendingResults(db: D1Database, member: StaffMember, countries: CountryCode[]) {
  const marks = countries.map(() => '?').join(', ') || "''";
  const [, rows] = await db.batch([
    auditStatement(db, member, {
      action: 'result.view',
      resource: 'blood_test_results_worklist',
      country: countries.length === 1 ? countries[0] : null,
    }),
    db
      .prepare(
        `SELECT o.id, o.country, o.status, o.slot_date, o.slot_window, o.sample_collected_at, o.at_lab_at, p.name AS patient_name,
           (SELECT count(DISTINCT bb.biomarker_id) FROM blood_test_order_items i JOIN blood_test_biomarkers bb ON bb.blood_test_id = i.blood_test_id WHERE i.order_id = o.id) AS markers,
           (SELECT count(*) FROM blood_test_results r WHERE r.order_id = o.id) AS entered,
           (SELECT count(*) FROM blood_test_results r WHERE r.order_id = o.id AND r.approved_by IS NULL) AS to_approve,
           (SELECT count(*) FROM blood_test_results r WHERE r.order_id = o.id AND r.approved_by IS NULL AND r.entered_by = ?) AS mine
         FROM blood_test_orders o JOIN blood_test_patients p ON p.id = o.patient_id
         WHERE o.status IN ('sample_collected', 'at_lab') AND o.country IN (${marks})
         ORDER BY o.visit_at, o.id LIMIT 200`,
      )
      .bind(member.id, ...countries),
  ]);
  return {
    orders: (
      rows!.results as Array<{
        id: number;
        slot_date: string;
        slot_window: string;
        markers: number;
        entered: number;
        to_approve: number;
        mine: number;
      }>
    ).map((r) => ({
      ...r,
      slot: slotOf(r as Parameters<typeof slotOf>[0]),
      awaiting: r.entered < r.markers ? 'entry' : r.to_approve > 0 ? 'approval' : 'release',
    })),
  };
}
