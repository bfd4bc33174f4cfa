// The information pages and their forms, as shoppers and suppliers use them. The site index's links are
// the storefront integration test pages.test.ts (decision 70).
import { expect, test } from './fixtures';

test('a shopper reads the return policy in Arabic', async ({ page }) => {
  await page.goto('/ar/return-policy');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('سياسة الإرجاع');
  await expect(page).toHaveTitle(/سياسة الإرجاع/);

  // Real sections, each under its own heading, with the 14-day rule and the unopened condition.
  const sections = page.locator('.static-section');
  await expect(sections).toHaveCount(7);
  await expect(sections.getByRole('heading', { level: 2 })).toHaveCount(7);
  await expect(page.getByRole('heading', { level: 2, name: 'الإرجاع خلال 14 يوماً' })).toBeVisible();
  await expect(sections.first()).toContainText('غير مفتوح');
  expect(await page.evaluate(() => getComputedStyle(document.querySelector('.static-section')!).direction)).toBe('rtl');

  // A long page has a table of contents whose links reach their section.
  const toc = page.getByRole('navigation', { name: 'في هذه الصفحة' });
  await expect(toc.getByRole('link')).toHaveCount(7);
  await toc.getByRole('link', { name: 'استرداد المبالغ' }).click();
  await expect(page).toHaveURL(/\/ar\/return-policy#refunds$/);
  await expect(page.getByRole('heading', { level: 2, name: 'استرداد المبالغ' })).toBeInViewport();

  // Headings start at the right-hand side in Arabic.
  const main = (await page.locator('main').boundingBox())!;
  const h1 = (await page.getByRole('heading', { level: 1 }).boundingBox())!;
  expect(main.x + main.width - (h1.x + h1.width)).toBeLessThan(40);
});

test('a shopper sends a message through the contact form', async ({ page }) => {
  await page.goto('/contact-us');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Contact us');
  await expect(page.getByRole('main').getByRole('link', { name: 'care@gulfvitamins.com' })).toHaveAttribute(
    'href',
    'mailto:care@gulfvitamins.com',
  );

  // Accessible names: the required marker (*) is hidden from them, the optional note is not.
  const name = page.getByRole('textbox', { name: 'Full name', exact: true });
  const email = page.getByRole('textbox', { name: 'Email', exact: true });
  const phone = page.getByRole('textbox', { name: 'Phone or WhatsApp (optional)', exact: true });
  const subject = page.getByRole('combobox', { name: 'Subject', exact: true });
  const message = page.getByRole('textbox', { name: 'Message', exact: true });

  // Sending the empty form: every required field is marked invalid and explained, the first one focused.
  await expect(page.getByRole('form', { name: 'Send us a message' })).toBeVisible();
  await page.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByTestId('form-summary')).toContainText('Please check the highlighted fields.');
  for (const [field, text] of [
    [name, 'Full name is required'],
    [email, 'Email is required'],
    [subject, 'Subject is required'],
    [message, 'Message is required'],
  ] as const) {
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(field).toHaveAccessibleDescription(new RegExp(text));
  }
  await expect(phone).not.toHaveAttribute('aria-invalid', 'true');
  await expect(name).toBeFocused();

  // Fields are checked again as they are corrected, and when they lose focus.
  await name.fill('Fatima Al-Sabah');
  await expect(name).not.toHaveAttribute('aria-invalid', 'true');
  await email.fill('fatima@');
  await email.blur();
  await expect(email).toHaveAccessibleDescription(/Please enter a valid email address/);
  await email.fill('fatima@example.com');
  await expect(email).not.toHaveAttribute('aria-invalid', 'true');
  await phone.fill('+965 2200 0000');
  await subject.selectOption('order');
  await message.fill('Short');
  await message.blur();
  await expect(message).toHaveAccessibleDescription(/Must be at least 10 characters/);
  await message.fill('My order has not arrived yet. Could you check where it is, please?');
  await expect(page.getByTestId('form-summary')).toHaveCount(0);

  await page.getByRole('button', { name: 'Send message' }).click();
  const success = page.getByTestId('form-success');
  await expect(success).toBeVisible();
  await expect(success).toContainText('Thank you, your message has been sent');
  await expect(success).toContainText(/reference number is \d+/);
  await expect(success).toBeFocused();
  await expect(page.getByRole('form', { name: 'Send us a message' })).toHaveCount(0);
});

test('a supplier applies in Arabic', async ({ page }) => {
  await page.goto('/ar/become-a-supplier');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('كن مورّداً');

  await page.getByRole('textbox', { name: 'اسم الشركة', exact: true }).fill('شركة المثال للتجارة');
  await page.getByRole('textbox', { name: 'اسم الشخص المسؤول', exact: true }).fill('عمر حداد');
  await page.getByRole('textbox', { name: 'البريد الإلكتروني', exact: true }).fill('omar@nutrition.example');
  await page.getByRole('textbox', { name: 'رقم الهاتف', exact: true }).fill('+966 11 000 0000');
  await page.getByRole('combobox', { name: 'البلد', exact: true }).selectOption('SA');
  await page.getByRole('textbox', { name: 'الموقع الإلكتروني (اختياري)', exact: true }).fill('www.nutrition.example');
  const categories = page.getByRole('group', { name: 'فئات المنتجات التي توردها' });
  await categories.getByLabel('الفيتامينات').check();
  await categories.getByLabel('الأعشاب والمنتجات الطبيعية').check();

  // The description is still missing: its error is in Arabic.
  await page.getByRole('button', { name: 'إرسال الطلب' }).click();
  const description = page.getByRole('textbox', { name: 'وصف المنتجات', exact: true });
  await expect(description).toHaveAttribute('aria-invalid', 'true');
  await expect(description).toHaveAccessibleDescription(/وصف المنتجات مطلوب/);
  await expect(description).toBeFocused();

  await description.fill('نوزّع علامات تجارية للفيتامينات والأعشاب مسجلة في المملكة العربية السعودية.');
  await page.getByRole('button', { name: 'إرسال الطلب' }).click();
  const success = page.getByTestId('form-success');
  await expect(success).toContainText('شكراً لك، تم استلام طلبك');
  await expect(success).toBeFocused();
});
