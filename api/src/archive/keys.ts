// After a rotation of UPLOAD_KEK (uploads/crypto.ts explains the rotation), the cron rewraps the data
// keys of archived orders still wrapped by a retired version: only the wrapped keys in D1 change; no
// file in R2 is read or rewritten.
import { type DatabaseEnv, orderShards } from '../db/databases';
import { type Keyring, rewrapRetiredKeys } from '../lib/keyring';

export const rewrapColdKeys = (db: D1Database, ring: Keyring, limit = 200) =>
  rewrapRetiredKeys(
    db,
    ring,
    {
      table: 'orders',
      id: 'id',
      wrappedKey: 'archive_wrapped_key',
      version: 'archive_key_version',
      indexedBy: 'orders_archive_version',
      where: 'archived_at IS NOT NULL',
    },
    limit,
  );

/** The same in every order shard (decision 61): each shard's archived orders carry their own keys. */
export async function rewrapColdKeysEverywhere(env: DatabaseEnv, ring: Keyring, limit = 200): Promise<number> {
  let n = 0;
  for (const shard of await orderShards(env)) n += await rewrapColdKeys(shard.db, ring, limit);
  return n;
}
