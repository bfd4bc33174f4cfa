// A friend's referral code at checkout through the API (issue 47): applied to a friend's first order
// (the referrals row in the order batch), and refused with its own message key for each abuse: no
// such code, a guest, her own code, the same phone, device, delivery address or e-mail identity, not
// her first order, the referrer's monthly cap, a small order, and two first orders at once. The
// devices a shopper signs in and orders from are recorded; SQLite's e-mail identity agrees with the API's.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '#api/src/accounts/sessions';
import { emailIdentity } from '#api/src/lib/email-identity';
import { emailIdentitySql, monthOf } from '#api/src/orders/loyalty-checkout';
import { loadCatalogueFixture } from '../fixtures/catalogue';
import { ADDRESSES, call, deviceToken, json, registerShopper, saveAddress, shopperHeaders } from './helpers';

let referrerDevice: string;
let referrer: { id: number; token: string; email: string };
let code: string;
let referrerAddress: number;

async function shopper(email = `friend-${crypto.randomUUID()}@example.com`, phone: string | null = null) {
  const row = await env.DB.prepare(
    "INSERT INTO users (name, email, phone, password_hash, lang, created_at) VALUES ('Friend', ?, ?, '', 'en', ?) RETURNING id",
  )
    .bind(email, phone, Date.now())
    .first<{ id: number }>();
  return { id: row!.id, token: await createSession(env.DB, row!.id), email };
}

const post = (path: string, body: unknown, user: string | null, device: string, country = 'KW') =>
  call(path, { body: JSON.stringify(body), token: device, headers: shopperHeaders(user, country) });

/** Her first order with the code (3 × 3.500 = 10.500 ≥ the minimum 10.000): the API's answer. */
async function orderWithCode(
  friend: { token: string },
  device: string,
  over: { address?: Record<string, unknown>; count?: number; referral_code?: string } = {},
) {
  const res = await post(
    '/order/submit',
    {
      items: [{ sku_id: 101, count: over.count ?? 3 }],
      referral_code: over.referral_code ?? code,
      payment_method: 'cod',
      address: over.address ?? {
        ...ADDRESSES.KW,
        phone: randomPhone(),
        block: String(Math.floor(Math.random() * 1e6)),
      },
      idempotency_key: crypto.randomUUID(),
    },
    friend.token,
    device,
  );
  return { status: res.status, body: await json(res) };
}

const randomPhone = () => `9876${String(Math.floor(Math.random() * 1e4)).padStart(4, '0')}`;

beforeAll(async () => {
  await loadCatalogueFixture(env.DB);
  referrerDevice = await deviceToken();
  // Signed up through the API: the device she signed up on is recorded as hers.
  const r = await registerShopper(referrerDevice, 'referrer');
  referrer = { id: r.id, token: r.token, email: r.email };
  await env.DB.prepare("UPDATE users SET email = 'referrer.shop+x@gmail.com', phone = '+96550001111' WHERE id = ?")
    .bind(referrer.id)
    .run();
  referrerAddress = await saveAddress(referrerDevice, referrer.token, 'KW', {
    phone: '50002222',
    block: '5',
    building: '18',
  });
  code = `R${referrer.id}X`;
  await env.DB.prepare('INSERT INTO referral_codes (user_id, code, created_at) VALUES (?, ?, ?)')
    .bind(referrer.id, code, Date.now())
    .run();
});

describe('a friend’s code', () => {
  it('applies to her first order: the discount, the referrals row pending in this Gulf month', async () => {
    const friend = await shopper();
    const device = await deviceToken();
    const quote = await json(
      await post('/order/calculate', { items: [{ sku_id: 101, count: 3 }], referral_code: code }, friend.token, device),
    );
    expect(quote.data.referral).toEqual({ code, applied: true, discount: 2_000, problem: null });
    // 10.500 − 2.000 (free delivery from 15.000 not reached: + 1.000).
    expect(quote.data).toMatchObject({ referral_discount: 2_000, total: 9_500 });
    const placed = await orderWithCode(friend, device);
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    expect(placed.body.data.order.totals).toMatchObject({ referral_discount: 2_000, total: 9_500 });
    const row = await env.DB.prepare('SELECT * FROM referrals WHERE friend_id = ?').bind(friend.id).first();
    expect(row).toMatchObject({
      referrer_id: referrer.id,
      order_id: placed.body.data.order.id,
      country: 'KW',
      discount: 2_000,
      status: 'pending',
      month: monthOf('KW', Date.now()),
    });
    // The device she ordered from is now hers.
    const seen = await env.DB.prepare('SELECT count(*) AS n FROM account_devices WHERE user_id = ?')
      .bind(friend.id)
      .first<{ n: number }>();
    expect(seen!.n).toBe(1);
    // And a second order with a code is not a first order.
    const again = await orderWithCode(friend, device);
    expect([again.status, again.body.meta.msg]).toEqual([409, 'referral_not_first_order']);
  });

  it('refuses each abuse with its own key', async () => {
    const fresh = async () => ({ friend: await shopper(), device: await deviceToken() });
    const refusal = async (
      who: { friend: { token: string }; device: string },
      over: Parameters<typeof orderWithCode>[2] = {},
    ) => {
      const r = await orderWithCode(who.friend, who.device, over);
      expect(r.status, JSON.stringify(r.body)).toBe(409);
      return r.body.meta.msg;
    };
    const a = await fresh();
    expect(await refusal(a, { referral_code: 'NOSUCHCODE' })).toBe('referral_code_unknown');
    // A guest is asked to sign in (the quote says so; placing refuses).
    const guest = await json(
      await post('/order/calculate', { items: [{ sku_id: 101, count: 3 }], referral_code: code }, null, a.device),
    );
    expect(guest.data.referral).toMatchObject({ applied: false, problem: 'referral_sign_in', discount: 0 });
    // Her own code, from her own account.
    expect(await refusal({ friend: referrer, device: a.device })).toBe('referral_own_code');
    // A delivery phone of the referrer's saved address.
    expect(await refusal(await fresh(), { address: { ...ADDRESSES.KW, phone: '50002222', block: '77' } })).toBe(
      'referral_same_phone',
    );
    // An account phone that is the referrer's.
    const samePhone = { friend: await shopper(undefined, '+96550001111'), device: await deviceToken() };
    expect(await refusal(samePhone)).toBe('referral_same_phone');
    // The device the referrer signed up on.
    expect(await refusal({ friend: (await fresh()).friend, device: referrerDevice })).toBe('referral_same_device');
    // The referrer's saved address, typed again with another phone.
    expect(
      await refusal(await fresh(), {
        address: { ...ADDRESSES.KW, phone: randomPhone(), block: 'Block 5', building: '18' },
      }),
    ).toBe('referral_same_address');
    // Her Gmail address with dots and another plus part.
    const alias = { friend: await shopper('Referrer.Shop+friend@googlemail.com'), device: await deviceToken() };
    expect(await refusal(alias)).toBe('referral_same_email');
    // A guest order before, with an alias of her address.
    const returning = await fresh();
    const friendEmail = returning.friend.email;
    await env.DB.prepare(
      `INSERT INTO orders (id, guest_email, country, currency, lang, status, payment_method, address, subtotal, before_discount, discount, delivery, vat, total, created_at, updated_at)
       VALUES (?, ?, 'KW', 'KWD', 'en', 'delivered', 'cod', '{}', 1000, 1000, 0, 0, 0, 1000, ?, ?)`,
    )
      .bind(
        4_700_000_000 + Math.floor(Math.random() * 1e8),
        friendEmail.replace('@', '+old@').toUpperCase(),
        Date.now(),
        Date.now(),
      )
      .run();
    // Said as what it is (issue 61): an earlier order with her e-mail address, not whose.
    expect(await refusal(returning)).toBe('referral_email_ordered_before');
    // Below the friend's minimum subtotal (2 × 3.500 = 7.000 < 10.000).
    expect(await refusal(await fresh(), { count: 2 })).toBe('referral_min_subtotal');
  });

  it('is refused at the review step for a delivery phone used on earlier orders, with that reason (issue 61)', async () => {
    // A new account; her saved address's phone was on a guest order before.
    const friend = await shopper();
    const device = await deviceToken();
    const phone = randomPhone();
    await env.DB.prepare(
      `INSERT INTO orders (id, guest_email, guest_phone, country, currency, lang, status, payment_method, address, subtotal, before_discount, discount, delivery, vat, total, created_at, updated_at)
       VALUES (?, ?, ?, 'KW', 'KWD', 'en', 'delivered', 'cod', '{}', 1000, 1000, 0, 0, 0, 1000, ?, ?)`,
    )
      .bind(
        4_900_000_000 + Math.floor(Math.random() * 1e8),
        `someone-else-${crypto.randomUUID()}@example.com`,
        `+965${phone}`,
        Date.now(),
        Date.now(),
      )
      .run();
    const addressId = await saveAddress(device, friend.token, 'KW', {
      phone,
      block: String(Math.floor(Math.random() * 1e6)),
    });
    // The review step sends the chosen address with the code: no friend's discount in the totals.
    const review = await json(
      await post(
        '/order/calculate',
        { items: [{ sku_id: 101, count: 3 }], referral_code: code, address_id: addressId },
        friend.token,
        device,
      ),
    );
    expect(review.data.referral).toEqual({
      code,
      applied: false,
      discount: 0,
      problem: 'referral_phone_ordered_before',
    });
    expect(review.data.referral_discount).toBe(0);
    // Placing says the same.
    const placed = await post(
      '/order/submit',
      {
        items: [{ sku_id: 101, count: 3 }],
        referral_code: code,
        payment_method: 'cod',
        address_id: addressId,
        idempotency_key: crypto.randomUUID(),
      },
      friend.token,
      device,
    );
    expect([placed.status, (await json(placed)).meta.msg]).toEqual([409, 'referral_phone_ordered_before']);
    // Without an address (before the shipping step) nothing is known against her yet.
    const early = await json(
      await post('/order/calculate', { items: [{ sku_id: 101, count: 3 }], referral_code: code }, friend.token, device),
    );
    expect(early.data.referral.applied).toBe(true);
    // Another shopper's saved address is not hers to check against: refused as any unknown address.
    const stranger = await shopper();
    const theirs = await post(
      '/order/calculate',
      { items: [{ sku_id: 101, count: 3 }], referral_code: code, address_id: addressId },
      stranger.token,
      device,
    );
    expect(theirs.status).toBe(400);
  });

  it('stops at the referrer’s monthly cap', async () => {
    const capped = await shopper();
    const capCode = `CAP${capped.id}`;
    await env.DB.prepare('INSERT INTO referral_codes (user_id, code, created_at) VALUES (?, ?, ?)')
      .bind(capped.id, capCode, Date.now())
      .run();
    const month = monthOf('KW', Date.now());
    // Five friends this month already (the seeded cap), one of them void (not counted), so four count.
    for (let i = 0; i < 5; i++) {
      const f = await shopper();
      const orderId = 4_800_000_000 + Math.floor(Math.random() * 1e8);
      await env.DB.batch([
        env.DB.prepare(
          `INSERT INTO orders (id, user_id, country, currency, lang, status, payment_method, address, subtotal, before_discount, discount, delivery, vat, total, created_at, updated_at)
           VALUES (?, ?, 'KW', 'KWD', 'en', 'placed', 'cod', '{}', 1000, 1000, 0, 0, 0, 1000, ?, ?)`,
        ).bind(orderId, f.id, Date.now(), Date.now()),
        env.DB.prepare(
          "INSERT INTO referrals (referrer_id, friend_id, order_id, country, discount, status, month, created_at) VALUES (?, ?, ?, 'KW', 2000, ?, ?, ?)",
        ).bind(capped.id, f.id, orderId, i === 0 ? 'void' : 'pending', month, Date.now()),
      ]);
    }
    const fifth = { friend: await shopper(), device: await deviceToken() };
    expect((await orderWithCode(fifth.friend, fifth.device, { referral_code: capCode })).status).toBe(200);
    const sixth = { friend: await shopper(), device: await deviceToken() };
    const over = await orderWithCode(sixth.friend, sixth.device, { referral_code: capCode });
    expect([over.status, over.body.meta.msg]).toEqual([409, 'referral_monthly_cap']);
  });

  it('gives two first orders of one friend at once one referral: the other is refused and leaves nothing', async () => {
    const friend = await shopper();
    const device = await deviceToken();
    const both = await Promise.all([orderWithCode(friend, device), orderWithCode(friend, device)]);
    const statuses = both.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 409]);
    expect(both.find((r) => r.status === 409)!.body.meta.msg).toBe('referral_not_first_order');
    const orders = await env.DB.prepare('SELECT count(*) AS n FROM orders WHERE user_id = ?')
      .bind(friend.id)
      .first<{ n: number }>();
    expect(orders!.n).toBe(1);
  });
});

describe('what the checks read', () => {
  it('records the device of a sign-in', async () => {
    const device = await deviceToken();
    const login = await call('/user/login', {
      body: JSON.stringify({ email: 'referrer.shop+x@gmail.com', password: 'secret1' }),
      token: device,
    });
    expect(login.status).toBe(200);
    const row = await env.DB.prepare('SELECT count(*) AS n FROM account_devices WHERE user_id = ?')
      .bind(referrer.id)
      .first<{ n: number }>();
    expect(row!.n).toBe(2);
    expect(referrerAddress).toBeGreaterThan(0);
  });

  it('computes e-mail identities in SQLite as the API does', async () => {
    const samples = [
      'Name.Surname+tag@Gmail.com',
      'n.a.m.e@googlemail.com',
      'first.last+x@example.com',
      'shopper-news@yahoo.com',
      'a-b@example.com',
      'Plain@Example.COM',
    ];
    const rows = await env.DB.prepare(
      `SELECT ident FROM (${emailIdentitySql('SELECT value AS e, key AS id FROM json_each(?)')}) ORDER BY id`,
    )
      .bind(JSON.stringify(samples))
      .all<{ ident: string }>();
    expect(rows.results.map((r) => r.ident)).toEqual(samples.map(emailIdentity));
  });
});
