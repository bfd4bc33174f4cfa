// Web push pages through the storefront: /profile/notifications in both languages for a
// signed-in shopper within 3 D1 round trips (a guest goes to sign-in), topic choices through the /api
// proxy, and the local push outbox page.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { cookiesFrom, storefront } from './helpers';

const SAME_SITE = { origin: 'http://shop.test' };
const roundTrips = (res: Response) => Number(res.headers.get('x-d1-roundtrips'));
let shopper = '';

beforeAll(async () => {
  const device = cookiesFrom(await storefront('/api/country'));
  const res = await storefront('/api/user/register', {
    method: 'POST',
    headers: { ...SAME_SITE, 'content-type': 'application/json', cookie: device },
    body: JSON.stringify({ name: 'Push Shopper', email: 'sf-push@example.com', password: 'secret1' }),
  });
  expect(res.status).toBe(200);
  shopper = `${device}; ${cookiesFrom(res)}`;
});

describe('the notifications page', () => {
  it('renders the device switch and the six topics in English and Arabic, within 3 D1 round trips', async () => {
    const off = await storefront('/api/user/push/preferences', {
      method: 'POST',
      headers: { ...SAME_SITE, 'content-type': 'application/json', cookie: shopper },
      body: JSON.stringify({ topic: 'price_drop', enabled: false }),
    });
    expect(off.status, await off.clone().text()).toBe(200);
    for (const [path, texts] of [
      [
        '/profile/notifications',
        [
          'Notifications',
          'Turn on notifications on this device',
          'My blood test results are ready',
          'My subscription orders and refills are coming up',
          'I left products in my cart',
          'lang="en"',
        ],
      ],
      [
        '/ar/profile/notifications',
        [
          'الإشعارات',
          'تفعيل الإشعارات على هذا الجهاز',
          'تجهز نتائج تحاليلي',
          'اقترب موعد طلبات اشتراكي',
          'تركتُ منتجات في سلتي',
          'dir="rtl"',
        ],
      ],
    ] as const) {
      const res = await storefront(path, { headers: { cookie: shopper } });
      expect(res.status, path).toBe(200);
      const html = await res.text();
      for (const text of texts) expect(html, `${path} ${text}`).toContain(text);
      // Six topics (subscription reminders and refills the fifth, carts left behind the sixth), the one
      // turned off unchecked.
      expect(html.match(/id="push-topic-[a-z_]+"/g)).toHaveLength(6);
      expect(html).toMatch(/<input[^>]*id="push-topic-price_drop"(?![^>]*checked)[^>]*>/);
      expect(html).toMatch(
        /<input[^>]*checked=""[^>]*id="push-topic-order_status"|<input[^>]*id="push-topic-order_status"[^>]*checked=""/,
      );
      expect(roundTrips(res), path).toBeLessThanOrEqual(3);
    }
  });

  it('sends a guest to sign in', async () => {
    const res = await storefront('/profile/notifications', { redirect: 'manual' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toContain('/auth/sign-in');
  });
});

describe('the dev push outbox', () => {
  it('lists local pushes with title, text, link, topic and user, in both page languages', async () => {
    await env.API_DB.prepare(
      `INSERT INTO push_outbox (subscription_id, user_id, topic, lang, title, body, url, tag, payload, created_at)
       VALUES (1, 77, 'order_status', 'ar', 'تم شحن طلبك رقم 5', 'طلبك في الطريق إليك.', 'http://localhost:8787/ar/profile/orders?id=5', 'order-5', '{}', ?)`,
    )
      .bind(Date.now())
      .run();
    for (const [lang, label] of [
      ['en', 'Dev push outbox'],
      ['ar', 'صندوق إشعارات التطوير'],
    ] as const) {
      const res = await storefront(`/dev/pushbox?lang=${lang}`);
      expect(res.status).toBe(200);
      const page = await res.text();
      expect(page).toContain(label);
      expect(page).toContain('تم شحن طلبك رقم 5');
      expect(page).toContain('href="http://localhost:8787/ar/profile/orders?id=5"');
      expect(page).toContain('order_status');
      expect(page).toContain('77');
    }
  });
});
