// The shopper's own pages and money in her order shard (issue 48, decisions 61 and 62): a shopper moved
// to shard 1 (ORDERS_1) sees and does exactly what she did in shard 0: her orders, an order's page, a
// guest's link and lookup, pay again and cancel, a wallet top-up, her points and tier, a friend's
// referral checks, a review of what she bought, a WhatsApp stop, and a guest's orders joining her
// account from another shard. Each test reads her pages in shard
// 0, moves her, and reads them again: the same answers, read from and written to ORDERS_1, nothing of
// hers left in or written to the core.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { userOwner } from '#api/src/db/databases';
import { moveShopper } from '#api/src/db/move-shopper';
import { createSession } from '#api/src/accounts/sessions';
import { claimByVerification, verificationFor } from '#api/src/orders/guest-links';
import { joinGuestClaims } from '#api/src/orders/guest-claims';
import { registerShard } from '#api/src/db/shard-admin';
import { freshStart } from '../../support/fresh-start';
import { loadCatalogueFixture } from '../fixtures/catalogue';
import { call, deviceToken, GUEST_KW_ADDRESS, json, shopperHeaders } from './helpers';
import { credit, newShopper, placeCod, type Shopper, YEAR } from './loyalty-helpers';
import { spend12m, tierOf } from '#api/src/loyalty/tiers';
import { stopToken } from '#api/src/messages/whatsapp-updates';
import { queueReviewRequests } from '#api/src/reviews/request-mail';
import { sendRefillReminders } from '#api/src/subscriptions/refills';
import { staffCall, staffWith } from './staff-helpers';

let device: string;

beforeAll(async () => {
  await freshStart(env.ORDERS_1, env.TEST_SHARD_MIGRATIONS);
  await loadCatalogueFixture(env.DB);
  await env.DB.prepare('UPDATE skus SET stock = 100000 WHERE id IN (101, 102)').run();
  device = await deviceToken();
  await registerShard(env, 1, 'ORDERS_1');
});

const move = (owner: Parameters<typeof moveShopper>[1]) => moveShopper(env, owner, 1, { lockGraceMs: 0 });
const headersOf = (shopper: Shopper | null) => shopperHeaders(shopper?.token ?? null);
const get = (path: string, shopper: Shopper | null) => call(path, { token: device, headers: headersOf(shopper) });
const post = (path: string, shopper: Shopper | null, body: unknown) =>
  call(path, { token: device, headers: headersOf(shopper), body: JSON.stringify(body) });
const answer = async (res: Response) => ({ status: res.status, body: await json(res) });
const count = (db: D1Database, sql: string, ...binds: unknown[]) =>
  db
    .prepare(`SELECT count(*) AS n FROM ${sql}`)
    .bind(...binds)
    .first<number>('n');
const trips = (res: Response) => Number(res.headers.get('x-d1-roundtrips'));

/** A card order left unpaid (its sandbox payment failed): Pay now and Cancel are offered. */
async function failedCardOrder(shopper: Shopper, extra: { points?: number } = {}): Promise<number> {
  const placed = await json(
    await post('/order/submit', shopper, {
      items: [{ sku_id: 102, count: 1 }],
      payment_method: 'card',
      address_id: shopper.addresses.KW,
      idempotency_key: crypto.randomUUID(),
      ...extra,
    }),
  );
  const failed = await post(`/dev/payments/${placed.data.payment.id}`, shopper, { outcome: 'failed' });
  expect(failed.status).toBe(200);
  return placed.data.order.id as number;
}

describe('her orders in her shard', () => {
  it('lists her orders, opens each one, and prices her cart with her wallet, as in shard 0', async () => {
    const shopper = await newShopper(device, 'orders');
    const orders = [await placeCod(device, shopper, { count: 2 }), await placeCod(device, shopper)];
    await env.DB.prepare("INSERT INTO wallet_accounts (user_id, currency, balance) VALUES (?, 'KWD', 700)")
      .bind(shopper.id)
      .run();
    const pages = [
      '/user/order',
      '/user/order/list/1',
      ...orders.map((o) => `/user/order/${o.id}`),
      `/order/${orders[0]!.id}`,
    ];
    const read = () => Promise.all(pages.map(async (p) => answer(await get(p, shopper))));
    const calculate = async () =>
      (await json(await post('/order/calculate', shopper, { items: [{ sku_id: 101, count: 1 }] }))).data;
    const before = await read();
    const quoted = await calculate();
    expect(before[0]!.body.data.items).toHaveLength(2);
    expect(quoted.wallet_balance).toBe(700);
    // In shard 0 her route rides in her reads' batches: no round trip of its own.
    const listTrips = trips(await get('/user/order', shopper));
    const orderTrips = trips(await get(`/user/order/${orders[0]!.id}`, shopper));

    await move(userOwner(shopper.id));
    expect(await count(env.DB, 'orders WHERE user_id = ?', shopper.id)).toBe(0);
    expect(await count(env.ORDERS_1, 'orders WHERE user_id = ?', shopper.id)).toBe(2);

    expect(await read()).toEqual(before);
    expect(await calculate()).toEqual(quoted);
    // Another shopper's order still answers like one that does not exist.
    const other = await newShopper(device, 'other');
    expect((await get(`/user/order/${orders[0]!.id}`, other)).status).toBe(404);
    expect((await get(`/order/${orders[0]!.id}`, other)).status).toBe(404);
    // In shard 1 she pays at most one trip more.
    expect(trips(await get('/user/order', shopper))).toBeLessThanOrEqual(listTrips + 1);
    expect(trips(await get(`/user/order/${orders[0]!.id}`, shopper))).toBeLessThanOrEqual(orderTrips + 1);
  });

  it('shows her home page\'s "buy again" from her shard, in at most three D1 round trips (issue 76)', async () => {
    const shopper = await newShopper(device, 'home');
    await placeCod(device, shopper);
    const buyAgain = async () => {
      const res = await get('/homepage/v4', shopper);
      expect(trips(res)).toBeLessThanOrEqual(3);
      const sections = (await json(res)).data.sections as Array<{
        data: { kind?: string; items?: Array<{ id: number }> };
      }>;
      return sections.find((s) => s.data.kind === 'buy-again')?.data.items?.map((c) => c.id);
    };
    expect(await buyAgain()).toEqual([1]);
    await move(userOwner(shopper.id));
    expect(await count(env.DB, 'orders WHERE user_id = ?', shopper.id)).toBe(0);
    expect(await buyAgain()).toEqual([1]);
  });

  it("opens a guest's order from its link and its lookup, wherever her shard is", async () => {
    const email = `guest.shard+${crypto.randomUUID().slice(0, 8)}@example.com`;
    const placed = await json(
      await post('/order/submit', null, {
        items: [{ sku_id: 101, count: 1 }],
        payment_method: 'cod',
        address: GUEST_KW_ADDRESS,
        email,
        idempotency_key: crypto.randomUUID(),
      }),
    );
    const id = placed.data.order.id as number;
    const link = placed.data.link as string;
    const lookup = async () => {
      const res = await answer(await post('/order/lookup', null, { order_id: String(id), email: email.toUpperCase() }));
      const { key, ...rest } = res.body.data ?? {};
      expect(key).toMatch(/^[0-9a-f]{64}$/);
      return { ...res, key: key as string, body: { ...res.body, data: rest } };
    };
    const viaLink = (token: string) => get(`/order/link/${token}`, null).then(answer);
    const before = await viaLink(link);
    const looked = await lookup();
    expect(before.status).toBe(200);
    expect(before.body.data).toMatchObject({ id, email, can_cancel: false });

    await move({ guestEmail: email });
    expect(await count(env.DB, 'orders WHERE id = ?', id)).toBe(0);
    expect(await count(env.DB, 'order_links WHERE order_id = ?', id)).toBe(0);

    expect(await viaLink(link)).toEqual(before);
    const again = await lookup();
    expect({ ...again, key: '' }).toEqual({ ...looked, key: '' });
    // The new link is hers, in her shard, and opens the order.
    expect(await count(env.ORDERS_1, 'order_links WHERE order_id = ?', id)).toBe(3);
    expect(await count(env.DB, 'order_links WHERE order_id = ?', id)).toBe(0);
    expect(await viaLink(again.key)).toEqual(before);
    expect((await viaLink('ab'.repeat(32))).status).toBe(404);
    // A wrong e-mail still answers as an unknown number.
    expect((await post('/order/lookup', null, { order_id: String(id), email: 'someone@example.com' })).status).toBe(
      404,
    );
  });

  it('pays a failed order again and cancels another, in her shard, with the stock taken in the core', async () => {
    const shopper = await newShopper(device, 'pay-again');
    const [payMe, cancelMe] = [await failedCardOrder(shopper), await failedCardOrder(shopper)];
    await move(userOwner(shopper.id));
    const stock = async () => Number(await env.DB.prepare('SELECT stock FROM skus WHERE id = 102').first('stock'));
    const left = await stock();

    const paid = await answer(await post('/order/payAgain', shopper, { order_id: payMe }));
    expect(paid.status).toBe(200);
    expect(paid.body.data.order).toMatchObject({ id: payMe, status: 'pending_payment', can_pay_again: true });
    expect(paid.body.data.payment.id).toMatch(/^pay1_[0-9a-f]{24}$/);
    expect(await stock()).toBe(left - 1);
    const row = await env.ORDERS_1.prepare('SELECT status, holds_stock FROM orders WHERE id = ?').bind(payMe).first();
    expect(row).toEqual({ status: 'pending_payment', holds_stock: 1 });
    expect(await count(env.ORDERS_1, "payments WHERE order_id = ? AND status = 'initiated'", payMe)).toBe(1);
    expect(await count(env.DB, 'payments WHERE order_id = ?', payMe)).toBe(0);
    // Twice is once: the open payment refuses a second.
    const resumed = await answer(await post('/order/payAgain', shopper, { order_id: payMe }));
    expect(resumed.body.data.payment.id).toBe(paid.body.data.payment.id);
    expect(await stock()).toBe(left - 1);

    const cancelled = await answer(await post('/order/cancel', shopper, { order_id: cancelMe }));
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data.order).toMatchObject({ id: cancelMe, status: 'cancelled', can_cancel: false });
    expect(await env.ORDERS_1.prepare('SELECT status FROM orders WHERE id = ?').bind(cancelMe).first('status')).toBe(
      'cancelled',
    );
    expect(await count(env.DB, 'orders WHERE id IN (?, ?)', payMe, cancelMe)).toBe(0);
  });
});

describe('her wallet in her shard', () => {
  it('opens a top-up in her shard, with an id that names it, and shows its status', async () => {
    const shopper = await newShopper(device, 'top-up');
    await move(userOwner(shopper.id));
    const res = await answer(await post('/user/wallet/charge', shopper, { amount: 5000, payment_method: 'knet' }));
    expect(res.status).toBe(200);
    const id = res.body.data.id as string;
    expect(id).toMatch(/^pay1_[0-9a-f]{24}$/);
    expect(res.body.data.url).toBeTruthy();
    expect(
      await env.ORDERS_1.prepare('SELECT purpose, amount, redirect_url FROM payments WHERE id = ?').bind(id).first(),
    ).toEqual({ purpose: 'wallet', amount: 5000, redirect_url: res.body.data.url });
    expect(await count(env.DB, 'payments WHERE id = ?', id)).toBe(0);
    const status = await answer(await get(`/user/wallet/${id}`, shopper));
    expect(status.body.data).toMatchObject({ id, amount: 5000, status: 'initiated' });
  });
});

describe('her points and tier in her shard', () => {
  it('shows her points, history and tier, her spending summed from her shard and the core', async () => {
    const shopper = await newShopper(device, 'points');
    const order = await placeCod(device, shopper, { count: 3 });
    const now = Date.now();
    await env.DB.prepare("UPDATE orders SET status = 'delivered', delivered_at = ? WHERE id = ?")
      .bind(now, order.id)
      .run();
    await credit(shopper.id, 'KW', 150, now + YEAR, `birthday:${shopper.id}`);
    // A stale stored tier: the summary computes her spending now.
    await env.DB.prepare('UPDATE points_accounts SET tier_updated_at = NULL WHERE user_id = ?').bind(shopper.id).run();
    const pages = ['/loyalty', '/loyalty/history', '/loyalty/page'];
    await get('/loyalty/page', shopper); // her referral code is made on her first ask
    const read = () => Promise.all(pages.map(async (p) => answer(await get(p, shopper))));
    const before = await read();
    expect(before[0]!.body.data).toMatchObject({ balance: 150, spend_12m: order.total });
    const pageTrips = trips(await get('/loyalty/page', shopper));

    await move(userOwner(shopper.id));
    expect(await count(env.DB, 'points_ledger WHERE user_id = ?', shopper.id)).toBe(0);

    expect(await read()).toEqual(before);
    expect(trips(await get('/loyalty/page', shopper))).toBeLessThanOrEqual(pageTrips + 2);
    // Her tier as the checkout and the earnings compute it: the same spending from her shard.
    const shard = env.ORDERS_1;
    expect(await spend12m(env.DB, shopper.id, 'KW', Date.now(), shard)).toBe(order.total);
    expect((await tierOf(env.DB, shopper.id, 'KW', Date.now(), shard)).spend_12m).toBe(order.total);
  });
});

describe("a friend's referral checks across shards", () => {
  it("finds the referrer's delivery phones and the friend's earlier orders in their shards", async () => {
    const referrerDevice = await deviceToken();
    const referrer = await newShopper(referrerDevice, 'referrer');
    await placeCod(referrerDevice, referrer);
    // Her order's delivery phone is all that names her phone: no saved address, no account phone.
    await env.DB.prepare('DELETE FROM addresses WHERE user_id = ?').bind(referrer.id).run();
    const code = `S${referrer.id}X`;
    await env.DB.prepare('INSERT INTO referral_codes (user_id, code, created_at) VALUES (?, ?, ?)')
      .bind(referrer.id, code, Date.now())
      .run();
    const withCode = async (friend: Shopper, friendDevice: string, path: '/order/calculate' | '/order/submit') => {
      const res = await call(path, {
        token: friendDevice,
        headers: headersOf(friend),
        body: JSON.stringify({
          items: [{ sku_id: 101, count: 3 }],
          referral_code: code,
          payment_method: 'cod',
          address: { ...GUEST_KW_ADDRESS, block: '77' },
          idempotency_key: crypto.randomUUID(),
        }),
      });
      const body = await json(res);
      return path === '/order/submit' ? [res.status, body.meta?.msg] : body.data.referral;
    };
    // A friend delivering to the referrer's phone; one who ordered before; one whose guest orders
    // (another spelling of her e-mail) are in shard 1.
    const sameDevice = await deviceToken();
    const samePhone = await newShopper(sameDevice, 'same-phone');
    const orderedDevice = await deviceToken();
    const ordered = await newShopper(orderedDevice, 'ordered-before');
    await placeCod(orderedDevice, ordered);
    const twinDevice = await deviceToken();
    const guestEmail = `twin.${crypto.randomUUID().slice(0, 8)}@gmail.com`;
    await call('/order/submit', {
      token: twinDevice,
      headers: headersOf(null),
      body: JSON.stringify({
        items: [{ sku_id: 101, count: 1 }],
        payment_method: 'cod',
        address: GUEST_KW_ADDRESS,
        email: guestEmail.replace('@', '+x@'),
        idempotency_key: crypto.randomUUID(),
      }),
    });
    const twin = await newShopper(twinDevice, 'twin');
    await env.DB.prepare('UPDATE users SET email = ? WHERE id = ?')
      .bind(guestEmail.replace('twin.', 'twin'), twin.id)
      .run();
    const checks = async () => [
      await withCode(samePhone, sameDevice, '/order/submit'),
      (await withCode(ordered, orderedDevice, '/order/calculate')).problem,
      (await withCode(twin, twinDevice, '/order/calculate')).problem,
    ];
    const before = await checks();
    // Each says its own cause (issue 61): her own earlier order; a guest order with her e-mail address.
    expect(before).toEqual([[409, 'referral_same_phone'], 'referral_not_first_order', 'referral_email_ordered_before']);

    await move(userOwner(referrer.id));
    await move(userOwner(ordered.id));
    await move({ guestEmail });
    expect(
      await count(env.DB, 'orders WHERE user_id IN (?, ?) OR guest_email LIKE ?', referrer.id, ordered.id, 'twin%'),
    ).toBe(0);

    expect(await checks()).toEqual(before);
  });
});

describe('what she bought, in her shard', () => {
  it('lets her review what she received, and her first approved review earns points in her shard', async () => {
    const shopper = await newShopper(device, 'reviewer');
    const order = await placeCod(device, shopper);
    await env.DB.prepare("UPDATE orders SET status = 'delivered', delivered_at = ? WHERE id = ?")
      .bind(Date.now(), order.id)
      .run();
    const product = Number(await env.DB.prepare('SELECT product_id FROM skus WHERE id = 101').first('product_id'));
    const mine = async () => answer(await get(`/product/${product}/reviews/mine`, shopper));
    const before = await mine();
    expect(before.body.data.can_review).toBe(true);

    await move(userOwner(shopper.id));
    expect(await mine()).toEqual(before);
    // The shop lets clean texts through: approved on writing, her points follow in her shard.
    await env.DB.prepare("UPDATE shop_settings SET value = 'rules' WHERE key = 'reviews.moderation'").run();
    try {
      const saved = await answer(
        await post(`/product/${product}/reviews`, shopper, {
          rating: 5,
          title: 'Works well',
          body: 'I take one every morning and the bottle lasts two months. Easy to swallow.',
          lang: 'en',
        }),
      );
      expect([saved.status, saved.body.meta.msg]).toEqual([200, 'review_shown']);
    } finally {
      await env.DB.prepare("UPDATE shop_settings SET value = 'staff' WHERE key = 'reviews.moderation'").run();
    }
    expect(
      await env.ORDERS_1.prepare("SELECT amount FROM points_ledger WHERE user_id = ? AND kind = 'earn_review'")
        .bind(shopper.id)
        .first('amount'),
    ).toBe(50);
    expect(await count(env.DB, 'points_ledger WHERE user_id = ?', shopper.id)).toBe(0);
    // Someone who received nothing still may not.
    const stranger = await newShopper(device, 'stranger');
    expect((await answer(await get(`/product/${product}/reviews/mine`, stranger))).body.data.can_review).toBe(false);
  });

  it('stops WhatsApp updates to a number on her orders in her shard, from the link and from her profile', async () => {
    const phone = `+9655${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
    const shopper = await newShopper(device, 'whatsapp');
    const [first, second] = [await placeCod(device, shopper), await placeCod(device, shopper)];
    await env.DB.batch([
      env.DB.prepare('UPDATE users SET phone = ?, phone_verified_at = ?, whatsapp_updates_at = ? WHERE id = ?').bind(
        phone,
        Date.now(),
        Date.now(),
        shopper.id,
      ),
      env.DB.prepare('UPDATE orders SET whatsapp_to = ? WHERE id IN (?, ?)').bind(phone, first.id, second.id),
    ]);
    await move(userOwner(shopper.id));
    const to = (id: number) =>
      env.ORDERS_1.prepare('SELECT whatsapp_to FROM orders WHERE id = ?').bind(id).first('whatsapp_to');

    const off = await post('/user/profile/whatsapp', shopper, { on: false });
    expect(off.status).toBe(200);
    expect(await to(first.id)).toBeNull();
    await env.ORDERS_1.prepare('UPDATE orders SET whatsapp_to = ? WHERE id = ?').bind(phone, second.id).run();
    const stop = await post('/whatsapp/stop', null, { token: await stopToken(env.TOKEN_SECRET, phone) });
    expect(stop.status).toBe(200);
    expect(await to(second.id)).toBeNull();
  });
});

describe('the mails about what she bought, from her shard', () => {
  it('credits her points in her shard when staff approve her review', async () => {
    const shopper = await newShopper(device, 'approved');
    const order = await placeCod(device, shopper);
    await env.DB.prepare("UPDATE orders SET status = 'delivered', delivered_at = ? WHERE id = ?")
      .bind(Date.now(), order.id)
      .run();
    const product = Number(await env.DB.prepare('SELECT product_id FROM skus WHERE id = 101').first('product_id'));
    await move(userOwner(shopper.id));
    // The shop's default: every review waits for staff.
    const saved = await answer(
      await post(`/product/${product}/reviews`, shopper, {
        rating: 4,
        title: 'Good value',
        body: 'Two months from one bottle, and the softgels are small enough to swallow easily.',
        lang: 'en',
      }),
    );
    expect(saved.status).toBe(200);
    const review = Number(
      await env.DB.prepare('SELECT id FROM reviews WHERE user_id = ?').bind(shopper.id).first('id'),
    );
    const ledger = () =>
      env.ORDERS_1.prepare("SELECT amount FROM points_ledger WHERE user_id = ? AND kind = 'earn_review'")
        .bind(shopper.id)
        .all();
    expect((await ledger()).results).toEqual([]);
    const moderator = await staffWith([{ role: 'support', country: null }]);
    const decided = await staffCall(moderator.token, `/staff/reviews/${review}/decide`, {
      json: { decision: 'approve' },
    });
    expect(decided.status).toBe(200);
    expect((await ledger()).results).toEqual([{ amount: 50 }]);
    expect(await count(env.DB, 'points_ledger WHERE user_id = ?', shopper.id)).toBe(0);
  });

  it('asks for her review and reminds her to refill, marking her order in her shard', async () => {
    const day = 86_400_000;
    const now = Date.now();
    // 60 capsules at 2 a day: 30 days, reminded from day 25; a review asked for after 7 days.
    await env.DB.prepare('UPDATE skus SET pack_units = 60, daily_units = 2 WHERE id = 102').run();
    const shopper = await newShopper(device, 'refill');
    const order = await placeCod(device, shopper, { sku: 102 });
    await env.DB.prepare("UPDATE orders SET status = 'delivered', created_at = ?, delivered_at = ? WHERE id = ?")
      .bind(now - 28 * day, now - 26 * day, order.id)
      .run();
    await move(userOwner(shopper.id));
    const mailed = (kind: string) => count(env.DB, 'mail_outbox WHERE dedupe_key = ?', `order:${order.id}:${kind}`);

    const refilled = await sendRefillReminders(env, 'https://shop.test', now);
    expect(refilled.filter((r) => r.orderId === order.id)).toEqual([
      expect.objectContaining({ userId: shopper.id, orderId: order.id }),
    ]);
    expect(await sendRefillReminders(env, 'https://shop.test', now)).not.toContainEqual(
      expect.objectContaining({ orderId: order.id }),
    );
    expect(await mailed('refill:102')).toBe(1);

    await queueReviewRequests(env, 'https://shop.test', now);
    await queueReviewRequests(env, 'https://shop.test', now);
    expect(await mailed('review_request')).toBe(1);
    expect(
      await env.ORDERS_1.prepare('SELECT review_request_at FROM orders WHERE id = ?')
        .bind(order.id)
        .first('review_request_at'),
    ).toBe(now);
  });
});

describe("a guest's orders joining her account", () => {
  const guestOrder = async (email: string) =>
    (
      await json(
        await post('/order/submit', null, {
          items: [{ sku_id: 101, count: 1 }],
          payment_method: 'cod',
          address: GUEST_KW_ADDRESS,
          email,
          idempotency_key: crypto.randomUUID(),
        }),
      )
    ).data.order.id as number;
  const account = async (email: string) => {
    const row = await env.DB.prepare(
      "INSERT INTO users (name, email, password_hash, lang, created_at) VALUES ('Claimer', ?, '', 'en', ?) RETURNING id",
    )
      .bind(email, Date.now())
      .first<{ id: number }>();
    return { id: row!.id, token: await createSession(env.DB, row!.id), email, addresses: {} } as Shopper;
  };
  const prove = async (userId: number, email: string) => {
    const verify = await verificationFor(env, userId, email);
    expect(verify).not.toBeNull();
    await verify!.statement.run();
    return claimByVerification(env, verify!.token);
  };

  it('finds them in her shard and gives them to her account there, the index naming her', async () => {
    const email = `claim.${crypto.randomUUID().slice(0, 8)}@example.com`;
    const ids = [await guestOrder(email), await guestOrder(email)];
    const claimer = await account(email);
    await move({ guestEmail: email });
    await move(userOwner(claimer.id));

    expect(await prove(claimer.id, email)).toBe(2);
    expect(await count(env.ORDERS_1, 'orders WHERE user_id = ?', claimer.id)).toBe(2);
    expect(await count(env.DB, 'orders WHERE user_id = ?', claimer.id)).toBe(0);
    expect(
      await count(env.DB, 'order_owners WHERE owner_key = ? AND order_id IN (?, ?)', userOwner(claimer.id), ...ids),
    ).toBe(2);
    const list = await answer(await get('/user/order', claimer));
    expect(list.body.data.items.map((o: { id: number }) => o.id).sort()).toEqual([...ids].sort());
  });

  it("joins them from another shard: the guest's orders go up to her account's shard, then are hers", async () => {
    const email = `apart.${crypto.randomUUID().slice(0, 8)}@example.com`;
    const id = await guestOrder(email);
    const claimer = await account(email);
    await move(userOwner(claimer.id));

    // Proven now, apart: kept as a claim, the orders still a guest's (her link still opens them).
    expect(await prove(claimer.id, email)).toBe(0);
    expect(await env.DB.prepare('SELECT user_id FROM orders WHERE id = ?').bind(id).first('user_id')).toBeNull();
    expect(await count(env.DB, 'guest_claims WHERE user_id = ?', claimer.id)).toBe(1);

    // The minute cron's run: the guest's orders move up to shard 1 and join the account there.
    expect(await joinGuestClaims(env, { lockGraceMs: 0 })).toBe(1);
    expect(await env.ORDERS_1.prepare('SELECT user_id FROM orders WHERE id = ?').bind(id).first('user_id')).toBe(
      claimer.id,
    );
    expect(await count(env.DB, 'orders WHERE id = ?', id)).toBe(0);
    expect(await count(env.DB, 'guest_claims WHERE user_id = ?', claimer.id)).toBe(0);
    const list = await answer(await get('/user/order', claimer));
    expect(list.body.data.items.map((o: { id: number }) => o.id)).toEqual([id]);
  });

  it('moves her account up to the shard of her guest orders when theirs is the higher, and joins them', async () => {
    const email = `up.${crypto.randomUUID().slice(0, 8)}@example.com`;
    const id = await guestOrder(email);
    const claimer = await account(email);
    await move({ guestEmail: email });

    expect(await prove(claimer.id, email)).toBe(0);
    // A second run while the first holds the claim leaves it be (the lease).
    await env.DB.prepare('UPDATE guest_claims SET leased_until = ? WHERE user_id = ?')
      .bind(Date.now() + 60_000, claimer.id)
      .run();
    expect(await joinGuestClaims(env, { lockGraceMs: 0 })).toBe(0);
    expect(await count(env.DB, 'shopper_shards WHERE owner_key = ?', userOwner(claimer.id))).toBe(0);

    expect(await joinGuestClaims(env, { lockGraceMs: 0 }, Date.now() + 61_000)).toBe(1);
    expect(await count(env.DB, 'shopper_shards WHERE owner_key = ? AND shard_id = 1', userOwner(claimer.id))).toBe(1);
    expect(await env.ORDERS_1.prepare('SELECT user_id FROM orders WHERE id = ?').bind(id).first('user_id')).toBe(
      claimer.id,
    );
  });

  it("drops a claim whose account no longer has the address, leaving the orders a guest's", async () => {
    const email = `gone.${crypto.randomUUID().slice(0, 8)}@example.com`;
    const id = await guestOrder(email);
    const claimer = await account(email);
    await move(userOwner(claimer.id));
    expect(await prove(claimer.id, email)).toBe(0);
    await env.DB.prepare('UPDATE users SET email = ? WHERE id = ?')
      .bind(`other.${crypto.randomUUID().slice(0, 8)}@example.com`, claimer.id)
      .run();

    expect(await joinGuestClaims(env, { lockGraceMs: 0 })).toBe(0);
    expect(await count(env.DB, 'guest_claims WHERE user_id = ?', claimer.id)).toBe(0);
    expect(await env.DB.prepare('SELECT user_id FROM orders WHERE id = ?').bind(id).first('user_id')).toBeNull();
  });
});

// Last: the points rows it writes in her shard would change the ids the points test above reads there.
describe('paying again in her shard', () => {
  it('takes the points of a failed order again in her shard, or gives the core its holds back', async () => {
    const shopper = await newShopper(device, 'pay-again-points');
    await credit(shopper.id, 'KW', 1_200, Date.now() + YEAR, `test:${shopper.id}:gift`);
    const [first, second] = [
      await failedCardOrder(shopper, { points: 1_200 }),
      await failedCardOrder(shopper, { points: 1_200 }),
    ];
    await move(userOwner(shopper.id));
    const balance = () =>
      env.ORDERS_1.prepare("SELECT balance FROM points_accounts WHERE user_id = ? AND country = 'KW'")
        .bind(shopper.id)
        .first<number>('balance');
    const stock = async () => Number(await env.DB.prepare('SELECT stock FROM skus WHERE id = 102').first('stock'));
    expect(await balance()).toBe(1_200);
    const left = await stock();

    const paid = await answer(await post('/order/payAgain', shopper, { order_id: first }));
    expect(paid.status).toBe(200);
    expect(await balance()).toBe(0);
    expect(await stock()).toBe(left - 1);
    expect(await count(env.DB, 'points_ledger WHERE user_id = ?', shopper.id)).toBe(0);

    // The other order's points are the same ones: refused, and the core's stock given back.
    const refused = await answer(await post('/order/payAgain', shopper, { order_id: second }));
    expect([refused.status, refused.body.meta.msg]).toEqual([409, 'points_no_longer_available']);
    expect(await stock()).toBe(left - 1);
    expect(await count(env.ORDERS_1, "payments WHERE order_id = ? AND status = 'initiated'", second)).toBe(0);

    // The first one's attempt fails: its points come back in her shard, once.
    const failed = await post(`/dev/payments/${paid.body.data.payment.id}`, shopper, { outcome: 'failed' });
    expect(failed.status).toBe(200);
    expect(await balance()).toBe(1_200);
    expect(await stock()).toBe(left);
  });
});
