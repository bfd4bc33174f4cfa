// A plain bilingual error page for when React itself cannot render: no stack traces, no scripts.
import { dirOf, localizePath, type Lang } from '#shared/locale';
import { ar } from '#shared/i18n/ar';
import { en } from '#shared/i18n/en';
import { html, htmlText, raw } from '../lib/html';

const STYLE =
  'body{font:16px/1.5 system-ui,sans-serif;margin:0;display:grid;place-items:center;min-height:100vh;background:#f6f8f7;color:#17302b}main{max-width:32rem;padding:2rem;text-align:center}a{color:#0d6b5e}';

/**
 * The page for `status` (400 a link that cannot be followed, 404, 503, else 500), in `lang` with a line
 * in the other language. `back`: where the page leads instead of the home page (a path of this shop).
 */
export function fallbackPage(
  lang: Lang,
  status: number,
  nonce: string,
  back?: { href: string; label: (d: typeof en | typeof ar) => string },
): string {
  const dict = lang === 'ar' ? ar : en;
  const otherLang: Lang = lang === 'ar' ? 'en' : 'ar';
  const other = lang === 'ar' ? en : ar;
  // 400: a link that cannot be followed (a redirect target with CR, LF or NUL); nothing to retry.
  const title = (d: typeof dict) =>
    status === 503
      ? d.upstream_unavailable
      : status === 400
        ? d.bad_request
        : status === 404
          ? d.not_found_title
          : d.server_error_title;
  const body = (d: typeof dict) =>
    status === 400 ? d.bad_link_body : status === 404 ? d.not_found_body : d.server_error_body;
  const otherTitle = status === 400 || status === 404 ? title(other) : `${other.server_error_title}.`;
  const link = back
    ? html`<a href="${back.href}">${back.label(dict)}</a>`
    : html`<a href="${localizePath('/', lang)}">${dict.back_home}</a>`;
  return htmlText(
    html`<!DOCTYPE html><html lang="${lang}" dir="${dirOf(lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><link rel="icon" href="/favicon.svg" type="image/svg+xml"><title>${title(dict)} | ${dict.brand_name}</title><style nonce="${nonce}">${raw(STYLE)}</style></head><body><main><h1>${title(dict)}</h1><p>${body(dict)}</p><p lang="${otherLang}" dir="${dirOf(otherLang)}">${otherTitle} ${body(other)}</p><p>${link}</p></main></body></html>`,
  );
}
