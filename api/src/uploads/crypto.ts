// Encryption at rest of uploaded blood-test files. Each file gets a fresh AES-256-GCM data
// key (WebCrypto) and a random 96-bit nonce; the file's public id is the GCM additional data, so an
// object copied under another row's key does not decrypt. The data key is wrapped with AES-KW by a
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

export interface Keyring {
  current: number;
  secrets: ReadonlyMap<number, string>;
}

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

/** The KEKs the configuration holds, or null when uploads are not configured (no UPLOAD_KEK). */
export function keyringOf(
  config: Pick<ApiConfig, 'UPLOAD_KEK' | 'UPLOAD_KEK_VERSION' | 'UPLOAD_KEK_RETIRED'>,
): Keyring | null {
  if (!config.UPLOAD_KEK) return null;
  const secrets = new Map<number, string>();
  for (const entry of (config.UPLOAD_KEK_RETIRED ?? '').split(/\s+/).filter(Boolean)) {
    const m = /^(\d{1,6}):(.{32,})$/.exec(entry);
    if (m) secrets.set(Number(m[1]), m[2]!);
  }
  secrets.set(config.UPLOAD_KEK_VERSION, config.UPLOAD_KEK);
  return { current: config.UPLOAD_KEK_VERSION, secrets };
}

const encoder = new TextEncoder();
const keks = new Map<string, Promise<CryptoKey>>();

function kek(ring: Keyring, version: number): Promise<CryptoKey> {
  const secret = ring.secrets.get(version);
  if (!secret) return Promise.reject(new Error(`no upload KEK of version ${version}`));
  const id = `${version}\n${secret}`;
  let key = keks.get(id);
  if (!key) {
    key = crypto.subtle.importKey('raw', encoder.encode(secret), 'HKDF', false, ['deriveKey']).then((material) =>
      crypto.subtle.deriveKey(
        {
          name: 'HKDF',
          hash: 'SHA-256',
          salt: encoder.encode('gulfvitamins/blood-test-uploads'),
          info: encoder.encode(`kek-v${version}`),
        },
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

const unwrap = async (ring: Keyring, row: WrappedKey, usages: Array<'encrypt' | 'decrypt'>) =>
  crypto.subtle.unwrapKey(
    'raw',
    base64ToBytes(row.wrapped_key) as BufferSource,
    await kek(ring, row.key_version),
    'AES-KW',
    { name: 'AES-GCM', length: 256 },
    true,
    usages,
  );

/** Encrypts one file under a fresh data key; `fileId` is bound in as additional data. */
export async function sealFile(ring: Keyring, plaintext: Uint8Array, fileId: string): Promise<SealedFile> {
  const dataKey = (await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, true, [
    'encrypt',
    'decrypt',
  ])) as CryptoKey;
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const ciphertext = new Uint8Array(
    await crypto.subtle.encrypt(
      { name: 'AES-GCM', iv, additionalData: encoder.encode(fileId) },
      dataKey,
      plaintext as BufferSource,
    ),
  );
  const wrapped = new Uint8Array(await crypto.subtle.wrapKey('raw', dataKey, await kek(ring, ring.current), 'AES-KW'));
  return { ciphertext, wrappedKey: bytesToBase64(wrapped), iv: bytesToBase64(iv), keyVersion: ring.current };
}

/** Decrypts a stored file; throws when the key, nonce, id or bytes do not belong together. */
export async function openFile(
  ring: Keyring,
  row: WrappedKey,
  ciphertext: Uint8Array,
  fileId: string,
): Promise<Uint8Array> {
  const dataKey = await unwrap(ring, row, ['decrypt']);
  return new Uint8Array(
    await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: base64ToBytes(row.iv) as BufferSource, additionalData: encoder.encode(fileId) },
      dataKey,
      ciphertext as BufferSource,
    ),
  );
}

/** The same data key wrapped by the current KEK (after a rotation); the R2 object stays as it is. */
export async function rewrapKey(ring: Keyring, row: WrappedKey): Promise<{ wrapped_key: string; key_version: number }> {
  const dataKey = await unwrap(ring, row, ['encrypt', 'decrypt']);
  const wrapped = new Uint8Array(await crypto.subtle.wrapKey('raw', dataKey, await kek(ring, ring.current), 'AES-KW'));
  return { wrapped_key: bytesToBase64(wrapped), key_version: ring.current };
}
