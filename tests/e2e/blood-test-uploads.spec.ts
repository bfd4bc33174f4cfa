// Results from other labs, as shoppers keep them: the upload form in Arabic with its per-file
// statuses and consent, on a phone without sideways scrolling; the report's values found and offered
// unticked beside their line, two ticked and one left out, one typed with the marker picker, all saved
// and listed in Arabic with the numbers left to right; the file downloaded byte for byte, and the result
// deleted after a confirmation. One story: each part needs the upload before it (decision 70).
import { readFile } from 'node:fs/promises';
import { reportPdf, SAMPLE_REPORT } from '../support/report-pdf';
import { expect, signUpThroughApi, test } from './fixtures';

test('a shopper uploads a PDF report in Arabic on a phone, confirms its values, finds it in their results, downloads it and deletes it', async ({
  page,
}) => {
  // The upload, its values read from the PDF, the download and the deletion: a long story.
  test.slow();
  await page.setViewportSize({ width: 390, height: 844 });
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

  // A long file name wraps on a phone (the page never scrolls sideways, checked below).
  const report = Buffer.from(reportPdf(SAMPLE_REPORT));
  const name = 'complete-blood-count-and-vitamin-panel-report-from-the-lab.pdf';
  await files.setInputFiles({ name, mimeType: 'application/pdf', buffer: report });
  await expect(page.getByTestId('upload-file-status')).toHaveText('تم الرفع');

  await page.getByLabel(/^اسم المختبر/).fill('مختبر البرج');
  await page.getByLabel(/^تاريخ أخذ العينة/).fill('2026-11-02');
  await page.getByLabel(/^ملاحظات/).fill('فحص سنوي');
  // Without the consent to process health data, nothing is saved, and the form says why.
  await page.getByTestId('upload-submit').click();
  await expect(page.getByTestId('form-summary')).toContainText('يرجى الموافقة على الإقرار للمتابعة.');
  await expect(page.getByTestId('upload-consent')).toBeFocused();
  await page.evaluate(() => document.fonts.ready);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1280, height: 720 });
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
  const [download] = await Promise.all([page.waitForEvent('download'), file.getByRole('link', { name }).click()]);
  expect(download.suggestedFilename()).toBe(name);
  expect((await readFile(await download.path())).equals(report)).toBe(true);
  const fileUrl = new URL((await file.getByRole('link').getAttribute('href'))!, page.url()).href;

  // Its values, read from the PDF and confirmed one by one.
  const values = page.getByTestId('uploaded-values');
  await expect(values.getByRole('heading', { level: 2 })).toHaveText('القيم');
  await expect(values.getByTestId('values-empty')).toHaveText('لم تُحفظ أي قيم لهذه النتيجة بعد.');

  await values.getByTestId('values-edit').click();
  await values.getByTestId('values-find').click();
  await expect(values.getByTestId('values-read-status')).toHaveText('عُثر على 4 قيم في ملف PDF. أكّد الصحيح منها.');
  const findings = values.getByTestId('values-finding');
  await expect(findings).toHaveCount(4);
  // Each finding shows the report's line and waits, unticked, for the shopper.
  const vitaminD = findings.nth(0);
  await expect(vitaminD.getByTestId('values-marker').locator('option:checked')).toHaveText('فيتامين د (25-هيدروكسي)');
  await expect(vitaminD.getByTestId('values-value')).toHaveValue('18.2');
  await expect(vitaminD.getByTestId('values-source')).toHaveText('25-Hydroxy Vitamin D 18.2 L ng/mL 30 - 100');
  for (let i = 0; i < 4; i++) await expect(findings.nth(i).getByTestId('values-confirm')).not.toBeChecked();
  // Magnesium's unit was not printed: the proposed unit is flagged for checking.
  const magnesium = findings.nth(3);
  await expect(magnesium.getByTestId('values-unit')).toHaveAccessibleDescription(
    'تحقق من الوحدة: لم تظهر بوضوح في التقرير.',
  );

  // Tick vitamin D and ferritin; HbA1c and magnesium stay unticked and are not saved.
  await vitaminD.getByRole('checkbox', { name: 'هذه القيمة صحيحة' }).check();
  await findings.nth(1).getByRole('checkbox', { name: 'هذه القيمة صحيحة' }).check();

  // One more value typed with the marker picker: vitamin B12 in pmol/L, with Arabic digits.
  await values.getByTestId('values-add').click();
  const typed = values.getByTestId('values-row').last();
  await typed.getByLabel('المؤشر', { exact: true }).selectOption({ label: 'فيتامين ب12' });
  await expect(
    typed.getByLabel('المؤشر', { exact: true }).locator('optgroup[label="الفيتامينات والمعادن"]'),
  ).toHaveCount(1);
  await typed.getByLabel('القيمة', { exact: true }).fill('٣٠٥٫٥');
  await typed.getByLabel('الوحدة', { exact: true }).selectOption('pmol/L');
  await values.getByTestId('values-save').click();

  await expect(page.getByTestId('toast')).toContainText('تم حفظ القيم.');
  await expect(values.getByTestId('values-editor')).toHaveCount(0);
  const rows = values.getByTestId('value-row');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(0)).toContainText('فيتامين د (25-هيدروكسي)');
  await expect(rows.nth(0)).toContainText('18.2 ng/mL');
  await expect(rows.nth(0)).toContainText('من ملف PDF');
  await expect(rows.nth(1)).toContainText('فيتامين ب12');
  await expect(rows.nth(1)).toContainText('305.5 pmol/L');
  await expect(rows.nth(1)).toContainText('كتبتها بنفسك');
  await expect(rows.nth(2)).toContainText('الفيريتين');
  await expect(rows.nth(2)).toContainText('22 ng/mL');
  await expect(values.getByRole('heading', { level: 2 })).toHaveText('القيم (3 قيم)');
  // The number and its unit read left to right inside the Arabic table.
  await expect(rows.nth(0).locator('bdi')).toHaveAttribute('dir', 'ltr');

  // Saved for good: the page loaded again lists them.
  await page.reload();
  await expect(page.getByTestId('value-row')).toHaveCount(3);
  await expect(page.getByTestId('values-table')).not.toContainText('HbA1c');

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
