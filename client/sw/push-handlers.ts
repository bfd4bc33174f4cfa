// The service worker's push side, installed by the service worker entry (client/sw/sw.ts:
// installPushHandlers(self)). A push carries the Declarative Web Push JSON the API sends
// (api/src/push/send.ts: {web_push: 8030, notification: {title, body, navigate, lang, dir, tag}}):
// browsers that show declarative pushes themselves never call this; every other one does, and shows the
// same notification. A click opens (or focuses) the shop at the push's link; a subscription the push
// service replaced is subscribed again and posted to the API 1 s later (spec §4 push-change delay).

import { bytesToBase64Url } from '#shared/bytes';
import type { Envelope } from '#shared/api/envelope';
import type { PushKeyAnswer } from '#shared/api/push-schemas';

/** The parts of ServiceWorkerGlobalScope used here (the client's TypeScript has the DOM lib, not WebWorker). */
export interface PushWorkerScope {
  location: { origin: string };
  registration: {
    showNotification(title: string, options?: NotificationOptions): Promise<void>;
    pushManager: { subscribe(options: PushSubscriptionOptionsInit): Promise<PushSubscription> };
  };
  clients: {
    matchAll(options?: { type?: 'window'; includeUncontrolled?: boolean }): Promise<readonly WorkerWindowClient[]>;
    openWindow(url: string): Promise<unknown>;
  };
  fetch(input: string, init?: RequestInit): Promise<Response>;
  addEventListener(
    type: 'push' | 'notificationclick' | 'pushsubscriptionchange',
    listener: (event: never) => void,
  ): void;
}

export interface WorkerWindowClient {
  url: string;
  focus(): Promise<unknown>;
  navigate?(url: string): Promise<unknown>;
}

interface ExtendableEventLike {
  waitUntil(promise: Promise<unknown>): void;
}
interface PushEventLike extends ExtendableEventLike {
  data: { json(): unknown } | null;
}
interface NotificationClickEventLike extends ExtendableEventLike {
  notification: { data?: { url?: string }; close(): void };
}
interface SubscriptionChangeEventLike extends ExtendableEventLike {
  oldSubscription?: { endpoint: string; options?: PushSubscriptionOptions } | null;
  newSubscription?: PushSubscription | null;
}

export const ICON = '/icons/icon-192.png';
export const CHANGE_DELAY_MS = 1000;

interface PushJson {
  notification?: { title?: string; body?: string; navigate?: string; lang?: string; dir?: string; tag?: string };
}

export function installPushHandlers(
  sw: PushWorkerScope,
  wait: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
): void {
  /** Only the shop's own pages open from a notification. */
  const sameOrigin = (url: string | undefined) => {
    try {
      const u = new URL(url ?? '/', sw.location.origin);
      return u.origin === sw.location.origin ? u.href : `${sw.location.origin}/`;
    } catch {
      return `${sw.location.origin}/`;
    }
  };

  sw.addEventListener('push', (event: PushEventLike) => {
    let json: PushJson = {};
    try {
      json = (event.data?.json() as PushJson) ?? {};
    } catch {
      // Not JSON: shown with the defaults below (a push must always show something).
    }
    const n = json.notification ?? {};
    const lang = n.lang === 'ar' ? 'ar' : 'en';
    event.waitUntil(
      sw.registration.showNotification(n.title || (lang === 'ar' ? 'خليج الفيتامينات' : 'Gulf Vitamins'), {
        body: n.body ?? '',
        lang,
        dir: lang === 'ar' ? 'rtl' : 'ltr',
        icon: ICON,
        ...(n.tag ? { tag: n.tag } : {}),
        data: { url: sameOrigin(n.navigate) },
      }),
    );
  });

  sw.addEventListener('notificationclick', (event: NotificationClickEventLike) => {
    event.notification.close();
    const url = sameOrigin(event.notification.data?.url);
    event.waitUntil(
      (async () => {
        const windows = await sw.clients.matchAll({ type: 'window', includeUncontrolled: true });
        const exact = windows.find((w) => w.url === url);
        if (exact) return exact.focus();
        const any = windows.find((w) => w.url.startsWith(sw.location.origin) && w.navigate);
        if (any?.navigate) {
          await any.navigate(url);
          return any.focus();
        }
        return sw.clients.openWindow(url);
      })(),
    );
  });

  sw.addEventListener('pushsubscriptionchange', (event: SubscriptionChangeEventLike) => {
    event.waitUntil(
      (async () => {
        await wait(CHANGE_DELAY_MS);
        let sub = event.newSubscription ?? null;
        if (!sub) {
          let options = event.oldSubscription?.options as PushSubscriptionOptionsInit | undefined;
          if (!options?.applicationServerKey) {
            const res = await sw.fetch('/api/push/key', { headers: { accept: 'application/json' } });
            const key = ((await res.json()) as Envelope<PushKeyAnswer>).data.public_key;
            if (!key) return;
            const raw = atob(key.replace(/-/g, '+').replace(/_/g, '/'));
            options = { userVisibleOnly: true, applicationServerKey: Uint8Array.from(raw, (c) => c.charCodeAt(0)) };
          }
          sub = await sw.registration.pushManager.subscribe({ userVisibleOnly: true, ...options });
        }
        // The API takes the old row's language and removes it (`replaces`), as the device owns both.
        await sw.fetch('/api/user/push/subscribe', {
          method: 'POST',
          credentials: 'same-origin',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify({
            endpoint: sub.endpoint,
            keys: { p256dh: bytesToBase64Url(sub.getKey('p256dh')), auth: bytesToBase64Url(sub.getKey('auth')) },
            ...(event.oldSubscription?.endpoint ? { replaces: event.oldSubscription.endpoint } : {}),
          }),
        });
      })(),
    );
  });
}
