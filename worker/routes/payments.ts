// Payments on the storefront's side:
//  - POST /payments/webhook/{provider}: the gateway's server-to-server call, relayed as it came (raw
//    body and signature header) to the API, which checks the signature and applies the outcome once.
//  - /payments/sandbox/{id} (local mode only): the built-in "hosted payment page" where a tester
//    chooses success, failure or cancel; then the browser returns where the real gateway would send it.
import { countryOfCurrency, HOME_COUNTRY } from '#shared/countries';
import { Hono, type Context } from 'hono';
import { createTranslator } from '#shared/i18n';
import { ar } from '#shared/i18n/ar';
import { en } from '#shared/i18n/en';
import { dirOf, splitLocalePath, type CurrencyCode } from '#shared/locale';
import { formatMinor } from '#shared/money';
import type { AppEnv } from '../app-env';
import { limitBody } from '../middleware/body-limit';
import { sameSiteOnly } from '../middleware/same-site';
import { callUpstream } from '../upstream';
import { html, raw } from '../lib/html';
import { safeRedirect } from '../lib/safe-redirect';
import { log } from '../lib/log';
import { fallbackPage } from '../render/fallback';
import { readSession } from '../lib/session';
import { sameOriginPath } from '#shared/safe-path';
import { fail } from '#shared/api/envelope';
import { isPayLater } from '#shared/payments/gateway-methods';
import { normalizeDigits } from '#shared/text/digits';
import { WEBHOOK_PROVIDER_PATTERN, WEBHOOK_SIGNATURE_HEADERS } from '#shared/api/payment-webhooks';

const SIGNATURE_HEADERS = Object.values(WEBHOOK_SIGNATURE_HEADERS);

export const payments = new Hono<AppEnv>();

/** A gateway's webhook is one charge's JSON; the sandbox page's form is one field. */
const WEBHOOK_MAX_BYTES = 64 * 1024;
const SANDBOX_FORM_MAX_BYTES = 1024;

payments.post(`/payments/webhook/:provider{${WEBHOOK_PROVIDER_PATTERN}}`, limitBody(WEBHOOK_MAX_BYTES), async (c) => {
  const body = await c.req.text();
  const passHeaders: Record<string, string> = {};
  for (const name of SIGNATURE_HEADERS) {
    const value = c.req.header(name);
    if (value) passHeaders[name] = value;
  }
  const res = await callUpstream(c.env, c.var.config, {
    method: 'POST',
    path: `/payments/webhook/${c.req.param('provider')}`,
    body,
    deviceToken: null,
    userToken: null,
    lang: 'en',
    country: HOME_COUNTRY,
    passHeaders,
  });
  return new Response(res.body, { status: res.status, headers: { 'content-type': 'application/json' } });
});

interface SandboxPayment {
  id: string;
  amount: number;
  currency: string;
  method: string;
  status: string;
  return_path: string;
  payer_phone: string | null;
  /** 1: the charge keeps the card (a subscription's first payment). */
  save_card?: number;
}

payments.use('/payments/sandbox/*', async (c, next) => {
  if (c.var.config.ENVIRONMENT === 'production') return c.notFound();
  await next();
});
payments.use('/payments/sandbox/*', sameSiteOnly());

/** The sandbox API answers only the session (device or signed-in shopper) that created the payment. */
function sandboxCall(c: Context<AppEnv>, id: string, method: 'GET' | 'POST', body?: string) {
  const session = readSession(c, 'en');
  const path = `/dev/payments/${id}`;
  return callUpstream(c.env, c.var.config, {
    method,
    path,
    body,
    deviceToken: session.deviceToken,
    userToken: session.userToken,
    lang: 'en',
    country: session.country,
  });
}

const SANDBOX_STYLE =
  'body{font:16px/1.5 system-ui,sans-serif;margin:0 auto;max-width:32rem;padding:1.5rem;color:#17302b}.card{border:1px solid #d5e0dd;border-radius:12px;padding:1.25rem}dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem}dd{margin:0;font-weight:700}form{display:grid;gap:.75rem;margin-block-start:1rem}label{display:grid;gap:.25rem}input{font:inherit;padding:.6rem;border:1px solid #5d6f6b;border-radius:8px}button{font:inherit;font-weight:700;min-block-size:48px;border-radius:999px;border:2px solid #0d6b5e;cursor:pointer}.ok{background:#0d6b5e;color:#fff}.no{background:#fff;color:#b42318;border-color:#b42318}.later{background:#fff;color:#0d6b5e}.error{color:#b42318;font-weight:700}';

/** A code as the tester typed it: six digits, Arabic-Indic ones too. */
const SANDBOX_OTP = /^\d{6}$/;

/**
 * The sandbox's "hosted payment page", as the provider of the method shows it: a card gateway's
 * outcome, a pay-later provider's approval, STC Pay's code sent to the account's phone (any six digits
 * pass, as in Tap's test mode; letting it expire fails the payment).
 */
function sandboxPage(c: Context<AppEnv>, p: SandboxPayment, otpError = false) {
  // The page speaks the language of the page the shopper came from (and returns to).
  const lang = splitLocalePath(p.return_path).lang;
  const { t } = createTranslator(lang, lang === 'ar' ? ar : en);
  const amount = formatMinor(p.amount, p.currency as CurrencyCode, lang, countryOfCurrency(p.currency) ?? HOME_COUNTRY);
  const nonce = c.var.nonce;
  const button = (outcome: string, label: string, cls: string) =>
    html`<button type="submit" name="outcome" value="${outcome}" class="${cls}">${label}</button>`;
  const done = p.status !== 'initiated';
  // The way back travels with the choice: should the API fail to record it, the shopper still lands
  // on her order (whose open charge the API's reconciliation settles), never on a bare 404.
  const backField = html`<input type="hidden" name="back" value="${sameOriginPath(p.return_path) ?? '/'}">`;
  const choices =
    p.method === 'stc_pay'
      ? html`<form method="post">${backField}<label>${t('sandbox_otp_label', { phone: `\u2066${p.payer_phone ?? ''}\u2069` })}<input name="otp" inputmode="numeric" autocomplete="one-time-code" maxlength="6" aria-describedby="otp-error"></label>${otpError ? html`<p id="otp-error" class="error" role="alert">${t('sandbox_otp_wrong')}</p>` : ''}${button('succeeded', t('sandbox_otp_pay'), 'ok')}${button('failed', t('sandbox_otp_expire'), 'no')}${button('cancelled', t('sandbox_cancel'), 'later')}</form>`
      : isPayLater(p.method)
        ? html`<form method="post">${backField}${button('succeeded', t('sandbox_approve'), 'ok')}${button('failed', t('sandbox_decline'), 'no')}${button('cancelled', t('sandbox_abandon'), 'later')}</form>`
        : html`<form method="post">${backField}${button('succeeded', t('sandbox_success'), 'ok')}${
            // A charge that keeps the card (subscribe and save): the tester may make it decline later.
            p.save_card ? button('succeeded_declines', t('sandbox_success_declines_later'), 'later') : ''
          }${button('failed', t('sandbox_fail'), 'no')}${button('cancelled', t('sandbox_cancel'), 'later')}</form>`;
  return c.html(
    html`<!DOCTYPE html><html lang="${lang}" dir="${dirOf(lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><link rel="icon" href="/favicon.svg" type="image/svg+xml"><title>${t('sandbox_title')}</title><style nonce="${nonce}">${raw(SANDBOX_STYLE)}</style></head><body><main class="card"><h1>${t('sandbox_title')}</h1><p>${t('sandbox_note')}</p><dl><dt>${t('sandbox_amount')}</dt><dd><bdi>${amount}</bdi></dd><dt>${t('sandbox_method')}</dt><dd>${t(`card_${p.method}` as 'card_knet')}</dd></dl>${
      done ? html`<p><a href="${sameOriginPath(p.return_path) ?? '/'}">${t('success_continue')}</a></p>` : choices
    }</main></body></html>`,
    otpError ? 422 : 200,
  );
}

/** The payment as the API shows it to this session, or the status it answered instead. */
async function sandboxPayment(c: Context<AppEnv>): Promise<SandboxPayment | { failed: number }> {
  const res = await sandboxCall(c, c.req.param('id')!, 'GET');
  if (!res.ok) {
    await res.body?.cancel();
    return { failed: res.status };
  }
  return ((await res.json()) as { data: SandboxPayment }).data;
}

/**
 * A page of this shop for a sandbox call the API did not answer with the payment: 404 (not this
 * session's, or none) or 503 (the API busy for a moment, to be tried again), never Hono's bare text.
 * `back`: the order the shopper came from, when the page knows it.
 */
function sandboxFailure(c: Context<AppEnv>, status: number, back?: string | null) {
  const lang = back ? splitLocalePath(back.split('?')[0]!).lang : 'en';
  const shown = status === 404 ? 404 : 503;
  const page = fallbackPage(
    lang,
    shown,
    c.var.nonce ?? '',
    back ? { href: back, label: (d) => d.sandbox_back_to_order } : undefined,
  );
  return c.html(page, shown, shown === 503 ? { 'retry-after': '2' } : {});
}

payments.get('/payments/sandbox/:id{pay[0-9]{0,4}_[0-9a-f]{24}}', async (c) => {
  const p = await sandboxPayment(c);
  return 'failed' in p ? sandboxFailure(c, p.failed) : sandboxPage(c, p);
});

payments.post('/payments/sandbox/:id{pay[0-9]{0,4}_[0-9a-f]{24}}', limitBody(SANDBOX_FORM_MAX_BYTES), async (c) => {
  // The page's own form posts urlencoded; anything else (multipart, JSON) is refused, never parsed.
  if (!/^application\/x-www-form-urlencoded\s*(;|$)/i.test(c.req.header('content-type') ?? '')) {
    return c.json(fail('unsupported_media_type', 415), 415);
  }
  const text = await c.req.text();
  const chosen = new URLSearchParams(text).get('outcome') ?? '';
  const back = sameOriginPath(new URLSearchParams(text).get('back'));
  if (!['succeeded', 'succeeded_declines', 'failed', 'cancelled'].includes(chosen))
    return c.json(fail('bad_request', 400), 400);
  const outcome = chosen === 'succeeded_declines' ? 'succeeded' : chosen;
  if (outcome === 'succeeded') {
    // STC Pay is paid only with the code its account received: a wrong one shows the page again.
    const p = await sandboxPayment(c);
    if ('failed' in p) return leaveAfterFailure(c, p.failed, back);
    const otp = normalizeDigits(new URLSearchParams(text).get('otp') ?? '').trim();
    if (p.method === 'stc_pay' && p.status === 'initiated' && !SANDBOX_OTP.test(otp)) return sandboxPage(c, p, true);
  }
  const res = await sandboxCall(
    c,
    c.req.param('id'),
    'POST',
    JSON.stringify({ outcome, ...(chosen === 'succeeded_declines' ? { card_declines: true } : {}) }),
  );
  if (!res.ok) {
    await res.body?.cancel();
    return leaveAfterFailure(c, res.status, back);
  }
  const { return_path } = ((await res.json()) as { data: { return_path: string } }).data;
  // Only a path of this site: the API stored it, but a redirect never leaves the shop.
  return safeRedirect(c, return_path);
});

/**
 * The shopper's choice was not recorded. A payment the API does not show this session (404): a page
 * that says so, leading to her order. Anything else (the API busy, 503): back to the order, which
 * shows the payment still open with Pay now and Cancel; the API's reconciliation settles a charge
 * left open (api/src/payments/sweep.ts).
 */
function leaveAfterFailure(c: Context<AppEnv>, status: number, back: string | null) {
  log.warn('sandbox choice not recorded', { status });
  if (status === 404) return sandboxFailure(c, 404, back);
  return safeRedirect(c, back);
}
