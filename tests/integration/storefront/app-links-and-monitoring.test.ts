import { afterEach, describe, expect, it, vi } from 'vitest';
import { associationOpens, associationPaths } from '#shared/app-links';
import { splitLocalePath } from '#shared/locale';
import { PAGE_ROUTES } from '#client/page-list';
import { z } from '#shared/zod';
import { storefront } from './helpers';

// The documented formats, as strict schemas: Apple's applinks (bundleresources/applinks: details with
// appIDs and components whose keys are "/", "?", "#", exclude and comment; the legacy appID, paths and
// apps kept for iOS 12 and earlier, where "?" in a path is a one-character wildcard, so no path has one) and Google's Digital Asset Links statement list (relation, and an android_app
// target with its package name and upper-case, colon-separated SHA-256 certificate fingerprints).
const appleFile = z.strictObject({
  applinks: z.strictObject({
    apps: z.array(z.string()).length(0),
    details: z.array(
      z.strictObject({
        appIDs: z.array(z.string().regex(/^[A-Z0-9]{10}\.[\w.-]+$/)).length(1),
        appID: z.string().regex(/^[A-Z0-9]{10}\.[\w.-]+$/),
        components: z
          .array(
            z.strictObject({
              '/': z.string().startsWith('/').optional(),
              '?': z.union([z.string(), z.record(z.string(), z.string())]).optional(),
              '#': z.string().optional(),
              exclude: z.boolean().optional(),
              comment: z.string().optional(),
            }),
          )
          .min(1),
        paths: z.array(z.string().regex(/^(?:NOT )?\/[^?]*$/)).min(1),
      }),
    ),
  }),
});
const assetLinksFile = z.array(
  z.strictObject({
    relation: z.array(z.literal('delegate_permission/common.handle_all_urls')).min(1),
    target: z.strictObject({
      namespace: z.literal('android_app'),
      package_name: z.string().regex(/^[A-Za-z]\w*(?:\.[A-Za-z]\w*)+$/),
      sha256_cert_fingerprints: z.array(z.string().regex(/^(?:[0-9A-F]{2}:){31}[0-9A-F]{2}$/)).min(1),
    }),
  }),
);

/** A page route a path pattern can reach: an exact pattern is a route; "/x/*" reaches "/x/:param". */
function reachesAPage(pathPattern: string): boolean {
  const { path } = splitLocalePath(pathPattern.replace(/\*$/, 'x'));
  return PAGE_ROUTES.some((r) => new RegExp(`^${r.path.replace(/:[^/]+/g, '[^/]+')}$`).test(path));
}

describe('app association', () => {
  for (const path of ['/.well-known/apple-app-site-association', '/apple-app-site-association']) {
    it(`serves ${path} as JSON from configuration, in Apple's format: components and paths`, async () => {
      const res = await storefront(path);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/json');
      const file = appleFile.parse(await res.json());
      const [detail] = file.applinks.details;
      expect(detail!.appIDs).toEqual(['ABCDE12345.com.gulfvitamins.app']);
      expect(detail!.appID).toBe('ABCDE12345.com.gulfvitamins.app');
      expect(associationPaths(file)).toContain('/products/*');
      // Arabic pages too, in both lists; a pattern with a query only as a component.
      expect(detail!.paths).toEqual(expect.arrayContaining(['/ar/products/*', '/ar/shared-list/*']));
      expect(detail!.paths).not.toContain('/ar/nutritionist?id=*');
      expect(detail!.components).toEqual(
        expect.arrayContaining([{ '/': '/ar/products/*' }, { '/': '/ar/nutritionist', '?': { id: '*' } }]),
      );
    });
  }

  it('names only paths that are pages of the shop', async () => {
    const file = appleFile.parse(await (await storefront('/.well-known/apple-app-site-association')).json());
    const [detail] = file.applinks.details;
    for (const c of detail!.components) expect(reachesAPage(c['/']!), c['/']).toBe(true);
    for (const p of detail!.paths) expect(reachesAPage(p.replace(/^NOT /, '')), p).toBe(true);
    expect(reachesAPage('/brands/*')).toBe(false);
  });

  it('opens product, brand and shared-list links in the app in both languages, the cart not', async () => {
    const file = appleFile.parse(await (await storefront('/.well-known/apple-app-site-association')).json());
    const opens = (path: string) => associationOpens(file, new URL(path, 'https://shop.test'));
    for (const lang of ['', '/ar']) {
      expect(opens(`${lang}/products/alpha-vitamin-d3-1000`)).toBe(true);
      expect(opens(`${lang}/products?brand=2`)).toBe(true);
      expect(opens(`${lang}/shared-list/abc`)).toBe(true);
      expect(opens(`${lang}/cart`)).toBe(false);
    }
  });

  it('serves assetlinks.json, a statement list in Google’s format, from configuration', async () => {
    const configured = await storefront(
      '/.well-known/assetlinks.json',
      {},
      { ANDROID_CERT_SHA256: `${'ab'.repeat(32)},${'12:'.repeat(31)}12` },
    );
    expect(configured.headers.get('content-type')).toBe('application/json');
    const [statement] = assetLinksFile.parse(await configured.json());
    expect(statement!.target).toEqual({
      namespace: 'android_app',
      package_name: 'com.gulfvitamins.app',
      sha256_cert_fingerprints: [`${'AB:'.repeat(31)}AB`, `${'12:'.repeat(31)}12`],
    });
    // The committed configuration's own (a placeholder the deploy refuses until the real one is set).
    expect(assetLinksFile.parse(await (await storefront('/.well-known/assetlinks.json')).json())).toHaveLength(1);
    // No package: no statement.
    const none = await storefront('/.well-known/assetlinks.json', {}, { ANDROID_PACKAGE: '' });
    expect(await none.json()).toEqual([]);
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
