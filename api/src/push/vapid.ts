// VAPID (RFC 8292): every push request carries a short-lived ES256 JWT for the push service's origin,
// signed with the shop's key, and that key's public half. Safari's rules decide two details: the
// subject is a mailto: address (it refuses https: subjects) and the token lives at most 12 hours (it
// refuses more than 24; 12 leaves room for clock skew and is what the others accept too).
import { DEV_SECRET_PREFIX } from '#shared/config';
import { b64urlDecode, b64urlEncode } from './b64';
import { importPrivateKey } from './ece';

/** The longest a token lives (seconds). */
const VAPID_TTL_SECONDS = 12 * 60 * 60;

export interface VapidKeys {
  /** The uncompressed public point, base64url: the `k=` of the header and the browser's applicationServerKey. */
  publicKey: string;
  privateKey: CryptoKey;
}

const loaded = new Map<string, Promise<VapidKeys>>();

/**
 * The key pair from config: the public point (base64url) and the private key as its d (base64url, a
 * development one behind the `dev-only-` mark) or as a JWK. Checked once per isolate by signing and
 * verifying: a private key that does not belong to the public one would make every push service
 * answer 403, so it fails loudly here instead.
 */
export function vapidKeys(publicKey: string, privateKey: string): Promise<VapidKeys> {
  const cacheKey = `${publicKey}|${privateKey}`;
  let keys = loaded.get(cacheKey);
  if (!keys) {
    keys = loadKeys(publicKey, privateKey);
    keys.catch(() => loaded.delete(cacheKey));
    loaded.set(cacheKey, keys);
  }
  return keys;
}

async function loadKeys(publicKey: string, privateKey: string): Promise<VapidKeys> {
  const raw = privateKey.startsWith(DEV_SECRET_PREFIX) ? privateKey.slice(DEV_SECRET_PREFIX.length) : privateKey;
  const d = raw.trim().startsWith('{') ? String((JSON.parse(raw) as JsonWebKey).d ?? '') : raw.trim();
  const publicRaw = b64urlDecode(publicKey);
  const mismatch = () => new Error('VAPID_PRIVATE_KEY does not belong to VAPID_PUBLIC_KEY');
  // Some runtimes check the pair on import already, others only show it when a signature fails.
  const key = await importPrivateKey(b64urlDecode(d), publicRaw, 'ECDSA').catch(() => {
    throw mismatch();
  });
  const verifier = await crypto.subtle.importKey('raw', publicRaw, { name: 'ECDSA', namedCurve: 'P-256' }, false, [
    'verify',
  ]);
  const probe = new TextEncoder().encode('vapid key check');
  const signature = await crypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, key, probe);
  if (!(await crypto.subtle.verify({ name: 'ECDSA', hash: 'SHA-256' }, verifier, signature, probe))) throw mismatch();
  return { publicKey, privateKey: key };
}

const jsonPart = (value: unknown) => b64urlEncode(new TextEncoder().encode(JSON.stringify(value)));

/** The JWT for one push service origin: aud = the endpoint's origin, exp ≤ 12 h ahead, sub = mailto:. */
export async function vapidToken(
  endpoint: string,
  keys: VapidKeys,
  subject: string,
  now = Date.now(),
  ttlSeconds = VAPID_TTL_SECONDS,
): Promise<string> {
  if (!subject.startsWith('mailto:')) throw new Error('VAPID subject must be a mailto: address');
  const claims = {
    aud: new URL(endpoint).origin,
    exp: Math.floor(now / 1000) + Math.min(ttlSeconds, VAPID_TTL_SECONDS),
    sub: subject,
  };
  const input = `${jsonPart({ typ: 'JWT', alg: 'ES256' })}.${jsonPart(claims)}`;
  // WebCrypto's ECDSA signature is r || s (64 bytes), exactly JWS's ES256 form.
  const signature = await crypto.subtle.sign(
    { name: 'ECDSA', hash: 'SHA-256' },
    keys.privateKey,
    new TextEncoder().encode(input),
  );
  return `${input}.${b64urlEncode(signature)}`;
}

/** The Authorization header of RFC 8292 §3. */
export async function vapidAuthorization(
  endpoint: string,
  keys: VapidKeys,
  subject: string,
  now = Date.now(),
): Promise<string> {
  return `vapid t=${await vapidToken(endpoint, keys, subject, now)}, k=${keys.publicKey}`;
}
