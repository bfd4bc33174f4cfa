// Recently viewed and "buy again" (issue 64), as a shopper meets them: she looks at products on her
// phone in Arabic in Saudi Arabia and orders one; on her laptop, in English, her home page shows what she
// looked at and what she can buy again; she clears what she viewed there, and it is gone everywhere. A
// guest's own list stays in her browser.
import type { Locator } from '@playwright/test';
import { expect, placeCodOrder, signUpThroughApi, test, uniqueEmail, JEDDAH_ADDRESS } from './fixtures';

/** The full names (brand and product) of the cards a section shows. */
const namesIn = (section: Locator) =>
  section.locator('.product-card-name').evaluateAll((els) => els.map((e) => e.getAttribute('title')?.trim()));

test('she looks at products on her phone (ar, SA, 390 px); her laptop’s home page (en, 1280 px) shows them and what she can buy again', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const email = uniqueEmail('viewed');
  const { password } = await signUpThroughApi(page, { lang: 'ar', country: 'SA', email, name: 'Huda' });
  await page.context().addCookies([{ name: 'country', value: 'SA', url: baseURL! }]);

  await page.goto('/ar/products');
  const cards = page.getByTestId('product-card');
  const names: string[] = [];
  const links: string[] = [];
  for (const i of [0, 1]) {
    names.push((await cards.nth(i).locator('.product-card-name').getAttribute('title'))!.trim());
    links.push((await cards.nth(i).locator('a').first().getAttribute('href'))!);
  }
  await page.goto(links[0]!);
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await page.goto(links[1]!);
  // Below the second product, once the page is live: the first, under "recently viewed", in Arabic.
  const viewedHere = page.getByTestId('recently-viewed');
  await expect(viewedHere.getByRole('heading', { name: 'شوهد مؤخراً' })).toBeVisible();
  await expect.poll(() => namesIn(viewedHere)).toEqual([names[0]]);
  await placeCodOrder(page, { lang: 'ar', country: 'SA', address: JEDDAH_ADDRESS });

  // Her laptop: another browser, wide, in English.
  const other = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
  await other.addCookies([
    { name: 'analytics_consent', value: 'denied', url: baseURL! },
    { name: 'country', value: 'SA', url: baseURL! },
  ]);
  const laptop = await other.newPage();
  const login = await laptop.request.post('/api/user/login', {
    headers: { accept: 'application/json', 'x-country': 'SA', lang: 'en' },
    data: { email, password },
  });
  expect(login.status(), await login.text()).toBe(200);
  await laptop.goto('/');
  const viewed = laptop.locator('[data-suggestion="recently-viewed"]');
  await expect(viewed.getByRole('heading', { name: 'Recently viewed' })).toBeVisible();
  await expect(viewed.getByTestId('product-card')).toHaveCount(2);
  const again = laptop.locator('[data-suggestion="buy-again"]');
  await expect(again.getByRole('heading', { name: 'Buy again' })).toBeVisible();
  await expect(again.getByTestId('product-card')).toHaveCount(1);
  await expect(again).toContainText('SAR');

  // From a product she viewed, she clears the list: every device forgets it.
  await viewed.getByTestId('product-card').first().locator('a').first().click();
  await expect(laptop.locator('html')).toHaveAttribute('data-hydrated', 'true');
  const below = laptop.getByTestId('recently-viewed');
  await below.getByRole('button', { name: 'Clear recently viewed' }).click();
  await expect(laptop.getByTestId('toast')).toContainText('Your recently viewed products were cleared.');
  await expect(below).toHaveCount(0);
  await laptop.goto('/');
  await expect(laptop.locator('[data-suggestion="buy-again"]')).toBeVisible();
  await expect(laptop.locator('[data-suggestion="recently-viewed"]')).toHaveCount(0);
  await other.close();
  await page.goto('/ar');
  await expect(page.locator('[data-suggestion="recently-viewed"]')).toHaveCount(0);
});

test('a guest’s recently viewed stays in her browser and shows below the cart (en, 390 px)', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/products');
  const card = page.getByTestId('product-card').first();
  const name = (await card.locator('.product-card-name').getAttribute('title'))!.trim();
  await card.locator('a').first().click();
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await expect.poll(() => page.evaluate(() => localStorage.getItem('viewed-products'))).toMatch(/^\[\d+\]$/);
  await page.goto('/cart');
  const viewed = page.getByTestId('recently-viewed');
  await expect(viewed.getByRole('heading', { name: 'Recently viewed' })).toBeVisible();
  await expect.poll(() => namesIn(viewed)).toEqual([name]);
  // Cleared by her, it is gone from the browser too.
  await viewed.getByRole('button', { name: 'Clear recently viewed' }).click();
  await expect(viewed).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('viewed-products'))).toBeNull();
});
