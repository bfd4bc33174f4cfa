// Local mode: /dev/pushbox lists the web pushes the shop "sent" (the API's push_outbox), as
// /dev/mailbox lists its mail: a tester sees each push's title, text, link, topic, time and user, in
// the language it was sent in. Not served in production.
import { HOME_COUNTRY } from '#shared/countries';
import { Hono } from 'hono';
import { createTranslator } from '#shared/i18n';
import { ar } from '#shared/i18n/ar';
import { en } from '#shared/i18n/en';
import { dirOf } from '#shared/locale';
import type { AppEnv } from '../app-env';
import { callUpstream } from '../upstream';
import { html, raw } from '../lib/html';

interface PushItem {
  id: number;
  user_id: number | null;
  topic: string;
  lang: string;
  title: string;
  body: string;
  url: string;
  tag: string | null;
  created_at: number;
}

const PAGE_STYLE =
  'body{font:16px/1.5 system-ui,sans-serif;margin:0 auto;max-width:48rem;padding:1.5rem;color:#17302b}article{border:1px solid #d5e0dd;border-radius:12px;padding:1rem;margin-block:1rem;overflow-wrap:anywhere}h2{margin-block:0 .25rem;font-size:1.1rem}p{margin-block:.25rem}.meta{color:#4a5f5a;font-size:.9rem}a{color:#0d6b5e;overflow-wrap:anywhere}';

// Built by a pure call, so a production build (which never routes it) drops it from the bundle.
export const devPushbox = /* @__PURE__ */ (() =>
  new Hono<AppEnv>().get('/dev/pushbox', async (c) => {
    if (c.var.config.ENVIRONMENT === 'production') return c.notFound();
    const lang = c.req.query('lang') === 'ar' ? 'ar' : 'en';
    const { t } = createTranslator(lang, lang === 'ar' ? ar : en);
    const res = await callUpstream(c.env, c.var.config, {
      method: 'GET',
      path: '/dev/push-outbox',
      deviceToken: null,
      userToken: null,
      lang,
      country: HOME_COUNTRY,
    });
    const items = res.ok ? ((await res.json()) as { data: { items: PushItem[] } }).data.items : [];
    const list = items.length
      ? items.map(
          (p) =>
            html`<article lang="${p.lang}" dir="${dirOf(p.lang === 'ar' ? 'ar' : 'en')}"><h2>${p.title}</h2><p>${p.body}</p><p class="meta">${t('pushbox_link')}: <a href="${p.url}">${p.url}</a></p><p class="meta">${t('pushbox_topic')}: ${p.topic}${p.tag ? ` (${p.tag})` : ''} · ${t('pushbox_user')}: ${p.user_id ?? t('pushbox_guest')} · <time>${new Date(p.created_at).toISOString()}</time></p></article>`,
        )
      : html`<p>${t('pushbox_empty')}</p>`;
    const nonce = c.var.nonce;
    return c.html(
      html`<!DOCTYPE html><html lang="${lang}" dir="${dirOf(lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><link rel="icon" href="/favicon.svg" type="image/svg+xml"><title>${t('pushbox_title')}</title><style nonce="${nonce}">${raw(PAGE_STYLE)}</style></head><body><h1>${t('pushbox_title')}</h1><p>${t('pushbox_note')}</p>${list}</body></html>`,
    );
  }))();
