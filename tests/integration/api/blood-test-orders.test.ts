// Booking blood tests through the API: collection slots and their rules, holds under
// concurrency and expiry, calculate in both countries, submit (idempotent; order and slot together),
// eligibility, the ownership matrix, reschedule and cancel with their cut-off, card payments through
// the sandbox gateway, the preparation reminder and the calendar entry.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, BOOKING_RULES, gulfDate, gulfInstant, reminderDueAt } from '#shared/blood-tests/slot-rules';
import { sendPreparationReminders } from '#api/src/blood-tests/reminder';
import { PENDING_PAYMENT_TTL_MS, sweepStalePayments } from '#api/src/payments/sweep';
import { KW_PATIENT, loadBloodTestFixture, plainVisitBody, SKU } from '../fixtures/blood-test-booking';
import {
  call,
  deviceToken,
  json,
  openVerifyLink,
  saveAddress,
  shopperHeaders,
  signedInShoppers,
  signUp,
} from './helpers';

/** Where reminders' WhatsApp stop links point, and their signing secret. */
const LINKS = { secret: 'test-token-secret-0123456789abcdef01234', siteOrigin: 'https://shop.test' };

let token: string;
let userA: string;
let userB: string;
let addressKW: number;
let addressSA: number;
let addressKW2: number;
let addressB: number;

const as = shopperHeaders;
const post = (path: string, body: unknown, user: string | null, country = 'KW', lang = 'en') =>
  call(path, { body: JSON.stringify(body), token, headers: as(user, country, lang) });
const get = (path: string, user: string | null, country = 'KW', lang = 'en') =>
  call(path, { token, headers: as(user, country, lang) });

/** A shopper signed up who opened her confirmation link: her order mails reach her (decision 85). */
async function register(email: string) {
  const user = await signUp(token, email);
  await openVerifyLink(email, token);
  return user;
}

/** An open day (not a Friday) at least `ahead` days from today, Gulf time. */
function openDay(ahead: number): string {
  let d = addDays(gulfDate(Date.now()), ahead);
  // Fridays are closed: the next day, except on the horizon's last day, whose next is outside it (the
  // 18:00 reminder's test failed on the Saturdays whose thirteenth day ahead is a Friday).
  const step = ahead >= BOOKING_RULES.horizonDays - 1 ? -1 : 1;
  while (new Date(`${d}T00:00:00Z`).getUTCDay() === 5) d = addDays(d, step);
  return d;
}

const KW_MAN = { ...KW_PATIENT, name: 'Ali', sex: 'male', date_of_birth: '1990-01-01', national_id: '290010100003' };
const SA_PATIENT = { ...KW_PATIENT, country: 'SA', national_id: '1012345672' };

async function hold(user: string, o: { date: string; window?: string; area?: number; city?: number; skus?: number[] }) {
  const country = o.city ? 'SA' : 'KW';
  return post(
    '/bloodTest/slots/hold',
    {
      ...(o.city ? { city_id: o.city } : { area_id: o.area ?? 26 }),
      date: o.date,
      window: o.window ?? '07-09',
      sku_ids: o.skus ?? [SKU.plain],
    },
    user,
    country,
  );
}

async function placesLeft(date: string, window: string, zone = 'area_id=26', skus = `${SKU.plain}`, country = 'KW') {
  const { data } = await json(await get(`/bloodTest/slots?${zone}&sku_ids=${skus}`, null, country));
  const day = data.days.find((d: { date: string }) => d.date === date);
  return day.windows.find((w: { window: string }) => w.window === window)?.places_left as number;
}

const submitBody = (holdId: string, over: Record<string, unknown> = {}) => plainVisitBody(holdId, addressKW, over);

/** Holds and books a visit for userA; answers the submit's data. */
async function book(o: {
  date: string;
  window?: string;
  over?: Record<string, unknown>;
  user?: string;
  lang?: string;
}) {
  const user = o.user ?? userA;
  const h = await json(await hold(user, { date: o.date, window: o.window }));
  const res = await post('/bloodTestOrder/submit', submitBody(h.data.hold_id, o.over), user, 'KW', o.lang ?? 'en');
  const body = await json(res);
  expect(res.status, JSON.stringify(body.meta)).toBe(200);
  return body.data;
}

beforeAll(async () => {
  await loadBloodTestFixture(env.DB);
  token = await deviceToken();
  userA = await register('a.booking@example.com');
  userB = await register('b.booking@example.com');
  addressKW = await saveAddress(token, userA, 'KW');
  addressKW2 = await saveAddress(token, userA, 'KW', { area_id: 27 });
  addressB = await saveAddress(token, userB, 'KW', { recipient: 'Ali' });
  addressSA = await saveAddress(token, userA, 'SA', { recipient: 'Sara' });
});

describe('collection slots', () => {
  it('offers 14 days; a plain test gets morning and evening windows, Fridays are closed', async () => {
    const { data } = await json(await get(`/bloodTest/slots?area_id=26&sku_ids=${SKU.plain}`, null));
    expect(data.days).toHaveLength(14);
    expect(data.mornings_only).toBe(false);
    const friday = data.days.find((d: { date: string }) => new Date(`${d.date}T00:00:00Z`).getUTCDay() === 5);
    expect(friday).toMatchObject({ closed: true, windows: [] });
    const later = data.days.find((d: { date: string }) => d.date === openDay(3));
    expect(later.windows.map((w: { window: string }) => w.window)).toEqual(['07-09', '09-11', '16-18', '18-20']);
    expect(later.windows[0]).toMatchObject({ starts: '07:00', ends: '09:00', places_left: 4, available: true });
  });

  it('a fasting test in the cart: mornings only, and never today', async () => {
    const { data } = await json(await get(`/bloodTest/slots?area_id=26&sku_ids=${SKU.plain},${SKU.fasting}`, null));
    expect(data.mornings_only).toBe(true);
    expect(data.fasting_hours).toBe(10);
    for (const day of data.days) expect(day.windows.every((w: { window: string }) => w.window < '12')).toBe(true);
    expect(data.days[0].windows.every((w: { available: boolean }) => !w.available)).toBe(true);
    // The hold refuses an evening window for it too.
    const res = await hold(userA, { date: openDay(3), window: '16-18', skus: [SKU.fasting] });
    expect(res.status).toBe(409);
    expect((await json(res)).meta.msg).toBe('slot_unavailable');
  });

  it('a listed holiday is closed', async () => {
    const day = openDay(4);
    await env.DB.prepare(
      "INSERT INTO blood_test_blackout_days (country, date, name_en, name_ar) VALUES ('KW', ?, 'Test holiday', 'عطلة')",
    )
      .bind(day)
      .run();
    const { data } = await json(await get(`/bloodTest/slots?area_id=26&sku_ids=${SKU.plain}`, null));
    expect(data.days.find((d: { date: string }) => d.date === day).closed).toBe(true);
    expect((await hold(userA, { date: day })).status).toBe(409);
    await env.DB.prepare("DELETE FROM blood_test_blackout_days WHERE country = 'KW' AND date = ?").bind(day).run();
  });

  it('a Kuwait area asked from Saudi Arabia, or no zone, is refused with a message key', async () => {
    const res = await get(`/bloodTest/slots?area_id=26&sku_ids=${SKU.plain}`, null, 'SA');
    expect(res.status).toBe(400);
    expect((await json(res)).meta.msg).toBe('slot_zone_mismatch');
    expect((await get(`/bloodTest/slots?sku_ids=${SKU.plain}`, null)).status).toBe(400);
  });

  // The race is in the 20 holds; the shoppers come in without sign-up (signedInShoppers says why). The
  // limit is for a busy two-core machine: what is checked is who got a place, not how fast.
  it('20 shoppers holding the last 2 places at once: exactly 2 get one', async () => {
    const day = openDay(5);
    await env.DB.prepare(
      "INSERT INTO blood_test_slot_capacity (zone, slot_window, capacity) VALUES ('area:30', '18-20', 2)",
    ).run();
    const shoppers = await signedInShoppers(20, 'race.booking');
    const results = await Promise.all(shoppers.map((s) => hold(s, { date: day, window: '18-20', area: 30 })));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(2);
    expect(statuses.filter((s) => s === 409)).toHaveLength(18);
    expect(
      new Set(await Promise.all(results.filter((r) => r.status === 409).map(async (r) => (await json(r)).meta.msg))),
    ).toEqual(new Set(['slot_full']));
    expect(await placesLeft(day, '18-20', 'area_id=30')).toBe(0);
  }, 30_000);

  it('a hold lasts 10 minutes; an expired one frees its place with no sweep, and cannot be booked', async () => {
    const day = openDay(6);
    const before = await placesLeft(day, '09-11');
    const h = await json(await hold(userB, { date: day, window: '09-11' }));
    expect(Date.parse(h.data.expires_at) - Date.now()).toBeGreaterThan(9.5 * 60_000);
    expect(Date.parse(h.data.expires_at) - Date.now()).toBeLessThanOrEqual(10 * 60_000);
    expect(await placesLeft(day, '09-11')).toBe(before - 1);
    // Ten minutes later (the stored expiry moved back instead of waiting).
    await env.DB.prepare('UPDATE blood_test_slot_bookings SET expires_at = ? WHERE id = ?')
      .bind(Date.now() - 1, h.data.hold_id)
      .run();
    expect(await placesLeft(day, '09-11')).toBe(before);
    const res = await post('/bloodTestOrder/submit', submitBody(h.data.hold_id), userB);
    expect(res.status).toBe(409);
    expect((await json(res)).meta.msg).toBe('slot_hold_expired');
  });

  it('a new hold replaces the shopper’s previous one', async () => {
    const day = openDay(6);
    const before = await placesLeft(day, '16-18');
    await hold(userB, { date: day, window: '16-18' });
    expect(await placesLeft(day, '16-18')).toBe(before - 1);
    await hold(userB, { date: day, window: '18-20' });
    expect(await placesLeft(day, '16-18')).toBe(before);
  });
});

describe('saved patients', () => {
  it('are saved, listed masked, removed, and only ever the owner’s', async () => {
    const user = await register('patients.booking@example.com');
    const saved = await json(
      await post('/user/bloodTestPatient/new', { ...KW_PATIENT, national_id: '٢٨٥٠٣١٥١٢٣١٨' }, user),
    );
    expect(saved.data).toMatchObject({ name: 'Sara', national_id_masked: '••••••••2318', relation: 'self' });
    expect(JSON.stringify(saved)).not.toContain('285031512318');
    // The same person again is the same row.
    const again = await json(await post('/user/bloodTestPatient/new', KW_PATIENT, user));
    expect(again.data.id).toBe(saved.data.id);
    const bad = await post('/user/bloodTestPatient/new', { ...SA_PATIENT, national_id: '1012345673' }, user);
    expect(bad.status).toBe(400);
    expect((await json(bad)).data.fields[0]).toMatchObject({ field: 'national_id', message: 'national_id_checksum' });
    expect((await json(await get('/user/bloodTestPatient', user))).data.items).toHaveLength(1);
    expect((await get('/user/bloodTestPatient', null)).status).toBe(401);
    // Another shopper can neither remove it nor book with it.
    expect((await post(`/user/bloodTestPatient/${saved.data.id}/remove`, {}, userB)).status).toBe(404);
    const h = await json(await hold(userB, { date: openDay(3), window: '16-18' }));
    const res = await post(
      '/bloodTestOrder/submit',
      submitBody(h.data.hold_id, { patient: undefined, patient_id: saved.data.id, address_id: addressB }),
      userB,
    );
    expect(res.status).toBe(404);
    expect((await json(res)).meta.msg).toBe('patient_not_found');
    expect((await post(`/user/bloodTestPatient/${saved.data.id}/remove`, {}, user)).status).toBe(200);
    expect((await json(await get('/user/bloodTestPatient', user))).data.items).toHaveLength(0);
  });
});

describe('calculate', () => {
  it('Kuwait: KWD prices of the country, no VAT', async () => {
    const { data } = await json(
      await post('/bloodTestOrder/calculate', { items: [{ sku_id: SKU.plain }, { sku_id: SKU.fasting }] }, null),
    );
    expect(data).toMatchObject({ currency: 'KWD', subtotal: 20500, vat: 0, total: 20500, due: 20500 });
    expect(data.items[0]).toMatchObject({ sku_id: SKU.plain, price: 8000, old_price: 10000 });
    expect(data.payment_methods).toEqual(['card', 'pay_at_visit']);
  });

  it('Saudi Arabia: SAR prices VAT-inclusive, with the VAT line (15 % included)', async () => {
    const { data } = await json(
      await post('/bloodTestOrder/calculate', { items: [{ sku_id: SKU.plain }, { sku_id: SKU.fasting }] }, null, 'SA'),
    );
    expect(data).toMatchObject({ currency: 'SAR', subtotal: 34500, vat: 4500, vat_rate: 15, total: 34500 });
    // A booking pays the gateway's ways too: STC Pay, and pay later within the providers' limits.
    expect(data.card_methods).toEqual(['mada', 'card', 'apple_pay', 'stc_pay', 'tabby', 'tamara']);
  });

  it('a test not sold in the country is refused with its id', async () => {
    const res = await post('/bloodTestOrder/calculate', { items: [{ sku_id: SKU.saOnlyMissing }] }, null, 'SA');
    expect(res.status).toBe(409);
    const body = await json(res);
    expect(body.meta.msg).toBe('blood_test_unavailable');
    expect(body.data.sku_ids).toEqual([SKU.saOnlyMissing]);
  });

  it('a percent coupon and the wallet', async () => {
    await env.DB.prepare("INSERT INTO coupons (id, code, kind, value) VALUES (901, 'BLOOD10', 'percent', 1000)").run();
    const user = await register('wallet.calc@example.com');
    const uid = (await env.DB.prepare("SELECT id FROM users WHERE email = 'wallet.calc@example.com'").first<{
      id: number;
    }>())!.id;
    await env.DB.prepare("INSERT INTO wallet_accounts (user_id, currency, balance) VALUES (?, 'KWD', 2000)")
      .bind(uid)
      .run();
    const { data } = await json(
      await post(
        '/bloodTestOrder/calculate',
        { items: [{ sku_id: SKU.plain }], coupon: 'blood10', use_wallet: true },
        user,
      ),
    );
    expect(data).toMatchObject({
      subtotal: 8000,
      discount: 800,
      total: 7200,
      wallet_used: 2000,
      due: 5200,
      coupon: 'BLOOD10',
    });
    expect(data.payment_methods).toContain('wallet');
  });
});

describe('submit', () => {
  it('books the visit: the order and the slot together; the same key answers the same order', async () => {
    const day = openDay(2);
    const before = await placesLeft(day, '07-09');
    const h = await json(await hold(userA, { date: day }));
    const body = submitBody(h.data.hold_id);
    const first = await json(await post('/bloodTestOrder/submit', body, userA));
    expect(first.data).toMatchObject({ status: 'booked', payment_url: null, replayed: false });
    expect(first.data.order).toMatchObject({
      slot: { date: day, window: '07-09', starts: '07:00', ends: '09:00' },
      payment: { method: 'pay_at_visit', state: 'pay_at_visit' },
      patient: { name: 'Sara', national_id_masked: '••••••••2318' },
    });
    const again = await json(await post('/bloodTestOrder/submit', body, userA));
    expect(again.data).toMatchObject({ order_id: first.data.order_id, replayed: true });
    const count = await env.DB.prepare('SELECT COUNT(*) AS n FROM blood_test_orders WHERE idempotency_key = ?')
      .bind(body.idempotency_key)
      .first<{ n: number }>();
    expect(count!.n).toBe(1);
    // The place stays taken by the order (booked, not a hold that expires).
    expect(await placesLeft(day, '07-09')).toBe(before - 1);
    const row = await env.DB.prepare('SELECT expires_at, order_id FROM blood_test_slot_bookings WHERE id = ?')
      .bind(h.data.hold_id)
      .first();
    expect(row).toEqual({ expires_at: null, order_id: first.data.order_id });
    // The consent's time and version are stored.
    const consent = await env.DB.prepare('SELECT consent_version, consent_at FROM blood_test_orders WHERE id = ?')
      .bind(first.data.order_id)
      .first<{ consent_version: string; consent_at: number }>();
    expect(consent!.consent_version).toBe('2026-11-v1');
    expect(Math.abs(consent!.consent_at - Date.now())).toBeLessThan(60_000);
    // The same key with another body is a conflict.
    const other = await post('/bloodTestOrder/submit', { ...body, payment_method: 'card' }, userA);
    expect(other.status).toBe(409);
  });

  it('refuses a booking whose totals were taken in another country, then books it in the new one (issue 77)', async () => {
    const [user] = await signedInShoppers(1, 'bt-country');
    const address = await saveAddress(token, user!, 'SA');
    const h = await json(await hold(user!, { date: openDay(3), window: '16-18', city: 2 }));
    // Her review step's totals were in dinars; the country was switched before she booked.
    const stale = submitBody(h.data.hold_id, { patient: SA_PATIENT, address_id: address, currency: 'KWD' });
    const refused = await post('/bloodTestOrder/submit', stale, user!, 'SA');
    expect(refused.status).toBe(409);
    expect((await json(refused)).meta.msg).toBe('checkout_country_changed');
    const none = await env.DB.prepare('SELECT COUNT(*) AS n FROM blood_test_orders WHERE idempotency_key = ?')
      .bind(stale.idempotency_key)
      .first<{ n: number }>();
    expect(none!.n).toBe(0);
    // Priced again in Saudi Arabia: booked in riyals, on the same hold.
    const body = submitBody(h.data.hold_id, { patient: SA_PATIENT, address_id: address, currency: 'SAR' });
    const res = await post('/bloodTestOrder/submit', body, user!, 'SA');
    expect(res.status).toBe(200);
    expect((await json(res)).data.order).toMatchObject({ currency: 'SAR' });
  });

  it('no order without the slot: a hold taken over meanwhile leaves no order behind', async () => {
    const h = await json(await hold(userA, { date: openDay(2), window: '09-11' }));
    // Another checkout of the same shopper replaced it.
    await hold(userA, { date: openDay(2), window: '16-18' });
    const body = submitBody(h.data.hold_id);
    const res = await post('/bloodTestOrder/submit', body, userA);
    expect(res.status).toBe(409);
    expect((await json(res)).meta.msg).toBe('slot_hold_expired');
    const n = await env.DB.prepare('SELECT COUNT(*) AS n FROM blood_test_orders WHERE idempotency_key = ?')
      .bind(body.idempotency_key)
      .first<{ n: number }>();
    expect(n!.n).toBe(0);
  });

  it('needs consent, a sign-in, and an address in the slot’s area', async () => {
    const h = await json(await hold(userA, { date: openDay(3), window: '09-11' }));
    const noConsent = await post('/bloodTestOrder/submit', submitBody(h.data.hold_id, { consent: false }), userA);
    expect(noConsent.status).toBe(400);
    expect((await json(noConsent)).data.fields[0]).toMatchObject({ field: 'consent', message: 'consent_required' });
    expect((await post('/bloodTestOrder/submit', submitBody(h.data.hold_id), null)).status).toBe(401);
    const elsewhere = await post(
      '/bloodTestOrder/submit',
      submitBody(h.data.hold_id, { address_id: addressKW2 }),
      userA,
    );
    expect(elsewhere.status).toBe(409);
    expect((await json(elsewhere)).meta.msg).toBe('slot_zone_mismatch');
  });

  it('refuses a women-only panel for a man, and a test below its minimum age', async () => {
    const h = await json(await hold(userA, { date: openDay(3), window: '09-11', skus: [SKU.female] }));
    const man = await post(
      '/bloodTestOrder/submit',
      submitBody(h.data.hold_id, { items: [{ sku_id: SKU.female }], patient: KW_MAN }),
      userA,
    );
    const manBody = await json(man);
    expect(man.status, JSON.stringify(manBody)).toBe(409);
    expect(manBody.meta.msg).toBe('blood_test_female_only');
    const young = await post(
      '/bloodTestOrder/submit',
      submitBody(h.data.hold_id, {
        items: [{ sku_id: SKU.over40 }],
        patient: { ...KW_PATIENT, relation: 'spouse', date_of_birth: '1995-06-10', national_id: '295061012305' },
      }),
      userA,
    );
    expect(young.status).toBe(409);
    expect((await json(young)).meta.msg).toBe('blood_test_min_age');
  });

  it('refuses a civil id whose birth date is not the patient’s', async () => {
    const h = await json(await hold(userA, { date: openDay(3), window: '09-11' }));
    const res = await post(
      '/bloodTestOrder/submit',
      submitBody(h.data.hold_id, { patient: { ...KW_PATIENT, date_of_birth: '1985-03-16' } }),
      userA,
    );
    expect(res.status).toBe(400);
    expect((await json(res)).data.fields[0]).toMatchObject({
      field: 'patient.national_id',
      message: 'national_id_birth_mismatch',
    });
  });

  it('Saudi Arabia: a city slot, a Saudi ID, paid from the wallet with the VAT line stored', async () => {
    const user = await register('sa.wallet@example.com');
    const uid = (await env.DB.prepare("SELECT id FROM users WHERE email = 'sa.wallet@example.com'").first<{
      id: number;
    }>())!.id;
    await env.DB.prepare("INSERT INTO wallet_accounts (user_id, currency, balance) VALUES (?, 'SAR', 50000)")
      .bind(uid)
      .run();
    const address = await saveAddress(token, user, 'SA');
    const h = await json(await hold(user, { date: openDay(3), window: '16-18', city: 2 }));
    const res = await post(
      '/bloodTestOrder/submit',
      submitBody(h.data.hold_id, { patient: SA_PATIENT, address_id: address, payment_method: 'wallet' }),
      user,
      'SA',
    );
    const body = await json(res);
    expect(res.status, JSON.stringify(body.meta)).toBe(200);
    expect(body.data.order).toMatchObject({
      currency: 'SAR',
      totals: { subtotal: 11500, vat: 1500, total: 11500, wallet_used: 11500 },
      payment: { method: 'wallet', state: 'paid' },
    });
    const wallet = await env.DB.prepare("SELECT balance FROM wallet_accounts WHERE user_id = ? AND currency = 'SAR'")
      .bind(uid)
      .first<{ balance: number }>();
    expect(wallet!.balance).toBe(50000 - 11500);
    // A Saudi sale paid at once: its e-invoice, recorded with the booking, signed after the answer (decision 75).
    const key = `booking:blood-test:${body.data.order_id}`;
    let invoice: { state: string; total_minor: number; vat_minor: number } | null = null;
    for (let i = 0; i < 100 && invoice?.state !== 'signed'; i++) {
      if (i) await new Promise((r) => setTimeout(r, 30));
      invoice = await env.DB.prepare('SELECT state, total_minor, vat_minor FROM e_invoices WHERE key = ?')
        .bind(key)
        .first();
    }
    expect(invoice).toEqual({ state: 'signed', total_minor: 11500, vat_minor: 1500 });
    void addressSA;
  });
});

describe('the shopper’s orders', () => {
  let orderId: number;
  beforeAll(async () => {
    orderId = (
      await book({
        date: openDay(7),
        window: '09-11',
        over: { items: [{ sku_id: SKU.plain }, { sku_id: SKU.hormone }] },
      })
    ).order_id;
  });

  it('the owner sees the list, the detail with its timeline and preparation, and the tests', async () => {
    const list = await json(await get('/user/bloodTestOrder/list/All', userA));
    expect(list.data.items.some((o: { id: number }) => o.id === orderId)).toBe(true);
    expect(list.data).toMatchObject({ page: 1 });
    // A later page answers the same shape: call() checks it against the route's response schema.
    const later = await json(await get('/user/bloodTestOrder/list/2', userA));
    expect(later.data).toMatchObject({ page: 2, per_page: 10, total: list.data.total });
    const { data } = await json(await get(`/user/bloodTestOrder/getOrder?id=${orderId}`, userA, 'KW', 'ar'));
    expect(data.timeline.map((s: { status: string; done: boolean }) => [s.status, s.done])).toEqual([
      ['booked', true],
      ['sample_collected', false],
      ['at_lab', false],
      ['results_ready', false],
    ]);
    expect(data.items.find((i: { sku_id: number }) => i.sku_id === SKU.hormone)).toMatchObject({
      name: 'فحص tsh',
      morning_draw: true,
      stop_biotin_hours: 48,
      // The success page's "results in about a day" reads it.
      turnaround_hours: 24,
    });
    expect(data).toMatchObject({ can_cancel: true, can_reschedule: true });
    const items = await json(await get(`/user/bloodTestOrder/getOrderItem?id=${orderId}`, userA));
    expect(items.data.items).toHaveLength(2);
  });

  it('ownership matrix: another shopper gets 404, a guest 401, on every order route', async () => {
    const routes = [
      ['GET', `/user/bloodTestOrder/getOrder?id=${orderId}`],
      ['GET', `/user/bloodTestOrder/getOrderItem?id=${orderId}`],
      ['GET', `/user/bloodTestOrder/ics?id=${orderId}`],
      ['POST', '/user/bloodTestOrder/cancel'],
      ['POST', '/user/bloodTestOrder/reschedule'],
    ] as const;
    for (const [method, path] of routes) {
      const send = (user: string | null) =>
        method === 'GET'
          ? get(path, user)
          : post(path, { order_id: orderId, hold_id: 'hold-000000000000000000000000' }, user);
      const other = await send(userB);
      expect([path, other.status]).toEqual([path, 404]);
      expect((await json(other)).meta.msg).toBe('not_found');
      const guest = await send(null);
      expect([path, guest.status]).toEqual([path, 401]);
    }
    const list = await json(await get('/user/bloodTestOrder/list/All', userB));
    expect(list.data.items.some((o: { id: number }) => o.id === orderId)).toBe(false);
    // The patient's id is not in another shopper's patients either.
    const patients = await json(await get('/user/bloodTestPatient', userB));
    expect(patients.data.items).toEqual([]);
  });

  it('advancing the status (local tool) fills the timeline', async () => {
    const res = await call('/dev/bloodTestOrder/advance', {
      body: JSON.stringify({ order_id: orderId, status: 'sample_collected' }),
      token,
      headers: as(userA),
    });
    expect(res.status).toBe(200);
    const { data } = await json(await get(`/user/bloodTestOrder/getOrder?id=${orderId}`, userA));
    expect(data.status).toBe('sample_collected');
    expect(data.timeline[1]).toMatchObject({ status: 'sample_collected', done: true });
    expect(data.can_cancel).toBe(false);
  });

  it('the calendar entry: text/calendar, UTC times, escaped text, a UID, in the shopper’s language', async () => {
    const day = openDay(8);
    const id = (await book({ date: day, window: '09-11', over: { items: [{ sku_id: SKU.fasting }] } })).order_id;
    const res = await get(`/user/bloodTestOrder/ics?id=${id}`, userA, 'KW', 'ar');
    expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    const text = await res.text();
    const unfolded = text.replace(/\r\n /g, '');
    expect(text.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(unfolded).toContain(`UID:blood-test-${id}@`);
    expect(unfolded).toContain(`DTSTART:${day.replace(/-/g, '')}T060000Z`);
    expect(unfolded).toContain(`DTEND:${day.replace(/-/g, '')}T080000Z`);
    expect(unfolded).toContain(`SUMMARY;LANGUAGE=ar:سحب عينة دم في المنزل – الطلب ${id}`);
    expect(unfolded).toContain('صُم 10 ساعات قبل الزيارة');
    // The address in the shopper's words: Arabic ones with the Arabic comma, which needs no escape; in
    // English the commas are escaped.
    expect(unfolded).toMatch(/LOCATION;LANGUAGE=ar:[^\r\n]*قطعة [^\r\n]*، /);
    const en = (await (await get(`/user/bloodTestOrder/ics?id=${id}`, userA, 'KW', 'en')).text()).replace(/\r\n /g, '');
    expect(en).toMatch(/LOCATION;LANGUAGE=en:[^\r\n]*Block [^\r\n]*\\, /);
    for (const line of text.split('\r\n')) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
  });
});

describe('reschedule and cancel', () => {
  it('reschedule moves the visit; the old place returns and the new one is taken', async () => {
    const from = openDay(9);
    const to = openDay(10);
    const order = await book({ date: from, window: '16-18' });
    // A nurse assigned and confirmed for the old time is not assumed free at the new one.
    const nurse = await env.DB.prepare(
      "INSERT INTO nurses (country, name, phone, created_at) VALUES ('KW', 'Reschedule Nurse', '+96555000001', 0) RETURNING id",
    ).first<{ id: number }>();
    await env.DB.prepare('UPDATE blood_test_orders SET nurse_id = ?, visit_confirmed_at = 1 WHERE id = ?')
      .bind(nurse!.id, order.order_id)
      .run();
    const fromBefore = await placesLeft(from, '16-18');
    const toBefore = await placesLeft(to, '18-20');
    const h = await json(await hold(userA, { date: to, window: '18-20' }));
    const res = await post(
      '/user/bloodTestOrder/reschedule',
      { order_id: order.order_id, hold_id: h.data.hold_id },
      userA,
    );
    const body = await json(res);
    expect(res.status, JSON.stringify(body.meta)).toBe(200);
    expect(body.data.slot).toMatchObject({ date: to, window: '18-20' });
    expect(await placesLeft(from, '16-18')).toBe(fromBefore + 1);
    expect(await placesLeft(to, '18-20')).toBe(toBefore - 1);
    const after = await env.DB.prepare('SELECT nurse_id, visit_confirmed_at FROM blood_test_orders WHERE id = ?')
      .bind(order.order_id)
      .first();
    expect(after).toEqual({ nurse_id: null, visit_confirmed_at: null });
  });

  it('cancel returns the place and refunds a wallet payment to the wallet', async () => {
    const day = openDay(11);
    const uid = (await env.DB.prepare("SELECT id FROM users WHERE email = 'a.booking@example.com'").first<{
      id: number;
    }>())!.id;
    await env.DB.prepare(
      "INSERT INTO wallet_accounts (user_id, currency, balance) VALUES (?, 'KWD', 10000) ON CONFLICT (user_id, currency) DO UPDATE SET balance = 10000",
    )
      .bind(uid)
      .run();
    const order = await book({ date: day, window: '16-18', over: { payment_method: 'wallet' } });
    const balance = async () =>
      (await env.DB.prepare("SELECT balance FROM wallet_accounts WHERE user_id = ? AND currency = 'KWD'")
        .bind(uid)
        .first<{ balance: number }>())!.balance;
    expect(await balance()).toBe(2000);
    const before = await placesLeft(day, '16-18');
    const res = await post('/user/bloodTestOrder/cancel', { order_id: order.order_id }, userA);
    const body = await json(res);
    expect(res.status).toBe(200);
    expect(body.data).toMatchObject({ status: 'cancelled', refunded_to_wallet: 8000, payment: { state: 'refunded' } });
    expect(body.data.timeline.at(-1)).toMatchObject({ status: 'cancelled', done: true });
    expect(await balance()).toBe(10000);
    expect(await placesLeft(day, '16-18')).toBe(before + 1);
    // A second cancel changes nothing.
    await post('/user/bloodTestOrder/cancel', { order_id: order.order_id }, userA);
    expect(await balance()).toBe(10000);
  });

  it('both are refused within 12 hours of the visit, and the place stays taken', async () => {
    const order = await book({ date: openDay(12), window: '16-18' });
    // The visit is now 6 hours away (the stored time moved instead of the clock).
    await env.DB.prepare('UPDATE blood_test_orders SET visit_at = ? WHERE id = ?')
      .bind(Date.now() + 6 * 3_600_000, order.order_id)
      .run();
    const cancel = await post('/user/bloodTestOrder/cancel', { order_id: order.order_id }, userA);
    expect(cancel.status).toBe(409);
    expect((await json(cancel)).meta.msg).toBe('blood_test_change_closed');
    const h = await json(await hold(userA, { date: openDay(12), window: '18-20' }));
    const move = await post(
      '/user/bloodTestOrder/reschedule',
      { order_id: order.order_id, hold_id: h.data.hold_id },
      userA,
    );
    expect(move.status).toBe(409);
    expect((await json(move)).meta.msg).toBe('blood_test_change_closed');
    const status = await env.DB.prepare('SELECT status FROM blood_test_orders WHERE id = ?')
      .bind(order.order_id)
      .first();
    expect(status).toEqual({ status: 'booked' });
  });
});

describe('card payments', () => {
  it('a card booking opens the gateway; a failed payment releases the place', async () => {
    const day = openDay(9);
    const before = await placesLeft(day, '07-09');
    const data = await book({ date: day, window: '07-09', over: { payment_method: 'card', card_method: 'knet' } });
    expect(data.status).toBe('pending_payment');
    expect(data.payment_url).toMatch(/\/dev\/payments\/pay_[0-9a-f]{24}|pay_/);
    expect(await placesLeft(day, '07-09')).toBe(before - 1);
    const payment = await env.DB.prepare('SELECT id FROM payments WHERE blood_test_order_id = ?')
      .bind(data.order_id)
      .first<{ id: string }>();
    const res = await call(`/dev/payments/${payment!.id}`, {
      body: JSON.stringify({ outcome: 'failed' }),
      token,
      headers: as(userA),
    });
    expect(res.status).toBeLessThan(400);
    const { data: order } = await json(await get(`/user/bloodTestOrder/getOrder?id=${data.order_id}`, userA));
    expect(order).toMatchObject({
      status: 'payment_failed',
      payment: { method: 'card', state: 'failed', can_pay_again: true },
    });
    expect(await placesLeft(day, '07-09')).toBe(before);

    // Pay again: the place is taken again and a new payment opens; its success books the visit.
    const again = await post('/bloodTestOrder/payAgain', { order_id: data.order_id }, userA);
    const againBody = await json(again);
    expect(again.status, JSON.stringify(againBody.meta)).toBe(200);
    expect(againBody.data).toMatchObject({ status: 'pending_payment' });
    expect(againBody.data.payment_url).toBeTruthy();
    expect(await placesLeft(day, '07-09')).toBe(before - 1);
    // A second pay-again while the first is open is refused; another shopper's is not found.
    expect((await post('/bloodTestOrder/payAgain', { order_id: data.order_id }, userA)).status).toBe(409);
    expect((await post('/bloodTestOrder/payAgain', { order_id: data.order_id }, userB)).status).toBe(404);
    const p2 = await env.DB.prepare("SELECT id FROM payments WHERE blood_test_order_id = ? AND status = 'initiated'")
      .bind(data.order_id)
      .first<{ id: string }>();
    await call(`/dev/payments/${p2!.id}`, {
      body: JSON.stringify({ outcome: 'succeeded' }),
      token,
      headers: as(userA),
    });
    const { data: paid } = await json(await get(`/user/bloodTestOrder/getOrder?id=${data.order_id}`, userA));
    expect(paid).toMatchObject({ status: 'booked', payment: { state: 'paid', can_pay_again: false } });
  });

  it('pay again is refused when the window filled up meanwhile', async () => {
    const day = openDay(11);
    await env.DB.prepare(
      "INSERT INTO blood_test_slot_capacity (zone, slot_window, capacity) VALUES ('area:26', '09-11', 1)",
    ).run();
    const data = await book({ date: day, window: '09-11', over: { payment_method: 'card' } });
    const p = await env.DB.prepare('SELECT id FROM payments WHERE blood_test_order_id = ?')
      .bind(data.order_id)
      .first<{ id: string }>();
    await call(`/dev/payments/${p!.id}`, { body: JSON.stringify({ outcome: 'failed' }), token, headers: as(userA) });
    // Someone else books the only place.
    await book({ date: day, window: '09-11', user: userB, over: { patient: KW_MAN, address_id: addressB } });
    const res = await post('/bloodTestOrder/payAgain', { order_id: data.order_id }, userA);
    expect(res.status).toBe(409);
    expect((await json(res)).meta.msg).toBe('slot_full');
    const row = await env.DB.prepare('SELECT status FROM blood_test_orders WHERE id = ?').bind(data.order_id).first();
    expect(row).toEqual({ status: 'payment_failed' });
    await env.DB.prepare("DELETE FROM blood_test_slot_capacity WHERE zone = 'area:26'").run();
  });

  it('a paid card booking is booked; an abandoned one is released by the payment sweep', async () => {
    const day = openDay(10);
    const paid = await book({ date: day, window: '07-09', over: { payment_method: 'card' } });
    const p1 = await env.DB.prepare('SELECT id FROM payments WHERE blood_test_order_id = ?')
      .bind(paid.order_id)
      .first<{ id: string }>();
    await call(`/dev/payments/${p1!.id}`, {
      body: JSON.stringify({ outcome: 'succeeded' }),
      token,
      headers: as(userA),
    });
    const { data: order } = await json(await get(`/user/bloodTestOrder/getOrder?id=${paid.order_id}`, userA));
    expect(order).toMatchObject({ status: 'booked', payment: { state: 'paid' } });
    expect(order.timeline[0].done).toBe(true);

    const before = await placesLeft(day, '09-11');
    const abandoned = await book({ date: day, window: '09-11', over: { payment_method: 'card' } });
    expect(await placesLeft(day, '09-11')).toBe(before - 1);
    await sweepStalePayments(env, 'http://shop.test', Date.now() + PENDING_PAYMENT_TTL_MS + 1000);
    const after = await env.DB.prepare('SELECT status FROM blood_test_orders WHERE id = ?')
      .bind(abandoned.order_id)
      .first();
    expect(after).toEqual({ status: 'payment_failed' });
    expect(await placesLeft(day, '09-11')).toBe(before);
  });
});

describe('paying a booking the Gulf way', () => {
  it('pays in four with Tabby through the gateway, and refuses STC Pay in Kuwait before anything is held', async () => {
    const day = openDay(9);
    const tabby = await book({ date: day, over: { payment_method: 'card', card_method: 'tabby' } });
    expect(tabby.payment_url).toContain('/payments/sandbox/pay_');
    const row = await env.DB.prepare('SELECT method FROM payments WHERE blood_test_order_id = ?')
      .bind(tabby.order_id)
      .first<{ method: string }>();
    expect(row!.method).toBe('tabby');
    const h = await json(await hold(userA, { date: openDay(10) }));
    const stc = await post(
      '/bloodTestOrder/submit',
      submitBody(h.data.hold_id, { payment_method: 'card', card_method: 'stc_pay', stc_pay_phone: '548220713' }),
      userA,
    );
    expect(stc.status).toBe(400);
    expect((await json(stc)).meta.msg).toBe('payment_method_unavailable');
  });
});

describe('preparation reminder', () => {
  it('is queued once, from 18:00 the evening before (Kuwait’s clocks), in the order’s language', async () => {
    const day = openDay(13);
    const order = await book({
      date: day,
      window: '07-09',
      over: { items: [{ sku_id: SKU.fasting }, { sku_id: SKU.hormone }] },
      lang: 'ar',
    });
    const mails = () =>
      env.DB.prepare('SELECT subject, body_text, lang FROM mail_outbox WHERE dedupe_key LIKE ?')
        .bind(`blood-test:${order.order_id}:reminder:%`)
        .all<{ subject: string; body_text: string; lang: string }>();
    const due = reminderDueAt('KW', day);
    expect(due).toBe(gulfInstant(addDays(day, -1), 18));
    await sendPreparationReminders(env.DB, LINKS, due - 60_000);
    expect((await mails()).results).toHaveLength(0);
    await sendPreparationReminders(env.DB, LINKS, due + 60_000);
    await sendPreparationReminders(env.DB, LINKS, due + 120_000);
    const { results } = await mails();
    expect(results).toHaveLength(1);
    expect(results[0]!.lang).toBe('ar');
    expect(results[0]!.subject).toContain(`الطلب ${order.order_id}`);
    expect(results[0]!.body_text).toContain('07:00–09:00');
    expect(results[0]!.body_text).toContain('صُم 10 ساعات قبل الزيارة');
    expect(results[0]!.body_text).toContain('البيوتين (فيتامين ب7) قبل 48 ساعة');
    expect(results[0]!.body_text).toContain('اشرب الماء فقط');
    const row = await env.DB.prepare('SELECT reminded_at FROM blood_test_orders WHERE id = ?')
      .bind(order.order_id)
      .first<{ reminded_at: number }>();
    expect(row!.reminded_at).toBe(due + 60_000);
  });

  it('goes on WhatsApp too, to the proven phone of a shopper who chose it, and never to a stopped number', async () => {
    const day = openDay(11);
    const order = await book({ date: day, window: '07-09', over: { items: [{ sku_id: SKU.hormone }] }, lang: 'ar' });
    const owner = await env.DB.prepare('SELECT user_id FROM blood_test_orders WHERE id = ?')
      .bind(order.order_id)
      .first<{ user_id: number }>();
    await env.DB.prepare(
      "UPDATE users SET phone = '+96599887766', phone_verified_at = 1, whatsapp_updates_at = 1 WHERE id = ?",
    )
      .bind(owner!.user_id)
      .run();
    await sendPreparationReminders(env.DB, LINKS, reminderDueAt('KW', day) + 60_000);
    const sent = await env.DB.prepare(
      "SELECT channel, to_phone, lang, template, body_text, button_param FROM message_outbox WHERE kind = 'blood_test_reminder' AND dedupe_key LIKE ?",
    )
      .bind(`blood-test:${order.order_id}:%`)
      .first<Record<string, string>>();
    expect(sent).toMatchObject({
      channel: 'whatsapp',
      to_phone: '+96599887766',
      lang: 'ar',
      template: 'visit_reminder',
    });
    expect(sent!.body_text).toContain('07:00–09:00');
    expect(sent!.body_text).toContain(`https://shop.test/ar/whatsapp/stop?t=${sent!.button_param}`);
    await env.DB.prepare('UPDATE users SET phone_verified_at = NULL, whatsapp_updates_at = NULL WHERE id = ?')
      .bind(owner!.user_id)
      .run();
  });

  it('an English order gets the English mail, with its window and address', async () => {
    const day = openDay(12);
    const order = await book({
      date: day,
      window: '09-11',
      over: { items: [{ sku_id: SKU.hormone }], patient: KW_MAN, address_id: addressB },
      user: userB,
      lang: 'en',
    });
    await sendPreparationReminders(env.DB, LINKS, reminderDueAt('KW', day) + 60_000);
    const mail = await env.DB.prepare(
      'SELECT subject, body_text, lang, to_address FROM mail_outbox WHERE dedupe_key LIKE ?',
    )
      .bind(`blood-test:${order.order_id}:reminder:%`)
      .first<{ subject: string; body_text: string; lang: string; to_address: string }>();
    expect(mail).toMatchObject({ lang: 'en', to_address: 'b.booking@example.com' });
    expect(mail!.subject).toBe(`Reminder: your blood test visit is tomorrow – order ${order.order_id}`);
    expect(mail!.body_text).toContain('09:00–11:00');
    expect(mail!.body_text).toContain('Salmiya');
    expect(mail!.body_text).toContain('Stop biotin (vitamin B7) supplements 48 hours before.');
  });
});
