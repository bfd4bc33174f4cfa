// KV cache of flagged GETs. The key holds the session (a hash of its tokens), language and country,
// so one shopper's entry is never served to another. A hit is marked with the internal code 700.
import { CACHED_CODE, type Envelope } from '#shared/api/envelope';
import { sha256Hex } from '#shared/api/signing';
import type { CountryCode, Lang } from '#shared/locale';
import type { CachePolicy } from './policies';

export interface CacheScope {
  deviceToken: string | null;
  userToken: string | null;
  lang: Lang;
  country: CountryCode;
}

/** KV refuses keys over 512 bytes (UTF-8): a long query (an Arabic search, say) would be a 500. */
export const KV_MAX_KEY_BYTES = 512;

export async function cacheKey(policy: CachePolicy, scope: CacheScope, pathWithQuery: string): Promise<string | null> {
  if (!scope.deviceToken) return null;
  const session = (await sha256Hex(`${scope.deviceToken}|${scope.userToken ?? ''}`)).slice(0, 32);
  const prefix = `v1:${policy.name}:${session}:${scope.lang}:${scope.country}:`;
  const key = prefix + pathWithQuery;
  if (new TextEncoder().encode(key).length <= KV_MAX_KEY_BYTES) return key;
  // Hashed, the key stays unique per path and query and fits; "#" never starts a path.
  return `${prefix}#${await sha256Hex(pathWithQuery)}`;
}

export interface CachedResult {
  status: number;
  body: string;
  hit: boolean;
}

/** Serves from KV when present; otherwise calls upstream and stores a 200 for the policy's TTL. */
export async function withCache(
  kv: KVNamespace,
  key: string | null,
  policy: CachePolicy,
  waitUntil: (p: Promise<unknown>) => void,
  load: () => Promise<Response>,
): Promise<CachedResult> {
  if (key) {
    const stored = await kv.get(key, 'text');
    if (stored !== null) return { status: 200, body: markCached(stored), hit: true };
  }
  const res = await load();
  const body = await res.text();
  if (key && res.status === 200) {
    waitUntil(kv.put(key, body, { expirationTtl: Math.max(60, policy.ttlSeconds) }));
  }
  return { status: res.status, body, hit: false };
}

function markCached(body: string): string {
  const envelope = JSON.parse(body) as Envelope<unknown>;
  envelope.meta = { ...envelope.meta, code: CACHED_CODE };
  return JSON.stringify(envelope);
}
