// The blood-test cart: separate from the product cart, counted in the header, kept across
// a reload, listed on the cart page with the way to book a home visit.
import { expect, test } from './fixtures';

test('a shopper adds a vitamin D test to the blood-test cart in Arabic and sees it in the header', async ({ page }) => {
  await page.goto('/ar/blood-test');
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: /سلة فحوصات الدم/ })).toHaveCount(0);

  await page.getByRole('button', { name: 'أضف إلى سلة الفحوصات: فحص فيتامين د (25 هيدروكسي)' }).click();
  const testsLink = header.getByRole('link', { name: 'سلة فحوصات الدم 1, فحص واحد' });
  await expect(testsLink).toBeVisible();
  await expect(header.getByTestId('blood-test-cart-count')).toHaveText('1');
  // The product cart is a different cart: still empty.
  await expect(header.getByTestId('cart-count')).toHaveText('0');

  // Kept in the browser: a reload still shows it, and its page says it is in the cart.
  await page.goto('/ar/blood-test/vitamin-d-test');
  await expect(page.getByRole('link', { name: 'في سلة الفحوصات' })).toBeVisible();

  await testsLink.click();
  await expect(page).toHaveURL(/\/ar\/cart#blood-tests$/);
  const line = page.getByTestId('blood-test-cart-line');
  await expect(line).toHaveCount(1);
  await expect(line).toContainText('فحص فيتامين د (25 هيدروكسي)');
  await expect(page.getByTestId('blood-test-checkout')).toHaveAttribute('href', '/ar/checkout-blood-test/shipping');

  await line.getByRole('button', { name: 'إزالة فحص فيتامين د (25 هيدروكسي)' }).click();
  await expect(header.getByRole('link', { name: /سلة فحوصات الدم/ })).toHaveCount(0);
});

// The header's blood-test link loads its code only once the cart matters in a tab: a page that never
// used the cart still hears another tab's test, and a page that starts with one in the cart shows it.
test('a test added in another tab shows in the header of a page that has not loaded the blood-test cart', async ({
  page,
  context,
}) => {
  await page.goto('/products');
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  const header = page.getByRole('banner');
  await expect(header.getByTestId('blood-test-cart-count')).toHaveCount(0);

  const other = await context.newPage();
  await other.goto('/blood-test');
  await expect(other.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await other.getByRole('button', { name: 'Add to blood-test cart: Vitamin D (25-OH) test' }).click();
  await expect(other.getByRole('banner').getByTestId('blood-test-cart-count')).toHaveText('1');

  await expect(header.getByRole('link', { name: 'Blood-test cart, 1 test' })).toBeVisible();
  await expect(header.getByTestId('blood-test-cart-count')).toHaveText('1');

  // Removed in the other tab: gone here too.
  await other.goto('/cart');
  await other
    .getByTestId('blood-test-cart-line')
    .getByRole('button', { name: /Vitamin D/ })
    .click();
  await expect(header.getByTestId('blood-test-cart-count')).toHaveCount(0);

  // A page that starts with a test in the cart shows the link without using the cart itself.
  await other.goto('/blood-test');
  await other.getByRole('button', { name: 'Add to blood-test cart: Vitamin D (25-OH) test' }).click();
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await expect(page.getByRole('banner').getByTestId('blood-test-cart-count')).toHaveText('1');
  await other.close();
});
