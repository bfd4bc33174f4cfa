// Cloudflare Access in front of the staff origin: every request must carry an Access token
// (`Cf-Access-Jwt-Assertion`) signed by the team's keys, for this application's audience, not expired.
// The keys come from https://<team>.cloudflareaccess.com/cdn-cgi/access/certs and are kept for an hour
// per isolate; a token naming an unknown key refreshes them once. Local mode (no team domain) skips it.
import { base64ToBytes } from '#shared/bytes';

export interface AccessSettings {
  teamDomain: string;
  audience: string;
}

export interface AccessIdentity {
  email: string | null;
  sub: string;
}

interface Jwk {
  kid: string;
  kty: string;
  n: string;
  e: string;
  alg?: string;
}

type KeyFetcher = (url: string) => Promise<{ keys: Jwk[] }>;

const KEYS_TTL_MS = 60 * 60 * 1000;
const cache = new Map<string, { at: number; keys: Map<string, Promise<CryptoKey>> }>();

function base64UrlBytes(text: string): Uint8Array | null {
  const b64 = text.replace(/-/g, '+').replace(/_/g, '/');
  return base64ToBytes(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
}

function base64UrlJson(text: string): Record<string, unknown> | null {
  const bytes = base64UrlBytes(text);
  if (!bytes) return null;
  try {
    const value: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

const defaultFetcher: KeyFetcher = async (url) => {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`Access certs: ${res.status}`);
  return res.json();
};

async function teamKeys(teamDomain: string, fetcher: KeyFetcher, refresh: boolean, now: number) {
  const cached = cache.get(teamDomain);
  if (cached && !refresh && now - cached.at < KEYS_TTL_MS) return cached.keys;
  const { keys } = await fetcher(`https://${teamDomain}/cdn-cgi/access/certs`);
  const map = new Map<string, Promise<CryptoKey>>();
  for (const jwk of keys) {
    if (jwk.kty !== 'RSA') continue;
    map.set(
      jwk.kid,
      crypto.subtle.importKey(
        'jwk',
        { kty: 'RSA', n: jwk.n, e: jwk.e, alg: 'RS256', ext: true },
        { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' },
        false,
        ['verify'],
      ),
    );
  }
  cache.set(teamDomain, { at: now, keys: map });
  return map;
}

/** The identity of a valid Access token, or null (bad signature, audience, issuer or time). */
export async function verifyAccessToken(
  token: string | undefined,
  settings: AccessSettings,
  options: { fetcher?: KeyFetcher; now?: number } = {},
): Promise<AccessIdentity | null> {
  if (!token) return null;
  const now = options.now ?? Date.now();
  const fetcher = options.fetcher ?? defaultFetcher;
  const [h, p, s] = token.split('.');
  if (!h || !p || !s) return null;
  const header = base64UrlJson(h);
  const payload = base64UrlJson(p);
  const signature = base64UrlBytes(s);
  if (!header || !payload || !signature || header.alg !== 'RS256' || typeof header.kid !== 'string') return null;

  let key = (await teamKeys(settings.teamDomain, fetcher, false, now)).get(header.kid);
  // A key rotated in since the last fetch.
  if (!key) key = (await teamKeys(settings.teamDomain, fetcher, true, now)).get(header.kid);
  if (!key) return null;
  const valid = await crypto.subtle.verify(
    'RSASSA-PKCS1-v1_5',
    await key,
    signature as BufferSource,
    new TextEncoder().encode(`${h}.${p}`),
  );
  if (!valid) return null;

  const aud = Array.isArray(payload.aud) ? payload.aud : [payload.aud];
  const seconds = now / 1000;
  if (!aud.includes(settings.audience)) return null;
  if (payload.iss !== `https://${settings.teamDomain}`) return null;
  if (typeof payload.exp !== 'number' || payload.exp < seconds) return null;
  if (typeof payload.nbf === 'number' && payload.nbf > seconds + 60) return null;
  return { email: typeof payload.email === 'string' ? payload.email : null, sub: String(payload.sub ?? '') };
}

/** For tests: forget the cached keys. */
export function forgetAccessKeys(): void {
  cache.clear();
}
