// A shopper's bookings when her wallet and points are in another order shard (issue 48, decision 61):
// a consultation or blood test is the core's, her wallet, points and orders are hers. Paid from her
// wallet and cancelled, the money goes out of and back into her shard; completed or with results, the
// points land there; her tier, which sums her bookings beside her orders, is computed from both and
// stored there after each earning, delivery and night. Nothing of it is written to the core's copies.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { applyOutcome } from '#api/src/consultations/refund';
import { eraseAccount } from '#api/src/data-rights/erase-account';
import { applyOutcome as applyPaymentOutcome } from '#api/src/payments/outcome';
import { settleRefund } from '#api/src/payments/refunds';
import { gatewayFor } from '#api/src/payment-gateway/gateway-for';
import { GIVE_BACK_STALE_MS, sweepGiveBacks } from '#api/src/orders/give-backs';
import worker from '#api/src/index';
import { CLIENT_IP_HEADER } from '#shared/api/client-ip';
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { signedRequest } from '../../support/signed-fetch';
import { dyingEnv } from './dying-env';
import { healthKeyring } from '#api/src/consultations/seal';
import { userOwner } from '#api/src/db/databases';
import { moveShopper } from '#api/src/db/move-shopper';
import { registerShard } from '#api/src/db/shard-admin';
import { apiConfig } from '#api/src/lib/config';
import { loyaltyJobs } from '#api/src/loyalty/jobs';
import { freshStart } from '../../support/fresh-start';
import { book, bookBody, freeTimeAfter, hold, post, setUp, shopper, topUp } from './consultation-helpers';
import { startedConsultation } from './consultation-sealed';
import { call, json, saveAddress, shopperHeaders } from './helpers';
import { bloodTestAtLab, deliver } from './loyalty-helpers';
import { loadBloodTestFixture, plainVisitBody, SKU } from '../fixtures/blood-test-booking';
import { addDays, gulfDate } from '#shared/blood-tests/slot-rules';
import { staffWith, type TestStaff } from './staff-helpers';

const SITE = 'https://shop.test';
let device: string;
let clerk: TestStaff;
let serial = 0;

beforeAll(async () => {
  await freshStart(env.ORDERS_1, env.TEST_SHARD_MIGRATIONS);
  ({ device } = await setUp());
  await env.DB.prepare('UPDATE skus SET stock = 100000 WHERE id = 101').run();
  clerk = await staffWith([{ role: 'fulfilment', country: null }], { name: 'Clerk' });
  await registerShard(env, 1, 'ORDERS_1');
});

/** The blood-test catalogue, loaded by the first test that books one. */
let bloodTestsLoaded: Promise<void> | null = null;
const bloodTestFixture = () => (bloodTestsLoaded ??= loadBloodTestFixture(env.DB));
const VISIT_WINDOWS = ['07-09', '09-11', '16-18', '18-20'];
/** A visit's refunds in her shard. */
const visitRefunds = (orderId: number) =>
  rows<{ amount: number }>(
    env.ORDERS_1,
    "SELECT amount FROM wallet_ledger WHERE blood_test_order_id = ? AND kind = 'refund'",
    orderId,
  );

/**
 * A plain test booked by a moved shopper with `kwd` in her wallet, paid as `payment` says: a window of
 * its own for each `round` (four places a window) from `ahead` days on, never a Friday. Answers the order.
 */
async function movedShopperVisit(
  tag: string,
  kwd: number,
  ahead: number,
  round: number,
  payment: Record<string, unknown>,
) {
  await bloodTestFixture();
  const s = await shopper(`${tag}-${++serial}`);
  await topUp(s.id, 'KWD', kwd);
  await moved(s.id);
  const address = await saveAddress(device, s.token, 'KW');
  let day = addDays(gulfDate(Date.now()), ahead + Math.floor(round / VISIT_WINDOWS.length));
  while (new Date(`${day}T00:00:00Z`).getUTCDay() === 5) day = addDays(day, 1);
  const window = VISIT_WINDOWS[round % VISIT_WINDOWS.length];
  const held = await json(
    await post('/bloodTest/slots/hold', { area_id: 26, date: day, window, sku_ids: [SKU.plain] }, s),
  );
  const submitted = await post('/bloodTestOrder/submit', plainVisitBody(held.data.hold_id, address, payment), s);
  const body = await json(submitted);
  expect(submitted.status, JSON.stringify(body.meta)).toBe(200);
  return { s, orderId: body.data.order_id as number };
}
const moved = (userId: number) => moveShopper(env, userOwner(userId), 1, { lockGraceMs: 0 });
const rows = async <T>(db: D1Database, sql: string, ...binds: unknown[]) =>
  (
    await db
      .prepare(sql)
      .bind(...binds)
      .all<T>()
  ).results;
const walletIn = async (db: D1Database, userId: number) =>
  (await db
    .prepare("SELECT balance FROM wallet_accounts WHERE user_id = ? AND currency = 'KWD'")
    .bind(userId)
    .first<number>('balance')) ?? 0;
const ledgerIn = (db: D1Database, userId: number) =>
  rows<{ kind: string; amount: number; event_key: string }>(
    db,
    'SELECT kind, amount, event_key FROM points_ledger WHERE user_id = ? ORDER BY id',
    userId,
  );
const accountIn = (db: D1Database, userId: number) =>
  db
    .prepare("SELECT tier, spend_12m, tier_updated_at FROM points_accounts WHERE user_id = ? AND country = 'KW'")
    .bind(userId)
    .first<{ tier: string; spend_12m: number; tier_updated_at: number | null }>();

/** A consultation of hers in the core, started ten minutes ago, paid by card, ready to be marked. */
const startedIn = (userId: number, total: number) =>
  startedConsultation(env.DB, healthKeyring(apiConfig(env as never))!, {
    id: 7_600_000_000 + ++serial,
    userId,
    total,
    walletUsed: 0,
  });

describe('a consultation paid from her wallet in her shard', () => {
  it('is debited there when booked and credited there when she cancels in time', async () => {
    const s = await shopper('shard-book');
    await topUp(s.id, 'KWD', 20_000);
    await moved(s.id);
    expect(await walletIn(env.ORDERS_1, s.id)).toBe(20_000);

    const booked = await book(s, await freeTimeAfter(30), { method: 'wallet' });
    expect(booked.status, JSON.stringify(booked.body)).toBe(200);
    const id = booked.body.data.id as number;
    expect(await walletIn(env.ORDERS_1, s.id)).toBe(12_000);

    const cancelled = await post(`/user/consultation/${id}/cancel`, { refund_to: 'wallet' }, s);
    const body = await json(cancelled);
    expect(cancelled.status, JSON.stringify(body)).toBe(200);
    expect(body.data).toMatchObject({ status: 'cancelled', refunded: 8000, refund_to: 'wallet' });
    expect(await walletIn(env.ORDERS_1, s.id)).toBe(20_000);
    expect(
      await rows(env.ORDERS_1, 'SELECT kind, amount FROM wallet_ledger WHERE consultation_id = ? ORDER BY id', id),
    ).toEqual([
      { kind: 'order_payment', amount: -8000 },
      { kind: 'refund', amount: 8000 },
    ]);
    // The core's copy of her wallet holds nothing of this.
    expect(await rows(env.DB, 'SELECT id FROM wallet_ledger WHERE user_id = ?', s.id)).toEqual([]);
  });

  it('writes the debit a request dead before it left out when she retries with the same key, once', async () => {
    const s = await shopper('shard-replay');
    await topUp(s.id, 'KWD', 20_000);
    await moved(s.id);
    const held = await json(await hold(s, await freeTimeAfter(30)));
    const body = bookBody(held.data.hold_id, { method: 'wallet' });
    const booked = await json(await post('/consultation', body, s));
    const id = booked.data.id as number;
    // The request died after the core's batch wrote the booking, before her shard's debit.
    await env.ORDERS_1.batch([
      env.ORDERS_1.prepare('DELETE FROM wallet_ledger WHERE consultation_id = ?').bind(id),
      env.ORDERS_1.prepare("UPDATE wallet_accounts SET balance = 20000 WHERE user_id = ? AND currency = 'KWD'").bind(
        s.id,
      ),
    ]);
    for (const _ of [1, 2]) {
      const again = await json(await post('/consultation', body, s));
      expect(again.data).toMatchObject({ id, replayed: true });
    }
    expect(await walletIn(env.ORDERS_1, s.id)).toBe(12_000);
    expect(await rows(env.ORDERS_1, 'SELECT kind, amount FROM wallet_ledger WHERE consultation_id = ?', id)).toEqual([
      { kind: 'order_payment', amount: -8000 },
    ]);
  });

  it('gives the whole price back there when the nutritionist does not come', async () => {
    const s = await shopper('shard-no-show');
    await topUp(s.id, 'KWD', 8_000);
    await moved(s.id);
    const id = await startedIn(s.id, 8000);
    await env.DB.prepare("UPDATE consultations SET payment_method = 'wallet', wallet_used = 8000 WHERE id = ?")
      .bind(id)
      .run();
    await env.ORDERS_1.prepare("UPDATE wallet_accounts SET balance = 0 WHERE user_id = ? AND currency = 'KWD'")
      .bind(s.id)
      .run();
    const money = { config: apiConfig(env as never), siteOrigin: SITE, shards: env };
    const done = await applyOutcome(env.DB, money, id, 'nutritionist_no_show', null, { refundTo: 'wallet' });
    expect(done).toMatchObject({ status: 'cancelled', refunded: 8000, to: 'wallet' });
    expect(await walletIn(env.ORDERS_1, s.id)).toBe(8000);
    expect(await rows(env.DB, 'SELECT id FROM wallet_ledger WHERE user_id = ?', s.id)).toEqual([]);
  });
});

describe('erasure of a moved shopper with a booking paid from her wallet', () => {
  it('refunds the booking in her shard once, when the erasure dies between her shard and the core and is run again', async () => {
    for (let at = 1; ; at++) {
      const s = await shopper(`shard-erase-${++serial}`);
      await topUp(s.id, 'KWD', 20_000);
      await moved(s.id);
      const booked = await book(s, await freeTimeAfter(30, { skip: serial % 4 }), { method: 'wallet' });
      expect(booked.status, JSON.stringify(booked.body)).toBe(200);
      const id = booked.body.data.id as number;
      expect(await walletIn(env.ORDERS_1, s.id)).toBe(12_000);
      const dying = dyingEnv(at);
      await eraseAccount(dying.env as never, s.id).catch(() => undefined);
      // The operator runs the erasure again, as its failure's log line says.
      if (dying.killed()) await eraseAccount(env as never, s.id);
      expect(
        await rows(env.ORDERS_1, "SELECT amount FROM wallet_ledger WHERE consultation_id = ? AND kind = 'refund'", id),
      ).toEqual([{ amount: 8000 }]);
      expect(await walletIn(env.ORDERS_1, s.id)).toBe(20_000);
      // What the shop owes her on erasure is her balance, recorded once.
      const owed = await rows<{ after_json: string }>(
        env.DB,
        "SELECT after_json FROM audit_log WHERE action = 'wallet.owed_on_erasure' AND resource_id = ?",
        String(s.id),
      );
      expect(owed.map((o) => JSON.parse(o.after_json))).toEqual([{ balance: 20_000, currency: 'KWD' }]);
      if (!dying.killed()) break;
    }
  });
});

describe('money back in her shard, written once even when the request dies (wallet_give_backs)', () => {
  /** A moved shopper's consultation, `wallet` of it paid from her wallet in her shard and the rest by card. */
  async function mixed(tag: string, wallet: number) {
    const s = await shopper(`${tag}-${++serial}`);
    await topUp(s.id, 'KWD', wallet);
    await moved(s.id);
    const r = await book(s, await freeTimeAfter(30, { skip: serial % 4 }), {
      method: 'card',
      card_method: 'knet',
      use_wallet: true,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const id = r.body.data.id as number;
    const payment = (await env.DB.prepare('SELECT id FROM payments WHERE consultation_id = ?')
      .bind(id)
      .first<{ id: string }>())!;
    expect(await walletIn(env.ORDERS_1, s.id)).toBe(0);
    return { s, id, paymentId: payment.id };
  }
  const refundsIn = (db: D1Database, id: number) =>
    rows<{ amount: number }>(db, "SELECT amount FROM wallet_ledger WHERE consultation_id = ? AND kind = 'refund'", id);
  const sweepLater = () => sweepGiveBacks(env, Date.now() + 2 * GIVE_BACK_STALE_MS);

  /** Her cancel, answered by the worker running on `environment`. */
  async function cancelIn(environment: object, s: { token: string }, id: number, refundTo: 'wallet' | 'card') {
    const ctx = createExecutionContext();
    const request = await signedRequest(`/user/consultation/${id}/cancel`, {
      body: JSON.stringify({ refund_to: refundTo }),
      token: device,
      headers: { authorization: `Bearer ${s.token}`, 'x-country': 'KW', lang: 'en', [CLIENT_IP_HEADER]: '10.7.5.1' },
    });
    const res = await worker.fetch(request, environment as never, ctx);
    await waitOnExecutionContext(ctx).catch(() => undefined);
    return res;
  }

  it('gives back the wallet part of a failed card payment there, killed before each write', async () => {
    for (let at = 1; ; at++) {
      const { s, id, paymentId } = await mixed('shard-pay-failed', 3000);
      const dying = dyingEnv(at);
      const event = { paymentId, outcome: 'failed' as const, providerRef: null };
      await applyPaymentOutcome(dying.env as never, event, SITE).catch(() => undefined);
      // The gateway delivers again (a webhook not answered), and the cron runs.
      await applyPaymentOutcome(env, event, SITE);
      await sweepLater();
      await sweepLater();
      expect(await env.DB.prepare('SELECT status FROM consultations WHERE id = ?').bind(id).first('status')).toBe(
        'payment_failed',
      );
      expect(await walletIn(env.ORDERS_1, s.id)).toBe(3000);
      expect(await refundsIn(env.ORDERS_1, id)).toEqual([{ amount: 3000 }]);
      expect(await rows(env.DB, 'SELECT id FROM wallet_ledger WHERE user_id = ?', s.id)).toEqual([]);
      expect(await rows(env.DB, 'SELECT note FROM wallet_give_backs WHERE user_id = ?', s.id)).toEqual([]);
      if (!dying.killed()) break;
    }
  });

  it('gives back what she paid from her wallet there when she cancels, killed before each write', async () => {
    for (let at = 1; ; at++) {
      const s = await shopper(`shard-cancel-killed-${++serial}`);
      await topUp(s.id, 'KWD', 8000);
      await moved(s.id);
      const r = await book(s, await freeTimeAfter(30, { skip: serial % 4 }), { method: 'wallet' });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      const id = r.body.data.id as number;
      const dying = dyingEnv(at);
      const res = await cancelIn(dying.env, s, id, 'wallet');
      if (!dying.killed()) expect(res.status).toBe(200);
      // She tries again (a cancel stored already answers 409), and the cron runs.
      await cancelIn(env, s, id, 'wallet');
      await sweepLater();
      await sweepLater();
      expect(await walletIn(env.ORDERS_1, s.id)).toBe(8000);
      expect(await refundsIn(env.ORDERS_1, id)).toEqual([{ amount: 8000 }]);
      expect(await rows(env.DB, 'SELECT id FROM wallet_ledger WHERE user_id = ?', s.id)).toEqual([]);
      if (!dying.killed()) break;
    }
  });

  it("gives back the wallet part of a blood test's failed card payment there, killed before each write", async () => {
    for (let at = 1; ; at++) {
      // A moved shopper books a plain test: KWD 3.000 from her wallet in her shard, the rest by KNET.
      const { s, orderId } = await movedShopperVisit('shard-blood-failed', 3000, 2, at, {
        payment_method: 'card',
        card_method: 'knet',
        use_wallet: true,
      });
      expect(await walletIn(env.ORDERS_1, s.id)).toBe(0);
      const payment = (await env.DB.prepare('SELECT id FROM payments WHERE blood_test_order_id = ?')
        .bind(orderId)
        .first<{ id: string }>())!;

      // The gateway says it failed; the request dies before its next write, then the webhook comes again
      // and the cron runs, twice.
      const dying = dyingEnv(at);
      const event = { paymentId: payment.id, outcome: 'failed' as const, providerRef: null };
      await applyPaymentOutcome(dying.env as never, event, SITE).catch(() => undefined);
      await applyPaymentOutcome(env, event, SITE);
      await sweepLater();
      await sweepLater();
      expect(
        await env.DB.prepare('SELECT status, wallet_used FROM blood_test_orders WHERE id = ?').bind(orderId).first(),
      ).toEqual({ status: 'payment_failed', wallet_used: 0 });
      // Her 3.000 back in her shard, once; nothing in the core's copy of her wallet, no give-back left.
      expect(await walletIn(env.ORDERS_1, s.id)).toBe(3000);
      expect(await visitRefunds(orderId)).toEqual([{ amount: 3000 }]);
      expect(await rows(env.DB, 'SELECT id FROM wallet_ledger WHERE user_id = ?', s.id)).toEqual([]);
      expect(await rows(env.DB, 'SELECT note FROM wallet_give_backs WHERE user_id = ?', s.id)).toEqual([]);
      // The place is free again: no booking of the slot is left for the order.
      expect(await rows(env.DB, 'SELECT id FROM blood_test_slot_bookings WHERE order_id = ?', orderId)).toEqual([]);
      if (!dying.killed()) break;
    }
  });

  it('gives back a blood test she paid from her wallet there when she cancels it, killed before each write, without her cancelling again', async () => {
    for (let at = 1; ; at++) {
      // A moved shopper books a plain test (KWD 8.000) paid wholly from her wallet in her shard.
      const { s, orderId } = await movedShopperVisit('shard-blood-cancel', 10_000, 4, at, { payment_method: 'wallet' });
      expect(await walletIn(env.ORDERS_1, s.id)).toBe(2000);

      // Her cancel dies before its next write; she does not cancel again (her page shows it cancelled),
      // and the cron runs.
      const dying = dyingEnv(at);
      const ctx = createExecutionContext();
      const request = await signedRequest('/user/bloodTestOrder/cancel', {
        body: JSON.stringify({ order_id: orderId }),
        token: device,
        headers: { authorization: `Bearer ${s.token}`, 'x-country': 'KW', lang: 'en', [CLIENT_IP_HEADER]: '10.7.5.2' },
      });
      const res = await worker.fetch(request, dying.env as never, ctx);
      await waitOnExecutionContext(ctx).catch(() => undefined);
      if (!dying.killed()) expect(res.status).toBe(200);
      await sweepLater();
      await sweepLater();
      const status = await env.DB.prepare('SELECT status FROM blood_test_orders WHERE id = ?')
        .bind(orderId)
        .first('status');
      if (status === 'cancelled') {
        // Cancelled: her 8.000 back in her shard, once, and no give-back left.
        expect(await walletIn(env.ORDERS_1, s.id)).toBe(10_000);
        expect(await visitRefunds(orderId)).toEqual([{ amount: 8000 }]);
      } else {
        // Killed before the cancel's own batch: nothing changed, the booking stands and is still paid.
        expect(status).toBe('booked');
        expect(await walletIn(env.ORDERS_1, s.id)).toBe(2000);
      }
      expect(await rows(env.DB, 'SELECT note FROM wallet_give_backs WHERE user_id = ?', s.id)).toEqual([]);
      expect(await rows(env.DB, 'SELECT id FROM wallet_ledger WHERE user_id = ?', s.id)).toEqual([]);
      if (!dying.killed()) break;
    }
  });

  it('gives a card refund that failed to her wallet there, beside a wallet part of the same amount', async () => {
    // 4.077 from her wallet, 4.077 by card: an amount ending in 77, which the sandbox answers pending.
    const { s, id, paymentId } = await mixed('shard-card-failed', 4077);
    await env.DB.batch([
      env.DB.prepare('UPDATE consultations SET price = 8154, total = 8154 WHERE id = ?').bind(id),
      env.DB.prepare('UPDATE payments SET amount = 4077 WHERE id = ?').bind(paymentId),
    ]);
    await post(`/dev/payments/${paymentId}`, { outcome: 'succeeded' }, s);
    const cancelled = await json(await cancelIn(env, s, id, 'card'));
    expect(cancelled.data).toMatchObject({ status: 'cancelled', refunded: 8154, refund_to: 'card' });
    expect(await walletIn(env.ORDERS_1, s.id)).toBe(4077);
    const refund = (await env.DB.prepare('SELECT id, status FROM refunds WHERE consultation_id = ?')
      .bind(id)
      .first<{ id: number; status: string }>())!;
    expect(refund.status).toBe('pending');
    // The gateway fails it later, its settlement's request dying after the core's batch.
    for (let at = 1; ; at++) {
      const dying = dyingEnv(at);
      const report = { providerRef: `sbx_re_${refund.id}`, refundId: refund.id, amount: 4077, currency: 'KWD' };
      await settleRefund(
        dying.env as never,
        gatewayFor(apiConfig(env as never)),
        { ...report, status: 'failed' },
        'webhook',
        {
          confirm: false,
          siteOrigin: SITE,
        },
      ).catch(() => undefined);
      if (!dying.killed()) break;
      if (await env.DB.prepare('SELECT 1 FROM refund_events WHERE refund_id = ?').bind(refund.id).first()) break;
    }
    await sweepLater();
    expect(await walletIn(env.ORDERS_1, s.id)).toBe(8154);
    expect(await refundsIn(env.ORDERS_1, id)).toEqual([{ amount: 4077 }, { amount: 4077 }]);
    expect(await rows(env.DB, 'SELECT id FROM wallet_ledger WHERE user_id = ?', s.id)).toEqual([]);
  });
});

describe('her points and tier for her bookings, in her shard', () => {
  it('earns a completed consultation’s points there, stores her new tier there, and mails her once', async () => {
    const s = await shopper('shard-earn');
    await moved(s.id);
    // KWD 120.000 paid by card: 600 points at 5 a KWD, and past silver's KWD 100 of spending.
    const id = await startedIn(s.id, 120_000);
    const money = { config: apiConfig(env as never), siteOrigin: SITE, shards: env };
    await applyOutcome(env.DB, money, id, 'held', null);

    expect(await ledgerIn(env.ORDERS_1, s.id)).toEqual([
      { kind: 'earn_consultation', amount: 600, event_key: `earn:consultation:${id}` },
    ]);
    expect(await ledgerIn(env.DB, s.id)).toEqual([]);
    expect(await accountIn(env.ORDERS_1, s.id)).toMatchObject({ tier: 'silver', spend_12m: 120_000 });
    const mails = await rows<{ kind: string }>(
      env.DB,
      "SELECT kind FROM mail_outbox WHERE kind = 'points_tier_up' AND dedupe_key LIKE ?",
      `points:tier:${s.id}:KW:silver:%`,
    );
    expect(mails).toHaveLength(1);
  });

  it('earns a blood test’s points there when its results are ready', async () => {
    const s = await shopper('shard-blood');
    const address = await saveAddress(device, s.token, 'KW');
    await moved(s.id);
    const id = 7_700_000_000 + ++serial;
    await bloodTestAtLab({ id, userId: s.id, addressId: address, nationalId: `29104059${serial}` });
    const advance = () =>
      call('/dev/bloodTestOrder/advance', { body: JSON.stringify({ order_id: id, status: 'results_ready' }) });
    expect((await advance()).status).toBe(200);
    // KWD 45.900 × 5 (the blood-test rate), once.
    expect(await ledgerIn(env.ORDERS_1, s.id)).toEqual([
      { kind: 'earn_blood_test', amount: 229, event_key: `earn:blood-test:${id}` },
    ]);
    expect(await ledgerIn(env.DB, s.id)).toEqual([]);
    expect(await accountIn(env.ORDERS_1, s.id)).toMatchObject({ tier: 'bronze', spend_12m: 45_900 });
  });

  it('stores her spending and tier there when her order is delivered, and the night refreshes a stale one', async () => {
    const s = await shopper('shard-deliver');
    const address = await saveAddress(device, s.token, 'KW');
    await moved(s.id);
    const placed = await call('/order/submit', {
      token: device,
      headers: shopperHeaders(s.token, 'KW', 'en'),
      body: JSON.stringify({
        items: [{ sku_id: 101, count: 3 }],
        payment_method: 'cod',
        address_id: address,
        idempotency_key: crypto.randomUUID(),
      }),
    });
    const { id: orderId } = (await json(placed)).data.order as { id: number };
    // Her order is in her shard: its total read there.
    const order = (await env.ORDERS_1.prepare('SELECT id, total FROM orders WHERE id = ?')
      .bind(orderId)
      .first<{ id: number; total: number }>())!;
    expect(await env.DB.prepare('SELECT id FROM orders WHERE id = ?').bind(orderId).first()).toBeNull();
    expect((await deliver(clerk, order.id)).status).toBe(200);
    const after = await accountIn(env.ORDERS_1, s.id);
    expect(after).toMatchObject({ spend_12m: order.total });
    expect(Date.now() - after!.tier_updated_at!).toBeLessThan(60_000);

    // A day and a half later, with a consultation completed in the core meanwhile: the night's run
    // counts both and stores them in her shard.
    const id = await startedIn(s.id, 8000);
    await env.DB.prepare(
      "UPDATE consultations SET status = 'completed', outcome = 'held', completed_at = ? WHERE id = ?",
    )
      .bind(Date.now(), id)
      .run();
    const later = Date.now() + 36 * 3_600_000;
    const run = await loyaltyJobs(env, SITE, later);
    expect(run.tiers).toBeGreaterThanOrEqual(1);
    expect(await accountIn(env.ORDERS_1, s.id)).toMatchObject({
      spend_12m: order.total + 8000,
      tier_updated_at: later,
    });
  });
});
