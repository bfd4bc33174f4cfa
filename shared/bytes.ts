// Bytes as text, and their constant-time comparison: the one copy for signatures, tokens, password
// hashes, nonces and the ZATCA QR payload. Pure (no Buffer, no btoa), so every worker, the browser
// and Node's tests share it.

const HEX = /^(?:[0-9a-f]{2})*$/i;

export function bytesToHex(bytes: ArrayBuffer | Uint8Array): string {
  let out = '';
  for (const b of bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes)) out += b.toString(16).padStart(2, '0');
  return out;
}

/** Hex → bytes, or null for text that is not whole bytes of hex. */
export function hexToBytes(hex: string): Uint8Array | null {
  if (!HEX.test(hex)) return null;
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return out;
}

/** `count` random bytes as hex (2 × count characters). */
export function randomHex(count: number): string {
  return bytesToHex(crypto.getRandomValues(new Uint8Array(count)));
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

export function bytesToBase64(bytes: Uint8Array): string {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const a = bytes[i]!;
    const b = bytes[i + 1];
    const c = bytes[i + 2];
    const n = (a << 16) | ((b ?? 0) << 8) | (c ?? 0);
    out += ALPHABET[(n >> 18) & 63]! + ALPHABET[(n >> 12) & 63]!;
    out += b === undefined ? '=' : ALPHABET[(n >> 6) & 63]!;
    out += c === undefined ? '=' : ALPHABET[n & 63]!;
  }
  return out;
}

/** Base64url without padding (RFC 4648 §5): web push keys and tokens (decision 29). */
export function bytesToBase64Url(bytes: ArrayBuffer | Uint8Array | null): string {
  if (!bytes) return '';
  return bytesToBase64(bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** Base64 (padded) → bytes, or null for text that is not base64. */
export function base64ToBytes(text: string): Uint8Array | null {
  if (text.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(text)) return null;
  const pad = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0;
  const out = new Uint8Array((text.length / 4) * 3 - pad);
  let o = 0;
  for (let i = 0; i < text.length; i += 4) {
    const n = [0, 1, 2, 3].reduce((acc, k) => (acc << 6) | Math.max(0, ALPHABET.indexOf(text[i + k]!)), 0);
    for (const byte of [(n >> 16) & 255, (n >> 8) & 255, n & 255]) if (o < out.length) out[o++] = byte;
  }
  return out;
}

type NativeTimingSafeEqual = (a: ArrayBufferView, b: ArrayBufferView) => boolean;

/**
 * Equal bytes, compared in time that does not depend on where they differ (only on the length, which
 * is no secret: signatures and hashes have a fixed one). workerd's `crypto.subtle.timingSafeEqual`
 * when the runtime has it; Node and browsers lack it, so the same loop without early exit stands in.
 */
export function timingSafeEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.byteLength !== b.byteLength) return false;
  const native = (crypto.subtle as { timingSafeEqual?: NativeTimingSafeEqual }).timingSafeEqual;
  if (native) return native.call(crypto.subtle, a, b);
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a[i]! ^ b[i]!;
  return diff === 0;
}

const encoder = new TextEncoder();

/** timingSafeEqual over the UTF-8 bytes of two texts (a received signature and the expected one). */
export function timingSafeEqualText(a: string, b: string): boolean {
  return timingSafeEqual(encoder.encode(a), encoder.encode(b));
}
