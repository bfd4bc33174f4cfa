// Local mode: /dev/messages lists the texts the shop "sent" to phones (the API's message_outbox): the
// sign-in codes and WhatsApp updates, by channel, number and template, in the language they were sent
// in, as /dev/mailbox lists mail. Not served in production.
import { HOME_COUNTRY } from '#shared/countries';
import { Hono } from 'hono';
import { createTranslator } from '#shared/i18n';
import { ar } from '#shared/i18n/ar';
import { en } from '#shared/i18n/en';
import { dirOf } from '#shared/locale';
import type { AppEnv } from '../app-env';
import { callUpstream } from '../upstream';
import { html, raw } from '../lib/html';

interface MessageItem {
  id: number;
  channel: 'sms' | 'whatsapp';
  to_phone: string;
  lang: string;
  kind: string;
  template: string | null;
  body_text: string;
  created_at: number;
}

const PAGE_STYLE =
  'body{font:16px/1.5 system-ui,sans-serif;margin:0 auto;max-width:48rem;padding:1.5rem;color:#17302b}article{border:1px solid #d5e0dd;border-radius:12px;padding:1rem;margin-block:1rem;overflow-wrap:anywhere}h2{margin-block:0 .25rem;font-size:1.1rem}p{margin-block:.25rem}.meta{color:#4a5f5a;font-size:.9rem}bdi{unicode-bidi:isolate}';

// Built by a pure call, so a production build (which never routes it) drops it from the bundle.
export const devMessages = /* @__PURE__ */ (() =>
  new Hono<AppEnv>().get('/dev/messages', async (c) => {
    if (c.var.config.ENVIRONMENT === 'production') return c.notFound();
    const lang = c.req.query('lang') === 'ar' ? 'ar' : 'en';
    const { t } = createTranslator(lang, lang === 'ar' ? ar : en);
    const res = await callUpstream(c.env, c.var.config, {
      method: 'GET',
      path: '/dev/message-outbox',
      deviceToken: null,
      userToken: null,
      lang,
      country: HOME_COUNTRY,
    });
    const items = res.ok ? ((await res.json()) as { data: { items: MessageItem[] } }).data.items : [];
    const list = items.length
      ? items.map(
          (m) =>
            html`<article data-channel="${m.channel}"><h2>${t(`messages_channel_${m.channel}`)} · <bdi dir="ltr">${m.to_phone}</bdi></h2><p lang="${m.lang}" dir="${dirOf(m.lang === 'ar' ? 'ar' : 'en')}" data-testid="message-text">${m.body_text}</p><p class="meta">${m.kind}${m.template ? ` · ${t('messages_template')}: ${m.template}` : ''} · <time>${new Date(m.created_at).toISOString()}</time></p></article>`,
        )
      : html`<p>${t('messages_empty')}</p>`;
    const nonce = c.var.nonce;
    return c.html(
      html`<!DOCTYPE html><html lang="${lang}" dir="${dirOf(lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><link rel="icon" href="/favicon.svg" type="image/svg+xml"><title>${t('messages_title')}</title><style nonce="${nonce}">${raw(PAGE_STYLE)}</style></head><body><h1>${t('messages_title')}</h1><p>${t('messages_note')}</p>${list}</body></html>`,
    );
  }))();
