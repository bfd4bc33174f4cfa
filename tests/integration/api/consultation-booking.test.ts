// Booking a nutritionist (issue 46) at the API level: the list and profile with what a shopper chooses
// by, the slots in Gulf time, holds (parallel holds of one time: exactly one wins; expiry), each way to
// pay (wallet, card through the sandbox, a package, pay later's eligibility), both countries' prices and
// VAT, the intake sealed in D1, ownership (another shopper 404, a guest 401), and the calendar entry.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { vatIncluded } from '#shared/money';
import { sweepExpiredHolds } from '#api/src/consultations/hold';
import { PENDING_PAYMENT_TTL_MS, sweepStalePayments } from '#api/src/payments/sweep';
import { FIXTURE_PACKAGE, FIXTURE_PRICES, FIXTURE_SERVICES } from '../fixtures/consultations';
import { call, json } from './helpers';
import {
  balance,
  book,
  bookBody,
  freeTimeAfter,
  freeTimes,
  get,
  HOUR,
  hold,
  post,
  type Shopper,
  setUp,
  shopper,
  topUp,
} from './consultation-helpers';

let device: string;
beforeAll(async () => {
  ({ device } = await setUp());
});

describe('a held time in the free times', () => {
  it('stays free for the shopper who holds it, found by her token, and is taken for everyone else', async () => {
    const her = await shopper('holds-own');
    const other = await shopper('holds-other');
    const at = await freeTimeAfter(30, { skip: 7 });
    expect((await hold(her, at)).status).toBe(200);
    // Her page shows her time still (she may move within it); another shopper's and a guest's do not.
    expect(await freeTimes(FIXTURE_SERVICES.first, her)).toContain(at);
    expect(await freeTimes(FIXTURE_SERVICES.first, other)).not.toContain(at);
    expect(await freeTimes(FIXTURE_SERVICES.first, null)).not.toContain(at);
  });
});

describe('nutritionists: what a shopper books by', () => {
  it('lists gender, languages, qualifications, services priced per country and the next free time', async () => {
    const kw = await json(await post('/nutritionist/list', {}, null, 'KW'));
    const noura = kw.data.items.find((n: { id: number }) => n.id === 1);
    expect(noura).toMatchObject({
      gender: 'female',
      languages: ['ar', 'en'],
      qualifications: 'PhD Clinical Nutrition',
      bookable: true,
    });
    expect(
      noura.services.map((s: { id: number; price: number; currency: string }) => [s.id, s.price, s.currency]),
    ).toEqual([
      [FIXTURE_SERVICES.first, 8000, 'KWD'],
      [FIXTURE_SERVICES.full, 20000, 'KWD'],
      [FIXTURE_SERVICES.followUp, 12000, 'KWD'],
    ]);
    expect(Date.parse(noura.next_free_at)).toBeGreaterThan(Date.now() + HOUR - 1);
    // Khalid has no back-office account: shown, not bookable, no free time.
    const khalid = kw.data.items.find((n: { id: number }) => n.id === 2);
    expect(khalid).toMatchObject({ gender: 'male', bookable: false, next_free_at: null });

    const sa = await json(await post('/nutritionist/list', {}, null, 'SA', 'ar'));
    const khalidSa = sa.data.items.find((n: { id: number }) => n.id === 2);
    // His full consultation has no Saudi price: not offered there.
    expect(khalidSa.services.map((s: { id: number }) => s.id)).toEqual([FIXTURE_SERVICES.khalidFirst]);
    expect(sa.data.items.find((n: { id: number }) => n.id === 1).services[0]).toMatchObject({
      price: 9900,
      currency: 'SAR',
      name: 'مكالمة أولى',
    });
  });

  it('filters by language, gender and a Gulf day with a free time', async () => {
    const ids = async (body: unknown) =>
      (await json(await post('/nutritionist/list', body, null))).data.items.map((n: { id: number }) => n.id);
    expect(await ids({ gender: 'male' })).toEqual([2]);
    expect(await ids({ gender: 'female' })).toEqual([1]);
    expect(await ids({ language: 'en' })).toEqual([1]);
    expect(await ids({ language: 'ar' })).toEqual([1, 2]);
    const times = await freeTimes();
    const day = new Date(times[0]! + 3 * HOUR).toISOString().slice(0, 10);
    expect(await ids({ day })).toEqual([1]);
    const bad = await post('/nutritionist/list', { day: '2026-02-30' }, null);
    expect(bad.status).toBe(400);
  });

  it('keeps the list, the profile and the slots within 3 D1 round trips (the device check counted)', async () => {
    const trips = async (res: Response) => Number(res.headers.get('x-d1-roundtrips'));
    const signedIn = await shopper('trips');
    // At most the device's check, then one batch for every nutritionist and their offer.
    expect(
      await trips(await post('/nutritionist/list', { day: '2026-12-01', language: 'ar' }, null)),
    ).toBeLessThanOrEqual(2);
    expect(await trips(await post('/nutritionist/list', {}, signedIn))).toBeLessThanOrEqual(3);
    // The profile: the reference resolved inside its one batch.
    expect(await trips(await get('/nutritionist/noura', null))).toBeLessThanOrEqual(2);
    expect(
      await trips(await get(`/nutritionist/1/slots?service_id=${FIXTURE_SERVICES.first}`, null)),
    ).toBeLessThanOrEqual(3);
  });

  it('gives the profile its services, packages and next free time', async () => {
    const res = await get('/nutritionist/noura', null, 'SA');
    const body = await json(res);
    expect(res.status).toBe(200);
    expect(body.data.packages).toEqual([
      {
        id: FIXTURE_PACKAGE,
        service_id: FIXTURE_SERVICES.followUp,
        sessions: 4,
        name: '4 follow-ups',
        price: 49900,
        currency: 'SAR',
      },
    ]);
    expect(body.data.services).toHaveLength(3);
    expect(body.data.lists.length).toBeGreaterThan(0);
  });
});

describe('slots', () => {
  it('offers times in Gulf time inside the hours, none on a day off', async () => {
    const res = await get(`/nutritionist/1/slots?service_id=${FIXTURE_SERVICES.first}&days=3`, null);
    const body = await json(res);
    expect(res.status).toBe(200);
    expect(body.data.days).toHaveLength(3);
    for (const d of body.data.days)
      for (const t of d.times) {
        // 06:00–23:00 Gulf time: the clock time is the UTC time + 3 h.
        const gulf = new Date(Date.parse(t.starts_at) + 3 * HOUR);
        expect(t.time).toBe(gulf.toISOString().slice(11, 16));
        expect(gulf.toISOString().slice(0, 10)).toBe(d.date);
        expect(t.time >= '06:00' && t.time <= '22:40').toBe(true);
        expect(Date.parse(t.ends_at) - Date.parse(t.starts_at)).toBe(20 * 60_000);
      }
    const tomorrow = body.data.days[1].date;
    await env.DB.prepare('INSERT INTO nutritionist_days_off (nutritionist_id, date) VALUES (1, ?)')
      .bind(tomorrow)
      .run();
    const off = await json(await get(`/nutritionist/1/slots?service_id=${FIXTURE_SERVICES.first}&days=3`, null));
    expect(off.data.days[1]).toMatchObject({ date: tomorrow, day_off: true, times: [] });
    await env.DB.prepare('DELETE FROM nutritionist_days_off WHERE nutritionist_id = 1').run();
  });

  it('answers 404 for a service of another nutritionist or a bad id', async () => {
    expect((await get(`/nutritionist/1/slots?service_id=${FIXTURE_SERVICES.khalidFirst}`, null)).status).toBe(404);
    expect((await get('/nutritionist/abc/slots?service_id=11', null)).status).toBe(404);
  });
});

describe('holds', () => {
  it('needs a signed-in shopper', async () => {
    const at = await freeTimeAfter(30);
    const res = await hold(null as unknown as Shopper, at);
    expect(res.status).toBe(401);
  });

  it('of 20 parallel holds of one time exactly one wins; the time is then taken for others', async () => {
    const at = await freeTimeAfter(30, { skip: 3 });
    const shoppers = await Promise.all(Array.from({ length: 20 }, (_, i) => shopper(`par${i}`)));
    const answers = await Promise.all(shoppers.map((s) => hold(s, at)));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    for (const r of answers.filter((a) => a.status === 409))
      expect((await json(r)).meta.msg).toBe('consultation_time_unavailable');
    expect(await freeTimes()).not.toContain(at);
    // An overlapping time (5 minutes later is off the grid; 15 minutes later overlaps the 20-minute call).
    const loser = shoppers[statuses.indexOf(409)]!;
    expect((await hold(loser, at + 15 * 60_000)).status).toBe(409);
  }, 30_000);

  it('of 20 parallel bookings of one time exactly one wins', async () => {
    const at = await freeTimeAfter(30, { skip: 6 });
    const shoppers = await Promise.all(Array.from({ length: 20 }, (_, i) => shopper(`book${i}`)));
    for (const s of shoppers) await topUp(s.id, 'KWD', 10_000);
    const results = await Promise.allSettled(shoppers.map((s) => book(s, at, { method: 'wallet' })));
    const ok = results.filter((r) => r.status === 'fulfilled' && r.value.status === 200);
    expect(ok).toHaveLength(1);
    const { results: rows } = await env.DB.prepare(
      "SELECT count(*) AS n FROM consultations WHERE starts_at = ? AND status = 'booked'",
    )
      .bind(at)
      .all<{ n: number }>();
    expect(rows[0]!.n).toBe(1);
  }, 30_000);

  it('replaces her older hold, and frees an expired one for others', async () => {
    const a = await shopper('hold-a');
    const b = await shopper('hold-b');
    const t1 = await freeTimeAfter(30, { skip: 9 });
    const t2 = await freeTimeAfter(30, { skip: 12 });
    const first = await json(await hold(a, t1));
    // The rules with their times and the price, shown before she pays.
    expect(first.data).toMatchObject({ service_id: FIXTURE_SERVICES.first, price: 8000, vat: 0, currency: 'KWD' });
    expect(Date.parse(first.data.rules.cancel_free_until)).toBe(t1 - 24 * HOUR);
    expect(Date.parse(first.data.rules.join_closes_at)).toBe(t1 + 50 * 60_000);
    expect(Date.parse(first.data.expires_at) - Date.now()).toBeLessThanOrEqual(10 * 60_000);
    await hold(a, t2);
    // Her first hold is gone: another shopper can hold that time.
    expect((await hold(b, t1)).status).toBe(200);
    // Expired: b's hold of t1 ends, a takes it.
    await env.DB.prepare('UPDATE consultation_cells SET expires_at = ? WHERE user_id = ? AND consultation_id IS NULL')
      .bind(Date.now() - 1, b.id)
      .run();
    expect((await hold(a, t1)).status).toBe(200);
    // The cron clears holds expired an hour ago, never a live one.
    await env.DB.prepare('UPDATE consultation_cells SET expires_at = ? WHERE user_id = ? AND consultation_id IS NULL')
      .bind(Date.now() - 2 * HOUR, b.id)
      .run();
    await hold(b, t2);
    await env.DB.prepare('UPDATE consultation_cells SET expires_at = ? WHERE user_id = ? AND consultation_id IS NULL')
      .bind(Date.now() - 2 * HOUR, b.id)
      .run();
    await sweepExpiredHolds(env.DB);
    const left = await env.DB.prepare(
      'SELECT user_id FROM consultation_cells WHERE user_id IN (?, ?) AND consultation_id IS NULL',
    )
      .bind(a.id, b.id)
      .all<{ user_id: number }>();
    expect(new Set(left.results.map((r) => r.user_id))).toEqual(new Set([a.id]));
    // Booking with the replaced hold fails.
    const res = await post('/consultation', bookBody(first.data.hold_id, { method: 'wallet' }), a);
    expect(res.status).toBe(409);
    expect((await json(res)).meta.msg).toBe('consultation_hold_expired');
  });
});

describe('paying', () => {
  it('by wallet: booked at once, the wallet charged, the confirmation mail queued, the intake sealed', async () => {
    const s = await shopper('wallet');
    await topUp(s.id, 'KWD', 9_000);
    const at = await freeTimeAfter(30, { skip: 15 });
    const r = await book(s, at, { method: 'wallet' });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ status: 'booked', payment_url: null });
    expect(r.body.data.payment).toMatchObject({
      method: 'wallet',
      state: 'paid',
      total: 8000,
      vat: 0,
      currency: 'KWD',
    });
    expect(await balance(s.id, 'KWD')).toBe(1000);
    const id = r.body.data.id;
    // The intake: sealed in D1 (no plaintext in any column), opened for her.
    const raw = await env.DB.prepare('SELECT * FROM consultation_intakes WHERE consultation_id = ?').bind(id).first();
    expect(JSON.stringify(raw)).not.toContain('PLAINTEXT-GOAL-MARKER');
    expect(JSON.stringify(raw)).not.toContain('Levothyroxine');
    expect(raw).toMatchObject({ pregnancy: 'pregnant' });
    const detailRes = await get(`/user/consultation/${id}`, s);
    // The device, her session, then the row, its health rows and its key in one batch.
    expect(Number(detailRes.headers.get('x-d1-roundtrips'))).toBeLessThanOrEqual(3);
    const detail = await json(detailRes);
    expect(detail.data.intake).toMatchObject({ goal: 'More energy; PLAINTEXT-GOAL-MARKER', pregnancy: 'pregnant' });
    expect(detail.data.rules).toMatchObject({ reschedules_left: 2, can_cancel: true });
    expect(Date.parse(detail.data.rules.join_opens_at)).toBe(at - 10 * 60_000);
    const mail = await env.DB.prepare('SELECT subject FROM mail_outbox WHERE dedupe_key = ?')
      .bind(`consultation:${id}:confirmation`)
      .first<{ subject: string }>();
    expect(mail?.subject).toContain(String(id));
  });

  it('dates an Arabic confirmation mail with the Arabic comma between the Hijri date and the time', async () => {
    const s = await shopper('arabic-comma');
    await topUp(s.id, 'KWD', 9_000);
    const at = await freeTimeAfter(30, { skip: 57 });
    const held = await json(await hold(s, at));
    const res = await post(
      '/consultation',
      bookBody(held.data.hold_id, { method: 'wallet' }, { service_id: FIXTURE_SERVICES.first }),
      s,
      'KW',
      'ar',
    );
    expect(res.status).toBe(200);
    const id = (await json(res)).data.id;
    const mail = await env.DB.prepare('SELECT body_text FROM mail_outbox WHERE dedupe_key = ?')
      .bind(`consultation:${id}:confirmation`)
      .first<{ body_text: string }>();
    const when = mail!.body_text.split('\n').find((line) => line.startsWith('الموعد: '))!;
    // "الموعد: 29 نوفمبر 2026 (… هـ)، 4:00 م – 4:20 م": an Arabic sentence takes the Arabic comma.
    expect(when).toMatch(/هـ\)، \d{1,2}:\d{2}/);
    expect(when).not.toContain(',');
  });

  it('refuses a wallet that does not cover it, and answers a replay with the same booking', async () => {
    const s = await shopper('short');
    await topUp(s.id, 'KWD', 1_000);
    const at = await freeTimeAfter(30, { skip: 18 });
    const r = await book(s, at, { method: 'wallet' });
    expect(r.status).toBe(409);
    expect(r.body.meta.msg).toBe('wallet_insufficient');
    await topUp(s.id, 'KWD', 10_000);
    const h = await json(await hold(s, at));
    const body = bookBody(h.data.hold_id, { method: 'wallet' });
    const one = await json(await post('/consultation', body, s));
    const two = await json(await post('/consultation', body, s));
    expect(two.data).toMatchObject({ id: one.data.id, replayed: true });
    const conflict = await post('/consultation', { ...body, mode: 'chat' }, s);
    expect(conflict.status).toBe(409);
  });

  it('by card through the sandbox: pending, then booked; a failed payment frees the time and returns the wallet part', async () => {
    const s = await shopper('card');
    const at = await freeTimeAfter(30, { skip: 21 });
    const r = await book(s, at, { method: 'card', card_method: 'knet' });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ status: 'pending_payment' });
    expect(r.body.data.payment_url).toContain('pay_');
    const payment = await env.DB.prepare('SELECT id, amount, method FROM payments WHERE consultation_id = ?')
      .bind(r.body.data.id)
      .first<{ id: string; amount: number; method: string }>();
    expect(payment).toMatchObject({ amount: 8000, method: 'knet' });
    const paid = await post(`/dev/payments/${payment!.id}`, { outcome: 'succeeded' }, s);
    expect(paid.status, await paid.clone().text()).toBe(200);
    const after = await json(await get(`/user/consultation/${r.body.data.id}`, s));
    expect(after.data).toMatchObject({ status: 'booked', payment: { state: 'paid' } });

    // Failed, with part paid from the wallet: the time is free again and the wallet part comes back.
    const t = await shopper('card-fail');
    await topUp(t.id, 'KWD', 3_000);
    const at2 = await freeTimeAfter(30, { skip: 24 });
    const f = await book(t, at2, { method: 'card', card_method: 'card', use_wallet: true });
    expect(f.body.data.payment).toMatchObject({ wallet_used: 3000, total: 8000 });
    expect(await balance(t.id, 'KWD')).toBe(0);
    const p2 = await env.DB.prepare('SELECT id, amount FROM payments WHERE consultation_id = ?')
      .bind(f.body.data.id)
      .first<{ id: string; amount: number }>();
    expect(p2!.amount).toBe(5000);
    await post(`/dev/payments/${p2!.id}`, { outcome: 'failed' }, t);
    expect(await balance(t.id, 'KWD')).toBe(3000);
    expect((await json(await get(`/user/consultation/${f.body.data.id}`, t))).data.status).toBe('payment_failed');
    expect(await freeTimes()).toContain(at2);
  });

  it('frees the time of a card booking nobody paid, when the stale-payment sweep closes it', async () => {
    const s = await shopper('abandoned');
    const at = await freeTimeAfter(30, { skip: 45 });
    const r = await book(s, at, { method: 'card', card_method: 'knet' });
    expect(r.body.data.status).toBe('pending_payment');
    expect(await freeTimes()).not.toContain(at);
    await sweepStalePayments(env, 'http://localhost:8787', Date.now() + PENDING_PAYMENT_TTL_MS + 60_000);
    expect((await json(await get(`/user/consultation/${r.body.data.id}`, s))).data.status).toBe('payment_failed');
    expect(await freeTimes()).toContain(at);
  });

  it('books a follow-up of her own consultation with that nutritionist only', async () => {
    const her = await shopper('follow-her');
    const other = await shopper('follow-other');
    await topUp(her.id, 'KWD', 30_000);
    await topUp(other.id, 'KWD', 10_000);
    const first = await book(her, await freeTimeAfter(30, { skip: 48 }), { method: 'wallet' });
    const theirs = await book(other, await freeTimeAfter(30, { skip: 51 }), { method: 'wallet' });
    const at = await freeTimeAfter(30, { skip: 54 });
    const refused = await book(her, at, { method: 'wallet' }, { over: { follow_up_of: theirs.body.data.id } });
    expect(refused.status).toBe(409);
    expect(refused.body.meta.msg).toBe('consultation_follow_up_invalid');
    const ok = await book(her, at, { method: 'wallet' }, { over: { follow_up_of: first.body.data.id } });
    expect(ok.status).toBe(200);
    expect(ok.body.data.consultation.follow_up_of).toBe(first.body.data.id);
  });

  it('pay later: Tabby where the rule allows, Tamara not in Kuwait, nothing below the minimum', async () => {
    const s = await shopper('later');
    const at = await freeTimeAfter(30, { skip: 27 });
    const tamara = await book(s, at, { method: 'pay_later', card_method: 'tamara' });
    expect(tamara.status).toBe(400);
    expect(tamara.body.meta.msg).toBe('payment_method_unavailable');
    // The wallet leaves KWD 0.500 to pay: below Tabby's minimum (KWD 1).
    await topUp(s.id, 'KWD', 7_500);
    const small = await book(s, at, { method: 'pay_later', card_method: 'tabby', use_wallet: true });
    expect(small.status).toBe(409);
    expect(small.body.meta.msg).toBe('consultation_pay_later_unavailable');
    const ok = await book(s, at, { method: 'pay_later', card_method: 'tabby' });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({
      status: 'pending_payment',
      payment: { method: 'pay_later', card_method: 'tabby' },
    });
  });

  it('in Saudi Arabia: SAR prices with 15 % VAT included', async () => {
    const s = await shopper('sa');
    await topUp(s.id, 'SAR', 20_000);
    const at = await freeTimeAfter(30, { skip: 30 });
    const r = await book(s, at, { method: 'wallet' }, { country: 'SA' });
    expect(r.status).toBe(200);
    expect(r.body.data.payment).toMatchObject({
      total: FIXTURE_PRICES.first.SA,
      price: FIXTURE_PRICES.first.SA,
      vat: vatIncluded(FIXTURE_PRICES.first.SA, 1500),
      vat_basis_points: 1500,
      currency: 'SAR',
    });
    expect(r.body.data.payment.vat).toBe(1291);
    expect(await balance(s.id, 'SAR')).toBe(20_000 - 9_900);
  });

  it('with a package: bought by wallet, a session per booking, only for its service', async () => {
    const s = await shopper('package');
    await topUp(s.id, 'KWD', 40_000);
    const bought = await json(
      await post('/consultation/package', { package_id: FIXTURE_PACKAGE, payment: { method: 'wallet' } }, s),
    );
    expect(bought.data).toMatchObject({ payment_state: 'paid', price: 40000, payment_url: null });
    const credits = await json(await get('/user/consultation/credits', s));
    expect(credits.data.items[0]).toMatchObject({ id: bought.data.credit_id, sessions_left: 4, sessions_total: 4 });
    // Not for a first call.
    const wrong = await book(s, await freeTimeAfter(30, { skip: 33 }), {
      method: 'package',
      credit_id: bought.data.credit_id,
    });
    expect(wrong.status).toBe(409);
    expect(wrong.body.meta.msg).toBe('consultation_package_invalid');
    const at = await freeTimeAfter(30, { skip: 2, serviceId: FIXTURE_SERVICES.followUp });
    const r = await book(
      s,
      at,
      { method: 'package', credit_id: bought.data.credit_id },
      { serviceId: FIXTURE_SERVICES.followUp },
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data).toMatchObject({ status: 'booked', payment: { method: 'package', state: 'package', total: 0 } });
    const after = await json(await get('/user/consultation/credits', s));
    expect(after.data.items[0].sessions_left).toBe(3);
    // By card: pending until the gateway says.
    const card = await json(
      await post(
        '/consultation/package',
        { package_id: FIXTURE_PACKAGE, payment: { method: 'card', card_method: 'knet' } },
        s,
      ),
    );
    expect(card.data).toMatchObject({ payment_state: 'pending' });
    expect(card.data.payment_url).toContain('pay_');
    const unpaid = await book(
      s,
      await freeTimeAfter(30, { skip: 5, serviceId: FIXTURE_SERVICES.followUp }),
      { method: 'package', credit_id: card.data.credit_id },
      { serviceId: FIXTURE_SERVICES.followUp },
    );
    expect(unpaid.body.meta.msg).toBe('consultation_package_unpaid');
  });
});

describe('ownership', () => {
  it('shares only her own results with the nutritionist', async () => {
    const her = await shopper('share-her');
    const other = await shopper('share-other');
    await topUp(her.id, 'KWD', 10_000);
    const upload = async (userId: number) =>
      (await env.DB.prepare(
        "INSERT INTO blood_test_uploads (user_id, lab_name, sample_date, consent_version, consent_at, created_at) VALUES (?, 'Al Borg', '2026-01-15', 'v1', 0, 0) RETURNING id",
      )
        .bind(userId)
        .first<{ id: number }>())!.id;
    const mine = await upload(her.id);
    const theirs = await upload(other.id);
    const at = await freeTimeAfter(30, { skip: 42 });
    const refused = await book(
      her,
      at,
      { method: 'wallet' },
      { over: { intake: { goal: 'x', share: { uploads: [theirs] } } } },
    );
    expect(refused.status).toBe(400);
    expect(refused.body.data.fields[0]).toMatchObject({ field: 'intake.share', message: 'item_validation_error' });
    const ok = await book(
      her,
      at,
      { method: 'wallet' },
      { over: { intake: { goal: 'x', share: { uploads: [mine] } } } },
    );
    expect(ok.status).toBe(200);
    const row = await env.DB.prepare('SELECT shared_results FROM consultation_intakes WHERE consultation_id = ?')
      .bind(ok.body.data.id)
      .first<{ shared_results: string }>();
    expect(JSON.parse(row!.shared_results)).toEqual({ uploads: [mine], orders: [] });
  });

  it('answers another shopper 404 and a guest 401, for reads and changes alike', async () => {
    const owner = await shopper('owner');
    const other = await shopper('other');
    await topUp(owner.id, 'KWD', 10_000);
    const r = await book(owner, await freeTimeAfter(30, { skip: 36 }), { method: 'wallet' });
    const id = r.body.data.id;
    for (const path of [`/user/consultation/${id}`, `/user/consultation/${id}/ics`])
      expect((await get(path, other)).status, path).toBe(404);
    for (const path of ['cancel', 'mode', 'rating', 'reschedule'])
      expect(
        (await post(`/user/consultation/${id}/${path}`, { mode: 'chat', rating: 5, hold_id: 'ch-aaaaaaaaaaaa' }, other))
          .status,
        path,
      ).toBe(404);
    expect((await get(`/user/consultation/${id}`, null)).status).toBe(401);
    expect((await get('/user/consultation/list', null)).status).toBe(401);
    const list = await json(await get('/user/consultation/list', owner));
    expect(list.data.items.map((i: { id: number }) => i.id)).toContain(id);
    expect((await json(await get('/user/consultation/list', other))).data.items).toEqual([]);
  });

  it('gives her a calendar entry', async () => {
    const s = await shopper('ics');
    await topUp(s.id, 'KWD', 10_000);
    const at = await freeTimeAfter(30, { skip: 39 });
    const r = await book(s, at, { method: 'wallet' });
    const res = await call(`/user/consultation/${r.body.data.id}/ics`, {
      token: device,
      headers: { authorization: `Bearer ${s.token}`, 'x-country': 'KW', lang: 'en' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/calendar');
    const text = await res.text();
    expect(text).toContain('BEGIN:VEVENT');
    expect(text).toContain(`DTSTART:${new Date(at).toISOString().replace(/[-:]/g, '').slice(0, 15)}Z`);
  });
});
