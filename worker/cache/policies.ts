// Named cache policies for flagged GETs (instead of TTLs scattered through handlers). A path that is
// not listed here is never cached.
export interface CachePolicy {
  name: string;
  /** KV's shortest expiry is 60 s. */
  ttlSeconds: number;
}

const CACHE_POLICIES = {
  /** Reference data that changes rarely: countries, areas, courier lists. */
  reference: { name: 'reference', ttlSeconds: 60 * 60 },
  /** Catalogue structure: brands, categories. */
  catalogue: { name: 'catalogue', ttlSeconds: 10 * 60 },
  /** Editorial content: home page sections, info texts. */
  content: { name: 'content', ttlSeconds: 5 * 60 },
} as const satisfies Record<string, CachePolicy>;

const RULES: Array<[RegExp, CachePolicy]> = [
  [/^\/country$/, CACHE_POLICIES.reference],
  [/^\/area$/, CACHE_POLICIES.reference],
  [/^\/country\/dhl_list$/, CACHE_POLICIES.reference],
  [/^\/brand$/, CACHE_POLICIES.catalogue],
  [/^\/brand\/\d+$/, CACHE_POLICIES.catalogue],
  [/^\/category(\/\d+)?$/, CACHE_POLICIES.catalogue],
  [/^\/homepage\/v4$/, CACHE_POLICIES.content],
  [/^\/info\/instructions\/[\w-]+\/[\w-]+$/, CACHE_POLICIES.content],
  // The quiz's questions: a published version never changes; a new one shows within the TTL.
  [/^\/quiz\/active$/, CACHE_POLICIES.content],
];

export function cachePolicyFor(method: string, path: string): CachePolicy | null {
  if (method !== 'GET') return null;
  for (const [pattern, policy] of RULES) if (pattern.test(path)) return policy;
  return null;
}
