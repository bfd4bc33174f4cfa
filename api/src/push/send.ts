// One push to one subscription (RFC 8030 §5): the encrypted payload POSTed to the push service's
// endpoint with VAPID, TTL, Urgency and Topic. 201 (or any 2xx) is delivered; 404/410 means the
// subscription is gone (the caller deletes it); 429 and 5xx (and a network failure) are retried, at most
// 3 attempts with 2 s × the attempt number between them (the spec's push retry); anything else fails.
import { encryptPayload } from './ece';
import { vapidAuthorization, type VapidKeys } from './vapid';

export interface PushNotification {
  title: string;
  body: string;
  /** Absolute URL the notification opens. */
  url: string;
  lang: 'en' | 'ar';
  /** Replaces an earlier notification with the same tag on the device. */
  tag?: string;
}

/**
 * The payload, one shape for every browser. It is a Declarative Web Push message (WebKit: the
 * `web_push: 8030` magic member and `notification` with a `navigate` URL): Safari (web.push.apple.com
 * endpoints, iOS/macOS 18.4+) shows it itself, even when the service worker was evicted or fails, and
 * older Safari and every other browser hand it to our service worker (client/sw/push-handlers.ts),
 * which reads the same `notification` member. Sending the declarative shape to everyone costs nothing
 * (unknown members are ignored) and keeps one payload to test; isDeclarativeEndpoint names the
 * subscriptions for which the declarative path is the one that shows it.
 */
export function pushPayload(n: PushNotification) {
  return {
    web_push: 8030,
    notification: {
      title: n.title,
      body: n.body,
      navigate: n.url,
      lang: n.lang,
      dir: n.lang === 'ar' ? 'rtl' : 'ltr',
      ...(n.tag ? { tag: n.tag } : {}),
    },
  } as const;
}

export const isDeclarativeEndpoint = (endpoint: string) => {
  try {
    return new URL(endpoint).hostname === 'web.push.apple.com';
  } catch {
    return false;
  }
};

/** Known push services: in production the API posts only to these (a subscription is shopper input). */
const PUSH_SERVICE_HOSTS = [
  /^fcm\.googleapis\.com$/,
  /^updates\.push\.services\.mozilla\.com$/,
  /^(.+\.)?push\.services\.mozilla\.com$/,
  /^web\.push\.apple\.com$/,
  /^[a-z0-9-]+\.notify\.windows\.com$/,
  /^[a-z0-9-]+\.push\.apple\.com$/,
];
export const isKnownPushService = (endpoint: string) => {
  try {
    const url = new URL(endpoint);
    return url.protocol === 'https:' && PUSH_SERVICE_HOSTS.some((re) => re.test(url.hostname));
  } catch {
    return false;
  }
};

/** Host names no push service has: loopback, link-local, private and internal names, IP literals. */
const INTERNAL_HOST = /^(?:localhost|.*\.localhost|.*\.local|.*\.internal|.*\.lan|.*\.home\.arpa|[^.]+)$/;
const IP_LITERAL = /^(?:\d{1,3}(?:\.\d{1,3}){3}|\[.*\])$/;

/**
 * Where the API may POST a push, in every environment: an https: URL on a public host name on the
 * default port (a subscription is shopper input, and the worker must never be made to call an internal
 * address); in production, a known push service only.
 */
export function isAllowedPushEndpoint(endpoint: string, production: boolean): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.username || url.password || url.port) return false;
  const host = url.hostname.toLowerCase();
  if (IP_LITERAL.test(host) || INTERNAL_HOST.test(host)) return false;
  return !production || isKnownPushService(endpoint);
}

export interface SendOptions {
  keys: VapidKeys;
  /** The VAPID `sub` (mailto:). */
  subject: string;
  /** Seconds the push service keeps the message for an offline device. */
  ttl: number;
  urgency?: 'very-low' | 'low' | 'normal' | 'high';
  /** RFC 8030 §5.4: a newer message with the same topic replaces an undelivered one (≤ 32 base64url chars). */
  topic?: string;
  fetch?: typeof fetch;
  /** Waits between attempts; injectable so tests need not sleep. */
  delay?: (ms: number) => Promise<void>;
  now?: number;
}

export type SendResult =
  | { status: 'sent'; attempts: number }
  | { status: 'gone'; attempts: number; httpStatus: number }
  | { status: 'failed'; attempts: number; httpStatus: number | null };

const PUSH_ATTEMPTS = 3;
const retryDelayMs = (attempt: number) => 2000 * attempt;

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function sendPush(
  subscription: { endpoint: string; p256dh: string; auth: string },
  notification: PushNotification,
  options: SendOptions,
): Promise<SendResult> {
  const doFetch = options.fetch ?? fetch;
  const delay = options.delay ?? sleep;
  const body = await encryptPayload(JSON.stringify(pushPayload(notification)), subscription);
  const headers: Record<string, string> = {
    'content-type': 'application/octet-stream',
    'content-encoding': 'aes128gcm',
    ttl: String(Math.max(0, Math.floor(options.ttl))),
    urgency: options.urgency ?? 'normal',
  };
  const topic = options.topic?.replace(/[^A-Za-z0-9_-]/g, '-').slice(0, 32);
  if (topic) headers.topic = topic;
  let lastStatus: number | null = null;
  for (let attempt = 1; attempt <= PUSH_ATTEMPTS; attempt++) {
    if (attempt > 1) await delay(retryDelayMs(attempt - 1));
    try {
      // A fresh token each attempt: a retry after the delay must not carry a stale one.
      headers.authorization = await vapidAuthorization(
        subscription.endpoint,
        options.keys,
        options.subject,
        options.now,
      );
      const res = await doFetch(subscription.endpoint, { method: 'POST', headers, body });
      lastStatus = res.status;
      // The body is not needed; cancel it so the connection is freed.
      await res.body?.cancel().catch(() => undefined);
      if (res.ok) return { status: 'sent', attempts: attempt };
      if (res.status === 404 || res.status === 410)
        return { status: 'gone', attempts: attempt, httpStatus: res.status };
      if (res.status !== 429 && res.status < 500)
        return { status: 'failed', attempts: attempt, httpStatus: res.status };
    } catch {
      lastStatus = null; // network failure: retried like a 5xx
    }
  }
  return { status: 'failed', attempts: PUSH_ATTEMPTS, httpStatus: lastStatus };
}
