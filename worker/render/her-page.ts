// A signed-in shopper's kept page (decision 76). Her page is the kept copy of her country and language,
// in which her places (app/her-parts.tsx: the account link with her name, her own home sections, bought
// together gated for her) are neutral, followed in the same response by those places rendered for her
// after one trip to the API, which swap themselves in before the page hydrates. Her session is decided
// here before the first byte: a fresh session pass (lib/session-pass.ts) sends the kept copy at once;
// without one, the trip that brings her parts is awaited first, and its answer writes a new pass or ends
// her session (then the caller renders the guest's page with her cookies cleared).
import type { Context } from 'hono';
import { ApiFailure } from '#shared/api/client';
import type { ProductDetail } from '#shared/catalogue/types';
import { splitLocalePath, type Lang } from '#shared/locale';
import { type HerParts, type HomeSection, prepareRoutes, renderHerParts } from '#client/entry.server';
import type { AppEnv } from '../app-env';
import { publicConfig } from '../config';
import { pageApi } from '../lib/page-calls';
import type { Session } from '../lib/session';
import { readPass, writePass } from '../lib/session-pass';
import { reportError } from '../lib/report-error';
import { type HtmlAnswer, renderFor, withTripCounts } from './document';
import { cachedPage, HER_FILL_MARK, isPublicRead, keepPage, pageCacheKey } from './page-cache';

/** How long her parts may take before her page says they could not load (the page is already there). */
const HER_PARTS_WAIT_MS = 2500;

/** Which of her places a page has, by the page (the path without its language). */
function placesOf(path: string): { home: boolean; product: string | null } {
  const product = /^\/products\/([^/]+)$/.exec(path)?.[1];
  return { home: path === '/', product: product ? slugOf(product) : null };
}

/** A product's slug from its path; a malformed one is still asked for as it came (the API says 404). */
function slugOf(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** Her parts with what only the storefront's render of them reads: the product's id, the prices' answers. */
type Outcome = HerParts & { productId: number; fallback?: Record<string, unknown> };

/**
 * Her page, or null when the API says her session has ended (the session's cookies are cleared by the
 * trip's answer; the caller renders the guest's page).
 */
export async function herPage(
  c: Context<AppEnv>,
  session: Session,
  lang: Lang,
  html: HtmlAnswer,
): Promise<Response | null> {
  // Her pass is read while her page starts: its check reads her sessions' end at the edge (KV).
  const passing = readPass(c, session);
  const places = placesOf(splitLocalePath(new URL(c.req.url).pathname).path);
  // From the dev server or the test runner the page's code comes by I/O: loaded first, so that the
  // copy's calls and her parts' leave together there as they do in a build.
  if (import.meta.env.DEV) await prepareRoutes(c.req.raw);
  // Both leave now: her parts' trip, and the kept copy (from the edge's cache, or rendered now without
  // anything of her: her token never travels with the copy's calls). A page whose only place is her
  // account link asks nothing while her pass is fresh: its trip waits for the pass.
  const trip =
    places.home || places.product
      ? herTrip(c, session, places, false)
      : passing.then((state) => herTrip(c, session, places, state === 'fresh'));
  const copy = keptCopy(c, session, lang);
  const pass = await passing;
  if (pass !== 'fresh') {
    // Her cookies are decided before the first byte: the answer ends her session or renews her pass.
    const outcome = await trip;
    if (outcome.ended) {
      void copy.then((kept) => (kept.kind === 'page' ? kept.body.cancel() : undefined)).catch(() => undefined);
      return null;
    }
    if (outcome.state === 'here') await writePass(c, session);
  }
  const kept = await copy;
  if (kept.kind === 'response') return kept.response;
  c.header('x-her-page', pass === 'fresh' ? 'kept' : 'checked');
  if (kept.cache) c.header('x-page-cache', kept.cache);
  const fills = trip.then((outcome) => fillOf(c, session, lang, outcome));
  const body = withFills(kept.body, fills);
  return html(c.var.config.ENVIRONMENT !== 'production' ? withTripCounts(c, body) : body, kept.status);
}

/**
 * One trip for her parts: who she is (an ended session is seen at once), and each of her places' data
 * on this page. A page whose only place is her account link needs no trip while her pass is fresh (the
 * API accepted her token minutes ago; her name is in her session's own cookie). Never rejects.
 */
async function herTrip(
  c: Context<AppEnv>,
  session: Session,
  places: ReturnType<typeof placesOf>,
  known: boolean,
): Promise<Outcome> {
  if (known && !places.home && !places.product) return { state: 'here', user: session.user, productId: 0 };
  const api = pageApi(c, session);
  const me = api.get('/user/me');
  // Her cards' prices need the country list, as the page's do (the KV cache answers it, no haul).
  const countries = api.get<{ items: unknown[] }>('/country');
  // Her sections alone: the rest of her home is the kept copy's (the API skips the other sections' reads).
  const home = places.home ? api.get<{ sections: HomeSection[] }>('/homepage/v4?only=for_you') : null;
  const product = places.product ? api.get<ProductDetail>(`/product/${encodeURIComponent(places.product)}/v2`) : null;
  const all = Promise.allSettled([me, home, product, countries]);
  const late = new Promise<'late'>((resolve) => setTimeout(() => resolve('late'), HER_PARTS_WAIT_MS));
  const settled = await Promise.race([all, late]);
  const failed: Outcome = { state: 'failed', user: session.user, productId: 0 };
  if (settled === 'late') return failed;
  const [mine, homeAnswer, productAnswer, countryAnswer] = settled;
  if (mine.status === 'rejected') {
    return mine.reason instanceof ApiFailure && mine.reason.status === 401
      ? { state: 'failed', user: null, productId: 0, ended: true }
      : failed;
  }
  // A product that is not there has nothing of hers to add (its page says so itself).
  const productGone = productAnswer.status === 'rejected' && (productAnswer.reason as ApiFailure)?.status === 404;
  if (homeAnswer.status === 'rejected' || (productAnswer.status === 'rejected' && !productGone)) return failed;
  if (countryAnswer.status === 'rejected') return failed;
  const detail = productAnswer.status === 'fulfilled' ? productAnswer.value?.data : undefined;
  return {
    state: 'here',
    // Her display details as the answer just refreshed them (the session's settle read /user/me).
    user: session.user,
    ...(places.home ? { forYou: (homeAnswer.value?.data.sections ?? []).filter((s) => s.type === 'for_you') } : {}),
    ...(places.product
      ? {
          together: detail?.purchase_together ?? [],
          subscribed: detail?.subscribed ?? [],
          viewed: detail?.recently_viewed ?? [],
        }
      : {}),
    productId: detail?.id ?? 0,
    fallback: { '/country': { items: countryAnswer.value.data.items } },
  };
}

type KeptCopy =
  | { kind: 'page'; body: ReadableStream<Uint8Array>; status: number; cache: 'hit' | 'miss' | null }
  | { kind: 'response'; response: Response };

/**
 * The kept copy of her page: the same bytes for every signed-in shopper of this country and language,
 * from the edge's cache, or rendered now as if no one were signed in, with her places neutral (and kept
 * for the next, if every call it made was a public read).
 */
async function keptCopy(c: Context<AppEnv>, session: Session, lang: Lang): Promise<KeptCopy> {
  const nobody: Session = { ...session, userToken: null, user: null, userExpires: null };
  const key = pageCacheKey(c, nobody, __BUILD_ID__, true);
  const cached = key ? await cachedPage(c, key) : null;
  if (cached?.html) return { kind: 'page', body: textStream(cached.html), status: 200, cache: 'hit' };
  const api = pageApi(c, nobody, isPublicRead);
  let failed = false;
  const result = await renderFor(c, nobody, lang, api, {
    waitForAll: false,
    herPending: true,
    onError: (error) => {
      failed = true;
      reportError(c, error);
    },
  });
  if (result.kind === 'response') {
    const headers = new Headers(result.response.headers);
    for (const cookie of c.res.headers.getSetCookie()) headers.append('set-cookie', cookie);
    return {
      kind: 'response',
      response: new Response(result.response.body, { status: result.response.status, headers }),
    };
  }
  if (!key || !cached || result.status !== 200)
    return { kind: 'page', body: result.stream, status: result.status, cache: null };
  const [page, copy] = result.stream.tee();
  let finalStatus = result.status;
  void result.finalStatus.then((status) => {
    finalStatus = status;
  });
  const keepable = () => !failed && finalStatus === 200 && api.publicAndWhole();
  c.executionCtx.waitUntil(
    keepPage(c.var.config.PAGE_CACHE_TTL_S, key, cached.version, c.var.nonce, copy, keepable, api.validUntil).catch(
      (e) => reportError(c, e),
    ),
  );
  return { kind: 'page', body: page, status: 200, cache: 'miss' };
}

function textStream(text: string): ReadableStream<Uint8Array> {
  return new Response(text).body!;
}

/** JSON that is safe inside an inline <script>. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * Swaps each place for the one rendered for her, before the entry hydrates (it waits for the document).
 * Only the place's element: a resource hint React writes beside it (an eager card's image preload) is
 * no part of the tree the browser hydrates.
 */
const SWAP =
  'document.querySelectorAll("template[data-her-fill]").forEach(function(t){var n=t.getAttribute("data-her-fill"),s=document.querySelector(\'[data-her="\'+n+\'"]\'),f=t.content.querySelector(\'[data-her="\'+n+\'"]\');if(s&&f)s.replaceWith(f);t.remove()});';

/** Her places rendered for her, as templates, and the script that swaps them in with their data. */
function fillOf(c: Context<AppEnv>, session: Session, lang: Lang, outcome: Outcome): string {
  const { productId, fallback, ...her } = outcome;
  const url = new URL(c.req.url);
  try {
    const parts = renderHerParts({
      url: c.req.url,
      boot: {
        lang,
        origin: url.origin,
        country: session.country,
        user: her.user ?? null,
        config: publicConfig(c.var.config, url.hostname),
      },
      texts: ['catalogue'],
      fallback: fallback ?? {},
      api: pageApi(c, session),
      her,
      product: placesOf(splitLocalePath(url.pathname).path).product === null ? null : productId,
    });
    const templates = Object.entries(parts)
      .filter(([, markup]) => markup !== '')
      .map(([name, markup]) => `${HER_FILL_MARK[0]}="${name}">${markup}</template>`)
      .join('');
    return `${templates}<script nonce="${c.var.nonce}">${SWAP}${herData(her)}</script>`;
  } catch (error) {
    reportError(c, error);
    return `<script nonce="${c.var.nonce}">${herData({ state: 'failed', user: her.user ?? null })}</script>`;
  }
}

/**
 * Her data for the browser's entry, put into the boot data the kept copy wrote before it: her places'
 * (`her`) and her display details (`user`, which her session's store starts with), so that the entry
 * hydrates her page as it does any other and carries no code of its own for it.
 */
function herData(her: HerParts): string {
  const user = her.user ? 'b.user=__HER__.user;' : '';
  return `${HER_FILL_MARK[1]}${scriptJson(her)};var b=window.__BOOT__;if(b){b.her=__HER__;${user}}`;
}

const BODY_END = new TextEncoder().encode('</body>');

/**
 * The kept copy as it streams, with her fills written before its `</body>` once they are there: every
 * byte before that goes at once. Bytes, not text: a split multi-byte letter stays whole.
 */
function withFills(body: ReadableStream<Uint8Array>, fills: Promise<string>): ReadableStream<Uint8Array> {
  let held = new Uint8Array(0);
  const HOLD = 64;
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        const all = new Uint8Array(held.length + chunk.length);
        all.set(held);
        all.set(chunk, held.length);
        const cut = Math.max(0, all.length - HOLD);
        if (cut > 0) controller.enqueue(all.slice(0, cut));
        held = all.slice(cut);
      },
      async flush(controller) {
        const fill = new TextEncoder().encode(await fills);
        const at = lastIndexOf(held, BODY_END);
        const end = at < 0 ? held.length : at;
        controller.enqueue(held.slice(0, end));
        controller.enqueue(fill);
        controller.enqueue(held.slice(end));
      },
    }),
  );
}

function lastIndexOf(haystack: Uint8Array, needle: Uint8Array): number {
  outer: for (let i = haystack.length - needle.length; i >= 0; i--) {
    for (let j = 0; j < needle.length; j++) if (haystack[i + j] !== needle[j]) continue outer;
    return i;
  }
  return -1;
}
