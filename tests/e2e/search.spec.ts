// The search page's filters in a browser. Submitting the header box's text and the order of the /search
// results ("vitamin c" finds Vitamin C first, in both languages) are steps of search-header.spec.ts's
// keyboard stories since decision 74.
import { expect, test } from './fixtures';

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
