// The country list (rates, currencies, VAT: GET /country), kept in the isolate for her parts' renders.
// Her first view of a page renders only her places (render/her-page.ts), whose prices need the list;
// asking the KV cache for it cost her trip a KV read and a hash of her session (the cache's key is per
// session) on every first view, measured at 5-20 % of the view's CPU. The list is the same for every
// shopper, language and country (both names travel in each row), so one copy per isolate serves
// everyone. It is kept under the catalogue version it was read with (a back-office change makes a new
// one, as for every kept answer) and for no longer than the KV cache's reference policy keeps it.
import { cachePolicyFor } from './policies';

export type CountryList = { items: unknown[] };

const TTL_MS = (cachePolicyFor('GET', '/country')?.ttlSeconds ?? 60) * 1000;

let kept: { version: string; until: number; list: CountryList } | null = null;

/** The isolate's copy of the list for the request's catalogue version, while it is fresh; else null. */
export function keptCountryList(version: string, now = Date.now()): CountryList | null {
  return kept && kept.version === version && now < kept.until ? kept.list : null;
}

/** Keeps the list as an answer gave it under the request's catalogue version (read before the call). */
export function keepCountryList(version: string, list: CountryList, now = Date.now()): void {
  // Only a list: an answer without one is never kept as if it were.
  if (Array.isArray(list?.items)) kept = { version, until: now + TTL_MS, list };
}
