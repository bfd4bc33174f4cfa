// Abuse limits seen from the browser's side of the storefront: the client's address
// reaches the API (proxy and device registration), a 429 keeps its Retry-After and message key,
// a fresh device cookie does not reset a per-address limit, and a hostile Host header does not move
// reset links or payment return URLs off the configured origin.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogueFixture } from '../fixtures/catalogue';
import { cookiesFrom, storefront } from './helpers';

const CONFIGURED_ORIGIN = 'http://localhost:8787';
/** The API's limits (api/src/lib/limits.ts; the storefront's tests do not import the API). */
const LIMITS = { forgotPerIp: { max: 10 }, formPerIp: { max: 10 } };

/** A POST from a browser with no cookies yet (so the storefront registers a new device for it). */
const freshPost = (path: string, body: unknown, ip: string, origin = 'http://shop.test') =>
  storefront(new URL(path, origin).href, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin, 'cf-connecting-ip': ip },
    body: JSON.stringify(body),
  });

describe('limits through the storefront', () => {
  it('passes the 429, its Retry-After and its message key to the browser', async () => {
    const statuses: number[] = [];
    let last: Response | undefined;
    // One address asking for many inboxes (the per-inbox limit answers as usual, so it is not this one).
    for (let i = 0; i <= LIMITS.forgotPerIp.max; i++) {
      last = await freshPost('/api/user/forgot-password', { email: `someone${i}@example.com` }, '198.51.100.77');
      statuses.push(last.status);
    }
    expect(statuses.at(-1)).toBe(429);
    expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(60);
    expect((await last!.json<any>()).meta.msg).toBe('rate_limited');
  });

  it('keeps a per-address form limit when every message comes with a new device cookie', async () => {
    const message = {
      name: 'Sara',
      email: 'sara@example.com',
      subject: 'order',
      message: 'A question about my vitamin D order.',
    };
    for (let i = 0; i < LIMITS.formPerIp.max; i++)
      expect((await freshPost('/api/misc/contact', message, '203.0.113.50')).status).toBe(200);
    const over = await freshPost('/api/misc/contact', message, '203.0.113.50');
    expect(over.status).toBe(429);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await over.json<any>()).meta.msg).toBe('too_many_requests');
    // Another network is not affected.
    expect((await freshPost('/api/misc/contact', message, '203.0.113.51')).status).toBe(200);
  });

  it('tells the API the address of a browser whose device it registers', async () => {
    await storefront('/', { headers: { 'cf-connecting-ip': '203.0.113.60' } });
    const row = await env.API_DB.prepare(
      "SELECT count(*) AS n FROM rate_events WHERE key = 'device:ip:203.0.113.60'",
    ).first<{ n: number }>();
    expect(row!.n).toBe(1);
  });
});

describe('links on the configured origin', () => {
  beforeAll(async () => {
    await loadCatalogueFixture(env.API_DB);
  });

  it('mails a reset link on the configured origin to a request with a hostile Host', async () => {
    const first = await storefront('/api/country');
    await storefront('/api/user/register', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: 'http://shop.test',
        cookie: cookiesFrom(first),
        'cf-connecting-ip': '198.51.100.70',
      },
      body: JSON.stringify({ name: 'Huda', email: 'huda@example.com', password: 'secret1' }),
    });
    const res = await freshPost(
      '/api/user/forgot-password',
      { email: 'huda@example.com' },
      '198.51.100.71',
      'https://evil.example',
    );
    expect(res.status).toBe(200);
    const mail = await env.API_DB.prepare(
      // The reset, not the sign-up's confirmation link (decision 85).
      "SELECT body_text FROM mail_outbox WHERE to_address = 'huda@example.com' AND kind = 'password_reset'",
    ).first<{ body_text: string }>();
    expect(mail!.body_text).toContain(`${CONFIGURED_ORIGIN}/auth/reset-password?token=`);
    expect(mail!.body_text).not.toContain('evil.example');
  });

  it('sends a card payment back to the configured origin, not the Host the request named', async () => {
    const res = await freshPost(
      '/api/order/submit',
      {
        items: [{ sku_id: 101, count: 1 }],
        payment_method: 'card',
        card_method: 'knet',
        email: 'card@example.com',
        address: {
          country: 'KW',
          recipient: 'Guest',
          phone: '98765432',
          area_id: 26,
          block: '3',
          street: '12',
          building: '7',
        },
        idempotency_key: crypto.randomUUID(),
      },
      '198.51.100.72',
      'https://evil.example',
    );
    expect(res.status).toBe(200);
    const { payment } = (await res.json<any>()).data;
    expect(new URL(payment.url).origin).toBe(CONFIGURED_ORIGIN);
  });
});
