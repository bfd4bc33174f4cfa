// A signed-in shopper's kept page (decision 76). Her page is the kept copy of her country and language,
// in which her places (app/her-parts.tsx: the account link with her name, her own home sections, bought
// together gated for her) are neutral, followed in the same response by those places rendered for her
// after one trip to the API, which swap themselves in before the page hydrates. Her session is decided
// here before the first byte: a fresh session pass (lib/session-pass.ts) sends the kept copy at once;
// without one, the trip that brings her parts is awaited first, and its answer writes a new pass or ends
// her session (then the caller renders the guest's page with her cookies cleared). What this module holds
// is hers alone: the kept copy is looked up, rendered and kept by the same step as a guest's page
// (document.ts pageOf), and renderPage (index.ts) decides once which a view gets.
import type { Context } from 'hono';
import { ApiFailure } from '#shared/api/client';
import { fail } from '#shared/api/envelope';
import type { HerPartsAnswer } from '#shared/api/her-parts-door';
import type { HerProductParts } from '#shared/catalogue/types';
import type { Lang } from '#shared/locale';
import { type HerParts, type HomeSection, renderHerParts } from '#client/entry.server';
import type { AppEnv } from '../app-env';
import { publicConfig } from '../config';
import { herPartsCall } from '../lib/gateway';
import { pageApi } from '../lib/page-calls';
import { catalogueVersion } from '../cache';
import { type CountryList, keepCountryList, keptCountryList } from '../cache/country-list';
import type { Session } from '../lib/session';
import { type PassState, passHeld, readPass, writePass } from '../lib/session-pass';
import { reportError } from '../lib/report-error';
import { herEdge, type HerEdge, keepHers } from './her-fill-cache';
import { HER_FILL_MARK } from './page-cache';

/** How long her parts may take before her page says they could not load (the page is already there). */
const HER_PARTS_WAIT_MS = 2500;

/** Which of her places a page has, by the page (the path without its language). */
type Places = { home: boolean; product: string | null };

function placesOf(path: string): Places {
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

/** Her view under way: her pass being read, her fill looked up at the edge, and her parts' trip. */
export interface HerStart {
  /** Her pass as this view acts on it (fresh, stale or none), read while her page starts. */
  pass: Promise<PassState | null>;
  places: Places;
  /** Her fill kept at the edge (`kept`: a repeat view, no trip), or where this view's fill is kept. */
  edge: Promise<HerEdge>;
  /** Her parts' trip; made only when the edge had no fill of hers (never rejects). */
  trip: Promise<Outcome>;
}

/**
 * Her pass read, her fill looked up, and her parts' trip started (one call, as her) for the page at `path`
 * (without its language) when the edge has no fill of hers. It leaves beside the kept copy's lookup or
 * render, which the caller starts next with `nobody(session)`: her token never travels with the copy's
 * calls. A page whose only place is her account link asks nothing while her pass is fresh: its trip
 * waits for the pass, and for the edge's record of her sessions' end (her name would be shown on the
 * pass's word alone). A page with places of her own asks the API as her in its trip unless her fill is
 * kept, so only a kept fill waits for that record (her-fill-cache.ts, decision 83).
 */
export function herStart(c: Context<AppEnv>, session: Session, path: string): HerStart {
  const signed = readPass(c, session);
  const places = placesOf(path);
  if (!places.home && !places.product) {
    const pass = signed.then(passHeld);
    const trip = pass.then((state) => herTrip(c, session, places, state === 'fresh')).catch(tripFailed(c, session));
    return { pass, places, edge: Promise.resolve({ pass: null, kept: null, keep: null }), trip };
  }
  const edge = herEdge(c, session, places.product !== null, signed);
  const pass = edge.then((found) => found.pass);
  const trip = edge
    .then((found) => (found.kept === null ? herTrip(c, session, places, found.pass === 'fresh') : SERVED))
    .catch(tripFailed(c, session));
  return { pass, places, edge, trip };
}

/**
 * A trip that threw (a bug: it answers every failure it expects) is reported and shown as her parts not
 * loading, never as an error of her page's stream.
 */
function tripFailed(c: Context<AppEnv>, session: Session): (error: unknown) => Outcome {
  return (error) => {
    reportError(c, error);
    return { state: 'failed', user: session.user, productId: 0 };
  };
}

/** The outcome of a trip not made: her fill came from the edge (never rendered again). */
const SERVED: Outcome = { state: 'here', productId: 0 };

/** The session her kept copy is looked up and rendered with: hers, with no one signed in. */
export function nobody(session: Session): Session {
  return { ...session, userToken: null, user: null, userExpires: null };
}

/**
 * Her cookies, decided before the first byte: a fresh pass sends her kept page at once (`kept`); else
 * her parts' answer ends her session (`ended`: its cookies are cleared by the trip's answer, and she gets
 * the guest's page) or renews her pass (`checked`; the API down: no new pass).
 */
export async function herSession(
  c: Context<AppEnv>,
  session: Session,
  her: HerStart,
): Promise<'kept' | 'checked' | 'ended'> {
  // Her version's cookie, when this view renews it, goes with these headers: the edge's answer first.
  const fresh = (await her.pass) === 'fresh';
  const edge = await her.edge;
  if (!fresh) {
    const outcome = await her.trip;
    if (outcome.ended) return 'ended';
    if (outcome.state === 'here') await writePass(c, session);
  }
  // Whether her parts came from the edge (a page with her own parts only: home, a product).
  if (her.places.home || her.places.product) c.header('x-her-fill', edge.kept === null ? 'miss' : 'hit');
  return fresh ? 'kept' : 'checked';
}

/**
 * Her page: the kept copy's bytes up to its `</body>` at once, then her places rendered for her once her
 * trip has answered, then the rest of the copy and `closing` (the request's counts, outside production).
 */
export function withHerParts(
  c: Context<AppEnv>,
  session: Session,
  lang: Lang,
  copy: string | ReadableStream<Uint8Array>,
  her: HerStart,
  closing: () => string,
): ReadableStream<Uint8Array> {
  const fill = her.edge.then(async (edge) => {
    if (edge.kept !== null) return edge.kept;
    const outcome = await her.trip;
    const made = fillOf(c, session, lang, her.places, outcome);
    // Kept only when it is whole: her parts all here (a fill that failed never is).
    if (outcome.state === 'here' && !outcome.ended && made.whole) keepHers(c, session, edge, made.html);
    return made.html;
  });
  return typeof copy === 'string' ? filledText(copy, fill, closing) : filledStream(copy, fill, closing);
}

/**
 * One trip for her parts: who she is (an ended session is seen at once), and each of her places' data
 * on this page. While her pass is fresh (`known`: the API accepted her token minutes ago; her name is in
 * her session's own cookie) she is not asked for: a page whose only place is her account link needs no
 * trip, and her places' calls say themselves when her session has ended (401, as /user/me would). Never
 * rejects.
 */
async function herTrip(c: Context<AppEnv>, session: Session, places: Places, known: boolean): Promise<Outcome> {
  if (known && !places.home && !places.product) return { state: 'here', user: session.user, productId: 0 };
  // The catalogue version first (read already beside her fill's key on her home and products), so that
  // every call below leaves in this turn, as one trip.
  const version = await catalogueVersion(c);
  const api = pageApi(c, session);
  // Her cards' prices need the country list, as the page's do: the isolate's copy, else with her calls.
  const list = keptCountryList(version);
  const me = known ? null : api.get('/user/me');
  // While her pass is fresh, her parts are asked by the door's method (decision 80): one call, as the
  // HTTP calls below would be, whose answers it gives in their shape.
  const parts = known
    ? herPartsCall(c, session, version, { home: places.home, product: places.product, countries: list === null })
    : null;
  const countries: Promise<{ data: CountryList }> = list
    ? Promise.resolve({ data: list })
    : (parts ? parts.then(countriesOf) : api.get<CountryList>('/country')).then((answer) => {
        keepCountryList(version, answer.data);
        return answer;
      });
  // Her sections alone: the rest of her home is the kept copy's (the API skips the other sections' reads).
  const home = places.home
    ? parts
      ? parts.then((answer) => answered(answer, (a) => a.home as { sections: HomeSection[] } | undefined))
      : api.get<{ sections: HomeSection[] }>('/homepage/v4?only=for_you')
    : null;
  // Her parts of the product alone, likewise (bought together gated for her, her subscriptions and views;
  // the API records her view): the page's own data is the kept copy's.
  const product = places.product
    ? parts
      ? parts.then((answer) => answered(answer, (a) => a.product))
      : api.get<HerProductParts>(`/product/${encodeURIComponent(places.product)}/v2?only=hers`)
    : null;
  const all = Promise.allSettled([me, home, product, countries]);
  const late = new Promise<'late'>((resolve) => setTimeout(() => resolve('late'), HER_PARTS_WAIT_MS));
  const settled = await Promise.race([all, late]);
  const failed: Outcome = { state: 'failed', user: session.user, productId: 0 };
  if (settled === 'late') return failed;
  const [mine, homeAnswer, productAnswer, countryAnswer] = settled;
  // Her session ended: the API said so to whichever call asked as her.
  const refused = (answer: PromiseSettledResult<unknown>) =>
    answer.status === 'rejected' && answer.reason instanceof ApiFailure && answer.reason.status === 401;
  if ([mine, homeAnswer, productAnswer].some(refused))
    return { state: 'failed', user: null, productId: 0, ended: true };
  if (mine.status === 'rejected') return failed;
  // A product that is not there has nothing of hers to add (its page says so itself).
  const productGone = productAnswer.status === 'rejected' && (productAnswer.reason as ApiFailure)?.status === 404;
  if (homeAnswer.status === 'rejected' || (productAnswer.status === 'rejected' && !productGone)) return failed;
  if (countryAnswer.status === 'rejected') return failed;
  const detail = productAnswer.status === 'fulfilled' ? productAnswer.value?.data : undefined;
  return {
    state: 'here',
    // Her display details as the answer just refreshed them (the session's settle read /user/me), or
    // as her session's cookie holds them while her pass is fresh.
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

/**
 * One of her places' data from the door's answer, as its HTTP call would have settled: its data, or an
 * ApiFailure with the API's status (401: her session ended; 404: no such product), 502 when the API
 * could not answer.
 */
function answered<T>(
  answer: HerPartsAnswer | null,
  pick: (ok: Extract<HerPartsAnswer, { status: 200 }>) => T | undefined,
): { data: T } {
  if (answer === null) throw new ApiFailure(502, fail('upstream_unavailable', 502));
  if (answer.key !== undefined) throw new ApiFailure(answer.status, fail(answer.key, answer.status));
  // An answer without what was asked is the API's trouble (never kept, never rendered as nothing of hers).
  const data = pick(answer);
  if (data === undefined) throw new ApiFailure(502, fail('upstream_unavailable', 502));
  return { data };
}

/**
 * The country list the door's answer carries when it was asked for: with her parts, and with a 401 or
 * a 404 too (a product that is not there still has its page's prices); else the API's trouble.
 */
function countriesOf(answer: HerPartsAnswer | null): { data: CountryList } {
  const list = answer?.countries;
  if (!list || !Array.isArray(list.items)) throw new ApiFailure(502, fail('upstream_unavailable', 502));
  return { data: list };
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

/**
 * Her places rendered for her, as templates, and the script that swaps them in with their data; `whole`
 * unless the render failed (then the script says her parts failed).
 */
function fillOf(
  c: Context<AppEnv>,
  session: Session,
  lang: Lang,
  places: Places,
  outcome: Outcome,
): { html: string; whole: boolean } {
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
      product: places.product === null ? null : productId,
    });
    return { html: `${parts}<script nonce="${c.var.nonce}">${SWAP}${herData(her)}</script>`, whole: true };
  } catch (error) {
    reportError(c, error);
    const failed = herData({ state: 'failed', user: her.user ?? null });
    return { html: `<script nonce="${c.var.nonce}">${failed}</script>`, whole: false };
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

const BODY_END = '</body>';
const BODY_END_BYTES = new TextEncoder().encode(BODY_END);

/**
 * A kept copy from the edge, with her fill: everything before its `</body>` goes at once, as one chunk
 * (the copy is whole already: no scan of its bytes as they pass), the rest once her fill is there.
 */
function filledText(copy: string, fill: Promise<string>, closing: () => string): ReadableStream<Uint8Array> {
  const at = copy.lastIndexOf(BODY_END);
  const end = at < 0 ? copy.length : at;
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(copy.slice(0, end)));
    },
    async pull(controller) {
      controller.enqueue(encoder.encode((await fill) + copy.slice(end) + closing()));
      controller.close();
    },
  });
}

/**
 * A kept copy rendered now, as it streams, with her fill written before its `</body>` once it is there:
 * every byte before that goes at once. Bytes, not text: a split multi-byte letter stays whole.
 */
function filledStream(
  body: ReadableStream<Uint8Array>,
  fill: Promise<string>,
  closing: () => string,
): ReadableStream<Uint8Array> {
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
        const encoder = new TextEncoder();
        const filled = encoder.encode(await fill);
        const at = lastIndexOf(held, BODY_END_BYTES);
        const end = at < 0 ? held.length : at;
        controller.enqueue(held.slice(0, end));
        controller.enqueue(filled);
        controller.enqueue(held.slice(end));
        controller.enqueue(encoder.encode(closing()));
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
