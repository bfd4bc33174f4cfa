// The /api proxy: signing end to end, session headers, tokens into httpOnly cookies only,
// 401/403 session rules (spec §4), timeout (spec §8), cross-site refusal.
import { describe, expect, it, vi } from 'vitest';
import { TIMEOUT_MESSAGE } from '#shared/api/envelope';
import { SIGNATURE_HEADERS } from '#shared/api/signing';
import { env } from 'cloudflare:test';
import { storefrontConfig } from '#worker/config';
import { callUpstream } from '#worker/upstream';
import { cookiesFrom, envelope, setCookie, storefront, stubApi } from './helpers';

describe('/api proxy through the real commerce API', () => {
  it('signs a request that the API accepts, end to end', async () => {
    const res = await storefront('/api/country', { headers: { lang: 'ar', 'x-country': 'SA' } });
    expect(res.status).toBe(200);
    const body = await res.json<any>();
    expect(body.data.items.map((c: { code: string }) => c.code)).toEqual(['KW', 'SA', 'AE']);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
  });

  it('registers the device on first visit and keeps its token in an httpOnly cookie only', async () => {
    const res = await storefront('/api/country');
    const device = setCookie(res, 'dtk');
    expect(device).toMatch(/^dtk=dv1\./);
    expect(device).toMatch(/HttpOnly/);
    expect(device).toMatch(/Secure/);
    expect(device).toMatch(/SameSite=Lax/);
    const text = await res.text();
    expect(text).not.toContain('dv1.');
  });

  it('refuses browser calls to device registration and to page bundles', async () => {
    for (const path of ['/api/device/auth', '/api/bundle', '/api/%62undle']) {
      const res = await storefront(path, {
        method: 'POST',
        body: JSON.stringify({ calls: [{ method: 'GET', path: '/country' }] }),
        headers: { origin: 'http://shop.test', 'content-type': 'application/json' },
      });
      expect(res.status, path).toBe(404);
    }
  });
});

describe('/api proxy session rules (stub API)', () => {
  it("adds request id, lang, country, device token and bearer token, and no signature through the API's door", async () => {
    const stub = stubApi(() => envelope({ ok: true }));
    await storefront(
      '/api/user/me?x=1',
      { headers: { lang: 'ar', 'x-country': 'SA', cookie: 'dtk=dv1.device.tok; atk=user-token' } },
      { API: stub.fetcher },
    );
    const sent = stub.received.at(-1)!;
    expect(new URL(sent.url).pathname + new URL(sent.url).search).toBe('/user/me?x=1');
    expect(sent.headers.get('x-token')).toBe('dv1.device.tok');
    expect(sent.headers.get('authorization')).toBe('Bearer user-token');
    expect(sent.headers.get('lang')).toBe('ar');
    expect(sent.headers.get('x-country')).toBe('SA');
    expect(sent.headers.get('x-reqid')).toMatch(/[0-9a-f-]{36}/);
    // The binding reaches the API's StorefrontDoor, which nothing else can reach (decision 78).
    for (const name of [SIGNATURE_HEADERS.hash, SIGNATURE_HEADERS.nonce, SIGNATURE_HEADERS.timestamp])
      expect(sent.headers.get(name), name).toBeNull();
  });

  it('never sends a path that means another once decoded or resolved: the door has no signature to catch it', async () => {
    const stub = stubApi(() => envelope({ ok: true }));
    const storefrontEnv = { ...env, API: stub.fetcher } as typeof env;
    const send = (path: string) =>
      callUpstream(storefrontEnv, storefrontConfig(storefrontEnv), {
        method: 'GET',
        path,
        deviceToken: 'dv1.device.tok',
        userToken: null,
        lang: 'en',
        country: 'KW',
      });
    for (const path of ['/product/../staff/orders', '/product/%2e%2e/dev/outbox', '//staff/orders']) {
      const res = await send(path);
      expect(res.status, path).toBe(404);
      expect((await res.json<any>()).meta.msg, path).toBe('not_found');
    }
    expect(stub.received).toHaveLength(0);
    expect((await send('/product/vitamin-d3/v2')).status).toBe(200);
    expect(new URL(stub.received[0]!.url).pathname).toBe('/product/vitamin-d3/v2');
  });

  it('signs every call, with a fresh nonce, when the API is an origin over HTTPS', async () => {
    const sent: Request[] = [];
    const outbound = vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      sent.push(new Request(input as RequestInfo, init));
      return Response.json({ data: { ok: true }, meta: { msg: 'ok', code: 200, msgType: 0 } });
    });
    try {
      const stub = stubApi(() => envelope({ ok: true }));
      const cookie = 'dtk=dv1.device.tok; atk=user-token';
      for (let i = 0; i < 2; i++)
        await storefront(
          '/api/user/me?x=1',
          { headers: { cookie } },
          { API: stub.fetcher, API_ORIGIN: 'https://api.example' },
        );
      expect(stub.received).toHaveLength(0);
      expect(sent.map((r) => r.url)).toEqual(['https://api.example/user/me?x=1', 'https://api.example/user/me?x=1']);
      expect(sent[0]!.headers.get(SIGNATURE_HEADERS.hash)).toMatch(/^[0-9a-f]{64}$/);
      expect(sent[0]!.headers.get(SIGNATURE_HEADERS.nonce)).toMatch(/[0-9a-f-]{36}/);
      expect(sent[1]!.headers.get(SIGNATURE_HEADERS.nonce)).not.toBe(sent[0]!.headers.get(SIGNATURE_HEADERS.nonce));
      expect(Number(sent[0]!.headers.get(SIGNATURE_HEADERS.timestamp))).toBeGreaterThan(Date.now() / 1000 - 5);
    } finally {
      outbound.mockRestore();
    }
  });

  it('moves the login token into an httpOnly, Secure, SameSite=Strict cookie and strips it from the body', async () => {
    const stub = stubApi(() =>
      envelope({
        access_token: 'secret-user-token',
        user: { id: 7, name: 'Sara', email: 'sara@example.com', phone: null },
      }),
    );
    const res = await storefront(
      '/api/user/login',
      {
        method: 'POST',
        body: JSON.stringify({ email: 'sara@example.com', password: 'x' }),
        headers: { origin: 'http://shop.test', 'content-type': 'application/json', cookie: 'dtk=dv1.d.t' },
      },
      { API: stub.fetcher },
    );
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).not.toContain('secret-user-token');
    expect(JSON.parse(text).data.user.name).toBe('Sara');
    const auth = setCookie(res, 'atk')!;
    expect(auth).toContain('atk=secret-user-token');
    expect(auth).toContain('Max-Age=1209600');
    expect(auth).toContain('HttpOnly');
    expect(auth).toContain('Secure');
    expect(auth).toContain('SameSite=Strict');
    const user = setCookie(res, 'usr')!;
    // Never longer than the auth cookie: it counts down from the session's expiry, so a second may
    // have passed between the two (a slow CI machine saw 1209599).
    const userAge = Number(/Max-Age=(\d+)/.exec(user)?.[1]);
    expect(userAge).toBeLessThanOrEqual(1209600);
    expect(userAge).toBeGreaterThan(1209600 - 60);
    expect(user).toContain('HttpOnly');
    expect(decodeURIComponent(user)).toContain('"name":"Sara"');
    // The cookie scripts can read says only that someone is signed in.
    expect(setCookie(res, 'user')).toMatch(/^user=1; Max-Age=\d+; Path=\/; SameSite=Lax$/);
    expect(decodeURIComponent(user)).not.toContain('secret-user-token');
  });

  it('uses the __Host- prefix for token cookies over https', async () => {
    const stub = stubApi(() => envelope({ access_token: 'tok', user: { id: 1, name: 'A' } }));
    const res = await storefront(
      'https://shop.test/api/user/register',
      { method: 'POST', body: '{}', headers: { origin: 'https://shop.test', 'content-type': 'application/json' } },
      { API: stub.fetcher },
    );
    expect(setCookie(res, '__Host-atk')).toMatch(
      /^__Host-atk=tok; Max-Age=1209600; Path=\/; HttpOnly; Secure; SameSite=Strict/,
    );
    expect(setCookie(res, '__Host-dtk')).toMatch(/HttpOnly; Secure; SameSite=Lax/);
    expect(res.headers.get('strict-transport-security')).toContain('max-age=');
  });

  it('strips access_token from any other response as well', async () => {
    const stub = stubApi(() => envelope({ access_token: 'leak', name: 'x' }));
    const res = await storefront('/api/user/sync', { headers: { cookie: 'dtk=dv1.d.t' } }, { API: stub.fetcher });
    expect(await res.text()).not.toContain('leak');
    expect(setCookie(res, 'atk')).toBeUndefined();
  });

  it('clears the session cookies when the API answers 401', async () => {
    const stub = stubApi(() => envelope(null, 401, 'unauthorized'));
    const res = await storefront(
      '/api/user/me',
      { headers: { cookie: 'dtk=dv1.d.t; atk=old; user=%7B%7D' } },
      { API: stub.fetcher },
    );
    expect(res.status).toBe(401);
    expect(setCookie(res, 'atk')).toMatch(/^atk=; Max-Age=0/);
    expect(setCookie(res, 'user')).toMatch(/^user=; Max-Age=0/);
  });

  it('answers 401 session_ended, without calling the API, when a signed-in page calls without its auth cookie', async () => {
    const stub = stubApi(() => envelope({ order: { id: 1 } }));
    const body = JSON.stringify({ payment_method: 'card', items: [] });
    const headers = {
      origin: 'http://shop.test',
      'content-type': 'application/json',
      'x-signed-in': '1',
      lang: 'ar',
      'x-country': 'SA',
      cookie: 'dtk=dv1.d.t; user=%7B%7D',
    };
    const res = await storefront('/api/order/submit', { method: 'POST', body, headers }, { API: stub.fetcher });
    expect(res.status).toBe(401);
    expect((await res.json<any>()).meta).toMatchObject({ code: 401, key: 'session_ended' });
    expect(stub.received.some((r) => new URL(r.url).pathname === '/order/submit')).toBe(false);
    expect(setCookie(res, 'user')).toMatch(/^user=; Max-Age=0/);

    // With the cookie the call goes through; a guest's page (no header) still orders as a guest.
    for (const cookie of ['dtk=dv1.d.t; atk=live', 'dtk=dv1.d.t']) {
      const extra = cookie.includes('atk') ? {} : { 'x-signed-in': '0' };
      const ok = await storefront(
        '/api/order/submit',
        { method: 'POST', body, headers: { ...headers, ...extra, cookie } },
        { API: stub.fetcher },
      );
      expect(ok.status).toBe(200);
    }
  });

  it('registers the device again when the API answers 403 device_token_invalid', async () => {
    const stub = stubApi(() => envelope(null, 403, 'device_token_invalid'));
    const res = await storefront(
      '/api/product/1',
      { headers: { cookie: 'dtk=dv1.stale.token' } },
      { API: stub.fetcher },
    );
    expect(res.status).toBe(403);
    expect((await res.json<any>()).meta.msg).toBe('device_token_invalid');
    const fresh = setCookie(res, 'dtk')!;
    expect(fresh).toMatch(/^dtk=dv1\./);
    expect(fresh).not.toContain('stale');
  });

  it('renders a page after a device reset in the same single call, with the new device', async () => {
    // The page's bundle always carries the browser's registration: an API that no longer knows the
    // device registers it while answering, so a reset costs no second call.
    const stub = stubApi(() => envelope({ items: [] }));
    const stale = stubApi(() => envelope({ items: [] }));
    const fresh = await storefront('/', {}, { API: stub.fetcher });
    expect(stub.received.filter((r) => new URL(r.url).pathname === '/bundle')).toHaveLength(1);
    expect(stub.received.some((r) => new URL(r.url).pathname === '/device/auth')).toBe(false);
    const sent = (await stub.received[0]!.clone().json()) as { device?: { device: { platform: string } } };
    expect(sent.device?.device.platform).toBe('web');
    expect(setCookie(fresh, 'dtk')).toMatch(/^dtk=dv1\./);
    // With a token the stub keeps it (the real API registers anew only when it cannot verify it).
    await storefront('/', { headers: { cookie: 'dtk=dv1.kept.token' } }, { API: stale.fetcher });
    const inner = stale.received.find((r) => new URL(r.url).pathname === '/country')!;
    expect(inner.headers.get(SIGNATURE_HEADERS.token)).toBe('dv1.kept.token');
  });

  it('sends no second call when the bundle is refused, and never retries a browser call', async () => {
    // An API that refuses the page's bundle outright: the page says it cannot show prices, after one call.
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const paths: string[] = [];
    const refusing = {
      async fetch(input: RequestInfo | URL, init?: RequestInit) {
        const path = new URL(new Request(input as RequestInfo, init).url).pathname;
        paths.push(path);
        return envelope(null, 403, 'device_token_invalid');
      },
    } as unknown as Fetcher;
    const page = await storefront('/', { headers: { cookie: 'dtk=dv1.stale.token' } }, { API: refusing });
    expect(page.status).toBe(503);
    expect(paths).toEqual(['/bundle']);
    expect(setCookie(page, 'dtk')).toBeUndefined();
    vi.restoreAllMocks();

    // The browser's /api call goes once even though a new device was registered: the page reloads.
    const stub = stubApi(() => envelope(null, 403, 'device_token_invalid'));
    await storefront('/api/product/1', { headers: { cookie: 'dtk=dv1.stale.token' } }, { API: stub.fetcher });
    expect(stub.received.map((r) => new URL(r.url).pathname)).toEqual(['/product/1', '/device/auth']);
  });

  it('answers 504 with the spec message when the API takes longer than the timeout', async () => {
    const stub = stubApi(() => new Promise((resolve) => setTimeout(() => resolve(envelope({})), 2000)));
    const res = await storefront(
      '/api/product/1',
      { headers: { cookie: 'dtk=dv1.d.t' } },
      { API: stub.fetcher, API_TIMEOUT_MS: '50' },
    );
    expect(res.status).toBe(504);
    expect((await res.json<any>()).meta).toEqual({
      msg: TIMEOUT_MESSAGE,
      code: 504,
      msgType: 1,
      key: 'request_timeout',
    });
  });

  it('passes API errors through with their envelope', async () => {
    const stub = stubApi(() => envelope({ fields: [{ field: 'email' }] }, 400, 'validation_failed'));
    const res = await storefront(
      '/api/user/login',
      {
        method: 'POST',
        body: '{}',
        headers: { origin: 'http://shop.test', 'content-type': 'application/json', cookie: 'dtk=dv1.d.t' },
      },
      { API: stub.fetcher },
    );
    expect(res.status).toBe(400);
    expect((await res.json<any>()).meta.msg).toBe('validation_failed');
  });

  it('refuses state-changing requests from another site', async () => {
    const stub = stubApi(() => envelope({}));
    for (const headers of [{ origin: 'https://evil.example' }, { 'sec-fetch-site': 'cross-site' }] as Record<
      string,
      string
    >[]) {
      const res = await storefront('/api/user/logout', { method: 'POST', body: '{}', headers }, { API: stub.fetcher });
      expect(res.status).toBe(403);
      expect((await res.json<any>()).meta.msg).toBe('forbidden_cross_site');
    }
    expect(stub.received).toHaveLength(0);
  });

  it('keeps a browser session across calls with its cookies', async () => {
    const stub = stubApi(() => envelope({}));
    const first = await storefront('/api/anything', {}, { API: stub.fetcher });
    const cookie = cookiesFrom(first);
    await storefront('/api/anything', { headers: { cookie } }, { API: stub.fetcher });
    const tokens = stub.received.filter((r) => !r.url.endsWith('/device/auth')).map((r) => r.headers.get('x-token'));
    expect(tokens[0]).toBe(tokens[1]);
  });
});
