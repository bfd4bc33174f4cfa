// Web push: pushToUser sends one notification to every device of a shopper who wants the
// topic, each in its subscription's language; subscriptions the push service says are gone (404/410)
// are deleted. Local mode (PUSH_MODE=outbox, a local: endpoint, or no VAPID key outside production)
// writes the push to push_outbox instead (/dev/pushbox), so nothing leaves the machine. Runs after the
// response (executionCtx.waitUntil) or in a queue consumer, never while a shopper waits.
import { isLocalEndpoint, type PushTopic } from '#shared/api/push-schemas';
import { localizePath } from '#shared/locale';
import { apiConfig, type ApiConfig } from '../lib/config';
import { log } from '../lib/log';
import { isAllowedPushEndpoint, pushPayload, sendPush, type PushNotification, type SendOptions } from './send';
import { vapidKeys } from './vapid';

export type { PushTopic } from '#shared/api/push-schemas';

interface PushSubscriptionRow {
  id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  user_id: number | null;
  device_id: string;
  lang: 'en' | 'ar';
  country: string;
  tags: string;
  platform: string;
  created_at: number;
  updated_at: number;
  last_sent_at: number | null;
}

/** How long a push service keeps each topic's message for an offline device, and how urgent it is. */
const DELIVERY: Record<PushTopic, Pick<SendOptions, 'ttl' | 'urgency'>> = {
  back_in_stock: { ttl: 24 * 3600, urgency: 'normal' },
  price_drop: { ttl: 24 * 3600, urgency: 'low' },
  order_status: { ttl: 3 * 24 * 3600, urgency: 'normal' },
  results_ready: { ttl: 7 * 24 * 3600, urgency: 'normal' },
  refills: { ttl: 2 * 24 * 3600, urgency: 'low' },
  // A cart reminder is worth little after its own day: the next step follows.
  cart: { ttl: 12 * 3600, urgency: 'low' },
};

export interface PushOptions {
  /** Tests: the outbound fetch and the wait between attempts. */
  fetch?: typeof fetch;
  delay?: (ms: number) => Promise<void>;
  now?: number;
}

/** Where pushes go: to the push services, or to the local outbox (never in production: config refuses it). */
export function pushMode(config: ApiConfig): 'send' | 'outbox' {
  if (config.ENVIRONMENT === 'production') return 'send';
  return config.PUSH_MODE === 'outbox' || !config.VAPID_PUBLIC_KEY || !config.VAPID_PRIVATE_KEY ? 'outbox' : 'send';
}

export async function pushToUser(
  env: ApiEnv,
  userId: number,
  topic: PushTopic,
  build: (lang: 'en' | 'ar') => { title: string; body: string; url: string; tag?: string },
  options: PushOptions = {},
): Promise<{ sent: number; pruned: number }> {
  const db = env.DB;
  const [preference, subscriptions] = await db.batch([
    db.prepare('SELECT enabled FROM push_preferences WHERE user_id = ? AND topic = ?').bind(userId, topic),
    db
      .prepare('SELECT id, endpoint, p256dh, auth, lang FROM push_subscriptions WHERE user_id = ? ORDER BY id')
      .bind(userId),
  ]);
  const choice = preference!.results[0] as { enabled: number } | undefined;
  const subs = subscriptions!.results as unknown as Pick<
    PushSubscriptionRow,
    'id' | 'endpoint' | 'p256dh' | 'auth' | 'lang'
  >[];
  if (choice?.enabled === 0 || subs.length === 0) return { sent: 0, pruned: 0 };

  const config = apiConfig(env);
  const mode = pushMode(config);
  const now = options.now ?? Date.now();
  const texts = new Map<'en' | 'ar', PushNotification>();
  const textFor = (lang: 'en' | 'ar') => {
    let n = texts.get(lang);
    if (!n) {
      const t = build(lang);
      const url = /^https?:\/\//.test(t.url) ? t.url : `${config.SITE_ORIGIN}${localizePath(t.url, lang)}`;
      n = { title: t.title, body: t.body, url, lang, tag: t.tag };
      texts.set(lang, n);
    }
    return n;
  };

  const keys = mode === 'send' ? await vapidKeys(config.VAPID_PUBLIC_KEY!, config.VAPID_PRIVATE_KEY!) : null;
  const writes: D1PreparedStatement[] = [];
  const sentIds: number[] = [];
  const goneIds: number[] = [];
  await Promise.all(
    subs.map(async (sub) => {
      const lang = sub.lang === 'ar' ? 'ar' : 'en';
      const n = textFor(lang);
      if (mode === 'outbox' || isLocalEndpoint(sub.endpoint)) {
        // A local: endpoint is only ever accepted outside production (routes/push.ts).
        writes.push(outboxInsert(db, { sub, userId, topic, n, now }));
        sentIds.push(sub.id);
        return;
      }
      // Checked at send time too: a row stored before the rule, or written by hand, is never posted to.
      if (!isAllowedPushEndpoint(sub.endpoint, config.ENVIRONMENT === 'production')) {
        goneIds.push(sub.id);
        return;
      }
      const result = await sendPush(sub, n, {
        keys: keys!,
        subject: config.VAPID_SUBJECT,
        ...DELIVERY[topic],
        topic: n.tag,
        fetch: options.fetch,
        delay: options.delay,
        now,
      });
      if (result.status === 'sent') sentIds.push(sub.id);
      else if (result.status === 'gone') goneIds.push(sub.id);
      else log.warn('push failed', { status: result.httpStatus, attempts: result.attempts, topic });
    }),
  );
  if (sentIds.length)
    writes.push(
      db
        .prepare(`UPDATE push_subscriptions SET last_sent_at = ? WHERE id IN (${sentIds.map(() => '?').join(', ')})`)
        .bind(now, ...sentIds),
    );
  if (goneIds.length)
    writes.push(
      db.prepare(`DELETE FROM push_subscriptions WHERE id IN (${goneIds.map(() => '?').join(', ')})`).bind(...goneIds),
    );
  if (writes.length) await db.batch(writes);
  return { sent: sentIds.length, pruned: goneIds.length };
}

function outboxInsert(
  db: D1Database,
  p: { sub: { id: number }; userId: number; topic: PushTopic; n: PushNotification; now: number },
): D1PreparedStatement {
  return db
    .prepare(
      'INSERT INTO push_outbox (subscription_id, user_id, topic, lang, title, body, url, tag, payload, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
    )
    .bind(
      p.sub.id,
      p.userId,
      p.topic,
      p.n.lang,
      p.n.title,
      p.n.body,
      p.n.url,
      p.n.tag ?? null,
      JSON.stringify(pushPayload(p.n)),
      p.now,
    );
}

/**
 * Starts a push after the response (a staff request: the clerk does not wait for push services). A
 * failure is logged, never surfaced: the mail queued with the change is the durable notice.
 */
export function pushAfter(
  c: { readonly executionCtx: { waitUntil(promise: Promise<unknown>): void } },
  run: () => Promise<unknown>,
): void {
  let ctx: { waitUntil(promise: Promise<unknown>): void } | null = null;
  try {
    ctx = c.executionCtx;
  } catch {
    // No execution context (called outside a worker): the push still runs, unawaited.
  }
  const promise = run().catch((error) => log.error('push run failed', { error }));
  ctx?.waitUntil(promise);
}

/**
 * Sign-in and sign-up (spec §4 Auth: "sync … tags to a push service"): the device's subscriptions
 * become the user's, with the user's tags. For the caller's batch.
 */
export function linkDeviceStatement(
  db: D1Database,
  deviceId: string | null,
  user: { id: number; name: string },
  now = Date.now(),
): D1PreparedStatement | null {
  if (!deviceId) return null;
  return db
    .prepare(
      "UPDATE push_subscriptions SET user_id = ?, tags = json_object('country', country, 'name', ?, 'userId', ?), updated_at = ? WHERE device_id = ?",
    )
    .bind(user.id, user.name, String(user.id), now, deviceId);
}

/** Sign-out: the device's subscriptions go back to being a guest device's (no user, no name). */
export function unlinkDeviceStatement(
  db: D1Database,
  deviceId: string | null,
  userId: number,
  now = Date.now(),
): D1PreparedStatement | null {
  if (!deviceId) return null;
  return db
    .prepare(
      "UPDATE push_subscriptions SET user_id = NULL, tags = json_object('country', country), updated_at = ? WHERE device_id = ? AND user_id = ?",
    )
    .bind(now, deviceId, userId);
}

/** Account removal: the user's subscriptions, topic choices and local pushes go. */
export function removeUserPushStatements(db: D1Database, userId: number): D1PreparedStatement[] {
  return [
    db.prepare('DELETE FROM push_subscriptions WHERE user_id = ?').bind(userId),
    db.prepare('DELETE FROM push_preferences WHERE user_id = ?').bind(userId),
    db.prepare('DELETE FROM push_outbox WHERE user_id = ?').bind(userId),
  ];
}
