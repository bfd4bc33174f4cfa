// Results from other labs, as shoppers keep them: the upload form in Arabic with its
// per-file statuses and consent, the result in the profile, its file downloaded byte for byte, and
// the result deleted after a confirmation.
import { readFile } from 'node:fs/promises';
import { reportPdf } from '../support/report-pdf';
import { expect, signUpThroughApi, test } from './fixtures';

/** A one-page text PDF with a correct cross-reference table (the value-reading tests' writer). */
const tinyPdf = (text: string) => Buffer.from(reportPdf([text]));

test('a shopper uploads a PDF report in Arabic, finds it in their results, downloads it and deletes it', async ({
  page,
}) => {
  await signUpThroughApi(page, { lang: 'ar', name: 'سارة' });
  await page.goto('/ar/upload-blood-test');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('رفع نتائج تحليل الدم');
  await expect(page.getByTestId('upload-promises')).toContainText('يُشفَّر كل ملف قبل حفظه.');

  // A text file named .pdf is judged by its content and refused with the reason; it is taken off the list.
  const files = page.getByTestId('upload-files');
  await files.setInputFiles({ name: 'ملاحظات.pdf', mimeType: 'application/pdf', buffer: Buffer.from('not a pdf') });
  const refused = page.getByTestId('upload-file').filter({ hasText: 'ملاحظات.pdf' });
  await expect(refused.getByTestId('upload-file-status')).toHaveText(
    'لم يُرفع: يرجى اختيار ملف PDF أو JPEG أو PNG أو HEIC.',
  );
  await refused.getByRole('button', { name: 'إزالة ملاحظات.pdf' }).click();
  await expect(page.getByTestId('upload-file')).toHaveCount(0);

  const report = tinyPdf('Vitamin D 32 ng/mL');
  await files.setInputFiles({ name: 'vitamin-d.pdf', mimeType: 'application/pdf', buffer: report });
  await expect(page.getByTestId('upload-file-status')).toHaveText('تم الرفع');

  await page.getByLabel(/^اسم المختبر/).fill('مختبر البرج');
  await page.getByLabel(/^تاريخ أخذ العينة/).fill('2026-11-02');
  await page.getByLabel(/^ملاحظات/).fill('فحص سنوي');
  // Without the consent to process health data, nothing is saved, and the form says why.
  await page.getByTestId('upload-submit').click();
  await expect(page.getByTestId('form-summary')).toContainText('يرجى الموافقة على الإقرار للمتابعة.');
  await expect(page.getByTestId('upload-consent')).toBeFocused();
  await page.getByTestId('upload-consent').check();
  await page.getByTestId('upload-submit').click();

  // The saved result opens: its facts and its file, downloaded as the same bytes.
  await expect(page).toHaveURL(/\/ar\/profile\/blood-tests\/uploaded\?id=\d+$/);
  const detailUrl = page.url();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('مختبر البرج');
  await expect(page.getByTestId('uploaded-facts')).toContainText('2 نوفمبر 2026');
  await expect(page.getByTestId('uploaded-facts')).toContainText('فحص سنوي');
  const file = page.getByTestId('uploaded-file');
  await expect(file).toContainText('مستند PDF');
  await expect(file).toContainText('كيلوبايت');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    file.getByRole('link', { name: 'vitamin-d.pdf' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('vitamin-d.pdf');
  expect((await readFile(await download.path())).equals(report)).toBe(true);
  const fileUrl = new URL((await file.getByRole('link').getAttribute('href'))!, page.url()).href;

  // In the results: the list and the blood-tests hub.
  await page.goto('/ar/profile/blood-tests/uploaded');
  const card = page.getByTestId('uploaded-card');
  await expect(card).toHaveCount(1);
  await expect(card).toContainText('مختبر البرج');
  await expect(card).toContainText('ملف واحد');
  await page.goto('/ar/profile/blood-tests');
  await expect(page.getByTestId('bt-hub-uploaded').getByTestId('uploaded-card')).toContainText('مختبر البرج');
  await page.getByTestId('bt-hub-uploaded').getByRole('link', { name: 'مختبر البرج' }).click();
  await expect(page).toHaveURL(detailUrl);

  // Deleting asks first in a dialog; keeping it closes the dialog and changes nothing.
  await page.getByTestId('uploaded-delete').click();
  const dialog = page.getByRole('dialog', { name: 'حذف هذه النتيجة؟' });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(page.getByTestId('uploaded-delete')).toBeFocused();
  await page.getByTestId('uploaded-delete').click();
  await dialog.getByTestId('uploaded-delete-confirm').click();
  await expect(page).toHaveURL(/\/ar\/profile\/blood-tests\/uploaded$/);
  await expect(page.getByText('لم ترفع أي نتيجة بعد.')).toBeVisible();
  // The file is gone too.
  expect((await page.request.get(fileUrl)).status()).toBe(404);
  // And the result's own page is a not-found.
  const gone = await page.goto(detailUrl);
  expect(gone?.status()).toBe(404);
});

test('a shopper on a phone chooses files on the Arabic upload form without scrolling sideways', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signUpThroughApi(page, { lang: 'ar' });
  await page.goto('/ar/upload-blood-test');
  await page.getByTestId('upload-files').setInputFiles({
    name: 'complete-blood-count-and-vitamin-panel-report-from-the-lab.pdf',
    mimeType: 'application/pdf',
    buffer: tinyPdf('CBC'),
  });
  await expect(page.getByTestId('upload-file-status')).toHaveText('تم الرفع');
  await page.getByTestId('upload-submit').click();
  await expect(page.getByTestId('form-summary')).toBeVisible();
  await page.evaluate(() => document.fonts.ready);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
