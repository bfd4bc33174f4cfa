// Paying again after a failed card payment of an order that spent points, or carried a friend's
// discount: the failure gave the points back and voided the referral, so the pay-again takes the points
// again (its own event key, refused with points_no_longer_available when she spent them meanwhile,
// nothing charged) and the referral stands again. A failure of that attempt gives back that attempt's
// points once; a refund after it is paid gives back its share of what the order spent, once.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogueFixture } from '../fixtures/catalogue';
import { ADDRESSES, call, deviceToken, json, shopperHeaders, stockOf } from './helpers';
import { balanceOf, credit, deliver, ledgerOf, newShopper, refundOf, type Shopper, YEAR } from './loyalty-helpers';
import { staffWith, type TestStaff } from './staff-helpers';

let device: string;
let clerk: TestStaff;
let support: TestStaff;

beforeAll(async () => {
  await loadCatalogueFixture(env.DB);
  device = await deviceToken();
  clerk = await staffWith([{ role: 'fulfilment', country: null }], { name: 'Clerk' });
  support = await staffWith([{ role: 'support', country: null }], { name: 'Support' });
});

const post = (path: string, body: unknown, who: { token: string }, dev = device) =>
  call(path, { body: JSON.stringify(body), token: dev, headers: shopperHeaders(who.token, 'KW') });

/** The sandbox's outcome for a charge, as the tester's page sends it. */
async function settle(paymentId: string, outcome: 'succeeded' | 'failed', who: { token: string }, dev = device) {
  const res = await post(`/dev/payments/${paymentId}`, { outcome }, who, dev);
  expect(res.status).toBe(200);
}

/** Her card order of 2 × 3.500 + 1.000 delivery spending `points` (1,200 points = 2.400 off). */
async function cardOrder(her: Shopper, extra: Record<string, unknown> = {}, dev = device) {
  const res = await post(
    '/order/submit',
    {
      items: [{ sku_id: 101, count: 2 }],
      payment_method: 'card',
      address_id: her.addresses.KW,
      idempotency_key: crypto.randomUUID(),
      ...extra,
    },
    her,
    dev,
  );
  const body = await json(res);
  expect(res.status, JSON.stringify(body)).toBe(200);
  return { orderId: body.data.order.id as number, paymentId: body.data.payment.id as string, body };
}

const orderRow = (id: number) =>
  env.DB.prepare('SELECT status, total, points_used, points_discount, referral_discount FROM orders WHERE id = ?')
    .bind(id)
    .first<{
      status: string;
      total: number;
      points_used: number;
      points_discount: number;
      referral_discount: number;
    }>();

const paymentsOf = async (orderId: number) =>
  (
    await env.DB.prepare('SELECT id, amount, status FROM payments WHERE order_id = ? ORDER BY created_at, id')
      .bind(orderId)
      .all<{ id: string; amount: number; status: string }>()
  ).results;

/** Her ledger agrees with itself: each row's balance follows the one before, the account's is the last. */
async function expectConsistent(userId: number) {
  const rows = await ledgerOf(userId);
  let running = 0;
  for (const row of rows) {
    running += row.amount;
    expect(row.balance_after).toBe(running);
  }
  expect(await balanceOf(userId)).toBe(running);
}

describe('paying again after a failed card payment that spent points', () => {
  it('takes her points again, and a failure of that attempt gives back its points once', async () => {
    const her = await newShopper(device, 'pay-again-points');
    await credit(her.id, 'KW', 1_200, Date.now() + YEAR, `test:${her.id}:gift`);
    const { orderId, paymentId } = await cardOrder(her, { points: 1_200 });
    // 7.000 + 1.000 − 2.400.
    expect(await orderRow(orderId)).toMatchObject({ total: 5_600, points_used: 1_200, points_discount: 2_400 });
    expect(await balanceOf(her.id)).toBe(0);

    // Declined: the points come back.
    await settle(paymentId, 'failed', her);
    expect(await balanceOf(her.id)).toBe(1_200);

    // Paying again charges the discounted total and takes the points again, in the same batch.
    const again = await post('/order/payAgain', { order_id: orderId }, her);
    const second = (await json(again)).data.payment.id as string;
    expect(again.status).toBe(200);
    expect(await balanceOf(her.id)).toBe(0);
    expect((await paymentsOf(orderId)).find((p) => p.id === second)).toMatchObject({
      amount: 5_600,
      status: 'initiated',
    });

    // That attempt declined too: its points come back once, however often the outcome is told.
    await settle(second, 'failed', her);
    expect(await balanceOf(her.id)).toBe(1_200);
    await settle(second, 'failed', her);
    expect(await balanceOf(her.id)).toBe(1_200);

    // The third attempt is paid: she paid the discounted price with her points spent, once.
    const third = (await json(await post('/order/payAgain', { order_id: orderId }, her))).data.payment.id as string;
    expect(await balanceOf(her.id)).toBe(0);
    await settle(third, 'succeeded', her);
    expect(await orderRow(orderId)).toMatchObject({ status: 'paid', total: 5_600, points_used: 1_200 });
    expect(await balanceOf(her.id)).toBe(0);
    const ledger = (await ledgerOf(her.id)).map((r) => [r.kind, r.amount, r.event_key]);
    expect(ledger).toEqual([
      ['earn_birthday', 1_200, `test:${her.id}:gift`],
      ['spend', -1_200, `spend:order:${orderId}`],
      ['spend_return', 1_200, `return:order:${orderId}`],
      ['spend', -1_200, `spend:order:${orderId}:${second}`],
      ['spend_return', 1_200, `return:order:${orderId}:${second}`],
      ['spend', -1_200, `spend:order:${orderId}:${third}`],
    ]);
    await expectConsistent(her.id);

    // Delivered, then half of it refunded: half of the 1,200 points it spent come back, once.
    expect((await deliver(clerk, orderId)).status).toBe(200);
    const earned = await balanceOf(her.id);
    expect((await refundOf(support, orderId, 2_800)).status).toBe(200);
    const after = await ledgerOf(her.id);
    const returned = after.filter((r) => r.kind === 'spend_return' && r.refund_id !== null);
    expect(returned.map((r) => r.amount)).toEqual([600]);
    // The earning's share is taken back beside it.
    const reversed = after.filter((r) => r.kind === 'earn_reversal').reduce((n, r) => n + r.amount, 0);
    expect(await balanceOf(her.id)).toBe(earned + 600 + reversed);
    await expectConsistent(her.id);
  });

  it('refuses with points_no_longer_available when she spent them meanwhile: nothing taken or charged', async () => {
    const her = await newShopper(device, 'pay-again-spent');
    await credit(her.id, 'KW', 1_200, Date.now() + YEAR, `test:${her.id}:gift`);
    const { orderId, paymentId } = await cardOrder(her, { points: 1_200 });
    await settle(paymentId, 'failed', her);
    expect(await balanceOf(her.id)).toBe(1_200);

    // Meanwhile a cash order spends them.
    const cod = await post(
      '/order/submit',
      {
        items: [{ sku_id: 101, count: 2 }],
        points: 1_200,
        payment_method: 'cod',
        address_id: her.addresses.KW,
        idempotency_key: crypto.randomUUID(),
      },
      her,
    );
    expect(cod.status).toBe(200);
    expect(await balanceOf(her.id)).toBe(0);

    const stock = await stockOf(101);
    const refused = await post('/order/payAgain', { order_id: orderId }, her);
    expect(refused.status).toBe(409);
    expect((await json(refused)).meta.msg).toBe('points_no_longer_available');
    // Nothing held, nothing opened, nothing spent: the order is as the failure left it.
    expect(await stockOf(101)).toBe(stock);
    expect((await paymentsOf(orderId)).map((p) => p.status)).toEqual(['failed']);
    expect(await orderRow(orderId)).toMatchObject({ status: 'payment_failed' });
    expect(await balanceOf(her.id)).toBe(0);
    await expectConsistent(her.id);
  });
});

describe("paying again after a failed card payment with a friend's discount", () => {
  it('lets her referral stand again, and void again when that attempt fails', async () => {
    const referrer = await newShopper(device, 'pay-again-referrer', []);
    const code = `PA${referrer.id}`;
    await env.DB.prepare('INSERT INTO referral_codes (user_id, code, created_at) VALUES (?, ?, ?)')
      .bind(referrer.id, code, Date.now())
      .run();
    const theirs = await deviceToken();
    const friend = await newShopper(theirs, 'pay-again-friend', []);
    const address = await post(
      '/user/address/new',
      { ...ADDRESSES.KW, phone: '99887711', block: '17', street: '3', building: '9' },
      friend,
      theirs,
    );
    friend.addresses.KW = (await json(address)).data.id;
    // 3 × 3.500: over the friend's minimum.
    const { orderId, paymentId } = await cardOrder(
      friend,
      { items: [{ sku_id: 101, count: 3 }], referral_code: code },
      theirs,
    );
    expect((await orderRow(orderId))!.referral_discount).toBeGreaterThan(0);
    const referral = () =>
      env.DB.prepare('SELECT status FROM referrals WHERE order_id = ?').bind(orderId).first<string>('status');
    expect(await referral()).toBe('pending');

    await settle(paymentId, 'failed', friend, theirs);
    expect(await referral()).toBe('void');
    const second = (await json(await post('/order/payAgain', { order_id: orderId }, friend, theirs))).data.payment
      .id as string;
    expect(await referral()).toBe('pending');
    await settle(second, 'failed', friend, theirs);
    expect(await referral()).toBe('void');

    const third = (await json(await post('/order/payAgain', { order_id: orderId }, friend, theirs))).data.payment
      .id as string;
    await settle(third, 'succeeded', friend, theirs);
    expect(await referral()).toBe('pending');
    // Delivered: the referrer is rewarded for the friend she brought, as for any first order.
    expect((await deliver(clerk, orderId)).status).toBe(200);
    expect(await referral()).toBe('rewarded');
    expect(await balanceOf(referrer.id)).toBeGreaterThan(0);
  });
});
