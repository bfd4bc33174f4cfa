// Issue 61 on the shopper's consultation pages, as the storefront renders them in English (Kuwait) and
// Arabic (Saudi Arabia): after a failed or cancelled card payment the page says which it was, shows no
// "Paid" line under "Nothing was charged" and puts "Choose a time again" outside the red alert (whose
// links are drawn red: unreadable on the green button); her intake's summary lists the results she
// shared; the nutritionist list's "free on" filter offers only days with a free time, or says none has.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { CONSULTATION_CONSENT_VERSION } from '#shared/consultations/facts';
import { weekdayOf } from '#shared/consultations/rules';
import { FIXTURE_SERVICES, loadConsultationFixture } from '../fixtures/consultations';
import { apiData, cookiesFrom, storefront } from './helpers';

const json = { 'content-type': 'application/json', origin: 'http://shop.test' };
let device = '';
let her = '';
let herId = 0;
let times: string[] = [];

/** Holds the next unused free time and books it; answers the consultation's id. */
async function book(payment: Record<string, unknown>, share = { uploads: [] as number[], orders: [] as number[] }) {
  const hold = await apiData<{ hold_id: string }>('/api/consultation/hold', her, {
    service_id: FIXTURE_SERVICES.first,
    // An hour apart: a 20-minute call and its gap take two steps of the 15-minute grid.
    starts_at: times.splice(0, 4)[0],
  });
  const booked = await apiData<{ id: number }>('/api/consultation', her, {
    idempotency_key: crypto.randomUUID(),
    hold_id: hold.hold_id,
    service_id: FIXTURE_SERVICES.first,
    intake: { goal: 'More energy', share },
    consent: true,
    consent_version: CONSULTATION_CONSENT_VERSION,
    mode: 'video',
    payment,
  });
  return booked.id;
}

/** A card booking whose gateway payment ended as `outcome` (as payments/outcome.ts leaves it). */
async function unpaid(outcome: 'cancelled' | 'failed') {
  const id = await book({ method: 'card', card_method: 'knet' });
  await env.API_DB.batch([
    env.API_DB.prepare('UPDATE payments SET status = ? WHERE consultation_id = ?').bind(outcome, id),
    env.API_DB.prepare(
      "UPDATE consultations SET status = 'payment_failed', payment_state = 'failed' WHERE id = ?",
    ).bind(id),
  ]);
  return id;
}

const page = async (path: string, country: 'KW' | 'SA' = 'KW') => {
  const res = await storefront(path, { headers: { cookie: `${her}; country=${country}` } });
  expect(res.status, path).toBe(200);
  return res.text();
};

/** The alert box's own markup (up to its closing tag: it holds only paragraphs). */
const alertOf = (html: string) =>
  html.match(/<div class="form-alert" data-testid="consult-result"[^>]*>.*?<\/div>/s)?.[0];

beforeAll(async () => {
  const staff = await env.API_DB.prepare(
    "INSERT INTO staff (email, name, password_hash, totp_secret, created_at) VALUES ('noura-fixes@staff.example', 'Dr. Noura', 'x', 'x', 0) RETURNING id",
  ).first<{ id: number }>();
  await loadConsultationFixture(env.API_DB, { staffId: staff!.id });
  device = cookiesFrom(await storefront('/api/country'));
  const res = await storefront('/api/user/register', {
    method: 'POST',
    headers: { ...json, cookie: device },
    body: JSON.stringify({ name: 'Sara Shopper', email: 'consult-fixes@example.com', password: 'secret1' }),
  });
  her = `${device}; ${cookiesFrom(res)}`;
  herId = (await res.json<{ data: { user: { id: number } } }>()).data.user.id;
  await env.API_DB.prepare("INSERT INTO wallet_accounts (user_id, currency, balance) VALUES (?, 'KWD', 50000)")
    .bind(herId)
    .run();
  const slots = await apiData<{ days: Array<{ times: Array<{ starts_at: string }> }> }>(
    `/api/nutritionist/1/slots?service_id=${FIXTURE_SERVICES.first}&days=14`,
    her,
  );
  times = slots.days
    .flatMap((d) => d.times.map((t) => t.starts_at))
    .filter((t) => Date.parse(t) > Date.now() + 48 * 3_600_000);
});

describe('the page after a card payment that did not go through', () => {
  it('says a cancelled payment was cancelled, with no "Paid" line and the button outside the alert', async () => {
    const id = await unpaid('cancelled');
    for (const [path, country, words] of [
      [
        `/profile/consultations/${id}`,
        'KW',
        {
          said: 'The payment was cancelled',
          status: 'Payment cancelled',
          failed: 'Payment failed',
          paid: '<dt>Paid</dt>',
          again: 'Choose a time again',
        },
      ],
      [
        `/ar/profile/consultations/${id}`,
        'SA',
        {
          said: 'أُلغي الدفع، فلم تُحجز',
          status: 'أُلغي الدفع',
          failed: 'فشل الدفع',
          paid: '<dt>المدفوع</dt>',
          again: 'اختر وقتًا من جديد',
        },
      ],
    ] as const) {
      const html = await page(path, country);
      const alert = alertOf(html);
      expect(alert, path).toContain(words.said);
      expect(html, path).toContain(`data-testid="consult-status">${words.status}<`);
      expect(html, path).not.toContain(words.failed);
      expect(html, path).not.toContain(words.paid);
      // "Choose a time again" is a button of its own, not a link inside the red alert.
      expect(html, path).toMatch(
        new RegExp(`class="button"[^>]*data-testid="consult-book-again"[^>]*>${words.again}<`),
      );
      expect(alert, path).not.toContain(words.again);
    }
  });

  it('says a refused payment failed, in both languages, with nothing said as paid', async () => {
    const id = await unpaid('failed');
    for (const [path, country, status, paid] of [
      [`/profile/consultations/${id}`, 'KW', 'Payment failed', '<dt>Paid</dt>'],
      [`/ar/profile/consultations/${id}`, 'SA', 'فشل الدفع', '<dt>المدفوع</dt>'],
    ] as const) {
      const html = await page(path, country);
      expect(html, path).toContain(`data-testid="consult-status">${status}<`);
      expect(alertOf(html), path).toMatch(/Nothing was charged|لم يُخصم أي مبلغ/);
      expect(html, path).not.toContain(paid);
    }
  });
});

describe('her intake summary', () => {
  it('lists the results she shared with the nutritionist', async () => {
    const upload = await env.API_DB.prepare(
      "INSERT INTO blood_test_uploads (user_id, lab_name, sample_date, consent_version, consent_at, created_at) VALUES (?, 'Al Borg Laboratory', '2026-01-15', 'v1', 0, 0) RETURNING id",
    )
      .bind(herId)
      .first<{ id: number }>();
    const id = await book({ method: 'wallet' }, { uploads: [upload!.id], orders: [] });
    for (const [path, country, label] of [
      [`/profile/consultations/${id}`, 'KW', 'Results you shared'],
      [`/ar/profile/consultations/${id}`, 'SA', 'النتائج التي شاركتِها'],
    ] as const) {
      const html = await page(path, country);
      const shared = html.match(/data-testid="consult-intake-shared">.*?<\/dd>/s)?.[0];
      expect(shared, path).toContain(label);
      expect(shared, path).toContain('Al Borg Laboratory');
    }
  });
});

describe('the "free on" filter of the nutritionist list', () => {
  it('offers the days with a free time only, not the weekend nobody works', async () => {
    await env.API_DB.prepare('DELETE FROM nutritionist_availability WHERE weekday IN (5, 6)').run();
    for (const path of ['/nutritionist-list', '/ar/nutritionist-list']) {
      const html = await (await storefront(path, { headers: { cookie: device } })).text();
      const select = html.match(/<select name="day".*?<\/select>/s)?.[0] ?? '';
      const days = [...select.matchAll(/<option value="(\d{4}-\d{2}-\d{2})"/g)].map((m) => m[1]!);
      expect(days.length, path).toBeGreaterThan(5);
      expect(
        days.filter((d) => weekdayOf(d) === 5 || weekdayOf(d) === 6),
        path,
      ).toEqual([]);
      expect(html, path).not.toContain('data-testid="offer-no-free-days"');
    }
  });

  it('says so when nobody has a free time in the fortnight', async () => {
    await env.API_DB.prepare('DELETE FROM nutritionist_availability').run();
    for (const [path, words] of [
      ['/nutritionist-list', 'No nutritionist has a free time in the next 14 days.'],
      ['/ar/nutritionist-list', 'لا يوجد وقت متاح لدى أي أخصائي'],
    ] as const) {
      const html = await (await storefront(path, { headers: { cookie: device } })).text();
      const select = html.match(/<select name="day".*?<\/select>/s)?.[0] ?? '';
      expect(select.match(/<option value="\d/g), path).toBeNull();
      expect(html, path).toContain(words);
    }
  });
});
