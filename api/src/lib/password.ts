// Password hashing: PBKDF2-SHA256 with a 16-byte random salt and a secret pepper. The iteration count
// is stored with each hash so it can be raised later; Workers allow at most 100 000 iterations.
import { base64ToBytes, bytesToBase64, timingSafeEqual } from '#shared/bytes';
export const PBKDF2_ITERATIONS = 100_000;
export const WORKERS_MAX_ITERATIONS = 100_000;
const SALT_BYTES = 16;
const HASH_BITS = 256;

const encoder = new TextEncoder();

async function derive(password: string, pepper: string, salt: Uint8Array, iterations: number): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey('raw', encoder.encode(password + pepper), 'PBKDF2', false, ['deriveBits']);
  const bits = await crypto.subtle.deriveBits(
    { name: 'PBKDF2', hash: 'SHA-256', salt: salt as BufferSource, iterations },
    key,
    HASH_BITS,
  );
  return new Uint8Array(bits);
}

export async function hashPassword(password: string, pepper: string, iterations = PBKDF2_ITERATIONS): Promise<string> {
  if (iterations > WORKERS_MAX_ITERATIONS) throw new RangeError('PBKDF2 iterations above the Workers limit');
  const salt = crypto.getRandomValues(new Uint8Array(SALT_BYTES));
  return `pbkdf2-sha256$${iterations}$${bytesToBase64(salt)}$${bytesToBase64(await derive(password, pepper, salt, iterations))}`;
}

/** Constant-time check of a password against a stored hash. */
export async function verifyPassword(password: string, pepper: string, stored: string): Promise<boolean> {
  const [scheme, iter, salt, hash] = stored.split('$');
  if (scheme !== 'pbkdf2-sha256' || !iter || !salt || !hash) return false;
  const iterations = Number(iter);
  if (!Number.isInteger(iterations) || iterations < 1 || iterations > WORKERS_MAX_ITERATIONS) return false;
  const expected = base64ToBytes(hash);
  const saltBytes = base64ToBytes(salt);
  if (!expected || !saltBytes) return false;
  return timingSafeEqual(await derive(password, pepper, saltBytes, iterations), expected);
}
