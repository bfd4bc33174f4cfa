// The shopper's changes to a booked consultation: move it to a time she has just held (until 24 hours
// before, at most twice), switch video and chat (until the call ends), and rate it once it took place
// (through the product reviews' moderation rules). Cancelling is refund.ts's (its money moves live there).
import { cellsFor, rescheduleRefusal, rescheduleUntil, sessionEnd } from '#shared/consultations/rules';
import type { ConsultationMode } from '#shared/consultations/facts';
import type { Lang } from '#shared/locale';
import { textFlags } from '#shared/reviews/text-rules';
import { ApiError } from '../lib/errors';
import { readSettings, settingsStatement, statusFor } from '../reviews/write';
import { changeStatements, movedText, type NoticeLinks } from './change-notices';
import { liveHold } from './hold';
import { type NoticeRow, noticeRow } from './notices';

interface Owned {
  id: number;
  user_id: number;
  nutritionist_id: number;
  service_id: number;
  status: string;
  starts_at: number;
  ends_at: number;
  rescheduled_count: number;
  minutes: number;
}

async function owned(db: D1Database, id: number, userId: number): Promise<Owned> {
  const row = await db
    .prepare(
      `SELECT c.id, c.user_id, c.nutritionist_id, c.service_id, c.status, c.starts_at, c.ends_at, c.rescheduled_count, s.minutes
       FROM consultations c JOIN consultation_services s ON s.id = c.service_id WHERE c.id = ? AND c.user_id = ?`,
    )
    .bind(id, userId)
    .first<Owned>();
  if (!row) throw new ApiError(404, 'not_found');
  return row;
}

/**
 * Moves a booked consultation to the time of her live hold (same service); the old time is freed. The
 * mail that tells her (with the new calendar file) and her WhatsApp update are in the move's own batch;
 * answers the moved notice row for the web push, which follows the batch.
 */
export async function rescheduleConsultation(
  db: D1Database,
  p: { userId: number; id: number; holdId: string; links: NoticeLinks },
  now = Date.now(),
): Promise<{ moved: NoticeRow; was: Pick<NoticeRow, 'starts_at' | 'ends_at'> } | null> {
  const c = await owned(db, p.id, p.userId);
  if (c.status !== 'booked') throw new ApiError(409, 'consultation_not_changeable');
  const refusal = rescheduleRefusal(c, now);
  if (refusal) throw new ApiError(409, refusal);
  const hold = await liveHold(db, p.holdId, p.userId, now);
  if (!hold || hold.nutritionist_id !== c.nutritionist_id || hold.cells !== cellsFor(hold.starts_at, c.minutes).length)
    throw new ApiError(409, 'consultation_hold_expired');
  const before = await noticeRow(db, c.id);
  const moved = before && {
    ...before,
    starts_at: hold.starts_at,
    ends_at: sessionEnd(hold.starts_at, c.minutes),
    rescheduled_count: before.rescheduled_count + 1,
  };
  const notices = moved
    ? await changeStatements(db, moved, movedText(moved, before, p.links.siteOrigin), {
        kind: 'consultation_moved',
        dedupeKey: `consultation:${c.id}:moved:${moved.rescheduled_count}`,
        links: p.links,
        now,
        calendar: true,
      })
    : [];
  try {
    await db.batch([
      // The guard: still booked, before the cut-off and under the limit as this batch runs, and the hold
      // still hers and live; else slot_held = 0 and nothing is stored.
      db
        .prepare(
          `UPDATE consultations SET slot_held = (status = 'booked' AND ?1 <= starts_at - ?2 AND rescheduled_count < ?3
             AND (SELECT COUNT(*) FROM consultation_cells WHERE hold_id = ?4 AND user_id = ?5 AND consultation_id IS NULL AND expires_at > ?1) = ?6),
             starts_at = ?7, ends_at = ?8, rescheduled_count = rescheduled_count + 1, reminded_day_at = NULL, reminded_hour_at = NULL, updated_at = ?1
           WHERE id = ?9`,
        )
        .bind(
          now,
          c.starts_at - rescheduleUntil(c.starts_at),
          2,
          p.holdId,
          p.userId,
          hold.cells,
          hold.starts_at,
          sessionEnd(hold.starts_at, c.minutes),
          c.id,
        ),
      db.prepare('DELETE FROM consultation_cells WHERE consultation_id = ?').bind(c.id),
      db
        .prepare(
          'UPDATE consultation_cells SET consultation_id = ?, expires_at = NULL WHERE hold_id = ? AND user_id = ?',
        )
        .bind(c.id, p.holdId, p.userId),
      // After the guard: a move that lost its race stores no mail either.
      ...notices,
    ]);
  } catch (error) {
    if (/consultation_slot_held/.test(String(error))) throw new ApiError(409, 'consultation_hold_expired');
    throw error;
  }
  return moved && before ? { moved, was: before } : null;
}

/** Video or chat: hers to change while the consultation is booked and until its end. */
export async function setMode(
  db: D1Database,
  p: { userId: number; id: number; mode: ConsultationMode },
  now = Date.now(),
): Promise<void> {
  const c = await owned(db, p.id, p.userId);
  if (c.status !== 'booked' || now > c.ends_at) throw new ApiError(409, 'consultation_not_changeable');
  await db
    .prepare("UPDATE consultations SET mode = ?, updated_at = ? WHERE id = ? AND status = 'booked'")
    .bind(p.mode, now, c.id)
    .run();
}

/**
 * Her rating of a consultation that took place: held or shown by the product reviews' rules (the
 * shop's moderation setting and the text rules); the back office's review queue decides held ones.
 */
export async function rateConsultation(
  db: D1Database,
  p: { userId: number; id: number; rating: number; body: string; lang: Lang },
  now = Date.now(),
): Promise<{ status: 'pending' | 'approved' }> {
  const c = await owned(db, p.id, p.userId);
  if (c.status !== 'completed') throw new ApiError(409, 'consultation_rating_not_allowed');
  const [settings] = await db.batch([settingsStatement(db)]);
  const flags = textFlags(p.body);
  const status = statusFor(readSettings(settings!.results).moderation, flags) as 'pending' | 'approved';
  try {
    await db
      .prepare(
        `INSERT INTO consultation_ratings (consultation_id, user_id, nutritionist_id, rating, body, lang, status, held_for, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .bind(c.id, p.userId, c.nutritionist_id, p.rating, p.body, p.lang, status, JSON.stringify(flags), now)
      .run();
  } catch (error) {
    if (/UNIQUE|PRIMARY KEY/.test(String(error))) throw new ApiError(409, 'consultation_rating_exists');
    throw error;
  }
  return { status };
}
