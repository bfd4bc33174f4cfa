// Catalogue journeys in Chromium, against the seeded demo catalogue.
import { imagesShown } from './browser';
import { expect, test } from './fixtures';

// Its nutritionists' portraits must load (naturalWidth below).
test.use(imagesShown);

// One journey in one set-up (decision 74): the Arabic catalogue from home to the cart, two tabs of one
// cart, then the same shopper in Saudi Arabia at a nutritionist's pick. The English listing's first HTML
// (its count, its filter chip, the product page's add-to-cart name) and the Saudi price range in riyals
// are the storefront integration test catalogue-pages.test.ts ("the English catalogue journey's pages",
// "a Saudi price range").
test('a shopper in Arabic goes from home to a category, filters, opens a product, adds it to the cart in two tabs, switches to Saudi Arabia keeping her price filter, and the cart remembers a nutritionist’s pick', async ({
  page,
  context,
}) => {
  await page.goto('/ar');
  await page.getByRole('link', { name: 'فيتامينات', exact: true }).first().click();
  await expect(page).toHaveURL(/\/ar\/products\?category=\d+$/);
  await expect(page.locator('.results-count')).toContainText('منتج');
  await page.locator('.listing-filters').getByLabel('المتوفر فقط').check();
  await expect(page).toHaveURL(/available=1/);
  await expect(page.getByRole('button', { name: 'إزالة عامل التصفية: المتوفر فقط' })).toBeVisible();

  const card = page.getByTestId('product-card').first();
  // The card shows the name without the brand above it; its title holds the full name.
  const name = (await card.locator('.product-card-name').getAttribute('title'))!.trim();
  await card.locator('.product-card-link').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  await expect(page).toHaveURL(/\/ar\/products\/[a-z0-9-]+\?position=1$/);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');

  await page.getByRole('button', { name: `أضف إلى السلة: ${name}` }).click();
  await expect(page.getByTestId('toast')).toContainText('تمت إضافة المنتج إلى السلة');
  await expect(page.getByTestId('cart-count')).toHaveText('1');

  await page.reload();
  await expect(page.getByTestId('cart-count')).toHaveText('1');

  // A second tab of the same cart follows every change.
  const second = await context.newPage();
  await second.goto('/ar');
  await expect(second.getByTestId('cart-count')).toHaveText('1');
  await page.getByRole('button', { name: `زيادة كمية ${name}` }).click();
  await expect(page.getByTestId('cart-count')).toHaveText('2');
  await expect(second.getByTestId('cart-count')).toHaveText('2');

  await page.getByRole('button', { name: `إنقاص كمية ${name}` }).click();
  await page.getByRole('button', { name: `إزالة ${name} من السلة` }).click();
  await expect(page.getByTestId('toast')).toContainText('تمت إزالة المنتج من السلة');
  await expect(page.getByTestId('cart-count')).toHaveText('0');
  await expect(second.getByTestId('cart-count')).toHaveText('0');
  await second.close();

  // She switches to Saudi Arabia on a listing filtered by price: KWD 25 is SAR 350.75 with VAT, so the
  // filter becomes SAR 0–350.75 (halalas kept), never SAR 0–25 (it was a story of its own in vat.spec.ts;
  // the English toast's wording is client/lib/price-param.test.ts).
  await page.goto('/ar/products?price=0-25');
  await expect(page.getByTestId('country-switch')).toHaveValue('KW');
  await page.getByTestId('country-switch').selectOption('SA');
  await expect(page).toHaveURL(/\/ar\/products\?price=0-350\.75$/);
  await expect(page.getByTestId('toast')).toContainText('0-350.75');
  await expect(page.getByTestId('toast')).toContainText('ر.س');
  // The price inputs show the converted bound with its decimals.
  await expect(page.locator('.listing-filters').getByLabel('أعلى سعر')).toHaveValue('350.75');
  await expect(page.getByTestId('product-card').first().locator('.price-now')).toContainText('ر.س');

  // The same shopper in Saudi Arabia opens a nutritionist's pick.
  await page.goto('/ar/nutritionist-list');
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
  const pick = page.getByTestId('product-card').first();
  // The card shows the name without its brand (the brand has its own line); the title has it whole.
  const picked = (await pick.locator('.product-card-name').getAttribute('title'))!.trim();
  await pick.locator('.product-card-link').click();
  await expect(page).toHaveURL(/\/ar\/products\/[a-z0-9-]+\?nutritionist_id=1&position=1$/);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    'href',
    /\/ar\/products\/[a-z0-9-]+\?nutritionist_id=1$/,
  );
  await page.getByRole('button', { name: `أضف إلى السلة: ${picked}` }).click();
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('cart') ?? '{}'));
  expect(Object.values(stored).map((e) => (e as { origin: unknown }).origin)).toEqual([
    expect.objectContaining({ source: 'Nutritionist', id: 1 }),
  ]);
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

// The search page's own box, its suggestions and recent searches are a step of search-header.spec.ts's
// English story (decision 74).
// Arabic spellings in search (أ and ا among them) are the API integration test search-relevance.test.ts;
// a product page's Product and BreadcrumbList data are the storefront integration test seo.test.ts
// (decision 70).
