// The browser session client of spec §7/§8.
import { describe, expect, it, vi } from 'vitest';
import { ApiFailure } from '#shared/api/client';
import { TIMEOUT_MESSAGE } from '#shared/api/envelope';
import { ar } from '#shared/i18n/ar';
import { en } from '#shared/i18n/en';
import { createTranslator } from '#shared/i18n';
import { createSessionClient, failureKey, type SessionClientOptions } from './session-client';

function memoryStorage() {
  const map = new Map<string, string>();
  return { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v), map };
}

function client(fetchImpl: typeof fetch, extra: Partial<SessionClientOptions> = {}) {
  const hooks = { onUnauthorized: vi.fn(), onDeviceReset: vi.fn() };
  const storage = memoryStorage();
  let country: 'KW' | 'SA' = 'KW';
  const api = createSessionClient({
    lang: 'ar',
    country: () => country,
    storage,
    fetch: fetchImpl,
    ...hooks,
    ...extra,
  });
  return { api, hooks, storage, setCountry: (c: 'KW' | 'SA') => (country = c) };
}

const ok = (data: unknown) =>
  new Response(JSON.stringify({ data, meta: { msg: 'ok', code: 200, msgType: 0 } }), { status: 200 });

describe('session client', () => {
  it('sends JSON to /api with lang and country, same-origin credentials', async () => {
    const fetchImpl = vi.fn(async () => ok({ a: 1 }));
    const { api } = client(fetchImpl as unknown as typeof fetch);
    const res = await api.post('/wishlist/new', { name: 'Daily' });
    expect(res.data).toEqual({ a: 1 });
    const [url, init] = fetchImpl.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/api/wishlist/new');
    expect(init.credentials).toBe('same-origin');
    expect(init.body).toBe('{"name":"Daily"}');
    expect(init.headers).toMatchObject({ lang: 'ar', 'x-country': 'KW', 'content-type': 'application/json' });
  });

  it('times out with the spec message and code 504, without retrying', async () => {
    const fetchImpl = vi.fn(
      (_url: string, init: RequestInit) =>
        new Promise<Response>((_, reject) => {
          init.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    );
    const { api } = client(fetchImpl as unknown as typeof fetch, { timeoutMs: 20 });
    const failure = await api.get('/slow').catch((e) => e);
    expect(failure).toBeInstanceOf(ApiFailure);
    expect(failure.status).toBe(504);
    expect(failure.meta.msg).toBe(TIMEOUT_MESSAGE);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
  });

  it('yields the server body of a failed request', async () => {
    const body = { data: null, meta: { msg: 'validation_failed', code: 400, msgType: 1 } };
    const { api } = client(
      (async () => new Response(JSON.stringify(body), { status: 400 })) as unknown as typeof fetch,
    );
    const failure = await api.post('/x', {}).catch((e) => e);
    expect(failure.body).toEqual(body);
  });

  it('builds meta { message, code 500, msgType 1 } when there is no server body, with a key to translate', async () => {
    const { api } = client((async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof fetch);
    const failure = await api.get('/x').catch((e) => e);
    expect(failure.meta).toEqual({ msg: 'Failed to fetch', code: 500, msgType: 1, key: 'network_unreachable' });
    const html = client(
      (async () => new Response('<html>', { status: 502, statusText: 'Bad Gateway' })) as unknown as typeof fetch,
    );
    expect((await html.api.get('/x').catch((e) => e)).meta).toEqual({
      msg: 'Bad Gateway',
      code: 500,
      msgType: 1,
      key: 'upstream_unavailable',
    });
  });

  describe('every failure reads as a translated text, never a key or a browser text', () => {
    const slow = (_url: string, init: RequestInit) =>
      new Promise<Response>((_, reject) =>
        init.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
      );
    const envelope = (msg: string, status: number) => async () =>
      new Response(JSON.stringify({ data: null, meta: { msg, code: status, msgType: 1 } }), { status });
    const cases: Array<[string, unknown, Partial<SessionClientOptions>, string, string]> = [
      [
        'network failure',
        async () => {
          throw new TypeError('Failed to fetch');
        },
        {},
        'We could not reach the shop. Please check your connection and try again.',
        'تعذّر الوصول إلى المتجر. يرجى التحقق من اتصالك ثم المحاولة مرة أخرى.',
      ],
      [
        'offline',
        async () => {
          throw new TypeError('Failed to fetch');
        },
        { online: () => false },
        'You are offline. Please reconnect to the internet and try again.',
        'أنت غير متصل بالإنترنت. يرجى إعادة الاتصال ثم المحاولة مرة أخرى.',
      ],
      [
        'timeout',
        slow,
        { timeoutMs: 20 },
        TIMEOUT_MESSAGE,
        'يبدو أن الخادم يستغرق وقتاً طويلاً للرد، يرجى المحاولة مرة أخرى...',
      ],
      [
        'a known API key',
        envelope('coupon_expired', 409),
        {},
        en.coupon_expired as string,
        ar.coupon_expired as string,
      ],
      ['an unknown API key', envelope('internal_error', 500), {}, en.server_error, ar.server_error],
      [
        'a proxy page without an envelope',
        async () => new Response('<html>', { status: 503, statusText: 'Service Unavailable' }),
        {},
        en.upstream_unavailable,
        ar.upstream_unavailable,
      ],
      [
        'an HTML page with a 200',
        async () => new Response('<html>', { status: 200 }),
        {},
        en.server_error,
        ar.server_error,
      ],
    ];
    for (const [name, impl, extra, english, arabic] of cases) {
      it(name, async () => {
        const failure = await client(impl as unknown as typeof fetch, extra)
          .api.get('/x')
          .catch((e) => e);
        expect(failure).toBeInstanceOf(ApiFailure);
        expect(createTranslator('en', en).tKey(failureKey(failure))).toBe(english);
        expect(createTranslator('ar', ar).tKey(failureKey(failure))).toBe(arabic);
      });
    }

    it('a thrown non-API error (a bug in a page) reads as the generic text', () => {
      expect(createTranslator('ar', ar).tKey(failureKey(new Error('x is undefined')))).toBe(ar.server_error);
    });
  });

  it("marks its calls as a signed-in shopper's only while the page shows one", async () => {
    let signedIn = true;
    const fetchImpl = vi.fn(async () => ok({}));
    const { api } = client(fetchImpl as unknown as typeof fetch, { signedIn: () => signedIn });
    await api.post('/order/submit', {});
    signedIn = false;
    await api.post('/order/submit', {});
    const headers = fetchImpl.mock.calls.map(
      (call) => (call as unknown as [string, RequestInit])[1].headers as Record<string, string>,
    );
    expect(headers[0]!['x-signed-in']).toBe('1');
    expect(headers[1]!['x-signed-in']).toBeUndefined();
  });

  it('leaves a 401 alone once the shopper is on her way to sign out, until the page comes back from the cache', async () => {
    const { leavingToSignOut } = await import('../accounts/sign-out');
    const marks = new Set<string>();
    const listeners: ((event: { persisted: boolean }) => void)[] = [];
    vi.stubGlobal('document', {
      documentElement: {
        setAttribute: (name: string) => marks.add(name),
        removeAttribute: (name: string) => marks.delete(name),
        hasAttribute: (name: string) => marks.has(name),
      },
    });
    vi.stubGlobal('window', { addEventListener: (_: string, l: (typeof listeners)[number]) => listeners.push(l) });
    try {
      const { api, hooks } = client(
        (async () =>
          new Response(JSON.stringify({ data: null, meta: { msg: 'unauthorized', code: 401, msgType: 1 } }), {
            status: 401,
          })) as unknown as typeof fetch,
      );
      // Ctrl-click opens the sign-out in another tab: this page stays, and its 401s still count.
      leavingToSignOut({ button: 0, ctrlKey: true, metaKey: false, shiftKey: false, altKey: false });
      await api.get('/user/sync').catch(() => undefined);
      expect(hooks.onUnauthorized).toHaveBeenCalledTimes(1);
      leavingToSignOut({ button: 0, ctrlKey: false, metaKey: false, shiftKey: false, altKey: false });
      await expect(api.get('/user/sync')).rejects.toBeInstanceOf(ApiFailure);
      expect(hooks.onUnauthorized).toHaveBeenCalledTimes(1);
      for (const l of listeners) l({ persisted: true });
      await api.get('/user/sync').catch(() => undefined);
      expect(hooks.onUnauthorized).toHaveBeenCalledTimes(2);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('signs out on 401 and reloads on a 403 device reset', async () => {
    const unauthorized = client(
      (async () =>
        new Response(JSON.stringify({ data: null, meta: { msg: 'unauthorized', code: 401, msgType: 1 } }), {
          status: 401,
        })) as unknown as typeof fetch,
    );
    await unauthorized.api.get('/user/me').catch(() => undefined);
    expect(unauthorized.hooks.onUnauthorized).toHaveBeenCalledTimes(1);
    const reset = client(
      (async () =>
        new Response(JSON.stringify({ data: null, meta: { msg: 'device_token_invalid', code: 403, msgType: 1 } }), {
          status: 403,
        })) as unknown as typeof fetch,
    );
    await reset.api.get('/x').catch(() => undefined);
    expect(reset.hooks.onDeviceReset).toHaveBeenCalledTimes(1);
    const crossSite = client(
      (async () =>
        new Response(JSON.stringify({ data: null, meta: { msg: 'forbidden_cross_site', code: 403, msgType: 1 } }), {
          status: 403,
        })) as unknown as typeof fetch,
    );
    await crossSite.api.post('/x').catch(() => undefined);
    expect(crossSite.hooks.onDeviceReset).not.toHaveBeenCalled();
  });

  it('caches flagged GETs per session, keyed by language and country, served as code 700', async () => {
    const fetchImpl = vi.fn(async () => ok({ n: 1 }));
    const { api, storage, setCountry } = client(fetchImpl as unknown as typeof fetch);
    expect((await api.get('/brand', { cache: true })).meta.code).toBe(200);
    const hit = await api.get('/brand', { cache: true });
    expect(hit.meta.code).toBe(700);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    expect([...storage.map.keys()]).toEqual(['api:ar:KW:/brand']);
    setCountry('SA');
    await api.get('/brand', { cache: true });
    expect(fetchImpl).toHaveBeenCalledTimes(2);
    await api.get('/brand');
    expect(fetchImpl).toHaveBeenCalledTimes(3);
  });
});

describe('when the session ends mid-journey', () => {
  it('goes to sign in, told why, with return_url back to the page in its language', async () => {
    const { sessionEndedUrl } = await import('./session-client');
    expect(sessionEndedUrl({ pathname: '/checkout/order', search: '' }, 'en')).toBe(
      '/auth/sign-in?return_url=%2Fcheckout%2Forder&reason=session_ended',
    );
    expect(sessionEndedUrl({ pathname: '/ar/profile/orders', search: '?id=1234567890' }, 'ar')).toBe(
      '/ar/auth/sign-in?return_url=%2Far%2Fprofile%2Forders%3Fid%3D1234567890&reason=session_ended',
    );
    // Already signing in: no loop.
    expect(sessionEndedUrl({ pathname: '/ar/auth/sign-in', search: '?return_url=%2Far' }, 'ar')).toBeNull();
  });
});
