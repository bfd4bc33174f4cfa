// Approval by a second person: releases the results, mails and notifies the shopper, audits it; a
// released result is locked.
import { localizePath } from '#shared/locale';
import { ApiError } from '../../lib/errors';
import { assertCan } from '../../middleware/staff';
import { auditStatement } from '../../staff/audit';
import type { StaffMember } from '../../staff/sessions';
import type { BloodTestResultRow } from '../../db/rows';
import { resultsReadyMail } from '../texts';
import { noticeStatements, type NoticeTarget } from '../../messages/notices';
import { resultsReadyText } from '../../messages/texts';
import { advanceStatement } from '../transitions';
import { earnStatements } from '../../loyalty/earn';
import { earnAcross } from '../../loyalty/across';
import { type DatabaseEnv, shardFor, userOwner } from '../../db/databases';
import { log } from '../../lib/log';
import { changedGuard, isStale, assertVisitStarted, orderHead } from './order-head';
import { type MarkerRow, markersStatement, resultsStatement, approvalRefusal } from './result-rows';

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
  /** The bindings: her points in another order shard (decision 61) are earned there, after the batch. */
  shards?: DatabaseEnv,
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
  if (refusal) throw new ApiError(409, refusal);
  const { user_id, patient, ...to } = shopper!.results[0] as NoticeTarget & { user_id: number; patient: string };
  const path = localizePath(`/profile/blood-tests/ordered?id=${orderId}`, head.lang);
  // Her points for the test, in the batch that releases the results (nothing if it loses a race); in
  // her order shard after it when that is not the core.
  const route = shards ? await shardFor(shards, userOwner(head.user_id)) : null;
  const away = route && route.binding !== 'DB' ? route : null;
  if (away?.moving) throw new ApiError(503, 'service_busy');
  const points = away
    ? []
    : await earnStatements(db, {
        source: 'blood_test',
        id: orderId,
        userId: head.user_id,
        country: head.country,
        now,
        siteOrigin,
      });
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
      ...points,
    ]);
  } catch (e) {
    if (isStale(e)) throw new ApiError(409, 'results_locked');
    if (/blood_test_results_second_person|CHECK constraint/i.test(String((e as Error)?.message)))
      throw new ApiError(409, 'results_same_person');
    throw e;
  }
  if (away)
    await earnAcross(
      shards!,
      away,
      { source: 'blood_test', id: orderId, userId: head.user_id, country: head.country, now },
      siteOrigin,
    ).catch((error: unknown) => log.error('blood-test points not written in her order shard', { orderId, error }));
  onReady?.(user_id);
  return { order_id: orderId, status: 'results_ready' as const };
}
