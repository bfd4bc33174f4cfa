// Marking what happened at a consultation's time (issue 46): held, the shopper late, the shopper did
// not come, the nutritionist did not come, the call failed. Allowed from the start time until a week
// after the end, once (shared/consultations/rules.ts: canMarkOutcome); the clear refusals are said here
// (too early, marked already, too late), then book's applyOutcome (api/src/consultations/refund.ts)
// sets the status and carries out the refund the rules give (to the card where the gateway took it,
// else the wallet; a package's session back), with its audit row, in one guarded batch.
import type { Context } from 'hono';
import type { ConsultationOutcome } from '#shared/consultations/facts';
import { canMarkOutcome, outcomeRefund } from '#shared/consultations/rules';
import type { AppEnv } from '#api/src/app-env';
import { ApiError } from '#api/src/lib/errors';
import { siteOrigin } from '#api/src/lib/site-origin';
import type { StaffMember } from '#api/src/staff/sessions';
import { applyOutcome } from '../refund';
import { pushChange, refundedText } from '../change-notices';
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
  refunded_to: string | null;
}> {
  if (consultation.outcome !== null) throw new ApiError(409, 'practice_already_marked');
  if (now < consultation.starts_at) throw new ApiError(409, 'practice_mark_too_early');
  if (!canMarkOutcome(consultation, now)) throw new ApiError(409, 'practice_mark_closed');
  const refund = outcomeRefund(outcome, consultation);
  const done = await applyOutcome(
    c.env.DB,
    { config: c.var.config, siteOrigin: siteOrigin(c), shards: c.env },
    consultation.id,
    outcome,
    member.id,
    { now },
  );
  // Money or a session back: her devices hear of it after the answer (the mail is queued already).
  const notice = done.notice;
  if (notice) c.executionCtx.waitUntil(pushChange(c.env, notice, (r) => refundedText(r, outcome, done, siteOrigin(c))));
  return { changed: true, outcome, status: done.status, refund, refunded_to: done.to };
}
