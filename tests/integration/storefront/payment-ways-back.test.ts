// Every way back from the payment sandbox lands on the order with a clear state (issue 44): paid,
// failed, cancelled, and cancelled after paying again by card once the first try failed, each with the
// real API; and when the API cannot record the choice (its database busy, the payment not found), the
// shopper gets the order page or a page of this shop, never a bare "404 Not Found".
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { loadCatalogueFixture } from '../fixtures/catalogue';
import { cookiesFrom, envelope, storefront, stubApi } from './helpers';
import { mergeCookies } from './staff-session';

const SHOP = 'http://shop.test';
const ADDRESS = {
  country: 'KW',
  recipient: 'Mariam',
  phone: '98765432',
  area_id: 26,
  block: '3',
  street: '12',
  building: '7',
};

beforeAll(async () => {
  await loadCatalogueFixture(env.API_DB);
});

async function shopApi(path: string, body: unknown, cookie: string) {
  return storefront(`/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'fetch', origin: SHOP, cookie },
    body: JSON.stringify(body),
  });
}

/** A signed-in shopper's card order waiting on the sandbox page (Arabic pages when `lang` is ar). */
async function cardOrder(lang: 'en' | 'ar') {
  const signUp = await shopApi(
    '/user/register',
    { name: 'Mariam', email: `ways-${crypto.randomUUID()}@example.com`, password: 'secret1' },
    '',
  );
  expect(signUp.status).toBe(200);
  const cookie = cookiesFrom(signUp);
  const address = await shopApi('/user/address/new', ADDRESS, cookie);
  const submit = await storefront('/api/order/submit', {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: SHOP, cookie, lang },
    body: JSON.stringify({
      items: [{ sku_id: 101, count: 1 }],
      payment_method: 'card',
      card_method: 'knet',
      address_id: ((await address.json()) as any).data.id,
      idempotency_key: crypto.randomUUID(),
    }),
  });
  expect(submit.status).toBe(200);
  const { order, payment } = ((await submit.json()) as any).data;
  return {
    cookie: mergeCookies(cookie, cookiesFrom(submit)),
    orderId: order.id as number,
    paymentId: payment.id as string,
  };
}

/** The sandbox page's choice, as its form posts it. */
function choose(paymentId: string, outcome: string, cookie: string, over: { api?: Fetcher; back?: string } = {}) {
  const body = new URLSearchParams({ outcome, ...(over.back ? { back: over.back } : {}) }).toString();
  return storefront(
    `/payments/sandbox/${paymentId}`,
    { method: 'POST', headers: { origin: SHOP, 'content-type': 'application/x-www-form-urlencoded', cookie }, body },
    over.api ? { API: over.api } : {},
  );
}

const orderState = async (orderId: number) =>
  (await env.API_DB.prepare('SELECT status FROM orders WHERE id = ?').bind(orderId).first<{ status: string }>())!
    .status;
const paymentState = async (paymentId: string) =>
  (await env.API_DB.prepare('SELECT status FROM payments WHERE id = ?').bind(paymentId).first<{ status: string }>())!
    .status;

/** Follows the way back: the order's page renders with the order's state for the shopper. */
async function landsOnOrder(res: Response, orderId: number, cookie: string, lang: 'en' | 'ar') {
  expect(res.status).toBe(303);
  const location = res.headers.get('location')!;
  expect(location).toBe(`${lang === 'ar' ? '/ar' : ''}/checkout/success?order=${orderId}`);
  const page = await storefront(location, { headers: { cookie } });
  expect(page.status).toBe(200);
  const html = await page.text();
  expect(html).not.toContain('404 Not Found');
  const view = await storefront(`/api/order/${orderId}`, { headers: { cookie } });
  expect(view.status).toBe(200);
  return ((await view.json()) as any).data as { status: string; can_pay_again: boolean };
}

describe('the ways back from the payment sandbox', () => {
  it.each(['en', 'ar'] as const)('paid: back on the order, paid (%s)', async (lang) => {
    const { cookie, orderId, paymentId } = await cardOrder(lang);
    const order = await landsOnOrder(await choose(paymentId, 'succeeded', cookie), orderId, cookie, lang);
    expect(order.status).toBe('paid');
    expect(await paymentState(paymentId)).toBe('succeeded');
  });

  it('failed: back on the order, which says so and offers to pay again', async () => {
    const { cookie, orderId, paymentId } = await cardOrder('en');
    const order = await landsOnOrder(await choose(paymentId, 'failed', cookie), orderId, cookie, 'en');
    expect(order).toMatchObject({ status: 'payment_failed', can_pay_again: true });
    expect(await paymentState(paymentId)).toBe('failed');
  });

  it('cancelled: back on the order, whose payment is closed', async () => {
    const { cookie, orderId, paymentId } = await cardOrder('en');
    const order = await landsOnOrder(await choose(paymentId, 'cancelled', cookie), orderId, cookie, 'en');
    expect(order.status).toBe('payment_failed');
    expect(await paymentState(paymentId)).toBe('cancelled');
  });

  it.each(['en', 'ar'] as const)(
    'paid again by card after a failure, then cancelled: back on the order (%s)',
    async (lang) => {
      const { cookie, orderId, paymentId } = await cardOrder(lang);
      await landsOnOrder(await choose(paymentId, 'failed', cookie), orderId, cookie, lang);
      for (let attempt = 0; attempt < 3; attempt++) {
        const again = await storefront('/api/order/payAgain', {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: SHOP, cookie, lang },
          body: JSON.stringify({ order_id: orderId }),
        });
        expect(again.status).toBe(200);
        const { payment } = ((await again.json()) as any).data;
        expect(new URL(payment.url).pathname).toBe(`/payments/sandbox/${payment.id}`);
        // The second attempt's own page, then its cancel.
        const sandbox = await storefront(new URL(payment.url).pathname, { headers: { cookie } });
        expect(sandbox.status).toBe(200);
        const order = await landsOnOrder(await choose(payment.id, 'cancelled', cookie), orderId, cookie, lang);
        expect(order).toMatchObject({ status: 'payment_failed', can_pay_again: true });
        expect(await paymentState(payment.id)).toBe('cancelled');
      }
      expect(await orderState(orderId)).toBe('payment_failed');
    },
  );
});

describe('when the API cannot record the choice', () => {
  const back = '/ar/checkout/success?order=4242';

  it('its database busy: the shopper is taken back to the order (the open charge is settled later), not a 404', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const busy = stubApi(() => {
      const res = envelope(null, 503, 'service_busy');
      res.headers.set('retry-after', '2');
      return res;
    });
    const res = await choose('pay_0123456789abcdef01234567', 'cancelled', 'dtk=dv1.d.t', { api: busy.fetcher, back });
    vi.restoreAllMocks();
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(back);
  });

  it('a way back that is not a path of this shop goes home instead', async () => {
    const busy = stubApi(() => envelope(null, 503, 'service_busy'));
    const res = await choose('pay_0123456789abcdef01234567', 'cancelled', 'dtk=dv1.d.t', {
      api: busy.fetcher,
      back: '//evil.example/x',
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/');
  });

  it('a payment the API does not know: a page of this shop in the way-back language, not a bare 404', async () => {
    const unknown = stubApi(() => envelope(null, 404, 'not_found'));
    const res = await choose('pay_0123456789abcdef01234567', 'cancelled', 'dtk=dv1.d.t', {
      api: unknown.fetcher,
      back,
    });
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).not.toBe('404 Not Found');
    expect(html).toMatch(/<html lang="ar" dir="rtl">/);
    expect(html).toContain('href="/ar/checkout/success?order=4242"');
  });

  it('the sandbox page itself, its payment unknown or the API busy: a page of this shop, not a bare 404', async () => {
    const unknown = stubApi(() => envelope(null, 404, 'not_found'));
    const missing = await storefront('/payments/sandbox/pay_0123456789abcdef01234567', {}, { API: unknown.fetcher });
    expect(missing.status).toBe(404);
    const text = await missing.text();
    expect(text).not.toBe('404 Not Found');
    expect(text).toContain('<html lang="en"');
    const busy = stubApi(() => envelope(null, 503, 'service_busy'));
    const later = await storefront('/payments/sandbox/pay_0123456789abcdef01234567', {}, { API: busy.fetcher });
    expect(later.status).toBe(503);
    expect(later.headers.get('retry-after')).toBeTruthy();
    expect(await later.text()).toContain('<html lang="en"');
  });
});
