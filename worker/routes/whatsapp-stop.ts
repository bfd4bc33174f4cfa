// The stop link of a WhatsApp update (decision 43): /whatsapp/stop?t=… shows what it does and one
// button; the button's POST relays the signed token to the API and says it is done. A GET never stops
// anything (link checkers follow links). The page is the storefront's own plain HTML, like the
// sandbox's, so it needs no session and loads nothing else.
import { Hono, type Context } from 'hono';
import { createTranslator } from '#shared/i18n';
import { ar } from '#shared/i18n/ar';
import { en } from '#shared/i18n/en';
import { dirOf, type Lang } from '#shared/locale';
import type { AppEnv } from '../app-env';
import { html, raw } from '../lib/html';
import { limitBody } from '../middleware/body-limit';
import { callUpstream } from '../upstream';

export const whatsappStop = new Hono<AppEnv>();

const TOKEN = /^(\d{8,15})\.[0-9a-f]{32}$/;
const STYLE =
  'body{font:16px/1.5 system-ui,sans-serif;margin:0 auto;max-width:32rem;padding:1.5rem;color:#17302b}main{border:1px solid #d5e0dd;border-radius:12px;padding:1.25rem}button{font:inherit;font-weight:700;min-block-size:48px;padding-inline:1.5rem;border-radius:999px;border:2px solid #0d6b5e;background:#0d6b5e;color:#fff;cursor:pointer}a{color:#0d6b5e}';

function page(c: Context<AppEnv>, lang: Lang, body: ReturnType<typeof html>, status: 200 | 400 = 200) {
  const { t } = createTranslator(lang, lang === 'ar' ? ar : en);
  return c.html(
    html`<!DOCTYPE html><html lang="${lang}" dir="${dirOf(lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><link rel="icon" href="/favicon.svg" type="image/svg+xml"><title>${t('whatsapp_stop_title')}</title><style nonce="${c.var.nonce}">${raw(STYLE)}</style></head><body><main><h1>${t('whatsapp_stop_title')}</h1>${body}</main></body></html>`,
    status,
  );
}

for (const lang of ['en', 'ar'] as const) {
  const path = lang === 'ar' ? '/ar/whatsapp/stop' : '/whatsapp/stop';
  const { t } = createTranslator(lang, lang === 'ar' ? ar : en);
  whatsappStop.get(path, (c) => {
    const m = TOKEN.exec(c.req.query('t') ?? '');
    if (!m) return page(c, lang, html`<p role="alert">${t('whatsapp_stop_invalid')}</p>`, 400);
    return page(
      c,
      lang,
      html`<p>${t('whatsapp_stop_body', { phone: `\u2066+${m[1]}\u2069` })}</p><form method="post"><button type="submit">${t('whatsapp_stop_button')}</button></form>`,
    );
  });
  whatsappStop.post(path, limitBody(256), async (c) => {
    const token = c.req.query('t') ?? '';
    const m = TOKEN.exec(token);
    const res = m
      ? await callUpstream(c.env, c.var.config, {
          method: 'POST',
          path: '/whatsapp/stop',
          body: JSON.stringify({ token }),
          deviceToken: null,
          userToken: null,
          lang,
          country: 'KW',
        })
      : null;
    if (!m || !res?.ok) return page(c, lang, html`<p role="alert">${t('whatsapp_stop_invalid')}</p>`, 400);
    return page(c, lang, html`<p role="status">${t('whatsapp_stopped', { phone: `\u2066+${m[1]}\u2069` })}</p>`);
  });
}
