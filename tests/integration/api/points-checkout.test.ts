// Spending points at checkout through the API (issue 47): the quote's points and their problems, the
// tier's perks in her quote, the Saudi tax invoice and its ZATCA QR with points (and a friend's
// discount) to the halala, the credit note of a later refund, and eight checkouts at once spending
// the same points: exactly one spends them, the others change nothing; a replayed key spends nothing again.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '#api/src/accounts/sessions';
import { pointsMove } from '#api/src/loyalty/ledger';
import { loadCatalogueFixture } from '../fixtures/catalogue';
import { call, deviceToken, json, saveAddress, shopperHeaders, stockOf } from './helpers';
import { staffCall, staffWith, type TestStaff } from './staff-helpers';

let device: string;
let owner: TestStaff;
const YEAR = 365 * 24 * 60 * 60 * 1000;

/** A shopper signed in without the cost of a password: her id and token. */
async function shopper(tag: string): Promise<{ id: number; token: string }> {
  const row = await env.DB.prepare(
    "INSERT INTO users (name, email, password_hash, lang, created_at) VALUES (?, ?, '', 'en', ?) RETURNING id",
  )
    .bind(`Points ${tag}`, `points-${tag}-${crypto.randomUUID()}@example.com`, Date.now())
    .first<{ id: number }>();
  return { id: row!.id, token: await createSession(env.DB, row!.id) };
}

async function givePoints(userId: number, country: 'KW' | 'SA', amount: number) {
  await env.DB.batch(
    pointsMove(env.DB, {
      userId,
      country,
      amount,
      kind: 'earn_birthday',
      eventKey: `test:${userId}:${country}:${crypto.randomUUID()}`,
      expiresAt: Date.now() + YEAR,
    }),
  );
}

const post = (path: string, body: unknown, user: string | null, country = 'KW', dev = device) =>
  call(path, { body: JSON.stringify(body), token: dev, headers: shopperHeaders(user, country) });

const balanceOf = async (userId: number, country = 'KW') =>
  (
    await env.DB.prepare('SELECT balance FROM points_accounts WHERE user_id = ? AND country = ?')
      .bind(userId, country)
      .first<{ balance: number }>()
  )?.balance ?? 0;

/** The QR payload's TLV fields, by tag. */
function tlv(qr: string): string[] {
  const bytes = Uint8Array.from(atob(qr), (ch) => ch.charCodeAt(0));
  const fields: string[] = [];
  for (let i = 0; i < bytes.length; i += 2 + bytes[i + 1]!)
    fields[bytes[i]!] = new TextDecoder().decode(bytes.subarray(i + 2, i + 2 + bytes[i + 1]!));
  return fields;
}

beforeAll(async () => {
  await loadCatalogueFixture(env.DB);
  device = await deviceToken();
  owner = await staffWith([{ role: 'owner', country: null }], { name: 'Owner' });
});

describe('the quote’s points', () => {
  it('offers her whole steps down to the minimum payable, with what the order earns', async () => {
    const her = await shopper('quote');
    await givePoints(her.id, 'KW', 1_250);
    // 2 × 3.500 = 7.000 + delivery 1.000 = 8.000; 100 points = 0.200, at least 1.000 left: 35 steps; she has 12.
    const quote = await json(
      await post('/order/calculate', { items: [{ sku_id: 101, count: 2 }], points: 1_200 }, her.token),
    );
    expect(quote.data.points).toEqual({
      balance: 1_250,
      max_points: 1_200,
      step_points: 100,
      step_value: 200,
      used: 1_200,
      discount: 2_400,
      // 8.000 − 2.400 = 5.600 paid, 4.600 of it goods: 10 points per KWD at bronze's ×1.
      earns: 46,
      problem: null,
    });
    expect(quote.data).toMatchObject({ points_used: 1_200, points_discount: 2_400, total: 5_600, due: 5_600 });
  });

  it('answers points not in steps or too many with a problem key, not an error; a guest has none', async () => {
    const her = await shopper('problems');
    await givePoints(her.id, 'KW', 500);
    const odd = await post('/order/calculate', { items: [{ sku_id: 101, count: 1 }], points: 150 }, her.token);
    expect(odd.status).toBe(200);
    expect((await json(odd)).data.points).toMatchObject({ problem: 'points_not_in_steps', used: 0, discount: 0 });
    const many = await json(
      await post('/order/calculate', { items: [{ sku_id: 101, count: 1 }], points: 600 }, her.token),
    );
    expect(many.data.points).toMatchObject({ problem: 'points_over_limit', max_points: 500, used: 0 });
    expect(many.data.total).toBe(4_500);
    // Submitting them is refused with the same key, and spends nothing.
    const address_id = await saveAddress(device, her.token, 'KW');
    const refused = await post(
      '/order/submit',
      {
        items: [{ sku_id: 101, count: 1 }],
        points: 600,
        payment_method: 'cod',
        address_id,
        idempotency_key: crypto.randomUUID(),
      },
      her.token,
    );
    expect(refused.status).toBe(409);
    expect((await json(refused)).meta.msg).toBe('points_over_limit');
    expect(await balanceOf(her.id)).toBe(500);
    const guest = await json(await post('/order/calculate', { items: [{ sku_id: 101, count: 1 }], points: 100 }, null));
    expect(guest.data.points).toBeNull();
    expect(guest.data.points_discount).toBe(0);
  });
});

describe('the tier’s perks in her quote', () => {
  it('gives a gold shopper her tier’s free-delivery threshold', async () => {
    const her = await shopper('gold');
    await env.DB.prepare("INSERT INTO points_accounts (user_id, country, balance, tier) VALUES (?, 'KW', 0, 'gold')")
      .bind(her.id)
      .run();
    // 2 × 3.500 = 7.000: below Kuwait's 15.000, above gold's 5.000.
    const gold = await json(await post('/order/calculate', { items: [{ sku_id: 101, count: 2 }] }, her.token));
    expect(gold.data).toMatchObject({ free_shipping: 5_000, free_delivery: true, delivery: 0, total: 7_000 });
    const bronze = await json(await post('/order/calculate', { items: [{ sku_id: 101, count: 2 }] }, null));
    expect(bronze.data).toMatchObject({ free_shipping: 15_000, delivery: 1_000 });
  });

  it('opens a promotion to a silver shopper 24 hours before its start', async () => {
    const her = await shopper('silver');
    await env.DB.prepare("INSERT INTO points_accounts (user_id, country, balance, tier) VALUES (?, 'KW', 0, 'silver')")
      .bind(her.id)
      .run();
    const starts = Date.now() + 20 * 60 * 60 * 1000;
    const promo = await env.DB.prepare(
      `INSERT INTO promotions (kind, name_en, name_ar, country, starts_at, is_active, buy_count, free_count, max_per_order, priority, updated_at)
       VALUES ('buy_x_get_y', 'Early two for one', 'اثنان بسعر واحد', 'KW', ?, 1, 1, 1, 1, 0, ?) RETURNING id`,
    )
      .bind(starts, Date.now())
      .first<{ id: number }>();
    await env.DB.prepare('INSERT INTO promotion_targets (promotion_id, sku_id) VALUES (?, 102)').bind(promo!.id).run();
    const mine = await json(await post('/order/calculate', { items: [{ sku_id: 102, count: 2 }] }, her.token));
    expect(mine.data.promotions.find((p: { promotion_id: number }) => p.promotion_id === promo!.id)).toMatchObject({
      applied: true,
    });
    const guest = await json(await post('/order/calculate', { items: [{ sku_id: 102, count: 2 }] }, null));
    expect(guest.data.promotions.find((p: { promotion_id: number }) => p.promotion_id === promo!.id)).toBeUndefined();
    await env.DB.prepare('UPDATE promotions SET is_active = 0 WHERE id = ?').bind(promo!.id).run();
  });
});

describe('a Saudi order with points, to the halala', () => {
  it('shows the discounts on the tax invoice and its QR, and a later refund’s credit note', async () => {
    const her = await shopper('saudi');
    await givePoints(her.id, 'SA', 800);
    const address_id = await saveAddress(device, her.token, 'SA');
    const res = await post(
      '/order/submit',
      {
        items: [{ sku_id: 401, count: 2 }],
        points: 500,
        payment_method: 'cod',
        address_id,
        idempotency_key: crypto.randomUUID(),
      },
      her.token,
      'SA',
    );
    expect(res.status).toBe(200);
    const order = (await json(res)).data.order;
    // 2 × 38.58 = 77.16 + delivery 25.00 = 102.16; 5 steps × 2.00 = 10.00 off → 92.16; VAT 15/115 = 12.02.
    expect(order.totals).toMatchObject({
      subtotal: 7_716,
      delivery: 2_500,
      points_used: 500,
      points_discount: 1_000,
      total: 9_216,
      vat: 1_202,
    });
    expect(order.tax_invoice).toMatchObject({ total: 9_216, vat: 1_202 });
    const fields = tlv(order.tax_invoice.qr);
    expect([fields[4], fields[5]]).toEqual(['92.16', '12.02']);
    expect(await balanceOf(her.id, 'SA')).toBe(300);
    const spend = await env.DB.prepare('SELECT amount, kind, event_key FROM points_ledger WHERE order_id = ?')
      .bind(order.id)
      .all();
    expect(spend.results).toEqual([{ amount: -500, kind: 'spend', event_key: `spend:order:${order.id}` }]);
    const stored = await env.DB.prepare(
      'SELECT points_used, points_discount, referral_discount FROM orders WHERE id = ?',
    )
      .bind(order.id)
      .first();
    expect(stored).toEqual({ points_used: 500, points_discount: 1_000, referral_discount: 0 });
    // The back office's order detail reads them too.
    const detail = await json(await staffCall(owner.token, `/staff/orders/${order.id}`));
    expect(detail.data.order).toMatchObject({ points_used: 500, points_discount: 1_000, total: 9_216 });

    // Delivered, then 10.00 of it refunded: the credit note takes its VAT out of what was paid.
    for (const step of ['confirm', 'pack'])
      await staffCall(owner.token, `/staff/orders/${order.id}/${step}`, { json: {} });
    await staffCall(owner.token, `/staff/orders/${order.id}/ship`, {
      json: { carrier: 'smsa', tracking_number: 'SM47' },
    });
    await staffCall(owner.token, `/staff/orders/${order.id}/deliver`, { json: {} });
    const refund = await staffCall(owner.token, `/staff/orders/${order.id}/refund`, {
      json: { amount: 1_000, method: 'wallet', reason: 'damaged', idempotency_key: crypto.randomUUID() },
    });
    expect(refund.status).toBe(200);
    const after = (
      await json(await call(`/user/order/${order.id}`, { token: device, headers: shopperHeaders(her.token, 'SA') }))
    ).data;
    expect(after.tax_invoice).toMatchObject({ total: 9_216, vat: 1_202 });
    expect(after.refunds[0].credit_note).toMatchObject({ invoice_number: String(order.id), total: 1_000, vat: 130 });
  });

  it('with points and a friend’s discount', async () => {
    const referrer = await shopper('saudi-referrer');
    const code = `SA${String(referrer.id).padStart(6, '0')}`;
    await env.DB.prepare('INSERT INTO referral_codes (user_id, code, created_at) VALUES (?, ?, ?)')
      .bind(referrer.id, code, Date.now())
      .run();
    const friendDevice = await deviceToken();
    const her = await shopper('saudi-friend');
    await givePoints(her.id, 'SA', 300);
    const address_id = await saveAddress(friendDevice, her.token, 'SA', {
      phone: '598765400',
      building_number: '7777',
    });
    // 4 × 38.58 = 154.32 ≥ the friend's minimum 100.00.
    const res = await post(
      '/order/submit',
      {
        items: [{ sku_id: 401, count: 4 }],
        points: 300,
        referral_code: code.toLowerCase(),
        payment_method: 'cod',
        address_id,
        idempotency_key: crypto.randomUUID(),
      },
      her.token,
      'SA',
      friendDevice,
    );
    const body = await json(res);
    expect(res.status, JSON.stringify(body)).toBe(200);
    const order = body.data.order;
    // 154.32 + 25.00 = 179.32 − friend 20.00 − 3 steps × 2.00 = 153.32; VAT 153.32 × 15/115 = 19.998… → 20.00.
    expect(order.totals).toMatchObject({ referral_discount: 2_000, points_discount: 600, total: 15_332, vat: 2_000 });
    const fields = tlv(order.tax_invoice.qr);
    expect([fields[4], fields[5]]).toEqual(['153.32', '20.00']);
    const referral = await env.DB.prepare(
      'SELECT referrer_id, friend_id, country, discount, status, month FROM referrals WHERE order_id = ?',
    )
      .bind(order.id)
      .first();
    expect(referral).toMatchObject({
      referrer_id: referrer.id,
      friend_id: her.id,
      country: 'SA',
      discount: 2_000,
      status: 'pending',
    });
    expect((referral as { month: string }).month).toMatch(/^\d{4}-\d\d$/);

    // Delivered: the ledger's hook rewards the referrer from this row (the contract between the parts).
    for (const step of ['confirm', 'pack'])
      await staffCall(owner.token, `/staff/orders/${order.id}/${step}`, { json: {} });
    await staffCall(owner.token, `/staff/orders/${order.id}/ship`, {
      json: { carrier: 'smsa', tracking_number: 'SM48' },
    });
    expect((await staffCall(owner.token, `/staff/orders/${order.id}/deliver`, { json: {} })).status).toBe(200);
    const after = await env.DB.prepare('SELECT status FROM referrals WHERE order_id = ?').bind(order.id).first();
    expect(after).toEqual({ status: 'rewarded' });
    expect(await balanceOf(referrer.id, 'SA')).toBe(500);
  });
});

describe('eight checkouts at once spending the same points', { timeout: 30_000 }, () => {
  it('spend them once: the others are refused and leave stock and coupon uses as they were', async () => {
    const her = await shopper('eight');
    await givePoints(her.id, 'KW', 1_000);
    const address_id = await saveAddress(device, her.token, 'KW');
    await env.DB.prepare(
      "INSERT OR IGNORE INTO coupons (id, code, kind, value, min_subtotal_fils, max_uses, once_per_shopper) VALUES (4701, 'EIGHT47', 'percent', 500, 0, NULL, 0)",
    ).run();
    const before = { stock: await stockOf(101), used: await couponUses() };
    const keys = Array.from({ length: 8 }, () => crypto.randomUUID());
    const body = (k: string) => ({
      items: [{ sku_id: 101, count: 1 }],
      points: 1_000,
      coupon: 'EIGHT47',
      payment_method: 'cod',
      address_id,
      idempotency_key: k,
    });
    const answers = await Promise.all(keys.map((k) => post('/order/submit', body(k), her.token)));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
    const refused = await Promise.all(answers.filter((r) => r.status === 409).map((r) => json(r)));
    expect(new Set(refused.map((r) => r.meta.msg))).toEqual(new Set(['points_insufficient']));
    const placed = await json(answers.find((r) => r.status === 200)!);
    expect(placed.data.order.totals).toMatchObject({ points_used: 1_000, points_discount: 2_000 });
    // One order's stock and coupon use; one spend row; the balance at zero.
    expect(await stockOf(101)).toBe(before.stock - 1);
    expect(await couponUses()).toBe(before.used + 1);
    const spends = await env.DB.prepare("SELECT count(*) AS n FROM points_ledger WHERE user_id = ? AND kind = 'spend'")
      .bind(her.id)
      .first<{ n: number }>();
    expect(spends!.n).toBe(1);
    expect(await balanceOf(her.id)).toBe(0);
    const orders = await env.DB.prepare('SELECT count(*) AS n FROM orders WHERE user_id = ?')
      .bind(her.id)
      .first<{ n: number }>();
    expect(orders!.n).toBe(1);

    // The placed order's key again: the same order, nothing spent again.
    const firstKey = keys[answers.findIndex((r) => r.status === 200)]!;
    const replay = await json(await post('/order/submit', body(firstKey), her.token));
    expect(replay.data).toMatchObject({ replayed: true, order: { id: placed.data.order.id } });
    expect(spends!.n).toBe(1);
    const after = await env.DB.prepare("SELECT count(*) AS n FROM points_ledger WHERE user_id = ? AND kind = 'spend'")
      .bind(her.id)
      .first<{ n: number }>();
    expect(after!.n).toBe(1);
  });
});

async function couponUses() {
  return (await env.DB.prepare('SELECT used FROM coupons WHERE id = 4701').first<{ used: number }>())?.used ?? 0;
}
