// The values of an uploaded report, as a shopper in Arabic confirms them: the PDF's values
// found and offered unticked beside their line in the report, two ticked and one left out, one typed
// with the marker picker, all saved and listed in Arabic with the numbers left to right.
import { expect, signUpThroughApi, test } from './fixtures';
import { reportPdf, SAMPLE_REPORT } from '../support/report-pdf';

test('a shopper uploads a PDF report in Arabic and confirms its values', async ({ page }) => {
  await signUpThroughApi(page, { lang: 'ar', name: 'سارة' });
  await page.goto('/ar/upload-blood-test');
  await page.getByTestId('upload-files').setInputFiles({
    name: 'تقرير-المختبر.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from(reportPdf(SAMPLE_REPORT)),
  });
  await expect(page.getByTestId('upload-file-status')).toHaveText('تم الرفع');
  await page.getByLabel(/^اسم المختبر/).fill('مختبر الخليج الطبي');
  await page.getByLabel(/^تاريخ أخذ العينة/).fill('2026-01-15');
  await page.getByTestId('upload-consent').check();
  await page.getByTestId('upload-submit').click();

  await expect(page).toHaveURL(/\/ar\/profile\/blood-tests\/uploaded\?id=\d+$/);
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
});
