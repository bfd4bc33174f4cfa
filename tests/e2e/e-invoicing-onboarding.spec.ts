// The owner onboards the shop's e-invoice stamp with ZATCA in Arabic, end to end, against the local
// ZATCA stand-in (issue 75): the seller's legal data, the key pair and request, a one-time code ZATCA
// refuses and one it accepts, the compliance checks of the three sample documents, the production
// certificate; then the stamp is in use.
import { createStaffThroughDev, expect, signInStaff, staffOrigin, test } from './fixtures';

test('the owner onboards the e-invoice stamp with ZATCA in Arabic, retrying a refused one-time code', async ({
  page,
  baseURL,
}) => {
  const owner = await createStaffThroughDev(page, [{ role: 'owner', country: null }], { name: 'نورة', lang: 'ar' });
  const staff = staffOrigin(baseURL!);
  await signInStaff(page, staff, owner, 'ar');
  await page.goto(`${staff}/`);
  await page
    .getByRole('navigation', { name: 'لوحة الإدارة' })
    .getByRole('link', { name: 'الفوترة الإلكترونية' })
    .click();
  await expect(page.getByRole('heading', { name: 'الفوترة الإلكترونية (الهيئة)', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'بيئة الهيئة: البديل المحلي للمتجر' })).toBeVisible();

  // The seller as registered: Arabic name and address, digits as an Arabic keyboard types them.
  await page.getByLabel('الاسم المسجل (بالعربية)').fill('شركة المكملات الصحية المحدودة');
  await page.getByLabel('الرقم الضريبي').fill('٣٩٩٩٩٩٩٩٩٩٠٠٠٠٣');
  await page.getByLabel('رقم السجل التجاري').fill('1010010000');
  await page.getByLabel('الفرع (الوحدة التنظيمية في الشهادة)').fill('فرع الرياض');
  await page.getByLabel('نوع النشاط').fill('مكملات غذائية');
  await page.getByLabel('الشارع').fill('طريق الملك فهد');
  await page.getByLabel('رقم المبنى').fill('2322');
  await page.getByLabel('الحي').fill('المربع');
  await page.getByLabel('المدينة').fill('الرياض');
  await page.getByLabel('الرمز البريدي').fill('12345');
  await page.getByRole('button', { name: 'احفظ بيانات البائع' }).click();
  await expect(page.getByRole('status')).toHaveText('حُفظت بيانات البائع.');

  // A shop state kept from an earlier run has a stamp already: a new unit starts under "start again".
  const again = page.getByText('ابدأ من جديد بزوج مفاتيح جديد');
  if (await again.isVisible()) await again.click();
  const unit = `متجر الخليج أونلاين ${Date.now().toString(36)}`;
  await page.getByLabel('اسم وحدة الحل (EGS)').fill(unit);
  await page.getByRole('button', { name: 'أنشئ زوج المفاتيح والطلب' }).click();
  await expect(page.getByRole('status')).toHaveText('أُنشئ زوج المفاتيح وطلب توقيع الشهادة.');

  // A code ZATCA does not accept: its words and code, the step stays to be tried again.
  await page.getByLabel('رمز التحقق من بوابة فاتورة').fill('12345');
  await page.getByRole('button', { name: 'اطلب شهادة الامتثال من الهيئة' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'لم تقبل الهيئة رمز التحقق' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'الربط مع الهيئة' }).getByTestId('einv-last-step')).toContainText(
    'Invalid-OTP رمز التحقق غير صالح',
  );
  await page.getByLabel('رمز التحقق من بوابة فاتورة').fill('١٢٣٤٥٦');
  await page.getByRole('button', { name: 'اطلب شهادة الامتثال من الهيئة' }).click();
  await expect(page.getByRole('status')).toHaveText('أصدرت هيئة الزكاة والضريبة والجمارك شهادة الامتثال.');

  await page.getByRole('button', { name: 'شغّل فحوص الامتثال' }).click();
  await expect(page.getByRole('status')).toHaveText('اجتازت كل المستندات النموذجية فحوص الامتثال لدى الهيئة.');
  for (const name of ['فاتورة مبسطة (388)', 'إشعار دائن (381)', 'إشعار مدين (383)'])
    await expect(page.getByText(`${name}: PASS`)).toBeVisible();

  await page.getByRole('button', { name: 'اطلب شهادة الإنتاج من الهيئة' }).click();
  await expect(page.getByRole('status')).toContainText('أصدرت الهيئة شهادة الإنتاج');
  const active = page.getByTestId('einv-active');
  await expect(active).toContainText(`وحدة الحل: ${unit}`);
  await expect(active.getByRole('button', { name: 'جدّد مع الهيئة' })).toBeVisible();
});
