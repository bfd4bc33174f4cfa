// The header search box on every page: suggestions by keyboard as an ARIA combobox, with a typo, in
// English and Arabic, and the searches it ran offered back as recent searches.
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';

async function chooseByKeyboard(page: Page, box: Locator, wanted: RegExp) {
  const list = page.getByRole('listbox', { name: /Search suggestions|اقتراحات البحث/ });
  await expect(list.getByRole('option').first()).toBeVisible();
  const count = await list.getByRole('option').count();
  // Arrow down from the box into the list until the wanted option is the active one.
  for (let i = 0; i < count; i++) {
    await box.press('ArrowDown');
    // The i-th option is highlighted and the box points at it (the box's attribute follows a render later).
    const option = list.getByRole('option').nth(i);
    await expect(option).toHaveAttribute('aria-selected', 'true');
    await expect(box).toHaveAttribute('aria-activedescendant', (await option.getAttribute('id'))!);
    if (wanted.test(await option.innerText())) return (await option.innerText()).split('\n')[0]!.trim();
  }
  throw new Error(`no option matches ${wanted}`);
}

test.describe('a shopper finds Vitamin C from the header in English and in Arabic', () => {
  test('in English, by keyboard, with a typo, and finds the search again under recent searches', async ({ page }) => {
    await page.goto('/products');
    const box = page.getByRole('banner').getByRole('combobox', { name: 'Search the shop' });
    await expect(box).toHaveAttribute('aria-expanded', 'false');
    await box.click();
    // A pause in the typing may fetch suggestions for part of the text first: the arrows wait for the
    // whole text's, or their arrival would reset the highlight (new options keep no stale highlight)
    // and Enter would search instead (CI once saw the results page here).
    const whole = page.waitForResponse(
      (r) => r.url().includes('/api/product/search?') && new URL(r.url()).searchParams.get('q') === 'vitamn c 1000 mg',
    );
    await box.pressSequentially('vitamn c 1000 mg', { delay: 30 });
    await whole;
    await expect(box).toHaveAttribute('aria-expanded', 'true');
    const name = await chooseByKeyboard(page, box, /Vitamin C\b/);
    await box.press('Enter');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
    await expect(page).toHaveURL(/\/products\/[a-z0-9-]+\?search=vitamn%20c%201000%20mg&position=\d$/);

    // Escape closes the list and keeps the text; the typed search is offered back from the header.
    const again = page.getByRole('banner').getByRole('combobox', { name: 'Search the shop' });
    await again.fill('');
    await expect(page.getByRole('option', { name: 'vitamn c 1000 mg' })).toBeVisible();
    await again.press('Escape');
    await expect(again).toHaveAttribute('aria-expanded', 'false');
    await again.fill('omgea');
    await expect(page.getByRole('listbox', { name: 'Search suggestions' })).toContainText('Omega');
    await again.press('Enter');
    await expect(page).toHaveURL(/\/search\?q=omgea$/);

    // Submitted from the header, "vitamin c" lists Vitamin C first: the letter counts, not B12 or D3
    // (it was a story of its own in search.spec.ts, decision 74).
    await again.fill('vitamin c');
    await again.press('Enter');
    await expect(page).toHaveURL(/\/search\?q=vitamin(\+|%20)c$/);
    const cards = page.getByTestId('product-card');
    for (let i = 0; i < 5; i++) await expect(cards.nth(i)).toContainText('Vitamin C');

    // The search page's own box: suggestions, its recent searches, and clearing them (it was a story of
    // its own in catalogue.spec.ts).
    await page.goto('/search');
    const own = page.getByRole('main').getByRole('combobox', { name: 'Search the shop' });
    await own.fill('magnes');
    await expect(page.locator('.suggestions').getByRole('link').first()).toBeVisible();
    await expect(page.locator('.suggestions')).toContainText('Magnesium');
    await own.press('Enter');
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

  test('in Arabic, by keyboard, from the home page, typed before the suggestions have loaded', async ({ page }) => {
    await page.goto('/ar');
    const box = page.getByRole('banner').getByRole('combobox', { name: 'ابحث في المتجر' });
    // A slow phone: the suggestions' code arrives only after the whole search is typed.
    let release = () => {};
    const typed = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/HeaderSuggestions-[\w-]+\.js$/, async (route) => {
      await typed;
      await route.continue();
    });
    await box.click();
    await box.pressSequentially('فيتامين سي', { delay: 30 });
    release();
    const name = await chooseByKeyboard(page, box, /فيتامين سي/);
    await box.press('Enter');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
    await expect(page).toHaveURL(/\/ar\/products\/[a-z0-9-]+\?search=/);

    // Submitted from the header, the Arabic words list Vitamin C first too.
    await box.fill('فيتامين سي');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/ar\/search\?q=/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('فيتامين سي');
    const cards = page.getByTestId('product-card');
    for (let i = 0; i < 5; i++) await expect(cards.nth(i)).toContainText('فيتامين سي');
  });
});

// A page that shows no catalogue (the terms) loads only its own texts and styles: the suggestions
// bring theirs, in Arabic and in English. On a slow phone the popup's code can also arrive while the
// shopper is still typing: what was typed between the popup's first render and its listening to the box
// must not be lost. The English text is typed exactly then, from the moment the popup is in the page.
// (Two stories before decision 74, each its own set-up of the same page.)
test('a shopper searches from the terms page and the suggestions speak Arabic; typing while they still load, in English, gets suggestions for the whole text', async ({
  page,
}) => {
  await page.goto('/ar/terms');
  const search = page.getByRole('banner').getByRole('combobox', { name: 'ابحث في المتجر' });
  await search.click();
  await search.pressSequentially('فيتامين د', { delay: 30 });
  const arabic = page.getByRole('listbox', { name: 'اقتراحات البحث' });
  await expect(arabic.getByRole('option').first()).toBeVisible();
  await expect(arabic).toContainText('المنتجات');
  // A popup over the page, not a list pushing it down: its styles come with it too.
  await expect(page.getByTestId('header-suggestions')).toHaveCSS('position', 'absolute');
  await expect(arabic).not.toContainText(/\b(?:products_heading|bt_search_\w+|suggestions_count)\b/);

  await page.goto('/terms');
  const box = page.getByRole('banner').getByRole('combobox', { name: 'Search the shop' });
  await page.evaluate(() => {
    const input = document.querySelector<HTMLInputElement>('#site-search')!;
    new MutationObserver((_, observer) => {
      if (!document.querySelector('[data-testid="header-suggestions"]')) return;
      observer.disconnect();
      input.value = 'vitamin d';
      input.dispatchEvent(new Event('input', { bubbles: true }));
    }).observe(document.body, { childList: true, subtree: true });
  });
  await box.focus();
  const suggestions = page.getByRole('listbox', { name: 'Search suggestions' });
  await expect(suggestions.getByRole('option').first()).toBeVisible();
  await expect(suggestions).toContainText('Products');
  await expect(box).toHaveValue('vitamin d');
  // The suggestions speak English on a page that loaded none of their texts, as a popup with its styles.
  await expect(page.getByTestId('header-suggestions')).toHaveCSS('position', 'absolute');
  await expect(suggestions).not.toContainText(/\b(?:products_heading|bt_search_\w+|suggestions_count)\b/);
});
