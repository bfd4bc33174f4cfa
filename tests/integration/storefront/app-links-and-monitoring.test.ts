import { afterEach, describe, expect, it, vi } from 'vitest';
import { associationPaths } from '#shared/app-links';
import { storefront } from './helpers';

describe('app association', () => {
  for (const path of ['/.well-known/apple-app-site-association', '/apple-app-site-association']) {
    it(`serves ${path} as JSON from configuration`, async () => {
      const res = await storefront(path);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/json');
      const file = await res.json<any>();
      expect(file.applinks.details[0].appIDs).toEqual(['ABCDE12345.com.gulfvitamins.app']);
      expect(associationPaths(file)).toContain('/products/*');
    });
  }

  it('serves assetlinks.json, empty until a certificate fingerprint is configured', async () => {
    const empty = await storefront('/.well-known/assetlinks.json');
    expect(await empty.json()).toEqual([]);
    const configured = await storefront('/.well-known/assetlinks.json', {}, { ANDROID_CERT_SHA256: 'AA:BB' });
    const [statement] = await configured.json<any[]>();
    expect(statement.target).toEqual({
      namespace: 'android_app',
      package_name: 'com.gulfvitamins.app',
      sha256_cert_fingerprints: ['AA:BB'],
    });
  });
});

describe('/monitoring tunnel', () => {
  it('is off without a DSN', async () => {
    const res = await storefront('/monitoring', { method: 'POST', body: '{}' });
    expect(res.status).toBe(404);
  });

  it("refuses envelopes addressed to another project than the configured DSN's", async () => {
    const dsn = 'https://public@o1.ingest.sentry.io/123';
    const envelope = `${JSON.stringify({ dsn: 'https://public@o1.ingest.sentry.io/999' })}\n{"type":"event"}\n{}`;
    const res = await storefront('/monitoring', { method: 'POST', body: envelope }, { SENTRY_DSN: dsn });
    expect(res.status).toBe(400);
    const bogus = await storefront('/monitoring', { method: 'POST', body: 'not json\n' }, { SENTRY_DSN: dsn });
    expect(bogus.status).toBe(400);
  });

  it('forwards only error events, scrubbed of addresses, tokens and query strings, with their frames', async () => {
    const dsn = 'https://public@o1.ingest.sentry.io/123';
    const forwarded: Request[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      forwarded.push(new Request(input as RequestInfo, init));
      return new Response('{}');
    });
    const frames = [
      {
        filename: 'https://shop.test/assets/cart-B1x2.js',
        function: 'formatLine',
        lineno: 1,
        colno: 2345,
        in_app: true,
      },
    ];
    const event = {
      event_id: 'a'.repeat(32),
      exception: { values: [{ type: 'Error', value: 'no order for sara@example.com', stacktrace: { frames } }] },
      request: { url: 'https://shop.test/ar/order-lookup?email=sara%40example.com', cookies: 'utk=secret' },
      user: { email: 'sara@example.com' },
      extra: { text: 'page text' },
    };
    const envelope = [
      JSON.stringify({ dsn }),
      JSON.stringify({ type: 'event', length: 999 }),
      JSON.stringify(event),
      JSON.stringify({ type: 'replay_recording' }),
      'page text',
    ].join('\n');
    const res = await storefront('/monitoring', { method: 'POST', body: envelope }, { SENTRY_DSN: dsn });
    expect(res.status).toBe(200);
    expect(forwarded[0]!.url).toBe('https://o1.ingest.sentry.io/api/123/envelope/');
    const body = await forwarded[0]!.text();
    for (const secret of ['sara', 'utk=secret', 'page text', 'replay_recording', '999'])
      expect(body).not.toContain(secret);
    const sent = JSON.parse(body.split('\n')[2]!);
    expect(sent.exception.values[0]).toEqual({ type: 'Error', value: 'no order for [email]', stacktrace: { frames } });
    expect(sent.request.url).toBe('https://shop.test/ar/order-lookup');
  });
});

afterEach(() => vi.restoreAllMocks());
