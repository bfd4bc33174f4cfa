// Her birthday for its yearly points (users.birthday 'MM-DD', migration 0060), as the profile form
// saves it: birthday_set_at moves only when the date changes (or is cleared and set again), so the
// cron's "set at least 30 days before" rule (jobs.ts) cannot be dodged by saving the form again, and a
// changed date waits 30 days like a new one. For the profile's own batch.

/** 'MM-DD' of a real day (29 February allowed): the one check the profile's schema uses too. */
export { isBirthday } from '#shared/loyalty/birthday';

export function birthdayStatement(
  db: D1Database,
  userId: number,
  birthday: string | null,
  now = Date.now(),
): D1PreparedStatement {
  return db
    .prepare(
      `UPDATE users SET birthday = ?1,
         birthday_set_at = CASE WHEN ?1 IS NULL THEN NULL WHEN birthday IS ?1 THEN birthday_set_at ELSE ?2 END
       WHERE id = ?3`,
    )
    .bind(birthday, now, userId);
}
