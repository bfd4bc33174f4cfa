// KV cache of flagged GETs. The key holds the session (a hash of its tokens), language and country,
// so one shopper's entry is never served to another. A hit is marked with the internal code 700.
// Each entry is stored with the catalogue version it was made under (shared/catalogue/cache-version.ts):
// after a back-office change the API writes a new version and every older entry reads as a miss. The
// version is read once per request, beside the first entry (KV reads in parallel), and shared by every
// cache decision of the request: answers, the guest page, the bundle's bookmark.
import { CACHED_CODE, type Envelope } from '#shared/api/envelope';
import { sha256Hex } from '#shared/api/signing';
import type { Context } from 'hono';
import { CATALOGUE_VERSION_KEY } from '#shared/catalogue/cache-version';
import type { CountryCode, Lang } from '#shared/locale';
import type { BundleCall } from '#shared/api/page-bundle';
import type { AppEnv } from '../app-env';
import { cachePolicyFor, type CachePolicy } from './policies';

/** The catalogue version, read once per request however many cache decisions need it. */
export function catalogueVersion(c: Context<AppEnv>): Promise<string> {
  let version = c.get('catalogueVersion');
  if (!version) {
    version = c.env.CACHE.get(CATALOGUE_VERSION_KEY, 'text').then((v) => v ?? '');
    c.set('catalogueVersion', version);
  }
  return version;
}

export interface CacheScope {
  deviceToken: string | null;
  userToken: string | null;
  lang: Lang;
  country: CountryCode;
}

/** KV refuses keys over 512 bytes (UTF-8): a long query (an Arabic search, say) would be a 500. */
const KV_MAX_KEY_BYTES = 512;

export async function cacheKey(policy: CachePolicy, scope: CacheScope, pathWithQuery: string): Promise<string | null> {
  if (!scope.deviceToken) return null;
  // An answer that carries a signed-in shopper's own data is never kept: it changes as she shops.
  if (policy.guestsOnly && scope.userToken) return null;
  const session = (await sha256Hex(`${scope.deviceToken}|${scope.userToken ?? ''}`)).slice(0, 32);
  const prefix = `v3:${policy.name}:${session}:${scope.lang}:${scope.country}:`;
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

/** A KV lookup: the entry's body when it is of the current catalogue version, and that version. */
interface CacheLookup {
  body: string | null;
  version: string;
}

/** Reads an entry beside the request's catalogue version (in parallel). */
async function readCached(kv: KVNamespace, key: string, currentVersion: Promise<string>): Promise<CacheLookup> {
  const [stored, version] = await Promise.all([kv.get(key, 'text'), currentVersion]);
  const entry = stored === null ? null : unpack(stored);
  return { body: entry && entry.version === version ? entry.body : null, version };
}

/** One call of a page's batch, and where its answer goes. */
export interface BatchCall {
  call: BundleCall;
  done: (answer: BatchAnswer) => void;
}

/** An answer as a loader gets it: parsed once, never written out and read again. */
export interface BatchAnswer {
  status: number;
  envelope: Envelope<unknown>;
}

/**
 * A page's batch of calls through the cache (the batch form of `withCache`): each flagged GET the cache
 * holds, of the request's catalogue version, is answered at once; the others go to `load` together,
 * with that version (read before they leave), and each 200 of a flagged GET is kept under it before
 * its caller sees it.
 */
export async function throughCache(
  c: Context<AppEnv>,
  scope: CacheScope,
  batch: BatchCall[],
  load: (misses: BatchCall[], version: string) => Promise<BatchAnswer[]>,
): Promise<void> {
  const current = catalogueVersion(c);
  const [lookups, version] = await Promise.all([
    Promise.all(
      batch.map(async ({ call }) => {
        const policy = cachePolicyFor(call.method, call.path.split('?')[0]!);
        const key = policy ? await cacheKey(policy, scope, call.path) : null;
        return { policy, key, found: key ? await readCached(c.env.CACHE, key, current) : null };
      }),
    ),
    current,
  ]);
  const misses: BatchCall[] = [];
  const kept: Array<(typeof lookups)[number]> = [];
  for (const [i, pending] of batch.entries()) {
    const lookup = lookups[i]!;
    if (lookup.found?.body != null) pending.done({ status: 200, envelope: JSON.parse(lookup.found.body) });
    else {
      misses.push(pending);
      kept.push(lookup);
    }
  }
  if (misses.length === 0) return;
  const answers = await load(misses, version);
  for (const [i, pending] of misses.entries()) {
    const answer = answers[i]!;
    const { policy, key, found } = kept[i]!;
    // Written out now, before a loader could change what it was given.
    if (key && policy && found && answer.status === 200)
      storeCached(c.env.CACHE, key, policy, found.version, JSON.stringify(answer.envelope), (p) =>
        c.executionCtx.waitUntil(p),
      );
    pending.done(answer);
  }
}

/** Stores a 200's body for the policy's TTL, under the version read before the call was made. */
function storeCached(
  kv: KVNamespace,
  key: string,
  policy: CachePolicy,
  version: string,
  body: string,
  waitUntil: (p: Promise<unknown>) => void,
): void {
  // Marked as a cached answer once, when stored, rather than parsed and written again on every hit.
  waitUntil(
    Promise.resolve().then(() =>
      kv.put(key, `${version}\n${markCached(body)}`, { expirationTtl: Math.max(60, policy.ttlSeconds) }),
    ),
  );
}

/** Serves from KV when present and of the current catalogue version; otherwise calls upstream and
 * stores a 200 for the policy's TTL, under the version read before the call. */
export async function withCache(
  kv: KVNamespace,
  key: string | null,
  policy: CachePolicy,
  currentVersion: Promise<string>,
  waitUntil: (p: Promise<unknown>) => void,
  load: () => Promise<Response>,
): Promise<CachedResult> {
  let version = '';
  if (key) {
    const lookup = await readCached(kv, key, currentVersion);
    if (lookup.body !== null) return { status: 200, body: lookup.body, hit: true };
    version = lookup.version;
  }
  const res = await load();
  const body = await res.text();
  if (key && res.status === 200) storeCached(kv, key, policy, version, body, waitUntil);
  return { status: res.status, body, hit: false };
}

/** A stored entry: the version, a newline, the body (a JSON body never starts with a newline). */
function unpack(stored: string): { version: string; body: string } | null {
  const cut = stored.indexOf('\n');
  return cut < 0 ? null : { version: stored.slice(0, cut), body: stored.slice(cut + 1) };
}

function markCached(body: string): string {
  const envelope = JSON.parse(body) as Envelope<unknown>;
  envelope.meta = { ...envelope.meta, code: CACHED_CODE };
  return JSON.stringify(envelope);
}
