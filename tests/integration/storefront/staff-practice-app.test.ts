// The nutritionist's pages of the back office through the real staff worker and API, in both
// languages: the nav entry for a nutritionist and the owner (no one else), the day with Gulf times,
// the hours form (saved, and a refused overlap shown again as typed), a booking (no intake given: the
// API tests and the e2e story read a sealed one), notes, the builder's search and an upper-limit
// warning with the acknowledgement it needs (refused, then added), the share, the marks with the refund
// each gives, "Join the call", and the owner's earnings and CSV — the owner seeing the booking without
// its health part.
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { gulfDate } from '#shared/gulf-days';
import { loadConsultationFixture } from '../fixtures/consultations';
import { staffPage, staffPost, staffSignIn } from './staff-session';

let nutritionist: { cookie: string; id: number };
let nutritionistAr: string;
let owner: string;
let next = 700_000_001;

async function consultation(o: { startsIn?: number; nutritionist?: number } = {}): Promise<number> {
  const id = next++;
  const now = Date.now();
  const starts = now + (o.startsIn ?? -10 * 60_000);
  const user = await env.API_DB.prepare(
    "INSERT INTO users (name, email, password_hash, lang, created_at) VALUES ('Maryam Al-Saleh', ?, '', 'ar', 0) RETURNING id",
  )
    .bind(`practice-${id}@example.com`)
    .first<{ id: number }>();
  await env.API_DB.prepare(
    `INSERT INTO consultations (id, user_id, nutritionist_id, service_id, idempotency_key, body_hash, country, currency, lang,
      status, starts_at, ends_at, slot_held, payment_method, payment_state, price, vat, vat_basis_points, total, created_at, updated_at)
     VALUES (?, ?, ?, 11, ?, 'h', 'KW', 'KWD', 'ar', 'booked', ?, ?, 1, 'card', 'paid', 8000, 0, 0, 8000, ?, ?)`,
  )
    .bind(id, user!.id, o.nutritionist ?? 1, `k-${id}`, starts, starts + 20 * 60_000, now, now)
    .run();
  return id;
}

beforeAll(async () => {
  nutritionist = await staffSignIn([{ role: 'nutritionist', country: null }], { name: 'Noura' });
  await loadConsultationFixture(env.API_DB, { staffId: nutritionist.id });
  nutritionistAr = (await staffSignIn([{ role: 'nutritionist', country: null }], { lang: 'ar', name: 'Khalid' }))
    .cookie;
  const khalid = await env.API_DB.prepare("SELECT id FROM staff WHERE name = 'Khalid'").first<{ id: number }>();
  await env.API_DB.prepare('UPDATE nutritionists SET staff_id = ? WHERE id = 2').bind(khalid!.id).run();
  owner = (await staffSignIn([{ role: 'owner', country: null }], { name: 'Owner' })).cookie;
  // The gates read a SKU's daily dose: 1000 IU of vitamin D a serving.
  await env.API_DB.prepare(
    "INSERT INTO sku_nutrients (sku_id, nutrient, amount, unit) VALUES (101, 'vitamin-d', '1000', 'IU')",
  ).run();
});

describe("the nutritionist's pages of the staff app", () => {
  it('shows Consultations to nutritionists and the owner only', async () => {
    expect(await (await staffPage('/', owner)).text()).toContain('href="/consultations"');
    // A nutritionist has no dashboard: signing in lands on her day, not on a refusal.
    const home = await staffPage('/', nutritionist.cookie);
    expect(home.status).toBe(303);
    expect(home.headers.get('location')).toBe('/consultations');
    expect(await (await staffPage('/consultations', nutritionist.cookie)).text()).toContain('href="/consultations"');
    const clerk = (await staffSignIn([{ role: 'fulfilment', country: null }])).cookie;
    expect(await (await staffPage('/', clerk)).text()).not.toContain('href="/consultations"');
    expect((await staffPage('/consultations', clerk)).status).toBe(403);
    // A nutritionist's account nobody linked to a nutritionist yet is told so.
    const unlinked = (await staffSignIn([{ role: 'nutritionist', country: null }], { name: 'New' })).cookie;
    const page = await staffPage('/consultations', unlinked);
    expect(page.status).toBe(404);
    expect(await page.text()).toContain('Your account is not linked to a nutritionist yet.');
  });

  it("renders the day in English with the shopper's first name and Gulf time, and in Arabic with the Hijri date", async () => {
    const id = await consultation();
    // The day of the booking (10 minutes ago: near midnight, yesterday in the Gulf).
    const day = gulfDate(Date.now() - 10 * 60_000);
    const res = await staffPage(`/consultations?date=${day}`, nutritionist.cookie);
    expect(res.status).toBe(200);
    const page = await res.text();
    expect(page).toContain('Consultations of the day');
    expect(page).toContain(`href="/consultations/${id}"`);
    expect(page).toContain('Maryam');
    expect(page).not.toContain('Al-Saleh');
    const other = await consultation({ nutritionist: 2 });
    const ar = await (await staffPage(`/consultations?date=${day}`, nutritionistAr)).text();
    expect(ar).toContain('<html lang="ar" dir="rtl">');
    expect(ar).toContain('استشارات اليوم');
    expect(ar).toContain(`href="/consultations/${other}"`);
    expect(ar).toMatch(/هـ/);
  });

  it('saves the week through the hours form, and shows an overlap again as typed with the reason', async () => {
    const page = await (await staffPage('/consultations/hours', nutritionist.cookie)).text();
    expect(page).toContain('Weekly hours and days off');
    const saved = await staffPost(
      '/consultations/hours',
      {
        rows: '2',
        weekday_0: '0',
        start_0: '09:00',
        end_0: '13:00',
        service_0: '',
        weekday_1: '',
        start_1: '',
        end_1: '',
        service_1: '',
      },
      nutritionist.cookie,
    );
    expect(saved.status).toBe(303);
    expect(saved.headers.get('location')).toBe('/consultations/hours?done=hours');
    const after = await (await staffPage('/consultations/hours?done=hours', nutritionist.cookie)).text();
    expect(after).toContain('The week’s hours are saved.');
    expect(after).toContain('value="13:00"');
    const overlap = await staffPost(
      '/consultations/hours',
      { rows: '2', weekday_0: '2', start_0: '09:00', end_0: '12:00', weekday_1: '2', start_1: '11:00', end_1: '14:00' },
      nutritionist.cookie,
    );
    expect(overlap.status).toBe(400);
    const text = await overlap.text();
    expect(text).toContain('Two rows of the same day overlap.');
    expect(text).toContain('value="14:00"');
  });

  it('opens a booking, builds the list with an acknowledged upper-limit warning, and shares it', async () => {
    const id = await consultation();
    const page = await (await staffPage(`/consultations/${id}`, nutritionist.cookie)).text();
    expect(page).toContain('No intake was given.');
    expect(page).toContain(`href="/consultations/${id}/call"`);
    expect(page).toContain('Join the call');
    // The marks say what each refunds before the button.
    expect(page).toMatch(
      /Call failed<span class="muted" data-refund="call_failed"> — KWD\s?8\.000 refunded to the shopper/,
    );
    expect(page).toContain('data-refund="shopper_no_show"> — no refund');

    const search = await (await staffPage(`/consultations/${id}?q=vitamin%20d3`, nutritionist.cookie)).text();
    expect(search).toContain('data-hit="101"');
    const item = {
      sku_id: '101',
      quantity: '1',
      servings_per_day: '5',
      dose: 'Five softgels a day for 8 weeks',
      reason: 'Vitamin D deficiency',
      name: 'Vitamin D3 1000 IU',
      q: 'vitamin d3',
    };
    const refused = await staffPost(
      `/consultations/${id}/recommendations/add`,
      { ...item, acknowledged_reason: '' },
      nutritionist.cookie,
    );
    expect(refused.status).toBe(422);
    const again = await refused.text();
    expect(again).toContain('A safety warning applies to this product.');
    expect(again).toContain('data-pending="101"');
    expect(again).toContain('data-warnings="upper_limit:vitamin-d"');
    expect(again).toContain('5 a day gives 5000 IU of vitamin D, above the upper limit for her age (4000 IU a day).');
    const added = await staffPost(
      `/consultations/${id}/recommendations/add`,
      { ...item, acknowledged_reason: 'Level 9 ng/mL; retest in 8 weeks' },
      nutritionist.cookie,
    );
    expect(added.status).toBe(303);
    expect(added.headers.get('location')).toBe(`/consultations/${id}?q=vitamin+d3&done=list`);
    const listed = await (await staffPage(`/consultations/${id}?done=list`, nutritionist.cookie)).text();
    expect(listed).toContain('data-recommendation="101"');
    expect(listed).toContain('Level 9 ng/mL; retest in 8 weeks');
    expect(listed).toContain('The list is saved.');

    const notes = await staffPost(
      `/consultations/${id}/notes`,
      { notes: 'Private plan', summary: 'خذي فيتامين د يومياً.' },
      nutritionist.cookie,
    );
    expect(notes.headers.get('location')).toBe(`/consultations/${id}?done=notes`);
    const shared = await staffPost(`/consultations/${id}/share`, {}, nutritionist.cookie);
    expect(shared.headers.get('location')).toBe(`/consultations/${id}?done=shared`);
    expect(await (await staffPage(`/consultations/${id}?done=shared`, nutritionist.cookie)).text()).toContain(
      'data-shared',
    );

    // The owner sees the booking and its marks, never its health part nor its call.
    const ownerPage = await (await staffPage(`/consultations/${id}`, owner)).text();
    expect(ownerPage).toContain('data-no-health');
    expect(ownerPage).not.toContain(`/consultations/${id}/call`);
    for (const secret of ['Private plan', 'retest in 8 weeks', 'Vitamin D deficiency'])
      expect(ownerPage).not.toContain(secret);
  });

  it('renders a booking in Arabic and marks it', async () => {
    const id = await consultation({ nutritionist: 2 });
    const page = await (await staffPage(`/consultations/${id}`, nutritionistAr)).text();
    expect(page).toContain('<html lang="ar" dir="rtl">');
    expect(page).toContain('نموذج الاستقبال');
    expect(page).toContain('لم يُملأ نموذج الاستقبال.');
    const marked = await staffPost(`/consultations/${id}/mark`, { outcome: 'held' }, nutritionistAr);
    expect(marked.headers.get('location')).toBe(`/consultations/${id}?done=marked`);
    expect(await (await staffPage(`/consultations/${id}?done=marked`, nutritionistAr)).text()).toContain(
      'حُفظ التسجيل.',
    );
  });

  it("shows the owner's earnings and downloads them as CSV; a nutritionist is refused", async () => {
    const page = await staffPage('/consultations/earnings', owner);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Consultation earnings');
    const csv = await staffPage('/consultations/earnings.csv', owner);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(await csv.text()).toContain('nutritionist_part');
    expect((await staffPage('/consultations/earnings', nutritionist.cookie)).status).toBe(403);
  });
});
