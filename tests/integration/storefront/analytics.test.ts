// The storefront's first-party analytics endpoint and its local outbox (decision 35): /collect
// takes only events that pass the shared allow-list, only after consent where it is asked, at a limited
// rate, and sends them on to GA4's Measurement Protocol (intercepted here) or keeps them for
// /dev/analytics. Pages carry no tracker markup when none is configured.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { env } from 'cloudflare:workers';
import { COUNTRY_CODES } from '#shared/countries';
import { storefront } from './helpers';

afterEach(() => vi.restoreAllMocks());

const CLIENT_ID = '3f2b8c1e-7a4d-4e2b-9c1a-0d5e6f7a8b9c';
const addToCart = {
  name: 'add_to_cart',
  params: {
    currency: 'KWD',
    value: 4.25,
    items: [{ item_id: '101', item_name: 'Vitamin D3 1000 IU', item_brand: 'Nature Way', price: 4.25, quantity: 1 }],
    session_id: '1763900000',
  },
};
const GA4 = {
  ANALYTICS_MODE: '',
  GA4_MEASUREMENT_ID: 'G-TEST12345',
  GA4_API_SECRET: 'mp-test-secret',
} as Partial<StorefrontEnv>;

let address = 0;
/** Each call its own shopper address, so the rate limit of one test does not reach another. */
function collect(
  body: unknown,
  {
    cookie = 'analytics_consent=granted',
    ip,
    headers = {},
  }: { cookie?: string; ip?: string; headers?: Record<string, string> } = {},
  overrides: Partial<StorefrontEnv> = {},
) {
  return storefront(
    'https://shop.test/collect',
    {
      method: 'POST',
      headers: {
        'content-type': 'text/plain;charset=UTF-8',
        'cf-connecting-ip': ip ?? `203.0.113.${++address}`,
        'sec-fetch-site': 'same-origin',
        cookie,
        ...headers,
      },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    },
    overrides,
  );
}

async function outbox() {
  const res = await storefront('https://shop.test/dev/analytics?format=json');
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: { items: Array<{ client_id: string; events: unknown[] }> } }).data.items;
}

describe('/collect', () => {
  it('is off (404) without a tracker', async () => {
    const res = await collect({ client_id: CLIENT_ID, events: [addToCart] }, {}, { ANALYTICS_MODE: 'off' });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ meta: { msg: 'not_found', msgType: 1 } });
  });

  it('refuses events before consent where it is asked, and after a decline', async () => {
    for (const cookie of ['', 'analytics_consent=denied', 'country=SA; analytics_consent=denied']) {
      const res = await collect({ client_id: CLIENT_ID, events: [addToCart] }, { cookie });
      expect(res.status, cookie).toBe(403);
      expect(await res.json()).toMatchObject({ meta: { msg: 'analytics_consent_required', code: 403, msgType: 1 } });
    }
    // A country configured without consent takes them from the start.
    const res = await collect(
      { client_id: CLIENT_ID, events: [addToCart] },
      { cookie: 'country=KW' },
      // A knob no environment in wrangler.toml sets (so not in its generated types): a deploy may narrow
      // consent to some countries (worker/config.ts).
      { ANALYTICS_CONSENT_COUNTRIES: 'SA' } as unknown as Partial<StorefrontEnv>,
    );
    expect(res.status).toBe(204);
  });

  it('refuses a body with a parameter, item field or event the allow-list does not name (400 envelope)', async () => {
    const item = addToCart.params.items[0]!;
    const bodies = [
      { client_id: CLIENT_ID, events: [{ ...addToCart, params: { ...addToCart.params, email: 'sara@example.com' } }] },
      {
        client_id: CLIENT_ID,
        events: [
          { ...addToCart, params: { ...addToCart.params, items: [{ ...item, item_name: 'sara@example.com' }] } },
        ],
      },
      {
        client_id: CLIENT_ID,
        events: [{ name: 'blood_test_purchase', params: { currency: 'KWD', value: 25, item_name: 'Thyroid panel' } }],
      },
      {
        client_id: CLIENT_ID,
        events: [{ name: 'quiz_complete', params: { quiz_version: '3', suggestion_count: 2, answers: ['pregnant'] } }],
      },
      { client_id: CLIENT_ID, events: [{ name: 'search', params: { search_term: 'vitamins for pregnancy' } }] },
      { client_id: CLIENT_ID, user_id: '4711', events: [addToCart] },
      { client_id: 'sara@example.com', events: [addToCart] },
      { client_id: CLIENT_ID, events: [] },
      {
        client_id: CLIENT_ID,
        events: [{ name: 'page_view', params: { page_location: 'https://shop.test/ar/order-lookup?key=x' } }],
      },
    ];
    for (const body of bodies) {
      const res = await collect(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await res.json()).toMatchObject({
        data: null,
        meta: { msg: 'analytics_event_invalid', code: 400, msgType: 1 },
      });
    }
    const garbage = await collect('{not json');
    expect(garbage.status).toBe(400);
    expect(await garbage.json()).toMatchObject({ meta: { msg: 'bad_request' } });
  });

  it('refuses other sites, other content types and oversized bodies', async () => {
    const cross = await collect(
      { client_id: CLIENT_ID, events: [addToCart] },
      { headers: { 'sec-fetch-site': 'cross-site' } },
    );
    expect(cross.status).toBe(403);
    expect(await cross.json()).toMatchObject({ meta: { msg: 'forbidden_cross_site' } });
    const form = await collect(
      { client_id: CLIENT_ID, events: [addToCart] },
      { headers: { 'content-type': 'application/x-www-form-urlencoded' } },
    );
    expect(form.status).toBe(415);
    const big = await collect({ client_id: CLIENT_ID, events: [addToCart], pad: 'x'.repeat(40_000) });
    expect(big.status).toBe(413);
  });

  it('sends accepted events to GA4’s Measurement Protocol, without the shopper’s cookies, address or browser', async () => {
    const sent: Request[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      sent.push(new Request(input as RequestInfo, init));
      return new Response(null, { status: 204 });
    });
    const view = {
      name: 'view_item',
      params: {
        currency: 'SAR',
        value: 113.4,
        items: [{ item_id: '7', item_name: 'Omega 3', price: 113.4, quantity: 1 }],
      },
    };
    const res = await collect(
      { client_id: CLIENT_ID, events: [addToCart, view] },
      { cookie: 'analytics_consent=granted; utk=secret-session', headers: { 'user-agent': 'Mozilla/5.0 Test' } },
      GA4,
    );
    expect(res.status).toBe(204);
    expect(sent).toHaveLength(1);
    const url = new URL(sent[0]!.url);
    expect(`${url.origin}${url.pathname}`).toBe('https://www.google-analytics.com/mp/collect');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      measurement_id: 'G-TEST12345',
      api_secret: 'mp-test-secret',
    });
    expect(sent[0]!.method).toBe('POST');
    expect(sent[0]!.headers.get('content-type')).toBe('application/json');
    expect(await sent[0]!.json()).toEqual({
      client_id: CLIENT_ID,
      consent: { ad_user_data: 'DENIED', ad_personalization: 'DENIED' },
      events: [
        { name: 'add_to_cart', params: { engagement_time_msec: 1, ...addToCart.params } },
        { name: 'view_item', params: { engagement_time_msec: 1, ...view.params } },
      ],
    });
    for (const header of ['cookie', 'user-agent', 'cf-connecting-ip', 'x-forwarded-for'])
      expect(sent[0]!.headers.get(header), header).toBeNull();
  });

  it('answers 204 even when GA4 is unreachable (the page is never held up)', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('network down'));
    const res = await collect({ client_id: CLIENT_ID, events: [addToCart] }, {}, GA4);
    expect(res.status).toBe(204);
  });

  it('keeps accepted events in the local outbox for /dev/analytics, newest first', async () => {
    const before = (await outbox()).length;
    const mine = crypto.randomUUID();
    const res = await collect({
      client_id: mine,
      events: [addToCart, { name: 'quiz_start', params: { quiz_version: '2' } }],
    });
    expect(res.status).toBe(204);
    const items = await outbox();
    expect(items.length).toBe(before + 1);
    expect(items[0]).toMatchObject({
      client_id: mine,
      events: [addToCart, { name: 'quiz_start', params: { quiz_version: '2' } }],
    });

    const page = await storefront('https://shop.test/dev/analytics?lang=ar');
    const html = await page.text();
    expect(page.status).toBe(200);
    expect(html).toContain('<html lang="ar" dir="rtl">');
    expect(html).toContain('صندوق إحصاءات التطوير');
    expect(html).toContain(mine);
    expect(html).toContain('حدثان');
    // Its styles carry the response's nonce: no inline style attribute anywhere.
    expect(html).toMatch(/<style nonce="[^"]+">/);
    expect(html).not.toMatch(/\sstyle="/);
    const en = await (await storefront('https://shop.test/dev/analytics')).text();
    expect(en).toContain('2 events');
  });

  it('keeps nothing and shows no outbox in production', async () => {
    const prod = {
      ENVIRONMENT: 'production',
      SIGNING_SECRET: 'a-real-secret-from-the-vault-0123456789',
      ANALYTICS_MODE: '',
    } as Partial<StorefrontEnv>;
    const res = await storefront('https://shop.test/dev/analytics?format=json', undefined, prod);
    expect(res.status).toBe(404);
    expect(await (await collect({ client_id: CLIENT_ID, events: [addToCart] }, {}, prod)).status).toBe(404);
  });

  it('limits each address to 60 posts a minute (429 envelope after that)', async () => {
    const ip = '198.51.100.77';
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++)
      statuses.push((await collect({ client_id: CLIENT_ID, events: [addToCart] }, { ip })).status);
    expect(statuses.slice(0, 60).every((s) => s === 204)).toBe(true);
    const limited = await collect({ client_id: CLIENT_ID, events: [addToCart] }, { ip });
    expect(limited.status).toBe(429);
    expect(await limited.json()).toMatchObject({ meta: { msg: 'too_many_requests', msgType: 1 } });
    // Another shopper is not affected.
    expect((await collect({ client_id: CLIENT_ID, events: [addToCart] })).status).toBe(204);
  });
});

describe('pages', () => {
  it('carry no tracker markup, no consent link and mode off in their boot data when no tracker is configured', async () => {
    const res = await storefront('https://shop.test/', undefined, { ANALYTICS_MODE: 'off' });
    const html = await res.text();
    expect(res.status).toBe(200);
    expect(html).toContain('"analytics":{"mode":"off"');
    for (const marker of [
      'Cookie settings',
      'consent-banner',
      'googletagmanager',
      'google-analytics',
      'gtag(',
      '/collect',
    ])
      expect(html, marker).not.toContain(marker);
  });

  it('never put the measurement id or the API secret in a page', async () => {
    const res = await storefront('https://shop.example/', undefined, GA4);
    const html = await res.text();
    // Consent is asked in every country the shop sells in (wrangler.toml narrows it nowhere).
    expect(html).toContain(`"analytics":{"mode":"ga4","consentCountries":${JSON.stringify(COUNTRY_CODES)}}`);
    expect(html).not.toContain('G-TEST12345');
    expect(html).not.toContain('mp-test-secret');
    // Where consent is asked, the footer offers the banner again (both languages).
    expect(html).toContain('Cookie settings');
    const ar = await (await storefront('https://shop.example/ar', undefined, GA4)).text();
    expect(ar).toContain('إعدادات ملفات تعريف الارتباط');
  });

  it('on a local host, offer the consent link only in the local outbox mode', async () => {
    const local = await (await storefront('http://localhost:8787/', undefined, GA4)).text();
    expect(local).not.toContain('Cookie settings');
    const outboxPage = await (await storefront('http://localhost:8787/')).text();
    expect(outboxPage).toContain('"analytics":{"mode":"outbox"');
    expect(outboxPage).toContain('Cookie settings');
  });
});

// The bindings the test runs with: the local mode of wrangler.toml.
it('runs with the local outbox mode of wrangler.toml', () => {
  expect((env as unknown as StorefrontEnv).ANALYTICS_MODE).toBe('outbox');
});
