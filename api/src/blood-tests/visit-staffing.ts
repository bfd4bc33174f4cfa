// Who makes a home visit: the lab's nurses per country, one assigned to each booked visit, then the
// visit confirmed, which tells the shopper by mail who is coming and when. Every change writes its
// audit row in the batch that makes it; a nurse of the other country, or one taken off the list, is
// refused, and a visit that moved on (collected, cancelled) keeps what it had.
import type { CountryCode, Lang } from '#shared/locale';
import { formatDate } from '#shared/text/dates';
import { ApiError } from '../lib/errors';
import { queueMail } from '../mail/outbox';
import { assertCan } from '../middleware/staff';
import { auditStatement } from '../staff/audit';
import type { StaffMember } from '../staff/sessions';
import { changedGuard } from './lab-staff';
import { slotOf } from './view';

export interface Nurse {
  id: number;
  country: CountryCode;
  name: string;
  phone: string;
  active: boolean;
}
type NurseRow = Omit<Nurse, 'active'> & { active: number };
const toNurse = (r: NurseRow): Nurse => ({ ...r, active: r.active === 1 });

const isStale = (e: unknown) => /malformed JSON/i.test(String((e as Error)?.message ?? e));

/** The nurses of these countries, active first, by name. */
export async function listNurses(db: D1Database, countries: CountryCode[]): Promise<Nurse[]> {
  if (countries.length === 0) return [];
  const { results } = await db
    .prepare(
      `SELECT id, country, name, phone, active FROM nurses WHERE country IN (${countries.map(() => '?').join(', ')})
       ORDER BY active DESC, country, name, id`,
    )
    .bind(...countries)
    .all<NurseRow>();
  return results.map(toNurse);
}

export async function addNurse(
  db: D1Database,
  member: StaffMember,
  input: { country: CountryCode; name: string; phone: string },
  now = Date.now(),
) {
  assertCan(member, 'bloodtests:write', input.country);
  const [row] = await db.batch([
    db
      .prepare('INSERT INTO nurses (country, name, phone, active, created_at) VALUES (?, ?, ?, 1, ?) RETURNING id')
      .bind(input.country, input.name, input.phone, now),
    auditStatement(db, member, {
      action: 'nurse.add',
      resource: 'nurse',
      country: input.country,
      after: { name: input.name, phone: input.phone },
    }),
  ]);
  return { nurse_id: (row!.results[0] as { id: number }).id };
}

async function nurseOf(db: D1Database, id: number): Promise<Nurse> {
  const row = await db
    .prepare('SELECT id, country, name, phone, active FROM nurses WHERE id = ?')
    .bind(id)
    .first<NurseRow>();
  if (!row) throw new ApiError(404, 'nurse_not_found');
  return toNurse(row);
}

/** Takes a nurse off the list (kept on the visits they made) or back on it. */
export async function setNurseActive(
  db: D1Database,
  member: StaffMember,
  input: { nurse_id: number; active: boolean },
) {
  const nurse = await nurseOf(db, input.nurse_id);
  assertCan(member, 'bloodtests:write', nurse.country);
  if (nurse.active === input.active) return { changed: false };
  await db.batch([
    db.prepare('UPDATE nurses SET active = ? WHERE id = ?').bind(input.active ? 1 : 0, nurse.id),
    auditStatement(db, member, {
      action: 'nurse.active',
      resource: 'nurse',
      resourceId: nurse.id,
      country: nurse.country,
      before: { active: nurse.active },
      after: { active: input.active },
    }),
  ]);
  return { changed: true };
}

interface VisitHead {
  id: number;
  country: CountryCode;
  status: string;
  lang: Lang;
  nurse_id: number | null;
  visit_confirmed_at: number | null;
  visit_at: number;
  slot_date: string;
  slot_window: string;
  email: string;
  patient: string;
}

async function visitHead(db: D1Database, orderId: number): Promise<VisitHead> {
  const row = await db
    .prepare(
      `SELECT o.id, o.country, o.status, o.lang, o.nurse_id, o.visit_confirmed_at, o.visit_at, o.slot_date, o.slot_window,
         u.email, p.name AS patient
       FROM blood_test_orders o JOIN users u ON u.id = o.user_id JOIN blood_test_patients p ON p.id = o.patient_id
       WHERE o.id = ?`,
    )
    .bind(orderId)
    .first<VisitHead>();
  if (!row) throw new ApiError(404, 'not_found');
  return row;
}

/** Assigns (or changes) the visit's nurse; a change after confirming asks for a new confirmation. */
export async function assignNurse(
  db: D1Database,
  member: StaffMember,
  input: { order_id: number; nurse_id: number },
  now = Date.now(),
) {
  const visit = await visitHead(db, input.order_id);
  assertCan(member, 'visits:collect', visit.country);
  if (visit.status !== 'booked') throw new ApiError(409, 'transition_not_allowed', { status: visit.status });
  const nurse = await nurseOf(db, input.nurse_id);
  if (!nurse.active || nurse.country !== visit.country) throw new ApiError(409, 'nurse_not_available');
  if (visit.nurse_id === nurse.id) return { order_id: visit.id, changed: false };
  try {
    await db.batch([
      db
        .prepare(
          `UPDATE blood_test_orders SET nurse_id = ?1, visit_confirmed_at = NULL, updated_at = ?2
           WHERE id = ?3 AND status = 'booked' AND EXISTS (SELECT 1 FROM nurses WHERE id = ?1 AND active = 1)`,
        )
        .bind(nurse.id, now, visit.id),
      changedGuard(db),
      auditStatement(db, member, {
        action: 'visit.assign_nurse',
        resource: 'blood_test_order',
        resourceId: visit.id,
        country: visit.country,
        before: { nurse_id: visit.nurse_id, confirmed: visit.visit_confirmed_at !== null },
        after: { nurse_id: nurse.id, confirmed: false },
      }),
    ]);
  } catch (e) {
    if (isStale(e)) throw new ApiError(409, 'transition_not_allowed');
    throw e;
  }
  return { order_id: visit.id, changed: true };
}

/** The mail that tells the shopper the visit is confirmed and who is coming. */
function visitConfirmedMail(
  lang: Lang,
  v: { id: number; country: CountryCode; patient: string; nurse: string; slot: ReturnType<typeof slotOf> },
): { subject: string; text: string } {
  const day = formatDate(Date.parse(`${v.slot.date}T12:00:00Z`), lang, v.country);
  return lang === 'ar'
    ? {
        subject: `تأكيد زيارة سحب العينة – الطلب ${v.id}`,
        text: `تأكّد موعد زيارة ${v.patient} لسحب عينة الدم.\n\nالموعد: ${day}، \u2066${v.slot.starts}–${v.slot.ends}\u2069\nمن يزوركم من طاقم التمريض: ${v.nurse}\n\nيرجى تجهيز بطاقة الهوية.`,
      }
    : {
        subject: `Your blood test visit is confirmed – order ${v.id}`,
        text: `The home visit for ${v.patient} is confirmed.\n\nTime: ${day}, ${v.slot.starts}–${v.slot.ends}\nYour nurse: ${v.nurse}\n\nPlease have your ID ready.`,
      };
}

/** Confirms a booked visit that has its nurse: the shopper is told once, in the order's language. */
export async function confirmVisit(db: D1Database, member: StaffMember, orderId: number, now = Date.now()) {
  const visit = await visitHead(db, orderId);
  assertCan(member, 'visits:collect', visit.country);
  if (visit.status !== 'booked') throw new ApiError(409, 'transition_not_allowed', { status: visit.status });
  if (visit.nurse_id === null) throw new ApiError(409, 'visit_needs_nurse');
  if (visit.visit_confirmed_at !== null) return { order_id: visit.id, changed: false };
  const nurse = await nurseOf(db, visit.nurse_id);
  const mail = visitConfirmedMail(visit.lang, {
    id: visit.id,
    country: visit.country,
    patient: visit.patient,
    nurse: nurse.name,
    slot: slotOf(visit as Parameters<typeof slotOf>[0]),
  });
  try {
    await db.batch([
      db
        .prepare(
          `UPDATE blood_test_orders SET visit_confirmed_at = ?1, updated_at = ?1
           WHERE id = ?2 AND status = 'booked' AND nurse_id = ?3 AND visit_confirmed_at IS NULL`,
        )
        .bind(now, visit.id, nurse.id),
      changedGuard(db),
      queueMail(
        db,
        {
          to: visit.email,
          lang: visit.lang,
          kind: 'blood_test_visit',
          // A new confirmation after a reschedule or another nurse is a new mail.
          dedupeKey: `blood-test:${visit.id}:confirmed:${visit.visit_at}:${nurse.id}`,
          ...mail,
        },
        now,
      ),
      auditStatement(db, member, {
        action: 'visit.confirm',
        resource: 'blood_test_order',
        resourceId: visit.id,
        country: visit.country,
        after: { nurse_id: nurse.id, visit_at: visit.visit_at },
      }),
    ]);
  } catch (e) {
    if (isStale(e)) throw new ApiError(409, 'transition_not_allowed');
    throw e;
  }
  return { order_id: visit.id, changed: true };
}
