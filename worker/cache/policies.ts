// Named cache policies for flagged GETs (instead of TTLs scattered through handlers). A path that is
// not listed here is never cached.
export interface CachePolicy {
  name: string;
  /** KV's shortest expiry is 60 s. */
  ttlSeconds: number;
  /** Kept for guests only: a signed-in shopper's answer carries her own sections (the home page's). */
  guestsOnly?: boolean;
}

const CACHE_POLICIES = {
  /** Reference data that changes rarely: countries, areas, courier lists. */
  reference: { name: 'reference', ttlSeconds: 60 * 60 },
  /** Catalogue structure: brands, categories. */
  catalogue: { name: 'catalogue', ttlSeconds: 10 * 60 },
  /** Editorial content: home page sections, info texts. */
  content: { name: 'content', ttlSeconds: 5 * 60 },
  /** The home page's sections: a signed-in shopper's answer adds her own (issue 64), never kept. */
  home: { name: 'content', ttlSeconds: 5 * 60, guestsOnly: true },
} as const satisfies Record<string, CachePolicy>;

const RULES: Array<[RegExp, CachePolicy]> = [
  [/^\/country$/, CACHE_POLICIES.reference],
  [/^\/area$/, CACHE_POLICIES.reference],
  [/^\/country\/dhl_list$/, CACHE_POLICIES.reference],
  [/^\/brand$/, CACHE_POLICIES.catalogue],
  [/^\/brand\/\d+$/, CACHE_POLICIES.catalogue],
  [/^\/category(\/\d+)?$/, CACHE_POLICIES.catalogue],
  [/^\/homepage\/v4$/, CACHE_POLICIES.home],
  [/^\/info\/instructions\/[\w-]+\/[\w-]+$/, CACHE_POLICIES.content],
  // The quiz's questions: a published version never changes; a new one shows within the TTL.
  [/^\/quiz\/active$/, CACHE_POLICIES.content],
];

export function cachePolicyFor(method: string, path: string): CachePolicy | null {
  if (method !== 'GET') return null;
  for (const [pattern, policy] of RULES) if (pattern.test(path)) return policy;
  return null;
}
