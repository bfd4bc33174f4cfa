// Health text of a consultation sealed at rest: the intake, the call's chat, the nutritionist's notes
// and summary, the recommendations' doses and reasons (decision 55). One AES-256-GCM data key per
// consultation, in consultation_keys, wrapped by a KEK derived from HEALTH_KEK and its version (the
// keyring of lib/keyring.ts, as uploaded result files use UPLOAD_KEK); the consultation's id is the
// additional data, so a text copied into another consultation's row does not open.
//
// A sealed text is one base64 string: the 96-bit nonce, then the ciphertext with its tag. Each text
// gets its own nonce, so several columns of one row (a recommendation's dose and reason) never share
// one; the tables' iv columns keep a copy of the first text's nonce and are not needed to open.
//
// Rotation: set a new HEALTH_KEK, raise HEALTH_KEK_VERSION, and keep the old secret in
// HEALTH_KEK_RETIRED ("1:<old secret>"); the cron rewraps consultation_keys to the current version
// (rewrapHealthKeys; no sealed text is rewritten). Once no key has an old version, drop it.
import { base64ToBytes, bytesToBase64 } from '#shared/bytes';
import type { ApiConfig } from '../lib/config';
import {
  type Keyring,
  keyringFrom,
  newDataKey,
  rewrapRetiredKeys,
  unwrapDataKey,
  type WrappedDataKey,
  wrapDataKey,
} from '../lib/keyring';

const HEALTH_SALT = 'gulfvitamins/consultations';
const NONCE_BYTES = 12;
const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** The HEALTH_KEK keyring, or null when the configuration has none (consultations then take no health text). */
export function healthKeyring(
  config: Pick<ApiConfig, 'HEALTH_KEK' | 'HEALTH_KEK_VERSION' | 'HEALTH_KEK_RETIRED'>,
): Keyring | null {
  return keyringFrom(config.HEALTH_KEK, config.HEALTH_KEK_VERSION, config.HEALTH_KEK_RETIRED, HEALTH_SALT);
}

/** A consultation's data key, open, with its wrapped form (to store when new). */
export interface ConsultationKey {
  consultationId: number;
  key: CryptoKey;
  wrapped: WrappedDataKey;
}

/** A sealed text and its nonce (for the tables that keep an iv column). */
export interface Sealed {
  sealed: string;
  iv: string;
}

/**
 * What seals and opens: the database and the keyring. Keys read or made once are kept for the
 * sealer's life (one request), so a page of messages costs one key read.
 */
export interface HealthSealer {
  db: D1Database;
  ring: Keyring;
  keys?: Map<number, Promise<ConsultationKey | null>>;
}

export function healthSealer(db: D1Database, ring: Keyring): HealthSealer {
  return { db, ring, keys: new Map() };
}

/** A fresh data key for a consultation not yet stored; insert it with keyInsert in the same batch. */
export async function newConsultationKey(ring: Keyring, consultationId: number): Promise<ConsultationKey> {
  const key = await newDataKey();
  return { consultationId, key, wrapped: await wrapDataKey(ring, key) };
}

/** The INSERT of a new key (after the consultation's own row: the key references it). */
export function keyInsert(db: D1Database, k: ConsultationKey): D1PreparedStatement {
  return db
    .prepare('INSERT INTO consultation_keys (consultation_id, wrapped_key, key_version) VALUES (?, ?, ?)')
    .bind(k.consultationId, k.wrapped.wrapped_key, k.wrapped.key_version);
}

/**
 * Opens a key row the caller read in its own batch (a page's one round trip) and keeps it for the
 * sealer's life, so openText needs no read of its own.
 */
export function primeKey(s: HealthSealer, consultationId: number, row: WrappedDataKey | null | undefined): void {
  const opened = row
    ? unwrapDataKey(s.ring, row, ['encrypt', 'decrypt']).then((key) => ({ consultationId, key, wrapped: row }))
    : Promise.resolve(null);
  s.keys?.set(consultationId, opened);
  opened.catch(() => s.keys?.delete(consultationId));
}

/** The stored key of a consultation, opened; null when it has none (never sealed, or erased). */
function loadKey(s: HealthSealer, consultationId: number): Promise<ConsultationKey | null> {
  const cached = s.keys?.get(consultationId);
  if (cached) return cached;
  const loading = (async () => {
    const row = await s.db
      .prepare('SELECT wrapped_key, key_version FROM consultation_keys WHERE consultation_id = ?')
      .bind(consultationId)
      .first<WrappedDataKey>();
    if (!row) return null;
    return { consultationId, key: await unwrapDataKey(s.ring, row, ['encrypt', 'decrypt']), wrapped: row };
  })();
  s.keys?.set(consultationId, loading);
  loading.catch(() => s.keys?.delete(consultationId));
  return loading;
}

/** The stored key, or a new one stored now (the consultation's row must exist). A race keeps the first. */
export async function ensureKey(s: HealthSealer, consultationId: number): Promise<ConsultationKey> {
  const existing = await loadKey(s, consultationId);
  if (existing) return existing;
  const fresh = await newConsultationKey(s.ring, consultationId);
  await s.db
    .prepare(
      'INSERT INTO consultation_keys (consultation_id, wrapped_key, key_version) VALUES (?, ?, ?) ON CONFLICT (consultation_id) DO NOTHING',
    )
    .bind(consultationId, fresh.wrapped.wrapped_key, fresh.wrapped.key_version)
    .run();
  s.keys?.delete(consultationId);
  const stored = await loadKey(s, consultationId);
  if (!stored) throw new Error(`consultation ${consultationId} has no key after storing one`);
  return stored;
}

/** Seals a text with an open key (the booking seals the intake before its batch stores the key). */
export async function sealWith(k: ConsultationKey, text: string): Promise<Sealed> {
  const nonce = crypto.getRandomValues(new Uint8Array(NONCE_BYTES));
  const ciphertext = new Uint8Array(
    await crypto.subtle.encrypt(
      { name: 'AES-GCM', iv: nonce, additionalData: encoder.encode(String(k.consultationId)) },
      k.key,
      encoder.encode(text),
    ),
  );
  const out = new Uint8Array(NONCE_BYTES + ciphertext.length);
  out.set(nonce);
  out.set(ciphertext, NONCE_BYTES);
  return { sealed: bytesToBase64(out), iv: bytesToBase64(nonce) };
}

/** Opens a sealed text; throws when it was not sealed for this consultation with this key. */
export async function openWith(k: ConsultationKey, sealed: string): Promise<string> {
  const bytes = base64ToBytes(sealed);
  if (!bytes || bytes.length <= NONCE_BYTES) throw new Error('not a sealed text');
  const plain = await crypto.subtle.decrypt(
    {
      name: 'AES-GCM',
      iv: bytes.subarray(0, NONCE_BYTES) as BufferSource,
      additionalData: encoder.encode(String(k.consultationId)),
    },
    k.key,
    bytes.subarray(NONCE_BYTES) as BufferSource,
  );
  return decoder.decode(plain);
}

const sealerOf = (s: HealthSealer | { db: D1Database; ring: Keyring }): HealthSealer =>
  'keys' in s && s.keys ? s : healthSealer(s.db, s.ring);

/** Seals a text of a stored consultation (its key made on first use). */
export async function sealText(
  s: HealthSealer | { db: D1Database; ring: Keyring },
  consultationId: number,
  text: string,
): Promise<Sealed> {
  return sealWith(await ensureKey(sealerOf(s), consultationId), text);
}

/** Opens a text of a consultation; null when its key is gone (erased) or the text is null. */
export async function openText(
  s: HealthSealer | { db: D1Database; ring: Keyring },
  consultationId: number,
  sealed: string | null | undefined,
): Promise<string | null> {
  if (sealed == null) return null;
  const k = await loadKey(sealerOf(s), consultationId);
  return k ? openWith(k, sealed) : null;
}

/**
 * The cron after a HEALTH_KEK rotation: keys still wrapped by a retired KEK are rewrapped by the
 * current one, a batch at a time; no sealed text changes. Without retired KEKs: no query.
 */
export const rewrapHealthKeys = (db: D1Database, ring: Keyring, limit = 200) =>
  rewrapRetiredKeys(
    db,
    ring,
    { table: 'consultation_keys', id: 'consultation_id', wrappedKey: 'wrapped_key', version: 'key_version' },
    limit,
  );
