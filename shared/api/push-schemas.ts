// Web push: what the browser posts when it subscribes, unsubscribes or chooses its topics,
// and the answers' shapes. The API validates with these (api/src/routes/push.ts); the profile page and
// the service worker send them.
import { z } from '../zod';

export const PUSH_TOPICS = ['back_in_stock', 'price_drop', 'order_status', 'results_ready', 'refills', 'cart'] as const;
export type PushTopic = (typeof PUSH_TOPICS)[number];

import { isLocalEndpoint } from './push-local';

export { isLocalEndpoint } from './push-local';

const b64url = (length: number) => z.string().regex(new RegExp(`^[A-Za-z0-9_-]{${length}}={0,2}$`));

/** A push service URL (https only) or the local marker followed by a random id. */
const pushEndpointSchema = z
  .string()
  .max(1024)
  .refine(
    (value) => {
      if (isLocalEndpoint(value)) return /^local:[0-9a-f-]{36}$/.test(value);
      try {
        const url = new URL(value);
        return url.protocol === 'https:' && !url.username && !url.password && url.port === '';
      } catch {
        return false;
      }
    },
    { message: 'push_endpoint_invalid' },
  );

export const pushSubscribeSchema = z.object({
  endpoint: pushEndpointSchema,
  keys: z.object({
    // An uncompressed P-256 point (65 bytes) and a 16-byte secret, base64url.
    p256dh: b64url(87),
    auth: b64url(22),
  }),
  lang: z.enum(['en', 'ar']).optional(),
  /**
   * The subscription this one replaces (the service worker's pushsubscriptionchange): its row goes, and
   * its language carries over when `lang` is not given. Only a row this device or user owns.
   */
  replaces: pushEndpointSchema.optional(),
});

export const pushUnsubscribeSchema = z.object({ endpoint: pushEndpointSchema });

export const pushPreferenceSchema = z.object({
  topic: z.enum(PUSH_TOPICS),
  enabled: z.boolean({ error: 'mandatory-field' }),
});

// The answers (decision 68: the routes' `response`), whose types the pages and the service worker read.

/** GET /push/key: the VAPID public key (null in a local build without one) and how pushes go out. */
export const pushKeyAnswerSchema = z.object({ public_key: z.string().nullable(), mode: z.enum(['send', 'outbox']) });
export type PushKeyAnswer = z.infer<typeof pushKeyAnswerSchema>;

/** POST /user/push/subscribe: stored, and whether it is linked to the signed-in shopper. */
export const pushSubscribedSchema = z.object({ subscribed: z.literal(true), linked: z.boolean() });

/** POST /user/push/unsubscribe. */
export const pushUnsubscribedSchema = z.object({ subscribed: z.literal(false) });

/** One topic's state (POST /user/push/preferences answers the one it set). */
export const pushTopicStateSchema = z.object({ topic: z.enum(PUSH_TOPICS), enabled: z.boolean() });

/** GET /user/push/preferences: every topic with its state (on unless the shopper turned it off). */
export const pushPreferencesSchema = z.object({
  topics: z.array(pushTopicStateSchema),
  /** How many of the shopper's devices receive pushes. */
  devices: z.int(),
});
export type PushPreferences = z.infer<typeof pushPreferencesSchema>;
