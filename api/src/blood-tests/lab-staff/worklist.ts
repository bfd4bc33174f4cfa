// The results worklist: orders collected or at the lab, with how far their results are.
import type { CountryCode } from '#shared/locale';
import { auditStatement } from '../../staff/audit';
import type { StaffMember } from '../../staff/sessions';
import { slotOf } from '../view';

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
