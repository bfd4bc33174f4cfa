// Back-in-stock alerts end to end: a Saudi shopper in Arabic turns on notifications, asks to
// hear about a sold-out product, the back office restocks it, and the shop's queue consumer sends the
// alert: a mail in Arabic with the price in riyals, and a push to the shopper's device. Locally the mail
// lands in /dev/mailbox and the push in /dev/pushbox (no push service is reachable from a test machine,
// so the browser registers a local-outbox subscription, decision 29).
import { openSoldOutProduct, signInCatalogueManager } from './catalogue-manager';
import { expect, openMail, signUpThroughApi, staffOrigin, test } from './fixtures';

test('a shopper subscribes to back-in-stock, the back office restocks, and the mail and push arrive', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  // The back office finds a sold-out product with one size.
  const staffContext = await browser.newContext();
  const staffPage = await staffContext.newPage();
  const staff = staffOrigin(baseURL!);
  await signInCatalogueManager(staffPage, staff, 'en');
  await staffPage.goto(`${staff}/catalogue`);
  const { slug } = await openSoldOutProduct(staffPage, 'en', { fromEnd: true });

  // The shopper: Arabic, Saudi Arabia, notifications on for this device.
  await page.context().grantPermissions(['notifications']);
  const shopper = await signUpThroughApi(page, { lang: 'ar', name: 'نورة', email: `alert${Date.now()}@example.com` });
  await page.goto('/ar/profile');
  await page.getByTestId('country-switch').selectOption('SA');
  await expect(page.getByTestId('country-switch')).toHaveValue('SA');
  await page.goto('/ar/profile/notifications');
  await expect(page.getByText('لا تصل الإشعارات إلى أي جهاز من أجهزتك.')).toBeVisible();
  await page.getByRole('button', { name: 'تفعيل الإشعارات على هذا الجهاز' }).click();
  await expect(page.getByRole('button', { name: 'إيقاف الإشعارات على هذا الجهاز' })).toBeVisible({ timeout: 20_000 });
  // The count of the shopper's devices follows at once, without reloading the page.
  await expect(page.getByText('تصل الإشعارات إلى جهاز واحد من أجهزتك.')).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'يعود منتج طلبت التنبيه عنه إلى المخزون' })).toBeChecked();

  // …asks to hear about the sold-out product.
  await page.goto(`/ar/products/${slug}`);
  const name = (await page.getByRole('heading', { level: 1 }).innerText()).trim();
  await page.getByTestId('notify-button').first().click();
  await expect(page.getByTestId('notify-button').first()).toHaveText('سنُعلمك عند التوفر');

  // The back office restocks it.
  const sku = staffPage.locator(
    'form[action^="/catalogue/skus/"]:not([action$="/stock"]):not([action$="/country-price"])',
  );
  await sku.getByLabel('Stock', { exact: true }).fill('12');
  await sku.getByLabel('Reason for a stock change').fill('Delivery from the supplier');
  await sku.getByRole('button', { name: /^Save / }).click();
  await expect(staffPage.getByText('Saved. Shoppers see the change now.')).toBeVisible();
  await staffContext.close();

  // The mail: Arabic, to this shopper, with the price in riyals and a one-click unsubscribe link.
  const subject = `عاد إلى المخزون: ${name} – خليج الفيتامينات`;
  const mail = await openMail(page, { lang: 'ar', has: shopper.email, subject, timeout: 30_000 });
  await expect(mail).toHaveCount(1);
  await expect(mail).toContainText(/\d\.\d\d\sر\.س/);
  await expect(mail).toContainText('/ar/alerts/unsubscribe?token=');
  const unsubscribe = (await mail.locator('a[href*="/ar/alerts/unsubscribe?token="]').first().getAttribute('href'))!;

  // The push: to this shopper's device, in Arabic, opening the product page.
  const userId = await page.evaluate(async () => (await (await fetch('/api/user/me')).json()).data.user.id as number);
  const push = page.locator('article', { hasText: name }).filter({ hasText: `back_in_stock` });
  await expect
    .poll(
      async () => {
        await page.goto('/dev/pushbox?lang=ar');
        return push.filter({ hasText: `: ${userId}` }).count();
      },
      { timeout: 30_000, intervals: [1000] },
    )
    .toBe(1);
  await expect(push.filter({ hasText: `: ${userId}` })).toContainText(`/ar/products/${slug}`);

  // The mail's unsubscribe link: one press, and the answer takes the focus so it is read out.
  await page.goto(unsubscribe);
  await page.getByRole('button', { name: 'إيقاف هذا التنبيه' }).click();
  const done = page.getByTestId('alerts-unsubscribe-done');
  await expect(done).toContainText('تم إيقاف التنبيه.');
  await expect(done).toBeFocused();
});
