// The loyalty cron (api/src/loyalty/jobs.ts) through POST /dev/loyalty/run as on chosen days: birthday
// points once a year and never within 30 days of setting the birthday, expiry first in first out with
// its reminder mail once, tiers up and down as spending ages; and the referrer's reward on the friend's
// delivery, up to the month's cap.
import { env } from 'cloudflare:workers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gulfDate } from '#shared/gulf-days';
import { birthdayStatement } from '#api/src/loyalty/birthday';
import { loadCatalogueFixture } from '../fixtures/catalogue';
import { call, deviceToken } from './helpers';
import { staffWith, type TestStaff } from './staff-helpers';
import { balanceOf, credit, DAY, deliver, ledgerOf, newShopper, placeCod, spendOn } from './loyalty-helpers';

let device: string;
let clerk: TestStaff;

beforeAll(async () => {
  await loadCatalogueFixture(env.DB);
  device = await deviceToken();
  clerk = await staffWith([{ role: 'fulfilment', country: null }], { name: 'Clerk' });
});

const run = async (now: number) => {
  const res = await call('/dev/loyalty/run', { body: JSON.stringify({ now }) });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: Record<string, number> }).data;
};

/** 09:00 Gulf time on a Gulf day. */
const gulfNine = (day: string) => Date.parse(`${day}T06:00:00Z`);

const mailsTo = (email: string) =>
  env.DB.prepare(
    "SELECT kind, lang, subject, body_text FROM mail_outbox WHERE to_address = ? AND kind LIKE 'points_%' ORDER BY id",
  )
    .bind(email)
    .all<{ kind: string; lang: string; subject: string; body_text: string }>()
    .then((r) => r.results);

describe('birthdays', () => {
  it('credit her points on her Gulf birthday once a year, with a mail in her language', async () => {
    const her = await newShopper(device, 'birthday', [], { lang: 'ar' });
    const late = await newShopper(device, 'birthday-late');
    const day = '2027-03-15';
    await env.DB.batch([
      env.DB.prepare("UPDATE users SET birthday = '03-15', birthday_set_at = ? WHERE id = ?").bind(
        gulfNine(day) - 31 * DAY,
        her.id,
      ),
      // Set 10 days before: nothing this year (no moving a birthday to collect points).
      env.DB.prepare("UPDATE users SET birthday = '03-15', birthday_set_at = ? WHERE id = ?").bind(
        gulfNine(day) - 10 * DAY,
        late.id,
      ),
    ]);
    expect((await run(gulfNine('2027-03-14'))).birthdays).toBe(0);
    expect((await run(gulfNine(day))).birthdays).toBe(1);
    // The next run of the hour finds her done: she leaves the candidates (a day of more birthdays than
    // a run takes would otherwise take the same ones again and never reach the rest).
    expect((await run(gulfNine(day) + 60_000)).birthdays).toBe(0);
    expect(await ledgerOf(her.id)).toEqual([
      expect.objectContaining({ kind: 'earn_birthday', amount: 100, event_key: `birthday:${her.id}:2027` }),
    ]);
    expect(await ledgerOf(late.id)).toEqual([]);
    const mails = await mailsTo(her.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({
      kind: 'points_birthday',
      lang: 'ar',
      subject: 'عيد ميلاد سعيد – خليج الفيتامينات',
    });
    expect(mails[0]!.body_text).toContain('100 نقطة');
    // The next year again (last year's expire that day, 12 months on).
    await run(gulfNine('2028-03-15'));
    expect((await ledgerOf(her.id)).filter((l) => l.kind === 'earn_birthday').map((l) => l.event_key)).toEqual([
      `birthday:${her.id}:2027`,
      `birthday:${her.id}:2028`,
    ]);
  });

  it('wait 30 days after the date changes, not after the form is saved again', async () => {
    const her = await newShopper(device, 'birthday-set');
    const t0 = gulfNine('2027-01-01');
    await birthdayStatement(env.DB, her.id, '05-10', t0).run();
    await birthdayStatement(env.DB, her.id, '05-10', t0 + 60 * DAY).run();
    const setAt = () =>
      env.DB.prepare('SELECT birthday, birthday_set_at FROM users WHERE id = ?')
        .bind(her.id)
        .first<{ birthday: string; birthday_set_at: number }>();
    expect(await setAt()).toEqual({ birthday: '05-10', birthday_set_at: t0 });
    await birthdayStatement(env.DB, her.id, '05-12', gulfNine('2027-05-01')).run();
    expect((await setAt())!.birthday_set_at).toBe(gulfNine('2027-05-01'));
    // Moved to eleven days ahead: nothing this year.
    await run(gulfNine('2027-05-12'));
    expect(await ledgerOf(her.id)).toEqual([]);
  });

  it('celebrate 29 February on the 28th in other years', async () => {
    const her = await newShopper(device, 'leap');
    await env.DB.prepare("UPDATE users SET birthday = '02-29', birthday_set_at = ? WHERE id = ?")
      .bind(Date.parse('2026-01-01T00:00:00Z'), her.id)
      .run();
    await run(gulfNine('2027-02-28'));
    await run(gulfNine('2028-02-28'));
    await run(gulfNine('2028-02-29'));
    const birthdays = (await ledgerOf(her.id)).filter((l) => l.kind === 'earn_birthday');
    expect(birthdays.map((l) => l.event_key)).toEqual([`birthday:${her.id}:2027`, `birthday:${her.id}:2028`]);
    // 2028 has a 29th: not on the 28th.
    expect(birthdays.map((l) => gulfDate(l.created_at))).toEqual(['2027-02-28', '2028-02-29']);
  });
});

describe('expiry', () => {
  it('expires the oldest credits first, once, after a reminder mail once 30 days before', async () => {
    const her = await newShopper(device, 'expiry');
    const t0 = gulfNine('2027-06-01');
    const first = t0 + 40 * DAY;
    const second = t0 + 200 * DAY;
    await credit(her.id, 'KW', 100, first, `t:a:${her.id}`);
    await credit(her.id, 'KW', 100, second, `t:b:${her.id}`);
    const order = await placeCod(device, her);
    await spendOn(her.id, 'KW', order.id, 30);
    // 30 days before the first credit's day: the reminder names the 70 left of it.
    await run(first - 31 * DAY);
    expect(await mailsTo(her.email)).toEqual([]);
    await run(first - 29 * DAY);
    await run(first - 28 * DAY);
    const mails = await mailsTo(her.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ kind: 'points_expiry', lang: 'en' });
    expect(mails[0]!.body_text).toContain(`70 points of your balance expire on ${gulfDate(first)}`);
    // The day after: 70 expire (the 30 spent came out of the oldest), the later 100 stay.
    await run(first + DAY);
    await run(first + DAY + 60_000);
    expect(await balanceOf(her.id)).toBe(100);
    const expiry = (await ledgerOf(her.id)).filter((l) => l.kind === 'expiry');
    expect(expiry).toEqual([
      expect.objectContaining({ amount: -70, event_key: `expiry:${her.id}:KW:${gulfDate(first + DAY)}` }),
    ]);
    await run(second + DAY);
    expect(await balanceOf(her.id)).toBe(0);
  });
});

describe('tiers', () => {
  afterAll(async () => {
    await env.DB.prepare("UPDATE loyalty_tiers SET min_spend = 100000 WHERE country = 'KW' AND tier = 'silver'").run();
  });

  it('move her up on a delivery (with a mail) and down when the spending ages out', async () => {
    await env.DB.prepare("UPDATE loyalty_tiers SET min_spend = 5000 WHERE country = 'KW' AND tier = 'silver'").run();
    const her = await newShopper(device, 'tiers');
    const order = await placeCod(device, her, { count: 2 });
    await deliver(clerk, order.id);
    const tierOf = () =>
      env.DB.prepare("SELECT tier, spend_12m FROM points_accounts WHERE user_id = ? AND country = 'KW'")
        .bind(her.id)
        .first<{ tier: string; spend_12m: number }>();
    expect(await tierOf()).toEqual({ tier: 'silver', spend_12m: order.total });
    const mails = await mailsTo(her.email);
    expect(mails.filter((m) => m.kind === 'points_tier_up')).toEqual([
      expect.objectContaining({ subject: 'You have reached Silver – Gulf Vitamins' }),
    ]);
    // A year and a day later the order no longer counts.
    const delivered = (await env.DB.prepare('SELECT delivered_at FROM orders WHERE id = ?')
      .bind(order.id)
      .first<{ delivered_at: number }>())!.delivered_at;
    await run(delivered + 366 * DAY);
    expect(await tierOf()).toEqual({ tier: 'bronze', spend_12m: 0 });
    expect((await mailsTo(her.email)).filter((m) => m.kind === 'points_tier_up')).toHaveLength(1);
  });
});

describe('referrals', () => {
  it("reward the referrer on the friend's delivery, up to the month's cap, then void", async () => {
    const referrer = await newShopper(device, 'referrer');
    const friends = await Promise.all([0, 1, 2, 3, 4, 5, 6].map((i) => newShopper(device, `friend-${i}`)));
    const orders: Array<{ id: number }> = [];
    for (const f of friends) orders.push(await placeCod(device, f));
    const month = '2026-11';
    const referral = (i: number, status: string) =>
      env.DB.prepare(
        'INSERT INTO referrals (referrer_id, friend_id, order_id, country, discount, status, month, created_at) VALUES (?, ?, ?, ?, 2000, ?, ?, ?) RETURNING id',
      )
        .bind(referrer.id, friends[i]!.id, orders[i]!.id, 'KW', status, month, Date.now())
        .first<{ id: number }>();
    // Four rewarded already this month (cap 5): the fifth is rewarded, the sixth void.
    for (const i of [0, 1, 2, 3]) await referral(i, 'rewarded');
    const fifth = (await referral(4, 'pending'))!.id;
    const sixth = (await referral(5, 'pending'))!.id;
    await deliver(clerk, orders[4]!.id);
    await deliver(clerk, orders[5]!.id);
    expect(await ledgerOf(referrer.id)).toEqual([
      expect.objectContaining({ kind: 'earn_referral', amount: 500, event_key: `referral:${fifth}` }),
    ]);
    const statuses = await env.DB.prepare('SELECT id, status FROM referrals WHERE id IN (?, ?) ORDER BY id')
      .bind(fifth, sixth)
      .all();
    expect(statuses.results).toEqual([
      { id: fifth, status: 'rewarded' },
      { id: sixth, status: 'void' },
    ]);
    // The friend earns her own points too.
    expect(await balanceOf(friends[4]!.id)).toBe(35);
  });
});
