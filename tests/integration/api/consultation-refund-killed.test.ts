// A consultation's refund to the card killed half-way (consultations/refund.ts): the shopper's cancel and
// the nutritionist's mark, each killed before each of its writes in turn, then tried again and swept.
// The card part's refund row is stored with the change itself, so nothing is ever owed unrecorded: she
// gets her money back once, to the card (the gateway answered) or to her wallet (the sweep gave up on a
// refund the gateway never had).
import { env } from 'cloudflare:workers';
import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import worker from '#api/src/index';
import { CLIENT_IP_HEADER } from '#shared/api/client-ip';
import { applyOutcome } from '#api/src/consultations/refund';
import { apiConfig } from '#api/src/lib/config';
import { gatewayFor } from '#api/src/payment-gateway/gateway-for';
import { settleRefund, sweepPendingRefunds } from '#api/src/payments/refunds';
import { signedRequest } from '../../support/signed-fetch';
import { balance, book, freeTimeAfter, HOUR, post, setUp, shopper, type Shopper } from './consultation-helpers';
import { dyingEnv } from './dying-env';

const SITE = 'http://localhost:8787';
let device: string;
let staffId: number;
let serial = 0;

beforeAll(async () => {
  ({ device, staffId } = await setUp());
});

/** The write that stores the gateway's answer: dying before it, the gateway was asked already. */
const AFTER_GATEWAY = /^\s*UPDATE refunds SET status = CASE/;

/** A consultation she booked and paid by card (KNET, through the sandbox). */
async function paidByCard(tag: string) {
  const s = await shopper(`${tag}-${++serial}`);
  const r = await book(s, await freeTimeAfter(30, { skip: serial % 5 }), { method: 'card', card_method: 'knet' });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  const id = r.body.data.id as number;
  const payment = await env.DB.prepare('SELECT id FROM payments WHERE consultation_id = ?')
    .bind(id)
    .first<{ id: string }>();
  expect((await post(`/dev/payments/${payment!.id}`, { outcome: 'succeeded' }, s)).status).toBe(200);
  return { s, id };
}

/** Her cancel, answered by the worker running on `environment`. */
async function cancelIn(environment: object, s: Shopper, id: number) {
  const ctx = createExecutionContext();
  const request = await signedRequest(`/user/consultation/${id}/cancel`, {
    body: JSON.stringify({ refund_to: 'card' }),
    token: device,
    headers: { authorization: `Bearer ${s.token}`, 'x-country': 'KW', lang: 'en', [CLIENT_IP_HEADER]: '10.7.4.1' },
  });
  const res = await worker.fetch(request, environment as never, ctx);
  await waitOnExecutionContext(ctx).catch(() => undefined);
  return res;
}

/** What the consultation, its refunds and her wallet say. */
async function moneyOf(s: Shopper, id: number) {
  const c = await env.DB.prepare('SELECT status, total, refunded FROM consultations WHERE id = ?')
    .bind(id)
    .first<{ status: string; total: number; refunded: number }>();
  const refunds = await env.DB.prepare(
    'SELECT id, amount, status, provider_ref FROM refunds WHERE consultation_id = ? ORDER BY id',
  )
    .bind(id)
    .all<{ id: number; amount: number; status: string; provider_ref: string | null }>();
  const toCard = refunds.results.filter((r) => r.status !== 'failed').reduce((n, r) => n + r.amount, 0);
  return { ...c!, refunds: refunds.results, toCard, wallet: await balance(s.id, 'KWD') };
}

/** Her money back once, whole: to the card (a refund not failed) and her wallet together, one refund row. */
function expectBackOnce(m: Awaited<ReturnType<typeof moneyOf>>) {
  expect(m.refunds).toHaveLength(1);
  expect(m.refunded).toBe(m.total);
  expect(m.toCard + m.wallet).toBe(m.total);
}

/** The gateway's webhook for a refund it made: succeeded. */
function gatewayRefunded(refund: { id: number; amount: number }) {
  return settleRefund(
    env,
    gatewayFor(apiConfig(env as never)),
    {
      providerRef: `sbx_re_${refund.id}`,
      refundId: refund.id,
      amount: refund.amount,
      currency: 'KWD',
      status: 'succeeded',
    },
    'webhook',
    { confirm: false, siteOrigin: SITE },
  );
}

const sweepLater = () => sweepPendingRefunds(env, gatewayFor(apiConfig(env as never)), SITE, Date.now() + 7 * HOUR);

describe('her cancel refunded to the card, killed before each write', () => {
  it('stores the refund with the cancel: tried again or swept, she gets it back once', async () => {
    let sawAfterGateway = false;
    for (let at = 1; ; at++) {
      const { s, id } = await paidByCard('killed-cancel');
      const dying = dyingEnv(at);
      const res = await cancelIn(dying.env, s, id);
      if (!dying.killed()) {
        expect(res.status).toBe(200);
        const m = await moneyOf(s, id);
        expectBackOnce(m);
        expect(m.refunds[0]).toMatchObject({ status: 'succeeded', amount: m.total });
        break;
      }
      const afterGateway = AFTER_GATEWAY.test(dying.killedSql() ?? '');
      sawAfterGateway ||= afterGateway;
      // She tries again: a cancel that stored nothing is made now; one that stored its batch is done.
      const again = await cancelIn(env, s, id);
      const before = await moneyOf(s, id);
      expect(before.status).toBe('cancelled');
      expect(before.refunded).toBe(before.total);
      expect(before.refunds).toHaveLength(1);
      if (again.status === 409) {
        // Killed after the cancel's batch: the refund is recorded (pending until the gateway's answer is
        // stored), the money counted refunded.
        expect(before.refunds[0]).toMatchObject({ amount: before.total });
        expect(before.refunds[0]!.status).toBe(afterGateway ? 'pending' : before.refunds[0]!.status);
        expect(before.refunds[0]!.status).not.toBe('failed');
      } else expect(again.status).toBe(200);
      // Hours later the sweep gives up on a refund the gateway never answered: her wallet gets it.
      await sweepLater();
      const after = await moneyOf(s, id);
      expectBackOnce(after);
      if (afterGateway) expect(after).toMatchObject({ toCard: 0, wallet: after.total });
      // A second sweep changes nothing.
      await sweepLater();
      expect(await moneyOf(s, id)).toEqual(after);
    }
    expect(sawAfterGateway).toBe(true);
  });

  it('killed after the gateway refunded the card: its webhook settles the refund, nothing goes to the wallet', async () => {
    for (let at = 1; ; at++) {
      const { s, id } = await paidByCard('killed-after-gateway');
      const dying = dyingEnv(at);
      await cancelIn(dying.env, s, id);
      if (!dying.killed()) throw new Error('never killed after the gateway call');
      if (!AFTER_GATEWAY.test(dying.killedSql() ?? '')) {
        await cancelIn(env, s, id);
        continue;
      }
      const pending = await moneyOf(s, id);
      expect(pending).toMatchObject({ status: 'cancelled', refunded: pending.total, wallet: 0 });
      expect(pending.refunds).toEqual([
        expect.objectContaining({ status: 'pending', provider_ref: null, amount: pending.total }),
      ]);
      expect((await cancelIn(env, s, id)).status).toBe(409);
      expect(await gatewayRefunded(pending.refunds[0]!)).toMatchObject({ ok: true, applied: true });
      await sweepLater();
      const after = await moneyOf(s, id);
      expectBackOnce(after);
      expect(after).toMatchObject({ toCard: after.total, wallet: 0 });
      expect(after.refunds[0]).toMatchObject({ status: 'succeeded', provider_ref: `sbx_re_${after.refunds[0]!.id}` });
      break;
    }
  });
});

describe('the nutritionist does not come, her card refunded, killed before each write', () => {
  it('stores the refund with the mark: tried again or swept, she gets it back once', async () => {
    for (let at = 1; ; at++) {
      const { s, id } = await paidByCard('killed-mark');
      // The time has come (one reading of the clock).
      const startsAt = Date.now() - HOUR;
      await env.DB.prepare('UPDATE consultations SET starts_at = ?, ends_at = ? WHERE id = ?')
        .bind(startsAt, startsAt + 20 * 60_000, id)
        .run();
      const dying = dyingEnv(at);
      const money = (e: typeof env) => ({ config: apiConfig(e as never), siteOrigin: SITE, shards: e });
      const mark = (e: typeof env) => applyOutcome(e.DB, money(e), id, 'nutritionist_no_show', staffId);
      const refused = await mark(dying.env as typeof env).then(
        () => null,
        (error: unknown) => error,
      );
      if (!dying.killed()) {
        expect(refused).toBeNull();
        expectBackOnce(await moneyOf(s, id));
        break;
      }
      // Marked again: a mark that stored nothing is made now; one that stored its batch is refused.
      await mark(env).catch(() => undefined);
      await sweepLater();
      const after = await moneyOf(s, id);
      expect(after.status).toBe('cancelled');
      expectBackOnce(after);
    }
  });
});
