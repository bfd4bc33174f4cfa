// Search journeys: the words Gulf shoppers type find the product they mean, in both
// languages. These stories submit the header box's text and check the /search results and their
// order; search-header.spec.ts walks its suggestions by keyboard.
import { expect, test } from './fixtures';

const headerSearch = (page: import('@playwright/test').Page, label: string) =>
  page.getByRole('banner').getByLabel(label);

test('a shopper searching "vitamin c" from the header sees Vitamin C first, in both languages', async ({ page }) => {
  await page.goto('/');
  await headerSearch(page, 'Search the shop').fill('vitamin c');
  await headerSearch(page, 'Search the shop').press('Enter');
  await expect(page).toHaveURL(/\/search\?q=vitamin(\+|%20)c$/);
  const cards = page.getByTestId('product-card');
  await expect(cards.first()).toBeVisible();
  // The letter counts: Vitamin C first, not B12 or D3.
  for (let i = 0; i < 5; i++) await expect(cards.nth(i)).toContainText('Vitamin C');

  await page.goto('/ar');
  await headerSearch(page, 'ابحث في المتجر').fill('فيتامين سي');
  await headerSearch(page, 'ابحث في المتجر').press('Enter');
  await expect(page).toHaveURL(/\/ar\/search\?q=/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('فيتامين سي');
  for (let i = 0; i < 5; i++) await expect(cards.nth(i)).toContainText('فيتامين سي');
});

// What the words find, and in what order, is the API integration test search-relevance.test.ts (اوميجا
// from Saudi Arabia included); a search that finds nothing offering a category's popular products is the
// storefront integration test search-empty.test.ts (decision 70).

test('the price boxes show their whole placeholder at 390 and 1280 px, in both languages', async ({ page }) => {
  for (const [width, prefix] of [
    [390, ''],
    [390, '/ar'],
    [1280, ''],
    [1280, '/ar'],
  ] as const) {
    await page.setViewportSize({ width, height: 844 });
    await page.goto(`${prefix}/search?q=vitamin`);
    await expect(page.getByTestId('product-card').first()).toBeVisible();
    // At phone width the filters are in their full-screen panel.
    if (width < 768) await page.locator('.filters-button').click();
    const boxes = page.locator('.price-range input:visible');
    await expect(boxes).toHaveCount(2);
    await page.evaluate(() => document.fonts.ready);
    const cut = await boxes.evaluateAll((inputs) =>
      (inputs as HTMLInputElement[]).flatMap((input) => {
        const style = getComputedStyle(input);
        const context = document.createElement('canvas').getContext('2d')!;
        context.font = style.font;
        const room =
          input.clientWidth - Number.parseFloat(style.paddingInlineStart) - Number.parseFloat(style.paddingInlineEnd);
        const needs = context.measureText(input.placeholder).width;
        return needs > room ? [`"${input.placeholder}" needs ${needs.toFixed(0)} px in ${room.toFixed(0)}`] : [];
      }),
    );
    expect(cut, `${prefix || '/'} at ${width}`).toEqual([]);
  }
});
