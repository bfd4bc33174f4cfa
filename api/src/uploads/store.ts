// Recording an uploaded object's row (or dropping the object), and removing uploaded result files: with their result, with the account, and the pending ones
// nobody submitted. D1 rows go first: once a file's wrapped data key is gone its R2 object can no longer
// be decrypted by anyone, so an object left behind by a failed R2 delete is unreadable ciphertext.
import type { MessageKey } from '#shared/api/message-keys';
import type { Keyring } from './crypto';
import { ApiError } from '../lib/errors';
import { rewrapRetiredKeys } from '../lib/keyring';

/** Files nobody submitted are removed after this long. */
export const PENDING_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * The row of an object just put in R2 (a result file, a return photo): `insert` is a capped
 * INSERT … RETURNING. When it fails or the cap refuses it (no row), the object is deleted again, so
 * nothing is left in R2 without its row; a refusal is a 409 with `refused`.
 */
export async function recordOrDrop(
  bucket: R2Bucket,
  key: string,
  insert: D1PreparedStatement,
  refused: MessageKey,
): Promise<void> {
  const inserted = await insert.first().catch(async (error: unknown) => {
    await bucket.delete(key);
    throw error;
  });
  if (!inserted) {
    await bucket.delete(key);
    throw new ApiError(409, refused);
  }
}

/** Deletes R2 objects, 1,000 keys per call (R2's limit). */
export async function deleteObjects(bucket: R2Bucket, keys: string[]): Promise<void> {
  for (let i = 0; i < keys.length; i += 1000) await bucket.delete(keys.slice(i, i + 1000));
}

/** The R2 keys of every file a shopper uploaded, submitted or not (read before the rows are deleted). */
export async function userUploadKeys(db: D1Database, userId: number): Promise<string[]> {
  const { results } = await db
    .prepare('SELECT r2_key FROM blood_test_upload_files WHERE user_id = ?')
    .bind(userId)
    .all<{ r2_key: string }>();
  return results.map((r) => r.r2_key);
}

/** The statements that delete a shopper's results and files from D1 (account removal, erasure). */
export function userUploadStatements(db: D1Database, userId: number): D1PreparedStatement[] {
  return [
    // The results' values first: they refer to the results (foreign keys are enforced).
    db
      .prepare(
        'DELETE FROM blood_test_upload_values WHERE upload_id IN (SELECT id FROM blood_test_uploads WHERE user_id = ?)',
      )
      .bind(userId),
    db.prepare('DELETE FROM blood_test_upload_files WHERE user_id = ?').bind(userId),
    db.prepare('DELETE FROM blood_test_uploads WHERE user_id = ?').bind(userId),
    db.prepare('DELETE FROM blood_test_profiles WHERE user_id = ?').bind(userId),
  ];
}

/** The cron: files uploaded more than 24 hours ago and never submitted, rows and objects. */
export async function sweepPendingUploads(env: ApiEnv, now = Date.now()): Promise<number> {
  const { results } = await env.DB.prepare(
    'DELETE FROM blood_test_upload_files WHERE id IN (SELECT id FROM blood_test_upload_files WHERE result_id IS NULL AND created_at < ? LIMIT 500) RETURNING r2_key',
  )
    .bind(now - PENDING_TTL_MS)
    .all<{ r2_key: string }>();
  await deleteObjects(
    env.UPLOADS,
    results.map((r) => r.r2_key),
  );
  return results.length;
}

/**
 * The cron after a KEK rotation: data keys still wrapped by a retired KEK (UPLOAD_KEK_RETIRED) are
 * rewrapped by the current one, a batch at a time; only D1 changes. Without retired KEKs: no query.
 */
export const rewrapOldKeys = (db: D1Database, ring: Keyring, limit = 200) =>
  rewrapRetiredKeys(
    db,
    ring,
    { table: 'blood_test_upload_files', id: 'id', wrappedKey: 'wrapped_key', version: 'key_version' },
    limit,
  );
