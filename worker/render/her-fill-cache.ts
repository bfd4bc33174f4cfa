// Her parts kept at the edge, for her alone, until something of hers changes (decision 76's amendment
// "her parts kept for her"). Her kept page is the kept copy followed by her fill: her places rendered for
// her and her data (her-page.ts). Rendering it costs her parts' trip to the API, which a repeat view
// of the same page a moment later would make again for the same answer. So the fill is kept in the
// data centre's Cache API under a key that is hers alone: her id as her verified session pass vouches for
// it (never a cookie's word alone), the build, the catalogue's version, her country, the page's URL (its
// language is in its path) and her version (lib/her-version.ts), renewed by every call of hers that may
// change what it shows. It is read only with a fresh pass; it lives HER_FILL_TTL_S at most.
import type { Context } from 'hono';
import type { AppEnv } from '../app-env';
import { catalogueVersion } from '../cache';
import { herVersion, renewHerVersion } from '../lib/her-version';
import { reportError } from '../lib/report-error';
import type { Session } from '../lib/session';
import type { Pass, PassState } from '../lib/session-pass';

/**
 * How long a fill is kept: what changes without a request of hers through the storefront (staff editing
 * her order or subscription, a delivery, a payment's webhook, her other device's writes, a price her
 * cards show) shows on her next view after at most this long. A minute: a shopper's repeat views of a
 * page (back, reload, a second tab) fall within it, and no change of hers made elsewhere waits longer
 * than the edge's own record of her sessions' end already may (session-pass.ts).
 */
export const HER_FILL_TTL_S = 60;

const HEADER_NONCE = 'x-fill-nonce';
const HEADER_UNTIL = 'x-kept-until';

/** The data centre's cache (Workers' `caches.default`, which the DOM's CacheStorage type lacks). */
function edgeCache(): Cache {
  return (caches as unknown as { default: Cache }).default;
}

/**
 * Where her fill of this page is kept, for her version: null when nothing is kept (no page cache, the
 * dev server's code, no shopper). The caller reads what is kept there only once her pass proved that
 * `session.user.id` is hers (a fresh pass signs her token and id).
 */
async function herFillKey(
  c: Context<AppEnv>,
  session: Session,
  version: string,
  build: string,
): Promise<string | null> {
  if (c.var.config.PAGE_CACHE_TTL_S === 0 || build === '' || !session.user) return null;
  const catalogue = await catalogueVersion(c);
  const who = encodeURIComponent(String(session.user.id));
  const at = `${build}/${encodeURIComponent(catalogue || '-')}/${who}/${version}/${session.country}`;
  // The request's URL is already in its parsed, normalised form: its origin and its path with the query
  // are cut from it as text. A first view makes two keys, and parsing the URL again and building a
  // Request for each cost about as much as the fill's own lookup (measured: 6–10 % of her first view).
  const { url } = c.req;
  const path = url.indexOf('/', url.indexOf('//') + 2);
  // A bare `?` is no query (as URL's `search` has it): `/?` and `/` are the same page.
  const end = url.endsWith('?') ? url.length - 1 : url.length;
  return `${url.slice(0, path)}/__her/${at}${url.slice(path, end)}`;
}

/** Her fill kept under `key`, with this response's nonce, or null (none, past its time, a hard reload). */
export async function keptFill(c: Context<AppEnv>, key: string, now = Date.now()): Promise<string | null> {
  // A hard reload (`Cache-Control: no-cache`) asks again, as it renders the kept copy again.
  if (/no-cache/i.test(c.req.header('cache-control') ?? '') || /no-cache/i.test(c.req.header('pragma') ?? ''))
    return null;
  const hit = await edgeCache().match(key);
  if (!hit) return null;
  if (!(now < Number(hit.headers.get(HEADER_UNTIL)))) {
    await hit.body?.cancel();
    return null;
  }
  const fill = await hit.text();
  const nonce = hit.headers.get(HEADER_NONCE);
  // Her fill's script carries the nonce it was rendered with; this response has its own.
  return nonce ? fill.replaceAll(nonce, c.var.nonce) : fill;
}

/** Keeps her fill under `key` for HER_FILL_TTL_S, after the answer (waitUntil). */
export function keepFill(c: Context<AppEnv>, key: string, fill: string, now = Date.now()): Promise<void> {
  const headers = {
    'content-type': 'text/html; charset=utf-8',
    // `public` for the Cache API alone, which keeps nothing marked private: the key is hers and never a
    // URL anyone can ask for (`/__her/…` is no route of the shop's).
    'cache-control': `public, max-age=${HER_FILL_TTL_S}`,
    [HEADER_NONCE]: c.var.nonce,
    // The Cache API's own expiry is the data centre's to apply; this one is read on every hit.
    [HEADER_UNTIL]: String(now + HER_FILL_TTL_S * 1000),
  };
  return edgeCache().put(key, new Response(fill, { headers }));
}

/**
 * What the edge had of her fill: the fill itself, or where to keep the one her trip brings (if anywhere)
 * and who her session was before the trip (a trip that changed it keeps nothing); and the state of her
 * pass this view acts on (`pass`).
 */
export type HerEdge = { pass: PassState | null } & (
  | { kept: string; keep: null }
  | { kept: null; keep: { key: string; who: string } | null }
);

/**
 * Her fill at the edge: its key made beside her pass's check from the id her cookie claims, and looked up
 * only once the pass is fresh (the pass signs her token with that id). A pass that is not fresh keeps
 * nothing (her trip decides her session).
 *
 * Her fill is served on her pass's word alone, so a fill found is served only once the edge's record of
 * her sessions' end says the pass outlived none of them (a pass that did: no fill, and the API is asked).
 * The record is read beside the lookup wherever a fill may be kept (her version known), so a fill found
 * waits for no second read. A view with no her version has no fill to find: it asks the API as her in
 * its trip, whose answer says whether her session ended, and reads no record (decision 83). A fill is
 * kept only once that answer is hers.
 *
 * A page whose trip records her view (`recordsView`: a product's) neither reads nor keeps a fill: her view
 * renews her version now (in the headers, which wait for this), so no fill kept before could be read,
 * and one kept now could be read only by the same page again before anything else of hers changed: a
 * reload within the minute (her moves within the shop are the browser's, with no document). Keeping it
 * cost every first view of a product a Cache API write for that, a fifth of its CPU (measured).
 */
export async function herEdge(
  c: Context<AppEnv>,
  session: Session,
  recordsView: boolean,
  passing: Promise<Pass | null>,
): Promise<HerEdge> {
  if (recordsView) {
    renewHerVersion(c, session.secure);
    return { pass: (await passing)?.state ?? null, kept: null, keep: null };
  }
  const version = herVersion(c, session.secure);
  const [pass, key] = await Promise.all([passing, version ? herFillKey(c, session, version, __BUILD_ID__) : null]);
  const fresh = pass?.state === 'fresh';
  // Where a fill of hers may be kept, the record is read beside the lookup (never rejects), so a fill
  // found waits for no second read; a view with no her version looks nothing up and reads nothing.
  const outlived = fresh && key ? pass!.outlived() : null;
  const kept = fresh && key ? await keptFill(c, key) : null;
  if (kept !== null) {
    if (!(await outlived)) return { pass: 'fresh', kept, keep: null };
    // Her sessions ended after her pass was made: nothing kept of hers is served, nor kept again.
    return { pass: null, kept: null, keep: null };
  }
  const next = version ?? renewHerVersion(c, session.secure);
  const at = fresh ? await herFillKey(c, session, next, __BUILD_ID__) : null;
  return { pass: pass?.state ?? null, kept: null, keep: at ? { key: at, who: identity(session) } : null };
}

/**
 * Keeps her whole fill where `herEdge` said, after the answer, unless her trip changed her session's
 * cookies (a 401, a device registered, her details refreshed).
 */
export function keepHers(c: Context<AppEnv>, session: Session, edge: HerEdge, fill: string): void {
  const keep = edge.keep;
  if (!keep || identity(session) !== keep.who) return;
  c.executionCtx.waitUntil(keepFill(c, keep.key, fill).catch((e) => reportError(c, e)));
}

/** Who the session is, as the cookies a trip may change say it (not her D1 bookmark: what state she read). */
function identity(session: Session): string {
  return JSON.stringify([session.userToken, session.user, session.deviceToken]);
}
