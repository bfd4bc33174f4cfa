// A plain bilingual error page for when React itself cannot render: no stack traces, no scripts.
import { dirOf, type Lang } from '../../shared/locale';
import { ar } from '../../shared/i18n/ar';
import { en } from '../../shared/i18n/en';

export function fallbackPage(lang: Lang, status: number, nonce: string): string {
  const dict = lang === 'ar' ? ar : en;
  const other = lang === 'ar' ? en : ar;
  const title = status === 503 ? dict.upstream_unavailable : dict.server_error_title;
  const home = lang === 'ar' ? '/ar' : '/';
  return `<!DOCTYPE html><html lang="${lang}" dir="${dirOf(lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><link rel="icon" href="/favicon.svg" type="image/svg+xml"><title>${title} | ${dict.brand_name}</title><style nonce="${nonce}">body{font:16px/1.5 system-ui,sans-serif;margin:0;display:grid;place-items:center;min-height:100vh;background:#f6f8f7;color:#17302b}main{max-width:32rem;padding:2rem;text-align:center}a{color:#0d6b5e}</style></head><body><main><h1>${title}</h1><p>${dict.server_error_body}</p><p lang="${lang === 'ar' ? 'en' : 'ar'}" dir="${dirOf(lang === 'ar' ? 'en' : 'ar')}">${other.server_error_title}. ${other.server_error_body}</p><p><a href="${home}">${dict.back_home}</a></p></main></body></html>`;
}
