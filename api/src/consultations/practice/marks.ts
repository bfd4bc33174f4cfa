// Marking what happened at a consultation's time (issue 46): held, the shopper late, the shopper did
// not come, the nutritionist did not come, the call failed. Allowed from the start time until a week
// after the end, once (shared/consultations/rules.ts: canMarkOutcome). The status and the refund that
// follow are book's rules (outcomeStatus, outcomeRefund), applied by book's applyOutcome
// (api/src/consultations/refund.ts) when it is on the branch; the page shows the refund before the button.
import type { Context } from 'hono';
import type { ConsultationOutcome } from '#shared/consultations/facts';
import { canMarkOutcome, outcomeRefund, outcomeStatus } from '#shared/consultations/rules';
import type { AppEnv } from '#api/src/app-env';
import { ApiError } from '#api/src/lib/errors';
import { auditStatement } from '#api/src/staff/audit';
import type { StaffMember } from '#api/src/staff/sessions';
import type { PracticeConsultation } from './access';

export async function markOutcome(
  c: Context<AppEnv>,
  member: StaffMember,
  consultation: PracticeConsultation,
  outcome: ConsultationOutcome,
  now = Date.now(),
): Promise<{
  changed: boolean;
  outcome: ConsultationOutcome;
  status: string;
  refund: { amount: number; session_back: boolean };
}> {
  if (consultation.outcome !== null) throw new ApiError(409, 'practice_already_marked');
  if (now < consultation.starts_at) throw new ApiError(409, 'practice_mark_too_early');
  if (!canMarkOutcome(consultation, now)) throw new ApiError(409, 'practice_mark_closed');
  const refund = outcomeRefund(outcome, consultation);
  const status = outcomeStatus(outcome);
  const db = c.env.DB;
  const [updated] = await db.batch([
    db
      .prepare(
        "UPDATE consultations SET outcome = ?, status = ?, completed_at = CASE WHEN ? = 'completed' THEN ? ELSE completed_at END, updated_at = ? WHERE id = ? AND outcome IS NULL",
      )
      .bind(outcome, status, status, now, now, consultation.id),
    auditStatement(db, member, {
      action: 'consultation.mark',
      resource: 'consultation',
      resourceId: consultation.id,
      country: consultation.country,
      before: { outcome: null, status: consultation.status },
      after: { outcome, status, refund: refund.amount, session_back: refund.session_back },
    }),
  ]);
  if ((updated!.meta.changes ?? 0) === 0) throw new ApiError(409, 'practice_already_marked');
  return { changed: true, outcome, status, refund };
}
