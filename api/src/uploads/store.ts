// Removing uploaded result files: with their result, with the account, and the pending ones
// nobody submitted. D1 rows go first: once a file's wrapped data key is gone its R2 object can no longer
// be decrypted by anyone, so an object left behind by a failed R2 delete is unreadable ciphertext.
import { type Keyring, rewrapKey } from './crypto';

/** Files nobody submitted are removed after this long. */
export const PENDING_TTL_MS = 24 * 60 * 60 * 1000;

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
export async function rewrapOldKeys(db: D1Database, ring: Keyring, limit = 200): Promise<number> {
  const retired = [...ring.secrets.keys()].filter((v) => v !== ring.current);
  if (!retired.length) return 0;
  const { results } = await db
    .prepare(
      `SELECT id, wrapped_key, iv, key_version FROM blood_test_upload_files WHERE key_version IN (${retired.map(() => '?').join(', ')}) LIMIT ?`,
    )
    .bind(...retired, limit)
    .all<{ id: string; wrapped_key: string; iv: string; key_version: number }>();
  const updates: D1PreparedStatement[] = [];
  for (const row of results) {
    const next = await rewrapKey(ring, row);
    updates.push(
      db
        .prepare('UPDATE blood_test_upload_files SET wrapped_key = ?, key_version = ? WHERE id = ? AND key_version = ?')
        .bind(next.wrapped_key, next.key_version, row.id, row.key_version),
    );
  }
  if (updates.length) await db.batch(updates);
  return updates.length;
}
