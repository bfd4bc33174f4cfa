// "Download my data" (decision 49): a shopper asks, the cron (or the local /dev route) prepares the
// archive in the background, seals it like an uploaded file (AES-256-GCM under a fresh data key wrapped
// by the UPLOAD_KEK) into the private UPLOADS bucket under exports/, and mails her that it is ready.
// The account page offers it by a link signed with TOKEN_SECRET that names the request, its owner and
// its expiry; the API checks the signature and that the caller is the owner before it opens anything.
// After 24 hours the cron deletes the object and the request reads "expired". One open request per
// shopper (a unique index), and one request a day.
import type { DataExportStatus, DataExportView } from '#shared/api/data-rights-schemas';
import { hmacHex, verifyHmacHex } from '#shared/api/signing';
import { RETENTION } from '#shared/data-rights/retention-figures';
import type { Lang } from '#shared/locale';
import { formatDate } from '#shared/text/dates';
import { HOME_COUNTRY } from '#shared/countries';
import { ApiError, TooManyRequests } from '../lib/errors';
import { log } from '../lib/log';
import { type Keyring, openFile, sealFile } from '../uploads/crypto';
import { archiveEntries } from './archive';
import type { ColdReader } from '../archive/read';
import { apiConfig } from '../lib/config';
import { healthKeyring } from '../consultations/seal';

/** The consultations' keyring of the worker's configuration; null where the configuration has none. */
function healthRingOf(env: object) {
  try {
    return healthKeyring(apiConfig(env as ApiEnv));
  } catch {
    return null;
  }
}
import { exportReadyMail } from './texts';
import { zip } from './zip';
import { noticeStatements, type NoticeTarget } from '../messages/notices';
import { exportReadyText } from '../messages/texts';
import { localizePath } from '#shared/locale';

const EXPORT_TTL_MS = RETENTION.exportHours * 60 * 60 * 1000;
/** One request a day: an archive costs reading and decrypting every file she has. */
const EXPORT_EVERY_MS = 24 * 60 * 60 * 1000;
/** Archives prepared per cron run: each may decrypt up to a few hundred MB of files. */
const PER_RUN = 2;

type ExportStatus = DataExportStatus;

export interface ExportRow {
  id: number;
  user_id: number;
  status: ExportStatus;
  lang: Lang;
  source: 'shopper' | 'staff';
  r2_key: string | null;
  size: number | null;
  key_version: number | null;
  wrapped_key: string | null;
  iv: string | null;
  created_at: number;
  ready_at: number | null;
  expires_at: number | null;
}

export type ExportView = DataExportView;

const signed = (row: Pick<ExportRow, 'id' | 'user_id' | 'expires_at'>) =>
  `data-export\n${row.id}\n${row.user_id}\n${row.expires_at}`;

const downloadPath = (id: number, token: string) => `/api/user/data/export/${id}/download?t=${token}`;

export async function exportView(row: ExportRow, secret: string, now: number): Promise<ExportView> {
  // A ready archive past its time is expired whatever the cron has done yet.
  const status: ExportStatus = row.status === 'ready' && (row.expires_at ?? 0) <= now ? 'expired' : row.status;
  return {
    id: row.id,
    status,
    requested_at: row.created_at,
    ready_at: row.ready_at,
    expires_at: row.expires_at,
    size: status === 'ready' ? row.size : null,
    download: status === 'ready' ? downloadPath(row.id, await hmacHex(secret, signed(row))) : null,
    next_allowed_at: row.created_at + EXPORT_EVERY_MS,
  };
}

export function latestExport(db: D1Database, userId: number): Promise<ExportRow | null> {
  return db
    .prepare("SELECT * FROM data_requests WHERE user_id = ? AND kind = 'export' ORDER BY id DESC LIMIT 1")
    .bind(userId)
    .first<ExportRow>();
}

/**
 * A new export request: refused while one is being prepared or on offer (409), or within a day of
 * the last (429, with when to come back). Staff may ask for her at any time (the back office).
 */
export async function requestExport(
  db: D1Database,
  userId: number,
  by: { source: 'shopper'; lang: Lang } | { source: 'staff'; staffId: number; lang: Lang },
  now = Date.now(),
  also: D1PreparedStatement[] = [],
): Promise<ExportRow> {
  const last = await latestExport(db, userId);
  if (last && (last.status === 'requested' || (last.status === 'ready' && (last.expires_at ?? 0) > now)))
    throw new ApiError(409, 'data_export_in_progress');
  // A failed preparation is the shop's fault: she may ask again at once.
  if (
    by.source === 'shopper' &&
    last?.source === 'shopper' &&
    last.status !== 'failed' &&
    last.created_at + EXPORT_EVERY_MS > now
  )
    throw new TooManyRequests('data_export_too_soon', (last.created_at + EXPORT_EVERY_MS - now) / 1000);
  const [, inserted] = await db.batch([
    // An archive past its time that the cron has not reached yet: expired now, so the new one may open.
    db
      .prepare(
        "UPDATE data_requests SET status = 'expired' WHERE user_id = ? AND kind = 'export' AND status = 'ready' AND expires_at <= ?",
      )
      .bind(userId, now),
    db
      .prepare(
        `INSERT INTO data_requests (user_id, kind, status, source, staff_id, lang, created_at)
         VALUES (?, 'export', 'requested', ?, ?, ?, ?) RETURNING *`,
      )
      .bind(userId, by.source, by.source === 'staff' ? by.staffId : null, by.lang, now),
    ...also,
  ]);
  return inserted!.results[0] as unknown as ExportRow;
}

/** Prepares one requested archive: built, sealed, stored, the row ready and the mail queued in one batch. */
async function prepareOne(
  env: Pick<ApiEnv, 'DB' | 'UPLOADS'>,
  cold: ColdReader,
  ring: Keyring,
  row: ExportRow,
  siteOrigin: string,
  now: number,
): Promise<boolean> {
  const entries = await archiveEntries(env, cold, ring, row.user_id, row.lang, now, healthRingOf(env));
  const r2Key = `exports/${[...crypto.getRandomValues(new Uint8Array(16))].map((b) => b.toString(16).padStart(2, '0')).join('')}`;
  const sealed = await sealFile(ring, zip(entries, new Date(now)), r2Key);
  await env.UPLOADS.put(r2Key, sealed.ciphertext);
  const expiresAt = now + EXPORT_TTL_MS;
  const user = await env.DB.prepare('SELECT email, phone, phone_verified_at, deleted_at FROM users WHERE id = ?')
    .bind(row.user_id)
    .first<NoticeTarget & { deleted_at: number | null }>();
  const until = formatDate(expiresAt, row.lang, HOME_COUNTRY, { time: true });
  const mail = exportReadyMail(row.lang, { expiresAt: until }, siteOrigin);
  const [updated] = await env.DB.batch([
    env.DB.prepare(
      `UPDATE data_requests SET status = 'ready', r2_key = ?, size = ?, key_version = ?, wrapped_key = ?, iv = ?, ready_at = ?, expires_at = ?
       WHERE id = ? AND status = 'requested' RETURNING id`,
    ).bind(r2Key, sealed.ciphertext.length, sealed.keyVersion, sealed.wrappedKey, sealed.iv, now, expiresAt, row.id),
    // Her e-mail, else a text to her proven phone (an account made with a code).
    ...(user && user.deleted_at === null
      ? noticeStatements(env.DB, user, {
          lang: row.lang,
          mail: { ...mail, kind: 'data_export_ready', dedupeKey: `data-export:${row.id}:ready` },
          kind: 'data_export_ready',
          text: exportReadyText(row.lang, `${siteOrigin}${localizePath('/profile/account', row.lang)}`, until),
          dedupeKey: `data-export:${row.id}:ready`,
          now,
        })
      : []),
  ]);
  // Erased or prepared by another run meanwhile: the object is nobody's.
  if (!updated!.results.length) {
    await env.UPLOADS.delete(r2Key);
    return false;
  }
  return true;
}

/** The cron: archives asked for, prepared a few per run; a failure marks the request failed (she may ask again). */
export async function prepareExports(
  env: Pick<ApiEnv, 'DB' | 'UPLOADS'>,
  cold: ColdReader,
  ring: Keyring | null,
  siteOrigin: string,
  now = Date.now(),
): Promise<number> {
  if (!ring) return 0;
  const { results } = await env.DB.prepare(
    "SELECT * FROM data_requests WHERE status = 'requested' AND kind = 'export' ORDER BY created_at LIMIT ?",
  )
    .bind(PER_RUN)
    .all<ExportRow>();
  let done = 0;
  for (const row of results) {
    try {
      if (await prepareOne(env, cold, ring, row, siteOrigin, now)) done++;
    } catch (error) {
      log.error('data export failed', { request: row.id, error });
      await env.DB.prepare(
        "UPDATE data_requests SET status = 'failed', done_at = ? WHERE id = ? AND status = 'requested'",
      )
        .bind(now, row.id)
        .run();
    }
  }
  return done;
}

/** The cron: archives past their 24 hours, deleted (row first, so the key is gone before the object). */
export async function expireExports(env: Pick<ApiEnv, 'DB' | 'UPLOADS'>, now = Date.now()): Promise<number> {
  const { results } = await env.DB.prepare(
    "SELECT id, r2_key FROM data_requests WHERE status = 'ready' AND expires_at <= ? LIMIT 200",
  )
    .bind(now)
    .all<{ id: number; r2_key: string | null }>();
  if (!results.length) return 0;
  await env.DB.prepare(
    `UPDATE data_requests SET status = 'expired', r2_key = NULL, wrapped_key = NULL, iv = NULL, done_at = ?
     WHERE status = 'ready' AND id IN (${results.map(() => '?').join(', ')})`,
  )
    .bind(now, ...results.map((r) => r.id))
    .run();
  const keys = results.map((r) => r.r2_key).filter((k): k is string => !!k);
  if (keys.length) await env.UPLOADS.delete(keys);
  return results.length;
}

/** The archive's bytes for its owner with a valid, unexpired signature; 404 for anything else. */
export async function openExport(
  env: Pick<ApiEnv, 'DB' | 'UPLOADS'>,
  ring: Keyring | null,
  secret: string,
  userId: number,
  id: number,
  token: string,
  now = Date.now(),
): Promise<Uint8Array> {
  const row = await env.DB.prepare(
    "SELECT * FROM data_requests WHERE id = ? AND user_id = ? AND kind = 'export' AND status = 'ready'",
  )
    .bind(id, userId)
    .first<ExportRow>();
  // Another shopper's id, a wrong or old signature, an expired archive: the same 404.
  if (!row || !ring || !row.r2_key || !row.wrapped_key || !row.iv || row.key_version === null)
    throw new ApiError(404, 'not_found');
  if (!(await verifyHmacHex(secret, signed(row), token))) throw new ApiError(404, 'not_found');
  if ((row.expires_at ?? 0) <= now) throw new ApiError(410, 'data_export_expired');
  const stored = await env.UPLOADS.get(row.r2_key);
  if (!stored) throw new ApiError(404, 'not_found');
  return openFile(
    ring,
    { wrapped_key: row.wrapped_key, iv: row.iv, key_version: row.key_version },
    new Uint8Array(await stored.arrayBuffer()),
    row.r2_key,
  );
}
