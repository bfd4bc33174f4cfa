// Local mode: /dev/e-invoices lists the Saudi e-invoices the local ZATCA stand-in received (the API's
// zatca_stand_in_documents, issue 75): each one's kind, unit, counter and UUID, ZATCA's status and
// messages as the stand-in answered them, and its XML to download. Not served in production.
import { HOME_COUNTRY } from '#shared/countries';
import { countriesInvoicing } from '#shared/countries/rules';
import { type Context, Hono } from 'hono';
import { createTranslator } from '#shared/i18n';
import { ar } from '#shared/i18n/ar';
import { en } from '#shared/i18n/en';
import { dirOf } from '#shared/locale';
import type { AppEnv } from '../app-env';
import { callUpstream } from '../upstream';
import { html, raw } from '../lib/html';

interface EInvoiceItem {
  id: number;
  kind: 'reporting' | 'compliance';
  unit: string;
  uuid: string;
  icv: number | null;
  status: 'PASS' | 'WARNING' | 'ERROR';
  messages: Array<{ code: string; message: string; type: string }>;
  received_at: number;
}

const PAGE_STYLE =
  'body{font:16px/1.5 system-ui,sans-serif;margin:0 auto;max-width:56rem;padding:1.5rem;color:#17302b}article{border:1px solid #d5e0dd;border-radius:12px;padding:1rem;margin-block:1rem;overflow-wrap:anywhere}h2{margin-block:0 .25rem;font-size:1.1rem}p,ul{margin-block:.25rem}.meta{color:#4a5f5a;font-size:.9rem}a{color:#0d6b5e}bdi{unicode-bidi:isolate}[data-status=ERROR] h2{color:#a4262c}';

/** The upstream call names the country whose e-invoices these are (the one invoicing by ZATCA). */
const E_INVOICE_COUNTRY = countriesInvoicing('zatca')[0] ?? HOME_COUNTRY;

const upstream = (c: Context<AppEnv>, path: string, lang: 'en' | 'ar') =>
  callUpstream(c.env, c.var.config, {
    method: 'GET',
    path,
    deviceToken: null,
    userToken: null,
    lang,
    country: E_INVOICE_COUNTRY,
  });

// Built by a pure call, so a production build (which never routes it) drops it from the bundle.
export const devEInvoices = /* @__PURE__ */ (() =>
  new Hono<AppEnv>()
    .get('/dev/e-invoices', async (c) => {
      if (c.var.config.ENVIRONMENT === 'production') return c.notFound();
      const lang = c.req.query('lang') === 'ar' ? 'ar' : 'en';
      const { t } = createTranslator(lang, lang === 'ar' ? ar : en);
      const res = await upstream(c, '/dev/e-invoices', lang);
      const items = res.ok ? ((await res.json()) as { data: { items: EInvoiceItem[] } }).data.items : [];
      const list = items.length
        ? items.map(
            (d) =>
              html`<article data-status="${d.status}"><h2>${t(`einvoices_kind_${d.kind}`)} · ${t(`einvoices_status_${d.status}`)}</h2><p class="meta"><bdi>${d.unit}</bdi> · ${t('einvoices_counter')} ${d.icv ?? '?'} · <bdi dir="ltr">${d.uuid}</bdi> · <time dir="ltr">${new Date(d.received_at).toISOString()}</time></p>${d.messages.length ? html`<ul dir="ltr">${d.messages.map((m) => html`<li><code>${m.code}</code> ${m.message}</li>`)}</ul>` : ''}<p><a href="/dev/e-invoices/${d.id}/xml" download>${t('einvoices_download')}</a></p></article>`,
          )
        : html`<p>${t('einvoices_empty')}</p>`;
      const nonce = c.var.nonce;
      return c.html(
        html`<!DOCTYPE html><html lang="${lang}" dir="${dirOf(lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><link rel="icon" href="/favicon.svg" type="image/svg+xml"><title>${t('einvoices_title')}</title><style nonce="${nonce}">${raw(PAGE_STYLE)}</style></head><body><h1>${t('einvoices_title')}</h1><p>${t('einvoices_note')}</p>${list}</body></html>`,
      );
    })
    .get('/dev/e-invoices/:id{[0-9]+}/xml', async (c) => {
      if (c.var.config.ENVIRONMENT === 'production') return c.notFound();
      const res = await upstream(c, `/dev/e-invoices/${c.req.param('id')}/xml`, 'en');
      if (!res.ok) return c.notFound();
      return new Response(res.body, {
        status: 200,
        headers: {
          'content-type': res.headers.get('content-type') ?? 'application/xml; charset=utf-8',
          'content-disposition': res.headers.get('content-disposition') ?? 'attachment',
        },
      });
    }))();
