// The installable app's files: the web app manifest of each language, the service worker's
// script at the site root, and the offline page the service worker keeps for when there is no network.
import { Hono } from 'hono';
import { appManifest } from '#shared/app/manifest';
import { APP_BACKGROUND_COLOR, APP_THEME_COLOR, manifestPath, SERVICE_WORKER_PATH } from '#shared/app/paths';
import { ar } from '#shared/i18n/ar';
import { en } from '#shared/i18n/en';
import { dirOf, localizePath, type Lang } from '#shared/locale';
import serviceWorkerSource from 'virtual:service-worker';
import type { AppEnv } from '../app-env';
import { html, htmlText, raw } from '../lib/html';

export const appFiles = new Hono<AppEnv>();

/**
 * The offline page reloads itself once the page it stands in for answers again: when the browser says it
 * is back online, and every 5 s while it says online (an "online" that came before this script ran, or a
 * first reload that met a network not yet back). It reloads only after the page's own address answered,
 * so a network that is "online" but unreachable never makes it reload in a loop.
 */
const BACK_ONLINE = `function tryPage(){fetch(location.href,{method:'HEAD',cache:'no-store'}).then(function(r){if(r.ok)location.reload()},function(){})}addEventListener('online',tryPage);setInterval(function(){if(navigator.onLine)tryPage()},5000)`;

const dictionary = (lang: Lang) => (lang === 'ar' ? ar : en);

for (const lang of ['en', 'ar'] as const) {
  const body = JSON.stringify(appManifest(lang, dictionary(lang)));
  appFiles.get(manifestPath(lang), (c) =>
    c.body(body, 200, {
      'content-type': 'application/manifest+json; charset=utf-8',
      // Browsers check an installed app's manifest for changes now and then; an hour is plenty.
      'cache-control': 'public, max-age=3600',
    }),
  );
  appFiles.get(localizePath('/offline', lang), (c) => c.html(offlinePage(lang, c.var.nonce)));
}

appFiles.get(SERVICE_WORKER_PATH, (c) =>
  c.body(serviceWorkerSource, 200, {
    'content-type': 'text/javascript; charset=utf-8',
    // Always checked with the server: a new build's worker must reach browsers at their next visit.
    'cache-control': 'no-cache',
    'service-worker-allowed': '/',
  }),
);

// The shell's colours and header bar, in logical properties; no web font (it may not be cached).
const STYLE = `*{box-sizing:border-box}body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Tahoma,sans-serif;background:${APP_BACKGROUND_COLOR};color:#17302b;min-block-size:100vh;display:flex;flex-direction:column}.bar{background:${APP_THEME_COLOR};color:#fff;padding-block:.75rem;padding-inline:1rem}.brand{display:inline-flex;align-items:center;gap:.5rem;color:#fff;font-weight:700;text-decoration:none}main{flex:1;display:grid;place-items:center;padding:1.5rem}.card{max-inline-size:28rem;text-align:center;background:#fff;border-radius:1rem;padding-block:2rem;padding-inline:1.5rem;box-shadow:0 1px 3px rgb(0 0 0/.08)}h1{font-size:1.4rem;margin-block:1rem .5rem}p{margin-block:.5rem}.muted{color:#4a615c;font-size:.9rem}.button{display:inline-block;margin-block-start:1rem;background:${APP_THEME_COLOR};color:#fff;border-radius:.5rem;padding-block:.7rem;padding-inline:1.5rem;font-weight:600;text-decoration:none}.button:focus-visible{outline:3px solid #f2b705;outline-offset:2px}`;

const MARK = `<svg width="28" height="28" viewBox="0 0 32 32" aria-hidden="true"><rect width="32" height="32" rx="9" fill="#fff"/><path d="M10 17.5 14.5 22 23 11" stroke="${APP_THEME_COLOR}" stroke-width="3" fill="none" stroke-linecap="round" stroke-linejoin="round"/></svg>`;
// A cloud with a line through it.
const OFFLINE_ICON = `<svg width="72" height="72" viewBox="0 0 24 24" aria-hidden="true" fill="none" stroke="${APP_THEME_COLOR}" stroke-width="1.6" stroke-linecap="round" stroke-linejoin="round"><path d="M7 18h10a4 4 0 0 0 .6-7.95A6 6 0 0 0 6.2 9.1 4.5 4.5 0 0 0 7 18z"/><path d="M3 3l18 18"/></svg>`;

/**
 * The offline page: served at /offline and /ar/offline, and by the service worker in place of any page
 * of that language that cannot be fetched. It stands alone (its own small style, no script file) and its
 * "Try again" link reloads the address the shopper asked for, since the service worker serves it there.
 */
function offlinePage(lang: Lang, nonce: string): string {
  const t = dictionary(lang);
  return htmlText(
    html`<!DOCTYPE html><html lang="${lang}" dir="${dirOf(lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover"><meta name="robots" content="noindex"><meta name="theme-color" content="${APP_THEME_COLOR}"><link rel="icon" href="/favicon.svg" type="image/svg+xml"><link rel="manifest" href="${manifestPath(lang)}"><title>${t.offline_title} | ${t.brand_name}</title><style nonce="${nonce}">${raw(STYLE)}</style></head><body><header class="bar"><a class="brand" href="${localizePath('/', lang)}">${raw(MARK)}<span>${t.brand_name}</span></a></header><main><div class="card" data-testid="offline-page">${raw(OFFLINE_ICON)}<h1>${t.offline_title}</h1><p>${t.app_offline_body}</p><p class="muted">${t.app_offline_auto}</p><a class="button" href="">${t.try_again}</a></div></main><script nonce="${nonce}">${raw(BACK_ONLINE)}</script></body></html>`,
  );
}
