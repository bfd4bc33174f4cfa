// The body the browser's tracker posts to the storefront's /collect (decision 35): GA4's
// Measurement Protocol shape, { client_id, events: [{ name, params }] }. Every event must pass the same
// allow-list as the builders, strictly: one parameter or item the builders would have dropped makes the
// whole body invalid, so a tampered or outdated page cannot send more than the shop means to.
import { z } from '../zod';
import { cleanParams, EVENT_NAMES, MAX_EVENTS_PER_REQUEST } from './params';

/** A random first-party id (the tracker's crypto.randomUUID()), never derived from the user. */
const CLIENT_ID = /^[A-Za-z0-9-]{16,64}$/;

const collectEventSchema = z
  .object({
    name: z.enum(EVENT_NAMES),
    params: z.record(z.string(), z.unknown()).default({}),
  })
  .strict()
  .transform((event, ctx) => {
    const params = cleanParams(event.name, event.params, true);
    if (!params) {
      ctx.addIssue({ code: 'custom', message: 'analytics_event_invalid', path: ['params'] });
      return z.NEVER;
    }
    return { name: event.name, params };
  });

export const collectBodySchema = z
  .object({
    client_id: z.string().regex(CLIENT_ID),
    events: z.array(collectEventSchema).min(1).max(MAX_EVENTS_PER_REQUEST),
  })
  .strict();

export type CollectBody = z.infer<typeof collectBodySchema>;
