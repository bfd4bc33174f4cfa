// Data rights (decision 49): a shopper asks for her data in Arabic on her account page, the
// background job prepares it (run now through the local /dev route), she downloads the archive through
// its signed link and finds her JSON and her uploaded file's bytes; she erases her health data from the
// same page and keeps her account, the dialog listing what goes before she confirms (issue 44, finding
// 4); then she deletes her account: she is signed out and her data is gone. One story: the steps share
// the account and the upload (decision 70).
import { readFileSync } from 'node:fs';
import { BLOOD_TEST_UPLOAD_CONSENT_VERSION } from '#shared/api/blood-test-upload-schemas';
import { readZip, zipText } from '../support/zip';
import type { Page } from '@playwright/test';
import { expect, signUpThroughApi, test } from './fixtures';

const SHOTS = process.env.DATA_RIGHTS_SHOTS;
const headers = { accept: 'application/json', lang: 'ar', 'x-country': 'KW' };
const REPORT = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\nVitamin D 18 ng/mL data-rights\n%%EOF\n');

/** Her uploaded result (a PDF with a lab's name), set up through the API. */
async function uploadReport(page: Page): Promise<{ fileId: string; uploadId: number }> {
  const up = await page.request.post('/api/user/upload/bloodtest?name=report.pdf', {
    headers: { ...headers, 'content-type': 'application/octet-stream' },
    data: REPORT,
  });
  expect(up.status(), await up.text()).toBe(200);
  const fileId = (await up.json()).data.id as string;
  const sent = await page.request.post('/api/user/upload/bloodtest/submit', {
    headers,
    data: {
      lab_name: 'مختبر البرج',
      sample_date: '2026-11-02',
      notes: '',
      file_ids: [fileId],
      consent: true,
      consent_version: BLOOD_TEST_UPLOAD_CONSENT_VERSION,
    },
  });
  expect(sent.status(), await sent.text()).toBe(200);
  return { fileId, uploadId: (await sent.json()).data.id as number };
}

test('a shopper downloads her data, erases her health data seeing what goes first, and deletes her account', async ({
  page,
}) => {
  // The export, the erasure and the deletion on one account: a long story.
  test.slow();
  const shopper = await signUpThroughApi(page, { lang: 'ar', name: 'هدى العلي' });
  const { fileId, uploadId } = await uploadReport(page);

  // She asks in Arabic; the page says it is being prepared.
  await page.goto('/ar/profile/account');
  const section = page.getByTestId('account-data');
  await expect(section.getByRole('heading', { name: 'بياناتك' })).toBeVisible();
  await section.getByTestId('data-export-request').click();
  await expect(page.getByTestId('toast')).toContainText('نُعدّ بياناتك الآن.');
  await expect(section.getByTestId('data-export-state')).toContainText('نُعدّ ملفك الآن');
  await expect(section.getByTestId('data-export-request')).toHaveCount(0);

  // The background job, now; the page then offers the archive until its expiry.
  const run = await page.request.post('/dev/data-rights/run', { data: {} });
  expect(run.status(), await run.text()).toBe(200);
  expect((await run.json()).data.prepared).toBe(1);
  await page.reload();
  await expect(section.getByTestId('data-export-state')).toContainText('ملفك جاهز');
  if (SHOTS) {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${SHOTS}/profile-account-ar-390.png`, fullPage: true });
  }

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    section.getByTestId('data-export-download').click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^gulf-vitamins-data-\d+\.zip$/);
  const entries = readZip(new Uint8Array(readFileSync(await download.path())));
  expect(JSON.parse(zipText(entries, 'account.json')).account).toMatchObject({
    email: shopper.email,
    name: 'هدى العلي',
  });
  expect(zipText(entries, 'README.txt')).toContain('بياناتك لدى خليج الفيتامينات');
  const exported = JSON.parse(zipText(entries, 'blood-tests.json'));
  expect(exported.uploaded_results).toMatchObject([{ id: uploadId, lab_name: 'مختبر البرج' }]);
  const file = exported.uploaded_results[0].files[0].file as string;
  expect(Buffer.from(entries.get(file)!)).toEqual(REPORT);

  // She erases her health data and keeps her account: the dialog lists what goes before she confirms.
  await page.goto('/ar/profile/account');
  const health = page.getByTestId('account-health');
  await expect(health.getByRole('heading', { name: 'بياناتك الصحية' })).toBeVisible();
  await health.getByRole('button', { name: 'امسح بياناتي الصحية' }).click();
  const dialog = page.getByRole('dialog', { name: 'هل تريد مسح بياناتك الصحية؟' });
  await expect(dialog.getByTestId('health-erase-list').getByRole('listitem')).toHaveText(['تقرير واحد رفعته وملفاته']);
  if (SHOTS) {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${SHOTS}/health-erase-ar-390.png` });
  }
  await dialog.getByRole('button', { name: 'امسح نهائياً' }).click();
  await expect(page.getByTestId('toast')).toContainText('مُسحت بياناتك الصحية.');
  await expect(dialog).toBeHidden();
  expect((await page.request.get(`/api/user/upload/bloodtest/${uploadId}/files/${fileId}`, { headers })).status()).toBe(
    404,
  );

  // Still signed in; asked again, there is nothing left to erase.
  expect((await page.request.get('/api/user/me', { headers })).status()).toBe(200);
  await health.getByRole('button', { name: 'امسح بياناتي الصحية' }).click();
  await expect(dialog.getByTestId('health-erase-none')).toHaveText('لا نحفظ أي بيانات صحية لك: لا يوجد ما يُمسح.');
  await expect(dialog.getByRole('button', { name: 'امسح نهائياً' })).toHaveCount(0);

  // She deletes her account (in English this time): signed out, and nothing of hers answers.
  await page.goto('/profile/account');
  const remove = page.locator('section.danger-zone');
  await remove.getByLabel('Type your password to confirm').fill(shopper.password);
  await remove.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page.getByRole('link', { name: 'Sign in' }).first()).toBeVisible();
  expect((await page.request.get('/api/user/me', { headers })).status()).toBe(401);
  const login = await page.request.post('/api/user/login', {
    headers,
    data: { email: shopper.email, password: shopper.password },
  });
  expect(login.status()).toBeGreaterThanOrEqual(400);
  expect((await page.request.get(`/api/user/upload/bloodtest/${uploadId}/files/${fileId}`)).status()).toBe(401);
});
