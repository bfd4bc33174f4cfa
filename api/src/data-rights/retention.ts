// Retention of uploaded result files (decision 49): a file its owner has not opened (downloaded) for
// UPLOAD_RETENTION_DAYS is deleted, rows first and then its object. She is told once, by mail,
// UPLOAD_RETENTION_NOTICE_DAYS before; opening the file afterwards starts its period again (the
// download clears the notice). The deletion waits for a full notice period after the mail, so a
// notice sent late (a cron that did not run) still gives her the whole period.
import type { Lang } from '#shared/locale';
import { formatDate } from '#shared/text/dates';
import { HOME_COUNTRY } from '#shared/countries';
import type { ApiConfig } from '../lib/config';
import { queueMail } from '../mail/outbox';
import { deleteObjects } from '../uploads/store';
import { retentionNoticeMail } from './texts';

const DAY = 24 * 60 * 60 * 1000;
const PER_RUN = 200;

type Settings = Pick<ApiConfig, 'UPLOAD_RETENTION_DAYS' | 'UPLOAD_RETENTION_NOTICE_DAYS'>;

export async function applyUploadRetention(
  env: Pick<ApiEnv, 'DB' | 'UPLOADS'>,
  config: Settings,
  siteOrigin: string,
  now = Date.now(),
): Promise<{ noticed: number; deleted: number }> {
  const db = env.DB;
  const keep = config.UPLOAD_RETENTION_DAYS * DAY;
  const notice = Math.min(config.UPLOAD_RETENTION_NOTICE_DAYS, config.UPLOAD_RETENTION_DAYS - 1) * DAY;

  // Deletion first: files past their period whose notice went at least a notice period ago.
  const { results: gone } = await db
    .prepare(
      `DELETE FROM blood_test_upload_files WHERE id IN (
         SELECT id FROM blood_test_upload_files
         WHERE result_id IS NOT NULL AND coalesce(last_opened_at, created_at) <= ?1 AND retention_notice_at <= ?2
         LIMIT ${PER_RUN}) RETURNING r2_key`,
    )
    .bind(now - keep, now - notice)
    .all<{ r2_key: string }>();
  await deleteObjects(
    env.UPLOADS,
    gone.map((r) => r.r2_key),
  );

  // Notices: files entering their last notice period, not told yet; one mail per shopper.
  const { results: due } = await db
    .prepare(
      `SELECT f.id, f.name, f.user_id, coalesce(f.last_opened_at, f.created_at) AS since, u.email, u.lang
       FROM blood_test_upload_files f JOIN users u ON u.id = f.user_id
       WHERE f.result_id IS NOT NULL AND f.retention_notice_at IS NULL AND coalesce(f.last_opened_at, f.created_at) <= ?1
         AND u.deleted_at IS NULL
       ORDER BY f.user_id LIMIT ${PER_RUN}`,
    )
    .bind(now - (keep - notice))
    .all<{ id: string; name: string; user_id: number; since: number; email: string; lang: string }>();
  const byUser = new Map<number, typeof due>();
  for (const f of due) byUser.set(f.user_id, [...(byUser.get(f.user_id) ?? []), f]);
  const statements: D1PreparedStatement[] = [];
  for (const [userId, files] of byUser) {
    const lang: Lang = files[0]!.lang === 'ar' ? 'ar' : 'en';
    const deleteOn = formatDate(Math.max(...files.map((f) => f.since)) + keep, lang, HOME_COUNTRY);
    const ids = files.map((f) => f.id);
    statements.push(
      db
        .prepare(
          `UPDATE blood_test_upload_files SET retention_notice_at = ? WHERE id IN (${ids.map(() => '?').join(', ')}) AND retention_notice_at IS NULL`,
        )
        .bind(now, ...ids),
    );
    // A shopper with a phone-only account has no address to tell: the files still wait the notice period.
    if (files[0]!.email)
      statements.push(
        queueMail(
          db,
          {
            to: files[0]!.email,
            ...retentionNoticeMail(
              lang,
              { files: files.map((f) => f.name), deleteOn, days: config.UPLOAD_RETENTION_DAYS },
              siteOrigin,
            ),
            lang,
            kind: 'upload_retention_notice',
            dedupeKey: `upload-retention:${userId}:${ids.sort().join(',')}`.slice(0, 500),
          },
          now,
        ),
      );
  }
  if (statements.length) await db.batch(statements);
  return { noticed: due.length, deleted: gone.length };
}
