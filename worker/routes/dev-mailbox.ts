// Local mode: /dev/mailbox lists the mail the shop "sent" (the API's outbox), so a tester can follow a
// password-reset link and see a mail's HTML part (a Saudi order's tax invoice with its QR code) as a
// mail client would. Not served in production.
import { HOME_COUNTRY } from '#shared/countries';
import { Hono } from 'hono';
import { createTranslator } from '#shared/i18n';
import { ar } from '#shared/i18n/ar';
import { en } from '#shared/i18n/en';
import { dirOf } from '#shared/locale';
import type { AppEnv } from '../app-env';
import { callUpstream } from '../upstream';
import { html, htmlText, raw } from '../lib/html';

interface OutboxItem {
  id: number;
  to_address: string;
  subject: string;
  body_text: string;
  body_html?: string | null;
  created_at: number;
}

/**
 * A mail's HTML part, shown as a mail client would: in an iframe whose sandbox allows nothing (no
 * scripts, no forms, an opaque origin) and whose srcdoc document inherits this page's CSP. That CSP
 * blocks inline style attributes, so they are removed and the few rules the invoice table and QR
 * code need come in a <style> carrying this response's nonce.
 */
function htmlPart(mail: string, nonce: string, title: string) {
  const style = htmlText(html`<style nonce="${nonce}">${raw(PART_STYLE)}</style>`);
  // The inline style attributes would each be a CSP violation (and a report): drop them, the nonce'd
  // rules above give the invoice and QR cells their look.
  mail = mail.replace(/\sstyle="[^"]*"/gi, '');
  const doc = /<head>/i.test(mail)
    ? mail.replace(/<head>/i, `<head>${style}`)
    : mail.replace(/<body([^>]*)>/i, `<head>${style}</head><body$1>`);
  // srcdoc is an attribute: the whole document goes in escaped, as text the frame parses on its own.
  return html`<iframe class="html-part" sandbox="" title="${title}" srcdoc="${doc}"></iframe>`;
}

const PART_STYLE =
  'body{font:15px/1.5 system-ui,sans-serif;margin:.5rem;color:#17302b;overflow-wrap:anywhere}pre{white-space:pre-wrap;font:inherit}th{text-align:start;padding:2px 8px}td{padding:2px 8px}table[data-qr]{border-collapse:collapse;margin-block:1rem}table[data-qr] td{width:4px;height:4px;padding:0}';
const PAGE_STYLE =
  'body{font:16px/1.5 system-ui,sans-serif;margin:0 auto;max-width:48rem;padding:1.5rem;color:#17302b}article{border:1px solid #d5e0dd;border-radius:12px;padding:1rem;margin-block:1rem}article{min-width:0;overflow-wrap:anywhere}pre{white-space:pre-wrap;overflow-wrap:anywhere;word-break:break-word;font:inherit;margin:0}a{overflow-wrap:anywhere;word-break:break-all}.html-part{display:block;width:100%;height:75rem;border:1px solid #d5e0dd;border-radius:8px;background:#fff}summary{cursor:pointer;margin-block:.75rem}.meta{color:#4a5f5a;font-size:.9rem}a{color:#0d6b5e}';

/** A text part with its links made clickable; everything else stays text. */
const linkify = (text: string) =>
  text.split(/(https?:\/\/[^\s<"]+)/g).map((part, i) => (i % 2 ? html`<a href="${part}">${part}</a>` : part));

// Built by a pure call, so a production build (which never routes it) drops it from the bundle.
export const devMailbox = /* @__PURE__ */ (() =>
  new Hono<AppEnv>().get('/dev/mailbox', async (c) => {
    if (c.var.config.ENVIRONMENT === 'production') return c.notFound();
    const lang = c.req.query('lang') === 'ar' ? 'ar' : 'en';
    const { t } = createTranslator(lang, lang === 'ar' ? ar : en);
    // `?to=` shows one inbox's mail only.
    const to = c.req.query('to');
    const res = await callUpstream(c.env, c.var.config, {
      method: 'GET',
      path: to ? `/dev/outbox?to=${encodeURIComponent(to)}` : '/dev/outbox',
      deviceToken: null,
      userToken: null,
      lang,
      country: HOME_COUNTRY,
    });
    const items = res.ok ? ((await res.json()) as { data: { items: OutboxItem[] } }).data.items : [];
    const list = items.length
      ? items.map(
          (m) =>
            html`<article><h2>${m.subject}</h2><p class="meta">${t('mailbox_to')}: ${m.to_address} · <time>${new Date(m.created_at).toISOString()}</time></p>${
              m.body_html
                ? html`${htmlPart(m.body_html, c.var.nonce, `${t('mailbox_html_part')}: ${m.subject}`)}<details open><summary>${t('mailbox_text_part')}</summary><pre>${linkify(m.body_text)}</pre></details>`
                : html`<pre>${linkify(m.body_text)}</pre>`
            }</article>`,
        )
      : html`<p>${t('mailbox_empty')}</p>`;
    const nonce = c.var.nonce;
    return c.html(
      html`<!DOCTYPE html><html lang="${lang}" dir="${dirOf(lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><link rel="icon" href="/favicon.svg" type="image/svg+xml"><title>${t('mailbox_title')}</title><style nonce="${nonce}">${raw(PAGE_STYLE)}</style></head><body><h1>${t('mailbox_title')}</h1><p>${t('mailbox_note')}</p>${list}</body></html>`,
    );
  }))();
