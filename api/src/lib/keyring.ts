// Key-encryption keyrings: a secret per version, the current version, and the HKDF salt that names
// what the keys protect. A data key (AES-256-GCM) is wrapped with AES-KW by a KEK that HKDF-SHA256
// derives from the secret of its version; rows keep the wrapped key and its version. Shared by the
// uploaded result files (uploads/crypto.ts, UPLOAD_KEK) and the consultations' health text
// (consultations/seal.ts, HEALTH_KEK).
//
// Rotation: set a new secret, raise the version, and keep the old secret in the *_RETIRED setting
// ("1:<old secret>", several separated by spaces). New keys are wrapped by the current KEK; old rows
// still open with theirs until the cron rewraps them. Once no row has an old version, drop it.
import { base64ToBytes, bytesToBase64 } from '#shared/bytes';

export interface Keyring {
  current: number;
  secrets: ReadonlyMap<number, string>;
  /** The HKDF salt: a KEK of one ring never opens another's keys. */
  salt: string;
}

export interface WrappedDataKey {
  wrapped_key: string;
  key_version: number;
}

/** A keyring from a secret, its version and the retired `version:secret` pairs, or null without a secret. */
export function keyringFrom(
  secret: string | undefined,
  version: number,
  retired: string | undefined,
  salt: string,
): Keyring | null {
  if (!secret) return null;
  const secrets = new Map<number, string>();
  for (const entry of (retired ?? '').split(/\s+/).filter(Boolean)) {
    const m = /^(\d{1,6}):(.{32,})$/.exec(entry);
    if (m) secrets.set(Number(m[1]), m[2]!);
  }
  secrets.set(version, secret);
  return { current: version, secrets, salt };
}

const encoder = new TextEncoder();
const keks = new Map<string, Promise<CryptoKey>>();

function kek(ring: Keyring, version: number): Promise<CryptoKey> {
  const secret = ring.secrets.get(version);
  if (!secret) return Promise.reject(new Error(`no KEK of version ${version} for ${ring.salt}`));
  const id = `${ring.salt}\n${version}\n${secret}`;
  let key = keks.get(id);
  if (!key) {
    key = crypto.subtle
      .importKey('raw', encoder.encode(secret), 'HKDF', false, ['deriveKey'])
      .then((material) =>
        crypto.subtle.deriveKey(
          { name: 'HKDF', hash: 'SHA-256', salt: encoder.encode(ring.salt), info: encoder.encode(`kek-v${version}`) },
          material,
          { name: 'AES-KW', length: 256 },
          false,
          ['wrapKey', 'unwrapKey'],
        ),
      );
    keks.set(id, key);
  }
  return key;
}

/** A fresh AES-256-GCM data key (extractable, so it can be wrapped). */
export async function newDataKey(): Promise<CryptoKey> {
  return (await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, true, ['encrypt', 'decrypt'])) as CryptoKey;
}

/** The data key wrapped by the ring's current KEK. */
export async function wrapDataKey(ring: Keyring, dataKey: CryptoKey): Promise<WrappedDataKey> {
  const wrapped = new Uint8Array(await crypto.subtle.wrapKey('raw', dataKey, await kek(ring, ring.current), 'AES-KW'));
  return { wrapped_key: bytesToBase64(wrapped), key_version: ring.current };
}

/** A stored data key, opened with the KEK of its version. */
export async function unwrapDataKey(
  ring: Keyring,
  row: WrappedDataKey,
  usages: Array<'encrypt' | 'decrypt'>,
): Promise<CryptoKey> {
  return crypto.subtle.unwrapKey(
    'raw',
    base64ToBytes(row.wrapped_key) as BufferSource,
    await kek(ring, row.key_version),
    'AES-KW',
    { name: 'AES-GCM', length: 256 },
    true,
    usages,
  );
}

/** The same data key wrapped by the current KEK (after a rotation); what it encrypted stays as it is. */
async function rewrapDataKey(ring: Keyring, row: WrappedDataKey): Promise<WrappedDataKey> {
  return wrapDataKey(ring, await unwrapDataKey(ring, row, ['encrypt', 'decrypt']));
}

/** Where a table keeps its wrapped data keys: the row's key column, the wrapped key's and its version's. */
export interface WrappedKeyColumns {
  table: string;
  id: string;
  wrappedKey: string;
  version: string;
  /** An index that holds the version column (a partial one names its condition in `where`). */
  indexedBy?: string;
  where?: string;
}

/**
 * The cron after a rotation: data keys of `t` still wrapped by a retired KEK are rewrapped by the
 * current one, `limit` a run; only D1 changes, nothing they encrypted is read or rewritten. Without
 * retired KEKs: no query. One rule for every sealed thing (uploads, health text, cold orders).
 */
export async function rewrapRetiredKeys(
  db: D1Database,
  ring: Keyring,
  t: WrappedKeyColumns,
  limit = 200,
): Promise<number> {
  const retired = [...ring.secrets.keys()].filter((v) => v !== ring.current);
  if (!retired.length) return 0;
  const { results } = await db
    .prepare(
      `SELECT ${t.id} AS id, ${t.wrappedKey} AS wrapped_key, ${t.version} AS key_version
       FROM ${t.table}${t.indexedBy ? ` INDEXED BY ${t.indexedBy}` : ''}
       WHERE ${t.where ? `${t.where} AND ` : ''}${t.version} IN (${retired.map(() => '?').join(', ')}) LIMIT ?`,
    )
    .bind(...retired, limit)
    .all<WrappedDataKey & { id: string | number }>();
  const updates: D1PreparedStatement[] = [];
  for (const row of results) {
    const next = await rewrapDataKey(ring, row);
    updates.push(
      db
        .prepare(`UPDATE ${t.table} SET ${t.wrappedKey} = ?, ${t.version} = ? WHERE ${t.id} = ? AND ${t.version} = ?`)
        .bind(next.wrapped_key, next.key_version, row.id, row.key_version),
    );
  }
  if (updates.length) await db.batch(updates);
  return updates.length;
}
