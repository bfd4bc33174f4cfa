// Server rendering of every page route, in one pass (docs/architecture/request-path.md): what the view
// is, decided once; then each step once: her pass and her parts' trip (a signed-in shopper on a kept
// page, decision 76), the page's bytes (the edge's kept copy, or rendered now and kept: document.ts),
// her cookies before the first byte, and the response (her parts streamed into her copy).
import type { Context } from 'hono';
import { splitLocalePath, type Lang } from '#shared/locale';
import { prepareRoutes } from '#client/entry.server';
import type { AppEnv } from '../app-env';
import { readPageSession, type Session } from '../lib/session';
import { reportError } from '../lib/report-error';
import { assetPlan } from './assets';
import { wantsWholeDocument } from './crawler';
import { fallbackPage } from './fallback';
import { isKeptPage } from './page-cache';
import { herSession, herStart, nobody, withHerParts } from './her-page';
import { type PageBytes, pageOf, PricesUnavailable, type RenderWay, tripCounts, withClosing } from './document';

export async function renderPage(c: Context<AppEnv>): Promise<Response> {
  const url = new URL(c.req.url);
  const { lang, path } = splitLocalePath(url.pathname);
  const nonce = c.var.nonce;
  const session = readPageSession(c, lang);
  const link = EARLY_HINTS[lang];
  const html = (body: string | ReadableStream<Uint8Array>, status: number) =>
    c.body(body as string, status as 200, {
      'content-type': 'text/html; charset=utf-8',
      vary: 'Cookie',
      ...(link ? { link } : {}),
    });

  try {
    // What this view is, once. A kept page (page-cache.ts, the rule) for a guest is the edge's copy of
    // her country and language, or rendered now and kept (decision 40); for a signed-in shopper it is the
    // kept copy for signed-in shoppers, her places neutral, with her own parts streamed into it after
    // one trip (decision 76). Any other page is rendered for its shopper alone and never kept.
    const kept = isKeptPage(c.req.method, path);
    // In a build the pages' code is in the worker and loads within the turn; from the dev server or the
    // test runner it comes by I/O, so it is loaded first there and no call starts late and misses its
    // bundle (matching the routes twice costs a built page a millisecond for nothing).
    if (import.meta.env.DEV) await prepareRoutes(c.req.raw);
    // Her pass, and her parts' trip leaving now, beside the copy's lookup or render (which never
    // carries her token).
    const her = kept && session.userToken ? herStart(c, session, path) : null;
    const slot = her ? 'her' : kept ? 'guest' : null;
    let page = pageOf(c, her ? nobody(session) : session, lang, slot, renderWay(c, session, her !== null));

    // Her cookies are decided before the first byte: a stale or missing pass waits for her trip's answer.
    const state = her ? await herSession(c, session, her) : null;
    if (state === 'ended') {
      void page.then(cancel).catch(() => undefined);
      // Her session ended (the API said so, her cookies are cleared): the guest's page, rendered for this view.
      page = pageOf(c, session, lang, null, renderWay(c, session, false));
    }
    const bytes = await page;
    if (bytes.kind === 'response') return bytes.response;
    if (bytes.cache) c.header('x-page-cache', bytes.cache);
    if (her && state !== 'ended') {
      c.header('x-her-page', state!);
      return html(withHerParts(c, session, lang, bytes.body, her, tripCounts(c)), bytes.status);
    }
    // The counts the headers carry for a whole document come at the end of one sent shell first.
    const body =
      bytes.shellFirst && c.var.config.ENVIRONMENT !== 'production' && typeof bytes.body !== 'string'
        ? withClosing(bytes.body, tripCounts(c))
        : bytes.body;
    return html(body, bytes.status);
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
 * How a page rendered now may be sent. Shell first (decision 41) only where no answer can need a cookie
 * once the headers have left: a returning guest's device is known and she has no session to end (a
 * first visit's device token and a signed-in shopper's session changes are set by the response's
 * headers). A crawler gets the whole document at once; her kept copy streams as it renders.
 */
function renderWay(c: Context<AppEnv>, session: Session, herPending: boolean): RenderWay {
  const waitForAll = !herPending && wantsWholeDocument(c.req.header('user-agent'));
  return { waitForAll, shellFirst: !waitForAll && !!session.deviceToken && !session.userToken, herPending };
}

/** A page no one will read (her copy, once her session has ended): its stream let go. */
function cancel(bytes: PageBytes): unknown {
  return bytes.kind === 'page' && typeof bytes.body !== 'string' ? bytes.body.cancel() : undefined;
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
