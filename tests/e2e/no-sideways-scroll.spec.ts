// Screenshots of the shell at phone and desktop widths in both languages, kept as test artifacts.
import { expect, test } from './fixtures';

for (const width of [390, 1280]) {
  for (const path of ['/', '/ar', '/cart', '/ar/profile']) {
    test(`screenshot ${path} at ${width} px`, async ({ page }, info) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.evaluate(() => document.fonts.ready);
      const file = info.outputPath(`${path.replace(/\W+/g, '_') || 'home'}-${width}.png`);
      await page.screenshot({ path: file, fullPage: true });
      await info.attach(`${path} @ ${width}px`, { path: file, contentType: 'image/png' });
      // No horizontal overflow at this width.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    });
  }
}
