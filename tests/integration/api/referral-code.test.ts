// Referrals, the shopper's side (issue 47): her code made on her first ask and kept, the share link in
// her language on the configured origin, the offer of the request's country, this Gulf month's friends
// against the cap; the landing page's read of a code (first name only), a stranger's code a 404 with
// its message key; and the birthday on the account (birthday_set_at moves only when it changes).
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { gulfDate } from '#shared/gulf-days';
import { referralCodeFor, REFERRAL_ALPHABET } from '#api/src/loyalty/referral-code';
import { call, deviceToken, json, shopperHeaders, signedInShoppers } from './helpers';

const ORIGIN = 'http://localhost:8787';

async function userOf(token: string): Promise<number> {
  const device = await deviceToken();
  const me = await json(await call('/user/me', { token: device, headers: shopperHeaders(token) }));
  return me.data.user.id as number;
}

async function order(userId: number, country: 'KW' | 'SA'): Promise<number> {
  const now = Date.now();
  const row = await env.DB.prepare(
    `INSERT INTO orders (user_id, country, currency, lang, status, payment_method, address, subtotal, before_discount,
       discount, delivery, vat, total, created_at, updated_at)
     VALUES (?, ?, ?, 'en', 'paid', 'cod', '{}', 12000, 12000, 0, 0, 0, 12000, ?, ?) RETURNING id`,
  )
    .bind(userId, country, country === 'SA' ? 'SAR' : 'KWD', now, now)
    .first<{ id: number }>();
  return row!.id;
}

describe('GET /loyalty/referral', () => {
  it('makes her code on the first ask, keeps it, and links it in her language', async () => {
    const device = await deviceToken();
    const [token] = await signedInShoppers(1, 'ref-code');
    const first = await call('/loyalty/referral', { token: device, headers: shopperHeaders(token!, 'KW', 'en') });
    expect(first.status).toBe(200);
    const info = (await json(first)).data;
    expect(info.code).toMatch(new RegExp(`^[${REFERRAL_ALPHABET}]{8}$`));
    expect(info.code).not.toMatch(/[01OIL]/);
    expect(info.link).toBe(`${ORIGIN}/invite/${info.code}`);
    expect(info).toMatchObject({
      friend_discount: 2000,
      friend_min_subtotal: 10000,
      referrer_points: 500,
      monthly_cap: 5,
      rewarded_this_month: 0,
      pending: 0,
    });
    const again = (
      await json(await call('/loyalty/referral', { token: device, headers: shopperHeaders(token!, 'SA', 'ar') }))
    ).data;
    expect(again.code).toBe(info.code);
    expect(again.link).toBe(`${ORIGIN}/ar/invite/${info.code}`);
  });

  it('counts friends rewarded this Gulf month against the cap, and those still pending', async () => {
    const device = await deviceToken();
    const [me, ...friends] = await signedInShoppers(6, 'ref-count');
    const referrer = await userOf(me!);
    const ids = await Promise.all(friends.map((f) => userOf(f!)));
    const month = gulfDate(Date.now()).slice(0, 7);
    const rows: Array<[string, string]> = [
      ['rewarded', month],
      ['rewarded', month],
      ['rewarded', '2020-01'],
      ['pending', '2020-02'],
      ['void', month],
    ];
    for (const [i, [status, m]] of rows.entries()) {
      const friend = ids[i]!;
      await env.DB.prepare(
        `INSERT INTO referrals (referrer_id, friend_id, order_id, country, discount, status, month, created_at)
         VALUES (?, ?, ?, 'KW', 2000, ?, ?, ?)`,
      )
        .bind(referrer, friend, await order(friend, 'KW'), status, m, Date.now())
        .run();
    }
    const info = (await json(await call('/loyalty/referral', { token: device, headers: shopperHeaders(me!) }))).data;
    expect(info.rewarded_this_month).toBe(2);
    expect(info.pending).toBe(1);
  });

  it('draws again when a new code is already someone else’s', async () => {
    const [a, b] = await signedInShoppers(2, 'ref-clash');
    const [first, second] = [await userOf(a!), await userOf(b!)];
    const taken = await referralCodeFor(env.DB, first);
    const draws = [taken, taken, 'ZZZZ2345'];
    const code = await referralCodeFor(env.DB, second, () => draws.shift()!);
    expect(code).toBe('ZZZZ2345');
    expect(draws).toEqual([]);
  });

  it('answers a guest 401', async () => {
    const device = await deviceToken();
    const res = await call('/loyalty/referral', { token: device, headers: shopperHeaders(null) });
    expect(res.status).toBe(401);
  });
});

describe('GET /invite/:code', () => {
  it("answers the referrer's first name and the friend's offer in the request's country, any case", async () => {
    const device = await deviceToken();
    const [token] = await signedInShoppers(1, 'ref-invite');
    const id = await userOf(token!);
    await env.DB.prepare("UPDATE users SET name = 'Noura Al-Sabah' WHERE id = ?").bind(id).run();
    const { code } = (await json(await call('/loyalty/referral', { token: device, headers: shopperHeaders(token!) })))
      .data;
    const kw = await call(`/invite/${code.toLowerCase()}`, { token: device, headers: shopperHeaders(null, 'KW') });
    expect(kw.status).toBe(200);
    expect((await json(kw)).data).toEqual({
      code,
      first_name: 'Noura',
      country: 'KW',
      currency: 'KWD',
      discount: 2000,
      min_subtotal: 10000,
      active: true,
    });
    const sa = (await json(await call(`/invite/${code}`, { token: device, headers: shopperHeaders(null, 'SA') }))).data;
    expect(sa).toMatchObject({ country: 'SA', currency: 'SAR', discount: 2000, min_subtotal: 10000 });
  });

  it("answers 404 referral_code_unknown for a stranger's code, a malformed one, or an erased shopper's", async () => {
    const device = await deviceToken();
    const [token] = await signedInShoppers(1, 'ref-gone');
    const id = await userOf(token!);
    const { code } = (await json(await call('/loyalty/referral', { token: device, headers: shopperHeaders(token!) })))
      .data;
    await env.DB.prepare('UPDATE users SET deleted_at = ? WHERE id = ?').bind(Date.now(), id).run();
    for (const path of [`/invite/${code}`, '/invite/ZZZZZZZ2', '/invite/not-a-code', '/invite/0OIL1234']) {
      const res = await call(path, { token: device, headers: shopperHeaders(null) });
      expect(res.status, path).toBe(404);
      expect((await json(res)).meta.msg, path).toBe('referral_code_unknown');
    }
  });
});

describe('POST /user/profile/set-birthday', () => {
  it('keeps MM-DD, records when it changed, not when the same day is sent again, and removes it', async () => {
    const device = await deviceToken();
    const [token] = await signedInShoppers(1, 'birthday');
    const headers = shopperHeaders(token!);
    const set = (birthday: string | null) =>
      call('/user/profile/set-birthday', { token: device, headers, body: JSON.stringify({ birthday }) });
    const row = async () =>
      env.DB.prepare('SELECT birthday, birthday_set_at FROM users WHERE id = ?')
        .bind(await userOf(token!))
        .first<{ birthday: string | null; birthday_set_at: number | null }>();

    const saved = await set('02-29');
    expect(saved.status).toBe(200);
    expect((await json(saved)).data.user.birthday).toBe('02-29');
    const first = await row();
    expect(first!.birthday).toBe('02-29');
    expect(first!.birthday_set_at).toBeGreaterThan(0);
    await env.DB.prepare('UPDATE users SET birthday_set_at = 1 WHERE birthday = ? AND birthday_set_at = ?')
      .bind('02-29', first!.birthday_set_at)
      .run();
    await set('02-29');
    expect((await row())!.birthday_set_at).toBe(1);
    await set('07-14');
    expect((await row())!.birthday_set_at).toBeGreaterThan(1);
    const me = await json(await call('/user/me', { token: device, headers }));
    expect(me.data.user.birthday).toBe('07-14');

    for (const bad of ['02-30', '13-01', '1990-07-14', 7]) {
      const res = await set(bad as string);
      expect(res.status, String(bad)).toBe(400);
    }
    const refused = await json(await set('04-31'));
    expect(JSON.stringify(refused)).toContain('account_birthday_invalid');

    await set(null);
    expect((await row())!.birthday).toBeNull();
  });
});
