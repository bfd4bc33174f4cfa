// Issue 61 on the nutritionist's side of the back office, through the real staff worker and API in
// English and Arabic: a result the shopper uploaded and shared is listed on the booking with its file,
// which opens for her nutritionist (not the owner); the recommendation search finds words in any order;
// the language switch stays on the booking; the Arabic header names her in Arabic letters; and in the
// review queue a consultation's rating never says "Bought and received": it waits, then was had.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { BLOOD_TEST_UPLOAD_CONSENT_VERSION } from '#shared/api/blood-test-upload-schemas';
import { CONSULTATION_CONSENT_VERSION } from '#shared/consultations/facts';
import { reportPdf } from '../../support/report-pdf';
import { FIXTURE_SERVICES, loadConsultationFixture } from '../fixtures/consultations';
import { cookiesFrom, storefront } from './helpers';
import { staffPage, staffPost, staffSignIn } from './staff-session';

const json = { 'content-type': 'application/json', origin: 'http://shop.test' };
const PDF = reportPdf(['Vitamin D 18 ng/mL']);
let noura: { cookie: string; id: number };
let nouraAr: string;
let owner: string;
let shopper = '';
let shopperId = 0;
let consultationId = 0;
let upload = { id: 0, file: '' };

async function api<T>(path: string, body?: unknown, init: RequestInit = {}): Promise<T> {
  const res = await storefront(path, {
    method: body === undefined && !init.body ? 'GET' : 'POST',
    ...init,
    headers: { ...json, cookie: shopper, ...(init.headers as Record<string, string>) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  expect(res.status, `${path}: ${await res.clone().text()}`).toBe(200);
  return (await res.json<{ data: T }>()).data;
}

const decoded = (html: string) => html.replaceAll('&#x27;', "'").replaceAll('&quot;', '"').replaceAll('&amp;', '&');

beforeAll(async () => {
  noura = await staffSignIn([{ role: 'nutritionist', country: null }], { name: 'Noura' });
  await loadConsultationFixture(env.API_DB, { staffId: noura.id });
  // The same nutritionist's account read in Arabic (the language cookie over her own session).
  nouraAr = `${noura.cookie}; staff_lang=ar`;
  owner = (await staffSignIn([{ role: 'owner', country: null }], { name: 'Owner' })).cookie;

  const device = cookiesFrom(await storefront('/api/country'));
  const registered = await storefront('/api/user/register', {
    method: 'POST',
    headers: { ...json, cookie: device },
    body: JSON.stringify({ name: 'Maryam Al-Saleh', email: 'practice-fixes@example.com', password: 'secret1' }),
  });
  shopper = `${device}; ${cookiesFrom(registered)}`;
  shopperId = (await registered.json<{ data: { user: { id: number } } }>()).data.user.id;
  await env.API_DB.prepare("INSERT INTO wallet_accounts (user_id, currency, balance) VALUES (?, 'KWD', 50000)")
    .bind(shopperId)
    .run();
  // Her PDF, uploaded and submitted as a result (no values typed in).
  const file = await api<{ id: string }>('/api/user/upload/bloodtest?name=report.pdf', undefined, {
    method: 'POST',
    body: PDF,
    headers: { 'content-type': 'application/pdf' },
  });
  const result = await api<{ id: number }>('/api/user/upload/bloodtest/submit', {
    lab_name: 'Al Borg Laboratory',
    sample_date: '2026-01-15',
    file_ids: [file.id],
    consent: true,
    consent_version: BLOOD_TEST_UPLOAD_CONSENT_VERSION,
  });
  upload = { id: result.id, file: file.id };
  const slots = await api<{ days: Array<{ times: Array<{ starts_at: string }> }> }>(
    `/api/nutritionist/1/slots?service_id=${FIXTURE_SERVICES.first}&days=14`,
  );
  const at = slots.days
    .flatMap((d) => d.times.map((t) => t.starts_at))
    .find((t) => Date.parse(t) > Date.now() + 48 * 3_600_000)!;
  const hold = await api<{ hold_id: string }>('/api/consultation/hold', {
    service_id: FIXTURE_SERVICES.first,
    starts_at: at,
  });
  consultationId = (
    await api<{ id: number }>('/api/consultation', {
      idempotency_key: crypto.randomUUID(),
      hold_id: hold.hold_id,
      service_id: FIXTURE_SERVICES.first,
      intake: { goal: 'More energy', share: { uploads: [upload.id], orders: [] } },
      consent: true,
      consent_version: CONSULTATION_CONSENT_VERSION,
      mode: 'video',
      payment: { method: 'wallet' },
    })
  ).id;
  await env.API_DB.prepare(
    "INSERT INTO sku_nutrients (sku_id, nutrient, amount, unit) VALUES (101, 'vitamin-d', '1000', 'IU')",
  ).run();
});

describe("a booking's shared results", () => {
  it('lists the uploaded result with a link that opens its file for her nutritionist, in both languages', async () => {
    const link = `/consultations/${consultationId}/results/${upload.id}/files/${upload.file}`;
    for (const [cookie, words] of [
      [noura.cookie, ['Uploaded result from Al Borg Laboratory', 'Open report.pdf']],
      [nouraAr, ['نتيجة مرفوعة من Al Borg Laboratory', 'فتح report.pdf']],
    ] as const) {
      const page = await (await staffPage(`/consultations/${consultationId}`, cookie)).text();
      expect(page).toContain(`data-upload="${upload.id}"`);
      for (const w of words) expect(page).toContain(w);
      expect(page).toContain(`href="${link}"`);
      expect(page).not.toMatch(/She shared no blood-test results|لم تشارك أي نتائج تحاليل/);
    }
    const file = await staffPage(link, noura.cookie);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(file.headers.get('cache-control')).toBe('private, no-store');
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(PDF);
    // The owner sees the booking, never the result: no link, and the file answers not-found.
    expect(await (await staffPage(`/consultations/${consultationId}`, owner)).text()).not.toContain('report.pdf');
    expect((await staffPage(link, owner)).status).toBe(404);
  });
});

describe("the nutritionist's booking page", () => {
  it('finds products for the list with the words in any order', async () => {
    const page = await (
      await staffPage(`/consultations/${consultationId}?q=${encodeURIComponent('1000 iu vitamin d3')}`, noura.cookie)
    ).text();
    expect(page).toContain('data-hit="101"');
    expect(page).not.toContain('No product found.');
  });

  it("writes a hit's doses with the nutrients' names and units in her language, not the codes", async () => {
    const search = `/consultations/${consultationId}?q=${encodeURIComponent('1000 iu vitamin d3')}`;
    const hit = (page: string) =>
      page.match(/data-hit="101"[\s\S]*?<p class="muted">([\s\S]*?)<\/p>/)?.[1]?.replace(/<!-- -->/g, '');
    expect(hit(await (await staffPage(search, noura.cookie)).text())).toMatch(/ · vitamin D 1000 IU$/);
    const ar = hit(await (await staffPage(search, nouraAr)).text());
    expect(ar).toMatch(/ · فيتامين د 1000 وحدة دولية$/);
    expect(ar).not.toMatch(/vitamin-d|IU/);
  });

  it('switches language on the booking and comes back to it, not to the day', async () => {
    const page = await (await staffPage(`/consultations/${consultationId}`, noura.cookie)).text();
    const back = page.match(/<input type="hidden" name="back" value="([^"]*)"/)?.[1];
    expect(back).toBe(`/consultations/${consultationId}`);
    const switched = await staffPost('/lang', { lang: 'ar', back: back! }, noura.cookie);
    expect(switched.status).toBe(303);
    expect(switched.headers.get('location')).toBe(`/consultations/${consultationId}`);
  });

  it('names her in Arabic letters in the Arabic header, and as before in English', async () => {
    const ar = await (await staffPage(`/consultations/${consultationId}`, nouraAr)).text();
    expect(ar).toMatch(/<span class="who">[^<]*د\. نورة[^<]*<\/span>/);
    const en = await (await staffPage(`/consultations/${consultationId}`, noura.cookie)).text();
    expect(en).toMatch(/<span class="who">[^<]*Noura[^<]*<\/span>/);
  });
});

describe("a consultation's rating in the review queue", () => {
  it('waits for moderation without "Bought and received", and once published says she had the consultation', async () => {
    await env.API_DB.prepare(
      "INSERT INTO consultation_ratings (consultation_id, user_id, nutritionist_id, rating, body, lang, status, created_at) VALUES (?, ?, 1, 5, 'Clear and kind', 'en', 'pending', ?)",
    )
      .bind(consultationId, shopperId, Date.now())
      .run();
    const support = (await staffSignIn([{ role: 'support', country: null }], { name: 'Reem' })).cookie;
    const item = (html: string) => html.match(/<article[^>]*id="rating-\d+".*?<\/article>/s)?.[0] ?? '';
    const pending = item(decoded(await (await staffPage('/reviews', support)).text()));
    expect(pending).toContain('Clear and kind');
    expect(pending).toContain('Waiting for moderation');
    expect(pending).not.toContain('Bought and received');
    const ar = item(decoded(await (await staffPage('/reviews', `${support}; staff_lang=ar`)).text()));
    expect(ar).toContain('بانتظار المراجعة');
    expect(ar).not.toContain('اشترى المنتج واستلمه');

    const approved = await staffPost(
      `/reviews/rating/${consultationId}/decide`,
      { decision: 'approve', tab: 'pending' },
      support,
    );
    expect(approved.status).toBe(303);
    const shown = item(decoded(await (await staffPage('/reviews?status=approved', support)).text()));
    expect(shown).toContain('Had the consultation');
    expect(shown).not.toContain('Bought and received');
  });
});
