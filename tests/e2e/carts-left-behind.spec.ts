// Carts left behind (issue 64), as a shopper meets them: a cart filled on her phone and left, the
// reminder mail at the owner's hour (the local mailbox), its link opened in another browser, which
// brings the cart back, the order placed there, no second reminder after it, and the mail's stop link
// pressed. The timing rules
// (night hours, steps, stops, stock, another account) are the api tests' (carts-left-behind.test.ts).
import {
  addFirstCardToCartInArabic,
  addSaudiAddress,
  expect,
  openMail,
  nextGulfMorning,
  signUpThroughApi,
  test,
  uniqueEmail,
} from './fixtures';

test('a Saudi shopper leaves her cart on her phone (ar), the reminder mail brings it back in another browser, she orders there, and no reminder follows', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const email = uniqueEmail('cart');
  const { password } = await signUpThroughApi(page, { lang: 'ar', country: 'SA', email, name: 'Reem' });
  await page.goto('/ar/profile');
  await page.getByTestId('country-switch').selectOption('SA');
  await expect(page.getByTestId('country-switch')).toHaveValue('SA');

  // The cart is kept for her a moment after it changes; she leaves.
  await page.goto('/ar/products');
  const kept = page.waitForResponse((r) => r.url().endsWith('/api/cart/saved') && r.ok());
  const { name } = await addFirstCardToCartInArabic(page);
  await kept;

  // Later that morning the reminder goes, by mail, in Arabic.
  const run = await page.request.post('/dev/cart-reminders/run', { data: { now: nextGulfMorning() } });
  expect(run.status()).toBe(200);
  const mail = (await openMail(page, { lang: 'ar', has: email, subject: 'سلتك بانتظارك' })).first();
  await expect(mail).toContainText(name);
  const link = (await mail.locator('a[href*="/ar/cart?restore="]').first().getAttribute('href'))!;
  const stopLink = (await mail.locator('a[href*="/ar/cart-reminders/stop?t="]').first().getAttribute('href'))!;

  // Another browser, wide, signed in to nothing: the link brings the cart back and shows it.
  const other = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
  await other.addCookies([{ name: 'analytics_consent', value: 'denied', url: baseURL! }]);
  const laptop = await other.newPage();
  await laptop.goto(link);
  await expect(laptop).toHaveURL(/\/ar\/cart$/);
  // …and says so, in a live region (issue 73).
  await expect(laptop.getByTestId('cart-restored')).toContainText('عادت سلتك المحفوظة');
  await expect(laptop.getByRole('main')).toContainText(name);
  // …in the cart's own country and currency, as she left it.
  await expect(laptop.getByTestId('country-switch')).toHaveValue('SA');
  await expect(laptop.getByRole('main')).toContainText('ر.س');

  // She signs in there, from the checkout's offer to a guest, and orders it, cash on delivery.
  await laptop.getByRole('button', { name: 'إتمام الشراء' }).click();
  await laptop.getByRole('region', { name: 'بيانات التواصل' }).getByRole('button', { name: 'تسجيل الدخول' }).click();
  const dialog = laptop.getByRole('dialog', { name: 'تسجيل الدخول' });
  await dialog.getByLabel('البريد الإلكتروني').fill(email);
  await dialog.getByLabel(/^كلمة المرور\s*\*?$/).fill(password);
  await dialog.getByRole('button', { name: 'تسجيل الدخول' }).click();
  await expect(dialog).toHaveCount(0);
  await addSaudiAddress(laptop, '0512345678');
  await laptop.getByRole('button', { name: 'المتابعة إلى الدفع' }).click();
  await laptop.getByLabel('الدفع عند الاستلام').check();
  await laptop.getByRole('button', { name: 'تأكيد الطلب' }).click();
  await expect(laptop.getByRole('heading', { level: 1 })).toHaveText('شكراً لك! تم تأكيد طلبك.');
  await other.close();

  // A day later the second step would be due: after the order, nothing goes, and the link says so.
  const after = await page.request.post('/dev/cart-reminders/run', {
    data: { now: nextGulfMorning() + 26 * 3_600_000 },
  });
  expect(after.status()).toBe(200);
  await expect(await openMail(page, { lang: 'ar', has: email, subject: 'سلتك' })).toHaveCount(1);
  await page.goto(link);
  await expect(page.getByTestId('toast')).toContainText('تم طلب هذه السلة بالفعل.');

  // The mail's stop link: opening it changes nothing; one press stops the mails and says so.
  await page.goto(stopLink);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await page.getByRole('button', { name: 'إيقاف رسائل التذكير بالسلة' }).click();
  await expect(page.getByRole('status')).toHaveText('تم: لن تصلك رسائل تذكير بالسلة بعد الآن.');
});
