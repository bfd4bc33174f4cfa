// The service worker's push side with a fake `self`: a push shows the notification the payload names
// (Arabic right to left), a click focuses or opens the shop at its link (never another origin), and a
// replaced subscription is posted again 1 s later, naming the old one.
import { describe, expect, it, vi } from 'vitest';
import {
  CHANGE_DELAY_MS,
  ICON,
  installPushHandlers,
  type PushWorkerScope,
  type WorkerWindowClient,
} from './push-handlers';

function fakeScope(windows: WorkerWindowClient[] = []) {
  const listeners: Record<string, (event: never) => void> = {};
  const shown: { title: string; options?: NotificationOptions }[] = [];
  const opened: string[] = [];
  const posts: { url: string; init?: RequestInit }[] = [];
  const scope: PushWorkerScope = {
    location: { origin: 'https://shop.test' },
    registration: {
      showNotification: async (title, options) => void shown.push({ title, options }),
      pushManager: {
        subscribe: async () =>
          ({
            endpoint: 'https://push.test/new',
            getKey: (name: string) => new Uint8Array(name === 'auth' ? 16 : 65).fill(1).buffer,
          }) as unknown as PushSubscription,
      },
    },
    clients: { matchAll: async () => windows, openWindow: async (url) => void opened.push(url) },
    fetch: async (url, init) => {
      posts.push({ url, init });
      return new Response(JSON.stringify({ data: { public_key: 'BAAA' } }));
    },
    addEventListener: (type, listener) => {
      listeners[type] = listener;
    },
  };
  const fire = async (type: string, event: object) => {
    let pending: Promise<unknown> = Promise.resolve();
    listeners[type]!({ ...event, waitUntil: (p: Promise<unknown>) => (pending = p) } as never);
    await pending;
  };
  return { scope, fire, shown, opened, posts };
}

const payload = (notification: object) => ({ data: { json: () => ({ web_push: 8030, notification }) } });

describe('installPushHandlers', () => {
  it('shows the declarative payload’s notification, Arabic right to left, with the shop icon and link', async () => {
    const f = fakeScope();
    installPushHandlers(f.scope);
    await f.fire(
      'push',
      payload({
        title: 'تم شحن طلبك',
        body: 'في الطريق',
        navigate: 'https://shop.test/ar/profile/orders?id=4',
        lang: 'ar',
        dir: 'rtl',
        tag: 'order-4',
      }),
    );
    expect(f.shown).toEqual([
      {
        title: 'تم شحن طلبك',
        options: {
          body: 'في الطريق',
          lang: 'ar',
          dir: 'rtl',
          icon: ICON,
          tag: 'order-4',
          data: { url: 'https://shop.test/ar/profile/orders?id=4' },
        },
      },
    ]);
  });

  it('still shows something for a push without JSON, and keeps links on the shop', async () => {
    const f = fakeScope();
    installPushHandlers(f.scope);
    await f.fire('push', { data: { json: () => JSON.parse('not json') } });
    await f.fire('push', payload({ title: 'Hi', navigate: 'https://evil.test/phish', lang: 'en' }));
    expect(f.shown[0]!.title).toBe('Gulf Vitamins');
    expect(f.shown[1]!.options).toMatchObject({ dir: 'ltr', data: { url: 'https://shop.test/' } });
  });

  it('focuses a window already at the link, else opens one', async () => {
    const focus = vi.fn(async () => undefined);
    const at = { url: 'https://shop.test/profile/orders?id=4', focus };
    const f = fakeScope([at]);
    installPushHandlers(f.scope);
    const close = vi.fn();
    await f.fire('notificationclick', { notification: { data: { url: at.url }, close } });
    expect(close).toHaveBeenCalled();
    expect(focus).toHaveBeenCalled();
    expect(f.opened).toEqual([]);

    const g = fakeScope();
    installPushHandlers(g.scope);
    await g.fire('notificationclick', { notification: { data: { url: 'https://shop.test/ar' }, close } });
    expect(g.opened).toEqual(['https://shop.test/ar']);
  });

  it('subscribes again after a push-change, 1 s later, and posts it naming the old endpoint', async () => {
    const f = fakeScope();
    const waits: number[] = [];
    installPushHandlers(f.scope, async (ms) => void waits.push(ms));
    await f.fire('pushsubscriptionchange', {
      oldSubscription: {
        endpoint: 'https://push.test/old',
        options: { applicationServerKey: new Uint8Array(65).buffer },
      },
      newSubscription: null,
    });
    expect(waits).toEqual([CHANGE_DELAY_MS]);
    expect(CHANGE_DELAY_MS).toBe(1000);
    const post = f.posts.find((p) => p.url === '/api/user/push/subscribe')!;
    expect(post.init?.method).toBe('POST');
    const body = JSON.parse(String(post.init?.body));
    expect(body).toMatchObject({ endpoint: 'https://push.test/new', replaces: 'https://push.test/old' });
    expect(body.keys.p256dh).toMatch(/^[\w-]{87}$/);
    expect(body.keys.auth).toMatch(/^[\w-]{22}$/);
  });
});
