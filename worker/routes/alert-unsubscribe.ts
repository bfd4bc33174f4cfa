// RFC 8058 one-click unsubscribe for alert mails: a mail client's own "Unsubscribe" button
// POSTs `List-Unsubscribe=One-Click` to the List-Unsubscribe address, which is the storefront's
// /alerts/unsubscribe?token=… page. That POST comes from the mail provider's servers, with no cookie,
// no device and a form body, so the /api proxy (same-site JSON only) would refuse it: this route relays
// just the signed token to the API. A GET of the same address stays the page with its button (mail
// scanners follow links; only a POST unsubscribes).
import { HOME_COUNTRY } from '#shared/countries';
import { Hono } from 'hono';
import type { AppEnv } from '../app-env';
import { limitBody } from '../middleware/body-limit';
import { callUpstream } from '../upstream';

export const alertUnsubscribe = new Hono<AppEnv>();

/** The form body is the one field `List-Unsubscribe=One-Click`. */
const ONE_CLICK_MAX_BYTES = 256;

for (const path of ['/alerts/unsubscribe', '/ar/alerts/unsubscribe'])
  alertUnsubscribe.post(path, limitBody(ONE_CLICK_MAX_BYTES), async (c) => {
    const token = c.req.query('token') ?? '';
    const res = await callUpstream(c.env, c.var.config, {
      method: 'POST',
      path: '/alerts/unsubscribe',
      body: JSON.stringify({ token }),
      deviceToken: null,
      userToken: null,
      lang: path.startsWith('/ar/') ? 'ar' : 'en',
      country: HOME_COUNTRY,
      requestId: c.get('requestId'),
    });
    // The mail client only needs the status; the body is the API's envelope (its message key).
    return new Response(res.body, {
      status: res.status,
      headers: { 'content-type': 'application/json; charset=utf-8' },
    });
  });
