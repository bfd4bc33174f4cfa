// Earning points on delivery and losing them on refunds (api/src/loyalty/earn.ts, reverse.ts), through
// the back office's real steps: the numbers in Kuwait and Saudi Arabia, the tier's multiplier, a guest
// earning nothing, partial and full refunds, a refund racing the delivery, a failed gateway refund
// restoring both sides, spent points forgiven rather than a negative balance.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { earnBase, expiryOf, pointsFor } from '#shared/loyalty/rules';
import { loadCatalogueFixture } from '../fixtures/catalogue';
import { deviceToken, GUEST_KW_ADDRESS, submitOrder } from './helpers';
import { staffCall, staffWith, type TestStaff } from './staff-helpers';
import {
  balanceOf,
  credit,
  deliver,
  ledgerOf,
  newShopper,
  paidCardOrder,
  placeCod,
  refundOf,
  shipped,
  spendOn,
  step,
  YEAR,
} from './loyalty-helpers';

let device: string;
let clerk: TestStaff;
let support: TestStaff;

beforeAll(async () => {
  await loadCatalogueFixture(env.DB);
  device = await deviceToken();
  clerk = await staffWith([{ role: 'fulfilment', country: null }], { name: 'Clerk' });
  support = await staffWith([{ role: 'support', country: null }], { name: 'Support' });
});

const orderRow = (id: number) =>
  env.DB.prepare('SELECT total, delivery, wallet_used, vat_basis_points, delivered_at FROM orders WHERE id = ?')
    .bind(id)
    .first<{ total: number; delivery: number; wallet_used: number; vat_basis_points: number; delivered_at: number }>();

const account = (userId: number, country = 'KW') =>
  env.DB.prepare('SELECT balance, tier, spend_12m FROM points_accounts WHERE user_id = ? AND country = ?')
    .bind(userId, country)
    .first<{ balance: number; tier: string; spend_12m: number }>();

describe('earning on delivery', () => {
  it('credits 10 points per KWD of goods in Kuwait, expiring 12 months on, with her spending and tier', async () => {
    const her = await newShopper(device, 'earn-kw');
    const order = await placeCod(device, her, { count: 1 });
    expect(order.total - order.delivery).toBe(3500);
    expect((await deliver(clerk, order.id)).status).toBe(200);
    const row = await orderRow(order.id);
    const lines = await ledgerOf(her.id);
    // KWD 3.500 of goods (no VAT in Kuwait) × 10 points.
    expect(lines).toEqual([
      expect.objectContaining({
        amount: 35,
        kind: 'earn_order',
        event_key: `earn:order:${order.id}`,
        expires_at: expiryOf(row!.delivered_at, 12),
      }),
    ]);
    expect(await account(her.id)).toEqual({ balance: 35, tier: 'bronze', spend_12m: order.total });
    // Delivered once: the event is recorded once.
    expect((await step(clerk, order.id, 'deliver')).status).toBe(409);
    expect(await ledgerOf(her.id)).toHaveLength(1);
  });

  it('credits 1 point per SAR of goods before VAT in Saudi Arabia', async () => {
    const her = await newShopper(device, 'earn-sa', ['SA']);
    const order = await placeCod(device, her, { country: 'SA', count: 2 });
    expect((await deliver(clerk, order.id)).status).toBe(200);
    const row = (await orderRow(order.id))!;
    const expected = pointsFor(earnBase(row), 2, 1);
    expect(expected).toBeGreaterThan(0);
    // VAT (15 %) and delivery earn nothing: the goods' price without VAT, in whole riyals.
    expect(expected).toBe(Math.floor((row.total - row.delivery) / 1.15 / 100));
    expect((await ledgerOf(her.id)).map((l) => l.amount)).toEqual([expected]);
    expect(await balanceOf(her.id, 'KW')).toBe(0);
    expect((await account(her.id, 'SA'))!.balance).toBe(expected);
  });

  it("multiplies by her tier's rate", async () => {
    const her = await newShopper(device, 'earn-gold');
    await env.DB.prepare(
      "INSERT INTO points_accounts (user_id, country, balance, tier, spend_12m, tier_updated_at) VALUES (?, 'KW', 0, 'gold', 400000, ?)",
    )
      .bind(her.id, Date.now())
      .run();
    const order = await placeCod(device, her, { count: 3 });
    expect((await deliver(clerk, order.id)).status).toBe(200);
    // KWD 10.500 × 10 × 1.5 (gold).
    expect((await ledgerOf(her.id)).map((l) => l.amount)).toEqual([157]);
  });

  it('gives a guest nothing', async () => {
    const placed = await submitOrder(device, null, {
      items: [{ sku_id: 101, count: 1 }],
      payment_method: 'cod',
      address: GUEST_KW_ADDRESS,
      email: `guest-${crypto.randomUUID()}@example.com`,
      idempotency_key: crypto.randomUUID(),
    });
    expect((await deliver(clerk, placed.order.id)).status).toBe(200);
    const rows = await env.DB.prepare('SELECT count(*) AS n FROM points_ledger WHERE order_id = ?')
      .bind(placed.order.id)
      .first<{ n: number }>();
    expect(rows!.n).toBe(0);
  });
});

describe('refunds', () => {
  it('take back the share of a partial refund, then the rest on the full refund, and the tier follows', async () => {
    const her = await newShopper(device, 'refund-parts');
    const order = await placeCod(device, her, { count: 3 });
    await deliver(clerk, order.id);
    expect(await balanceOf(her.id)).toBe(105);
    const goods = order.total - order.delivery;
    const third = Math.floor(goods / 3);
    expect((await refundOf(support, order.id, third)).status).toBe(200);
    // A third of the goods back: a third of the points (rounded so no fraction stays behind).
    expect(await balanceOf(her.id)).toBe(Math.floor((105 * (goods - third)) / goods));
    expect((await refundOf(support, order.id, order.total - third)).status).toBe(200);
    expect(await balanceOf(her.id)).toBe(0);
    const lines = await ledgerOf(her.id);
    expect(lines.map((l) => l.kind)).toEqual(['earn_order', 'earn_reversal', 'earn_reversal']);
    expect(lines[1]!.event_key).toMatch(/^reverse:refund:\d+$/);
    expect((await account(her.id))!.spend_12m).toBe(0);
  });

  it('take back every point when every item is refunded and delivery is kept (issue 61)', async () => {
    const her = await newShopper(device, 'refund-goods');
    const order = await placeCod(device, her, { count: 3 });
    expect(order.delivery).toBeGreaterThan(0);
    await deliver(clerk, order.id);
    const earned = await balanceOf(her.id);
    expect(earned).toBe(105);
    // Two items, then the third: delivery is not refunded.
    const two = Math.floor(((order.total - order.delivery) * 2) / 3);
    expect((await refundOf(support, order.id, two)).status).toBe(200);
    expect(await balanceOf(her.id)).toBe(
      Math.floor((105 * (order.total - order.delivery - two)) / (order.total - order.delivery)),
    );
    expect((await refundOf(support, order.id, order.total - order.delivery - two)).status).toBe(200);
    expect(await balanceOf(her.id)).toBe(0);
    expect((await ledgerOf(her.id)).reduce((sum, l) => sum + l.amount, 0)).toBe(0);
  });

  it('give back the share of the points the order spent', async () => {
    const her = await newShopper(device, 'refund-spent');
    await credit(her.id, 'KW', 200, Date.now() + YEAR, `t:${her.id}`);
    const order = await placeCod(device, her, { count: 2 });
    await spendOn(her.id, 'KW', order.id, 200);
    await deliver(clerk, order.id);
    const earned = (await ledgerOf(her.id)).at(-1)!.amount;
    expect((await refundOf(support, order.id, order.total)).status).toBe(200);
    // Everything refunded: the 200 spent come back, the earning goes.
    expect(await balanceOf(her.id)).toBe(200);
    expect((await ledgerOf(her.id)).slice(-2)).toEqual([
      expect.objectContaining({ kind: 'spend_return', amount: 200 }),
      expect.objectContaining({ kind: 'earn_reversal', amount: -earned }),
    ]);
  });

  it('forgive points she already spent rather than go below zero', async () => {
    const her = await newShopper(device, 'refund-short');
    const order = await placeCod(device, her, { count: 3 });
    await deliver(clerk, order.id);
    const other = await placeCod(device, her);
    await spendOn(her.id, 'KW', other.id, 100);
    expect(await balanceOf(her.id)).toBe(5);
    expect((await refundOf(support, order.id, order.total)).status).toBe(200);
    expect(await balanceOf(her.id)).toBe(0);
    expect((await ledgerOf(her.id)).at(-1)).toMatchObject({ kind: 'earn_reversal', amount: -5 });
  });

  it('end the same whichever of a refund and the delivery racing it lands first', async () => {
    const her = await newShopper(device, 'refund-race');
    const orders = await Promise.all([1, 2].map(() => paidCardOrder(device, her, { count: 2 })));
    for (const o of orders) await shipped(clerk, o.id);
    // Sequential references: refund then delivery, and delivery then refund.
    const [a, b] = orders;
    expect((await refundOf(support, a!.id, 3500)).status).toBe(200);
    expect((await step(clerk, a!.id, 'deliver')).status).toBe(200);
    const refundFirst = await balanceOf(her.id);
    expect((await step(clerk, b!.id, 'deliver')).status).toBe(200);
    expect((await refundOf(support, b!.id, 3500)).status).toBe(200);
    const bothOrders = await balanceOf(her.id);
    // What is left after the refund earns: KWD 7.000 of goods, 3.500 of them refunded.
    const row = (await orderRow(a!.id))!;
    const goods = row.total - row.delivery;
    const kept = pointsFor(Math.floor((earnBase(row) * (goods - 3500)) / goods), 3, 10);
    expect(refundFirst).toBe(kept);
    expect(bothOrders - refundFirst).toBe(kept);
    // Now at once.
    const c = await paidCardOrder(device, her, { count: 2 });
    await shipped(clerk, c.id);
    const [refunded, delivered] = await Promise.all([refundOf(support, c.id, 3500), step(clerk, c.id, 'deliver')]);
    expect([refunded.status, delivered.status]).toEqual([200, 200]);
    expect((await balanceOf(her.id)) - bothOrders).toBe(kept);
  });

  it('restore both sides when a gateway refund fails', async () => {
    const her = await newShopper(device, 'refund-failed');
    await credit(her.id, 'KW', 100, Date.now() + YEAR, `t:${her.id}`);
    const order = await paidCardOrder(device, her, { count: 2 });
    await spendOn(her.id, 'KW', order.id, 100);
    await shipped(clerk, order.id);
    await step(clerk, order.id, 'deliver');
    const before = await balanceOf(her.id);
    // An amount ending in 77 stays pending in the sandbox until a tester settles it.
    const pending = await refundOf(support, order.id, 1077, 'gateway');
    expect(pending.status).toBe(200);
    const refundId = (await pending.json<{ data: { refunds: Array<{ id: number }> } }>()).data.refunds[0]!.id;
    const moved = await balanceOf(her.id);
    expect(moved).not.toBe(before);
    const failed = await staffCall(support.token, `/staff/orders/${order.id}/refunds/${refundId}/settle`, {
      json: { status: 'failed' },
    });
    expect(failed.status).toBe(200);
    expect(await balanceOf(her.id)).toBe(before);
    const keys = (await ledgerOf(her.id)).map((l) => l.event_key);
    expect(keys).toEqual(expect.arrayContaining([`restore:refund:${refundId}`, `restore:return:refund:${refundId}`]));
  });

  it('restore both sides when the gateway refuses the refund at once', async () => {
    const her = await newShopper(device, 'refund-refused');
    await credit(her.id, 'KW', 100, Date.now() + YEAR, `t:${her.id}`);
    const order = await paidCardOrder(device, her, { count: 2 });
    await spendOn(her.id, 'KW', order.id, 100);
    await shipped(clerk, order.id);
    await step(clerk, order.id, 'deliver');
    const before = await balanceOf(her.id);
    // The sandbox refuses an amount ending in 66.
    const refused = await refundOf(support, order.id, 2066, 'gateway');
    expect(refused.status).toBe(502);
    expect(await balanceOf(her.id)).toBe(before);
    const kinds = (await ledgerOf(her.id)).map((l) => `${l.kind}:${l.amount > 0 ? '+' : '-'}`);
    expect(kinds.slice(-4)).toEqual(['spend_return:+', 'earn_reversal:-', 'earn_reversal:+', 'spend_return:-']);
  });
});
