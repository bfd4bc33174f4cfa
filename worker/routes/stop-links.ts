// The stop links of messages, as plain pages of the storefront's own (decision 43): a WhatsApp update's
// (/whatsapp/stop?t=…, decision 43) and a cart reminder mail's (/cart-reminders/stop?t=…, issue 64);
// and, of the same shape, a guest's confirmation of cart reminders (/cart-reminders/confirm?t=…, issue 73).
// The GET shows what the link does and one button; the button's POST relays the signed token to the
// API and says it is done. A GET never stops anything (link checkers and mail scanners follow links).
// They need no session, load no script and add nothing to the app's router.
import { HOME_COUNTRY } from '#shared/countries';
import { Hono, type Context } from 'hono';
import { createTranslator, type MessageId } from '#shared/i18n';
import { ar } from '#shared/i18n/ar';
import { en } from '#shared/i18n/en';
import { dirOf, type Lang } from '#shared/locale';
import type { AppEnv } from '../app-env';
import { html, raw } from '../lib/html';
import { limitBody } from '../middleware/body-limit';
import { callUpstream } from '../upstream';

const STYLE =
  'body{font:16px/1.5 system-ui,sans-serif;margin:0 auto;max-width:32rem;padding:1.5rem;color:#17302b}main{border:1px solid #d5e0dd;border-radius:12px;padding:1.25rem}button{font:inherit;font-weight:700;min-block-size:48px;padding-inline:1.5rem;border-radius:999px;border:2px solid #0d6b5e;background:#0d6b5e;color:#fff;cursor:pointer}a{color:#0d6b5e}';

interface StopLink {
  /** The page's path, unprefixed (the Arabic one is under /ar), and the API's for the POST. */
  path: string;
  api: string;
  token: RegExp;
  title: MessageId;
  invalid: MessageId;
  button: MessageId;
  /** What the link does, and what was done: texts of the token's match (a phone number, nothing). */
  ask: (t: (k: MessageId, p?: Record<string, string>) => string, m: RegExpExecArray) => string;
  done: (t: (k: MessageId, p?: Record<string, string>) => string, m: RegExpExecArray) => string;
}

const phone = (m: RegExpExecArray) => ({ phone: `\u2066+${m[1]}\u2069` });

const LINKS: readonly StopLink[] = [
  {
    path: '/whatsapp/stop',
    api: '/whatsapp/stop',
    token: /^(\d{8,15})\.[0-9a-f]{32}$/,
    title: 'whatsapp_stop_title',
    invalid: 'whatsapp_stop_invalid',
    button: 'whatsapp_stop_button',
    ask: (t, m) => t('whatsapp_stop_body', phone(m)),
    done: (t, m) => t('whatsapp_stopped', phone(m)),
  },
  {
    path: '/cart-reminders/stop',
    api: '/cart-reminders/stop',
    token: /^[A-Za-z0-9_-]{3,400}\.[0-9a-f]{32}$/,
    title: 'page_cart_reminders_stop',
    invalid: 'cart_reminders_stop_invalid',
    button: 'cart_reminders_stop_button',
    ask: (t) => t('cart_reminders_stop_intro'),
    done: (t) => t('cart_reminders_stopped'),
  },
  {
    // Not a stop but the same shape (issue 73): a guest's address says yes to cart reminders, by a button
    // (a mail scanner following the link proves nothing).
    path: '/cart-reminders/confirm',
    api: '/cart-reminders/confirm',
    token: /^[A-Za-z0-9_-]{3,400}\.[0-9a-f]{32}$/,
    title: 'page_cart_reminders_confirm',
    invalid: 'cart_reminders_confirm_invalid',
    button: 'cart_reminders_confirm_button',
    ask: (t) => t('cart_reminders_confirm_intro'),
    done: (t) => t('cart_reminders_confirmed'),
  },
];

function page(c: Context<AppEnv>, lang: Lang, title: string, body: ReturnType<typeof html>, status: 200 | 400 = 200) {
  return c.html(
    html`<!DOCTYPE html><html lang="${lang}" dir="${dirOf(lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><link rel="icon" href="/favicon.svg" type="image/svg+xml"><title>${title}</title><style nonce="${c.var.nonce}">${raw(STYLE)}</style></head><body><main><h1>${title}</h1>${body}</main></body></html>`,
    status,
  );
}

export const stopLinks = new Hono<AppEnv>();

for (const link of LINKS)
  for (const lang of ['en', 'ar'] as const) {
    const path = lang === 'ar' ? `/ar${link.path}` : link.path;
    const { t } = createTranslator(lang, lang === 'ar' ? ar : en);
    const title = t(link.title);
    const refused = (c: Context<AppEnv>) =>
      page(c, lang, title, html`<p role="alert" data-testid="stop-link-invalid">${t(link.invalid)}</p>`, 400);
    stopLinks.get(path, (c) => {
      const m = link.token.exec(c.req.query('t') ?? '');
      if (!m) return refused(c);
      return page(
        c,
        lang,
        title,
        html`<p>${link.ask(t, m)}</p><form method="post"><button type="submit">${t(link.button)}</button></form>`,
      );
    });
    stopLinks.post(path, limitBody(256), async (c) => {
      const token = c.req.query('t') ?? '';
      const m = link.token.exec(token);
      const res = m
        ? await callUpstream(c.env, c.var.config, {
            method: 'POST',
            path: link.api,
            body: JSON.stringify({ token }),
            deviceToken: null,
            userToken: null,
            lang,
            country: HOME_COUNTRY,
          })
        : null;
      if (!m || !res?.ok) return refused(c);
      return page(c, lang, title, html`<p role="status" data-testid="stop-link-done">${link.done(t, m)}</p>`);
    });
  }
