// What every step on a blood test order starts from: the order's head (404 when there is none), the
// rule that nothing of a visit happens before its time, and the guard that makes a step that lost a
// race roll its whole batch back (audit row included) and answer 409.
import type { BloodTestOrderStatus } from '#shared/blood-tests/order-types';
import type { CountryCode, Lang } from '#shared/locale';
import { ApiError } from '../../lib/errors';

/**
 * Aborts the batch when the statement before it changed no row (a step that lost a race): json() of
 * a non-JSON text is an error, and a failed statement rolls the whole batch back, audit row included.
 */
export const changedGuard = (db: D1Database) =>
  db.prepare("SELECT json(CASE WHEN changes() = 0 THEN 'stale' ELSE '1' END)");
export const isStale = (e: unknown) => /malformed JSON/i.test(String((e as Error)?.message ?? e));

export interface OrderHead {
  id: number;
  country: CountryCode;
  status: BloodTestOrderStatus;
  lang: Lang;
  user_id: number;
  /** The visit window's start: nothing of the visit can happen before it. */
  visit_at: number;
}

/** Collecting, entering and releasing all wait for the visit's date and time. */
export function assertVisitStarted(o: OrderHead, now: number) {
  if (now < o.visit_at) throw new ApiError(409, 'visit_not_started');
}

export async function orderHead(db: D1Database, id: number): Promise<OrderHead> {
  const row = await db
    .prepare('SELECT id, country, status, lang, user_id, visit_at FROM blood_test_orders WHERE id = ?')
    .bind(id)
    .first<OrderHead>();
  if (!row) throw new ApiError(404, 'not_found');
  return row;
}
