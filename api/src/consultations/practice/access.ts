// Who may see what of a nutritionist's practice in the back office (issue 46). A staff member whose
// account is a nutritionist's (nutritionists.staff_id) works their own practice; with
// 'consultations:manage' (the owner) any nutritionist's schedule, marks and earnings. A shopper's
// health data (intake, notes, summary, recommendation reasons, shared results) is for that
// consultation's own nutritionist only, whatever the permissions: the owner gets the booking without it.
// A consultation of another nutritionist is 404 (as another shopper's order is), not 403.
import type { ConsultationOutcome, ConsultationStatus } from '#shared/consultations/facts';
import { can } from '#shared/staff/permissions';
import type { CountryCode } from '#shared/locale';
import { ApiError } from '#api/src/lib/errors';
import type { StaffMember } from '#api/src/staff/sessions';

export interface Practice {
  /** The nutritionist whose practice is shown. */
  nutritionistId: number;
  /** Whether it is the member's own (health data readable on its consultations). */
  own: boolean;
}

export interface PracticeConsultation {
  id: number;
  user_id: number;
  nutritionist_id: number;
  service_id: number;
  country: CountryCode;
  currency: string;
  lang: 'en' | 'ar';
  status: ConsultationStatus;
  mode: 'video' | 'chat';
  starts_at: number;
  ends_at: number;
  payment_method: 'card' | 'wallet' | 'package' | 'pay_later';
  payment_state: string;
  total: number;
  refunded: number;
  outcome: ConsultationOutcome | null;
  follow_up_of: number | null;
  /** The staff account of its nutritionist. */
  staff_id: number | null;
}

/** The nutritionist the member practises as, or null. */
async function ownNutritionist(db: D1Database, member: Pick<StaffMember, 'id'>): Promise<number | null> {
  const row = await db
    .prepare('SELECT id FROM nutritionists WHERE staff_id = ?')
    .bind(member.id)
    .first<{ id: number }>();
  return row?.id ?? null;
}

/**
 * The practice a call works on: the asked nutritionist (manage only, or one's own), else one's own.
 * A nutritionist asking for another's: 404; a manager with no practice of their own asking for none:
 * the first nutritionist that takes bookings.
 */
export async function practiceFor(db: D1Database, member: StaffMember, asked?: number): Promise<Practice> {
  const own = await ownNutritionist(db, member);
  if (asked !== undefined && asked !== own) {
    if (!can(member.grants, 'consultations:manage')) throw new ApiError(404, 'not_found');
    const exists = await db.prepare('SELECT id FROM nutritionists WHERE id = ?').bind(asked).first();
    if (!exists) throw new ApiError(404, 'not_found');
    return { nutritionistId: asked, own: false };
  }
  if (own !== null) return { nutritionistId: own, own: true };
  // A nutritionist's account the owner has not linked to a nutritionist yet: said as such.
  if (!can(member.grants, 'consultations:manage')) throw new ApiError(404, 'practice_not_linked');
  const first = await db
    .prepare('SELECT id FROM nutritionists WHERE staff_id IS NOT NULL ORDER BY sort_order, id LIMIT 1')
    .first<{ id: number }>();
  if (!first) throw new ApiError(404, 'not_found');
  return { nutritionistId: first.id, own: false };
}

/**
 * One consultation as the member may see it: its own nutritionist's (health: true), or any with
 * manage in its country (health: false). Anything else, or a booking never paid: 404.
 */
export async function consultationFor(
  db: D1Database,
  member: StaffMember,
  id: number,
): Promise<{ consultation: PracticeConsultation; health: boolean }> {
  const row = await db
    .prepare(
      `SELECT c.id, c.user_id, c.nutritionist_id, c.service_id, c.country, c.currency, c.lang, c.status, c.mode,
         c.starts_at, c.ends_at, c.payment_method, c.payment_state, c.total, c.refunded, c.outcome, c.follow_up_of,
         n.staff_id
       FROM consultations c JOIN nutritionists n ON n.id = c.nutritionist_id
       WHERE c.id = ? AND c.status NOT IN ('pending_payment', 'payment_failed')`,
    )
    .bind(id)
    .first<PracticeConsultation>();
  if (!row) throw new ApiError(404, 'not_found');
  if (row.staff_id === member.id) return { consultation: row, health: true };
  if (can(member.grants, 'consultations:manage', row.country)) return { consultation: row, health: false };
  throw new ApiError(404, 'not_found');
}

/** The consultation, only for its own nutritionist (health data and what is written with it). */
export async function ownConsultation(db: D1Database, member: StaffMember, id: number): Promise<PracticeConsultation> {
  const { consultation, health } = await consultationFor(db, member, id);
  // The owner learns only that the record is not theirs to read: the same 404 as a stranger's.
  if (!health) throw new ApiError(404, 'not_found');
  return consultation;
}
