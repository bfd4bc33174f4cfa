// Server rendering of every page route: critical shell data first, then the streamed document.
import type { Context } from 'hono';
import { splitLocalePath, type Lang } from '#shared/locale';
import { prepareRoutes } from '#client/entry.server';
import type { AppEnv } from '../app-env';
import { pageApi } from '../lib/page-calls';
import { readPageSession } from '../lib/session';
import { reportError } from '../lib/report-error';
import { assetPlan } from './assets';
import { wantsWholeDocument } from './crawler';
import { fallbackPage } from './fallback';
import { cachedPage, isKeptPage, isPublicRead, keepPage, pageCacheKey } from './page-cache';
import { herPage } from './her-page';
import { type HtmlAnswer, PricesUnavailable, renderFor, withTripCounts } from './document';

export async function renderPage(c: Context<AppEnv>): Promise<Response> {
  const url = new URL(c.req.url);
  const { lang } = splitLocalePath(url.pathname);
  const nonce = c.var.nonce;
  const session = readPageSession(c, lang);
  const link = EARLY_HINTS[lang];
  const html: HtmlAnswer = (body, status) =>
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

    // A signed-in shopper on a kept page (decision 76): the kept copy of her country and language now,
    // her own parts streamed into it after one trip; her session is decided here, before the first byte.
    if (session.userToken && isKeptPage(c)) {
      const mine = await herPage(c, session, lang, html);
      if (mine) return mine;
      // Her session ended (the API said so): the guest's page, with her cookies cleared.
    }

    // The country list (exchange rates) and the page's loaders leave together, in one bundle. In a
    // build the pages' code is in the worker and loads within the turn; from the dev server or the test
    // runner it comes by I/O, so it is loaded first there and no loader starts late and misses the bundle
    // (matching the routes twice costs a built page a millisecond for nothing).
    if (import.meta.env.DEV) await prepareRoutes(c.req.raw);
    const api = pageApi(c, session, isPublicRead);
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

    const result = await renderFor(c, session, lang, api, {
      ...(slow ? { slow } : {}),
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
