// The first-party analytics endpoint (decision 35; spec §7 "analytics events go to a tracker").
// The browser's tracker posts GA4-shaped events here with navigator.sendBeacon, only after the shopper
// accepted where consent is asked; nothing on the page talks to another host (the CSP forbids it). The
// body must pass the shared allow-list strictly (shared/analytics/collect-schema.ts): one parameter the
// builders would have dropped refuses the whole body with a 400 envelope. Accepted events go to GA4's
// Measurement Protocol, or to the local outbox for /dev/analytics, after the answer.
import { Hono } from 'hono';
import { collectBodySchema } from '#shared/analytics/collect-schema';
import { COLLECT_PATH, consentFromCookies, consentRequired } from '#shared/analytics/consent';
import { fail } from '#shared/api/envelope';
import type { AppEnv } from '../app-env';
import { analyticsMode, publicConfig } from '../config';
import { keepInOutbox } from '../analytics/outbox';
import { sendToGa4 } from '../analytics/ga4';
import { collectLimiter } from '../analytics/collect-limit';
import { log } from '../lib/log';
import { chosenCountry, countryFromLocation } from '../lib/session';
import { limitBody } from '../middleware/body-limit';
import { sameSiteOnly } from '../middleware/same-site';

const MAX_BODY_BYTES = 32 * 1024;
/** A page sends a beacon per few events; a shopper browsing fast stays far below this. */
const COLLECT_PER_ADDRESS = 60;

// Per network (an IPv4 address or an IPv6 /64) a minute, in this isolate's memory (collect-limit.ts).
const limiter = collectLimiter({ perNetwork: COLLECT_PER_ADDRESS, maxNetworks: 10_000, windowMs: 60_000 });

/** sendBeacon sends a string as text/plain and a Blob with its own type; both carry JSON here. */
const BODY_TYPES = /^(application\/json|text\/plain)\s*(;|$)/i;

export const collect = new Hono<AppEnv>();

collect.post(COLLECT_PATH, sameSiteOnly(), limitBody(MAX_BODY_BYTES), async (c) => {
  const config = c.var.config;
  const mode = analyticsMode(config);
  if (mode === 'off') return c.json(fail('not_found', 404), 404);
  if (!limiter.allowed(c.req.header('cf-connecting-ip') ?? 'unknown', Date.now()))
    return c.json(fail('too_many_requests', 429), 429);
  if (!BODY_TYPES.test(c.req.header('content-type') ?? '')) return c.json(fail('unsupported_media_type', 415), 415);

  // The page asks before it sends; the server checks the same cookie, so no page can skip the question.
  const country = chosenCountry(c) ?? countryFromLocation(c.req.raw);
  if (
    consentRequired(publicConfig(config).analytics, country) &&
    consentFromCookies(c.req.header('cookie') ?? '') !== 'granted'
  )
    return c.json(fail('analytics_consent_required', 403), 403);

  let raw: unknown;
  try {
    raw = JSON.parse(await c.req.text());
  } catch {
    return c.json(fail('bad_request', 400), 400);
  }
  const parsed = collectBodySchema.safeParse(raw);
  if (!parsed.success) return c.json(fail('analytics_event_invalid', 400), 400);
  const body = parsed.data;

  const deliver = async () => {
    try {
      if (mode === 'outbox') await keepInOutbox(c.env.CACHE, body);
      else {
        const ok = await sendToGa4(
          { measurementId: config.GA4_MEASUREMENT_ID, apiSecret: config.GA4_API_SECRET },
          body,
        );
        if (!ok) log.warn('analytics: GA4 refused the events', { events: body.events.length });
      }
    } catch (error) {
      log.warn('analytics: events not delivered', { error });
    }
  };
  c.executionCtx.waitUntil(deliver());
  return c.body(null, 204);
});
