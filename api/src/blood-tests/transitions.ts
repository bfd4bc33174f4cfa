// A blood-test order's steps after booking: sample collected → at the lab → results ready, each with
// its time column. One statement per step, guarded by the statuses it may start from, so a step that
// lost a race (the order was cancelled, another clerk was faster) changes nothing. The back office
// takes one step at a time; the local /dev/bloodTestOrder/advance may jump ahead for tests.
import type { BloodTestOrderStatus } from '#shared/blood-tests/order-types';

export type AdvanceStatus = 'sample_collected' | 'at_lab' | 'results_ready';

const STATUS_COLUMN = {
  sample_collected: 'sample_collected_at',
  at_lab: 'at_lab_at',
  results_ready: 'results_ready_at',
} as const satisfies Record<AdvanceStatus, string>;

/** The one status each step follows in the back office. */
const PREVIOUS_STATUS: Record<AdvanceStatus, BloodTestOrderStatus> = {
  sample_collected: 'booked',
  at_lab: 'sample_collected',
  results_ready: 'at_lab',
};

/** Every status an order may move on from (neither cancelled nor unpaid). */
export const LIVE_STATUSES: readonly BloodTestOrderStatus[] = ['booked', 'sample_collected', 'at_lab', 'results_ready'];

/** Moves the order to `status` (setting its time column) when it is in one of `from`; meta.changes says whether it did. */
export function advanceStatement(
  db: D1Database,
  orderId: number,
  status: AdvanceStatus,
  now: number,
  from: readonly BloodTestOrderStatus[] = [PREVIOUS_STATUS[status]],
): D1PreparedStatement {
  return db
    .prepare(
      `UPDATE blood_test_orders SET status = ?1, ${STATUS_COLUMN[status]} = ?2, updated_at = ?2
       WHERE id = ?3 AND status IN (${from.map((_, i) => `?${i + 4}`).join(', ')})`,
    )
    .bind(status, now, orderId, ...from);
}
