// Web push registration (spec §4 push registration): the VAPID public key, a device's
// subscription (kept per device and, when signed in, per user), and the signed-in shopper's topics.
//
// Ownership: a subscription's endpoint is unique. Posting an endpoint that is stored already updates it
// only for the device that stored it or for the user it is linked to; anyone else gets 409
// push_subscription_taken, so a known endpoint cannot be moved to another account (whose pushes it
// would then receive, or whose device would receive the thief's). The browser answers that by
// unsubscribing and subscribing again, which gives it a fresh endpoint (client/push/).
import { Hono } from 'hono';
import { ok } from '#shared/api/envelope';
import {
  isLocalEndpoint,
  PUSH_TOPICS,
  type PushPreferences,
  type PushTopic,
  pushSubscribeSchema,
  pushUnsubscribeSchema,
  pushPreferenceSchema,
  pushKeyAnswerSchema,
  pushPreferencesSchema,
  pushSubscribedSchema,
  pushTopicStateSchema,
  pushUnsubscribedSchema,
} from '#shared/api/push-schemas';
import type { AppEnv } from '../app-env';
import { ApiError } from '../lib/errors';
import { contract } from '../contract/validate';
import { currentUser, requireUser } from '../middleware/user';
import { pushMode } from '../push';
import { isAllowedPushEndpoint } from '../push/send';

/** The browser family and platform, for support; never the whole user agent. */
function platformOf(userAgent: string | undefined): string {
  if (!userAgent) return '';
  const platform = /iPhone|iPad/.test(userAgent)
    ? 'iOS'
    : /Android/.test(userAgent)
      ? 'Android'
      : /Mac OS X/.test(userAgent)
        ? 'macOS'
        : /Windows/.test(userAgent)
          ? 'Windows'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : 'other';
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Firefox\//.test(userAgent)
      ? 'Firefox'
      : /Chrome\//.test(userAgent)
        ? 'Chrome'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : 'other';
  return `${browser} on ${platform}`;
}

export const pushKeyRoutes = new Hono<AppEnv>().get(
  '/key',
  contract({
    tag: 'push',
    summary:
      "The shop's VAPID public key (the browser's applicationServerKey) and whether pushes are sent or kept locally",
    response: pushKeyAnswerSchema,
    messages: [],
  }),
  (c) => {
    const config = c.var.config;
    // Local mode without a key pair still lets a tester subscribe through the local fallback.
    return c.json(ok({ public_key: config.VAPID_PUBLIC_KEY ?? null, mode: pushMode(config) }));
  },
);

export const userPushRoutes = new Hono<AppEnv>()
  .post(
    '/subscribe',
    contract({
      tag: 'push',
      summary:
        "Store this device's push subscription (https push-service endpoint, or a local: one outside production), linked to the signed-in shopper if any; 409 push_subscription_taken when the endpoint belongs to another device and account",
      body: pushSubscribeSchema,
      response: pushSubscribedSchema,
      messages: ['push_endpoint_invalid', 'push_subscription_taken'],
    }),
    async (c) => {
      const input = c.req.valid('json');
      const config = c.var.config;
      const deviceId = c.var.deviceId!;
      if (isLocalEndpoint(input.endpoint) ? config.ENVIRONMENT === 'production' : false)
        throw new ApiError(400, 'push_endpoint_invalid');
      // A subscription is shopper input the API will POST to: never an internal address, in production
      // only a real push service (checked again at send time).
      if (
        !isLocalEndpoint(input.endpoint) &&
        !isAllowedPushEndpoint(input.endpoint, config.ENVIRONMENT === 'production')
      )
        throw new ApiError(400, 'push_endpoint_invalid');
      const user = await currentUser(c);
      const owned = '(device_id = ? OR (user_id IS NOT NULL AND user_id = ?))';
      const replaced =
        input.replaces && input.replaces !== input.endpoint
          ? await c.env.DB.prepare(`SELECT id, lang FROM push_subscriptions WHERE endpoint = ? AND ${owned}`)
              .bind(input.replaces, deviceId, user?.id ?? null)
              .first<{ id: number; lang: 'en' | 'ar' }>()
          : null;
      const lang = input.lang ?? replaced?.lang ?? c.var.lang;
      const country = c.var.country;
      const now = Date.now();
      const tags = user ? { country, name: user.name, userId: String(user.id) } : { country };
      // One statement: insert, or update the row this device or this user owns; no row back means the
      // endpoint belongs to someone else.
      const row = await c.env.DB.prepare(
        `INSERT INTO push_subscriptions (endpoint, p256dh, auth, user_id, device_id, lang, country, tags, platform, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (endpoint) DO UPDATE SET p256dh = excluded.p256dh, auth = excluded.auth, user_id = excluded.user_id,
         device_id = excluded.device_id, lang = excluded.lang, country = excluded.country, tags = excluded.tags,
         platform = excluded.platform, updated_at = excluded.updated_at
       WHERE push_subscriptions.device_id = excluded.device_id OR (push_subscriptions.user_id IS NOT NULL AND push_subscriptions.user_id = excluded.user_id)
       RETURNING id`,
      )
        .bind(
          input.endpoint,
          input.keys.p256dh,
          input.keys.auth,
          user?.id ?? null,
          deviceId,
          lang,
          country,
          JSON.stringify(tags),
          platformOf(c.req.header('user-agent')),
          now,
          now,
        )
        .first<{ id: number }>();
      if (!row) throw new ApiError(409, 'push_subscription_taken');
      if (replaced) await c.env.DB.prepare('DELETE FROM push_subscriptions WHERE id = ?').bind(replaced.id).run();
      return c.json(ok({ subscribed: true, linked: !!user }));
    },
  )
  .post(
    '/unsubscribe',
    contract({
      tag: 'push',
      summary: "Remove a subscription of this device or of the signed-in shopper (404 for anyone else's)",
      body: pushUnsubscribeSchema,
      response: pushUnsubscribedSchema,
      messages: ['not_found'],
    }),
    async (c) => {
      const { endpoint } = c.req.valid('json');
      const user = await currentUser(c);
      const res = await c.env.DB.prepare(
        'DELETE FROM push_subscriptions WHERE endpoint = ? AND (device_id = ? OR (user_id IS NOT NULL AND user_id = ?))',
      )
        .bind(endpoint, c.var.deviceId, user?.id ?? null)
        .run();
      if (!res.meta.changes) throw new ApiError(404, 'not_found');
      return c.json(ok({ subscribed: false }));
    },
  )
  .get(
    '/preferences',
    contract({
      tag: 'push',
      summary: 'Which topics the shopper gets pushes for (all on until turned off) and how many devices receive them',
      user: true,
      response: pushPreferencesSchema,
      messages: [],
    }),
    async (c) => {
      const user = await requireUser(c);
      const db = c.env.DB;
      const [choices, devices] = await db.batch([
        db.prepare('SELECT topic, enabled FROM push_preferences WHERE user_id = ?').bind(user.id),
        db.prepare('SELECT count(*) AS n FROM push_subscriptions WHERE user_id = ?').bind(user.id),
      ]);
      const off = new Set(
        (choices!.results as { topic: PushTopic; enabled: number }[]).filter((r) => !r.enabled).map((r) => r.topic),
      );
      const body: PushPreferences = {
        topics: PUSH_TOPICS.map((topic) => ({ topic, enabled: !off.has(topic) })),
        devices: (devices!.results[0] as { n: number }).n,
      };
      return c.json(ok(body));
    },
  )
  .post(
    '/preferences',
    contract({
      tag: 'push',
      summary: 'Turn pushes for one topic on or off',
      body: pushPreferenceSchema,
      user: true,
      response: pushTopicStateSchema,
      messages: [],
    }),
    async (c) => {
      const user = await requireUser(c);
      const { topic, enabled } = c.req.valid('json');
      await c.env.DB.prepare(
        `INSERT INTO push_preferences (user_id, topic, enabled, updated_at) VALUES (?, ?, ?, ?)
       ON CONFLICT (user_id, topic) DO UPDATE SET enabled = excluded.enabled, updated_at = excluded.updated_at`,
      )
        .bind(user.id, topic, enabled ? 1 : 0, Date.now())
        .run();
      return c.json(ok({ topic, enabled }));
    },
  );
