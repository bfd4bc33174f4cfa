// The nutritionist's side of the back office as the seeded nutritionist uses it (issue 46): a shopper
// has booked a first call with her (through the API from the page's own request context, paid by
// KNET on the sandbox; the shop's stories book through the pages) naming an anticoagulant in her
// intake. The nutritionist signs in, adds weekly hours, opens the booking from her day, reads the
// intake, writes her notes and the summary, builds the list from the catalogue with the fish-oil
// interaction warning acknowledged, and shares it with the shopper.
import type { Page } from '@playwright/test';
import { LOCAL_NUTRITIONIST } from '../../shared/staff/local-owner';
import { CONSULTATION_CONSENT_VERSION } from '../../shared/consultations/facts';
import { gulfDate } from '../../shared/gulf-days';
import { expect, signInStaff, signUpThroughApi, staffOrigin, test } from './fixtures';

const SHOTS = process.env.PRACTICE_SHOTS;
/** The seeded first nutritionist's first call (api/seed/consultations.ts: serviceId(1, 0)). */
const FIRST_CALL = 1;

async function api<T>(page: Page, method: 'GET' | 'POST', path: string, data?: unknown): Promise<T> {
  const headers = { accept: 'application/json', lang: 'en', 'x-country': 'KW' };
  const res =
    method === 'GET'
      ? await page.request.get(`/api${path}`, { headers })
      : await page.request.post(`/api${path}`, { headers, data });
  const body = await res.json();
  expect(res.status(), JSON.stringify(body.meta)).toBe(200);
  return body.data as T;
}

/** A new shopper books the first free first call and pays by KNET on the sandbox; answers its id and start. */
async function bookedConsultation(page: Page, baseURL: string): Promise<{ id: number; startsAt: number }> {
  await signUpThroughApi(page, { lang: 'en', name: 'Layla Hassan' });
  const slots = await api<{ days: { date: string; times: { starts_at: string }[] }[] }>(
    page,
    'GET',
    `/nutritionist/1/slots?service_id=${FIRST_CALL}&days=14`,
  );
  const times = slots.days.flatMap((d) => d.times);
  // A later time than the other stories take: the last offered one.
  const startsAt = times[times.length - 1]!.starts_at;
  const hold = await api<{ hold_id: string }>(page, 'POST', '/consultation/hold', {
    service_id: FIRST_CALL,
    starts_at: startsAt,
  });
  const booked = await api<{ id: number; payment_url: string | null }>(page, 'POST', '/consultation', {
    idempotency_key: crypto.randomUUID(),
    hold_id: hold.hold_id,
    service_id: FIRST_CALL,
    intake: {
      goal: 'More energy in the afternoons',
      conditions: 'Atrial fibrillation',
      medicines: [{ class: 'anticoagulant', name: 'Warfarin' }],
      pregnancy: 'none',
      allergies: '',
    },
    consent: true,
    consent_version: CONSULTATION_CONSENT_VERSION,
    payment: { method: 'card', card_method: 'knet' },
  });
  expect(booked.payment_url).toMatch(/\/payments\/sandbox\/pay_/);
  // The sandbox page's approval, posted as its form would post it (the shopper's pages are shop's story).
  const paid = await page.request.post(new URL(booked.payment_url!, baseURL).href, {
    form: { outcome: 'succeeded' },
    headers: { origin: baseURL, 'sec-fetch-site': 'same-origin' },
    maxRedirects: 0,
  });
  expect(paid.status()).toBe(303);
  await expect
    .poll(async () => (await api<{ status: string }>(page, 'GET', `/user/consultation/${booked.id}`)).status)
    .toBe('booked');
  return { id: booked.id, startsAt: Date.parse(startsAt) };
}

async function shoot(page: Page, name: string) {
  if (!SHOTS) return;
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('a nutritionist runs the day', async ({ page, baseURL }) => {
  const { id, startsAt } = await bookedConsultation(page, baseURL!);
  const staff = staffOrigin(baseURL!);
  await signInStaff(page, staff, {
    email: LOCAL_NUTRITIONIST.email,
    password: LOCAL_NUTRITIONIST.password,
    secret: LOCAL_NUTRITIONIST.totpSecret,
  });

  // Her hours: a weekend row added in the first blank row (a day her seeded week leaves free).
  await page.getByRole('link', { name: 'Consultations' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Consultations of the day');
  await page.getByRole('link', { name: 'Weekly hours and days off' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Weekly hours and days off');
  const used = await page
    .locator('select[name^="weekday_"]')
    .evaluateAll((els) => els.map((e) => (e as HTMLSelectElement).value));
  const free = ['6', '5'].find((d) => !used.includes(d));
  if (free) {
    const blank = used.indexOf('');
    await page.getByLabel(`Day of row ${blank + 1}`).selectOption(free);
    await page.getByLabel(`Start of row ${blank + 1}`).fill('10:00');
    await page.getByLabel(`End of row ${blank + 1}`).fill('14:00');
    await page.getByRole('button', { name: 'Save the week' }).click();
    await expect(page.getByRole('status')).toHaveText('The week’s hours are saved.');
  }
  await shoot(page, 'hours');

  // The day of the booking, and the booking with her intake.
  await page.getByRole('link', { name: 'Back to the day' }).click();
  await page.getByLabel('Date').fill(gulfDate(startsAt));
  await page.getByRole('button', { name: 'Show' }).click();
  const row = page.locator(`tr[data-consultation="${id}"]`);
  await expect(row).toContainText('Layla');
  await expect(row).not.toContainText('Hassan');
  await shoot(page, 'day');
  await row.getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Consultation with Layla');
  await expect(page.getByText('More energy in the afternoons')).toBeVisible();
  await expect(page.getByText('Anticoagulant (e.g. warfarin) · Warfarin')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Join the call' })).toHaveAttribute('href', `/consultations/${id}/call`);

  // Notes and the summary for her.
  await page.getByLabel('Private notes').fill('Fatigue after lunch; INR stable per her cardiologist.');
  await page
    .getByLabel('Summary for the shopper (in English)')
    .fill('Eat a protein-rich lunch and take omega-3 with it.');
  await page.getByRole('button', { name: 'Save notes and summary' }).click();
  await expect(page.getByRole('status')).toHaveText('Notes and summary saved.');

  // The list: fish oil warns of her anticoagulant; without a reason it is refused, with one it saves.
  await page.getByLabel('Product name, product number or SKU').fill('fish oil');
  await page.getByRole('button', { name: 'Search' }).click();
  const hit = page.locator('form[data-hit]').first();
  await expect(hit.locator('[data-warnings]')).toContainText('anticoagulants');
  await hit.getByLabel('Dose, as she should take it').fill('One softgel with lunch');
  await hit.getByLabel('Why (she reads this)').fill('Supports heart health alongside your diet.');
  await hit.getByRole('button', { name: 'Add to the list' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'A safety warning applies to this product. Write why you recommend it anyway, or change the dose.',
  );
  const pending = page.locator('form[data-pending]');
  await pending
    .getByLabel('Reason for recommending it despite the warning')
    .fill('Low dose; her cardiologist follows her INR.');
  await pending.getByRole('button', { name: 'Add to the list' }).click();
  await expect(page.getByRole('status')).toHaveText('The list is saved.');
  const item = page.locator('[data-recommendation]');
  await expect(item).toHaveCount(1);
  await expect(item).toContainText('Recommended anyway because: Low dose; her cardiologist follows her INR.');
  await shoot(page, 'booking');

  // Shared with the shopper, who can now read it on her consultation.
  await page.getByRole('button', { name: 'Share the summary and the list' }).click();
  await expect(page.getByRole('status')).toHaveText('Shared with the shopper.');
  await expect(page.locator('[data-shared]')).toBeVisible();
});
