// The service worker's decisions, as pure functions (unit-tested in routing.test.ts): which requests it
// answers and how, and its cache names. sw.ts only wires these to the browser's events.
import { offlinePath } from '#shared/app/paths';
import { splitLocalePath, type Lang } from '#shared/locale';

export type SwRoute =
  /** Not the worker's business: the browser fetches it as if there were no service worker. */
  | { kind: 'bypass' }
  /** A page: always from the network (pages are personal and carry a fresh CSP nonce, so none is cached);
   * without a network, the offline page of the address's language. */
  | { kind: 'page'; lang: Lang }
  /** A hashed build file (/assets/*): its name changes with its content, so a cached copy is always right. */
  | { kind: 'asset' };

export interface SwRequest {
  method: string;
  url: string;
  /** Request.mode: 'navigate' for a page load. */
  mode: string;
  /** The Range header, if any: partial responses are never cached. */
  range?: string | null;
}

export function swRoute(request: SwRequest, origin: string): SwRoute {
  if (request.method !== 'GET') return { kind: 'bypass' };
  const url = new URL(request.url);
  if (url.origin !== origin) return { kind: 'bypass' };
  // The API answers per shopper and per moment (cart, stock, prices): never from a cache.
  if (url.pathname === '/api' || url.pathname.startsWith('/api/')) return { kind: 'bypass' };
  if (request.mode === 'navigate') return { kind: 'page', lang: splitLocalePath(url.pathname).lang };
  if (request.range) return { kind: 'bypass' };
  if (url.pathname.startsWith('/assets/')) return { kind: 'asset' };
  return { kind: 'bypass' };
}

const PREFIX = 'gv-';

/** Cache names of one build: a new build's worker starts with empty caches and removes the old ones. */
export function cacheNames(version: string): { pages: string; assets: string } {
  return { pages: `${PREFIX}pages-${version}`, assets: `${PREFIX}assets-${version}` };
}

/** The caches an activating worker deletes: this site's caches of other builds (others' are left alone). */
export function staleCaches(existing: readonly string[], version: string): string[] {
  const keep = new Set(Object.values(cacheNames(version)));
  return existing.filter((name) => name.startsWith(PREFIX) && !keep.has(name));
}

/** The pages fetched and cached when the worker installs: the offline page in both languages. */
export const PRECACHED_PAGES: readonly string[] = [offlinePath('en'), offlinePath('ar')];

/** At most this many build files are kept; the oldest go first. */
export const MAX_CACHED_ASSETS = 150;
