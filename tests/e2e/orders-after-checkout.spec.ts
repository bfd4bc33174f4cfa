// After the order is placed: a card page left half-way, and a guest finding the order again.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

const unique = () => `story${Date.now()}${Math.floor(Math.random() * 1000)}@example.com`;

/** The cheapest product in stock (one unit stays below any buy limit). */
async function addCheapProduct(page: Page, prefix: string) {
  const slug = await page.evaluate(async () => {
    const res = await fetch('/api/product/1', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ filters: [{ key: 'only_available', type: 'boolean', value: true }], sort: { key: 'price', value: 'asc' } }) });
    return ((await res.json()).data.items as Array<{ slug: string }>)[0]!.slug;
  });
  await page.goto(`${prefix}/products/${slug}`);
  await page.locator('main .add-button').first().click();
  await expect(page.locator('header').getByTestId('cart-count')).toHaveText('1');
}

test('a shopper leaves the card page and pays again from the order', async ({ page }) => {
  await page.goto('/auth/sign-up');
  await page.getByLabel('Full name').fill('Maha Card');
  await page.getByLabel('Email').fill(unique());
  await page.getByLabel(/^Password\s*\*?$/).fill('secret1');
  await page.getByLabel('Confirm password').fill('secret1');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await addCheapProduct(page, '');

  await page.goto('/cart');
  await page.getByRole('button', { name: 'Checkout' }).click();
  const form = page.getByTestId('address-form');
  await form.locator('select[name=governorate_id]').selectOption('2');
  await form.locator('select[name=area_id]').selectOption('26');
  await form.locator('input[name=phone]').fill('98765432');
  await form.locator('input[name=block]').fill('3');
  await form.locator('input[name=street]').fill('12');
  await form.locator('input[name=building]').fill('7');
  await form.locator('button[type=submit]').click();
  // A failed totals calculation says so, with a retry, instead of an empty summary.
  await page.route('**/api/order/calculate', (route) => route.fulfill({ status: 429, contentType: 'application/json', body: JSON.stringify({ data: null, meta: { msg: 'too_many_requests', code: 429, msgType: 1 } }) }));
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page.getByTestId('totals-failed')).toContainText('We could not calculate your totals.');
  await expect(page.getByTestId('place-order')).toBeDisabled();
  await page.unroute('**/api/order/calculate');
  await page.getByTestId('totals-failed').getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByTestId('total')).toContainText('KWD');
  // The signed-in review shows where the order goes.
  await expect(page.getByTestId('review-address')).toContainText('Salmiya');
  await page.getByLabel('Pay online').check();
  await page.getByLabel('KNET').check();
  // A reload keeps the chosen payment method.
  await page.reload();
  await expect(page.getByLabel('Pay online')).toBeChecked();
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page).toHaveURL(/\/payments\/sandbox\/pay_/);
  const cardPage = page.url();

  // Back from the card page: the order waits with Pay now and Cancel, and the cart is still full.
  await page.goBack();
  await expect(page).toHaveURL(/\/checkout\/success\?order=\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your order is waiting for its payment');
  await expect(page.getByTestId('cancel-order')).toBeVisible();
  await expect(page.locator('header').getByTestId('cart-count')).toHaveText('1');
  const number = await page.getByTestId('order-number').innerText();
  // The cart says so too, for a shopper who comes back to it later.
  await page.goto('/cart');
  await expect(page.getByTestId('pending-order-notice')).toContainText(`Order ${number} is waiting for its payment.`);

  // Later, from the order list: Awaiting payment, Pay now opens the same charge.
  await page.goto('/profile/orders');
  const card = page.getByTestId('order-card').filter({ hasText: number });
  await expect(card).toContainText('Awaiting payment');
  await card.getByRole('link').click();
  await page.getByRole('button', { name: 'Pay now' }).click();
  await expect(page).toHaveURL(cardPage);
  await page.getByRole('button', { name: 'Pay successfully' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thank you! Your order is placed.');
  await expect(page.getByTestId('checkout-result')).toContainText('Your payment is received');
  // Only now, with the payment made, does the cart empty.
  await expect(page.locator('header').getByTestId('cart-count')).toHaveText('0');
});

test('a guest finds their order from the mail link', async ({ page, browser }) => {
  // Two browsers, the checkout and the mailbox: longer than most stories.
  test.slow();
  await page.goto('/ar');
  await page.getByTestId('country-switch').selectOption('SA');
  await expect(page.getByTestId('country-switch')).toHaveValue('SA');
  await addCheapProduct(page, '/ar');
  const email = unique();

  await page.goto('/ar/cart');
  await page.getByRole('button', { name: 'إتمام الشراء' }).click();
  await expect(page).toHaveURL(/\/ar\/checkout\/shipping$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  await expect(page.getByTestId('step-announcement')).toHaveText(/الخطوة 2 من 3/);
  await page.getByLabel('البريد الإلكتروني').fill(email);
  const form = page.getByTestId('address-form');
  await form.locator('input[name=recipient]').fill('نورة');
  await form.locator('input[name=city_search]').fill('Riy');
  await expect(form.locator('select[name=city_id] option')).toHaveCount(2);
  await form.locator('select[name=city_id]').selectOption({ index: 1 });
  await form.locator('input[name=phone]').fill('512345678');
  await form.locator('input[name=district]').fill('Al Olaya');
  await form.locator('input[name=street]').fill('King Fahd Road');
  await form.locator('input[name=building_number]').fill('2345');
  await form.locator('input[name=postal_code]').fill('12211');
  await form.getByRole('button', { name: 'المتابعة إلى الدفع' }).click();

  // The step change moves focus to the new step's heading and announces it.
  await expect(page).toHaveURL(/\/ar\/checkout\/order$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
  await expect(page.getByTestId('step-announcement')).toHaveText(/الخطوة 3 من 3/);

  // Back to shipping keeps what the guest typed.
  await page.getByRole('link', { name: 'تغيير' }).click();
  await expect(page).toHaveURL(/\/ar\/checkout\/shipping$/);
  await expect(page.getByLabel('البريد الإلكتروني')).toHaveValue(email);
  await expect(form.locator('input[name=street]')).toHaveValue('King Fahd Road');
  await expect(form.locator('input[name=postal_code]')).toHaveValue('12211');
  await form.getByRole('button', { name: 'المتابعة إلى الدفع' }).click();
  // A rejected coupon is shown on the review step, where the shopper is, and can be removed there.
  await page.locator('#review-coupon').fill('NOPE');
  await page.getByTestId('coupon-form').getByRole('button', { name: 'تطبيق' }).click();
  await expect(page.locator('#review-coupon')).toHaveAttribute('aria-invalid', 'true');
  await page.getByTestId('coupon-remove').click();
  await expect(page.getByTestId('coupon-remove')).toHaveCount(0);
  await expect(page.locator('#review-coupon')).toHaveValue('');
  await page.getByLabel('الدفع عند الاستلام').check();
  await page.getByRole('button', { name: 'تأكيد الطلب' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('شكراً لك! تم تأكيد طلبك.');
  const number = await page.getByTestId('order-number').innerText();
  await expect(page.getByTestId('order-link')).toHaveAttribute('href', /^\/ar\/order-lookup\?key=[0-9a-f]{64}$/);

  // The confirmation mail's link opens the order in another browser, without an account.
  await page.goto('/dev/mailbox?lang=ar');
  const mail = page.locator('article', { hasText: email }).first();
  const href = await mail.getByRole('link').first().getAttribute('href');
  expect(href).toMatch(/\/ar\/order-lookup\?key=[0-9a-f]{64}$/);
  // The link is on this server's own origin, and the Saudi mail's HTML part shows the tax invoice QR.
  expect(new URL(href!).origin).toBe(new URL(page.url()).origin);
  // (Read from the attribute: the frame runs no script, not even a test's.)
  await expect(mail.locator('iframe.html-part')).toBeVisible();
  expect(await mail.locator('iframe.html-part').getAttribute('srcdoc')).toContain('<table data-qr');
  // On a phone the long link wraps inside the mail's card: nothing scrolls sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
  const other = await browser.newContext();
  const elsewhere = await other.newPage();
  await elsewhere.goto(new URL(href!, page.url()).toString());
  await expect(elsewhere.getByRole('heading', { level: 1 })).toContainText(number);
  await expect(elsewhere.getByTestId('lookup-status')).toContainText('تم الطلب');

  // Without the link: order number and e-mail find it; a wrong e-mail finds nothing.
  await elsewhere.goto('/ar/order-lookup');
  await elsewhere.getByLabel('رقم الطلب').fill(number);
  await elsewhere.getByLabel('البريد الإلكتروني المستخدم في الطلب').fill('someone.else@example.com');
  await elsewhere.getByRole('button', { name: 'ابحث عن طلبي' }).click();
  await expect(elsewhere.getByTestId('form-error')).toContainText('لم نجد طلباً');
  await elsewhere.getByLabel('البريد الإلكتروني المستخدم في الطلب').fill(email.toUpperCase());
  await elsewhere.getByRole('button', { name: 'ابحث عن طلبي' }).click();
  await expect(elsewhere.getByRole('heading', { level: 1 })).toContainText(number);
  await other.close();
});

test('a guest who later creates an account with the same e-mail confirms it from the mail and finds the order there', async ({ page }) => {
  const email = unique();
  await page.goto('/');
  // The guest order itself was shown above; here it is placed directly, to keep the story short.
  const number = await page.evaluate(async (mail) => {
    const list = await fetch('/api/product/1', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ filters: [{ key: 'only_available', type: 'boolean', value: true }], sort: { key: 'price', value: 'asc' } }) });
    const sku = ((await list.json()).data.items as Array<{ default_sku: { id: number } }>)[0]!.default_sku.id;
    const address = { country: 'KW', recipient: 'Guest', phone: '98765432', area_id: 26, block: '3', street: '12', building: '7' };
    const res = await fetch('/api/order/submit', { method: 'POST', headers: { 'content-type': 'application/json', 'x-country': 'KW' }, body: JSON.stringify({ items: [{ sku_id: sku, count: 1 }], payment_method: 'cod', address, email: mail, idempotency_key: crypto.randomUUID() }) });
    return String((await res.json()).data.order.id);
  }, email);

  await page.goto('/auth/sign-up');
  await page.getByLabel('Full name').fill('Guest Later');
  await page.getByLabel('Email').fill(email.toUpperCase());
  await page.getByLabel(/^Password\s*\*?$/).fill('secret1');
  await page.getByLabel('Confirm password').fill('secret1');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  // Signing up alone shows nobody's guest orders.
  await page.goto('/profile/orders');
  await expect(page.getByTestId('order-card')).toHaveCount(0);

  await page.goto('/dev/mailbox');
  await page.locator('article', { hasText: 'Add your earlier orders' }).filter({ hasText: email.toUpperCase() }).first().getByRole('link').first().click();
  await expect(page.getByTestId('verify-email-done')).toBeVisible();
  await page.goto('/profile/orders');
  await expect(page.getByTestId('order-card').filter({ hasText: number })).toBeVisible();
});
