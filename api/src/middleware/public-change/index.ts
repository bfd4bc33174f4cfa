// A back-office change that shoppers see (a product, a price, stock, a blood test, a promotion, the quiz,
// search synonyms, a review, question or answer shown or taken down, stock returned by a cancellation or refund, a
// country's amounts) writes a new catalogue version once it
// has succeeded, before its answer goes: every cached answer and every guest page kept at the edge is
// stale from that moment (shared/catalogue/cache-version.ts, decision 40). Changes no shopper sees
// (orders moving on, the team, coupons, which are checked live) leave the caches alone.
import type { MiddlewareHandler } from 'hono';
import { log } from '#api/src/lib/log';

const SEEN_BY_SHOPPERS = [
  /^\/staff\/catalogue\//,
  /^\/staff\/bloodTests\//,
  /^\/staff\/promotions(\/|$)/,
  /^\/staff\/quiz\//,
  /^\/staff\/search\//,
  /^\/staff\/(reviews|questions|answers)\/\d+\/(decide|answer)$/,
  /^\/staff\/orders\/\d+\/(cancel|refund)$/,
  // A country's amounts (decision 52): the free-delivery note on every page, the price filter.
  /^\/staff\/settings\/amounts$/,
];

/** Under those paths but changing nothing a shopper sees: checking a file keeps its plan for later. */
const NOT_SEEN = [/^\/staff\/catalogue\/imports$/];

export function seenByShoppers(path: string): boolean {
  return SEEN_BY_SHOPPERS.some((pattern) => pattern.test(path)) && !NOT_SEEN.some((pattern) => pattern.test(path));
}

export function publicChange(bump: (env: ApiEnv) => Promise<void>): MiddlewareHandler<{ Bindings: ApiEnv }> {
  return async function publicChangeHandler(c, next) {
    await next();
    if (c.req.method === 'GET' || c.res.status >= 400 || !seenByShoppers(c.req.path)) return;
    try {
      await bump(c.env);
    } catch (error) {
      // KV takes one write a second per key: a second change in that second is covered by the first's
      // version only if it landed before it, so say so; the TTLs bound how long anything stays stale.
      log.warn('catalogue version not written', { path: c.req.path, error });
    }
  };
}
