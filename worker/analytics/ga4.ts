// GA4's Measurement Protocol (decision 35): the storefront posts the events /collect accepted to
// https://www.google-analytics.com/mp/collect?measurement_id=…&api_secret=… with Google's documented
// JSON body { client_id, consent, events: [{ name, params }] }. The request comes from the worker, so
// Google sees neither the shopper's address nor their browser; ad signals are declared denied: these
// events measure the shop, they are not for advertising.
import type { CollectBody } from '#shared/analytics/collect-schema';

const GA4_COLLECT_URL = 'https://www.google-analytics.com/mp/collect';

export interface Ga4Config {
  measurementId: string;
  apiSecret: string;
}

/** GA4 shows an event in its session and realtime reports only with an engagement time. */
const DEFAULT_ENGAGEMENT_MSEC = 1;

function ga4Body(body: CollectBody) {
  return {
    client_id: body.client_id,
    consent: { ad_user_data: 'DENIED', ad_personalization: 'DENIED' },
    events: body.events.map((e) => ({
      name: e.name,
      params: { engagement_time_msec: DEFAULT_ENGAGEMENT_MSEC, ...e.params },
    })),
  };
}

function ga4Url(config: Ga4Config): string {
  const q = new URLSearchParams({ measurement_id: config.measurementId, api_secret: config.apiSecret });
  return `${GA4_COLLECT_URL}?${q}`;
}

/** Sends the events; true when Google took them (it answers 2xx, also for events it ignores). */
export async function sendToGa4(config: Ga4Config, body: CollectBody): Promise<boolean> {
  const res = await fetch(ga4Url(config), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ga4Body(body)),
  });
  return res.ok;
}
