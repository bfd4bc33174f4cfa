// The API's database busy for a moment (issue 44), as the storefront passes it on: when the API cannot
// register the browser's device, a call is never sent without a token (which the API refuses as the
// shopper's bad token, 403 device_token_invalid): it answers 503 `service_busy` with Retry-After, and
// the shopper reads "try again", never "your session is bad". The API's own 503 passes through as is.
import { describe, expect, it, vi } from 'vitest';
import { createTranslator } from '#shared/i18n';
import { ar } from '#shared/i18n/ar';
import { en } from '#shared/i18n/en';
import { envelope, storefront } from './helpers';

const sameSite = { origin: 'http://shop.test', 'content-type': 'application/json' };

/** An API whose device registration answers 503 busy; every other call answers `other`. */
function busyRegistration(other: () => Response = () => envelope(null, 403, 'device_token_invalid')) {
  const paths: string[] = [];
  const tokens: Array<string | null> = [];
  const fetcher = {
    async fetch(input: RequestInfo | URL, init?: RequestInit) {
      const request = new Request(input as RequestInfo, init);
      const path = new URL(request.url).pathname;
      paths.push(path);
      tokens.push(request.headers.get('x-token'));
      if (path === '/device/auth') {
        const res = envelope(null, 503, 'service_busy');
        res.headers.set('retry-after', '2');
        return res;
      }
      return other();
    },
  } as unknown as Fetcher;
  return { fetcher, paths, tokens };
}

describe('device registration failing on the server', () => {
  it('a first visit’s order submit answers 503 service_busy with Retry-After, and is not sent without a token', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const api = busyRegistration();
    const res = await storefront(
      '/api/order/submit',
      { method: 'POST', body: JSON.stringify({ idempotency_key: crypto.randomUUID() }), headers: sameSite },
      { API: api.fetcher },
    );
    vi.restoreAllMocks();
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('2');
    expect((await res.json<any>()).meta).toEqual({ msg: 'service_busy', code: 503, msgType: 1 });
    expect(api.paths).toEqual(['/device/auth']);
  });

  it('a stale device whose new registration fails answers 503 service_busy, not 403 device_token_invalid', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const api = busyRegistration();
    const res = await storefront(
      '/api/order/submit',
      {
        method: 'POST',
        body: JSON.stringify({ idempotency_key: crypto.randomUUID() }),
        headers: { ...sameSite, cookie: 'dtk=dv1.stale.token' },
      },
      { API: api.fetcher },
    );
    vi.restoreAllMocks();
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('2');
    expect((await res.json<any>()).meta.msg).toBe('service_busy');
    expect(api.paths).toEqual(['/order/submit', '/device/auth']);
  });

  it('passes the API’s own 503 service_busy through with its Retry-After', async () => {
    const api = busyRegistration(() => {
      const res = envelope(null, 503, 'service_busy');
      res.headers.set('retry-after', '2');
      return res;
    });
    // A call of its own, and one of the kinds the KV cache keeps (never keeping a 503).
    for (const path of ['/api/user/me', '/api/country']) {
      const res = await storefront(path, { headers: { cookie: 'dtk=dv1.kept.token' } }, { API: api.fetcher });
      expect(res.status, path).toBe(503);
      expect(res.headers.get('retry-after'), path).toBe('2');
      expect((await res.json<any>()).meta.msg).toBe('service_busy');
    }
  });

  it('a page whose loader writes (signing out) never sends the write without a device the bundle could not register', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const api = busyRegistration(() => {
      const res = envelope(null, 503, 'service_busy');
      res.headers.set('retry-after', '2');
      return res;
    });
    const res = await storefront('/logout', {}, { API: api.fetcher });
    vi.restoreAllMocks();
    await res.text();
    // The page's one trip (the bundle, refused busy); the write waits for a device and is not sent.
    expect(api.paths).toEqual(['/bundle']);
    expect(api.tokens).toEqual([null]);
    expect(res.status).toBeGreaterThanOrEqual(500);
  });

  it('the shopper reads “try again”, in both languages, with nothing said against her', () => {
    const english = createTranslator('en', en).tKey('service_busy');
    const arabic = createTranslator('ar', ar).tKey('service_busy');
    expect(english).toMatch(/try again/i);
    expect(english).toMatch(/nothing is wrong on your side/i);
    expect(arabic).toContain('المحاولة مرة أخرى');
    expect(arabic).not.toBe(createTranslator('ar', ar).tKey('server_error'));
  });
});
