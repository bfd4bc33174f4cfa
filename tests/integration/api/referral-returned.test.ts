// A friend's order returned in full takes back her referrer's reward (issue 61, api/src/loyalty/
// referral-revoke.ts), through the API and the back office's real steps: all goods refunded (delivery
// kept) takes it back and voids the referral, a partial refund leaves it, and the friend buying again
// with the code after returning earns the referrer nothing (a friend is referred once ever).
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '#api/src/accounts/sessions';
import { loyaltyRules } from '#api/src/loyalty/rules-read';
import { loadCatalogueFixture } from '../fixtures/catalogue';
import { ADDRESSES, call, deviceToken, json, shopperHeaders } from './helpers';
import { staffWith, type TestStaff } from './staff-helpers';
import { balanceOf, deliver, refundOf } from './loyalty-helpers';

let clerk: TestStaff;
let support: TestStaff;

beforeAll(async () => {
  await loadCatalogueFixture(env.DB);
  clerk = await staffWith([{ role: 'fulfilment', country: null }], { name: 'Clerk' });
  support = await staffWith([{ role: 'support', country: null }], { name: 'Support' });
});

const unique = () => String(Math.floor(Math.random() * 1e6));
const randomPhone = () => `9${unique().padStart(7, '0')}`;

async function shopper() {
  const row = await env.DB.prepare(
    "INSERT INTO users (name, email, password_hash, lang, created_at) VALUES ('Friend', ?, '', 'en', ?) RETURNING id",
  )
    .bind(`returned-${crypto.randomUUID()}@example.com`, Date.now())
    .first<{ id: number }>();
  return { id: row!.id, token: await createSession(env.DB, row!.id) };
}

/** A referrer with her code. */
async function referrer() {
  const r = await shopper();
  const code = `RT${r.id}`;
  await env.DB.prepare('INSERT INTO referral_codes (user_id, code, created_at) VALUES (?, ?, ?)')
    .bind(r.id, code, Date.now())
    .run();
  return { ...r, code };
}

/** The friend's cash order with the code (3 × 3.500: over the friend's minimum), at an address of her own. */
async function orderWithCode(friend: { token: string }, device: string, code: string) {
  const res = await call('/order/submit', {
    body: JSON.stringify({
      items: [{ sku_id: 101, count: 3 }],
      referral_code: code,
      payment_method: 'cod',
      address: { ...ADDRESSES.KW, phone: randomPhone(), block: unique() },
      idempotency_key: crypto.randomUUID(),
    }),
    token: device,
    headers: shopperHeaders(friend.token),
  });
  return { status: res.status, body: await json(res) };
}

const orderMoney = (id: number) =>
  env.DB.prepare('SELECT total, delivery FROM orders WHERE id = ?')
    .bind(id)
    .first<{ total: number; delivery: number }>() as Promise<{ total: number; delivery: number }>;

const referralOf = (orderId: number) =>
  env.DB.prepare('SELECT id, status FROM referrals WHERE order_id = ?')
    .bind(orderId)
    .first<{ id: number; status: string }>();

describe("a friend's order returned in full", () => {
  it("takes back the referrer's reward and voids the referral; buying again with the code earns nothing", async () => {
    const { rules } = await loyaltyRules(env.DB, 'KW');
    const her = await referrer();
    const friend = await shopper();
    const device = await deviceToken();
    const placed = await orderWithCode(friend, device, her.code);
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const orderId = placed.body.data.order.id as number;
    expect((await deliver(clerk, orderId)).status).toBe(200);
    expect(await balanceOf(her.id)).toBe(rules.referrer_points);
    expect((await referralOf(orderId))!.status).toBe('rewarded');

    // Every item back, delivery kept: returned in full.
    const money = await orderMoney(orderId);
    expect(money.delivery).toBeGreaterThan(0);
    expect((await refundOf(support, orderId, money.total - money.delivery)).status).toBe(200);
    expect(await balanceOf(her.id)).toBe(0);
    const referral = (await referralOf(orderId))!;
    expect(referral.status).toBe('void');
    const rows = await env.DB.prepare(
      'SELECT kind, amount, event_key, order_id FROM points_ledger WHERE user_id = ? ORDER BY id',
    )
      .bind(her.id)
      .all();
    expect(rows.results).toEqual([
      { kind: 'earn_referral', amount: rules.referrer_points, event_key: `referral:${referral.id}`, order_id: null },
      // Not linked to the friend's order: the referrer's history never names another shopper's order.
      {
        kind: 'earn_reversal',
        amount: -rules.referrer_points,
        event_key: `revoke:referral:${referral.id}`,
        order_id: null,
      },
    ]);
    // Refunding the delivery too changes nothing more.
    expect((await refundOf(support, orderId, money.delivery)).status).toBe(200);
    expect(await balanceOf(her.id)).toBe(0);

    // The friend buys again with the code: a friend is referred once ever, so no second reward.
    const again = await orderWithCode(friend, device, her.code);
    expect([again.status, again.body.meta.msg]).toEqual([409, 'referral_not_first_order']);
    const count = await env.DB.prepare('SELECT count(*) AS n FROM referrals WHERE referrer_id = ?')
      .bind(her.id)
      .first<number>('n');
    expect(count).toBe(1);
  });

  it('leaves the reward when only part of the goods comes back', async () => {
    const { rules } = await loyaltyRules(env.DB, 'KW');
    const her = await referrer();
    const friend = await shopper();
    const placed = await orderWithCode(friend, await deviceToken(), her.code);
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const orderId = placed.body.data.order.id as number;
    await deliver(clerk, orderId);
    const money = await orderMoney(orderId);
    expect((await refundOf(support, orderId, money.total - money.delivery - 1)).status).toBe(200);
    expect(await balanceOf(her.id)).toBe(rules.referrer_points);
    expect((await referralOf(orderId))!.status).toBe('rewarded');
  });

  it('takes back no more than the referrer still has', async () => {
    const { rules } = await loyaltyRules(env.DB, 'KW');
    const her = await referrer();
    const friend = await shopper();
    const placed = await orderWithCode(friend, await deviceToken(), her.code);
    const orderId = placed.body.data.order.id as number;
    await deliver(clerk, orderId);
    // She spent most of it meanwhile (an adjustment stands for a spend here).
    const { pointsMove } = await import('#api/src/loyalty/ledger');
    await env.DB.batch(
      pointsMove(env.DB, {
        userId: her.id,
        country: 'KW',
        amount: -(rules.referrer_points - 100),
        kind: 'adjustment',
        eventKey: `t:spent:${her.id}`,
        staffId: support.id,
        reason: 'Spent at the counter',
      }),
    );
    const money = await orderMoney(orderId);
    expect((await refundOf(support, orderId, money.total)).status).toBe(200);
    expect(await balanceOf(her.id)).toBe(0);
    expect((await referralOf(orderId))!.status).toBe('void');
  });
});
