// The shell and the static pages never scroll sideways at phone and desktop widths, in either direction
// of text. This replaces screenshots that nothing compared: a pixel baseline depends on the exact
// Chromium build and fonts, and the suite runs on Debian's Chromium or the packaged one, whichever the
// machine has.
import { expect, test } from './fixtures';

for (const width of [390, 1280]) {
  test(`a shopper at ${width} px never scrolls sideways on the shop's pages, in English and Arabic`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    for (const path of [
      '/',
      '/ar',
      '/cart',
      '/ar/profile',
      '/contact-us',
      '/ar/return-policy',
      '/ar/become-a-supplier',
      '/site-index',
      '/products',
      '/ar/products',
      '/ar/blood-test',
      '/quiz',
      '/ar/search?q=vitamin',
    ]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.evaluate(() => document.fonts.ready);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(width);
    }
  });
}
