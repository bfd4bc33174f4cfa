// After a rotation of UPLOAD_KEK (uploads/crypto.ts explains the rotation), the cron rewraps the data
// keys of archived orders still wrapped by a retired version, a batch at a time: only the 40-byte
// wrapped keys in D1 change; no file in R2 is read or rewritten.
import { type Keyring, rewrapDataKey } from '../lib/keyring';

export async function rewrapColdKeys(db: D1Database, ring: Keyring, limit = 200): Promise<number> {
  const retired = [...ring.secrets.keys()].filter((v) => v !== ring.current);
  if (!retired.length) return 0;
  const { results } = await db
    .prepare(
      `SELECT id, archive_wrapped_key AS wrapped_key, archive_key_version AS key_version FROM orders INDEXED BY orders_archive_version
       WHERE archived_at IS NOT NULL AND archive_key_version IN (${retired.map(() => '?').join(', ')}) LIMIT ?`,
    )
    .bind(...retired, limit)
    .all<{ id: number; wrapped_key: string; key_version: number }>();
  const updates: D1PreparedStatement[] = [];
  for (const row of results) {
    const next = await rewrapDataKey(ring, row);
    updates.push(
      db
        .prepare(
          'UPDATE orders SET archive_wrapped_key = ?, archive_key_version = ? WHERE id = ? AND archive_key_version = ?',
        )
        .bind(next.wrapped_key, next.key_version, row.id, row.key_version),
    );
  }
  if (updates.length) await db.batch(updates);
  return updates.length;
}
