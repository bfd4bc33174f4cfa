// Orders a shopper left or cannot see without an account: resuming and cancelling a charge left on
// the card page, a guest's link to the order (success answer, confirmation mail, order lookup), and
// guest orders joining an account only once the account has proven its address.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogueFixture } from '../fixtures/catalogue';
import {
  ADDRESSES,
  call,
  deviceToken,
  GUEST_KW_ADDRESS,
  json,
  saveAddress,
  shopperHeaders,
  signUp,
  stockOf,
  submitOrder,
} from './helpers';

let token: string;
let userA: string;
let userB: string;
let addressKW: number;

const as = shopperHeaders;
const post = (path: string, body: unknown, user: string | null, extra: Record<string, string> = {}) =>
  call(path, { body: JSON.stringify(body), token, headers: { ...as(user), ...extra } });
const get = (path: string, user: string | null) => call(path, { token, headers: as(user) });
const key = () => crypto.randomUUID();
const stock = stockOf;
const used = async (code: string) =>
  (await env.DB.prepare('SELECT used FROM coupons WHERE code = ?').bind(code).first<{ used: number }>())!.used;
const KW_ADDRESS = GUEST_KW_ADDRESS;

const register = (email: string) => signUp(token, email, 'Shopper');

const lastMail = (to: string) =>
  env.DB.prepare('SELECT subject, body_text FROM mail_outbox WHERE to_address = ? ORDER BY id DESC LIMIT 1')
    .bind(to)
    .first<{ subject: string; body_text: string }>();

beforeAll(async () => {
  await loadCatalogueFixture(env.DB);
  await env.DB.prepare(
    "INSERT INTO coupons (id, code, kind, value, min_subtotal_fils, max_uses, once_per_shopper) VALUES (7, 'HOLD', 'percent', 1000, 0, 5, 0), (8, 'ONCEG', 'percent', 500, 0, NULL, 1)",
  ).run();
  token = await deviceToken();
  userA = await register('a.cancel@example.com');
  userB = await register('b.cancel@example.com');
  addressKW = await saveAddress(token, userA, 'KW');
});

describe('an order left on the card page', () => {
  it('offers Pay now with the same open charge, and Cancel gives stock, coupon and wallet back once', async () => {
    const before = await stock(601);
    const usedBefore = await used('HOLD');
    const placed = await submitOrder(token, userA, {
      items: [{ sku_id: 601, count: 2 }],
      payment_method: 'card',
      card_method: 'knet',
      coupon: 'HOLD',
      address_id: addressKW,
      idempotency_key: key(),
    });
    expect(await stock(601)).toBe(before - 2);
    expect((await json(await get(`/user/order/${placed.order.id}`, userA))).data).toMatchObject({
      status: 'pending_payment',
      can_pay_again: true,
      can_cancel: true,
    });

    // Pay now, after leaving the card page: the charge still open, not a second one.
    const resumed = (await json(await post('/order/payAgain', { order_id: placed.order.id }, userA))).data;
    expect(resumed.payment).toEqual({ id: placed.payment.id, url: placed.payment.url });
    expect(await stock(601)).toBe(before - 2);

    // Only the owner cancels.
    expect((await post('/order/cancel', { order_id: placed.order.id }, userB)).status).toBe(404);
    expect((await post('/order/cancel', { order_id: placed.order.id }, null)).status).toBe(404);
    const cancelled = await post('/order/cancel', { order_id: placed.order.id }, userA);
    expect(cancelled.status).toBe(200);
    expect((await json(cancelled)).data.order).toMatchObject({
      status: 'cancelled',
      can_pay_again: false,
      can_cancel: false,
    });
    expect(await stock(601)).toBe(before);
    expect(await used('HOLD')).toBe(usedBefore);
    // Idempotent: a second cancel changes nothing and answers the same order.
    const again = await post('/order/cancel', { order_id: placed.order.id }, userA);
    expect(again.status).toBe(200);
    expect(await stock(601)).toBe(before);
    expect(await used('HOLD')).toBe(usedBefore);
    // A late success of the cancelled charge changes nothing either.
    await call(`/dev/payments/${placed.payment.id}`, {
      body: JSON.stringify({ outcome: 'succeeded' }),
      token,
      headers: as(userA),
    });
    expect((await json(await get(`/user/order/${placed.order.id}`, userA))).data.status).toBe('cancelled');
    expect((await post('/order/payAgain', { order_id: placed.order.id }, userA)).status).toBe(409);
  });

  it('gives a cancelled wallet part back, and refuses to cancel a paid order or bad input', async () => {
    const charge = (await json(await post('/user/wallet/charge', { amount: 1000, payment_method: 'knet' }, userA)))
      .data;
    await call(`/dev/payments/${charge.id}`, {
      body: JSON.stringify({ outcome: 'succeeded' }),
      token,
      headers: as(userA),
    });
    const placed = await submitOrder(token, userA, {
      items: [{ sku_id: 601, count: 1 }],
      payment_method: 'card',
      use_wallet: true,
      address_id: addressKW,
      idempotency_key: key(),
    });
    expect((await json(await get('/user/wallet', userA))).data.balance).toBe(0);
    await post('/order/cancel', { order_id: placed.order.id }, userA);
    expect((await json(await get('/user/wallet', userA))).data.balance).toBe(1000);

    const paid = await submitOrder(token, userA, {
      items: [{ sku_id: 601, count: 1 }],
      payment_method: 'card',
      address_id: addressKW,
      idempotency_key: key(),
    });
    await call(`/dev/payments/${paid.payment.id}`, {
      body: JSON.stringify({ outcome: 'succeeded' }),
      token,
      headers: as(userA),
    });
    const refused = await post('/order/cancel', { order_id: paid.order.id }, userA);
    expect(refused.status).toBe(409);
    expect((await json(refused)).meta.msg).toBe('order_not_cancellable');
    expect((await post('/order/cancel', { order_id: 'x' }, userA)).status).toBe(400);
  });
});

describe('a guest finds their order', () => {
  it('through the link of the success answer and of the confirmation mail, which nobody can guess', async () => {
    const res = await submitOrder(token, null, {
      items: [{ sku_id: 401, count: 1 }],
      payment_method: 'cod',
      address: KW_ADDRESS,
      email: 'Guest.Link@Example.com',
      idempotency_key: key(),
    });
    expect(res.link).toMatch(/^[0-9a-f]{64}$/);
    const viaAnswer = await json(
      await call(`/order/link/${res.link}`, { token: await deviceToken(), headers: as(null) }),
    );
    expect(viaAnswer.data).toMatchObject({ id: res.order.id, email: 'Guest.Link@Example.com' });

    const mail = await lastMail('Guest.Link@Example.com');
    const mailed = mail!.body_text.match(/\/order-lookup\?key=([0-9a-f]{64})/);
    expect(mailed).not.toBeNull();
    expect((await json(await get(`/order/link/${mailed![1]}`, null))).data.id).toBe(res.order.id);
    // Only hashes are stored.
    const stored = await env.DB.prepare('SELECT token_hash FROM order_links WHERE order_id = ?')
      .bind(res.order.id)
      .all<{ token_hash: string }>();
    expect(stored.results.map((r) => r.token_hash)).not.toContain(res.link);
    expect((await get(`/order/link/${'0'.repeat(64)}`, null)).status).toBe(404);

    // A signed-in shopper's mail links to the order page, not to a guest link.
    const own = await submitOrder(token, userA, {
      items: [{ sku_id: 401, count: 1 }],
      payment_method: 'cod',
      address_id: addressKW,
      idempotency_key: key(),
    });
    expect(own.link).toBeNull();
    expect((await lastMail('a.cancel@example.com'))!.body_text).toContain(`/profile/orders?id=${own.order.id}`);
  });

  it('by order number and e-mail; a wrong one of either answers the same, and guessing is limited', async () => {
    const res = await submitOrder(token, null, {
      items: [{ sku_id: 401, count: 1 }],
      payment_method: 'cod',
      address: KW_ADDRESS,
      email: 'lookup@example.com',
      idempotency_key: key(),
    });
    const ip = { 'x-client-ip': '203.0.113.7' };
    const found = await post(
      '/order/lookup',
      { order_id: String(res.order.id), email: 'LOOKUP@example.com ' },
      null,
      ip,
    );
    expect(found.status).toBe(200);
    const { key: link } = (await json(found)).data;
    expect((await json(await get(`/order/link/${link}`, null))).data.id).toBe(res.order.id);

    const wrongEmail = await post(
      '/order/lookup',
      { order_id: String(res.order.id), email: 'someone@example.com' },
      null,
      ip,
    );
    const wrongNumber = await post(
      '/order/lookup',
      {
        order_id: String(res.order.id === 9_999_999_999 ? 1_000_000_000 : res.order.id + 1),
        email: 'lookup@example.com',
      },
      null,
      ip,
    );
    expect([wrongEmail.status, wrongNumber.status]).toEqual([404, 404]);
    expect((await json(wrongEmail)).meta.msg).toBe('order_lookup_not_found');
    expect((await json(wrongNumber)).meta.msg).toBe('order_lookup_not_found');
    expect((await post('/order/lookup', { order_id: 'abc', email: 'lookup@example.com' }, null, ip)).status).toBe(400);

    for (let n = 0; n < 8; n++)
      await post('/order/lookup', { order_id: '1000000000', email: 'x@example.com' }, null, ip);
    const limited = await post(
      '/order/lookup',
      { order_id: String(res.order.id), email: 'lookup@example.com' },
      null,
      ip,
    );
    expect(limited.status).toBe(429);
    // Another address is not limited by this one's guesses.
    expect(
      (
        await post('/order/lookup', { order_id: String(res.order.id), email: 'lookup@example.com' }, null, {
          'x-client-ip': '203.0.113.8',
        })
      ).status,
    ).toBe(200);
  });
});

describe('guest orders and a later account', () => {
  it('join the account only after it proved the address through the reset mail', async () => {
    const email = 'later.account@example.com';
    const guest = await submitOrder(token, null, {
      items: [{ sku_id: 401, count: 1 }],
      payment_method: 'cod',
      address: KW_ADDRESS,
      email,
      idempotency_key: key(),
    });
    // Someone who merely types the address at sign-up sees nothing.
    const account = await register('Later.Account@example.com');
    expect((await json(await get('/user/order', account))).data.items).toEqual([]);
    expect((await get(`/user/order/${guest.order.id}`, account)).status).toBe(404);

    await post('/user/forgot-password', { email: 'later.account@example.com' }, null);
    const mail = await lastMail('later.account@example.com');
    const resetToken = mail!.body_text.match(/token=([0-9a-f]+)/)![1];
    const reset = await json(
      await post('/user/reset-password', { token: resetToken, password: 'secret2', confirmPassword: 'secret2' }, null),
    );
    const signedIn = reset.data.access_token as string;
    const orders = (await json(await get('/user/order', signedIn))).data.items as Array<{ id: number }>;
    expect(orders.map((o) => o.id)).toEqual([guest.order.id]);
  });
});

describe('guest orders and a new account, through the sign-up mail', () => {
  it('mails a link at sign-up when the address has guest orders; opening it once moves them in', async () => {
    const email = 'verify.me@example.com';
    const guest = (
      await json(
        await post(
          '/order/submit',
          {
            items: [{ sku_id: 401, count: 1 }],
            payment_method: 'cod',
            address: KW_ADDRESS,
            email,
            idempotency_key: key(),
          },
          null,
        ),
      )
    ).data;
    const account = await register('Verify.Me@example.com');
    expect((await json(await get('/user/order', account))).data.items).toEqual([]);
    const mail = await env.DB.prepare(
      "SELECT subject, body_text FROM mail_outbox WHERE to_address = ? AND subject LIKE 'Add your earlier orders%'",
    )
      .bind('Verify.Me@example.com')
      .first<{ body_text: string }>();
    const token = mail!.body_text.match(/\/auth\/verify-email\?token=([0-9a-f]{64})/)![1];
    const opened = await post('/user/verify-email', { token }, null);
    expect(opened.status).toBe(200);
    expect((await json(opened)).data.claimed).toBe(1);
    expect((await json(await get('/user/order', account))).data.items.map((o: { id: number }) => o.id)).toEqual([
      guest.order.id,
    ]);
    // Single use, and nothing else accepted.
    const again = await post('/user/verify-email', { token }, null);
    expect([again.status, (await json(again)).meta.msg]).toEqual([400, 'verify_link_invalid']);
    expect((await post('/user/verify-email', { token: 'nope' }, null)).status).toBe(400);
  });

  it('mails only the confirmation link at sign-up when the address has no guest orders (decision 85)', async () => {
    await register('no.guest.orders@example.com');
    const mails = await env.DB.prepare('SELECT kind, subject FROM mail_outbox WHERE to_address = ?')
      .bind('no.guest.orders@example.com')
      .all<{ kind: string; subject: string }>();
    expect(mails.results).toEqual([{ kind: 'email_verification', subject: 'Confirm your e-mail – Gulf Vitamins' }]);
  });
});

describe("a guest's single-use coupon", () => {
  it('says it was already used at Apply on the review step (the e-mail known), not only at Place order', async () => {
    const email = 'coupon.guest@example.com';
    await post(
      '/order/submit',
      {
        items: [{ sku_id: 401, count: 1 }],
        payment_method: 'cod',
        coupon: 'ONCEG',
        address: KW_ADDRESS,
        email,
        idempotency_key: key(),
      },
      null,
    );
    const withEmail = (
      await json(
        await post(
          '/order/calculate',
          { items: [{ sku_id: 401, count: 1 }], coupon: 'ONCEG', email: 'Coupon.Guest@example.com' },
          null,
        ),
      )
    ).data;
    expect(withEmail.coupon).toMatchObject({ applied: false, problem: 'coupon_already_used' });
    const other = (
      await json(
        await post(
          '/order/calculate',
          { items: [{ sku_id: 401, count: 1 }], coupon: 'ONCEG', email: 'someone.new@example.com' },
          null,
        ),
      )
    ).data;
    expect(other.coupon).toMatchObject({ applied: true });
    expect(
      (await post('/order/calculate', { items: [{ sku_id: 401, count: 1 }], email: 'not-an-email' }, null)).status,
    ).toBe(400);
  });
});

describe('a session that ended mid-checkout', () => {
  it('answers 401 (sign in again) instead of treating the shopper as a guest', async () => {
    const shopper = await register('ended.session@example.com');
    await post('/user/logout', {}, shopper);
    const items = [{ sku_id: 401, count: 1 }];
    expect((await post('/order/calculate', { items }, shopper)).status).toBe(401);
    const submit = await post(
      '/order/submit',
      { items, payment_method: 'cod', address_id: addressKW, idempotency_key: key() },
      shopper,
    );
    expect([submit.status, (await json(submit)).meta.msg]).toEqual([401, 'unauthorized']);
    // A guest without a token still checks out.
    expect((await post('/order/calculate', { items }, null)).status).toBe(200);
  });
});

describe('a guest pays or cancels through the order link, on any device', () => {
  it('Pay now and Cancel take the link of that guest order; nothing else opens them', async () => {
    const placed = await submitOrder(token, null, {
      items: [{ sku_id: 601, count: 1 }],
      payment_method: 'card',
      card_method: 'knet',
      address: KW_ADDRESS,
      email: 'link.pay@example.com',
      idempotency_key: key(),
    });
    const other = await submitOrder(token, null, {
      items: [{ sku_id: 401, count: 1 }],
      payment_method: 'cod',
      address: KW_ADDRESS,
      email: 'link.other@example.com',
      idempotency_key: key(),
    });
    // The mail's "Open your order" link is opened on a phone: another device, no account.
    const phone = await deviceToken();
    const fromPhone = (path: string, body: unknown) =>
      call(path, { body: JSON.stringify(body), token: phone, headers: as(null) });
    const viaLink = (await json(await call(`/order/link/${placed.link}`, { token: phone, headers: as(null) }))).data;
    expect(viaLink).toMatchObject({ status: 'pending_payment', can_pay_again: true, can_cancel: true });

    // Without the link, or with another order's link, the phone is nobody.
    expect((await fromPhone('/order/payAgain', { order_id: placed.order.id })).status).toBe(404);
    expect((await fromPhone('/order/cancel', { order_id: placed.order.id, key: other.link })).status).toBe(404);
    expect((await fromPhone('/order/cancel', { order_id: placed.order.id, key: 'not-a-key' })).status).toBe(400);

    const resumed = (await json(await fromPhone('/order/payAgain', { order_id: placed.order.id, key: placed.link })))
      .data;
    expect(resumed.payment).toEqual({ id: placed.payment.id, url: placed.payment.url });
    const cancelled = await fromPhone('/order/cancel', { order_id: placed.order.id, key: placed.link });
    expect(cancelled.status).toBe(200);
    expect((await json(cancelled)).data.order).toMatchObject({ status: 'cancelled', can_cancel: false });
  });

  it("an account's order is not shown by number and e-mail: its owner signs in to see, pay or cancel it", async () => {
    const own = await submitOrder(token, userA, {
      items: [{ sku_id: 601, count: 1 }],
      payment_method: 'card',
      card_method: 'knet',
      address_id: addressKW,
      idempotency_key: key(),
    });
    const ip = '203.0.113.20';
    const lookup = await post(
      '/order/lookup',
      { order_id: String(own.order.id), email: 'a.cancel@example.com' },
      null,
      {
        'x-client-ip': ip,
      },
    );
    expect(lookup.status).toBe(403);
    const body = await json(lookup);
    expect(body.meta.msg).toBe('order_lookup_sign_in');
    // Nothing of the order, and no link to it made: knowing her number and e-mail is not signing in.
    expect(body.data ?? null).toBeNull();
    expect(
      await env.DB.prepare('SELECT count(*) AS n FROM order_links WHERE order_id = ?').bind(own.order.id).first('n'),
    ).toBe(0);
    // Counted against the address as a wrong guess is: the lookup tells a prober no more for free.
    expect(
      await env.DB.prepare('SELECT count(*) AS n FROM failed_logins WHERE key = ?').bind(`lookup:${ip}`).first('n'),
    ).toBe(1);
    // Signed in, it is hers.
    expect((await json(await get(`/user/order/${own.order.id}`, userA))).data.status).toBe('pending_payment');
  });
});

describe('the simplified tax invoice', () => {
  const SA_ADDRESS = ADDRESSES.SA;
  const sa = { 'x-country': 'SA' };
  /** A Saudi guest's order of one SKU 401 mailed to `email`, by mada card unless `payment` says otherwise. */
  const saudiGuestOrder = async (
    email: string,
    payment: Record<string, string> = { payment_method: 'card', card_method: 'mada' },
  ) =>
    (
      await json(
        await post(
          '/order/submit',
          { items: [{ sku_id: 401, count: 1 }], ...payment, address: SA_ADDRESS, email, idempotency_key: key() },
          null,
          sa,
        ),
      )
    ).data;
  /** The card payment's outcome, as the local gateway's dev endpoint plays it. */
  const settle = (paymentId: string, outcome: 'succeeded' | 'failed') =>
    call(`/dev/payments/${paymentId}`, { body: JSON.stringify({ outcome }), token, headers: as(null) });

  it('is issued only for a sale: not while awaiting payment, not after a cancel; on the page data and in the mail once paid', async () => {
    const waiting = await saudiGuestOrder('invoice.wait@example.com');
    expect(waiting.order).toMatchObject({ country: 'SA', status: 'pending_payment', tax_invoice: null });
    expect((await json(await get(`/order/link/${waiting.link}`, null))).data.tax_invoice).toBeNull();
    const cancelled = (await json(await post('/order/cancel', { order_id: waiting.order.id }, null, sa))).data.order;
    expect(cancelled).toMatchObject({ status: 'cancelled', tax_invoice: null });
    expect(
      await env.DB.prepare('SELECT count(*) AS n FROM mail_outbox WHERE to_address = ?')
        .bind('invoice.wait@example.com')
        .first<{ n: number }>(),
    ).toEqual({ n: 0 });

    // Paid by card: the order and its confirmation mail carry the invoice.
    const paid = await saudiGuestOrder('invoice.paid@example.com');
    await settle(paid.payment.id, 'succeeded');
    const after = (await json(await call(`/order/${paid.order.id}`, { token, headers: as(null, 'SA') }))).data;
    expect(after.status).toBe('paid');
    expect(after.tax_invoice).toMatchObject({ number: String(paid.order.id), vat_number: '310457812300003' });
    expect((await lastMail('invoice.paid@example.com'))!.body_text).toContain('310457812300003');

    // A failed payment has none either.
    const failed = await saudiGuestOrder('invoice.failed@example.com');
    await settle(failed.payment.id, 'failed');
    expect(
      (await json(await call(`/order/${failed.order.id}`, { token, headers: as(null, 'SA') }))).data,
    ).toMatchObject({ status: 'payment_failed', tax_invoice: null });

    // Cash on delivery is confirmed at once: invoiced.
    const cod = await saudiGuestOrder('invoice.cod@example.com', { payment_method: 'cod' });
    expect(cod.order.status).toBe('placed');
    expect(cod.order.tax_invoice).toMatchObject({ vat_number: '310457812300003' });
  });
});
