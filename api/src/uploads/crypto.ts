// Encryption at rest of uploaded blood-test files (the keyring itself: lib/keyring.ts). Each file
// gets a fresh AES-256-GCM data key (WebCrypto) and a random 96-bit nonce; the file's public id is the
// GCM additional data, so an object copied under another row's key does not decrypt. The data key is wrapped with AES-KW by a
// key-encryption key (KEK) that HKDF-SHA256 derives from the UPLOAD_KEK secret and its version; D1
// keeps the wrapped key, the nonce and the version, R2 only the ciphertext.
//
// Rotation: set a new UPLOAD_KEK, raise UPLOAD_KEK_VERSION, and keep the old secret in
// UPLOAD_KEK_RETIRED ("1:<old secret>", several separated by spaces). New files use the current KEK;
// old rows still open with theirs, and the cron rewraps them to the current version (only the 40-byte
// wrapped keys in D1 change; no object in R2 is read or rewritten). Once no row has an old version,
// drop it from UPLOAD_KEK_RETIRED.
import { base64ToBytes, bytesToBase64 } from '#shared/bytes';
import type { ApiConfig } from '#api/src/lib/config';
import { type Keyring, keyringFrom, newDataKey, unwrapDataKey, wrapDataKey } from '../lib/keyring';

export type { Keyring };

export interface SealedFile {
  ciphertext: Uint8Array;
  wrappedKey: string;
  iv: string;
  keyVersion: number;
}

export interface WrappedKey {
  wrapped_key: string;
  iv: string;
  key_version: number;
}

/** The uploads' HKDF salt (lib/keyring.ts): unchanged since the first upload, so every stored key still opens. */
const UPLOADS_SALT = 'gulfvitamins/blood-test-uploads';

/** The KEKs the configuration holds, or null when uploads are not configured (no UPLOAD_KEK). */
export function keyringOf(
  config: Pick<ApiConfig, 'UPLOAD_KEK' | 'UPLOAD_KEK_VERSION' | 'UPLOAD_KEK_RETIRED'>,
): Keyring | null {
  return keyringFrom(config.UPLOAD_KEK, config.UPLOAD_KEK_VERSION, config.UPLOAD_KEK_RETIRED, UPLOADS_SALT);
}

const encoder = new TextEncoder();

/** Encrypts one file under a fresh data key; `fileId` is bound in as additional data. */
export async function sealFile(ring: Keyring, plaintext: Uint8Array, fileId: string): Promise<SealedFile> {
  const dataKey = await newDataKey();
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const ciphertext = new Uint8Array(
    await crypto.subtle.encrypt(
      { name: 'AES-GCM', iv, additionalData: encoder.encode(fileId) },
      dataKey,
      plaintext as BufferSource,
    ),
  );
  const wrapped = await wrapDataKey(ring, dataKey);
  return { ciphertext, wrappedKey: wrapped.wrapped_key, iv: bytesToBase64(iv), keyVersion: wrapped.key_version };
}

/** Decrypts a stored file; throws when the key, nonce, id or bytes do not belong together. */
export async function openFile(
  ring: Keyring,
  row: WrappedKey,
  ciphertext: Uint8Array,
  fileId: string,
): Promise<Uint8Array> {
  const dataKey = await unwrapDataKey(ring, row, ['decrypt']);
  return new Uint8Array(
    await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: base64ToBytes(row.iv) as BufferSource, additionalData: encoder.encode(fileId) },
      dataKey,
      ciphertext as BufferSource,
    ),
  );
}
