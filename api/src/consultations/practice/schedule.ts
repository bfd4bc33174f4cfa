// A nutritionist's schedule in the back office (issue 46): the weekly hours (per weekday, for every
// service or one), days off, and the bookings of a day, all on the practice's clock (the home country's
// time zone, shared/consultations/rules.ts). Hours are replaced as a whole week in one
// batch with the audit row of the change (before and after); the slot API reads the same rows.
import { instantIn } from '#shared/country-days';
import { PRACTICE_ZONE, practiceDate } from '#shared/consultations/rules';
import { addDays } from '#shared/gulf-days';
import type { HoursRow } from '#shared/api/staff-practice-schemas';
import { ApiError } from '#api/src/lib/errors';
import { auditStatement } from '#api/src/staff/audit';
import type { StaffMember } from '#api/src/staff/sessions';
import { can, countriesFor } from '#shared/staff/permissions';
import type { Practice } from './access';
import type { DayBooking, DayView, PracticeNutritionist, ScheduleView } from '#shared/consultations/practice-views';

const DAY_MS = 24 * 60 * 60 * 1000;

function nutritionistsStatement(db: D1Database, member: StaffMember, practice: Practice) {
  return can(member.grants, 'consultations:manage')
    ? db.prepare('SELECT id, name_en, name_ar FROM nutritionists WHERE staff_id IS NOT NULL ORDER BY sort_order, id')
    : db.prepare('SELECT id, name_en, name_ar FROM nutritionists WHERE id = ?').bind(practice.nutritionistId);
}

export async function scheduleView(
  db: D1Database,
  member: StaffMember,
  practice: Practice,
  now = Date.now(),
): Promise<ScheduleView> {
  const today = practiceDate(now);
  const [who, all, services, hours, daysOff] = await db.batch([
    db.prepare('SELECT id, name_en, name_ar FROM nutritionists WHERE id = ?').bind(practice.nutritionistId),
    nutritionistsStatement(db, member, practice),
    db
      .prepare(
        'SELECT id, kind, minutes, name_en, name_ar FROM consultation_services WHERE nutritionist_id = ? AND active = 1 ORDER BY sort_order, id',
      )
      .bind(practice.nutritionistId),
    db
      .prepare(
        'SELECT id, weekday, start_minute, end_minute, service_id FROM nutritionist_availability WHERE nutritionist_id = ? ORDER BY weekday, start_minute, id',
      )
      .bind(practice.nutritionistId),
    db
      .prepare('SELECT date FROM nutritionist_days_off WHERE nutritionist_id = ? AND date >= ? ORDER BY date')
      .bind(practice.nutritionistId, today),
  ]);
  return {
    nutritionist: who!.results[0] as unknown as PracticeNutritionist,
    nutritionists: all!.results as unknown as PracticeNutritionist[],
    services: services!.results as unknown as ScheduleView['services'],
    hours: hours!.results as unknown as ScheduleView['hours'],
    days_off: (daysOff!.results as { date: string }[]).map((r) => r.date),
    today,
  };
}

/** The week's hours replaced by `rows` (validated: no overlap, end after start), audited. */
export async function setHours(
  db: D1Database,
  member: StaffMember,
  practice: Practice,
  rows: readonly HoursRow[],
): Promise<{ changed: boolean }> {
  const [before, services] = await db.batch([
    db
      .prepare(
        'SELECT weekday, start_minute, end_minute, service_id FROM nutritionist_availability WHERE nutritionist_id = ? ORDER BY weekday, start_minute, id',
      )
      .bind(practice.nutritionistId),
    db.prepare('SELECT id FROM consultation_services WHERE nutritionist_id = ?').bind(practice.nutritionistId),
  ]);
  const own = new Set((services!.results as { id: number }[]).map((s) => s.id));
  if (rows.some((r) => r.service_id !== null && !own.has(r.service_id)))
    throw new ApiError(400, 'practice_service_unknown');
  const after = [...rows]
    .sort((a, b) => a.weekday - b.weekday || a.start - b.start)
    .map((r) => ({ weekday: r.weekday, start_minute: r.start, end_minute: r.end, service_id: r.service_id }));
  if (JSON.stringify(before!.results) === JSON.stringify(after)) return { changed: false };
  await db.batch([
    db.prepare('DELETE FROM nutritionist_availability WHERE nutritionist_id = ?').bind(practice.nutritionistId),
    ...after.map((r) =>
      db
        .prepare(
          'INSERT INTO nutritionist_availability (nutritionist_id, service_id, weekday, start_minute, end_minute) VALUES (?, ?, ?, ?, ?)',
        )
        .bind(practice.nutritionistId, r.service_id, r.weekday, r.start_minute, r.end_minute),
    ),
    auditStatement(db, member, {
      action: 'availability.set',
      resource: 'nutritionist',
      resourceId: practice.nutritionistId,
      before: before!.results,
      after,
    }),
  ]);
  return { changed: true };
}

/** A day off added (from today on), audited; an existing one is no change. */
export async function addDayOff(
  db: D1Database,
  member: StaffMember,
  practice: Practice,
  date: string,
  now = Date.now(),
): Promise<{ changed: boolean }> {
  if (date < practiceDate(now) || date > addDays(practiceDate(now), 366))
    throw new ApiError(400, 'practice_day_off_range');
  const [inserted] = await db.batch([
    db
      .prepare('INSERT INTO nutritionist_days_off (nutritionist_id, date) VALUES (?, ?) ON CONFLICT DO NOTHING')
      .bind(practice.nutritionistId, date),
    auditStatement(db, member, {
      action: 'day_off.add',
      resource: 'nutritionist',
      resourceId: practice.nutritionistId,
      after: { date },
    }),
  ]);
  return { changed: (inserted!.meta.changes ?? 0) > 0 };
}

export async function removeDayOff(
  db: D1Database,
  member: StaffMember,
  practice: Practice,
  date: string,
): Promise<{ changed: boolean }> {
  const [deleted] = await db.batch([
    db
      .prepare('DELETE FROM nutritionist_days_off WHERE nutritionist_id = ? AND date = ?')
      .bind(practice.nutritionistId, date),
    auditStatement(db, member, {
      action: 'day_off.remove',
      resource: 'nutritionist',
      resourceId: practice.nutritionistId,
      before: { date },
    }),
  ]);
  return { changed: (deleted!.meta.changes ?? 0) > 0 };
}

/**
 * The bookings of one practice day (booked, held, missed or cancelled; never an unpaid attempt): all of
 * her own practice's; of another's, those in the countries the member manages (an owner of one country
 * sees that country's).
 */
export async function dayView(db: D1Database, member: StaffMember, practice: Practice, date: string): Promise<DayView> {
  const from = instantIn(PRACTICE_ZONE, date);
  const countries = practice.own ? null : countriesFor(member.grants, 'consultations:manage');
  const [who, all, rows] = await db.batch([
    db.prepare('SELECT id, name_en, name_ar FROM nutritionists WHERE id = ?').bind(practice.nutritionistId),
    nutritionistsStatement(db, member, practice),
    db
      .prepare(
        `SELECT c.id, c.starts_at, c.ends_at, u.name AS user_name, c.mode, c.status, c.outcome, c.country, c.lang,
           s.id AS service_id, s.name_en, s.name_ar, s.minutes
         FROM consultations c JOIN users u ON u.id = c.user_id JOIN consultation_services s ON s.id = c.service_id
         WHERE c.nutritionist_id = ?1 AND c.starts_at >= ?2 AND c.starts_at < ?3
           AND c.status NOT IN ('pending_payment', 'payment_failed')
           AND (?4 IS NULL OR c.country IN (SELECT value FROM json_each(?4)))
         ORDER BY c.starts_at, c.id`,
      )
      .bind(practice.nutritionistId, from, from + DAY_MS, countries === null ? null : JSON.stringify(countries)),
  ]);
  type Row = Omit<DayBooking, 'first_name' | 'service'> & {
    user_name: string;
    service_id: number;
    name_en: string;
    name_ar: string;
    minutes: number;
  };
  return {
    date,
    nutritionist: who!.results[0] as unknown as PracticeNutritionist,
    nutritionists: all!.results as unknown as PracticeNutritionist[],
    own: practice.own,
    bookings: (rows!.results as unknown as Row[]).map((r) => ({
      id: r.id,
      starts_at: r.starts_at,
      ends_at: r.ends_at,
      first_name: firstName(r.user_name),
      service: { id: r.service_id, name_en: r.name_en, name_ar: r.name_ar, minutes: r.minutes },
      mode: r.mode,
      status: r.status,
      outcome: r.outcome,
      country: r.country,
      lang: r.lang,
    })),
  };
}

/** The first word of a name (a shopper is "Sara" on the nutritionist's day, never her full name). */
export const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? '';
