// Guest pages from the edge cache (decision 40): a catalogue, content or blood-test page rendered for a
// shopper who is not signed in is the same for every guest of that language and country, so it is kept
// in the Cache API of the data centre that rendered it and served again without a render or a call to
// the API. Only pages whose every API call was a public read are kept (a page that read anything of the
// device or the shopper never is); a signed-in shopper gets a copy of them with no one in it, her places
// filled for her (decision 76), and a page that is hers entirely her own render. Entries carry the
// catalogue version (shared/catalogue/cache-version.ts) and the build: a back-office change or a deploy
// makes them all stale at once, and the TTL is only the last resort.
import type { Context } from 'hono';
import { PAGE_ROUTES } from '#client/entry.server';
import type { AppEnv } from '../app-env';
import { catalogueVersion } from '../cache';
import type { Session } from '../lib/session';

/**
 * Kept pages (the path without its /ar prefix): the routes whose page declares itself kept
 * (client/page-table.ts, `kept`), the pages whose content is the shop's, the same for everyone of a
 * country and language (catalogue, content, blood tests). The rule (decision 76): a page is kept when
 * nothing on it is the shopper's but her named places (app/her-parts.tsx); a page whose content is her own
 * record (profile, orders, cart, checkout, consultations, results, sign-in) is hers entirely and always
 * rendered for her. Each page says which it is beside its code; every render checks the rule again (a
 * page is kept only if each of its API calls was a public read, below).
 */
const KEPT_PAGES = PAGE_ROUTES.filter((route) => route.kept).map((route) => routePattern(route.path));

/** A route's path as a pattern over a request's: `:param` one segment, the rest as written. */
function routePattern(path: string): RegExp {
  const segments = path.split('/').map((segment) => {
    if (/^:\w+$/.test(segment)) return '[^/]+';
    if (/[:*?]/.test(segment)) throw new Error(`a kept page's path takes plain segments and :params only: ${path}`);
    return segment.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  });
  return new RegExp(`^${segments.join('/')}$`);
}

/** API reads whose answer is the same for every guest of a language and country. */
const PUBLIC_READS: Array<[string, RegExp]> = [
  ['GET', /^\/country$/],
  ['GET', /^\/homepage\/v4$/],
  ['GET', /^\/(category|brand|bloodTest|nutritionist)(\/[^/]+)*$/],
  ['GET', /^\/product\/[^/]+(\/v2)?$/],
  ['GET', /^\/info\/instructions\/[\w-]+\/[\w-]+$/],
  ['GET', /^\/quiz\/active$/],
  ['POST', /^\/product(\/\d+|\/filter-sort)?$/],
];

export function isPublicRead(method: string, path: string): boolean {
  const bare = path.split('?')[0]!;
  return PUBLIC_READS.some(([m, pattern]) => m === method && pattern.test(bare));
}

/** The data centre's cache (Workers' `caches.default`, which the DOM's CacheStorage type lacks). */
function edgeCache(): Cache {
  return (caches as unknown as { default: Cache }).default;
}

const HEADER_VERSION = 'x-catalogue-version';
const HEADER_NONCE = 'x-page-nonce';
const HEADER_VALID_UNTIL = 'x-valid-until';

/** Whether a kept page still says what is true now: no delivery promise on it has moved (decision 65). */
function stillTrue(kept: Headers, now: number): boolean {
  const until = kept.get(HEADER_VALID_UNTIL);
  return until === null || now < Number(until);
}

/** Whether a request is for a kept page (GET of a page the rule above keeps; `path` without its language). */
export function isKeptPage(method: string, path: string): boolean {
  return method === 'GET' && KEPT_PAGES.some((pattern) => pattern.test(path));
}

/**
 * The slot of a kept page's view (the caller checked the rule: isKeptPage) for a guest, or of the kept
 * copy a signed-in shopper's page starts from (`her`: the same page with her places neutral, decision
 * 76); null when this view must be rendered for her alone (or the code comes from the dev server, which
 * has no build id: an edit must show without a new build).
 */
export function pageCacheKey(c: Context<AppEnv>, session: Session, build: string, her = false): Request | null {
  if (c.var.config.PAGE_CACHE_TTL_S === 0 || build === '') return null;
  if (!her && session.userToken) return null;
  const url = new URL(c.req.url);
  // The page's language is in its path; its country, the build and the kind of copy are added here.
  const kind = her ? '/her' : '';
  // A first visit from a place the shop does not serve has its own copy: its footer offers the countries.
  const place = session.unserved ? '-unserved' : '';
  return new Request(`${url.origin}/__page/${build}/${session.country}${place}${kind}${url.pathname}${url.search}`);
}

/**
 * Whether a page's bytes are fit to keep for everyone: no one's parts filled in (the fill's templates
 * and data), no signed-in shopper in its boot data. The last guard of "no personal byte in a kept
 * copy" (decision 76), after the render's own (its calls were public reads, made without her token).
 */
function personalBytes(page: Uint8Array): boolean {
  const text = new TextDecoder().decode(page);
  return HER_FILL_MARK.some((mark) => text.includes(mark)) || !/"user":null[,}]/.test(text);
}

/** What only a page streamed for one shopper carries (worker/render/her-page.ts writes them). */
export const HER_FILL_MARK = ['<template data-her-fill', 'window.__HER__='];

/**
 * The cached page with this response's nonce, when it is of the current catalogue version; else no
 * html and the version read, which a page rendered now is kept under (read before its calls, so a
 * change made while it renders leaves it stale, never fresh-looking).
 */
export async function cachedPage(c: Context<AppEnv>, key: Request): Promise<{ html: string | null; version: string }> {
  // A hard reload (`Cache-Control: no-cache`) renders the page again and keeps the new copy.
  if (/no-cache/i.test(c.req.header('cache-control') ?? '') || /no-cache/i.test(c.req.header('pragma') ?? ''))
    return { html: null, version: await catalogueVersion(c) };
  const [hit, current] = await Promise.all([edgeCache().match(key), catalogueVersion(c)]);
  if (!hit || hit.headers.get(HEADER_VERSION) !== current || !stillTrue(hit.headers, Date.now())) {
    await hit?.body?.cancel();
    return { html: null, version: current };
  }
  const html = await hit.text();
  const nonce = hit.headers.get(HEADER_NONCE);
  // Every script of the page carries the nonce it was rendered with; this response has its own.
  return { html: nonce ? html.replaceAll(nonce, c.var.nonce) : html, version: current };
}

/**
 * Keeps a rendered page once its stream has ended, if nothing went wrong while it streamed and all of
 * its API calls were public reads. Runs after the answer (waitUntil).
 */
export async function keepPage(
  ttlSeconds: number,
  key: Request,
  version: string,
  nonce: string,
  body: ReadableStream<Uint8Array>,
  keepable: () => boolean,
  validUntil: () => number | null = () => null,
): Promise<void> {
  // Kept as the bytes streamed: decoding a whole page to text only to encode it again is work for nothing.
  const page = await new Response(body).arrayBuffer();
  if (!keepable() || personalBytes(new Uint8Array(page))) return;
  const until = validUntil();
  const headers: Record<string, string> = {
    'content-type': 'text/html; charset=utf-8',
    // The TTL is only the last resort: a change or a deploy makes the entry stale before that, and a
    // delivery promise's cut-off passing (checked on reading it) before either.
    'cache-control': `public, max-age=${ttlSeconds}`,
    [HEADER_VERSION]: version,
    [HEADER_NONCE]: nonce,
    ...(until === null ? {} : { [HEADER_VALID_UNTIL]: String(until) }),
  };
  await edgeCache().put(key, new Response(page, { headers }));
}
