// "A shopper who opted in gets the shipping update on WhatsApp", through the local outbox of texts:
// she ticks the box at checkout, the back office ships the order, the update is at /dev/messages with
// its stop link, and one tap on that link stops the next one.
import { createStaffThroughDev, expect, signInStaff, signUpThroughApi, staffOrigin, test } from './fixtures';

test('a shopper who opted in gets the shipping update on WhatsApp, and stops the next with one tap', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  await signUpThroughApi(page, { lang: 'en', name: 'Mariam Shopper' });
  const phone = `66${String(Date.now()).slice(-6)}`;
  await page.goto('/products');
  await page.getByTestId('product-card').first().locator('.add-button').click();
  await page.goto('/cart');
  await page.getByRole('button', { name: 'Checkout' }).click();
  const form = page.getByTestId('address-form');
  await form.locator('select[name=governorate_id]').selectOption('2');
  await form.locator('select[name=area_id]').selectOption('26');
  await form.locator('input[name=phone]').fill(phone);
  await form.locator('input[name=block]').fill('3');
  await form.locator('input[name=street]').fill('12');
  await form.locator('input[name=building]').fill('7');
  // The saved address's list comes back late: Continue waits for it, since the address appearing moves
  // the button down (a tap before that landed on nothing).
  let release = () => {};
  const listed = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/user/address', async (route) => {
    if (route.request().method() === 'GET') await listed;
    await route.continue();
  });
  await form.locator('button[type=submit]').click();
  await expect(page.locator('#checkout-address-title')).toBeFocused();
  await expect(page.getByRole('button', { name: 'Continue to payment' })).toBeDisabled();
  release();
  await expect(page.getByRole('radio', { name: /^Mariam Shopper/ })).toBeChecked();
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await page.getByLabel('Cash on delivery').check();
  await page.getByLabel(/^Send me this order’s updates on WhatsApp to/).check();
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thank you! Your order is placed.');
  const number = (await page.getByTestId('order-number').textContent())!.trim();

  const clerk = await createStaffThroughDev(page, [{ role: 'fulfilment', country: 'KW' }], { name: 'Fahad' });
  await signInStaff(page, staffOrigin(baseURL!), clerk, 'en');
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Orders' }).click();
  await page.getByLabel('Order number, e-mail, name or phone').fill(number);
  await page.getByRole('button', { name: 'Filter' }).click();
  await page.getByRole('link', { name: number, exact: true }).click();
  await page.getByRole('button', { name: 'Confirm the order' }).click();
  await page.getByRole('button', { name: 'Mark packed' }).click();
  await page.getByLabel('Carrier').selectOption({ label: 'Aramex' });
  await page.getByLabel('Tracking number', { exact: true }).fill(`TRK${number}`);
  await page.getByRole('button', { name: 'Ship', exact: true }).click();
  await expect(page.getByRole('status')).toHaveText('The order is shipped and the shopper has the tracking number.');

  // The update, on WhatsApp to the number she gave, with its stop link.
  await page.goto('/dev/messages');
  const update = page.locator('article[data-channel="whatsapp"]', { hasText: `+965${phone}` }).first();
  await expect(update.getByTestId('message-text')).toContainText(`your order ${number} is shipped`);
  const text = (await update.getByTestId('message-text').textContent())!;
  const stop = new URL(/https?:\/\/\S+\/whatsapp\/stop\?t=\S+/.exec(text)![0]);
  await page.goto(stop.pathname + stop.search);
  await page.getByRole('button', { name: 'Stop WhatsApp updates' }).click();
  await expect(page.getByRole('status')).toContainText(`no more WhatsApp updates to`);
});
