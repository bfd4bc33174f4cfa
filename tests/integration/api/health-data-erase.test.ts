// Issue 44, finding 4: "Erase my health data" without closing the account. The account page asks for
// the counts by kind first; erasing removes the lab's results, her uploaded reports (rows and files),
// their values, quiz answers and reading profile, and keeps her account, bookings, patients and
// orders. It is always her own: another shopper's call (even naming her) erases only the caller's.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogueFixture } from '../fixtures/catalogue';
import { healthRowsOf, richShopper, type RichShopper } from './data-rights-fixture';
import { call, deviceToken, json } from './helpers';
import { staffWith } from './staff-helpers';

let device: string;
let her: RichShopper;
let other: RichShopper;

const as = (who: RichShopper, path: string, body?: unknown) =>
  call(path, {
    method: body === undefined ? 'GET' : 'POST',
    body: body === undefined ? undefined : JSON.stringify(body),
    token: device,
    headers: { authorization: `Bearer ${who.token}`, 'x-country': 'KW', lang: 'en' },
  });

const ALL = {
  lab_results: 1,
  uploaded_reports: 1,
  uploaded_values: 1,
  quiz_answers: 1,
  reading_profile: 1,
  consultations: 1,
};
const NONE = {
  lab_results: 0,
  uploaded_reports: 0,
  uploaded_values: 0,
  quiz_answers: 0,
  reading_profile: 0,
  consultations: 0,
};

async function fileKeysOf(who: RichShopper): Promise<string[]> {
  const { results } = await env.DB.prepare('SELECT r2_key FROM blood_test_upload_files WHERE user_id = ?')
    .bind(who.id)
    .all<{ r2_key: string }>();
  return results.map((r) => r.r2_key);
}

beforeAll(async () => {
  await loadCatalogueFixture(env.DB);
  device = await deviceToken();
  const owner = await staffWith([{ role: 'owner', country: null }]);
  her = await richShopper(device, 'health-her', owner.id);
  other = await richShopper(device, 'health-other', owner.id);
});

describe('erase my health data', () => {
  it('lists what it would remove, by kind, before she confirms', async () => {
    const res = await as(her, '/user/data/health');
    expect(res.status, await res.clone().text()).toBe(200);
    expect((await json(res)).data.counts).toEqual(ALL);
    expect((await call('/user/data/health', { method: 'GET', token: device })).status).toBe(401);
  });

  it('needs her confirmation', async () => {
    const res = await as(her, '/user/data/health/erase', {});
    expect(res.status).toBe(400);
    expect((await json(res)).data.counts).toBeUndefined();
    expect((await json(await as(her, '/user/data/health'))).data.counts).toEqual(ALL);
  });

  it("another shopper's call, even naming her, erases only the caller's data", async () => {
    const herKeys = await fileKeysOf(her);
    const res = await as(other, '/user/data/health/erase', { confirm: true, user_id: her.id });
    // The body names no one: an unknown field is dropped, and the caller's own data is what goes.
    expect(res.status, await res.clone().text()).toBe(200);
    expect((await json(res)).data.erased).toEqual(ALL);
    expect((await json(await as(other, '/user/data/health'))).data.counts).toEqual(NONE);
    expect((await json(await as(her, '/user/data/health'))).data.counts).toEqual(ALL);
    const stored = (await env.UPLOADS.list()).objects.map((o) => o.key);
    for (const key of herKeys) expect(stored).toContain(key);
  });

  it('erases every kind of her health data and keeps her account, bookings and orders', async () => {
    const keys = await fileKeysOf(her);
    expect(keys.length).toBe(1);
    const res = await as(her, '/user/data/health/erase', { confirm: true });
    expect(res.status, await res.clone().text()).toBe(200);
    expect((await json(res)).data.erased).toEqual(ALL);
    expect((await json(await as(her, '/user/data/health'))).data.counts).toEqual(NONE);

    const rows = await healthRowsOf(her.id);
    expect(rows).toMatchObject({
      blood_test_uploads: 0,
      blood_test_upload_files: 0,
      blood_test_upload_values: 0,
      blood_test_results: 0,
      blood_test_profiles: 0,
      quiz_results: 0,
      // What is not health data of this kind stays: the tests booked, the slot, the people, her review.
      blood_test_order_items: 1,
      blood_test_slot_bookings: 1,
      blood_test_patients: 2,
      reviews: 1,
    });
    const stored = (await env.UPLOADS.list()).objects.map((o) => o.key);
    for (const key of keys) expect(stored).not.toContain(key);
    // The consent she gave to the upload and to her nutritionist reading the intake stays as proof,
    // without her (its text version and time).
    const consents = async (purpose: string) =>
      (await env.DB.prepare('SELECT count(*) AS n FROM consent_records WHERE purpose = ?')
        .bind(purpose)
        .first<{ n: number }>())!.n;
    expect(await consents('blood_test_upload')).toBeGreaterThan(0);
    expect(await consents('consultation_intake')).toBeGreaterThan(0);
    // Still her account: signed in, with her orders and booking.
    expect((await as(her, '/user/me')).status).toBe(200);
    expect(
      await env.DB.prepare('SELECT status FROM blood_test_orders WHERE id = ?').bind(her.bloodTestOrderId).first(),
    ).toEqual({ status: 'results_ready' });
    expect(await env.DB.prepare('SELECT id FROM orders WHERE id = ?').bind(her.orderId).first()).toEqual({
      id: her.orderId,
    });
  });
});
