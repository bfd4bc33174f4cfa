// What the ~22,000 hostile probes found at the storefront edge (decision 13), each class as a table so
// other inputs of the same class are caught too: dev routes and worker-only paths (also percent-encoded),
// content types, corrupt cookies, long cache keys, redirect targets. None may be a 5xx; none may reach
// what it must not.
import { describe, expect, it } from 'vitest';
import { HOSTILE_COOKIE_VALUES, HOSTILE_TARGETS } from '#shared/testing/hostile-inputs';
import { envelope, storefront, stubApi } from './helpers';

const SHOP = 'http://shop.test';
const sameSite = { origin: SHOP };

describe('paths the browser may not reach through /api', () => {
  const refused = [
    '/api/dev/outbox',
    '/api/dev/payments/pay_0123456789abcdef01234567',
    '/api/%64ev/outbox',
    '/api/dev%2Foutbox',
    '/api/DEV/outbox',
    '/api/dev',
    '/api/payments/webhook/sandbox',
    '/api/media/products/1-list.webp',
  ];
  it.each(refused)('GET %s is a 404 envelope and never reaches the API', async (path) => {
    const stub = stubApi(() => envelope({ secret: 'outbox' }));
    const res = await storefront(path, { headers: { cookie: 'dtk=dv1.d.t' } }, { API: stub.fetcher });
    expect(res.status).toBe(404);
    expect((await res.json<any>()).meta).toMatchObject({ msg: 'not_found', code: 404 });
    expect(stub.received.filter((r) => new URL(r.url).pathname !== '/device/auth')).toHaveLength(0);
  });

  it.each(['/api/device/%61uth', '/api/devic%65/auth', '/api/device/auth/', '/api/%64%65%76%69%63%65/%61%75%74%68'])(
    'POST %s (device registration) is a 404',
    async (path) => {
      const stub = stubApi(() => envelope({ access_token: 'should-not-be-called' }));
      const res = await storefront(
        path,
        {
          method: 'POST',
          body: '{}',
          headers: { ...sameSite, 'content-type': 'application/json', cookie: 'dtk=dv1.d.t' },
        },
        { API: stub.fetcher },
      );
      expect(res.status).toBe(404);
      expect(stub.received).toHaveLength(0);
    },
  );

  it.each(['/api/product/%00', '/api/product/a%5Cb', '/api/%E0%A4%A', '/api/user//me', '/api/user/%2e%2e/dev/outbox'])(
    '%s is a 4xx envelope, not a 5xx',
    async (path) => {
      const stub = stubApi(() => envelope({}));
      const res = await storefront(path, { headers: { cookie: 'dtk=dv1.d.t' } }, { API: stub.fetcher });
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect((await res.json<any>()).meta.code).toBe(res.status);
    },
  );

  it('still serves images at /media and the real API behind /api', async () => {
    expect((await storefront('/api/country')).status).toBe(200);
  });

  it('keeps the dev mailbox and the sandbox page out of production', async () => {
    for (const path of ['/dev/mailbox', '/dev/mailbox?lang=ar', '/payments/sandbox/pay_0123456789abcdef01234567']) {
      const res = await storefront(path, {}, {
        ENVIRONMENT: 'production',
        SIGNING_SECRET: 'a-real-production-secret-0123456789abcdef',
      } as never);
      expect(res.status, path).toBe(404);
    }
  });
});

describe('request ids', () => {
  it.each(['x'.repeat(500), 'a b c d e f g h', '"><script>', 'ab'])(
    'a browser x-reqid %j is replaced, not passed to the API logs',
    async (id) => {
      const stub = stubApi(() => envelope({}));
      await storefront('/api/user/me', { headers: { 'x-reqid': id, cookie: 'dtk=dv1.d.t' } }, { API: stub.fetcher });
      expect(stub.received.at(-1)!.headers.get('x-reqid')).toMatch(/^[0-9a-f-]{36}$/);
    },
  );

  it('passes a plain request id through for tracing', async () => {
    const stub = stubApi(() => envelope({}));
    await storefront(
      '/api/user/me',
      { headers: { 'x-reqid': 'req-0123456789abcdef', cookie: 'dtk=dv1.d.t' } },
      { API: stub.fetcher },
    );
    expect(stub.received.at(-1)!.headers.get('x-reqid')).toBe('req-0123456789abcdef');
  });
});

describe('content types', () => {
  const wrong: Array<[string | undefined, string]> = [
    [
      'multipart/form-data; boundary=x',
      '--x\r\nContent-Disposition: form-data; name="outcome"\r\n\r\nsucceeded\r\n--x--\r\n',
    ],
    ['text/plain', 'outcome=succeeded'],
    ['application/xml', '<outcome>succeeded</outcome>'],
    [undefined, '{"email":"a@b.c"}'],
  ];
  it.each(wrong)('POST /api/user/login as %s is a 415 envelope', async (type, body) => {
    const stub = stubApi(() => envelope({}));
    const res = await storefront(
      '/api/user/login',
      {
        method: 'POST',
        body,
        headers: { ...sameSite, cookie: 'dtk=dv1.d.t', ...(type ? { 'content-type': type } : {}) },
      },
      { API: stub.fetcher },
    );
    expect(res.status).toBe(415);
    expect((await res.json<any>()).meta).toMatchObject({ msg: 'unsupported_media_type', code: 415 });
    expect(stub.received.filter((r) => new URL(r.url).pathname === '/user/login')).toHaveLength(0);
  });

  it('passes JSON, with or without a charset', async () => {
    for (const type of ['application/json', 'application/json; charset=utf-8', 'Application/JSON']) {
      const stub = stubApi(() => envelope({ ok: true }));
      const res = await storefront(
        '/api/user/login',
        { method: 'POST', body: '{}', headers: { ...sameSite, cookie: 'dtk=dv1.d.t', 'content-type': type } },
        { API: stub.fetcher },
      );
      expect(res.status, type).toBe(200);
    }
  });

  const sandboxWrong: Array<[string | undefined, string]> = [
    [
      'multipart/form-data; boundary=x',
      '--x\r\nContent-Disposition: form-data; name="outcome"\r\n\r\nsucceeded\r\n--x--\r\n',
    ],
    ['multipart/form-data; boundary=x', '--broken'],
    ['multipart/form-data', 'no boundary at all'],
    ['application/json', '{"outcome":"succeeded"}'],
    [undefined, 'outcome=succeeded'],
  ];
  it.each(sandboxWrong)('POST /payments/sandbox/{id} as %s is a 415, never a 500', async (type, body) => {
    const stub = stubApi(() => envelope({ status: 'succeeded', return_path: '/' }));
    const res = await storefront(
      '/payments/sandbox/pay_0123456789abcdef01234567',
      { method: 'POST', body, headers: { ...sameSite, ...(type ? { 'content-type': type } : {}) } },
      { API: stub.fetcher },
    );
    expect(res.status).toBe(415);
    expect(stub.received).toHaveLength(0);
  });
});

describe('corrupt session cookies', () => {
  const cases = HOSTILE_COOKIE_VALUES.flatMap((value) => ['atk', 'dtk'].map((name) => [name, value] as const));

  it.each(cases)('%s=%j: /api answers without a 5xx and the cookie is cleared or replaced', async (name, value) => {
    const res = await storefront('/api/country', { headers: { cookie: `${name}=${value}` } });
    expect(res.status).toBe(200);
    const lines = res.headers.getSetCookie().filter((c) => c.startsWith(`${name}=`));
    expect(lines[0], 'cleared').toMatch(new RegExp(`^${name}=;.*Max-Age=0`));
    // A device cookie is replaced by a freshly registered device straight away.
    if (name === 'dtk') expect(lines.at(-1)).toMatch(/^dtk=dv1\./);
  });

  it.each(['atk', 'dtk'])('%s with %0A, %0D or %00: the page renders in both languages', async (name) => {
    for (const value of ['%0A', '%0D', '%00']) {
      for (const path of ['/', '/ar']) {
        const res = await storefront(path, { headers: { cookie: `${name}=${value}` } });
        expect(res.status, `${path} ${value}`).toBe(200);
        await res.text();
      }
    }
  });

  it('keeps well-formed tokens', async () => {
    const stub = stubApi(() => envelope({ ok: true }));
    const res = await storefront(
      '/api/user/me',
      { headers: { cookie: `dtk=dv1.device.tok; atk=${'a'.repeat(64)}` } },
      { API: stub.fetcher },
    );
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie().join()).not.toMatch(/Max-Age=0/);
    expect(stub.received.at(-1)!.headers.get('authorization')).toBe(`Bearer ${'a'.repeat(64)}`);
  });
});

describe('long cache keys', () => {
  it('answers a flagged GET with a query far over KV’s 512-byte key limit', async () => {
    expect((await storefront(`/api/country?x=${'a'.repeat(480)}`)).status).toBe(200);
    const arabic = encodeURIComponent('الكويت'.repeat(40));
    for (const lang of ['ar', 'en']) {
      const res = await storefront(`/api/country/dhl_list?countrySearch=${arabic}`, { headers: { lang } });
      expect(res.status).toBe(200);
      const again = await storefront(`/api/country/dhl_list?countrySearch=${arabic}`, {
        headers: {
          lang,
          cookie: res.headers
            .getSetCookie()
            .map((c) => c.split(';')[0])
            .join('; '),
        },
      });
      expect(again.status).toBe(200);
    }
  });
});

describe('redirect targets', () => {
  const land = (res: Response) => new URL(res.headers.get('location') ?? '', SHOP);

  it.each(Object.entries(HOSTILE_TARGETS).flatMap(([trick, targets]) => targets.map((t) => [trick, t] as const)))(
    '/set-country with a %s target %j stays on the shop',
    async (_trick, target) => {
      const res = await storefront(`/set-country?code=SA&to=${encodeURIComponent(target)}`);
      expect(res.status).toBeLessThan(500);
      if (res.status === 303) {
        expect(land(res).origin).toBe(SHOP);
        expect(land(res).pathname.startsWith('//')).toBe(false);
      } else expect(res.status).toBe(400);
    },
  );

  it('answers the probe’s /%09/host target with a same-site Location', async () => {
    const res = await storefront('/set-country?code=SA&to=%2F%09%2Fevil.example/x');
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).not.toMatch(/evil\.example|\t/);
    expect(land(res).origin).toBe(SHOP);
  });

  it.each(['%0D%0ASet-Cookie:%20x=1', '/a%0Ab', '/a%00b', '/ar%0D'])(
    '/set-country with CR, LF or NUL (%s) is a 400, not a 500',
    async (to) => {
      for (const path of [`/set-country?code=KW&to=${to}`, `/ar/../set-country?code=KW&to=${to}`]) {
        const res = await storefront(path);
        expect(res.status).toBe(400);
        expect(res.headers.get('location')).toBeNull();
      }
    },
  );

  it('explains the refused link in the shopper’s language, in both', async () => {
    const ar = await storefront('/set-country?code=SA&to=/a%0Ab', { headers: { cookie: 'lang=ar' } });
    const html = await ar.text();
    expect(html).toMatch(/^<!DOCTYPE html><html lang="ar" dir="rtl">/);
    expect(html).toContain('هذا الرابط غير صالح');
    expect(html).toContain('href="/ar"');
    const en = await (await storefront('/set-country?code=KW&to=/a%0Ab')).text();
    expect(en).toMatch(/<html lang="en" dir="ltr">/);
    expect(en).toContain('This link is not valid');
  });

  // An attacker's links as they sit in a page (raw or already percent-encoded), in both languages. The
  // request URL and the Location are both read with the WHATWG URL parser, as the browser reads them.
  it.each(
    [
      '%2F%09%2Fevil.example/x',
      '/%09/evil.example',
      '/\t/evil.example',
      '%2F%0A%2Fevil.example',
      '//evil.example',
      '%2F%2Fevil.example',
      '/\\evil.example',
      '%2F%5Cevil.example',
      '%5C%5Cevil.example',
      '/%2e%2e//evil.example',
      '%2Fa%2F..%2F%2Fevil.example',
      'https://evil.example/',
      'javascript:alert(document.domain)',
      'javascript%3Aalert(1)',
    ].flatMap((to) => ['', '/ar'].map((prefix) => [prefix, to] as const)),
  )("an attacker's country-switch link %s/set-country?to=%s lands on a page of the shop", async (prefix, to) => {
    const link = new URL(`${prefix}/set-country?code=SA&to=${to}`, SHOP);
    const res = await storefront(link.href);
    // Either a redirect to a page of the shop, or the shop's own page refusing the link (no Location).
    if (res.status === 303) {
      const landing = new URL(res.headers.get('location')!, link);
      expect(landing.origin).toBe(SHOP);
      expect(landing.pathname.startsWith('//')).toBe(false);
      expect(res.headers.getSetCookie().join()).toContain('country=SA');
    } else {
      expect([400, 404]).toContain(res.status);
      expect(res.headers.get('location')).toBeNull();
      expect(await res.text()).toMatch(/^<!DOCTYPE html>/i);
    }
  });

  it('follows a real target of a country-switch link after switching the country', async () => {
    const link = new URL('/set-country?code=SA&to=%2Far%2Fcart', SHOP);
    const res = await storefront(link.href);
    expect(new URL(res.headers.get('location')!, link).href).toBe(`${SHOP}/ar/cart`);
    expect(res.headers.getSetCookie().join()).toContain('country=SA');
    const header = await storefront('/set-country?code=SA&to=%0D%0ALocation:%20https://evil.example/');
    expect(header.status).toBe(400);
    expect(header.headers.get('location')).toBeNull();
  });

  it('keeps same-site targets, with their query', async () => {
    const res = await storefront('/set-country?code=KW&to=%2Far%2Fproducts%3Fq%3Dzinc');
    expect(res.headers.get('location')).toBe('/ar/products?q=zinc');
  });

  it.each(Object.values(HOSTILE_TARGETS).flat())(
    'the sandbox page returns to the shop when the stored path is %j',
    async (stored) => {
      const stub = stubApi(() => envelope({ status: 'failed', return_path: stored }));
      const res = await storefront(
        '/payments/sandbox/pay_0123456789abcdef01234567',
        {
          method: 'POST',
          body: 'outcome=failed',
          headers: { ...sameSite, 'content-type': 'application/x-www-form-urlencoded' },
        },
        { API: stub.fetcher },
      );
      expect(res.status).toBeLessThan(500);
      if (res.status === 303) expect(land(res).origin).toBe(SHOP);
    },
  );
});

// Ten full server renders per test: slower than Vitest's 5 s default on a loaded 2-core machine.
describe('pages with hostile queries and paths', { timeout: 30_000 }, () => {
  const QUERIES = [
    '/products?q=',
    '/products?page=',
    '/products?price=',
    '/products?category=',
    '/products?sort=',
    '/search?q=',
    '/checkout/success?order=',
    '/auth/sign-in?return_url=',
    '/nutritionist?id=',
    '/products/',
  ];
  const VALUES = [
    'a'.repeat(600),
    'فيتامين'.repeat(60),
    '%00',
    '%0D%0A',
    '%E0%A4%A',
    '1.5',
    '-1',
    '99999999999999999999',
    '..%2F..%2Fdev%2Foutbox',
    '%5C%5Cevil.example',
  ];

  it.each(QUERIES.flatMap((p) => [p, `/ar${p}`]))('%s<hostile> is a page, never a 5xx', async (prefix) => {
    for (const value of VALUES) {
      const res = await storefront(`${prefix}${value}`);
      expect(res.status, `${prefix}${value.slice(0, 24)}`).toBeLessThan(500);
      await res.text();
    }
  });
});
