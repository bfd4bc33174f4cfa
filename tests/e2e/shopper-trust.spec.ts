// Shopper trust: getting around, keeping focus, and filtering on a phone, in both languages.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));

/** Every category link of the categories page (top level and sub-categories), as unprefixed paths. */
async function categoryLinks(page: Page, prefix: string): Promise<string[]> {
  await page.goto(`${prefix}/categories`);
  const hrefs = await page.locator('main .category-tree a').evaluateAll((as) => as.map((a) => a.getAttribute('href')!));
  expect(hrefs.length).toBeGreaterThan(5);
  return hrefs.sort();
}

test('a shopper on a phone filters by two brands at once in Arabic and lands at the top of each new page', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/ar/products');

  // Far down the list, the next page starts at its top; back returns to the same place.
  await page.locator('.pagination a[rel="next"]').scrollIntoViewIfNeeded();
  const deep = await scrollY(page);
  expect(deep).toBeGreaterThan(1000);
  await page.locator('.pagination a[rel="next"]').click();
  await expect(page).toHaveURL(/\/ar\/products\?page=2$/);
  // The URL changes as the navigation commits; the scroll to the top follows in the same render.
  await expect.poll(() => scrollY(page)).toBe(0);
  await page.goBack();
  await expect(page).toHaveURL(/\/ar\/products$/);
  await expect.poll(() => scrollY(page)).toBeGreaterThan(deep - 5);

  // The dialog collects several choices and applies them together.
  const filtersButton = page.getByRole('button', { name: 'التصفية', exact: true });
  await filtersButton.click();
  const dialog = page.getByRole('dialog', { name: 'التصفية' });
  const brands = dialog.getByRole('group', { name: 'العلامة التجارية' }).getByRole('checkbox');
  await brands.nth(0).check();
  await brands.nth(1).check();
  await expect(dialog).toBeVisible();
  await expect(brands.nth(0)).toBeChecked();
  await expect(brands.nth(1)).toBeChecked();
  await expect(page).toHaveURL(/\/ar\/products$/);
  // Clear empties the choices without leaving; the shopper then picks the same two again.
  await dialog.getByRole('button', { name: 'مسح الكل' }).click();
  await expect(brands.nth(0)).not.toBeChecked();
  await expect(dialog).toBeVisible();
  await brands.nth(0).check();
  await brands.nth(1).check();
  const picked = await Promise.all(
    [0, 1].map((i) => brands.nth(i).evaluate((box) => box.parentElement!.firstChild!.nextSibling!.textContent!.trim())),
  );
  await dialog.getByRole('button', { name: 'عرض النتائج' }).click();

  await expect(page).toHaveURL(/\/ar\/products\?brand=\d+(%2C|,)\d+$/);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(filtersButton).toBeFocused();
  // The URL is pushed as the navigation commits; React renders the new cards in a transition right
  // after, so the cards are read until they are the filtered ones (CI once read the old list here).
  const cards = page.locator('.product-card-brand');
  await expect
    .poll(async () => {
      const shown = await cards.allTextContents();
      return shown.length > 0 && shown.every((b) => picked.includes(b));
    })
    .toBe(true);
  await expect.poll(() => scrollY(page)).toBe(0);

  // Closing the dialog without applying keeps the listing as it was and gives focus back.
  await filtersButton.click();
  await dialog.getByRole('group', { name: 'العلامة التجارية' }).getByRole('checkbox').nth(2).check();
  await dialog.getByRole('button', { name: 'إغلاق' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(filtersButton).toBeFocused();
  await expect(page).toHaveURL(/\/ar\/products\?brand=\d+(%2C|,)\d+$/);
});

// One story, two screens: the wide English header and the Arabic phone header open the same menu from
// different layouts, so each is walked, in one browser page (decision 70).
test('a shopper on a wide screen, and on a phone in Arabic, reaches every category from the header menu in one step', async ({
  page,
}) => {
  for (const { lang, width } of [
    { lang: 'en', width: 1280 },
    { lang: 'ar', width: 390 },
  ] as const) {
    await page.setViewportSize({ width, height: 844 });
    const prefix = lang === 'ar' ? '/ar' : '';
    const expected = await categoryLinks(page, prefix);
    await page.goto(`${prefix}/products`);

    const button = page.getByTestId('category-menu-button');
    await expect(button).toHaveAccessibleName(lang === 'ar' ? 'الأقسام' : 'Categories');
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await button.click();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    const menu = page.getByRole('navigation', { name: lang === 'ar' ? 'الأقسام' : 'Categories' });
    await expect(menu.locator('a[href*="category="]').first()).toBeVisible();
    const listed = await menu
      .locator('a[href*="category="]')
      .evaluateAll((as) => as.map((a) => a.getAttribute('href')!));
    expect(listed.sort()).toEqual(expected);

    // Escape closes it and puts focus back on the button.
    await menu.locator('a[href*="category="]').first().focus();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(button).toBeFocused();
    await expect(button).toHaveAttribute('aria-expanded', 'false');

    // A sub-category is one press away; the menu closes on the new page, which starts at its top.
    await page.evaluate(() => window.scrollTo(0, 600));
    await page.keyboard.press('Enter');
    const sub = menu.locator('ul ul a').last();
    const href = (await sub.getAttribute('href'))!;
    await sub.click();
    await expect(page).toHaveURL(new RegExp(`${href.replace(/[?]/g, '\\?')}$`));
    await expect(menu).toBeHidden();
    await expect.poll(() => scrollY(page)).toBe(0);
  }
});

test('a keyboard shopper adds and removes a product from its card and stays on that card', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/products');
  const index = await page
    .getByTestId('product-card')
    .evaluateAll((cards) =>
      cards.findIndex((c) => /^Add to cart: /.test(c.querySelector('.add-button')?.getAttribute('aria-label') ?? '')),
    );
  const card = page.getByTestId('product-card').nth(index);
  const add = card.locator('.add-button');
  const name = (await add.getAttribute('aria-label'))!.replace('Add to cart: ', '');

  await add.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  await expect(card.getByRole('button', { name: `One more ${name}` })).toBeFocused();

  await card.getByRole('button', { name: `Remove ${name} from cart` }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('cart-count')).toHaveText('0');
  await expect(card.getByRole('button', { name: `Add to cart: ${name}` })).toBeFocused();
});

// Focus back on the button that opened the sign-in modal is a step of the shell's keyboard story, and a
// toast closed with the mouse its toast story (shell.spec.ts, decision 70).

test('a shopper on a slow phone types before the page is live and keeps what was typed', async ({ browser }) => {
  // The page's scripts are held back, as on a slow connection: the server's form is there to type in.
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/*.js', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/ar/order-lookup', { waitUntil: 'domcontentloaded' });
  await page.getByLabel('رقم الطلب').fill('7684521390');
  await page.getByLabel('البريد الإلكتروني المستخدم في الطلب').fill('early@example.com');
  release();
  await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
  await expect(page.getByLabel('رقم الطلب')).toHaveValue('7684521390');
  await expect(page.getByLabel('البريد الإلكتروني المستخدم في الطلب')).toHaveValue('early@example.com');
  // And the form sends it: the answer is about that order, not "fill in the fields".
  await page.getByRole('button', { name: 'ابحث عن طلبي' }).click();
  await expect(page.getByTestId('form-error')).toContainText('لم نجد طلباً');
  await context.close();
});
