// Web push: subscriptions per device and user with their ownership rules, topic choices,
// sign-in linking, and real pushes: the test plays the browser (its own P-256 key pair and auth
// secret), intercepts the push service's host, and decrypts what the API sent (RFC 8291), checking the
// VAPID header; 404/410 prune the subscription, 5xx is retried 3 times, and local mode keeps pushes in
// push_outbox.
import { env } from 'cloudflare:workers';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { pushToUser } from '#api/src/push';
import { b64urlDecode, b64urlEncode } from '#api/src/push/b64';
import { decryptPayload } from '#api/src/push/ece';
import { orderStatusPush, resultsReadyPush } from '#api/src/push/texts';
import { call, deviceToken, json } from './helpers';

const VAPID_PUBLIC = 'BIV0VZjf_ll4iGp9ckpjd0lnS6lWMxOQl9aM0c1H2qcc68AamJ4gcl6rqguHLeAeNvpYsYpDUThETx6uDmsE1W8';
const PUSH_HOST = 'push.example.test';

/** A browser's side of a subscription: keys only it holds. */
async function browser(path: string) {
  const pair = (await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, [
    'deriveBits',
  ])) as CryptoKeyPair;
  const publicRaw = new Uint8Array((await crypto.subtle.exportKey('raw', pair.publicKey)) as ArrayBuffer);
  const auth = crypto.getRandomValues(new Uint8Array(16));
  return {
    endpoint: `https://${PUSH_HOST}/${path}`,
    keys: { p256dh: b64urlEncode(publicRaw), auth: b64urlEncode(auth) },
    read: async (body: Uint8Array<ArrayBuffer>) =>
      JSON.parse(
        new TextDecoder().decode(await decryptPayload(body, { privateKey: pair.privateKey, publicRaw, auth })),
      ),
  };
}

interface Captured {
  url: string;
  headers: Headers;
  body: Uint8Array<ArrayBuffer>;
}

/** The push service: answers each request with the next status (the last one repeats). */
function pushService(...statuses: number[]) {
  const captured: Captured[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = new Request(input as RequestInfo, init);
    if (new URL(request.url).hostname !== PUSH_HOST) throw new Error(`unexpected fetch ${request.url}`);
    captured.push({ url: request.url, headers: request.headers, body: new Uint8Array(await request.arrayBuffer()) });
    const status = statuses[Math.min(captured.length - 1, statuses.length - 1)]!;
    return new Response(null, { status });
  });
  return captured;
}

afterEach(() => vi.restoreAllMocks());

const as = (user: string | null): Record<string, string> => (user ? { authorization: `Bearer ${user}` } : {});
const post = (path: string, body: unknown, token: string, user: string | null = null, lang = 'en') =>
  call(path, { body: JSON.stringify(body), token, headers: { ...as(user), lang } });

async function register(email: string, token: string) {
  const body = await json(
    await call('/user/register', {
      body: JSON.stringify({ name: `Name ${email}`, email, password: 'secret1' }),
      token,
    }),
  );
  return { token: body.data.access_token as string, id: body.data.user.id as number };
}

const subscriptionOf = (endpoint: string) =>
  env.DB.prepare('SELECT user_id, lang, country, tags FROM push_subscriptions WHERE endpoint = ?')
    .bind(endpoint)
    .first<{ user_id: number | null; lang: string; country: string; tags: string }>();

const noDelay = { delay: async () => undefined };

let deviceA: string;
let deviceB: string;
let userA: { token: string; id: number };
let userB: { token: string; id: number };

beforeAll(async () => {
  deviceA = await deviceToken();
  deviceB = await deviceToken();
  userA = await register('a.push@example.com', deviceA);
  userB = await register('b.push@example.com', deviceB);
});

describe('push registration', () => {
  it('hands out the VAPID public key', async () => {
    const body = await json(await call('/push/key', { token: deviceA }));
    expect(body.data).toEqual({ public_key: VAPID_PUBLIC, mode: 'send' });
  });

  it('refuses endpoints that are not https push URLs and keys that are not P-256/16 bytes', async () => {
    const b = await browser('bad');
    for (const body of [
      { ...b, endpoint: `http://${PUSH_HOST}/x` },
      { ...b, endpoint: 'javascript:alert(1)' },
      { ...b, endpoint: 'local:not-a-uuid' },
      { ...b, keys: { ...b.keys, p256dh: 'abc' } },
      { ...b, keys: { ...b.keys, auth: b64urlEncode(new Uint8Array(8)) } },
      { endpoint: b.endpoint },
    ]) {
      const res = await post('/user/push/subscribe', body, deviceA);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await json(res)).meta.msg).toBe('validation_failed');
    }
  });

  it('refuses internal addresses as endpoints in every environment, and never posts to one stored anyway', async () => {
    const b = await browser('internal');
    for (const endpoint of [
      'https://127.0.0.1/push',
      'https://10.0.0.5/push',
      'https://169.254.169.254/latest/meta-data',
      'https://[::1]/push',
      'https://localhost/push',
      'https://metadata.google.internal/push',
      'https://router/push',
      `https://${PUSH_HOST}:8443/x`,
    ]) {
      const res = await post('/user/push/subscribe', { ...b, endpoint }, deviceA);
      expect(res.status, endpoint).toBe(400);
      expect((await json(res)).meta.msg, endpoint).toMatch(/^(push_endpoint_invalid|validation_failed)$/);
    }
    // A row stored before the rule (or by hand) is pruned at send time, never fetched.
    const device = await deviceToken();
    const user = await register('internal.push@example.com', device);
    await post('/user/push/subscribe', await browser('internal-ok'), device, user.token);
    await env.DB.prepare("UPDATE push_subscriptions SET endpoint = 'https://10.0.0.5/push' WHERE user_id = ?")
      .bind(user.id)
      .run();
    const service = pushService(201);
    expect(await pushToUser(env, user.id, 'order_status', () => ({ title: 'x', body: 'y', url: '/' }))).toEqual({
      sent: 0,
      pruned: 1,
    });
    expect(service).toHaveLength(0);
  });

  it('keeps a guest device’s subscription with its language and country, unlinked', async () => {
    const guestDevice = await deviceToken();
    const b = await browser('guest');
    const res = await call('/user/push/subscribe', {
      body: JSON.stringify({ ...b, lang: 'ar' }),
      token: guestDevice,
      headers: { 'x-country': 'SA' },
    });
    expect(res.status).toBe(200);
    expect((await json(res)).data).toEqual({ subscribed: true, linked: false });
    expect(await subscriptionOf(b.endpoint)).toEqual({
      user_id: null,
      lang: 'ar',
      country: 'SA',
      tags: JSON.stringify({ country: 'SA' }),
    });
  });

  it('asks a guest to sign in for topic choices (401)', async () => {
    expect((await call('/user/push/preferences', { token: deviceA })).status).toBe(401);
    const res = await post('/user/push/preferences', { topic: 'price_drop', enabled: false }, deviceA);
    expect(res.status).toBe(401);
  });

  it('links a signed-in subscription with the spec’s tags, and no one else can take or remove it', async () => {
    const b = await browser('owned-by-a');
    expect((await post('/user/push/subscribe', b, deviceA, userA.token)).status).toBe(200);
    expect(await subscriptionOf(b.endpoint)).toMatchObject({
      user_id: userA.id,
      tags: JSON.stringify({ country: 'KW', name: 'Name a.push@example.com', userId: String(userA.id) }),
    });
    // Another device and account posting the same endpoint (with its own keys) is refused…
    const thief = await browser('owned-by-a');
    const taken = await post('/user/push/subscribe', thief, deviceB, userB.token);
    expect(taken.status).toBe(409);
    expect((await json(taken)).meta.msg).toBe('push_subscription_taken');
    // …as is a guest on another device, and neither can remove it.
    expect((await post('/user/push/subscribe', thief, await deviceToken())).status).toBe(409);
    expect((await post('/user/push/unsubscribe', { endpoint: b.endpoint }, deviceB, userB.token)).status).toBe(404);
    expect(await subscriptionOf(b.endpoint)).toMatchObject({ user_id: userA.id });
    // The same device posting again (new keys after a browser's key rotation) updates it.
    expect((await post('/user/push/subscribe', { ...thief, lang: 'ar' }, deviceA, userA.token)).status).toBe(200);
    expect(await subscriptionOf(b.endpoint)).toMatchObject({ user_id: userA.id, lang: 'ar' });
    // The owner removes it.
    expect((await post('/user/push/unsubscribe', { endpoint: b.endpoint }, deviceA, userA.token)).status).toBe(200);
    expect(await subscriptionOf(b.endpoint)).toBeNull();
  });

  it('keeps topic choices per shopper: all on by default, one off', async () => {
    const before = await json(await call('/user/push/preferences', { token: deviceB, headers: as(userB.token) }));
    expect(before.data.topics).toEqual([
      { topic: 'back_in_stock', enabled: true },
      { topic: 'price_drop', enabled: true },
      { topic: 'order_status', enabled: true },
      { topic: 'results_ready', enabled: true },
      { topic: 'refills', enabled: true },
      { topic: 'cart', enabled: true },
    ]);
    const bad = await post('/user/push/preferences', { topic: 'spam', enabled: true }, deviceB, userB.token);
    expect(bad.status).toBe(400);
    expect(
      (await post('/user/push/preferences', { topic: 'price_drop', enabled: false }, deviceB, userB.token)).status,
    ).toBe(200);
    const after = await json(await call('/user/push/preferences', { token: deviceB, headers: as(userB.token) }));
    expect(after.data.topics).toContainEqual({ topic: 'price_drop', enabled: false });
    expect(after.data.topics).toContainEqual({ topic: 'order_status', enabled: true });
    // Subscription reminders and refills can be turned off like any other topic.
    expect(
      (await post('/user/push/preferences', { topic: 'refills', enabled: false }, deviceB, userB.token)).status,
    ).toBe(200);
    const refills = await json(await call('/user/push/preferences', { token: deviceB, headers: as(userB.token) }));
    expect(refills.data.topics).toContainEqual({ topic: 'refills', enabled: false });
    // …and so can cart reminders (issue 64): the migration that added the topic keeps the choices.
    expect((await post('/user/push/preferences', { topic: 'cart', enabled: false }, deviceB, userB.token)).status).toBe(
      200,
    );
    const cart = await json(await call('/user/push/preferences', { token: deviceB, headers: as(userB.token) }));
    expect(cart.data.topics).toContainEqual({ topic: 'cart', enabled: false });
    expect(cart.data.topics).toContainEqual({ topic: 'refills', enabled: false });
    // Another shopper's choices are their own.
    const a = await json(await call('/user/push/preferences', { token: deviceA, headers: as(userA.token) }));
    expect(a.data.topics).toContainEqual({ topic: 'price_drop', enabled: true });
  });

  it('links the device’s subscriptions on sign-in and unlinks them on sign-out', async () => {
    const device = await deviceToken();
    const b = await browser('sign-in-links');
    expect((await post('/user/push/subscribe', b, device)).status).toBe(200);
    expect((await subscriptionOf(b.endpoint))!.user_id).toBeNull();
    const login = await json(
      await call('/user/login', {
        body: JSON.stringify({ email: 'a.push@example.com', password: 'secret1' }),
        token: device,
      }),
    );
    const session = login.data.access_token as string;
    expect(await subscriptionOf(b.endpoint)).toMatchObject({
      user_id: userA.id,
      tags: JSON.stringify({ country: 'KW', name: 'Name a.push@example.com', userId: String(userA.id) }),
    });
    expect((await call('/user/logout', { method: 'POST', token: device, headers: as(session) })).status).toBe(200);
    expect(await subscriptionOf(b.endpoint)).toMatchObject({ user_id: null, tags: JSON.stringify({ country: 'KW' }) });
  });
});

describe('sending', () => {
  it('sends an RFC 8291 payload the browser decrypts, in its language, with VAPID, TTL, Urgency and Topic', async () => {
    const device = await deviceToken();
    const user = await register('send.push@example.com', device);
    const b = await browser('send-1');
    expect((await post('/user/push/subscribe', { ...b, lang: 'ar' }, device, user.token)).status).toBe(200);
    const service = pushService(201);
    const now = Date.now();
    const result = await pushToUser(env, user.id, 'order_status', (lang) => orderStatusPush(lang, 'shipped', 42)!, {
      now,
    });
    expect(result).toEqual({ sent: 1, pruned: 0 });
    expect(service).toHaveLength(1);
    const [req] = service as [Captured];
    expect(req.url).toBe(b.endpoint);
    expect(req.headers.get('content-encoding')).toBe('aes128gcm');
    expect(req.headers.get('ttl')).toBe(String(3 * 24 * 3600));
    expect(req.headers.get('urgency')).toBe('normal');
    expect(req.headers.get('topic')).toBe('order-42');
    expect(await b.read(req.body)).toEqual({
      web_push: 8030,
      notification: {
        title: 'تم شحن طلبك رقم 42',
        body: 'طلبك في الطريق إليك. اضغط لتتبع الشحنة.',
        navigate: 'http://localhost:8787/ar/profile/orders?id=42',
        lang: 'ar',
        dir: 'rtl',
        tag: 'order-42',
      },
    });
    // RFC 8292: vapid t=<ES256 JWT for the push service's origin>, k=<the shop's public key>.
    const auth = /^vapid t=([\w-]+)\.([\w-]+)\.([\w-]+), k=([\w-]+)$/.exec(req.headers.get('authorization') ?? '');
    expect(auth).not.toBeNull();
    const [, header, claims, signature, k] = auth as unknown as [string, string, string, string, string];
    expect(k).toBe(VAPID_PUBLIC);
    const decode = (part: string) => JSON.parse(new TextDecoder().decode(b64urlDecode(part)));
    expect(decode(header)).toEqual({ typ: 'JWT', alg: 'ES256' });
    const jwt = decode(claims);
    expect(jwt.aud).toBe(`https://${PUSH_HOST}`);
    expect(jwt.sub).toMatch(/^mailto:/);
    expect(jwt.exp * 1000 - now).toBeGreaterThan(0);
    expect(jwt.exp * 1000 - now).toBeLessThanOrEqual(12 * 3600 * 1000);
    const key = await crypto.subtle.importKey('raw', b64urlDecode(k), { name: 'ECDSA', namedCurve: 'P-256' }, false, [
      'verify',
    ]);
    expect(
      await crypto.subtle.verify(
        { name: 'ECDSA', hash: 'SHA-256' },
        key,
        b64urlDecode(signature),
        new TextEncoder().encode(`${header}.${claims}`),
      ),
    ).toBe(true);
    const row = await env.DB.prepare('SELECT last_sent_at FROM push_subscriptions WHERE endpoint = ?')
      .bind(b.endpoint)
      .first<{ last_sent_at: number }>();
    expect(row!.last_sent_at).toBe(now);
  });

  it('says only that blood-test results are ready: no values, no names', async () => {
    const device = await deviceToken();
    const user = await register('results.push@example.com', device);
    const b = await browser('results-1');
    await post('/user/push/subscribe', b, device, user.token);
    const service = pushService(201);
    await pushToUser(env, user.id, 'results_ready', (lang) => resultsReadyPush(lang, 7));
    const payload = await b.read(service[0]!.body);
    expect(payload.notification).toMatchObject({
      title: 'Your results are ready',
      body: 'Sign in to see your blood test results.',
      navigate: 'http://localhost:8787/profile/blood-tests/ordered?id=7',
      dir: 'ltr',
    });
  });

  it.each([410, 404])('deletes a subscription the push service answers %i for', async (status) => {
    const device = await deviceToken();
    const user = await register(`gone${status}.push@example.com`, device);
    const b = await browser(`gone-${status}`);
    await post('/user/push/subscribe', b, device, user.token);
    const service = pushService(status);
    const result = await pushToUser(
      env,
      user.id,
      'back_in_stock',
      () => ({ title: 'Back', body: 'In stock', url: '/' }),
      noDelay,
    );
    expect(result).toEqual({ sent: 0, pruned: 1 });
    expect(service).toHaveLength(1);
    expect(await subscriptionOf(b.endpoint)).toBeNull();
  });

  it('retries a 5xx three times, 2 s × the attempt apart, and keeps the subscription', async () => {
    const device = await deviceToken();
    const user = await register('retry.push@example.com', device);
    const b = await browser('retry');
    await post('/user/push/subscribe', b, device, user.token);
    const service = pushService(500);
    const waits: number[] = [];
    const result = await pushToUser(env, user.id, 'price_drop', () => ({ title: 'Cheaper', body: 'Now', url: '/' }), {
      delay: async (ms) => void waits.push(ms),
    });
    expect(result).toEqual({ sent: 0, pruned: 0 });
    expect(service).toHaveLength(3);
    expect(waits).toEqual([2000, 4000]);
    expect(await subscriptionOf(b.endpoint)).not.toBeNull();
    // A 429 then a success is one retry and a delivery.
    const again = pushService(429, 201);
    expect(await pushToUser(env, user.id, 'price_drop', () => ({ title: 'C', body: 'N', url: '/' }), noDelay)).toEqual({
      sent: 1,
      pruned: 0,
    });
    expect(again).toHaveLength(2);
  });

  it('sends nothing for a topic the shopper turned off', async () => {
    const device = await deviceToken();
    const user = await register('off.push@example.com', device);
    await post('/user/push/subscribe', await browser('off'), device, user.token);
    await post('/user/push/preferences', { topic: 'back_in_stock', enabled: false }, device, user.token);
    const service = pushService(201);
    expect(await pushToUser(env, user.id, 'back_in_stock', () => ({ title: 'x', body: 'y', url: '/' }))).toEqual({
      sent: 0,
      pruned: 0,
    });
    expect(service).toHaveLength(0);
    // Other topics still go.
    expect((await pushToUser(env, user.id, 'order_status', () => ({ title: 'x', body: 'y', url: '/' }))).sent).toBe(1);
  });

  it('keeps pushes in push_outbox in local mode and for local: endpoints, sending nothing', async () => {
    const device = await deviceToken();
    const user = await register('local.push@example.com', device);
    await post('/user/push/subscribe', await browser('local-mode'), device, user.token);
    const local = { ...(await browser('x')), endpoint: `local:${crypto.randomUUID()}` };
    expect((await post('/user/push/subscribe', { ...local, lang: 'ar' }, device, user.token)).status).toBe(200);
    const service = pushService(201);
    // PUSH_MODE=outbox: both subscriptions' pushes are kept.
    const outboxEnv = { ...env, PUSH_MODE: 'outbox' };
    const build = (lang: 'en' | 'ar') => orderStatusPush(lang, 'delivered', 9)!;
    expect(await pushToUser(outboxEnv, user.id, 'order_status', build)).toEqual({ sent: 2, pruned: 0 });
    expect(service).toHaveLength(0);
    const rows = await env.DB.prepare(
      'SELECT topic, lang, title, url, tag, payload FROM push_outbox WHERE user_id = ? ORDER BY lang',
    )
      .bind(user.id)
      .all<{ topic: string; lang: string; title: string; url: string; tag: string; payload: string }>();
    expect(rows.results.map((r) => [r.lang, r.title, r.url, r.topic, r.tag])).toEqual([
      ['ar', 'تم توصيل طلبك رقم 9', 'http://localhost:8787/ar/profile/orders?id=9', 'order_status', 'order-9'],
      ['en', 'Order 9 was delivered', 'http://localhost:8787/profile/orders?id=9', 'order_status', 'order-9'],
    ]);
    expect(JSON.parse(rows.results[0]!.payload)).toMatchObject({ web_push: 8030, notification: { dir: 'rtl' } });
    // Sending mode: the local: subscription still goes to the outbox, the real one to its service.
    expect(await pushToUser(env, user.id, 'order_status', build)).toEqual({ sent: 2, pruned: 0 });
    expect(service).toHaveLength(1);
    const count = await env.DB.prepare('SELECT count(*) AS n FROM push_outbox WHERE user_id = ?')
      .bind(user.id)
      .first<{ n: number }>();
    expect(count!.n).toBe(3);
    // The dev listing shows them.
    const listed = await json(await call('/dev/push-outbox', { method: 'GET' }));
    expect(listed.data.items.some((i: { title: string }) => i.title === 'تم توصيل طلبك رقم 9')).toBe(true);
  });

  it('forgets a removed account’s subscriptions, choices and local pushes', async () => {
    const device = await deviceToken();
    const user = await register('remove.push@example.com', device);
    const b = await browser('remove');
    await post('/user/push/subscribe', b, device, user.token);
    await post('/user/push/preferences', { topic: 'price_drop', enabled: false }, device, user.token);
    const res = await post('/user/remove', { password: 'secret1' }, device, user.token);
    expect(res.status).toBe(200);
    expect(await subscriptionOf(b.endpoint)).toBeNull();
    const prefs = await env.DB.prepare('SELECT count(*) AS n FROM push_preferences WHERE user_id = ?')
      .bind(user.id)
      .first<{ n: number }>();
    expect(prefs!.n).toBe(0);
  });
});

describe('a subscription the push service replaced', () => {
  it('takes the old row’s language and removes it, for its own device only', async () => {
    const device = await deviceToken();
    const old = await browser('replaced-old');
    await post('/user/push/subscribe', { ...old, lang: 'ar' }, device);
    // Another device cannot use `replaces` to remove someone else's row.
    const stranger = await browser('replaced-stranger');
    expect(
      (await post('/user/push/subscribe', { ...stranger, replaces: old.endpoint }, await deviceToken())).status,
    ).toBe(200);
    expect(await subscriptionOf(old.endpoint)).not.toBeNull();
    // The service worker posts the new one without a language (it has none), naming the old.
    const fresh = await browser('replaced-new');
    const res = await post('/user/push/subscribe', { ...fresh, replaces: old.endpoint }, device);
    expect(res.status).toBe(200);
    expect(await subscriptionOf(old.endpoint)).toBeNull();
    expect(await subscriptionOf(fresh.endpoint)).toMatchObject({ lang: 'ar', user_id: null });
  });
});
