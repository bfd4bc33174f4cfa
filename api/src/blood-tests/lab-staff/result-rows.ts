// An order's biomarkers and results as the results pages read them, and who may approve them now (a
// second person, never the one who entered them): shared by entering, showing and approving results.
import type { BloodTestOrderStatus } from '#shared/blood-tests/order-types';
import type { ApprovalRefusal } from '#shared/api/staff-lab-responses';
import type { StaffMember } from '../../staff/sessions';
import type { BloodTestResultRow } from '../../db/rows';

export interface MarkerRow {
  biomarker_id: number;
  slug: string;
  name_en: string;
  name_ar: string;
  unit: string;
  loinc: string;
}
export type ResultWithNames = BloodTestResultRow & { entered_by_name: string | null; approved_by_name: string | null };

export function markersStatement(db: D1Database, orderId: number) {
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
export const resultsStatement = (db: D1Database, orderId: number) =>
  db
    .prepare(
      `SELECT r.*, e.name AS entered_by_name, a.name AS approved_by_name FROM blood_test_results r
       LEFT JOIN staff e ON e.id = r.entered_by LEFT JOIN staff a ON a.id = r.approved_by WHERE r.order_id = ?`,
    )
    .bind(orderId);

/** Why this member may not approve now (a message key), or null when they may. */
export function approvalRefusal(
  member: StaffMember,
  status: BloodTestOrderStatus,
  markers: MarkerRow[],
  results: BloodTestResultRow[],
): ApprovalRefusal | null {
  if (status === 'results_ready') return 'results_locked';
  if (status !== 'at_lab') return 'transition_not_allowed';
  const entered = new Set(results.map((r) => r.biomarker_id));
  if (markers.length === 0 || markers.some((m) => !entered.has(m.biomarker_id))) return 'results_incomplete';
  const pending = results.filter((r) => r.approved_by === null);
  if (pending.length === 0) return 'results_nothing_to_approve';
  if (pending.some((r) => r.entered_by === member.id)) return 'results_same_person';
  return null;
}
