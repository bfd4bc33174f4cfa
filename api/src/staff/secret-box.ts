// Staff TOTP secrets are sealed at rest: AES-256-GCM under a key derived (HKDF-SHA-256) from the API's
// TOKEN_SECRET, so a copy of the database alone cannot mint second-factor codes. Other secrets the shop
// keeps in D1 (the e-invoice stamp's private key and CSID secrets) use the same box under a key of their
// own purpose (the HKDF info), so one kind of box never opens another.
import { base64ToBytes, bytesToBase64 } from '#shared/bytes';

const encoder = new TextEncoder();
const keys = new Map<string, Promise<CryptoKey>>();

/** The HKDF info of the staff TOTP secrets' key, the default purpose. */
const TOTP_PURPOSE = 'staff-totp-v1';

function boxKey(secret: string, purpose: string): Promise<CryptoKey> {
  const id = `${purpose}\n${secret}`;
  let key = keys.get(id);
  if (!key) {
    key = crypto.subtle
      .importKey('raw', encoder.encode(secret), 'HKDF', false, ['deriveKey'])
      .then((base) =>
        crypto.subtle.deriveKey(
          { name: 'HKDF', hash: 'SHA-256', salt: new Uint8Array(32), info: encoder.encode(purpose) },
          base,
          { name: 'AES-GCM', length: 256 },
          false,
          ['encrypt', 'decrypt'],
        ),
      );
    keys.set(id, key);
  }
  return key;
}

/** "v1.<iv b64>.<ciphertext b64>" */
export async function seal(plain: string, secret: string, purpose = TOTP_PURPOSE): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = await crypto.subtle.encrypt(
    { name: 'AES-GCM', iv },
    await boxKey(secret, purpose),
    encoder.encode(plain),
  );
  return `v1.${bytesToBase64(iv)}.${bytesToBase64(new Uint8Array(sealed))}`;
}

/** The plain text, or null when the box is not ours (wrong key, tampered, unknown version). */
export async function open(box: string, secret: string, purpose = TOTP_PURPOSE): Promise<string | null> {
  const [version, ivText, dataText] = box.split('.');
  const iv = ivText ? base64ToBytes(ivText) : null;
  const data = dataText ? base64ToBytes(dataText) : null;
  if (version !== 'v1' || !iv || !data) return null;
  try {
    const plain = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: iv as BufferSource },
      await boxKey(secret, purpose),
      data as BufferSource,
    );
    return new TextDecoder().decode(plain);
  } catch {
    return null;
  }
}
