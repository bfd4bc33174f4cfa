// A cart moved between countries (issue 77): the carts' syncs say what the new country does not sell;
// a checkout whose totals were taken in one country is never placed in another's currency, and the
// order placed after it is one country's throughout (currency, prices, VAT, delivery, payment), with
// the old country's wallet left alone.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogueFixture } from '../fixtures/catalogue';
import { call, deviceToken, json, registerShopper, saveAddress, shopperHeaders, stockOf } from './helpers';

let device: string;

const post = (path: string, body: unknown, user: string | null, country: string) =>
  call(path, { body: JSON.stringify(body), token: device, headers: shopperHeaders(user, country) });

beforeAll(async () => {
  await loadCatalogueFixture(env.DB);
  device = await deviceToken();
});

describe('the carts say what a country does not sell', () => {
  it('a blood test priced in Kuwait only is named as not sold in Saudi Arabia, the rest priced in riyals', async () => {
    // SKU 1036 has a Kuwaiti price and no Saudi one (migration 0020); 1001 has both.
    const kw = await json(await post('/bloodTest/sku', { ids: [1001, 1036] }, null, 'KW'));
    expect(kw.data.items.map((i: { id: number }) => i.id).sort()).toEqual([1001, 1036]);
    expect(kw.data.not_sold).toEqual([]);

    const sa = await json(await post('/bloodTest/sku', { ids: [1001, 1036] }, null, 'SA'));
    expect(sa.data.items).toEqual([
      expect.objectContaining({ id: 1001, currency: 'SAR', price: { price: 15000, old_price: 19900 } }),
    ]);
    expect(sa.data.not_sold).toEqual([1036]);
  });

  it("the product cart's sync answers which asked SKUs the country does not sell", async () => {
    const sa = await json(await post('/product/sku', { ids: [101], exclude_purchase_together: true }, null, 'SA'));
    expect(sa.data.items.map((i: { id: number }) => i.id)).toEqual([101]);
    // One catalogue for every country today (catalogue/sold-in.ts): nothing active is refused.
    expect(sa.data.not_sold).toEqual([]);
  });
});

describe('switching country mid-checkout', () => {
  it('refuses an order whose totals were taken in the old currency, then places it in the new country throughout', async () => {
    const shopper = await registerShopper(device, 'cart-country');
    const addressSA = await saveAddress(device, shopper.token, 'SA');
    // Her wallet in Kuwait: it stays in dinars and is never spent in riyals.
    await env.DB.prepare("INSERT INTO wallet_accounts (user_id, currency, balance) VALUES (?, 'KWD', 50000)")
      .bind(shopper.id)
      .run();
    const items = [{ sku_id: 101, count: 2 }];

    // The review step's totals, taken in Kuwait.
    const kw = (await json(await post('/order/calculate', { items, use_wallet: true }, shopper.token, 'KW'))).data;
    expect(kw.currency).toBe('KWD');
    expect(kw.wallet_balance).toBe(50000);

    // The country is switched (another tab, the header): the place-order call carries the new one.
    const stock = await stockOf(101);
    const refused = await post(
      '/order/submit',
      {
        idempotency_key: crypto.randomUUID(),
        items,
        currency: kw.currency,
        payment_method: 'card',
        address_id: addressSA,
        use_wallet: true,
      },
      shopper.token,
      'SA',
    );
    expect(refused.status).toBe(409);
    expect((await json(refused)).meta.msg).toBe('checkout_country_changed');
    expect(await stockOf(101)).toBe(stock);
    const none = await env.DB.prepare('SELECT count(*) AS n FROM orders WHERE user_id = ?')
      .bind(shopper.id)
      .first<{ n: number }>();
    expect(none!.n).toBe(0);

    // Re-priced in Saudi Arabia: her Kuwaiti wallet is not offered there.
    const sa = (await json(await post('/order/calculate', { items, use_wallet: true }, shopper.token, 'SA'))).data;
    expect(sa.currency).toBe('SAR');
    expect(sa.wallet_balance).toBe(0);
    expect(sa.wallet_used).toBe(0);
    const placed = await post(
      '/order/submit',
      {
        idempotency_key: crypto.randomUUID(),
        items,
        currency: sa.currency,
        payment_method: 'card',
        card_method: 'mada',
        address_id: addressSA,
        use_wallet: true,
      },
      shopper.token,
      'SA',
    );
    expect(placed.status).toBe(200);
    const { order, payment } = (await json(placed)).data;

    // The stored order and its payment are Saudi Arabia's throughout, as the new totals said.
    const row = await env.DB.prepare(
      'SELECT country, currency, subtotal, delivery, vat, total, wallet_used FROM orders WHERE id = ?',
    )
      .bind(order.id)
      .first<Record<string, unknown>>();
    expect(row).toEqual({
      country: 'SA',
      currency: 'SAR',
      subtotal: sa.subtotal,
      delivery: sa.delivery,
      vat: sa.vat,
      total: sa.total,
      wallet_used: 0,
    });
    const items_ = await env.DB.prepare('SELECT unit_price FROM order_items WHERE order_id = ?').bind(order.id).all();
    expect(items_.results).toEqual([{ unit_price: sa.lines[0].unit_price }]);
    const pay = await env.DB.prepare('SELECT amount, currency FROM payments WHERE id = ?')
      .bind(payment.id)
      .first<{ amount: number; currency: string }>();
    expect(pay).toEqual({ amount: sa.total, currency: 'SAR' });
    const wallet = await env.DB.prepare('SELECT currency, balance FROM wallet_accounts WHERE user_id = ?')
      .bind(shopper.id)
      .all();
    expect(wallet.results).toEqual([{ currency: 'KWD', balance: 50000 }]);
  });
});
