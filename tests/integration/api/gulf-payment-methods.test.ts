// Paying the Gulf way through the gateway: which of Tabby, Tamara and STC Pay each country and amount
// allow (and why not), STC Pay's account number (Saudi mobiles only, Arabic-Indic digits accepted),
// refusals that hold nothing, wallet top-ups by card only, and a Tabby order refunded and cancelled
// back through the gateway; and the Emirates end to end (issue 77): a +971 shopper's AED cart, its ways to
// pay, a cash-on-delivery order placed and its order page with the UAE tax invoice.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogueFixture } from '../fixtures/catalogue';
import { call, deviceToken, json, saveAddress, registerShopper } from './helpers';
import { staffCall, staffWith, type TestStaff } from './staff-helpers';

let device: string;
let shopper: string;
let shopperId: number;
let addressKW: number;
let addressSA: number;
let support: TestStaff;

const headers = (user: string | null, country: string, lang = 'en'): Record<string, string> => ({
  ...(user ? { authorization: `Bearer ${user}` } : {}),
  'x-country': country,
  lang,
});
const post = (path: string, body: unknown, user: string | null, country = 'KW', lang = 'en') =>
  call(path, { body: JSON.stringify(body), token: device, headers: headers(user, country, lang) });
const stock = async (sku: number) =>
  (await env.DB.prepare('SELECT stock FROM skus WHERE id = ?').bind(sku).first<{ stock: number }>())!.stock;
const orderCount = async () => (await env.DB.prepare('SELECT count(*) AS n FROM orders').first<{ n: number }>())!.n;
const submit = (country: 'KW' | 'SA', extra: Record<string, unknown>, items = [{ sku_id: 101, count: 1 }]) =>
  post(
    '/order/submit',
    {
      items,
      payment_method: 'card',
      address_id: country === 'KW' ? addressKW : addressSA,
      idempotency_key: crypto.randomUUID(),
      ...extra,
    },
    shopper,
    country,
  );
/** More than 5,000 SAR: 50 × SAR 49.11 and 10 × SAR 336.72 with delivery free. */
const LARGE_CART = [
  { sku_id: 101, count: 50 },
  { sku_id: 501, count: 10 },
];

beforeAll(async () => {
  await loadCatalogueFixture(env.DB);
  device = await deviceToken();
  ({ token: shopper, id: shopperId } = await registerShopper(device, 'gulf-pay'));
  addressKW = await saveAddress(device, shopper, 'KW', { recipient: 'Noura' });
  addressSA = await saveAddress(device, shopper, 'SA', { phone: '0512345678' });
  support = await staffWith([{ role: 'support', country: null }], { name: 'Support' });
});

describe('which ways the review step offers', () => {
  it('lists Tabby for a Kuwaiti cart, and STC Pay, Tabby and Tamara for a Saudi one', async () => {
    const kw = (await json(await post('/order/calculate', { items: [{ sku_id: 101, count: 1 }] }, shopper))).data;
    expect(kw.card_methods).toEqual(['knet', 'card', 'apple_pay', 'tabby']);
    const sa = (await json(await post('/order/calculate', { items: [{ sku_id: 101, count: 1 }] }, shopper, 'SA'))).data;
    expect(sa.card_methods).toEqual(['mada', 'card', 'apple_pay', 'stc_pay', 'tabby', 'tamara']);
    expect(sa.unavailable_methods).toEqual([]);
  });

  it('keeps the pay-later providers out above their maximum, saying which limit', async () => {
    const { data } = await json(await post('/order/calculate', { items: LARGE_CART }, shopper, 'SA'));
    expect(data.due).toBeGreaterThan(500_000);
    expect(data.card_methods).toEqual(['mada', 'card', 'apple_pay', 'stc_pay']);
    expect(data.unavailable_methods).toEqual([
      { method: 'tabby', reason: 'above_maximum', limit: 500_000 },
      { method: 'tamara', reason: 'above_maximum', limit: 500_000 },
    ]);
  });

  it('judges the amount still due once the wallet has paid its part: below the minimum, no Tabby', async () => {
    await env.DB.prepare(
      "INSERT INTO wallet_accounts (user_id, currency, balance) VALUES (?, 'KWD', 3800) ON CONFLICT (user_id, currency) DO UPDATE SET balance = 3800",
    )
      .bind(shopperId)
      .run();
    // 3.500 KWD + 1.000 KWD delivery − 3.800 KWD from the wallet: 0.700 KWD due.
    const { data } = await json(
      await post('/order/calculate', { items: [{ sku_id: 101, count: 1 }], use_wallet: true }, shopper),
    );
    expect(data.due).toBe(700);
    expect(data.unavailable_methods).toEqual([{ method: 'tabby', reason: 'below_minimum', limit: 1_000 }]);
    const before = { stock: await stock(101), orders: await orderCount() };
    const refused = await submit('KW', { card_method: 'tabby', use_wallet: true });
    expect(refused.status).toBe(400);
    expect((await json(refused)).meta.msg).toBe('payment_method_below_minimum');
    expect({ stock: await stock(101), orders: await orderCount() }).toEqual(before);
    await env.DB.prepare('UPDATE wallet_accounts SET balance = 0 WHERE user_id = ?').bind(shopperId).run();
  });
});

describe('placing an order with them', () => {
  it('refuses a pay-later order above the maximum and STC Pay in Kuwait, holding nothing', async () => {
    const before = { a: await stock(101), b: await stock(501), orders: await orderCount() };
    const big = await submit('SA', { card_method: 'tamara' }, LARGE_CART);
    expect(big.status).toBe(400);
    expect((await json(big)).meta.msg).toBe('payment_method_above_maximum');
    const kw = await submit('KW', { card_method: 'stc_pay', stc_pay_phone: '512345678' });
    expect(kw.status).toBe(400);
    expect((await json(kw)).meta.msg).toBe('payment_method_unavailable');
    expect({ a: await stock(101), b: await stock(501), orders: await orderCount() }).toEqual(before);
  });

  it('charges STC Pay to the number typed in Arabic-Indic digits, else to the delivery phone', async () => {
    const typed = await json(await submit('SA', { card_method: 'stc_pay', stc_pay_phone: '٠٥٤٨ ٢٢٠ ٧١٣' }));
    expect(typed.data.order).toMatchObject({ status: 'pending_payment', card_method: 'stc_pay' });
    const row = await env.DB.prepare('SELECT method, payer_phone FROM payments WHERE id = ?')
      .bind(typed.data.payment.id)
      .first<{ method: string; payer_phone: string }>();
    expect(row).toEqual({ method: 'stc_pay', payer_phone: '+966548220713' });
    // The sandbox's code page shows the number the code went to.
    const page = await json(
      await call(`/dev/payments/${typed.data.payment.id}`, { token: device, headers: headers(shopper, 'SA') }),
    );
    expect(page.data).toMatchObject({ method: 'stc_pay', payer_phone: '+966548220713' });

    const fallback = await json(await submit('SA', { card_method: 'stc_pay' }));
    const phone = await env.DB.prepare('SELECT payer_phone FROM payments WHERE id = ?')
      .bind(fallback.data.payment.id)
      .first<{ payer_phone: string }>();
    expect(phone!.payer_phone).toBe('+966512345678');
  });

  it('refuses an STC Pay number that is no Saudi mobile, before anything is held', async () => {
    const before = { stock: await stock(101), orders: await orderCount() };
    for (const bad of ['98765432', '412345678', '+9665123', 'phone']) {
      const res = await submit('SA', { card_method: 'stc_pay', stc_pay_phone: bad });
      expect(res.status).toBe(400);
      const body = await json(res);
      expect(body.data.fields).toEqual([
        expect.objectContaining({ field: 'stc_pay_phone', message: 'stc_pay_phone_invalid' }),
      ]);
    }
    expect({ stock: await stock(101), orders: await orderCount() }).toEqual(before);
  });

  it('never tops the wallet up with a pay-later provider or STC Pay', async () => {
    for (const method of ['tabby', 'tamara', 'stc_pay']) {
      const res = await post('/user/wallet/charge', { amount: 5000, payment_method: method }, shopper, 'SA');
      expect(res.status).toBe(400);
    }
    const card = await post('/user/wallet/charge', { amount: 5000, payment_method: 'mada' }, shopper, 'SA');
    expect(card.status).toBe(200);
  });
});

describe('a Tabby order after it is paid', () => {
  async function paidTabbyOrder(): Promise<{ id: number; due: number }> {
    const placed = await json(await submit('SA', { card_method: 'tabby' }));
    expect(placed.data.payment.url).toContain(`/payments/sandbox/${placed.data.payment.id}`);
    const paid = await call(`/dev/payments/${placed.data.payment.id}`, {
      body: JSON.stringify({ outcome: 'succeeded' }),
      token: device,
      headers: headers(shopper, 'SA'),
    });
    expect(paid.status).toBe(200);
    return { id: placed.data.order.id, due: placed.data.order.totals.due };
  }

  it('is refunded in part back through the gateway, and the shopper sees where it went', async () => {
    const { id, due } = await paidTabbyOrder();
    const refund = await staffCall(support.token, `/staff/orders/${id}/refund`, {
      json: { amount: 1000, method: 'gateway', reason: 'damaged', idempotency_key: crypto.randomUUID() },
    });
    expect(refund.status).toBe(200);
    expect((await json(refund)).data.money).toMatchObject({ refunded: 1000, gateway_refundable: due - 1000 });
    const order = (await json(await call(`/user/order/${id}`, { token: device, headers: headers(shopper, 'SA') })))
      .data;
    expect(order.card_method).toBe('tabby');
    expect(order.refunds).toEqual([expect.objectContaining({ amount: 1000, method: 'gateway', status: 'succeeded' })]);
  });

  it('gives the rest back through the gateway when the shop cancels it', async () => {
    const { id, due } = await paidTabbyOrder();
    const cancelled = await staffCall(support.token, `/staff/orders/${id}/cancel`, {
      json: { confirm: true, note: 'Shopper changed her mind' },
    });
    expect(cancelled.status).toBe(200);
    const refunds = await env.DB.prepare('SELECT amount, method FROM refunds WHERE order_id = ?')
      .bind(id)
      .all<{ amount: number; method: string }>();
    expect(refunds.results).toEqual([{ amount: due, method: 'gateway' }]);
  });
});

describe('the Emirates', () => {
  let mariam: string;
  let addressId: number;

  it('prices an AED cart, offers cards, Apple Pay, Tabby, Tamara and cash, and places a cash order with its tax invoice', async () => {
    ({ token: mariam } = await registerShopper(device, 'uae', 'Mariam'));
    const address = await call('/user/address/new', {
      body: JSON.stringify({
        country: 'AE',
        recipient: 'Mariam',
        phone: '+971 50 123 4567',
        city_id: 26,
        district: 'Al Barsha 1',
        street: 'Street 21',
        building: 'Marina Heights',
        apartment: '1204',
      }),
      token: device,
      headers: headers(mariam, 'AE'),
    });
    expect(address.status).toBe(200);
    addressId = (await json(address)).data.id as number;

    // The owner's own AED price (the Emirates price their SKUs, decision 77's own prices): AED 45.00.
    await env.DB.prepare("INSERT INTO sku_country_prices (sku_id, country, price) VALUES (101, 'AE', 4500)").run();
    const items = [{ sku_id: 101, count: 2 }];
    const quote = (await json(await post('/order/calculate', { items, address_id: addressId }, mariam, 'AE'))).data;
    expect(quote.card_methods).toEqual(['card', 'apple_pay', 'tabby', 'tamara']);
    expect(quote.payment_methods).toContain('cod');
    expect(quote.vat_rate).toBe(5);

    const placed = await json(
      await post(
        '/order/submit',
        { items, payment_method: 'cod', address_id: addressId, idempotency_key: crypto.randomUUID() },
        mariam,
        'AE',
      ),
    );
    const id = placed.data.order.id as number;
    const order = (await json(await call(`/user/order/${id}`, { token: device, headers: headers(mariam, 'AE', 'ar') })))
      .data;
    expect(order).toMatchObject({ status: 'placed', payment_method: 'cod', country: 'AE', currency: 'AED' });
    expect(order.vat_basis_points).toBe(500);
    expect(order.items[0]).toMatchObject({ unit_price: 4500, count: 2, line_total: 9000 });
    expect(order.address).toMatchObject({ phone: '+971501234567', city_name: 'Dubai', district: 'Al Barsha 1' });
    // 5 % included: the total's VAT rounded once, in fils; the total matches the quote.
    expect(order.totals.total).toBe(quote.total);
    expect(order.totals.vat).toBe(Math.round((order.totals.total * 500) / 10_500));
    const invoice = order.tax_invoice;
    expect(invoice).toMatchObject({
      form: 'uae-tax-invoice',
      qr: '',
      vat: order.totals.vat,
      total: order.totals.total,
    });
    expect(invoice.vat_number).toMatch(/^100\d{12}$/);
    expect(invoice.lines[0]).toMatchObject({
      count: 2,
      total: order.items[0].line_total,
      vat: 429, // AED 90.00 holds 428.57 fils of VAT
    });
  });

  // Cash on delivery where the owner allows (issue 77): her switch and cap per country, in its own currency.
  it('offers no cash once the owner turns it off in the Emirates, says why, refuses it holding nothing; Kuwait keeps it', async () => {
    // As the back office's Amounts page saves it (its route: country-amounts.test.ts).
    const set = (enabled: 0 | 1, maxMinor: number | null) =>
      env.DB.prepare("UPDATE country_settings SET cod_enabled = ?, cod_max_minor = ? WHERE country = 'AE'")
        .bind(enabled, maxMinor)
        .run();
    await set(0, null);

    const items = [{ sku_id: 101, count: 1 }];
    const quote = (await json(await post('/order/calculate', { items, address_id: addressId }, mariam, 'AE'))).data;
    expect(quote.payment_methods).not.toContain('cod');
    expect(quote.unavailable_methods).toContainEqual({ method: 'cod', reason: 'cod_off', limit: 0 });
    const [orders, held] = [await orderCount(), await stock(101)];
    const cash = (count: number) =>
      post(
        '/order/submit',
        {
          items: [{ sku_id: 101, count }],
          payment_method: 'cod',
          address_id: addressId,
          idempotency_key: crypto.randomUUID(),
        },
        mariam,
        'AE',
      );
    const refused = await cash(1);
    expect(refused.status).toBe(409);
    expect((await json(refused)).meta.msg).toBe('cod_unavailable');
    expect([await orderCount(), await stock(101)]).toEqual([orders, held]);
    // Kuwait's cash is its own: still offered, nothing said against it.
    const kw = (await json(await post('/order/calculate', { items }, shopper))).data;
    expect(kw.payment_methods).toContain('cod');
    expect(kw.unavailable_methods.map((u: { method: string }) => u.method)).not.toContain('cod');

    // Back on with a cap of AED 100.00 (10,000 fils, not converted): three items above it, one under.
    await set(1, 10_000);
    const three = (
      await json(
        await post('/order/calculate', { items: [{ sku_id: 101, count: 3 }], address_id: addressId }, mariam, 'AE'),
      )
    ).data;
    expect(quote.due).toBeLessThanOrEqual(10_000);
    expect(three.due).toBeGreaterThan(10_000);
    expect(three.payment_methods).not.toContain('cod');
    expect(three.unavailable_methods).toContainEqual({ method: 'cod', reason: 'above_maximum', limit: 10_000 });
    const over = await cash(3);
    expect(over.status).toBe(409);
    expect(await json(over)).toMatchObject({ meta: { msg: 'cod_above_maximum' } });
    expect([await orderCount(), await stock(101)]).toEqual([orders, held]);
    // One item (the quote above, under the cap) is paid in cash.
    expect((await cash(1)).status).toBe(200);
    expect(await orderCount()).toBe(orders + 1);
  });
});
