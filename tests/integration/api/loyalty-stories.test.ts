// The shopper stories at API level (issue 47), each chained in one test like the shopper
// lives it, through the real routes and the back office's real steps (the e2e of the same stories
// would cost the suite's time budget minutes), each in English/Kuwait and in Arabic/Saudi Arabia: she
// earns points on delivery, spends them at checkout and loses them on a refund; her points expire after
// a reminder while she moves up a tier; she invites a friend, the friend's first order is discounted,
// and her points arrive when that order is delivered, counted on her card.
import { env } from 'cloudflare:workers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { earnBase, pointsFor } from '#shared/loyalty/rules';
import { forgetLoyaltyRules } from '#api/src/loyalty/rules-read';
import { loadCatalogueFixture } from '../fixtures/catalogue';
import { call, deviceToken, json, saveAddress, shopperHeaders } from './helpers';
import { balanceOf, deliver, ledgerOf, newShopper, refundOf, type Shopper } from './loyalty-helpers';
import { staffWith, type TestStaff } from './staff-helpers';

let clerk: TestStaff;
let support: TestStaff;

beforeAll(async () => {
  await loadCatalogueFixture(env.DB);
  clerk = await staffWith([{ role: 'fulfilment', country: null }], { name: 'Clerk' });
  support = await staffWith([{ role: 'support', country: null }], { name: 'Support' });
});

afterAll(async () => {
  await env.DB.batch([
    env.DB.prepare("UPDATE loyalty_tiers SET min_spend = 100000 WHERE country = 'KW' AND tier = 'silver'"),
    env.DB.prepare("UPDATE loyalty_tiers SET min_spend = 120000 WHERE country = 'SA' AND tier = 'silver'"),
  ]);
  forgetLoyaltyRules();
});

const DAY = 24 * 60 * 60 * 1000;
/** Each story in both languages and countries. */
const PAIRS = [
  ['en', 'KW'],
  ['ar', 'SA'],
] as const;

/** What a delivered cash order earns: goods paid, without delivery and VAT, at the country's rate. */
const earnedBy = (o: { total: number; delivery: number }, country: 'KW' | 'SA') =>
  country === 'KW'
    ? pointsFor(earnBase({ ...o, wallet_used: 0, vat_basis_points: 0 }), 3, 10)
    : pointsFor(earnBase({ ...o, wallet_used: 0, vat_basis_points: 1500 }), 2, 1);

const get = async (path: string, device: string, who: Shopper | null, country: 'KW' | 'SA', lang: 'en' | 'ar') => {
  const res = await call(path, { token: device, headers: shopperHeaders(who?.token ?? null, country, lang) });
  return { status: res.status, body: await json(res) };
};

/** A cash-on-delivery order with points or a friend's code, as the review step sends it. */
async function submit(
  device: string,
  who: Shopper,
  country: 'KW' | 'SA',
  lang: 'en' | 'ar',
  extra: { points?: number; referral_code?: string; count?: number },
) {
  const { count = 1, ...rest } = extra;
  const body = {
    items: [{ sku_id: 101, count }],
    payment_method: 'cod',
    address_id: who.addresses[country],
    idempotency_key: crypto.randomUUID(),
    ...rest,
  };
  const res = await call('/order/submit', {
    body: JSON.stringify(body),
    token: device,
    headers: shopperHeaders(who.token, country, lang),
  });
  const answer = await json(res);
  expect(res.status, JSON.stringify(answer)).toBe(200);
  return (await env.DB.prepare(
    'SELECT id, total, delivery, points_used, points_discount, referral_discount FROM orders WHERE id = ?',
  )
    .bind(answer.data.order.id)
    .first<{
      id: number;
      total: number;
      delivery: number;
      points_used: number;
      points_discount: number;
      referral_discount: number;
    }>())!;
}

describe('shopper stories (issue 47)', () => {
  for (const [lang, country] of PAIRS)
    it(`${lang}/${country}: a shopper earns points on delivery, spends them at checkout, and loses them on a refund`, async () => {
      const device = await deviceToken();
      const her = await newShopper(device, `story-earn-${country}`, [country], { lang, country });

      // Earn: the goods of a delivered order (KWD 17.500 in Kuwait: 10 points a KWD; in Saudi Arabia 1 a
      // riyal, VAT and delivery left out).
      const first = await submit(device, her, country, lang, { count: 5 });
      expect((await deliver(clerk, first.id)).status).toBe(200);
      const earned = await balanceOf(her.id, country);
      expect(earned).toBe(earnedBy(first, country));
      if (country === 'KW') expect(earned).toBe(175);
      expect(earned).toBeGreaterThan(100);

      // Spend: the quote offers whole steps (100 points = KWD 0.200 / SAR 2.00), and the order takes them.
      const quote = await call('/order/calculate', {
        body: JSON.stringify({ items: [{ sku_id: 101, count: 2 }], points: 100 }),
        token: device,
        headers: shopperHeaders(her.token, country, lang),
      });
      expect((await json(quote)).data.points).toMatchObject({ balance: earned, used: 100, discount: 200 });
      const second = await submit(device, her, country, lang, { count: 2, points: 100 });
      expect(second).toMatchObject({ points_used: 100, points_discount: 200 });
      expect(await balanceOf(her.id, country)).toBe(earned - 100);

      // Lose: the first order refunded in full takes what it earned back; what she spent stays spent,
      // and the balance never goes below zero (the 100 she had already used are forgiven).
      expect((await refundOf(support, first.id, first.total)).status).toBe(200);
      expect(await balanceOf(her.id, country)).toBe(0);
      expect((await ledgerOf(her.id)).map((l) => [l.kind, l.amount])).toEqual([
        ['earn_order', earned],
        ['spend', -100],
        ['earn_reversal', -(earned - 100)],
      ]);
    });

  for (const [lang, country] of PAIRS)
    it(`${lang}/${country}: her points expire after a reminder, and she moves up a tier`, async () => {
      // Silver from KWD 10.000 / SAR 100.00 of spending (the owner's rule; KWD 100 / SAR 1,200 by
      // default), so one order reaches it.
      await env.DB.prepare('UPDATE loyalty_tiers SET min_spend = 10000 WHERE country = ? AND tier = ?')
        .bind(country, 'silver')
        .run();
      forgetLoyaltyRules();
      const device = await deviceToken();
      const her = await newShopper(device, `story-expiry-${country}`, [country], { lang, country });
      const tier = async () =>
        (await env.DB.prepare('SELECT tier FROM points_accounts WHERE user_id = ? AND country = ?')
          .bind(her.id, country)
          .first<{ tier: string }>())!.tier;
      const mails = async () =>
        (
          await env.DB.prepare(
            "SELECT kind, lang FROM mail_outbox WHERE to_address = ? AND kind LIKE 'points_%' ORDER BY id",
          )
            .bind(her.email)
            .all<{ kind: string; lang: string }>()
        ).results;
      const run = async (now: number) => {
        const res = await call('/dev/loyalty/run', { body: JSON.stringify({ now }), token: device });
        expect(res.status).toBe(200);
      };

      const order = await submit(device, her, country, lang, { count: 5 });
      expect((await deliver(clerk, order.id)).status).toBe(200);
      const earned = earnedBy(order, country);
      expect(await balanceOf(her.id, country)).toBe(earned);
      expect(await tier()).toBe('silver');
      const expires = (await ledgerOf(her.id))[0]!.expires_at!;

      // 29 days before: the reminder, in her language; the day after the expiry: the points go, once,
      // and the tier stays.
      await run(expires - 29 * DAY);
      expect(await mails()).toEqual([
        { kind: 'points_tier_up', lang },
        { kind: 'points_expiry', lang },
      ]);
      await run(expires + DAY);
      await run(expires + DAY + 60_000);
      expect(await balanceOf(her.id, country)).toBe(0);
      expect((await ledgerOf(her.id)).map((l) => [l.kind, l.amount])).toEqual([
        ['earn_order', earned],
        ['expiry', -earned],
      ]);
    });

  for (const [lang, country] of PAIRS)
    it(`${lang}/${country}: a shopper invites a friend; the friend’s first order is discounted and her points arrive on delivery`, async () => {
      const hers = await deviceToken();
      const referrer = await newShopper(hers, `story-ref-${country}`, [country], { lang, country });
      await env.DB.prepare('UPDATE users SET name = ? WHERE id = ?')
        .bind(lang === 'ar' ? 'نورة العتيبي' : 'Noura Alotaibi', referrer.id)
        .run();

      // Her card: the code and the share link in her language, her country's offer.
      const card = await get('/loyalty/referral', hers, referrer, country, lang);
      expect(card.status).toBe(200);
      const { code, link } = card.body.data;
      expect(link).toMatch(new RegExp(`${lang === 'ar' ? '/ar' : ''}/invite/${code}$`));
      expect(card.body.data).toMatchObject({ friend_discount: 2000, referrer_points: 500, pending: 0 });

      // The friend opens the link on her own phone: the first name and the offer in her currency.
      const theirs = await deviceToken();
      const landing = await get(`/invite/${code}`, theirs, null, country, lang);
      expect(landing.body.data).toMatchObject({
        first_name: lang === 'ar' ? 'نورة' : 'Noura',
        currency: country === 'KW' ? 'KWD' : 'SAR',
        discount: 2000,
        min_subtotal: 10000,
      });

      // Her first order with the code (as the review step pre-fills it from the ref cookie). Her own
      // phone and home: the referrer's would be refused as a self-referral.
      const friend = await newShopper(theirs, `story-friend-${country}`, [], { lang, country });
      friend.addresses[country] = await saveAddress(
        theirs,
        friend.token,
        country,
        country === 'SA'
          ? { phone: '598765432', district: 'Olaya', building_number: '4321' }
          : { phone: '99887766', block: '9', street: '21', building: '5' },
      );
      const order = await submit(theirs, friend, country, lang, { count: 3, referral_code: code.toLowerCase() });
      expect(order.referral_discount).toBe(2000);
      expect((await get('/loyalty/referral', hers, referrer, country, lang)).body.data).toMatchObject({
        pending: 1,
        rewarded_this_month: 0,
      });

      // Delivered: the referrer's 500 points arrive, and her card counts the friend this month.
      expect((await deliver(clerk, order.id)).status).toBe(200);
      expect(await balanceOf(referrer.id, country)).toBe(500);
      expect((await ledgerOf(referrer.id)).map((l) => l.kind)).toEqual(['earn_referral']);
      expect((await get('/loyalty/referral', hers, referrer, country, lang)).body.data).toMatchObject({
        pending: 0,
        rewarded_this_month: 1,
      });
      // A code used after the friend's first order is refused.
      const again = await call('/order/calculate', {
        body: JSON.stringify({ items: [{ sku_id: 101, count: 3 }], referral_code: code }),
        token: theirs,
        headers: shopperHeaders(friend.token, country, lang),
      });
      expect((await json(again)).data.referral).toMatchObject({ applied: false, problem: 'referral_not_first_order' });
    });
});
