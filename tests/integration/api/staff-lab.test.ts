// The back office's Blood tests area: the day's visits by country grant, the collected and
// at-lab steps, results entry, approval by a second person only, results invisible to the shopper until
// then (and never to another shopper or a guest), audit rows for views and changes, and capacity and
// blackout changes as the slot API sees them.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, gulfDate } from '#shared/blood-tests/slot-rules';
import { changedGuard } from '#api/src/blood-tests/lab-staff';
import { b64urlEncode } from '#api/src/push/b64';
import { startVisit } from '../fixtures/blood-test-booking';
import { call, deviceToken, json, openVerifyLink, saveAddress } from './helpers';
import { staffCall, staffWith, type TestStaff } from './staff-helpers';

const VITAMIN_D_SKU = 1001;
const VITAMIN_D_MARKER = 1;

let device: string;
let shopper: string;
let other: string;
let addressKW: number;
let addressSA: number;
let coordinator: TestStaff;
let second: TestStaff;
let kwOnly: TestStaff;
let saOnly: TestStaff;

const headers = (user: string | null, country = 'KW', lang = 'en'): Record<string, string> => ({
  ...(user ? { authorization: `Bearer ${user}` } : {}),
  'x-country': country,
  lang,
});
const post = (path: string, body: unknown, user: string | null, country = 'KW', lang = 'en') =>
  call(path, { body: JSON.stringify(body), token: device, headers: headers(user, country, lang) });
const get = (path: string, user: string | null, country = 'KW', lang = 'en') =>
  call(path, { token: device, headers: headers(user, country, lang) });

/** A shopper signed up who opened her confirmation link: the lab's mails reach her (decision 85). */
async function register(email: string): Promise<string> {
  const access = (
    await json(
      await call('/user/register', {
        body: JSON.stringify({ name: `Shopper ${email}`, email, password: 'secret1' }),
        token: device,
      }),
    )
  ).data.access_token;
  await openVerifyLink(email, device);
  return access;
}

/** An open day (not a Friday) at least `ahead` days from today, Gulf time. */
function openDay(ahead: number): string {
  let d = addDays(gulfDate(Date.now()), ahead);
  while (new Date(`${d}T00:00:00Z`).getUTCDay() === 5) d = addDays(d, 1);
  return d;
}

const KW_PATIENT = {
  name: 'Sara Lab',
  sex: 'female',
  date_of_birth: '1985-03-15',
  relation: 'self',
  country: 'KW',
  national_id: '285031512318',
};
const SA_PATIENT = { ...KW_PATIENT, name: 'Noura Lab', country: 'SA', national_id: '1012345672' };

/** Books a vitamin D visit (pay at visit) and answers its order id. */
async function book(o: { date: string; window?: string; country?: 'KW' | 'SA'; lang?: string }): Promise<number> {
  const country = o.country ?? 'KW';
  const zone = country === 'KW' ? { area_id: 26 } : { city_id: 2 };
  const h = await json(
    await post(
      '/bloodTest/slots/hold',
      { ...zone, date: o.date, window: o.window ?? '07-09', sku_ids: [VITAMIN_D_SKU] },
      shopper,
      country,
    ),
  );
  expect(h.data?.hold_id, JSON.stringify(h.meta)).toBeTruthy();
  const res = await post(
    '/bloodTestOrder/submit',
    {
      items: [{ sku_id: VITAMIN_D_SKU }],
      idempotency_key: crypto.randomUUID(),
      patient: country === 'KW' ? KW_PATIENT : SA_PATIENT,
      address_id: country === 'KW' ? addressKW : addressSA,
      hold_id: h.data.hold_id,
      consent: true,
      consent_version: '2026-11-v1',
      payment_method: 'pay_at_visit',
    },
    shopper,
    country,
    o.lang ?? 'en',
  );
  const body = await json(res);
  expect(res.status, JSON.stringify(body.meta)).toBe(200);
  return body.data.order_id;
}

async function auditRows(action: string, resourceId?: string) {
  const { results } = await env.DB.prepare(
    `SELECT * FROM audit_log WHERE action = ? ${resourceId ? 'AND resource_id = ?' : ''} ORDER BY id`,
  )
    .bind(action, ...(resourceId ? [resourceId] : []))
    .all<{ staff_id: number; before_json: string | null; after_json: string | null; country: string | null }>();
  return results;
}

const vitaminD = (value: string, over: Record<string, unknown> = {}) => ({
  biomarker_id: VITAMIN_D_MARKER,
  value,
  unit: 'ng/mL',
  ref_low: '30',
  ref_high: '100',
  comment: '',
  ...over,
});

beforeAll(async () => {
  device = await deviceToken();
  shopper = await register('lab.shopper@example.com');
  other = await register('lab.other@example.com');
  addressKW = await saveAddress(device, shopper, 'KW');
  addressSA = await saveAddress(device, shopper, 'SA');
  coordinator = await staffWith([{ role: 'lab_coordinator', country: null }], { name: 'Coordinator One' });
  second = await staffWith([{ role: 'lab_coordinator', country: null }], { name: 'Coordinator Two' });
  kwOnly = await staffWith([{ role: 'lab_coordinator', country: 'KW' }], { name: 'Kuwait Coordinator' });
  saOnly = await staffWith([{ role: 'lab_coordinator', country: 'SA' }], { name: 'Saudi Coordinator' });
});

describe("the day's visits", () => {
  it('lists the visits of a date per zone, filtered by the country of the grant, and audits the view', async () => {
    const date = openDay(2);
    const kw = await book({ date });
    const sa = await book({ date, country: 'SA' });
    const all = await json(await staffCall(coordinator.token, `/staff/visits?date=${date}`));
    const ids = all.data.visits.map((v: { id: number }) => v.id);
    expect(ids).toEqual(expect.arrayContaining([kw, sa]));
    const visit = all.data.visits.find((v: { id: number }) => v.id === kw);
    expect(visit).toMatchObject({
      status: 'booked',
      zone: 'area:26',
      patient: { name: 'Sara Lab' },
      slot: { window: '07-09', starts: '07:00' },
      payment: { method: 'pay_at_visit', state: 'pay_at_visit' },
    });
    expect(visit.tests[0].name_en).toMatch(/Vitamin D/);
    expect(visit.address).toMatch(/Block 3, Street 12/);
    // In Arabic, the shop's Arabic words and the Arabic comma.
    const arVisits = await json(
      await staffCall(coordinator.token, `/staff/visits?date=${date}`, { headers: { lang: 'ar' } }),
    );
    expect(arVisits.data.visits.find((v: { id: number }) => v.id === kw).address).toContain('قطعة 3، شارع 12');
    expect(all.data.zones.map((z: { zone: string }) => z.zone)).toEqual(expect.arrayContaining(['area:26', 'city:2']));

    const kwIds = (await json(await staffCall(kwOnly.token, `/staff/visits?date=${date}`))).data.visits.map(
      (v: { id: number }) => v.id,
    );
    expect(kwIds).toContain(kw);
    expect(kwIds).not.toContain(sa);
    const saIds = (await json(await staffCall(saOnly.token, `/staff/visits?date=${date}`))).data.visits.map(
      (v: { id: number }) => v.id,
    );
    expect(saIds).toEqual([sa]);
    const zoned = await json(await staffCall(coordinator.token, `/staff/visits?date=${date}&zone=city:2`));
    expect(zoned.data.visits.map((v: { id: number }) => v.id)).toEqual([sa]);

    const views = await auditRows('visit.view', date);
    expect(views.map((r) => r.staff_id)).toEqual(
      expect.arrayContaining([coordinator.id, kwOnly.id, saOnly.id].map(Number)),
    );
  });

  it('defaults to today (Gulf time) and refuses a date that is not one', async () => {
    const today = await json(await staffCall(coordinator.token, '/staff/visits'));
    expect(today.data.date).toBe(gulfDate(Date.now()));
    expect((await staffCall(coordinator.token, '/staff/visits?date=2026-02-31')).status).toBe(400);
  });

  it('collects nothing, enters and releases no result, before the visit’s date and time', async () => {
    const later = await book({ date: openDay(3) });
    for (const path of ['/staff/visits/collect', '/staff/results/approve']) {
      const early = await staffCall(coordinator.token, path, { json: { order_id: later } });
      expect(early.status, path).toBe(409);
      expect((await json(early)).meta.msg, path).toBe('visit_not_started');
    }
    // Even an order somehow past collection waits for its visit's time.
    await env.DB.prepare("UPDATE blood_test_orders SET status = 'sample_collected' WHERE id = ?").bind(later).run();
    const save = await staffCall(coordinator.token, '/staff/results/save', {
      json: { order_id: later, results: [vitaminD('18')] },
    });
    expect((await json(save)).meta.msg).toBe('visit_not_started');
    const view = await json(await staffCall(coordinator.token, `/staff/results/${later}`));
    expect(view.data.can_enter).toBe(false);
    await startVisit(env.DB, later);
    expect((await json(await staffCall(coordinator.token, `/staff/results/${later}`))).data.can_enter).toBe(true);
  });

  it('marks a sample collected, then at the lab; a second time, or another country’s clerk, is refused', async () => {
    const kw = await book({ date: openDay(3) });
    await startVisit(env.DB, kw);
    expect((await staffCall(saOnly.token, '/staff/visits/collect', { json: { order_id: kw } })).status).toBe(403);
    expect((await staffCall(kwOnly.token, '/staff/visits/atLab', { json: { order_id: kw } })).status).toBe(409);
    const collected = await staffCall(kwOnly.token, '/staff/visits/collect', { json: { order_id: kw } });
    expect(collected.status).toBe(200);
    const again = await staffCall(coordinator.token, '/staff/visits/collect', { json: { order_id: kw } });
    expect(again.status).toBe(409);
    expect((await json(again)).meta.msg).toBe('transition_not_allowed');
    const row = await env.DB.prepare('SELECT status, sample_collected_at FROM blood_test_orders WHERE id = ?')
      .bind(kw)
      .first<{ status: string; sample_collected_at: number | null }>();
    expect(row).toMatchObject({ status: 'sample_collected' });
    expect(row!.sample_collected_at).toBeGreaterThan(0);
    expect((await staffCall(kwOnly.token, '/staff/visits/atLab', { json: { order_id: kw } })).status).toBe(200);
    const audit = await auditRows('visit.collect', String(kw));
    expect(audit).toHaveLength(1);
    expect(JSON.parse(audit[0]!.after_json!)).toEqual({ status: 'sample_collected' });
    expect(await auditRows('visit.at_lab', String(kw))).toHaveLength(1);
    const shopperView = await json(await get(`/user/bloodTestOrder/getOrder?id=${kw}`, shopper));
    expect(shopperView.data.status).toBe('at_lab');
  });

  it('is closed to roles without visits:read (fulfilment, support): 403', async () => {
    for (const role of ['fulfilment', 'support'] as const) {
      const member = await staffWith([{ role, country: null }]);
      const res = await staffCall(member.token, '/staff/visits');
      expect(res.status, role).toBe(403);
    }
  });
});

describe('results', () => {
  let orderId: number;

  beforeAll(async () => {
    orderId = await book({ date: openDay(4), lang: 'ar' });
    await startVisit(env.DB, orderId);
    await staffCall(coordinator.token, '/staff/visits/collect', { json: { order_id: orderId } });
  });

  it("lists the order's biomarkers, audits the view, and accepts Arabic-Indic digits", async () => {
    const view = await json(await staffCall(coordinator.token, `/staff/results/${orderId}`));
    expect(view.data.markers).toHaveLength(1);
    expect(view.data.markers[0]).toMatchObject({ biomarker_id: VITAMIN_D_MARKER, unit: 'ng/mL', result: null });
    expect(view.data.order.patient_name).toBe('Sara Lab');
    expect(await auditRows('result.view', String(orderId))).toHaveLength(1);

    const bad = await staffCall(coordinator.token, '/staff/results/save', {
      json: { order_id: orderId, results: [vitaminD('twelve')] },
    });
    expect(bad.status).toBe(400);
    expect((await json(bad)).data.fields[0].message).toBe('result_value_invalid');
    const range = await staffCall(coordinator.token, '/staff/results/save', {
      json: { order_id: orderId, results: [vitaminD('12', { ref_low: '100', ref_high: '30' })] },
    });
    expect((await json(range)).data.fields[0].message).toBe('result_range_invalid');
    // One number for both limits is a typing slip, not a range.
    const same = await staffCall(coordinator.token, '/staff/results/save', {
      json: { order_id: orderId, results: [vitaminD('12', { ref_low: '30', ref_high: '30' })] },
    });
    expect((await json(same)).data.fields[0].message).toBe('result_range_invalid');
    // The unit is one of the biomarker's, offered as a list; anything else is refused.
    expect(view.data.markers[0].units.map((u: { ucum: string }) => u.ucum)).toEqual(['ng/mL', 'nmol/L']);
    for (const unit of ['١٨', 'ng', 'mg/dL']) {
      const wrong = await staffCall(coordinator.token, '/staff/results/save', {
        json: { order_id: orderId, results: [vitaminD('18', { unit })] },
      });
      expect(wrong.status, unit).toBe(400);
      expect((await json(wrong)).meta.msg, unit).toBe('result_unit_invalid');
    }
    expect(
      await env.DB.prepare('SELECT count(*) AS n FROM blood_test_results WHERE order_id = ?').bind(orderId).first('n'),
    ).toBe(0);

    const saved = await staffCall(coordinator.token, '/staff/results/save', {
      json: { order_id: orderId, results: [vitaminD('١٨٫٥')] },
    });
    expect(saved.status).toBe(200);
    const row = await env.DB.prepare('SELECT * FROM blood_test_results WHERE order_id = ?').bind(orderId).first();
    expect(row).toMatchObject({
      value: '18.5',
      unit: 'ng/mL',
      ref_low: '30',
      ref_high: '100',
      entered_by: coordinator.id,
    });
    const entered = await auditRows('result.enter', String(orderId));
    expect(entered).toHaveLength(1);
    expect(JSON.parse(entered[0]!.after_json!)[VITAMIN_D_MARKER]).toMatchObject({ value: '18.5' });
  });

  it('stays invisible to the shopper until approved', async () => {
    const before = await json(await get(`/user/bloodTestOrder/getOrder?id=${orderId}`, shopper));
    expect(before.data.results).toEqual([]);
  });

  it('refuses approval before the sample is at the lab, and by the person who entered the result', async () => {
    const early = await staffCall(second.token, '/staff/results/approve', { json: { order_id: orderId } });
    expect(early.status).toBe(409);
    expect((await json(early)).meta.msg).toBe('transition_not_allowed');
    await staffCall(coordinator.token, '/staff/visits/atLab', { json: { order_id: orderId } });
    const self = await staffCall(coordinator.token, '/staff/results/approve', { json: { order_id: orderId } });
    expect(self.status).toBe(409);
    expect((await json(self)).meta.msg).toBe('results_same_person');
    const view = await json(await staffCall(coordinator.token, `/staff/results/${orderId}`));
    expect(view.data.approval_refusal).toBe('results_same_person');
  });

  it('the table itself refuses a same-person approval', async () => {
    await expect(
      env.DB.prepare('UPDATE blood_test_results SET approved_by = entered_by, approved_at = 1 WHERE order_id = ?')
        .bind(orderId)
        .run(),
    ).rejects.toThrow(/CHECK/);
  });

  it('a change by the second person makes them the one who entered it: then only someone else approves', async () => {
    await staffCall(second.token, '/staff/results/save', {
      json: { order_id: orderId, results: [vitaminD('18.6', { comment: 'Repeated' })] },
    });
    const refused = await staffCall(second.token, '/staff/results/approve', { json: { order_id: orderId } });
    expect((await json(refused)).meta.msg).toBe('results_same_person');
    // Back to the coordinator's value: now the second person may approve.
    await staffCall(coordinator.token, '/staff/results/save', {
      json: { order_id: orderId, results: [vitaminD('18.5', { comment: 'Low: supplement advised' })] },
    });
  });

  it('approval by a second person releases the results, mails and pushes the shopper, audits it', async () => {
    // The shopper's phone, subscribed in English (a local: endpoint keeps its pushes in push_outbox).
    const pair = (await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, [
      'deriveBits',
    ])) as CryptoKeyPair;
    const keys = {
      p256dh: b64urlEncode(new Uint8Array((await crypto.subtle.exportKey('raw', pair.publicKey)) as ArrayBuffer)),
      auth: b64urlEncode(crypto.getRandomValues(new Uint8Array(16))),
    };
    const subscribed = await post(
      '/user/push/subscribe',
      { endpoint: `local:${crypto.randomUUID()}`, keys, lang: 'en' },
      shopper,
    );
    expect(subscribed.status).toBe(200);

    const res = await staffCall(second.token, '/staff/results/approve', { json: { order_id: orderId } });
    expect(res.status, JSON.stringify((await json(res.clone())).meta)).toBe(200);
    const order = await env.DB.prepare('SELECT status, results_ready_at FROM blood_test_orders WHERE id = ?')
      .bind(orderId)
      .first<{ status: string; results_ready_at: number | null }>();
    expect(order!.status).toBe('results_ready');
    expect(order!.results_ready_at).toBeGreaterThan(0);
    const row = await env.DB.prepare('SELECT approved_by FROM blood_test_results WHERE order_id = ?')
      .bind(orderId)
      .first<{ approved_by: number }>();
    expect(row!.approved_by).toBe(second.id);
    const mail = await env.DB.prepare(
      'SELECT to_address, subject, body_text, lang, kind FROM mail_outbox WHERE dedupe_key = ?',
    )
      .bind(`blood-test:${orderId}:results`)
      .first<{ to_address: string; subject: string; body_text: string; lang: string; kind: string }>();
    expect(mail).toMatchObject({ to_address: 'lab.shopper@example.com', lang: 'ar', kind: 'blood_test_results' });
    expect(mail!.subject).toMatch(/نتائج/);
    expect(mail!.body_text).toContain(`/ar/profile/blood-tests/ordered?id=${orderId}`);
    expect(mail!.body_text).not.toContain('18.5');
    expect(await auditRows('result.approve', String(orderId))).toHaveLength(1);
    // The push says the results are ready, and nothing of them: no value, no test name.
    const push = () =>
      env.DB.prepare(
        "SELECT o.title, o.body, o.url, o.payload FROM push_outbox o JOIN users u ON u.id = o.user_id WHERE u.email = 'lab.shopper@example.com' AND o.topic = 'results_ready'",
      ).first<{ title: string; body: string; url: string; payload: string }>();
    // The push is written after the answer (waitUntil): waited for as long as a busy machine needs, and the
    // test's own limit above that; the poll ends as soon as the push is there.
    await expect.poll(push, { timeout: 20_000 }).not.toBeNull();
    const sent = (await push())!;
    expect(sent.title).toBe('Your results are ready');
    expect(sent.url).toMatch(/\/profile\/blood-tests/);
    expect(sent.payload).not.toMatch(/18\.5|vitamin/i);
  }, 30_000);

  it('the shopper sees the approved result in their language; another shopper and a guest get nothing', async () => {
    const en = await json(await get(`/user/bloodTestOrder/getOrder?id=${orderId}`, shopper));
    expect(en.data.status).toBe('results_ready');
    expect(en.data.results).toEqual([
      {
        biomarker_id: VITAMIN_D_MARKER,
        name: '25-OH vitamin D',
        value: '18.5',
        unit: 'ng/mL',
        ref_low: '30',
        ref_high: '100',
        flag: 'low',
        comment: 'Low: supplement advised',
      },
    ]);
    const ar = await json(await get(`/user/bloodTestOrder/getOrder?id=${orderId}`, shopper, 'KW', 'ar'));
    expect(ar.data.results[0].name).toMatch(/فيتامين د/);
    expect((await get(`/user/bloodTestOrder/getOrder?id=${orderId}`, other)).status).toBe(404);
    expect((await get(`/user/bloodTestOrder/getOrder?id=${orderId}`, null)).status).toBe(401);
  });

  it('released results are locked', async () => {
    const res = await staffCall(coordinator.token, '/staff/results/save', {
      json: { order_id: orderId, results: [vitaminD('40')] },
    });
    expect(res.status).toBe(409);
    expect((await json(res)).meta.msg).toBe('results_locked');
  });

  it('staff without results:read (fulfilment, support) get 403 on the results, with no audit row written', async () => {
    const before = (await auditRows('result.view', String(orderId))).length;
    for (const role of ['fulfilment', 'support', 'catalogue_manager'] as const) {
      const member = await staffWith([{ role, country: null }]);
      expect((await staffCall(member.token, `/staff/results/${orderId}`)).status, role).toBe(403);
      expect((await staffCall(member.token, '/staff/results')).status, role).toBe(403);
    }
    expect(await auditRows('result.view', String(orderId))).toHaveLength(before);
  });

  it("a Saudi-only coordinator cannot read a Kuwait order's results", async () => {
    expect((await staffCall(saOnly.token, `/staff/results/${orderId}`)).status).toBe(403);
  });
});

describe('the test catalogue and collection settings', () => {
  it("changes a test's price in a country, audited, as the shopper's quote sees it", async () => {
    const list = await json(await staffCall(coordinator.token, '/staff/bloodTests'));
    const vd = list.data.tests.find((t: { sku_id: number }) => t.sku_id === VITAMIN_D_SKU);
    expect(vd.prices.KW).toEqual({ price: 9000, old_price: 12000 });
    const bad = await staffCall(coordinator.token, '/staff/bloodTests/price', {
      json: { sku_id: VITAMIN_D_SKU, country: 'KW', price: '9.5', old_price: '9' },
    });
    expect((await json(bad)).data.fields[0].message).toBe('old_price_not_higher');
    expect(
      (
        await staffCall(saOnly.token, '/staff/bloodTests/price', {
          json: { sku_id: VITAMIN_D_SKU, country: 'KW', price: '8' },
        })
      ).status,
    ).toBe(403);
    const res = await staffCall(kwOnly.token, '/staff/bloodTests/price', {
      json: { sku_id: VITAMIN_D_SKU, country: 'KW', price: '٨٫٥', old_price: '12' },
    });
    expect(res.status).toBe(200);
    const audit = await auditRows('blood_test.price', String(VITAMIN_D_SKU));
    expect(JSON.parse(audit.at(-1)!.before_json!)).toEqual({ price: 9000 });
    expect(JSON.parse(audit.at(-1)!.after_json!)).toEqual({ price: 8500 });
    const quote = await json(await post('/bloodTestOrder/calculate', { items: [{ sku_id: VITAMIN_D_SKU }] }, null));
    expect(quote.data.subtotal).toBe(8500);
  });

  it('withdraws a test only with an unrestricted grant', async () => {
    const body = { json: { blood_test_id: 1, active: false } };
    expect((await staffCall(kwOnly.token, '/staff/bloodTests/active', body)).status).toBe(403);
    expect((await staffCall(coordinator.token, '/staff/bloodTests/active', body)).status).toBe(200);
    expect(await auditRows('blood_test.active', '1')).toHaveLength(1);
    await staffCall(coordinator.token, '/staff/bloodTests/active', { json: { blood_test_id: 1, active: true } });
  });

  it("a city's capacity is its own country's: a Saudi grant changes Riyadh's, not Dubai's", async () => {
    // Saudi Arabia and the Emirates are both zoned by DHL cities (1: Riyadh, 26: Dubai); the zone's kind
    // once decided its country, so every city was Saudi Arabia's.
    const aeOnly = await staffWith([{ role: 'lab_coordinator', country: 'AE' }], { name: 'Emirates Coordinator' });
    const dubai = { zone: 'city:26', window: '16-18', capacity: 2 };
    expect((await staffCall(saOnly.token, '/staff/bloodTests/capacity', { json: dubai })).status).toBe(403);
    expect((await staffCall(aeOnly.token, '/staff/bloodTests/capacity', { json: dubai })).status).toBe(200);
    const riyadh = { zone: 'city:1', window: '16-18', capacity: 2 };
    expect((await staffCall(aeOnly.token, '/staff/bloodTests/capacity', { json: riyadh })).status).toBe(403);
    expect((await staffCall(saOnly.token, '/staff/bloodTests/capacity', { json: riyadh })).status).toBe(200);
    expect((await auditRows('slot_capacity.set', 'city:26 16-18')).map((row) => row.country)).toEqual(['AE']);
    expect((await auditRows('slot_capacity.set', 'city:1 16-18')).map((row) => row.country)).toEqual(['SA']);
    // Removing, too: a zone no country has is refused, not audited as the first country's.
    for (const staff of [aeOnly, saOnly])
      await staffCall(staff.token, '/staff/bloodTests/capacity/remove', {
        json: { zone: staff === aeOnly ? 'city:26' : 'city:1', window: '16-18' },
      });
    const unknown = await staffCall(saOnly.token, '/staff/bloodTests/capacity/remove', {
      json: { zone: 'city:999999', window: '16-18' },
    });
    expect(unknown.status).toBe(400);
  });

  it('capacity and blackout days take effect on the slot API, audited, per country grant', async () => {
    const day = openDay(6);
    const slots = async () =>
      (await json(await get(`/bloodTest/slots?area_id=27&sku_ids=${VITAMIN_D_SKU}`, null))).data.days.find(
        (d: { date: string }) => d.date === day,
      );
    expect((await slots()).windows.find((w: { window: string }) => w.window === '16-18').places_left).toBe(4);
    expect(
      (
        await staffCall(saOnly.token, '/staff/bloodTests/capacity', {
          json: { zone: 'area:27', window: '16-18', capacity: 1 },
        })
      ).status,
    ).toBe(403);
    const set = await staffCall(kwOnly.token, '/staff/bloodTests/capacity', {
      json: { zone: 'area:27', window: '16-18', capacity: 1 },
    });
    expect(set.status).toBe(200);
    expect((await slots()).windows.find((w: { window: string }) => w.window === '16-18').places_left).toBe(1);
    const settings = await json(await staffCall(kwOnly.token, '/staff/bloodTests/capacity'));
    expect(settings.data.capacity).toEqual([
      expect.objectContaining({ zone: 'area:27', slot_window: '16-18', capacity: 1 }),
    ]);
    // The zones a grant sees are its country's places: Kuwait's areas, Saudi Arabia's DHL cities.
    const zoneKinds = (zones: Array<{ zone: string; country: string }>) => [
      ...new Set(zones.map((z) => `${z.country} ${z.zone.split(':')[0]}`)),
    ];
    expect(zoneKinds(settings.data.zones)).toEqual(['KW area']);
    const saSettings = await json(await staffCall(saOnly.token, '/staff/bloodTests/capacity'));
    expect(zoneKinds(saSettings.data.zones)).toEqual(['SA city']);
    await staffCall(kwOnly.token, '/staff/bloodTests/capacity/remove', { json: { zone: 'area:27', window: '16-18' } });
    expect((await slots()).windows.find((w: { window: string }) => w.window === '16-18').places_left).toBe(4);
    expect(await auditRows('slot_capacity.set', 'area:27 16-18')).toHaveLength(1);
    expect(await auditRows('slot_capacity.remove', 'area:27 16-18')).toHaveLength(1);

    const add = await staffCall(kwOnly.token, '/staff/bloodTests/blackout', {
      json: { country: 'KW', date: day, name_en: 'Test holiday', name_ar: 'عطلة' },
    });
    expect(add.status).toBe(200);
    expect((await slots()).closed).toBe(true);
    expect(
      (await staffCall(saOnly.token, '/staff/bloodTests/blackout/remove', { json: { country: 'KW', date: day } }))
        .status,
    ).toBe(403);
    await staffCall(kwOnly.token, '/staff/bloodTests/blackout/remove', { json: { country: 'KW', date: day } });
    expect((await slots()).closed).toBe(false);
    expect(await auditRows('blackout_day.add', day)).toHaveLength(1);
    expect(await auditRows('blackout_day.remove', day)).toHaveLength(1);
  });
});

describe('the guard of a step that lost a race', () => {
  it('rolls the batch back (audit row included) when the step before it changed nothing', async () => {
    const db = env.DB;
    const audit = () => db.prepare("INSERT INTO audit_log (action, resource, at) VALUES ('guard.test', 'test', 1)");
    await expect(
      db.batch([db.prepare('UPDATE blood_test_orders SET updated_at = 1 WHERE id = -1'), changedGuard(db), audit()]),
    ).rejects.toThrow(/malformed JSON/i);
    expect(await auditRows('guard.test')).toHaveLength(0);
    await db.batch([
      db.prepare('UPDATE staff SET lang = lang WHERE id = ?').bind(coordinator.id),
      changedGuard(db),
      audit(),
    ]);
    expect(await auditRows('guard.test')).toHaveLength(1);
  });
});

describe('nurses and visit confirmation', () => {
  const addNurse = async (member: TestStaff, body: Record<string, unknown>) =>
    staffCall(member.token, '/staff/nurses', { json: body });

  it('keeps a list of nurses per country, phones in any form people type, within the grant', async () => {
    const res = await addNurse(coordinator, { country: 'SA', name: 'Reem Saudi', phone: '٠٥٥ ١٢٣ ٤٥٦٧' });
    expect(res.status, JSON.stringify((await json(res.clone())).meta)).toBe(200);
    const kwRes = await addNurse(coordinator, { country: 'KW', name: 'Dana Kuwait', phone: '+965 5512 3499' });
    expect(kwRes.status).toBe(200);
    const bad = await json(await addNurse(coordinator, { country: 'SA', name: 'Wrong', phone: '55123499' }));
    expect(JSON.stringify(bad)).toContain('nurse_phone_invalid');
    // A Kuwait-only coordinator may not add to Saudi Arabia's list, nor see it.
    expect((await addNurse(kwOnly, { country: 'SA', name: 'X', phone: '0551234567' })).status).toBe(403);
    const kwList = (await json(await staffCall(kwOnly.token, '/staff/nurses'))).data.nurses;
    expect(kwList.map((n: { name: string }) => n.name)).toContain('Dana Kuwait');
    expect(kwList.map((n: { country: string }) => n.country)).not.toContain('SA');
    const all = (await json(await staffCall(coordinator.token, '/staff/nurses'))).data.nurses;
    expect(all.find((n: { name: string }) => n.name === 'Reem Saudi')).toMatchObject({
      phone: '+966551234567',
      active: true,
    });
    expect((await auditRows('nurse.add')).length).toBeGreaterThanOrEqual(2);
  });

  it('assigns a nurse of the visit’s country, confirms the visit and tells the shopper who is coming', async () => {
    const date = openDay(5);
    const orderId = await book({ date, country: 'SA', lang: 'ar' });
    const nurses = (await json(await staffCall(coordinator.token, '/staff/nurses'))).data.nurses as {
      id: number;
      name: string;
      country: string;
    }[];
    const saNurse = nurses.find((n) => n.name === 'Reem Saudi')!;
    const kwNurse = nurses.find((n) => n.name === 'Dana Kuwait')!;
    // Confirming before a nurse is assigned says why.
    const early = await staffCall(coordinator.token, '/staff/visits/confirm', { json: { order_id: orderId } });
    expect(early.status).toBe(409);
    expect((await json(early)).meta.msg).toMatch(/nurse/i);
    // A nurse of the other country is refused; so is a coordinator of the other country.
    const wrong = await staffCall(coordinator.token, '/staff/visits/nurse', {
      json: { order_id: orderId, nurse_id: kwNurse.id },
    });
    expect(wrong.status).toBe(409);
    expect(
      (await staffCall(kwOnly.token, '/staff/visits/nurse', { json: { order_id: orderId, nurse_id: saNurse.id } }))
        .status,
    ).toBe(403);

    const assign = await staffCall(coordinator.token, '/staff/visits/nurse', {
      json: { order_id: orderId, nurse_id: saNurse.id },
    });
    expect(assign.status).toBe(200);
    let visit = (await json(await staffCall(coordinator.token, `/staff/visits?date=${date}`))).data.visits.find(
      (v: { id: number }) => v.id === orderId,
    );
    expect(visit).toMatchObject({ nurse: { id: saNurse.id, name: 'Reem Saudi' }, confirmed: false });
    // The shopper sees nothing of it until the visit is confirmed.
    let detail = (await json(await get(`/user/bloodTestOrder/getOrder?id=${orderId}`, shopper, 'SA', 'ar'))).data;
    expect(detail.visit_confirmation).toBeNull();

    const confirm = await staffCall(saOnly.token, '/staff/visits/confirm', { json: { order_id: orderId } });
    expect(confirm.status).toBe(200);
    visit = (await json(await staffCall(coordinator.token, `/staff/visits?date=${date}`))).data.visits.find(
      (v: { id: number }) => v.id === orderId,
    );
    expect(visit.confirmed).toBe(true);
    detail = (await json(await get(`/user/bloodTestOrder/getOrder?id=${orderId}`, shopper, 'SA', 'ar'))).data;
    expect(detail.visit_confirmation).toEqual({ nurse: 'Reem Saudi' });
    // Another shopper never sees the order, nor its nurse.
    expect((await get(`/user/bloodTestOrder/getOrder?id=${orderId}`, other, 'SA')).status).toBe(404);

    const { results: mails } = await env.DB.prepare(
      "SELECT subject, body_text, lang FROM mail_outbox WHERE kind = 'blood_test_visit' AND dedupe_key LIKE ?",
    )
      .bind(`blood-test:${orderId}:confirmed:%`)
      .all<{ subject: string; body_text: string; lang: string }>();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.lang).toBe('ar');
    expect(mails[0]!.subject).toContain(String(orderId));
    expect(mails[0]!.body_text).toContain('Reem Saudi');
    expect(mails[0]!.body_text).toContain('تأكّد موعد زيارة');
    // Confirming twice changes nothing and sends nothing more.
    const again = await json(
      await staffCall(coordinator.token, '/staff/visits/confirm', { json: { order_id: orderId } }),
    );
    expect(again.data.changed).toBe(false);
    expect((await auditRows('visit.confirm', String(orderId))).map((r) => r.staff_id)).toEqual([Number(saOnly.id)]);
    expect((await auditRows('visit.assign_nurse', String(orderId))).length).toBe(1);
  });

  it('a nurse taken off the list cannot be assigned; a visit that moved on keeps its nurse', async () => {
    const date = openDay(6);
    const orderId = await book({ date, country: 'SA' });
    const nurse = (await json(await staffCall(coordinator.token, '/staff/nurses'))).data.nurses.find(
      (n: { name: string }) => n.name === 'Reem Saudi',
    );
    await staffCall(coordinator.token, '/staff/visits/nurse', { json: { order_id: orderId, nurse_id: nurse.id } });
    await startVisit(env.DB, orderId);
    expect((await staffCall(coordinator.token, '/staff/visits/collect', { json: { order_id: orderId } })).status).toBe(
      200,
    );
    const late = await staffCall(coordinator.token, '/staff/visits/confirm', { json: { order_id: orderId } });
    expect(late.status).toBe(409);

    const off = await staffCall(coordinator.token, '/staff/nurses/active', {
      json: { nurse_id: nurse.id, active: false },
    });
    expect((await json(off)).data.changed).toBe(true);
    const next = await book({ date, country: 'SA', window: '09-11' });
    const refused = await staffCall(coordinator.token, '/staff/visits/nurse', {
      json: { order_id: next, nurse_id: nurse.id },
    });
    expect(refused.status).toBe(409);
    const list = (await json(await staffCall(coordinator.token, `/staff/visits?date=${date}`))).data;
    expect(list.nurses.map((n: { id: number }) => n.id)).not.toContain(nurse.id);
    expect(list.visits.find((v: { id: number }) => v.id === orderId).nurse).toMatchObject({ name: 'Reem Saudi' });
    await staffCall(coordinator.token, '/staff/nurses/active', { json: { nurse_id: nurse.id, active: true } });
  });
});
