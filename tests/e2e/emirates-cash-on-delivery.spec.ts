// The Emirates end to end (issue 77): a shopper in the Emirates, in Arabic on her phone, buys at the owner's
// own dirham prices, sees when it arrives, gives the emirate-and-area address with a +971 mobile, pays
// cash on delivery and finds the order in dirhams with its UAE tax invoice. What the week, holidays and
// VAT rounding decide is unit-tested (shared/delivery, shared/invoice): the story asserts what a shopper
// sees on any day.
import { expect, signUpThroughApi, test, uniqueEmail } from './fixtures';

const DIRHAMS = /د\.إ|AED/;

test('a shopper in the Emirates, in Arabic on her phone, orders with cash on delivery', async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 390, height: 844 });
  // Her country is the Emirates, as the shop remembers a shopper's choice (the country cookie).
  await page.context().addCookies([{ name: 'country', value: 'AE', url: baseURL! }]);
  await signUpThroughApi(page, { lang: 'ar', country: 'AE', name: 'مريم', email: uniqueEmail('emirates') });

  // Browse: the listing of what is in stock, then the first product, priced in dirhams.
  await page.goto('/ar/products?available=1');
  await expect(page.getByTestId('product-card').first().locator('.price-now')).toContainText(DIRHAMS);
  await page.getByTestId('product-card').first().locator('a[href*="/products/"]').first().click();
  await expect(page).toHaveURL(/\/ar\/products\/[^/?]+/);
  await expect(page.locator('main .price-now').first()).toContainText(DIRHAMS);
  // The promise: the day an order placed now arrives (Saturday–Sunday weekend: unit-tested).
  await expect(page.getByTestId('delivery-promise').locator('li').first()).toHaveText(/^يصلك \S+/);
  await page.locator('main .add-button').first().click();
  await expect(page.locator('header').getByTestId('cart-count')).toHaveText('1');

  await page.goto('/ar/cart');
  await expect(page.getByTestId('total')).toContainText(DIRHAMS);
  await page.getByTestId('cart-checkout').click();
  await expect(page).toHaveURL(/\/ar\/checkout\/shipping$/);
  // The Emirates' address: the emirate (the first of the courier's list), area, street, building, Makani.
  const form = page.getByTestId('address-form');
  const emirate = form.locator('select[name=city_id]');
  await expect(emirate.locator('option').nth(1)).toBeAttached();
  await emirate.selectOption({ index: 1 });
  await form.locator('input[name=phone]').fill('٥٠١٢٣٤٥٦٧');
  await form.locator('input[name=district]').fill('الخالدية');
  await form.locator('input[name=street]').fill('شارع 21');
  await form.locator('input[name=building]').fill('فيلا 14');
  await form.locator('input[name=makani]').fill('1234567890');
  await form.locator('button[type=submit]').click();
  await expect(page.locator('#checkout-address-title')).toBeFocused();
  await page.getByRole('button', { name: 'المتابعة إلى الدفع' }).click();
  await expect(page).toHaveURL(/\/ar\/checkout\/order$/);
  await page.getByLabel('الدفع عند الاستلام').check();
  const total = (await page.getByTestId('total').innerText()).trim();
  expect(total).toMatch(DIRHAMS);
  await page.getByRole('button', { name: 'تأكيد الطلب' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('شكراً لك! تم تأكيد طلبك.');
  const number = await page.getByTestId('order-number').innerText();

  // Her order's page: the same total in dirhams and the UAE tax invoice (VAT 5 % included).
  await page.goto(`/ar/profile/orders?id=${number}`);
  await expect(page.getByTestId('total')).toHaveText(total);
  // The mobile she typed in Arabic digits, kept as a +971 number.
  await expect(page.getByText('+971501234567')).toBeVisible();
  const invoice = page.getByTestId('tax-invoice');
  await expect(invoice.getByRole('heading')).toHaveText('فاتورة ضريبية');
  await expect(invoice).toContainText('رقم التسجيل الضريبي');
});
