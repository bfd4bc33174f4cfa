// Cancelling a paid card order from the staff order page: the cancel form offers where the
// card payment goes back (the gateway by default, the shopper's wallet when there is an account), and
// a refund the gateway refuses during the cancel shows as an error after the redirect, with the
// failed refund and the way to refund again.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatMinor, minorToDecimal } from '#shared/money';
import { loadCatalogueFixture } from '../fixtures/catalogue';
import { cookiesFrom, storefront } from './helpers';
import { mergeCookies, staffPage, staffPost, staffSignIn } from './staff-session';

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

/** The key the order page's refund form was shown with. */
const refundKey = (html: string) => /name="idempotency_key" value="([0-9a-f-]{36})"/.exec(html)![1]!;

async function shopApi(path: string, body: unknown, cookie: string) {
  return storefront(`/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'fetch', origin: SHOP, cookie },
    body: JSON.stringify(body),
  });
}

/** A card order paid on the sandbox page: by a signed-in shopper, or by a guest (no account). */
async function paidCardOrder(guest: boolean): Promise<{ id: number; card: number }> {
  let shopper = '';
  const order: Record<string, unknown> = {
    items: [{ sku_id: 101, count: 1 }],
    payment_method: 'card',
    card_method: 'knet',
    idempotency_key: crypto.randomUUID(),
  };
  if (guest) {
    order.email = `guest-${crypto.randomUUID()}@example.com`;
    order.address = ADDRESS;
  } else {
    const signUp = await shopApi(
      '/user/register',
      { name: 'Mariam', email: `mariam-${crypto.randomUUID()}@example.com`, password: 'secret1' },
      '',
    );
    expect(signUp.status).toBe(200);
    shopper = cookiesFrom(signUp);
    const address = await shopApi('/user/address/new', ADDRESS, shopper);
    expect(address.status).toBe(200);
    order.address_id = ((await address.json()) as any).data.id;
  }
  const submit = await shopApi('/order/submit', order, shopper);
  expect(submit.status).toBe(200);
  const { order: placed, payment } = ((await submit.json()) as any).data;
  // The guest's device cookie (set by the submit) owns the payment as the signed-in shopper's would.
  const owner = mergeCookies(shopper, cookiesFrom(submit));
  const paid = await storefront(`/payments/sandbox/${payment.id}`, {
    method: 'POST',
    headers: { origin: SHOP, 'content-type': 'application/x-www-form-urlencoded', cookie: owner },
    body: 'outcome=succeeded',
  });
  expect(paid.status).toBe(303);
  const row = await env.API_DB.prepare('SELECT status FROM payments WHERE id = ?')
    .bind(payment.id)
    .first<{ status: string }>();
  expect(row!.status).toBe('succeeded');
  return { id: placed.id as number, card: placed.totals.due as number };
}

/** The cancel form's radio button for one refund method, as rendered. */
function refundRadio(html: string, method: 'gateway' | 'wallet'): string {
  const input = html.match(new RegExp(`<input[^>]*id="cancel-refund-${method}"[^>]*>`))?.[0];
  expect(input, method).toBeDefined();
  return input!;
}

beforeAll(async () => {
  await loadCatalogueFixture(env.API_DB);
});

describe("the cancel form's refund choice", () => {
  it('offers the gateway by default and the wallet for an account order, in both languages', async () => {
    const { id, card } = await paidCardOrder(false);
    const owner = (await staffSignIn([{ role: 'owner', country: null }], { name: 'Owner' })).cookie;
    const html = await (await staffPage(`/orders/${id}`, owner)).text();
    expect(html).toContain(`action="/orders/${id}/cancel"`);
    expect(html).toContain(`The card payment not yet refunded (${formatMinor(card, 'KWD', 'en', 'KW')}) goes back to`);
    const gateway = refundRadio(html, 'gateway');
    expect(gateway).toContain('name="refund_method"');
    expect(gateway).toContain('value="gateway"');
    expect(gateway).toMatch(/\schecked=""/);
    const wallet = refundRadio(html, 'wallet');
    expect(wallet).toContain('value="wallet"');
    expect(wallet).not.toMatch(/\schecked/);
    expect(wallet).not.toMatch(/\sdisabled/);
    expect(html).toContain('Card (payment gateway)');
    expect(html).toContain('Shop wallet');
    // Which of the gateway's ways took the payment (a refund goes back the same way).
    expect(html.replace(/<!-- -->/g, '')).toContain('Card (KNET)');

    const ar = (await staffSignIn([{ role: 'owner', country: null }], { lang: 'ar', name: 'Owner' })).cookie;
    const arHtml = await (await staffPage(`/orders/${id}`, ar)).text();
    expect(arHtml).toContain(`يُعاد المبلغ المدفوع بالبطاقة غير المسترد (${formatMinor(card, 'KWD', 'ar', 'KW')}) إلى`);
    expect(arHtml).toContain('محفظة المتجر');
    // The payment line: its way and state in the clerk's language, never the API's codes (knet, succeeded).
    const payment = (page: string) =>
      page.match(/data-testid="order-payment"[^>]*>([\s\S]*?)<\/li>/)?.[1]?.replace(/<[^>]+>|<!-- -->/g, '');
    expect(payment(html)).toMatch(/ · KNET · .* · paid · /);
    expect(payment(arHtml)).toMatch(/ · كي نت · .* · مدفوعة · /);
    expect(payment(arHtml)).not.toMatch(/knet|succeeded/);

    // The clerk's choice goes to the API: the wallet here.
    const cancelled = await staffPost(`/orders/${id}/cancel`, { confirm: 'yes', refund_method: 'wallet' }, owner);
    expect(cancelled.status).toBe(303);
    expect(cancelled.headers.get('location')).toBe(`/orders/${id}?done=cancel`);
    const refund = await env.API_DB.prepare('SELECT amount, method, status FROM refunds WHERE order_id = ?')
      .bind(id)
      .first();
    expect(refund).toEqual({ amount: card, method: 'wallet', status: 'succeeded' });
  });

  it("offers a guest's order the gateway only (no wallet without an account)", async () => {
    const { id } = await paidCardOrder(true);
    const owner = (await staffSignIn([{ role: 'owner', country: null }])).cookie;
    const html = await (await staffPage(`/orders/${id}`, owner)).text();
    expect(refundRadio(html, 'gateway')).toMatch(/\schecked=""/);
    expect(refundRadio(html, 'wallet')).toMatch(/\sdisabled=""/);
  });
});

describe('the refund form', () => {
  it('carries a key of its own each time it is shown; sent twice, it refunds once; without a key, nothing', async () => {
    const { id, card } = await paidCardOrder(false);
    expect(card).toBeGreaterThan(1000);
    const owner = (await staffSignIn([{ role: 'owner', country: null }])).cookie;
    const page = await (await staffPage(`/orders/${id}`, owner)).text();
    const key = refundKey(page);
    expect(refundKey(await (await staffPage(`/orders/${id}`, owner)).text())).not.toBe(key);
    const form = { amount: minorToDecimal(1000, 3), method: 'wallet', reason: 'goodwill', idempotency_key: key };
    const both = await Promise.all([
      staffPost(`/orders/${id}/refund`, form, owner),
      staffPost(`/orders/${id}/refund`, form, owner),
    ]);
    expect(both.map((r) => r.headers.get('location'))).toEqual([
      `/orders/${id}?done=refund`,
      `/orders/${id}?done=refund`,
    ]);
    const { idempotency_key: _, ...keyless } = form;
    const bare = await staffPost(`/orders/${id}/refund`, keyless, owner);
    expect(bare.headers.get('location')).toBe(`/orders/${id}?error=validation_failed`);
    const refunds = await env.API_DB.prepare('SELECT amount FROM refunds WHERE order_id = ?').bind(id).all();
    expect(refunds.results).toEqual([{ amount: 1000 }]);
  });
});

describe('a card refund the gateway refuses during a cancel', () => {
  it('cancels, then shows the refusal and the failed refund on the order page', async () => {
    const { id, card } = await paidCardOrder(false);
    const owner = (await staffSignIn([{ role: 'owner', country: null }], { name: 'Owner' })).cookie;
    // The sandbox refuses a refund whose minor units end in 66: a first partial refund leaves such a rest.
    const earlier = (((card - 66) % 100) + 100) % 100;
    if (earlier > 0) {
      const form = await (await staffPage(`/orders/${id}`, owner)).text();
      const partial = await staffPost(
        `/orders/${id}/refund`,
        { amount: minorToDecimal(earlier, 3), method: 'gateway', reason: 'goodwill', idempotency_key: refundKey(form) },
        owner,
      );
      expect(partial.headers.get('location')).toBe(`/orders/${id}?done=refund`);
    }
    const rest = card - earlier;
    const cancelled = await staffPost(`/orders/${id}/cancel`, { confirm: 'yes', refund_method: 'gateway' }, owner);
    expect(cancelled.status).toBe(303);
    const location = cancelled.headers.get('location')!;
    expect(location).toBe(`/orders/${id}?done=cancel&error=refund_gateway_failed`);
    const html = await (await staffPage(location, owner)).text();
    expect(html).toContain('The order is cancelled; stock and coupon are back.');
    expect(html).toContain('The payment gateway refused the refund. Nothing was refunded.');
    expect(html).toContain(`The card refund of ${formatMinor(rest, 'KWD', 'en', 'KW')} (`);
    expect(html).toContain('Failed: not refunded');
    // The refund form offers the rest again.
    expect(html).toContain(`action="/orders/${id}/refund"`);
    expect(html).toContain(`value="${minorToDecimal(rest, 3)}"`);

    const ar = (await staffSignIn([{ role: 'owner', country: null }], { lang: 'ar', name: 'Owner' })).cookie;
    const arHtml = await (await staffPage(location, ar)).text();
    expect(arHtml).toContain('رفضت بوابة الدفع الاسترداد. لم يُسترد أي مبلغ.');
    expect(arHtml).toContain(`فشل استرداد ${formatMinor(rest, 'KWD', 'ar', 'KW')} إلى البطاقة`);
  });
});
