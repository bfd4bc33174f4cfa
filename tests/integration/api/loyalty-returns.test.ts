// Points an order spent come back when it is cancelled or its card payment fails, in the batch that
// gives back its stock (api/src/loyalty/returns.ts), once, with the expiry of the points they replace;
// the referral it carried is void. And a shopper's tier as the checkout reads it (tierOf).
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { tierOf } from '#api/src/loyalty/tiers';
import { loyaltyRules } from '#api/src/loyalty/rules-read';
import { loadCatalogueFixture } from '../fixtures/catalogue';
import { call, deviceToken, shopperHeaders } from './helpers';
import { staffWith, type TestStaff } from './staff-helpers';
import {
  balanceOf,
  credit,
  DAY,
  deliver,
  ledgerOf,
  newShopper,
  paidCardOrder,
  placeCod,
  refundOf,
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

describe('spent points given back', () => {
  it('come back once when the order is cancelled, expiring with the earliest credit, and void its referral', async () => {
    const her = await newShopper(device, 'return-cancel');
    const friendOf = await newShopper(device, 'return-referrer');
    const now = Date.now();
    await credit(her.id, 'KW', 300, now + 40 * DAY, `t:early:${her.id}`);
    await credit(her.id, 'KW', 200, now + YEAR, `t:late:${her.id}`);
    const order = await placeCod(device, her);
    await spendOn(her.id, 'KW', order.id, 200);
    await env.DB.prepare(
      "INSERT INTO referrals (referrer_id, friend_id, order_id, country, discount, status, month, created_at) VALUES (?, ?, ?, 'KW', 2000, 'pending', '2026-11', ?)",
    )
      .bind(friendOf.id, her.id, order.id, now)
      .run();
    expect(await balanceOf(her.id)).toBe(300);
    expect((await step(clerk, order.id, 'cancel', { confirm: true })).status).toBe(200);
    expect(await balanceOf(her.id)).toBe(500);
    const back = (await ledgerOf(her.id)).at(-1)!;
    expect(back).toMatchObject({ amount: 200, kind: 'spend_return', event_key: `return:order:${order.id}` });
    // First in, first out: given back at the earliest expiry, so they never live longer than spent.
    expect(back.expires_at).toBe(now + 40 * DAY);
    const referral = await env.DB.prepare('SELECT status FROM referrals WHERE order_id = ?')
      .bind(order.id)
      .first<{ status: string }>();
    expect(referral!.status).toBe('void');
    // Nothing more the second time (a cancel is refused once cancelled; a release replayed adds nothing).
    const { releaseStatements } = await import('#api/src/payments/outcome');
    await env.DB.batch(await releaseStatements(env.DB, order.id, Date.now(), 'cancelled'));
    expect(await balanceOf(her.id)).toBe(500);
  });

  it('come back when the card payment fails', async () => {
    const her = await newShopper(device, 'return-failed');
    await credit(her.id, 'KW', 500, Date.now() + YEAR, `t:c:${her.id}`);
    const submit = await call('/order/submit', {
      body: JSON.stringify({
        items: [{ sku_id: 101, count: 1 }],
        payment_method: 'card',
        address_id: her.addresses.KW,
        idempotency_key: crypto.randomUUID(),
      }),
      token: device,
      headers: shopperHeaders(her.token),
    });
    const placed = (await submit.json()) as { data: { order: { id: number }; payment: { id: string } } };
    await spendOn(her.id, 'KW', placed.data.order.id, 300);
    expect(await balanceOf(her.id)).toBe(200);
    const failed = await call(`/dev/payments/${placed.data.payment.id}`, {
      body: JSON.stringify({ outcome: 'failed' }),
      token: device,
      headers: shopperHeaders(her.token),
    });
    expect(failed.status).toBe(200);
    expect(await balanceOf(her.id)).toBe(500);
    expect((await ledgerOf(her.id)).map((l) => l.kind)).toEqual(['earn_birthday', 'spend', 'spend_return']);
  });

  it("void a friend's referral when her order is fully refunded before delivery", async () => {
    const her = await newShopper(device, 'return-refunded');
    const referrer = await newShopper(device, 'return-refunded-referrer');
    const order = await paidCardOrder(device, her);
    await env.DB.prepare(
      "INSERT INTO referrals (referrer_id, friend_id, order_id, country, discount, status, month, created_at) VALUES (?, ?, ?, 'KW', 0, 'pending', '2026-11', ?)",
    )
      .bind(referrer.id, her.id, order.id, Date.now())
      .run();
    const status = () =>
      env.DB.prepare('SELECT status FROM referrals WHERE order_id = ?')
        .bind(order.id)
        .first<{ status: string }>()
        .then((r) => r!.status);
    expect((await refundOf(support, order.id, 1000)).status).toBe(200);
    expect(await status()).toBe('pending');
    expect((await refundOf(support, order.id, order.total - 1000)).status).toBe(200);
    expect(await status()).toBe('void');
  });

  it('leave an order that spent nothing without a row', async () => {
    const her = await newShopper(device, 'return-none');
    const order = await placeCod(device, her);
    expect((await step(clerk, order.id, 'cancel', { confirm: true })).status).toBe(200);
    expect(await ledgerOf(her.id)).toEqual([]);
  });
});

describe('the tier the checkout reads', () => {
  it('is computed from her spending when none is stored, and the stored one while fresh', async () => {
    const her = await newShopper(device, 'tier-of');
    const { tiers } = await loyaltyRules(env.DB, 'KW');
    expect(tiers.map((t) => t.tier)).toEqual(['bronze', 'silver', 'gold']);
    expect(await tierOf(env.DB, her.id, 'KW')).toMatchObject({ tier: { tier: 'bronze' }, spend_12m: 0 });
    await env.DB.prepare(
      "INSERT INTO points_accounts (user_id, country, balance, tier, spend_12m, tier_updated_at) VALUES (?, 'KW', 0, 'silver', 150000, ?)",
    )
      .bind(her.id, Date.now())
      .run();
    expect(await tierOf(env.DB, her.id, 'KW')).toMatchObject({ tier: { tier: 'silver' }, spend_12m: 150000 });
  });

  it("counts the other country's spending at the shop's exchange rate", async () => {
    const her = await newShopper(device, 'tier-rate', ['KW', 'SA']);
    const sa = await placeCod(device, her, { country: 'SA', count: 2 });
    const kw = await placeCod(device, her);
    await deliver(clerk, sa.id);
    await deliver(clerk, kw.id);
    // SAR 12.20 = KWD 1.000 (rate 12.2000): each side in its own currency, rounded to the minor unit.
    expect((await tierOf(env.DB, her.id, 'KW')).spend_12m).toBe(kw.total + Math.round((sa.total * 1000) / 1220));
    expect((await tierOf(env.DB, her.id, 'SA')).spend_12m).toBe(sa.total + Math.round((kw.total * 1220) / 1000));
  });
});
