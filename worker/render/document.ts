// The page's document for a session (step 5 of the request path): its kept copy when the edge has one,
// else rendered now, the country list and the loaders' calls leaving together while React streams the
// document (client/entry.server.tsx), and kept for the next view when it may be. The same step for a
// guest's page, a signed-in shopper's kept copy (her places neutral, decision 76) and a page rendered
// for its shopper alone (no key): renderPage (index.ts) decides which, once.
import type { Context } from 'hono';
import type { Country } from '#shared/api/schemas';
import type { Lang } from '#shared/locale';
import type { BootData } from '#shared/boot';
import { renderDocument, type RenderResult, unservedTexts } from '#client/entry.server';
import type { AppEnv } from '../app-env';
import { publicConfig } from '../config';
import { pageApi, type PageApi } from '../lib/page-calls';
import type { Session } from '../lib/session';
import { currentTrips } from '../lib/log';
import { reportError } from '../lib/report-error';
import { assetPlan } from './assets';
import { cachedPage, isPublicRead, keepPage, pageCacheKey } from './page-cache';

/** What a document's render needs besides the session and its API client. */
interface RenderExtras {
  slow?: Promise<void>;
  waitForAll: boolean;
  herPending?: boolean;
  onError: (error: unknown) => void;
}

/** How the page may be sent when it is rendered now. */
export interface RenderWay {
  /** A crawler's: the whole document at once, with its status. */
  waitForAll: boolean;
  /** The shell may go first when the page's calls are slow (decision 41): only where no answer can need
   * a cookie once the headers have left. */
  shellFirst: boolean;
  /** Her kept copy (decision 76): her places neutral, her parts follow the document. */
  herPending: boolean;
}

/** A page's bytes: the kept copy's text, or the render's stream; or the render's own response (a redirect). */
export type PageBytes =
  | {
      kind: 'page';
      body: string | ReadableStream<Uint8Array>;
      status: number;
      /** The edge cache's part: served from it, rendered now and being kept, or neither. */
      cache: 'hit' | 'miss' | null;
      /** Whether the shell went before the page's data (its counts then close the stream). */
      shellFirst: boolean;
    }
  | { kind: 'response'; response: Response };

/**
 * The page for this session. A kept page (`kept`: a guest's, or her kept copy, decision 76) is the edge's
 * copy when it is current; else rendered now and, if every call it made was a public read and it
 * streamed whole, kept for the next view. Throws PricesUnavailable when the country list cannot be had.
 */
export async function pageOf(
  c: Context<AppEnv>,
  session: Session,
  lang: Lang,
  kept: 'guest' | 'her' | null,
  way: RenderWay,
): Promise<PageBytes> {
  const key = kept ? pageCacheKey(c, session, __BUILD_ID__, kept === 'her') : null;
  const cached = key ? await cachedPage(c, key) : null;
  if (cached?.html) return { kind: 'page', body: cached.html, status: 200, cache: 'hit', shellFirst: false };
  const api = pageApi(c, session, isPublicRead);
  // Slow: the page's calls left for the API and have not answered a moment later. Then the shell is
  // sent first and the page follows (decision 41); a page its caches answer comes whole as before.
  const slow = way.shellFirst
    ? api
        .travelling()
        .then(() => new Promise<void>((resolve) => setTimeout(resolve, c.var.config.SHELL_FIRST_AFTER_MS)))
    : undefined;
  let failed = false;
  const result = await renderFor(c, session, lang, api, {
    ...(slow ? { slow } : {}),
    waitForAll: way.waitForAll,
    herPending: way.herPending,
    onError: (error) => {
      failed = true;
      reportError(c, error instanceof PricesUnavailable ? error.cause : error);
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
  const page = { kind: 'page', status: result.status, shellFirst: result.shellFirst } as const;
  if (!key || !cached || result.status !== 200) return { ...page, body: result.stream, cache: null };
  // Kept for the next view once it has streamed whole, if it read nothing of this one.
  const [body, copy] = result.stream.tee();
  let finalStatus = result.status;
  void result.finalStatus.then((status) => {
    finalStatus = status;
  });
  const keepable = () => !failed && finalStatus === 200 && api.publicAndWhole() && !session.userToken;
  c.executionCtx.waitUntil(
    keepPage(c.var.config.PAGE_CACHE_TTL_S, key, cached.version, c.var.nonce, copy, keepable, api.validUntil).catch(
      (e) => reportError(c, e),
    ),
  );
  return { ...page, body, cache: 'miss' };
}

/**
 * Renders the page's document for this session with this API client: the country list (exchange
 * rates) leaves with the loaders' calls. Throws PricesUnavailable through the renderer when the country
 * list cannot be had.
 */
async function renderFor(
  c: Context<AppEnv>,
  session: Session,
  lang: Lang,
  api: PageApi,
  extras: RenderExtras,
): Promise<RenderResult> {
  const url = new URL(c.req.url);
  const fallback: Promise<BootData['fallback']> = api.get<{ items: Country[] }>('/country').then(
    (answer) => ({ '/country': { items: answer.data.items } }),
    (error: unknown) => {
      throw new PricesUnavailable(error);
    },
  );
  // Awaited by the renderer after the loaders; a redirect or a response before that leaves it unread.
  fallback.catch(() => undefined);
  return renderDocument({
    request: c.req.raw,
    api,
    boot: {
      lang,
      origin: url.origin,
      country: session.country,
      ...(session.unserved ? { unserved: unservedTexts(lang) } : {}),
      user: session.user,
      config: publicConfig(c.var.config, url.hostname),
      css: assetPlan.css,
    },
    fallback,
    ...(extras.slow ? { slow: extras.slow } : {}),
    nonce: c.var.nonce,
    bootstrapModules: assetPlan.bootstrapModules,
    preloads: (modules) => assetPlan.preloads(modules, lang),
    styles: (modules) => assetPlan.styles(modules),
    fonts: assetPlan.fonts(lang),
    waitForAll: extras.waitForAll,
    ...(extras.herPending ? { herPending: true } : {}),
    onError: extras.onError,
  });
}

/**
 * Outside production, the request's API calls and D1 round trips as a last comment, for the bench and
 * the tests: the headers that carry them (x-api-calls, x-d1-roundtrips…) left with the shell. Read when
 * the document closes; nothing in production.
 */
export function tripCounts(c: Context<AppEnv>): () => string {
  if (c.var.config.ENVIRONMENT === 'production') return () => '';
  // The request's own meter, taken now: the stream's last step may run outside the request's context.
  const trips = currentTrips();
  return () => {
    const d1 = c.get('d1');
    return `<!--trips api_calls=${trips?.calls ?? 0} api_steps=${trips?.steps ?? 0} d1_queries=${d1?.statements ?? 0} d1_roundtrips=${d1?.roundTrips ?? 0}-->`;
  };
}

/** A stream with `closing` written after its last byte. */
export function withClosing(stream: ReadableStream<Uint8Array>, closing: () => string): ReadableStream<Uint8Array> {
  return stream.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      flush(controller) {
        const text = closing();
        if (text) controller.enqueue(new TextEncoder().encode(text));
      },
    }),
  );
}

export class PricesUnavailable extends Error {
  constructor(cause: unknown) {
    super('the country list is unavailable', { cause });
  }
}
