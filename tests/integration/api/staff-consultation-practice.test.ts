// The nutritionist's side of the back office (issue 46), through the real API: ownership (another
// nutritionist's booking is 404, the owner sees schedules, marks and earnings but never the intake,
// notes or list, a shopper's token is refused), weekly hours and days off with their validation and
// audit, notes sealed in D1, the safety gates on the recommendation list (pregnancy, an upper limit, a
// drug interaction: refused without an acknowledgement, saved with it, the audit row free of health
// text), sharing, outcome marks, and the earnings per currency with its CSV.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiConfig } from '#api/src/lib/config';
import { healthKeyring, healthSealer, sealText } from '#api/src/consultations/seal';
import { gulfDate } from '#shared/gulf-days';
import { loadConsultationFixture } from '../fixtures/consultations';
import { call, deviceToken, json, openVerifyLink } from './helpers';
import { createStaff, signInStaff, staffCall, staffWith, type TestStaff } from './staff-helpers';

const HOUR = 3_600_000;
const VITAMIN_D_SKU = 101;
const FISH_OIL_SKU = 201;
const ASHWAGANDHA_SKU = 601;

let noura: TestStaff; // practises as nutritionist 1
let khalid: TestStaff; // practises as nutritionist 2
let owner: TestStaff;
let shopperToken: string;
let shopperId: number;
let next = 800_000_001;

const INTAKE = {
  goal: 'More energy; secret-goal-text',
  conditions: 'Low iron',
  medicines: [{ class: 'anticoagulant', name: 'Warfarin' }],
  pregnancy: 'pregnant',
  allergies: '',
  share: { uploads: [], orders: [] },
};

/** A paid consultation inserted as booking would leave it, with a sealed intake when given. */
async function consultation(o: {
  nutritionist?: number;
  startsIn?: number;
  currency?: 'KWD' | 'SAR';
  total?: number;
  status?: string;
  intake?: typeof INTAKE | null;
}): Promise<number> {
  const id = next++;
  const now = Date.now();
  const starts = now + (o.startsIn ?? -10 * 60_000);
  const currency = o.currency ?? 'KWD';
  await env.DB.prepare(
    `INSERT INTO consultations (id, user_id, nutritionist_id, service_id, idempotency_key, body_hash, country, currency, lang,
      status, starts_at, ends_at, slot_held, payment_method, payment_state, price, vat, vat_basis_points, total, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, 'h', ?, ?, 'ar', ?, ?, ?, 1, 'wallet', 'paid', ?, 0, 0, ?, ?, ?)`,
  )
    .bind(
      id,
      shopperId,
      o.nutritionist ?? 1,
      (o.nutritionist ?? 1) === 1 ? 11 : 21,
      `key-${id}`,
      currency === 'KWD' ? 'KW' : 'SA',
      currency,
      o.status ?? 'booked',
      starts,
      starts + 20 * 60_000,
      o.total ?? 8000,
      o.total ?? 8000,
      now,
      now,
    )
    .run();
  if (o.intake !== null) {
    const sealer = healthSealer(env.DB, healthKeyring(apiConfig(env as never))!);
    const box = await sealText(sealer, id, JSON.stringify(o.intake ?? INTAKE));
    await env.DB.prepare(
      `INSERT INTO consultation_intakes (consultation_id, sealed, iv, shared_results, pregnancy, consent_version, consent_at, created_at, updated_at)
       VALUES (?, ?, ?, '{"uploads":[],"orders":[]}', ?, 'v1', ?, ?, ?)`,
    )
      .bind(id, box.sealed, box.iv, (o.intake ?? INTAKE).pregnancy, now, now, now)
      .run();
  }
  return id;
}

const get = (who: TestStaff, path: string) => staffCall(who.token, path);
const post = (who: TestStaff, path: string, body: unknown) => staffCall(who.token, path, { json: body });

async function auditRows(action: string, resourceId?: number) {
  const { results } = await env.DB.prepare(
    `SELECT staff_id, action, resource_id, before_json, after_json, reason FROM audit_log WHERE action = ? ${resourceId ? 'AND resource_id = ?' : ''} ORDER BY id`,
  )
    .bind(action, ...(resourceId ? [String(resourceId)] : []))
    .all<{ staff_id: number; after_json: string | null; before_json: string | null; reason: string | null }>();
  return results;
}

const item = (sku: number, over: Record<string, unknown> = {}) => ({
  sku_id: sku,
  quantity: 1,
  servings_per_day: 1,
  dose: 'One with breakfast',
  reason: 'private-reason-text',
  ...over,
});

beforeAll(async () => {
  const nouraRow = await createStaff([{ role: 'nutritionist', country: null }], { name: 'Noura' });
  await loadConsultationFixture(env.DB, { staffId: nouraRow.id });
  noura = await signInStaff(nouraRow);
  khalid = await staffWith([{ role: 'nutritionist', country: null }], { name: 'Khalid' });
  await env.DB.prepare('UPDATE nutritionists SET staff_id = ? WHERE id = 2').bind(khalid.id).run();
  owner = await staffWith([{ role: 'owner', country: null }], { name: 'Owner' });
  await env.DB.prepare(
    "INSERT INTO sku_nutrients (sku_id, nutrient, amount, unit) VALUES (101, 'vitamin-d', '1000', 'IU')",
  ).run();
  const device = await deviceToken();
  const registered = await json(
    await call('/user/register', {
      body: JSON.stringify({ name: 'Sara Al-Ahmad', email: 'practice.shopper@example.com', password: 'secret1' }),
      token: device,
    }),
  );
  shopperToken = registered.data.access_token;
  // She opened her confirmation link: the practice's mails reach her (decision 85).
  await openVerifyLink('practice.shopper@example.com', device);
  shopperId = (await env.DB.prepare("SELECT id FROM users WHERE email = 'practice.shopper@example.com'").first<{
    id: number;
  }>())!.id;
});

describe('who sees what', () => {
  it("refuses a shopper's token on every practice route", async () => {
    const id = await consultation({});
    for (const path of ['/staff/consultations/day', `/staff/consultations/${id}`, '/staff/consultations/earnings']) {
      const res = await call(path, { headers: { authorization: `Bearer ${shopperToken}` } });
      expect(res.status, path).toBe(401);
    }
  });

  it("shows a nutritionist their own day with first names only, never another nutritionist's bookings", async () => {
    const mine = await consultation({});
    const theirs = await consultation({ nutritionist: 2 });
    const day = await json(await get(noura, `/staff/consultations/day?date=${gulfDate(Date.now() - 10 * 60_000)}`));
    const ids = day.data.bookings.map((b: { id: number }) => b.id);
    expect(ids).toContain(mine);
    expect(ids).not.toContain(theirs);
    expect(day.data.bookings.find((b: { id: number }) => b.id === mine).first_name).toBe('Sara');
    expect(JSON.stringify(day.data)).not.toContain('Al-Ahmad');
    expect((await get(noura, '/staff/consultations/day?nutritionist_id=2')).status).toBe(404);
  });

  it("answers 404 for another nutritionist's booking, and for writing to it", async () => {
    const theirs = await consultation({ nutritionist: 2 });
    expect((await get(noura, `/staff/consultations/${theirs}`)).status).toBe(404);
    expect((await post(noura, `/staff/consultations/${theirs}/notes`, { notes: 'x', summary: '' })).status).toBe(404);
    expect((await post(noura, `/staff/consultations/${theirs}/mark`, { outcome: 'held' })).status).toBe(404);
    expect((await get(noura, `/staff/consultations/${theirs}/products?q=vitamin`)).status).toBe(404);
    // Its own nutritionist reads it with its intake.
    const own = await json(await get(khalid, `/staff/consultations/${theirs}`));
    expect(own.data.health).toBe(true);
    expect(own.data.health_data.intake.goal).toBe(INTAKE.goal);
  });

  it('gives the owner the schedule and the refunds but not the intake, notes or list, and no writing of them', async () => {
    const id = await consultation({});
    await post(noura, `/staff/consultations/${id}/notes`, { notes: 'owner-must-not-read', summary: 'sum' });
    const res = await get(owner, `/staff/consultations/${id}`);
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body.data.health).toBe(false);
    expect(body.data.health_data).toBeNull();
    expect(body.data.first_name).toBe('Sara');
    expect(JSON.stringify(body)).not.toContain('owner-must-not-read');
    expect(JSON.stringify(body)).not.toContain('secret-goal-text');
    expect(body.data.outcomes.find((o: { outcome: string }) => o.outcome === 'call_failed').refund.amount).toBe(8000);
    expect(body.data.outcomes.find((o: { outcome: string }) => o.outcome === 'shopper_no_show').refund.amount).toBe(0);
    expect((await post(owner, `/staff/consultations/${id}/notes`, { notes: 'x', summary: '' })).status).toBe(404);
    expect((await post(owner, `/staff/consultations/${id}/recommendations`, { items: [] })).status).toBe(404);
    expect((await post(owner, `/staff/consultations/${id}/share`, {})).status).toBe(404);
    expect((await get(owner, `/staff/consultations/${id}/products?q=vitamin`)).status).toBe(404);
    const day = await json(await get(owner, '/staff/consultations/day?nutritionist_id=2'));
    expect(day.data.nutritionist.id).toBe(2);
    expect(day.data.nutritionists.length).toBe(2);
    // Opening the health part is audited for the nutritionist; the owner's schedule read is not a health view.
    const views = await auditRows('consultation.view', id);
    expect(views.map((v) => v.staff_id)).not.toContain(owner.id);
  });
});

describe('weekly hours and days off', () => {
  it('replaces the week, refusing overlaps and an end before the start, and audits the change', async () => {
    const bad = await post(noura, '/staff/consultations/hours', {
      hours: [
        { weekday: 0, start: '09:00', end: '12:00' },
        { weekday: 0, start: '11:00', end: '13:00' },
      ],
    });
    expect(bad.status).toBe(400);
    expect((await json(bad)).data.fields[0].message).toBe('practice_hours_overlap');
    const backwards = await post(noura, '/staff/consultations/hours', {
      hours: [{ weekday: 1, start: '12:00', end: '09:00' }],
    });
    expect((await json(backwards)).data.fields[0].message).toBe('practice_hours_end_before_start');
    // Different services may share a time.
    const ok = await post(noura, '/staff/consultations/hours', {
      hours: [
        { weekday: 0, start: '09:00', end: '12:00', service_id: 11 },
        { weekday: 0, start: '11:00', end: '13:00', service_id: 12 },
        { weekday: 3, start: '17:30', end: '21:00' },
      ],
    });
    expect(ok.status).toBe(200);
    const week = await json(await get(noura, '/staff/consultations/hours'));
    expect(
      week.data.hours.map((h: { weekday: number; start_minute: number; end_minute: number }) => [
        h.weekday,
        h.start_minute,
        h.end_minute,
      ]),
    ).toEqual([
      [0, 540, 720],
      [0, 660, 780],
      [3, 1050, 1260],
    ]);
    const audit = await auditRows('availability.set', 1);
    expect(audit.at(-1)!.staff_id).toBe(noura.id);
    expect(JSON.parse(audit.at(-1)!.after_json!)).toHaveLength(3);
    // Another nutritionist's service is refused.
    const foreign = await post(noura, '/staff/consultations/hours', {
      hours: [{ weekday: 2, start: '09:00', end: '10:00', service_id: 21 }],
    });
    expect((await json(foreign)).meta.msg).toBe('practice_service_unknown');
    // A nutritionist cannot set another's hours.
    expect((await post(noura, '/staff/consultations/hours', { nutritionist_id: 2, hours: [] })).status).toBe(404);
  });

  it('adds and removes a day off from today on', async () => {
    const day = gulfDate(Date.now() + 3 * 24 * HOUR);
    expect((await json(await post(noura, '/staff/consultations/daysOff', { date: day }))).data.changed).toBe(true);
    expect((await json(await post(noura, '/staff/consultations/daysOff', { date: day }))).data.changed).toBe(false);
    expect((await json(await get(noura, '/staff/consultations/hours'))).data.days_off).toContain(day);
    const past = await post(noura, '/staff/consultations/daysOff', { date: '2020-01-01' });
    expect((await json(past)).meta.msg).toBe('practice_day_off_range');
    await post(noura, '/staff/consultations/daysOff/remove', { date: day });
    expect((await json(await get(noura, '/staff/consultations/hours'))).data.days_off).not.toContain(day);
    expect((await auditRows('day_off.add', 1)).length).toBeGreaterThan(0);
  });
});

describe('notes, the list and sharing', () => {
  it('seals the notes and the summary in D1 and opens them for the nutritionist', async () => {
    const id = await consultation({});
    const res = await post(noura, `/staff/consultations/${id}/notes`, {
      notes: 'Ferritin low; plan-notes-text',
      summary: 'ملخص-للمتسوقة',
    });
    expect(res.status).toBe(200);
    const row = await env.DB.prepare('SELECT * FROM consultation_notes WHERE consultation_id = ?')
      .bind(id)
      .first<Record<string, string>>();
    expect(JSON.stringify(row)).not.toContain('plan-notes-text');
    expect(atob(row!.notes_sealed!)).not.toContain('plan-notes-text');
    expect(JSON.stringify(row)).not.toContain('ملخص');
    const detail = await json(await get(noura, `/staff/consultations/${id}`));
    expect(detail.data.health_data.notes).toBe('Ferritin low; plan-notes-text');
    expect(detail.data.health_data.summary).toBe('ملخص-للمتسوقة');
    expect(detail.data.health_data.intake.medicines).toEqual(INTAKE.medicines);
    const audit = await auditRows('consultation.notes', id);
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(audit)).not.toContain('plan-notes-text');
  });

  it('reads the results she shared against their range, her past orders and her previous notes with this nutritionist', async () => {
    const now = Date.now();
    const upload = (await env.DB.prepare(
      `INSERT INTO blood_test_uploads (user_id, lab_name, sample_date, consent_version, consent_at, created_at)
       VALUES (?, 'Al Borg', '2026-10-01', 'v1', ?, ?) RETURNING id`,
    )
      .bind(shopperId, now, now)
      .first<{ id: number }>())!.id;
    const unshared = (await env.DB.prepare(
      `INSERT INTO blood_test_uploads (user_id, lab_name, sample_date, consent_version, consent_at, created_at)
       VALUES (?, 'Other lab', '2026-09-01', 'v1', ?, ?) RETURNING id`,
    )
      .bind(shopperId, now, now)
      .first<{ id: number }>())!.id;
    await env.DB.batch([
      env.DB.prepare(
        "INSERT INTO blood_test_upload_values (upload_id, biomarker_id, value, unit, origin, confirmed_at) VALUES (?, 1, '18.5', 'ng/mL', 'typed', ?)",
      ).bind(upload, now),
      env.DB.prepare(
        "INSERT INTO blood_test_upload_values (upload_id, biomarker_id, value, unit, origin, confirmed_at) VALUES (?, 1, '55', 'ng/mL', 'typed', ?)",
      ).bind(unshared, now),
    ]);
    // An earlier consultation with her notes, and one with another nutritionist.
    const earlier = await consultation({ startsIn: -30 * 24 * HOUR });
    await post(noura, `/staff/consultations/${earlier}/notes`, { notes: 'first-visit-notes', summary: '' });
    const elsewhere = await consultation({ nutritionist: 2, startsIn: -20 * 24 * HOUR });
    await post(khalid, `/staff/consultations/${elsewhere}/notes`, { notes: 'khalid-notes', summary: '' });
    // A past order: its products, never its address.
    await env.DB.batch([
      env.DB.prepare(
        `INSERT INTO orders (id, user_id, country, currency, lang, status, payment_method, address, subtotal, before_discount,
           discount, delivery, vat, total, created_at, updated_at)
         VALUES (5550001, ?, 'KW', 'KWD', 'en', 'delivered', 'cod', '{"street":"Salmiya-street-7"}', 5500, 5500, 0, 0, 0, 5500, ?, ?)`,
      ).bind(shopperId, now, now),
      env.DB.prepare(
        `INSERT INTO order_items (order_id, sku_id, product_id, product_slug, name, sku_name, unit_price, count)
         VALUES (5550001, 401, 4, 'gamma-vitamin-c-1000', 'Vitamin C 1000 mg', '100 tablets', 2750, 2)`,
      ),
    ]);
    const id = await consultation({});
    await env.DB.prepare('UPDATE consultation_intakes SET shared_results = ? WHERE consultation_id = ?')
      .bind(JSON.stringify({ uploads: [upload], orders: [] }), id)
      .run();
    const h = (await json(await get(noura, `/staff/consultations/${id}`))).data.health_data;
    expect(h.shared_results).toHaveLength(1);
    const marker = h.shared_results[0];
    expect(marker.biomarker.id).toBe(1);
    expect(marker.points.map((p: { value: string }) => p.value)).toEqual(['18.5']);
    expect(marker.flag).toBe('low');
    expect(marker.range.low).toBeTruthy();
    const previous = h.previous.map((p: { id: number; notes: string | null }) => [p.id, p.notes]);
    expect(previous).toContainEqual([earlier, 'first-visit-notes']);
    expect(JSON.stringify(h.previous)).not.toContain('khalid-notes');
    expect(h.past_orders[0].items).toEqual([
      { product_id: 4, name: 'Vitamin C 1000 mg', sku_name: '100 tablets', count: 2 },
    ]);
    expect(JSON.stringify(h.past_orders)).not.toContain('Salmiya-street-7');
  });

  it('refuses a pregnancy warning without an acknowledgement and saves it with one, auditing the warning’s kind only', async () => {
    const id = await consultation({});
    const refused = await post(noura, `/staff/consultations/${id}/recommendations`, { items: [item(ASHWAGANDHA_SKU)] });
    expect(refused.status).toBe(422);
    const body = await json(refused);
    expect(body.meta.msg).toBe('practice_warning_unacknowledged');
    expect(body.data.items[0].warnings.map((w: { rule: string }) => w.rule)).toEqual(['pregnancy']);
    expect(
      await env.DB.prepare('SELECT count(*) AS n FROM consultation_recommendations WHERE consultation_id = ?')
        .bind(id)
        .first('n'),
    ).toBe(0);
    // The refusal's warnings come from her intake: audited as an opening of her health data.
    expect((await auditRows('consultation.search', id)).map((r) => r.staff_id)).toEqual([noura.id]);

    const saved = await post(noura, `/staff/consultations/${id}/recommendations`, {
      items: [item(ASHWAGANDHA_SKU, { acknowledged_reason: 'her-obstetrician-agreed' })],
    });
    expect(saved.status).toBe(200);
    const audit = await auditRows('recommendation.acknowledge', id);
    expect(audit).toHaveLength(1);
    expect(audit[0]!.staff_id).toBe(noura.id);
    // The log says a warning from her health was acknowledged, never which: the owner reads the log.
    expect(JSON.parse(audit[0]!.after_json!)).toEqual({ warning: 'health', product_id: 6, sku_id: ASHWAGANDHA_SKU });
    const ownersLog = await get(owner, `/staff/audit?resource=consultation&resource_id=${id}`);
    expect(ownersLog.status).toBe(200);
    expect(JSON.stringify(await json(ownersLog))).not.toMatch(/pregnan|interaction:|ashwagandha/i);
    const text = JSON.stringify(audit);
    for (const secret of ['her-obstetrician-agreed', 'private-reason-text', 'secret-goal-text', 'Warfarin'])
      expect(text).not.toContain(secret);
    const row = await env.DB.prepare('SELECT * FROM consultation_recommendations WHERE consultation_id = ?')
      .bind(id)
      .first<Record<string, string>>();
    expect(JSON.parse(row!.warnings!)).toEqual(['pregnancy']);
    expect(JSON.stringify(row)).not.toContain('private-reason-text');
    expect(JSON.stringify(row)).not.toContain('her-obstetrician-agreed');
  });

  it("warns of an upper limit only at the servings that pass it, and of her anticoagulant's interaction", async () => {
    const id = await consultation({ intake: { ...INTAKE, pregnancy: 'none' } });
    // 4 × 1000 IU is at the limit: saved with no warning.
    const atLimit = await post(noura, `/staff/consultations/${id}/recommendations`, {
      items: [item(VITAMIN_D_SKU, { servings_per_day: 4 })],
    });
    expect(atLimit.status).toBe(200);
    const over = await post(noura, `/staff/consultations/${id}/recommendations`, {
      items: [item(VITAMIN_D_SKU, { servings_per_day: 5 })],
    });
    expect(over.status).toBe(422);
    expect((await json(over)).data.items[0].warnings.map((w: { rule: string }) => w.rule)).toEqual([
      'upper_limit:vitamin-d',
    ]);
    const fish = await post(noura, `/staff/consultations/${id}/recommendations`, { items: [item(FISH_OIL_SKU)] });
    expect(fish.status).toBe(422);
    const warning = (await json(fish)).data.items[0].warnings[0];
    expect(warning.rule).toBe('interaction:fish-oil-bleeding');
    expect(warning.text.en).toContain('anticoagulants');
    const both = await post(noura, `/staff/consultations/${id}/recommendations`, {
      items: [
        item(VITAMIN_D_SKU, { servings_per_day: 5, acknowledged_reason: 'deficient, follow-up test in 8 weeks' }),
        item(FISH_OIL_SKU, { acknowledged_reason: 'INR followed by her doctor' }),
      ],
    });
    expect(both.status).toBe(200);
    const kinds = (await auditRows('recommendation.acknowledge', id)).map((a) => JSON.parse(a.after_json!).warning);
    expect(kinds.sort()).toEqual(['health', 'limit']);
    const detail = await json(await get(noura, `/staff/consultations/${id}`));
    const list = detail.data.health_data.recommendations;
    expect(list.map((r: { sku_id: number }) => r.sku_id)).toEqual([VITAMIN_D_SKU, FISH_OIL_SKU]);
    expect(list[1].acknowledged_reason).toBe('INR followed by her doctor');
    expect(list[1].warnings[0].rule).toBe('interaction:fish-oil-bleeding');
    // The builder's search shows the same warnings before anything is added.
    const searched = (await auditRows('consultation.search', id)).length;
    const search = await json(await get(noura, `/staff/consultations/${id}/products?q=omega`));
    expect(search.data.hits[0].warnings[0].rule).toBe('interaction:fish-oil-bleeding');
    // Its warnings come from her intake: the search is audited as an opening of her health data, who and
    // which consultation, never the words searched.
    const rows = await auditRows('consultation.search', id);
    expect(rows).toHaveLength(searched + 1);
    expect(rows.at(-1)!.staff_id).toBe(noura.id);
    expect(JSON.stringify(rows.at(-1))).not.toMatch(/omega/i);
  });

  it('refuses an unknown SKU and a second line of the same product', async () => {
    const id = await consultation({ intake: { ...INTAKE, pregnancy: 'none', medicines: [] } });
    expect(
      (await json(await post(noura, `/staff/consultations/${id}/recommendations`, { items: [item(999_999)] }))).meta
        .msg,
    ).toBe('practice_product_unknown');
    const twice = await post(noura, `/staff/consultations/${id}/recommendations`, {
      items: [item(VITAMIN_D_SKU), item(102)],
    });
    expect((await json(twice)).meta.msg).toBe('practice_item_repeated');
  });

  it("finds products as the shop's search does: words in any order, a typo corrected, or an id", async () => {
    const id = await consultation({ intake: { ...INTAKE, pregnancy: 'none', medicines: [] } });
    const skus = async (q: string) =>
      (await json(await get(noura, `/staff/consultations/${id}/products?q=${encodeURIComponent(q)}`))).data.hits.map(
        (h: { sku_id: number }) => h.sku_id,
      );
    // The product is "Vitamin D3 1000 IU": its words in another order, and with one misspelt.
    expect(await skus('1000 iu vitamin d3')).toEqual(expect.arrayContaining([VITAMIN_D_SKU, 102]));
    expect(await skus('vitamn d3 1000')).toContain(VITAMIN_D_SKU);
    expect((await skus(String(VITAMIN_D_SKU)))[0]).toBe(VITAMIN_D_SKU);
    expect(await skus('zzzz qqqq')).toEqual([]);
  });

  it("names a nutritionist's account with her names as shoppers read them", async () => {
    const me = await json(await get(noura, '/staff/me'));
    expect(me.data.nutritionist).toEqual({ name_en: 'Dr. Noura', name_ar: 'د. نورة' });
    expect((await json(await get(owner, '/staff/me'))).data.nutritionist).toBeNull();
  });

  it('shares only with a summary, once, and keeps the first time', async () => {
    const id = await consultation({});
    expect((await json(await post(noura, `/staff/consultations/${id}/share`, {}))).meta.msg).toBe(
      'practice_summary_required',
    );
    await post(noura, `/staff/consultations/${id}/notes`, { notes: '', summary: 'Take vitamin D daily.' });
    const first = await json(await post(noura, `/staff/consultations/${id}/share`, {}));
    expect(first.data.changed).toBe(true);
    // She is told once, in her language (book's notifySummaryShared).
    const mails = () =>
      env.DB.prepare("SELECT subject, lang FROM mail_outbox WHERE kind = 'consultation_summary' AND dedupe_key = ?")
        .bind(`consultation:${id}:summary`)
        .all<{ subject: string; lang: string }>();
    expect((await mails()).results).toHaveLength(1);
    expect((await mails()).results[0]!.lang).toBe('ar');
    const again = await json(await post(noura, `/staff/consultations/${id}/share`, {}));
    expect(again.data.changed).toBe(false);
    expect(again.data.shared_at).toBe(first.data.shared_at);
    expect((await json(await get(noura, `/staff/consultations/${id}`))).data.health_data.shared_at).toBe(
      first.data.shared_at,
    );
  });
});

describe('marks', () => {
  it('marks from the start time only, once, with the status the rules give', async () => {
    const later = await consultation({ startsIn: 2 * HOUR });
    expect((await json(await post(noura, `/staff/consultations/${later}/mark`, { outcome: 'held' }))).meta.msg).toBe(
      'practice_mark_too_early',
    );
    const now = await consultation({});
    const marked = await json(await post(noura, `/staff/consultations/${now}/mark`, { outcome: 'shopper_no_show' }));
    expect(marked.data.status).toBe('no_show');
    expect(marked.data.refund.amount).toBe(0);
    expect((await json(await post(noura, `/staff/consultations/${now}/mark`, { outcome: 'held' }))).meta.msg).toBe(
      'practice_already_marked',
    );
    const audit = await auditRows('consultation.outcome', now);
    expect(audit[0]!.staff_id).toBe(noura.id);
    expect(JSON.parse(audit[0]!.after_json!).outcome).toBe('shopper_no_show');
  });

  it('refunds the whole price to her wallet when the nutritionist did not come', async () => {
    const id = await consultation({});
    const marked = await json(
      await post(noura, `/staff/consultations/${id}/mark`, { outcome: 'nutritionist_no_show' }),
    );
    expect(marked.data).toMatchObject({ status: 'cancelled', refund: { amount: 8000 }, refunded_to: 'wallet' });
    const row = await env.DB.prepare('SELECT refunded, outcome FROM consultations WHERE id = ?').bind(id).first();
    expect(row).toEqual({ refunded: 8000, outcome: 'nutritionist_no_show' });
    const credited = await env.DB.prepare('SELECT sum(amount) AS n FROM wallet_ledger WHERE consultation_id = ?')
      .bind(id)
      .first('n');
    expect(credited).toBe(8000);
  });

  it('lets the owner mark any consultation', async () => {
    const id = await consultation({ nutritionist: 2 });
    const res = await post(owner, `/staff/consultations/${id}/mark`, { outcome: 'held' });
    expect(res.status).toBe(200);
    expect((await json(res)).data.status).toBe('completed');
  });
});

describe("the owner's earnings", () => {
  it('counts per nutritionist and currency, never converted, with the shop share, and as CSV; nutritionists are refused', async () => {
    await env.DB.prepare('UPDATE nutritionists SET shop_share_bp = 2500 WHERE id = 2').run();
    const kw = await consultation({ nutritionist: 2, total: 9000, startsIn: -2 * HOUR });
    const sa = await consultation({ nutritionist: 2, currency: 'SAR', total: 10900, startsIn: -2 * HOUR });
    const missed = await consultation({ nutritionist: 2, total: 9000, startsIn: -2 * HOUR });
    await post(khalid, `/staff/consultations/${kw}/mark`, { outcome: 'held' });
    await post(khalid, `/staff/consultations/${sa}/mark`, { outcome: 'shopper_late' });
    await post(khalid, `/staff/consultations/${missed}/mark`, { outcome: 'shopper_no_show' });
    const month = gulfDate(Date.now() - 2 * HOUR).slice(0, 7);
    const res = await get(owner, `/staff/consultations/earnings?month=${month}`);
    expect(res.status).toBe(200);
    const rows = (await json(res)).data.rows.filter((r: { nutritionist_id: number }) => r.nutritionist_id === 2);
    const kwd = rows.find((r: { currency: string }) => r.currency === 'KWD');
    const sar = rows.find((r: { currency: string }) => r.currency === 'SAR');
    expect(kwd.no_shows).toBeGreaterThanOrEqual(1);
    expect(sar).toMatchObject({
      sessions: 1,
      gross: 10900,
      refunds: 0,
      net: 10900,
      shop_share: 2725,
      nutritionist_part: 8175,
    });
    expect(kwd.gross % 1).toBe(0);
    expect(kwd.shop_share + kwd.nutritionist_part).toBe(kwd.net);

    const csv = await get(owner, `/staff/consultations/earnings/csv?month=${month}`);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const text = await csv.text();
    expect(text).toContain(',SAR,1,0,0,109.00,0.00,109.00,25.00,27.25,81.75');
    expect((await get(noura, '/staff/consultations/earnings')).status).toBe(403);
    expect((await get(owner, '/staff/consultations/earnings?month=2026-13')).status).toBe(400);
  });

  it("shows an owner of one country her country's consultations only: earnings, CSV and another's day", async () => {
    const kuwaitOwner = await staffWith([{ role: 'owner', country: 'KW' }], { name: 'Kuwait Owner' });
    const sa = await consultation({ nutritionist: 2, currency: 'SAR', total: 10900, startsIn: -3 * HOUR });
    const kw = await consultation({ nutritionist: 2, total: 9000, startsIn: -3 * HOUR });
    await post(khalid, `/staff/consultations/${sa}/mark`, { outcome: 'held' });
    await post(khalid, `/staff/consultations/${kw}/mark`, { outcome: 'held' });
    const month = gulfDate(Date.now() - 3 * HOUR).slice(0, 7);
    const currencies = async (who: typeof owner) =>
      (
        (await json(await get(who, `/staff/consultations/earnings?month=${month}`))).data.rows as {
          currency: string;
        }[]
      ).map((r) => r.currency);
    expect(await currencies(kuwaitOwner)).toContain('KWD');
    expect(await currencies(kuwaitOwner)).not.toContain('SAR');
    expect(await currencies(owner)).toContain('SAR');
    expect(await (await get(kuwaitOwner, `/staff/consultations/earnings/csv?month=${month}`)).text()).not.toContain(
      ',SAR,',
    );
    const day = gulfDate(Date.now() - 3 * HOUR);
    const booked = async (who: typeof owner) =>
      (
        (await json(await get(who, `/staff/consultations/day?nutritionist_id=2&date=${day}`))).data.bookings as {
          id: number;
        }[]
      ).map((b) => b.id);
    expect(await booked(kuwaitOwner)).toContain(kw);
    expect(await booked(kuwaitOwner)).not.toContain(sa);
    expect(await booked(owner)).toEqual(expect.arrayContaining([kw, sa]));
    // Her own practice is all hers, whatever the country.
    expect(
      ((await json(await get(khalid, `/staff/consultations/day?date=${day}`))).data.bookings as { id: number }[]).map(
        (b) => b.id,
      ),
    ).toEqual(expect.arrayContaining([kw, sa]));
  });
});
