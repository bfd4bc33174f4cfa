// Local mode: /dev/analytics lists the analytics events the shop "sent" (ANALYTICS_MODE=outbox keeps
// what /collect accepted in KV instead of sending it to GA4), as /dev/mailbox lists its mail: each
// beacon's time, browser id and events with their parameters. `?format=json` answers the same as data
// for tests. Not served in production.
import { Hono } from 'hono';
import { ok } from '#shared/api/envelope';
import { createTranslator } from '#shared/i18n';
import { ar } from '#shared/i18n/ar';
import { en } from '#shared/i18n/en';
import { dirOf } from '#shared/locale';
import type { AppEnv } from '../app-env';
import { readOutbox } from '../analytics/outbox';
import { html, raw } from '../lib/html';

const PAGE_STYLE =
  'body{font:16px/1.5 system-ui,sans-serif;margin:0 auto;max-width:48rem;padding:1.5rem;color:#17302b}article{border:1px solid #d5e0dd;border-radius:12px;padding:1rem;margin-block:1rem;overflow-wrap:anywhere}h2{margin-block:0 .25rem;font-size:1.1rem}.meta{color:#4a5f5a;font-size:.9rem;margin-block:.25rem}pre{white-space:pre-wrap;overflow-wrap:anywhere;font:13px/1.4 ui-monospace,monospace;background:#f3f7f6;padding:.5rem;border-radius:8px;margin-block:.25rem}';

// Built by a pure call, so a production build (which never routes it) drops it from the bundle.
export const devAnalytics = /* @__PURE__ */ (() =>
  new Hono<AppEnv>().get('/dev/analytics', async (c) => {
    if (c.var.config.ENVIRONMENT === 'production') return c.notFound();
    const items = await readOutbox(c.env.CACHE);
    if (c.req.query('format') === 'json') return c.json(ok({ items }));
    const lang = c.req.query('lang') === 'ar' ? 'ar' : 'en';
    const { t } = createTranslator(lang, lang === 'ar' ? ar : en);
    const list = items.length
      ? items.map(
          (e) =>
            html`<article><h2><time>${new Date(e.at).toISOString()}</time></h2><p class="meta">${t('analytics_outbox_client')}: <bdi>${e.client_id}</bdi> · ${t('analytics_outbox_events', { count: e.events.length })}</p>${e.events.map(
              (ev) => html`<h3 dir="ltr">${ev.name}</h3><pre dir="ltr">${JSON.stringify(ev.params, null, 2)}</pre>`,
            )}</article>`,
        )
      : html`<p>${t('analytics_outbox_empty')}</p>`;
    const nonce = c.var.nonce;
    return c.html(
      html`<!DOCTYPE html><html lang="${lang}" dir="${dirOf(lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><link rel="icon" href="/favicon.svg" type="image/svg+xml"><title>${t('analytics_outbox_title')}</title><style nonce="${nonce}">${raw(PAGE_STYLE)}</style></head><body><h1>${t('analytics_outbox_title')}</h1><p>${t('analytics_outbox_note')}</p>${list}</body></html>`,
    );
  }))();
