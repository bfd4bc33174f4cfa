// Server rendering of every page route: critical shell data first, then the streamed document.
import type { Context } from 'hono';
import type { Country } from '#shared/api/schemas';
import { splitLocalePath, type Lang } from '#shared/locale';
import type { BootData } from '#shared/boot';
import { prepareRoutes, renderDocument } from '#client/entry.server';
import type { AppEnv } from '../app-env';
import { publicConfig } from '../config';
import { pageApi } from '../lib/page-calls';
import { readSession } from '../lib/session';
import { currentTrips } from '../lib/log';
import { reportError } from '../lib/report-error';
import { assetPlan } from './assets';
import { wantsWholeDocument } from './crawler';
import { fallbackPage } from './fallback';
import { cachedPage, isPublicRead, keepPage, pageCacheKey } from './page-cache';

export async function renderPage(c: Context<AppEnv>): Promise<Response> {
  const url = new URL(c.req.url);
  const { lang } = splitLocalePath(url.pathname);
  const nonce = c.var.nonce;
  const session = readSession(c, lang);
  const link = EARLY_HINTS[lang];
  const html = (body: BodyInit | null, status: number) =>
    c.body(body as string, status as 200, {
      'content-type': 'text/html; charset=utf-8',
      vary: 'Cookie',
      ...(link ? { link } : {}),
    });

  let failed = false;
  try {
    // A guest's page may be in the edge cache: then it costs no render and no call to the API.
    const cacheKey = pageCacheKey(c, session, __BUILD_ID__);
    const cached = cacheKey ? await cachedPage(c, cacheKey) : null;
    if (cached?.html) {
      c.header('x-page-cache', 'hit');
      return html(cached.html, 200);
    }

    // The country list (exchange rates) and the page's loaders leave together, in one bundle. In a
    // build the pages' code is in the worker and loads within the turn; from the dev server or the test
    // runner it comes by I/O, so it is loaded first there and no loader starts late and misses the bundle
    // (matching the routes twice costs a built page a millisecond for nothing).
    if (import.meta.env.DEV) await prepareRoutes(c.req.raw);
    const api = pageApi(c, session, isPublicRead);
    const fallback: Promise<BootData['fallback']> = api.get<{ items: Country[] }>('/country').then(
      (answer) => ({ '/country': { items: answer.data.items } }),
      (error: unknown) => {
        throw new PricesUnavailable(error);
      },
    );
    // Awaited by the renderer after the loaders; a redirect or a response before that leaves it unread.
    fallback.catch(() => undefined);
    const waitForAll = wantsWholeDocument(c.req.header('user-agent'));
    // Slow: the page's calls left for the API and have not answered a moment later. Then the shell is
    // sent first and the page follows (decision 41); a page its caches answer comes whole as before.
    // Only where no answer can need a cookie once the headers have left: a returning guest's device is
    // known and she has no session to end (a first visit's device token and a signed-in shopper's
    // session changes are set by the response's headers).
    const slow =
      waitForAll || !session.deviceToken || session.userToken
        ? undefined
        : api
            .travelling()
            .then(() => new Promise<void>((resolve) => setTimeout(resolve, c.var.config.SHELL_FIRST_AFTER_MS)));

    const result = await renderDocument({
      request: c.req.raw,
      api,
      boot: {
        lang,
        origin: url.origin,
        country: session.country,
        user: session.user,
        config: publicConfig(c.var.config, url.hostname),
        css: assetPlan.css,
      },
      fallback,
      ...(slow ? { slow } : {}),
      nonce,
      bootstrapModules: assetPlan.bootstrapModules,
      preloads: (modules) => assetPlan.preloads(modules, lang),
      styles: (modules) => assetPlan.styles(modules),
      fonts: assetPlan.fonts(lang),
      waitForAll,
      onError: (error) => {
        failed = true;
        reportError(c, error instanceof PricesUnavailable ? error.cause : error);
      },
    });
    if (result.kind === 'response') {
      const headers = new Headers(result.response.headers);
      for (const cookie of c.res.headers.getSetCookie()) headers.append('set-cookie', cookie);
      return new Response(result.response.body, { status: result.response.status, headers });
    }
    // The counts the headers carry for a whole document come at the end of one sent shell first.
    const body =
      result.shellFirst && c.var.config.ENVIRONMENT !== 'production' ? withTripCounts(c, result.stream) : result.stream;
    if (!cacheKey || !cached || result.status !== 200) return html(body, result.status);
    // Kept for the next guest once it has streamed whole, if it read nothing of this one.
    const [page, copy] = body.tee();
    let finalStatus = result.status;
    void result.finalStatus.then((status) => {
      finalStatus = status;
    });
    const keepable = () => !failed && finalStatus === 200 && api.publicAndWhole() && !session.userToken;
    c.executionCtx.waitUntil(
      keepPage(c.var.config.PAGE_CACHE_TTL_S, cacheKey, cached.version, nonce, copy, keepable, api.validUntil).catch(
        (e) => reportError(c, e),
      ),
    );
    c.header('x-page-cache', 'miss');
    return html(page, result.status);
  } catch (error) {
    // Without exchange rates no price can be shown correctly: say so instead of guessing.
    if (error instanceof PricesUnavailable) {
      reportError(c, error.cause);
      return html(fallbackPage(lang, 503, nonce), 503);
    }
    reportError(c, error);
    return html(fallbackPage(lang, 500, nonce), 500);
  }
}

/**
 * Outside production, the request's API calls and D1 round trips as a last comment, for the bench and
 * the tests: the headers that carry them (x-api-calls, x-d1-roundtrips…) left with the shell.
 */
function withTripCounts(c: Context<AppEnv>, stream: ReadableStream<Uint8Array>): ReadableStream<Uint8Array> {
  // The request's own meter, taken now: the stream's last step may run outside the request's context.
  const trips = currentTrips();
  return stream.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      flush(controller) {
        const d1 = c.get('d1');
        const counts = `api_calls=${trips?.calls ?? 0} api_steps=${trips?.steps ?? 0} d1_queries=${d1?.statements ?? 0} d1_roundtrips=${d1?.roundTrips ?? 0}`;
        controller.enqueue(new TextEncoder().encode(`<!--trips ${counts}-->`));
      },
    }),
  );
}

class PricesUnavailable extends Error {
  constructor(cause: unknown) {
    super('the country list is unavailable', { cause });
  }
}

/** A Link header preloading the shell's CSS and the fonts (none in the dev server, which injects CSS). */
function earlyHints(css: string[], fonts: string[]): string {
  return [
    ...css.map((href) => `<${href}>; rel=preload; as=style`),
    ...fonts.map((href) => `<${href}>; rel=preload; as=font; type="font/woff2"; crossorigin`),
  ].join(', ');
}

/**
 * The shell's stylesheets and each language's fonts as Link headers, written once: Cloudflare answers
 * the next request for a page with a 103 Early Hint from them, so the browser fetches them while the
 * data travels.
 */
const EARLY_HINTS: Record<Lang, string> = {
  en: earlyHints(assetPlan.css, assetPlan.fonts('en')),
  ar: earlyHints(assetPlan.css, assetPlan.fonts('ar')),
};
