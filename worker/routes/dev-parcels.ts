// Local mode only (never in production): the local carrier's sandbox page, as /payments/sandbox is the
// gateway's. /dev/parcels lists the local carrier's parcels (tracking number, order, status) with a
// button per step a courier reports: picked up, in transit, out for delivery, delivered, failed attempt
// (with a reason), returned to sender. A press is applied at once by the API (routes/dev-parcels.ts),
// so the tester sees the order change on its page without waiting for the cron.
import { HOME_COUNTRY } from '#shared/countries';
import { Hono } from 'hono';
import { createTranslator } from '#shared/i18n';
import { ar } from '#shared/i18n/ar';
import { en } from '#shared/i18n/en';
import { dirOf } from '#shared/locale';
import { fail } from '#shared/api/envelope';
import type { AppEnv } from '../app-env';
import { callUpstream } from '../upstream';
import { html, raw } from '../lib/html';
import { limitBody } from '../middleware/body-limit';
import { sameSiteOnly } from '../middleware/same-site';

interface ParcelItem {
  tracking_number: string;
  status: string;
  order_id: number | null;
  carrier: string | null;
  failed_attempts: number | null;
}

const STEPS = ['picked_up', 'in_transit', 'out_for_delivery', 'delivered', 'failed_attempt', 'returned'] as const;

const PAGE_STYLE =
  'body{font:16px/1.5 system-ui,sans-serif;margin:0 auto;max-width:56rem;padding:1.5rem;color:#17302b}article{border:1px solid #d5e0dd;border-radius:12px;padding:1rem;margin-block:1rem}h2{margin-block:0 .25rem;font-size:1.1rem}form{display:flex;flex-wrap:wrap;gap:.5rem;align-items:end}label{display:grid;gap:.25rem}input{font:inherit;padding:.4rem;border:1px solid #5d6f6b;border-radius:8px}button{font:inherit;min-block-size:44px;padding-inline:1rem;border-radius:999px;border:2px solid #0d6b5e;background:#fff;color:#0d6b5e;cursor:pointer}.meta{color:#4a5f5a}bdi{unicode-bidi:isolate}';

const langOf = (q: string | undefined) => (q === 'ar' ? 'ar' : 'en');

// Built by a pure call, so a production build (which never routes it) drops it from the bundle.
export const devParcels = /* @__PURE__ */ (() => {
  const app = new Hono<AppEnv>();
  app.use('/dev/parcels/*', async (c, next) => {
    if (c.var.config.ENVIRONMENT === 'production') return c.notFound();
    await next();
  });
  app.use('/dev/parcels/*', sameSiteOnly());
  app.get('/dev/parcels', async (c) => {
    if (c.var.config.ENVIRONMENT === 'production') return c.notFound();
    const lang = langOf(c.req.query('lang'));
    const { t } = createTranslator(lang, lang === 'ar' ? ar : en);
    const res = await callUpstream(c.env, c.var.config, {
      method: 'GET',
      path: '/dev/parcels',
      deviceToken: null,
      userToken: null,
      lang,
      country: HOME_COUNTRY,
    });
    const items = res.ok ? ((await res.json()) as { data: { items: ParcelItem[] } }).data.items : [];
    const list = items.length
      ? items.map(
          (p) =>
            html`<article data-tracking="${p.tracking_number}"><h2><bdi dir="ltr">${p.tracking_number}</bdi></h2><p class="meta">${t('parcels_order')}: ${p.order_id ?? '–'} · ${t('parcels_status')}: <span data-testid="parcel-status">${p.status}</span></p><form method="post" action="/dev/parcels/${p.tracking_number}/event?lang=${lang}">${STEPS.map((s) => html`<button type="submit" name="status" value="${s}">${t(`parcels_step_${s}`)}</button>`)}<label>${t('parcels_reason')}<input name="reason" maxlength="200"></label></form></article>`,
        )
      : html`<p>${t('parcels_empty')}</p>`;
    const nonce = c.var.nonce;
    return c.html(
      html`<!DOCTYPE html><html lang="${lang}" dir="${dirOf(lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><link rel="icon" href="/favicon.svg" type="image/svg+xml"><title>${t('parcels_title')}</title><style nonce="${nonce}">${raw(PAGE_STYLE)}</style></head><body><h1>${t('parcels_title')}</h1><p>${t('parcels_note')}</p>${list}</body></html>`,
    );
  });
  app.post('/dev/parcels/:tracking{LC[0-9]{10}}/event', limitBody(1024), async (c) => {
    if (!/^application\/x-www-form-urlencoded\s*(;|$)/i.test(c.req.header('content-type') ?? ''))
      return c.json(fail('unsupported_media_type', 415), 415);
    const form = new URLSearchParams(await c.req.text());
    const status = form.get('status') ?? '';
    if (!(STEPS as readonly string[]).includes(status)) return c.json(fail('bad_request', 400), 400);
    const reason = form.get('reason')?.trim();
    const res = await callUpstream(c.env, c.var.config, {
      method: 'POST',
      path: `/dev/parcels/${c.req.param('tracking')}/event`,
      body: JSON.stringify({ status, ...(reason ? { reason } : {}) }),
      deviceToken: null,
      userToken: null,
      lang: 'en',
      country: HOME_COUNTRY,
    });
    if (!res.ok) return c.body(await res.text(), res.status as 400, { 'content-type': 'application/json' });
    await res.body?.cancel();
    return c.redirect(`/dev/parcels?lang=${langOf(c.req.query('lang'))}`, 303);
  });
  return app;
})();
