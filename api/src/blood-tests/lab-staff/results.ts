// Results entry: an order's results with their units and who may approve them, and saving them (a
// changed result becomes this member's and waits for approval again).
import type { BloodTestOrderStatus } from '#shared/blood-tests/order-types';
import type { ResultLineInput } from '#shared/api/staff-lab-schemas';
import { ApiError } from '../../lib/errors';
import { assertCan } from '../../middleware/staff';
import { auditStatement } from '../../staff/audit';
import type { StaffMember } from '../../staff/sessions';
import type { BloodTestResultRow } from '../../db/rows';
import { changedGuard, isStale, assertVisitStarted, orderHead } from './order-head';
import { biomarkerUnits, knownUnit } from './units';
import {
  type MarkerRow,
  type ResultWithNames,
  markersStatement,
  resultsStatement,
  approvalRefusal,
} from './result-rows';

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
