// TOTP (RFC 6238 over RFC 4226 HOTP) for the staff sign-in's second factor, and the base32 text
// (RFC 4648) authenticator apps read. WebCrypto only, so the API worker, Node's tests and the seed
// script share one copy.

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export const TOTP_STEP_S = 30;
const TOTP_DIGITS = 6;
/** Codes of one step before and after the current one are accepted: clocks drift, people are slow. */
const TOTP_WINDOW = 1;

export function base32Encode(bytes: Uint8Array): string {
  let out = '';
  let bits = 0;
  let value = 0;
  for (const b of bytes) {
    value = (value << 8) | b;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

/** Base32 → bytes (spaces, dashes, padding and case ignored), or null for anything else. */
export function base32Decode(text: string): Uint8Array | null {
  const clean = text.replace(/[\s=-]/g, '').toUpperCase();
  if (!/^[A-Z2-7]*$/.test(clean)) return null;
  const out: number[] = [];
  let bits = 0;
  let value = 0;
  for (const ch of clean) {
    value = (value << 5) | BASE32.indexOf(ch);
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return new Uint8Array(out);
}

/** A new 20-byte (160-bit) secret, the size RFC 4226 recommends for HMAC-SHA1. */
export function newTotpSecret(): string {
  return base32Encode(crypto.getRandomValues(new Uint8Array(20)));
}

export type TotpHash = 'SHA-1' | 'SHA-256' | 'SHA-512';

/** RFC 4226 HOTP value of `counter` (dynamic truncation), `digits` long with leading zeros. */
export async function hotp(key: Uint8Array, counter: number, digits = TOTP_DIGITS, hash: TotpHash = 'SHA-1') {
  const message = new Uint8Array(8);
  const view = new DataView(message.buffer);
  view.setUint32(0, Math.floor(counter / 2 ** 32));
  view.setUint32(4, counter >>> 0);
  const cryptoKey = await crypto.subtle.importKey('raw', key as BufferSource, { name: 'HMAC', hash }, false, ['sign']);
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', cryptoKey, message));
  const offset = mac[mac.length - 1]! & 0x0f;
  const binary = ((mac[offset]! & 0x7f) << 24) | (mac[offset + 1]! << 16) | (mac[offset + 2]! << 8) | mac[offset + 3]!;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

/** The time step of a moment (ms since the epoch). */
const totpStep = (nowMs: number) => Math.floor(nowMs / 1000 / TOTP_STEP_S);

/** The code an authenticator app shows for a base32 secret at `nowMs`. */
export async function totpCode(secret: string, nowMs = Date.now()): Promise<string> {
  const key = base32Decode(secret);
  if (!key) throw new RangeError('TOTP secret is not base32');
  return hotp(key, totpStep(nowMs));
}

/**
 * The step a typed code matches within the window, or null. The caller stores the step it accepted
 * and refuses any step at or before it, so a code seen over a shoulder cannot be used twice.
 */
export async function matchTotp(secret: string, code: string, nowMs = Date.now()): Promise<number | null> {
  const key = base32Decode(secret);
  if (!key || !new RegExp(`^\\d{${TOTP_DIGITS}}$`).test(code)) return null;
  const current = totpStep(nowMs);
  for (let delta = -TOTP_WINDOW; delta <= TOTP_WINDOW; delta++) {
    if ((await hotp(key, current + delta)) === code) return current + delta;
  }
  return null;
}

/** The otpauth:// URI authenticator apps import (as a QR code or typed). */
export function otpauthUri(secret: string, account: string, issuer: string): string {
  const label = encodeURIComponent(`${issuer}:${account}`);
  const params = new URLSearchParams({
    secret,
    issuer,
    algorithm: 'SHA1',
    digits: String(TOTP_DIGITS),
    period: String(TOTP_STEP_S),
  });
  return `otpauth://totp/${label}?${params}`;
}
