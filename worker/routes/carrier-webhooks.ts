// POST /carriers/{code}/webhook: a carrier's tracking webhook (issue 62), relayed as it came (raw body
// and the signature headers carriers use) to the API, where the carrier's adapter checks it and the
// events are applied once (api/src/routes/carriers.ts), as the gateway's webhook is relayed.
import { HOME_COUNTRY } from '#shared/countries';
import { Hono } from 'hono';
import {
  CARRIER_WEBHOOK_HEADERS,
  CARRIER_WEBHOOK_MAX_BYTES,
  CARRIER_WEBHOOK_PATTERN,
} from '#shared/api/carrier-webhooks';
import type { AppEnv } from '../app-env';
import { limitBody } from '../middleware/body-limit';
import { callUpstream } from '../upstream';

export const carrierWebhooks = new Hono<AppEnv>().post(
  `/carriers/:code{${CARRIER_WEBHOOK_PATTERN}}/webhook`,
  limitBody(CARRIER_WEBHOOK_MAX_BYTES),
  async (c) => {
    const passHeaders: Record<string, string> = {};
    for (const name of CARRIER_WEBHOOK_HEADERS) {
      const value = c.req.header(name);
      if (value) passHeaders[name] = value;
    }
    const res = await callUpstream(c.env, c.var.config, {
      method: 'POST',
      path: `/carriers/${c.req.param('code')}/webhook`,
      body: await c.req.text(),
      deviceToken: null,
      userToken: null,
      lang: 'en',
      country: HOME_COUNTRY,
      passHeaders,
    });
    return new Response(res.body, { status: res.status, headers: { 'content-type': 'application/json' } });
  },
);
