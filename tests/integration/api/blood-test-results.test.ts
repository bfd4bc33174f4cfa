// The shopper's blood-test results: one history per person (approved results of results_ready
// shop orders and confirmed upload values, oldest first), the unit they prefer, the range for their sex
// and age, the falling and critical flags, the ownership matrix, the profile, and the vitamin D suggestion
// with its products priced for Kuwait and Saudi Arabia, all in at most 3 D1 round trips.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BloodTestResultsView, MarkerResult } from '#shared/api/blood-test-results-schemas';
import { loadCatalogueFixture } from '../fixtures/catalogue';
import { call, deviceToken, json } from './helpers';
import { createStaff, staffWith } from './staff-helpers';

const MARKER = { vitaminD: 1, b12: 2, ferritin: 4, hemoglobin: 22 } as const;

let device: string;
let owner: string;
let ownerId: number;
let other: string;
let otherId: number;
let enteredBy: number;
let approvedBy: number;
let spouse: number;
let child: number;
let otherPatient: number;

const headers = (user: string | null, o: { country?: string; lang?: string } = {}): Record<string, string> => ({
  ...(user ? { authorization: `Bearer ${user}` } : {}),
  'x-country': o.country ?? 'KW',
  lang: o.lang ?? 'en',
});
const get = (path: string, user: string | null, o: { country?: string; lang?: string; auth?: string } = {}) =>
  call(path, { token: device, headers: { ...headers(user, o), ...(o.auth ? { authorization: o.auth } : {}) } });
const post = (path: string, body: unknown, user: string | null) =>
  call(path, { token: device, body: JSON.stringify(body), headers: headers(user) });

async function view(user: string, query = '', o: { country?: string; lang?: string } = {}) {
  const res = await get(`/user/bloodtest/results${query}`, user, o);
  const body = await json(res);
  expect(res.status, JSON.stringify(body.meta)).toBe(200);
  return { data: body.data as BloodTestResultsView, res };
}
const marker = (v: BloodTestResultsView, slug: string): MarkerResult => {
  const m = v.markers.find((x) => x.biomarker.slug === slug);
  expect(m, slug).toBeDefined();
  return m!;
};

async function register(email: string): Promise<{ token: string; id: number }> {
  const body = await json(
    await call('/user/register', {
      body: JSON.stringify({ name: `Shopper ${email.split('@')[0]}`, email, password: 'secret1' }),
      token: device,
    }),
  );
  return { token: body.data.access_token, id: body.data.user.id };
}

async function patient(userId: number, name: string, sex: string, dob: string, relation: string): Promise<number> {
  const row = await env.DB.prepare(
    `INSERT INTO blood_test_patients (user_id, name, sex, date_of_birth, relation, country, national_id, created_at)
     VALUES (?, ?, ?, ?, ?, 'KW', '285031512318', ?) RETURNING id`,
  )
    .bind(userId, name, sex, dob, relation, Date.now())
    .first<{ id: number }>();
  return row!.id;
}

let nextOrder = 5_000_000_001;
/** A shop order for a patient, its sample collected on `date` (09:00 Gulf time), with its results. */
async function order(
  userId: number,
  patientId: number,
  date: string,
  results: Array<{ marker: number; value: string; unit: string; approved?: boolean }>,
  status = 'results_ready',
): Promise<number> {
  const id = nextOrder++;
  const address = await env.DB.prepare(
    `INSERT INTO addresses (user_id, country, recipient, phone, area_id, created_at) VALUES (?, 'KW', 'R', '+96550000000', 26, ?) RETURNING id`,
  )
    .bind(userId, Date.now())
    .first<{ id: number }>();
  const collected = Date.parse(`${date}T06:00:00Z`);
  await env.DB.prepare(
    `INSERT INTO blood_test_orders (id, user_id, idempotency_key, body_hash, country, currency, lang, status, patient_id, address_id,
       address, zone, slot_date, slot_window, visit_at, slot_held, consent_version, consent_at, payment_method, payment_state,
       subtotal, discount, vat, vat_basis_points, total, wallet_used, sample_collected_at, created_at, updated_at)
     VALUES (?, ?, ?, 'h', 'KW', 'KWD', 'en', ?, ?, ?, '{}', 'kw-26', ?, '07-09', ?, 1, 'v1', 0, 'pay_at_visit', 'pay_at_visit',
       1000, 0, 0, 0, 1000, 0, ?, 0, 0)`,
  )
    .bind(id, userId, `k${id}`, status, patientId, address!.id, date, collected, collected)
    .run();
  for (const r of results) {
    const approved = r.approved ?? true;
    await env.DB.prepare(
      `INSERT INTO blood_test_results (order_id, biomarker_id, value, unit, entered_by, entered_at, approved_by, approved_at)
       VALUES (?, ?, ?, ?, ?, 0, ?, ?)`,
    )
      .bind(id, r.marker, r.value, r.unit, enteredBy, approved ? approvedBy : null, approved ? 1 : null)
      .run();
  }
  return id;
}

/** An uploaded result with values the shopper confirmed (written straight to D1: the values API
 * has its own tests in blood-test-upload-values.test.ts). */
async function upload(userId: number, date: string, values: Array<{ marker: number; value: string; unit: string }>) {
  const row = await env.DB.prepare(
    `INSERT INTO blood_test_uploads (user_id, lab_name, sample_date, consent_version, consent_at, created_at)
     VALUES (?, 'Al Borg', ?, 'v1', 0, 0) RETURNING id`,
  )
    .bind(userId, date)
    .first<{ id: number }>();
  for (const v of values) {
    await env.DB.prepare(
      `INSERT INTO blood_test_upload_values (upload_id, biomarker_id, value, unit, origin, confirmed_at) VALUES (?, ?, ?, ?, 'typed', 1)`,
    )
      .bind(row!.id, v.marker, v.value, v.unit)
      .run();
  }
  return row!.id;
}

/** A 5000 IU vitamin D3 product, more popular than the 1000 IU one, and the fixture's doses. */
async function loadDoses() {
  await env.DB.batch([
    env.DB.prepare(
      `INSERT INTO products (id, slug, brand_id, category_id, name_en, name_ar, description_en, description_ar, suggested_use_en, suggested_use_ar,
         tags_en, tags_ar, ingredients_en, ingredients_ar, warnings_en, warnings_ar, default_sku_id, free_delivery, popularity, created_at,
         min_price, max_discount, in_stock)
       VALUES (7, 'alpha-vitamin-d3-5000', 1, 11, 'Vitamin D3 5000 IU', 'فيتامين د3 5000 وحدة', '', '', '', '', '[]', '[]', '', '', '', '', 701, 1, 990, 0, 4000, 0, 1)`,
    ),
    env.DB.prepare(
      `INSERT INTO skus (id, product_id, name_en, name_ar, price, old_price, stock, buy_limit, sort_order) VALUES (701, 7, '60 softgels', '60 softgels', 4000, NULL, 30, NULL, 0)`,
    ),
    env.DB.prepare(
      `INSERT INTO sku_nutrients (sku_id, nutrient, amount, unit) VALUES (101, 'vitamin-d', '1000', 'IU'), (102, 'vitamin-d', '1000', 'IU'),
         (701, 'vitamin-d', '5000', 'IU'), (301, 'magnesium', '200', 'mg')`,
    ),
  ]);
}

beforeAll(async () => {
  device = await deviceToken();
  await loadCatalogueFixture(env.DB);
  await loadDoses();
  ({ token: owner, id: ownerId } = await register('results.owner@example.com'));
  ({ token: other, id: otherId } = await register('results.other@example.com'));
  enteredBy = (await createStaff([{ role: 'lab_coordinator', country: null }])).id;
  approvedBy = (await createStaff([{ role: 'lab_coordinator', country: null }])).id;

  const self = await patient(ownerId, 'Sara Self', 'female', '1985-03-15', 'self');
  spouse = await patient(ownerId, 'Ali Spouse', 'male', '1980-01-01', 'spouse');
  child = await patient(ownerId, 'Omar Child', 'male', '2015-05-05', 'child');
  otherPatient = await patient(otherId, 'Other Self', 'male', '1990-01-01', 'self');

  // The owner's vitamin D: an upload, a shop order (in nmol/L), then an upload (the latest, 18 ng/mL).
  await upload(ownerId, '2025-06-01', [{ marker: MARKER.vitaminD, value: '25', unit: 'ng/mL' }]);
  await order(ownerId, self, '2025-09-10', [
    { marker: MARKER.vitaminD, value: '45', unit: 'nmol/L' },
    { marker: MARKER.ferritin, value: '20', unit: 'ng/mL' },
    // Typed by the lab in a unit the reference does not know: shown as typed, not evaluated.
    { marker: MARKER.b12, value: '350', unit: 'pmol/litre' },
  ]);
  await upload(ownerId, '2026-01-05', [{ marker: MARKER.vitaminD, value: '18', unit: 'ng/mL' }]);
  // Not the shopper's yet: an unapproved result of a results_ready order, an approved one still at the lab.
  await order(ownerId, self, '2026-02-01', [{ marker: MARKER.vitaminD, value: '60', unit: 'ng/mL', approved: false }]);
  await order(ownerId, self, '2026-02-02', [{ marker: MARKER.ferritin, value: '99', unit: 'ng/mL' }], 'at_lab');
  // Haemoglobin in range and lower each time, four results running.
  for (const [date, value] of [
    ['2025-03-01', '14.5'],
    ['2025-05-01', '14.0'],
    ['2025-07-01', '13.5'],
    ['2025-10-01', '13.0'],
  ] as const) {
    await upload(ownerId, date, [{ marker: MARKER.hemoglobin, value, unit: 'g/dL' }]);
  }

  // The spouse: the same ferritin as the owner, a critical vitamin D.
  await order(ownerId, spouse, '2025-11-11', [
    { marker: MARKER.ferritin, value: '20', unit: 'ng/mL' },
    { marker: MARKER.vitaminD, value: '160', unit: 'ng/mL' },
  ]);
  // The other shopper's own order.
  await order(otherId, otherPatient, '2025-12-12', [{ marker: MARKER.vitaminD, value: '10', unit: 'ng/mL' }]);
});

describe('GET /user/bloodtest/results', () => {
  it('joins order and upload values in one trend, oldest first, approved results of finished orders only', async () => {
    const { data } = await view(owner);
    const d = marker(data, 'vitamin-d-25-oh');
    expect(d.unit).toEqual({ code: 'ng/mL', label: 'ng/mL' });
    expect(d.points.map((p) => [p.date, p.value, p.source])).toEqual([
      ['2025-06-01', '25.0', 'upload'],
      // 45 nmol/L ÷ 2.496 = 18.03 ng/mL at the unit's precision.
      ['2025-09-10', '18.0', 'order'],
      ['2026-01-05', '18.0', 'upload'],
    ]);
    expect(d.points.map((p) => p.flag)).toEqual(['in_range', 'low', 'low']);
    expect(d.flag).toBe('low');
    expect(d.optimal).toBe(false);
    // The unapproved 60 and the at-lab ferritin 99 are not there.
    expect(marker(data, 'ferritin').points.map((p) => p.value)).toEqual(['20']);
    expect(data.person).toEqual({
      patient_id: null,
      name: 'Shopper results.owner',
      sex: 'female',
      age: expect.any(Number),
    });
    expect(data.needs_profile).toBe(false);
  });

  it('shows a value in an unknown unit as typed, without a range verdict', async () => {
    const { data } = await view(owner);
    const b12 = marker(data, 'vitamin-b12');
    expect(b12.points).toEqual([
      expect.objectContaining({ value: '350', unconverted_unit: 'pmol/litre', flag: null, source: 'order' }),
    ]);
    expect(b12.flag).toBeNull();
    expect(b12.range).not.toBeNull();
  });

  it('orders markers by body system, then name, and flags falling and critical', async () => {
    const { data } = await view(owner);
    expect(data.markers.map((m) => m.biomarker.slug)).toEqual([
      'vitamin-d-25-oh',
      'vitamin-b12',
      'ferritin',
      'hemoglobin',
    ]);
    const hb = marker(data, 'hemoglobin');
    expect(hb.points.every((p) => p.flag === 'in_range')).toBe(true);
    expect(hb.falling).toBe(true);
    expect(marker(data, 'vitamin-d-25-oh').falling).toBe(false);
    expect(data.critical).toBe(false);

    const spouseView = (await view(owner, `?patient=${spouse}`)).data;
    expect(marker(spouseView, 'vitamin-d-25-oh').flag).toBe('critical_high');
    expect(spouseView.critical).toBe(true);
    // No rule speaks on a critical value.
    expect(spouseView.suggestions.map((s) => s.id)).not.toContain('vitamin-d-high');
  });

  it('reads the same value against each person’s range (ferritin 20: in range for her, low for him)', async () => {
    const her = marker((await view(owner)).data, 'ferritin');
    const him = (await view(owner, `?patient=${spouse}`)).data;
    expect(her.flag).toBe('in_range');
    expect(her.range).toMatchObject({ low: '11', high: '307' });
    expect(marker(him, 'ferritin').flag).toBe('low');
    expect(marker(him, 'ferritin').range).toMatchObject({ low: '24', high: '336' });
    expect(him.person).toMatchObject({ patient_id: spouse, name: 'Ali Spouse', sex: 'male' });
    // His view holds his orders only, not the owner's uploads.
    expect(him.markers.map((m) => m.biomarker.slug).sort()).toEqual(['ferritin', 'vitamin-d-25-oh']);
    expect(him.suggestions.map((s) => s.id)).toEqual(['ferritin-low-male']);
    expect(him.suggestions[0]!.products).toEqual([]);
  });

  it('lists the account holder first, then family members with results', async () => {
    const { data } = await view(owner);
    expect(data.people).toEqual([
      { patient_id: null, name: 'Shopper results.owner' },
      { patient_id: spouse, name: 'Ali Spouse' },
    ]);
    expect(data.people.map((p) => p.patient_id)).not.toContain(child);
  });

  it('suggests vitamin D3 1000 IU with its reason, never the 5000 IU product, priced per country', async () => {
    const kw = (await view(owner)).data;
    // Her ferritin (20 ng/mL, under 30) speaks too; no iron product has a known dose here.
    expect(kw.suggestions.map((x) => x.id)).toEqual(['vitamin-d-low', 'ferritin-low-female']);
    expect(kw.suggestions[1]!.products).toEqual([]);
    const s = kw.suggestions[0]!;
    expect(s).toMatchObject({
      id: 'vitamin-d-low',
      biomarker_slug: 'vitamin-d-25-oh',
      reason: {
        en: 'Your vitamin D was 18 ng/mL on Jan 5, 2026, below 30.',
        ar: 'كانت نتيجة فيتامين د لديك 18 ng/mL بتاريخ 5 يناير 2026 (16\u00a0رجب\u00a01447\u00a0هـ)، أي أقل من 30.',
      },
      source: { url: 'https://academic.oup.com/jcem/article/109/8/1907/7685305' },
      retest_on: '2026-03-30',
    });
    expect(s.advice).toMatch(/under 75/);
    expect(s.products.map((p) => [p.product.id, p.sku.id, p.dose])).toEqual([[1, 101, '1000 IU']]);
    expect(s.products[0]).toMatchObject({
      product: { slug: 'alpha-vitamin-d3-1000', name: 'Vitamin D3 1000 IU', brand: { id: 1, name: 'Alpha Labs' } },
      sku: {
        price: { price: 3500, old_price: null },
        payable: { price: 3500, old_price: null, currency: 'KWD' },
        in_stock: true,
      },
    });
    expect(s.products[0]!.product.image?.url).toMatch(/^\/media\/products\/alpha-vitamin-d3-1000\//);

    const sa = (await view(owner, '', { country: 'SA', lang: 'ar' })).data;
    const saSuggestion = sa.suggestions[0]!;
    // 3.500 KWD = SAR 49.11 with VAT (as the catalogue's cards).
    expect(saSuggestion.products[0]!.sku).toMatchObject({
      id: 101,
      price: { price: 3500 },
      payable: { price: 4911, currency: 'SAR' },
    });
    expect(saSuggestion.advice).toContain('75');
    expect(saSuggestion.advice).toMatch(/[\u0600-\u06ff]/);
    expect(saSuggestion.reason.en).toBe(s.reason.en);
    expect(marker(sa, 'vitamin-d-25-oh').biomarker.name).toBe('فيتامين د (25-هيدروكسي)');
    // The range's source and its note in Arabic; in English as the reference lists them.
    const arSource = marker(sa, 'vitamin-d-25-oh').range!.source;
    expect(arSource).toMatch(/[\u0600-\u06ff]{3}/);
    expect(arSource).not.toMatch(/fact sheet|optimal|intoxication/);
    expect(marker((await view(owner, '')).data, 'vitamin-d-25-oh').range!.source).toMatch(/^NIH Office of Dietary/);
    // The suggestion's evidence too: named in Arabic beside its Arabic advice, in English in English.
    expect(saSuggestion.source.name).toMatch(/^الدليل الإرشادي للممارسة السريرية لجمعية الغدد الصماء 2024/);
    expect(sa.suggestions[1]!.source.name).toMatch(/^مكتب المكملات الغذائية/);
    expect(s.source.name).toMatch(/^Endocrine Society 2024 Clinical Practice Guideline/);
    expect(kw.suggestions[1]!.source.name).toMatch(/^NIH Office of Dietary Supplements, Iron fact sheet/);
    expect(saSuggestion.products.some((p) => p.sku.id === 701)).toBe(false);
  });

  it('reads everything in at most 3 D1 round trips, the session included', async () => {
    // The session, then one batch (profile, patients, values, each rule's candidates, currencies).
    for (const query of ['', `?patient=${spouse}`]) {
      const { res } = await view(owner, query, { country: 'SA' });
      expect(res.headers.get('x-d1-roundtrips'), query).toBe('2');
    }
    const { res } = await view(owner);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
  });
});

describe('a long history', () => {
  it('keeps the latest 24 results of a marker, oldest first', async () => {
    const { token, id } = await register('results.long@example.com');
    for (let month = 1; month <= 26; month++) {
      const date = `${2024 + Math.floor((month - 1) / 12)}-${String(((month - 1) % 12) + 1).padStart(2, '0')}-15`;
      await upload(id, date, [{ marker: MARKER.vitaminD, value: String(20 + month), unit: 'ng/mL' }]);
    }
    const points = marker((await view(token)).data, 'vitamin-d-25-oh').points;
    expect(points).toHaveLength(24);
    expect(points[0]).toMatchObject({ date: '2024-03-15', value: '23.0' });
    expect(points.at(-1)).toMatchObject({ date: '2026-02-15', value: '46.0' });
  });
});

describe('who may read results', () => {
  it('answers a guest and a staff session 401, another user’s patient 404', async () => {
    expect((await get('/user/bloodtest/results', null)).status).toBe(401);
    const staff = await staffWith([{ role: 'owner', country: null }]);
    const asStaff = await get('/user/bloodtest/results', null, { auth: `Staff ${staff.token}` });
    expect(asStaff.status).toBe(401);
    expect(
      (await get(`/user/bloodtest/results?patient=${spouse}`, null, { auth: `Staff ${staff.token}` })).status,
    ).toBe(401);
    const theirs = await get(`/user/bloodtest/results?patient=${otherPatient}`, owner);
    expect(theirs.status).toBe(404);
    expect((await json(theirs)).meta.msg).toBe('not_found');
    const mine = await get(`/user/bloodtest/results?patient=${spouse}`, other);
    expect(mine.status).toBe(404);
    expect((await get('/user/bloodtest/results?patient=999999', owner)).status).toBe(404);
    expect((await get('/user/bloodtest/results?patient=abc', owner)).status).toBe(400);
  });

  it('shows another shopper only their own results', async () => {
    const { data } = await view(other);
    expect(data.markers.map((m) => [m.biomarker.slug, m.points.map((p) => p.value)])).toEqual([
      ['vitamin-d-25-oh', ['10.0']],
    ]);
    expect(data.people).toEqual([{ patient_id: null, name: 'Shopper results.other' }]);
  });
});

describe('the profile', () => {
  it('asks for sex and age when neither the profile nor a self patient gives them, then reads by them', async () => {
    const { token, id } = await register('results.noprofile@example.com');
    await upload(id, '2026-01-10', [
      { marker: MARKER.vitaminD, value: '18', unit: 'ng/mL' },
      { marker: MARKER.ferritin, value: '20', unit: 'ng/mL' },
    ]);
    let data = (await view(token)).data;
    expect(data.needs_profile).toBe(true);
    expect(data.person).toMatchObject({ sex: null, age: null });
    // Ferritin's ranges differ by sex: no verdict. Vitamin D's serves every adult.
    expect(marker(data, 'ferritin').flag).toBeNull();
    expect(marker(data, 'vitamin-d-25-oh').flag).toBe('low');
    // No rule for someone of unknown age.
    expect(data.suggestions).toEqual([]);

    const saved = await post(
      '/user/bloodtest/profile',
      { sex: 'male', date_of_birth: '1990-06-15', unit_preference: 'si' },
      token,
    );
    expect(saved.status).toBe(200);
    expect((await json(saved)).data).toEqual({ sex: 'male', date_of_birth: '1990-06-15', unit_preference: 'si' });
    data = (await view(token)).data;
    expect(data.needs_profile).toBe(false);
    expect(data.unit_preference).toBe('si');
    expect(data.person).toMatchObject({ sex: 'male', age: expect.any(Number) });
    expect(marker(data, 'ferritin').flag).toBe('low');
    // SI units: 18 ng/mL = 44.928 → 45 nmol/L; the range 20–50 ng/mL is 50–125 nmol/L.
    const d = marker(data, 'vitamin-d-25-oh');
    expect(d.unit.code).toBe('nmol/L');
    expect(d.points.map((p) => p.value)).toEqual(['45']);
    expect(d.range).toMatchObject({ low: '50', high: '125', optimal_low: '75', critical_high: '374' });
    expect(data.suggestions.map((s) => s.id).sort()).toEqual(['ferritin-low-male', 'vitamin-d-low']);
    // The reason keeps the rule's unit whatever the display unit.
    expect(data.suggestions.find((s) => s.id === 'vitamin-d-low')!.reason.en).toBe(
      'Your vitamin D was 18 ng/mL on Jan 10, 2026, below 30.',
    );

    // Back to conventional units: an upsert.
    await post('/user/bloodtest/profile', { sex: 'male', date_of_birth: '1990-06-15' }, token);
    expect(marker((await view(token)).data, 'vitamin-d-25-oh').points[0]!.value).toBe('18.0');
  });

  it('switches the unit system alone, before sex and age are known and after, keeping them', async () => {
    const { token, id } = await register('results.units@example.com');
    await upload(id, '2026-02-01', [{ marker: MARKER.vitaminD, value: '18', unit: 'ng/mL' }]);
    const res = await post('/user/bloodtest/units', { unit_preference: 'si' }, token);
    expect(res.status).toBe(200);
    let data = (await view(token)).data;
    expect(data.unit_preference).toBe('si');
    expect(data.needs_profile).toBe(true);
    expect(marker(data, 'vitamin-d-25-oh').points[0]!.value).toBe('45');
    await post('/user/bloodtest/profile', { sex: 'female', date_of_birth: '1988-04-02', unit_preference: 'si' }, token);
    await post('/user/bloodtest/units', { unit_preference: 'conventional' }, token);
    data = (await view(token)).data;
    expect(data.needs_profile).toBe(false);
    expect(data.person).toMatchObject({ sex: 'female' });
    expect(marker(data, 'vitamin-d-25-oh').points[0]!.value).toBe('18.0');
    const bad = await post('/user/bloodtest/units', { unit_preference: 'imperial' }, token);
    expect(bad.status).toBe(400);
    expect((await post('/user/bloodtest/units', { unit_preference: 'si' }, null)).status).toBe(401);
  });

  it('refuses a date of birth in the future, an impossible day or an age over 120', async () => {
    const future = `${new Date().getUTCFullYear() + 1}-01-01`;
    for (const date_of_birth of [future, '1990-02-30', '1890-01-01', '15/06/1990']) {
      const res = await post('/user/bloodtest/profile', { sex: 'female', date_of_birth }, owner);
      expect(res.status, date_of_birth).toBe(400);
      const body = await json(res);
      expect(body.meta.msg).toBe('validation_failed');
      expect(body.meta.fields ?? body.data?.fields ?? body.meta).toBeTruthy();
      expect(JSON.stringify(body)).toContain('patient_birth_date_invalid');
    }
    // Arabic-Indic digits are read as Latin ones.
    const res = await post('/user/bloodtest/profile', { sex: 'female', date_of_birth: '١٩٨٥-٠٣-١٥' }, owner);
    expect((await json(res)).data.date_of_birth).toBe('1985-03-15');
    expect((await post('/user/bloodtest/profile', { sex: 'female', date_of_birth: '1985-03-15' }, null)).status).toBe(
      401,
    );
  });

  it('goes with the account', async () => {
    const { token, id } = await register('results.leaving@example.com');
    await post('/user/bloodtest/profile', { sex: 'female', date_of_birth: '1990-01-01' }, token);
    expect(await env.DB.prepare('SELECT 1 FROM blood_test_profiles WHERE user_id = ?').bind(id).first()).not.toBeNull();
    const res = await post('/user/remove', { password: 'secret1' }, token);
    expect(res.status, JSON.stringify((await json(res.clone())).meta)).toBe(200);
    expect(await env.DB.prepare('SELECT 1 FROM blood_test_profiles WHERE user_id = ?').bind(id).first()).toBeNull();
  });
});
