// The back office's catalogue manager, as the e2e stories need one: signed in with password and
// code in the story's language, and a sold-out product with one size (so its page has one size form).
import type { Page } from '@playwright/test';
import { createStaffThroughDev, expect, signInStaff } from './fixtures';

export async function signInCatalogueManager(page: Page, staff: string, lang: 'en' | 'ar') {
  const manager = await createStaffThroughDev(page, [{ role: 'catalogue_manager', country: null }], {
    name: lang === 'ar' ? 'هدى' : 'Huda Catalogue',
  });
  await signInStaff(page, staff, manager, lang);
}

/**
 * On the catalogue's product list: filters it to sold-out products, then opens the first with one size
 * (so its page shows that size's price). Waits for the filtered list: reading the links while the
 * unfiltered page is still shown would pick a product in stock. `fromEnd` takes the last such product
 * instead, so two stories running side by side (E2E_WORKERS=2) never restock the same one.
 */
export async function openSoldOutProduct(
  page: Page,
  lang: 'en' | 'ar',
  { fromEnd = false } = {},
): Promise<{ slug: string }> {
  await page
    .getByLabel(lang === 'ar' ? 'المخزون' : 'Stock')
    .selectOption({ label: lang === 'ar' ? 'نفد من المخزون' : 'Sold out' });
  await page.getByRole('button', { name: lang === 'ar' ? 'تصفية' : 'Filter' }).click();
  await expect(page).toHaveURL(/[?&]stock=out\b/);
  const links = await page
    .locator('table a[href^="/catalogue/products/"]')
    .evaluateAll((as) => as.map((a) => a.getAttribute('href')!));
  expect(links.length).toBeGreaterThan(0);
  for (const href of fromEnd ? links.reverse() : links) {
    await page.goto(new URL(href, page.url()).href);
    if ((await page.locator('section.sku').count()) === 1) {
      const slug = (await page.locator('p.muted .mono').first().innerText()).split('·')[1]!.trim();
      return { slug };
    }
  }
  throw new Error('no sold-out product with a single size');
}
