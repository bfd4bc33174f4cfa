// Catalogue journeys in Chromium, against the seeded demo catalogue, in both languages.
import { expect, test } from './fixtures';

test('a shopper goes from home to a category, filters, opens a product and adds it to the cart', async ({
  page,
  context,
}) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'Vitamins', exact: true }).first().click();
  await expect(page).toHaveURL(/\/products\?category=\d+$/);
  const total = page.locator('.results-count');
  await expect(total).toContainText('products');
  await page.locator('.listing-filters').getByLabel('Only available').check();
  await expect(page).toHaveURL(/available=1/);
  await expect(page.getByRole('button', { name: 'Remove filter: Only available' })).toBeVisible();

  const card = page.getByTestId('product-card').first();
  // The card shows the name without the brand above it; its title holds the full name.
  const name = (await card.locator('.product-card-name').getAttribute('title'))!.trim();
  await card.locator('.product-card-link').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  await expect(page).toHaveURL(/\/products\/[a-z0-9-]+\?position=1$/);

  await page.getByRole('button', { name: `Add to cart: ${name}` }).click();
  await expect(page.getByTestId('toast')).toContainText('Item added to cart');
  await expect(page.getByTestId('cart-count')).toHaveText('1');

  await page.reload();
  await expect(page.getByTestId('cart-count')).toHaveText('1');

  const second = await context.newPage();
  await second.goto('/');
  await expect(second.getByTestId('cart-count')).toHaveText('1');
  await page.getByRole('button', { name: `One more ${name}` }).click();
  await expect(page.getByTestId('cart-count')).toHaveText('2');
  await expect(second.getByTestId('cart-count')).toHaveText('2');

  await page.getByRole('button', { name: `One less ${name}` }).click();
  await page.getByRole('button', { name: `Remove ${name} from cart` }).click();
  await expect(page.getByTestId('toast')).toContainText('Item removed from cart');
  await expect(second.getByTestId('cart-count')).toHaveText('0');
  await second.close();
});

test('a shopper in Arabic goes from home to a category, filters, opens a product and adds it to the cart', async ({
  page,
}) => {
  await page.goto('/ar');
  await page.getByRole('link', { name: 'فيتامينات', exact: true }).first().click();
  await expect(page).toHaveURL(/\/ar\/products\?category=\d+$/);
  await page.locator('.listing-filters').getByLabel('المتوفر فقط').check();
  await expect(page).toHaveURL(/available=1/);
  const card = page.getByTestId('product-card').first();
  // The card shows the name without the brand above it; its title holds the full name.
  const name = (await card.locator('.product-card-name').getAttribute('title'))!.trim();
  await card.locator('.product-card-link').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await page.getByRole('button', { name: `أضف إلى السلة: ${name}` }).click();
  await expect(page.getByTestId('toast')).toContainText('تمت إضافة المنتج إلى السلة');
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  await page.reload();
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  await page.getByRole('button', { name: `إزالة ${name} من السلة` }).click();
  await expect(page.getByTestId('cart-count')).toHaveText('0');
});

test('a shopper on a phone filters the Arabic listing in a full-screen panel, and back undoes it', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/ar/products');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await page.getByRole('button', { name: 'التصفية' }).click();
  const panel = page.getByRole('dialog', { name: 'التصفية' });
  await expect(panel).toBeVisible();
  await panel.getByLabel('عليه خصم').check();
  // The phone dialog applies its choices together, with its Show results button.
  await panel.getByRole('button', { name: 'عرض النتائج' }).click();
  await expect(page).toHaveURL(/\/ar\/products\?sale=1$/);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  for (const price of await page.locator('.product-card .price-was').all()) await expect(price).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/ar\/products$/);
});

test('a shopper in Saudi Arabia filters by a price range in riyals', async ({ page }) => {
  await page.goto('/products?price=0-100');
  await page.getByTestId('country-switch').selectOption('SA');
  await page.goto('/products?price=0-100');
  const prices = await page.locator('.product-card .price-now').allTextContents();
  expect(prices.length).toBeGreaterThan(0);
  for (const p of prices) {
    expect(p).toContain('SAR');
    expect(Number(p.replace(/[^\d.]/g, ''))).toBeLessThanOrEqual(100);
  }
  await page.getByTestId('country-switch').selectOption('KW');
});

test('a shopper searches with suggestions, sees recent searches and clears them', async ({ page }) => {
  await page.goto('/search');
  // The page's own box (the header has one too).
  const box = page.getByRole('main').getByRole('combobox', { name: 'Search the shop' });
  await box.fill('magnes');
  await expect(page.locator('.suggestions').getByRole('link').first()).toBeVisible();
  await expect(page.locator('.suggestions')).toContainText('Magnesium');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/search\?q=magnes$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('magnes');
  await expect(page.getByTestId('product-card').first()).toContainText('Magnesium');

  await page.goto('/search');
  await page.getByRole('main').getByRole('combobox', { name: 'Search the shop' }).focus();
  const recent = page.getByRole('region', { name: 'Recent searches' });
  await expect(recent.getByRole('button', { name: 'magnes' })).toBeVisible();
  await recent.getByRole('button', { name: 'Clear history' }).click();
  await expect(recent).toHaveCount(0);
});

// Arabic spellings in search (أ and ا among them) are the API integration test search-relevance.test.ts;
// a product page's Product and BreadcrumbList data are the storefront integration test seo.test.ts
// (decision 70).

test('a Saudi shopper in Arabic opens a nutritionist’s pick and the cart remembers the nutritionist', async ({
  page,
}) => {
  await page.goto('/set-country?code=SA&to=/ar/nutritionist-list');
  await expect(page).toHaveURL(/\/ar\/nutritionist-list$/);
  // Every portrait is its own stored WebP, and the first one has loaded (a missing image would fail the test too).
  const portraits = await page
    .locator('.person-card img')
    .evaluateAll((imgs) => imgs.map((i) => i.getAttribute('src')));
  await expect
    .poll(() =>
      page
        .locator('.person-card img')
        .first()
        .evaluate((i) => (i as HTMLImageElement).naturalWidth),
    )
    .toBeGreaterThan(0);
  expect(portraits.length).toBeGreaterThan(1);
  expect(new Set(portraits).size).toBe(portraits.length);
  for (const src of portraits) expect(src).toMatch(/\/media\/nutritionists\/[a-z-]+-\d+\.webp$/);

  await page.locator('.person-card h2 a').first().click();
  await expect(page).toHaveURL(/\/ar\/nutritionist\?id=/);
  const card = page.getByTestId('product-card').first();
  // The card shows the name without its brand (the brand has its own line); the title has it whole.
  const name = (await card.locator('.product-card-name').getAttribute('title'))!.trim();
  await card.locator('.product-card-link').click();
  await expect(page).toHaveURL(/\/ar\/products\/[a-z0-9-]+\?nutritionist_id=1&position=1$/);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    'href',
    /\/ar\/products\/[a-z0-9-]+\?nutritionist_id=1$/,
  );
  await page.getByRole('button', { name: `أضف إلى السلة: ${name}` }).click();
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('cart') ?? '{}'));
  expect(Object.values(stored).map((e) => (e as { origin: unknown }).origin)).toEqual([
    expect.objectContaining({ source: 'Nutritionist', id: 1 }),
  ]);
});
