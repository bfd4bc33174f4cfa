// Carriers' tracking webhooks (issue 62), relayed by the storefront from POST /carriers/{code}/webhook
// as they came (body and signature headers). The carrier's adapter checks its signature
// (Carrier.readWebhook): a missing or wrong one is 401 and nothing is stored. The events then go
// through the one ingestion (shipping/tracking.ts). Events for parcels we do not know are answered
// 200 all the same, so a carrier does not retry them forever; nothing of them is stored. A signed body
// that is not events (`null`, a `null` event) is 400 bad_request, never a 500 the carrier would retry.
import { Hono } from 'hono';
import { ok } from '#shared/api/envelope';
import { carrierFor } from '../carriers';
import { type CarrierCode, WebhookMalformed, WebhookRejected } from '../carriers/types';
import { ApiError } from '../lib/errors';
import { log } from '../lib/log';
import { contract } from '../contract/validate';
import { applyTrackingEvents } from '../shipping/tracking';
import type { AppEnv } from '../app-env';
import { CARRIER_WEBHOOK_PATTERN, CARRIER_WEBHOOK_CODES } from '#shared/api/carrier-webhooks';
import { z } from '#shared/zod';

export const carrierRoutes = new Hono<AppEnv>().post(
  `/:code{${CARRIER_WEBHOOK_PATTERN}}/webhook`,
  contract({
    tag: 'tracking',
    summary: "A carrier's signed tracking webhook (raw body, checked by the carrier's adapter)",
    params: z.object({ code: z.enum(CARRIER_WEBHOOK_CODES) }),
    badParams: 'not_found',
    noDevice: true,
    response: z.object({
      /** Events stored now (new). */
      recorded: z.int(),
      /** Events already stored (the same key again). */
      duplicates: z.int(),
      /** Events for no parcel of ours (logged, nothing stored). */
      unknown: z.int(),
    }),
    // No live adapter for the code; the carrier's signature missing or wrong; signed but not events.
    messages: ['not_found', 'signature_invalid', 'bad_request'],
  }),
  async (c) => {
    const code = c.req.valid('param').code as CarrierCode;
    let carrier: ReturnType<typeof carrierFor>;
    try {
      carrier = carrierFor(c.env, c.var.config, code);
    } catch {
      throw new ApiError(404, 'not_found'); // no live adapter for it: not a carrier we take events from
    }
    if (!carrier.readWebhook) throw new ApiError(404, 'not_found');
    let events: Awaited<ReturnType<NonNullable<typeof carrier.readWebhook>>>;
    try {
      // The body as it came (the signature check upstream read it once already).
      const raw = new Request(c.req.url, { method: 'POST', headers: c.req.raw.headers, body: await c.req.text() });
      events = await carrier.readWebhook(raw);
    } catch (error) {
      if (error instanceof WebhookRejected) {
        log.warn('carrier webhook refused', { carrier: code, reason: error.message });
        throw new ApiError(401, 'signature_invalid');
      }
      if (error instanceof WebhookMalformed) {
        // Signed but not events (a `null` body or event): a 4xx so the carrier does not send it forever.
        log.warn('carrier webhook malformed', { carrier: code, reason: error.message });
        throw new ApiError(400, 'bad_request');
      }
      throw error;
    }
    const outcome = await applyTrackingEvents(c, code, events);
    return c.json(ok(outcome));
  },
);
