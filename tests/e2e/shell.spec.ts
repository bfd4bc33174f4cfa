// The application shell as shoppers meet it, in English and Arabic.
import { TOAST_DURATION_MS, TOAST_REPLACE_DELAY_MS } from '#shared/constants';
import { expect, test } from './fixtures';

// The English home page's first HTML (lang, dir, heading, search, footer, title) is the storefront
// integration test page-texts.test.ts, the not-found page pages.test.ts, and the English page's amounts
// per country pages.test.ts (decision 70). One story for the Arabic home page: what it shows and what
// the built pages load (the integration tests render without a client build), then a country switch
// and a language switch that stays on the page.
test('a shopper sees the home page in Arabic, right to left, and switches to Saudi Arabia to see prices in riyals', async ({
  page,
}) => {
  await page.goto('/ar');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  // The document marks itself once hydrated (the e2e fixtures wait on it).
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('اعثر على المكملات التي تحتاجها');
  const logo = await page.locator('.logo').boundingBox();
  const cart = await page.locator('.cart-link').boundingBox();
  // Mirrored: the logo sits at the inline start, which is the right-hand side in Arabic.
  expect(logo!.x).toBeGreaterThan(cart!.x);
  // The page preloads only the texts it shows: the Arabic shell's and catalogue's, not the whole
  // dictionary nor English (decision 18).
  const html = await (await page.request.get('/ar')).text();
  const dictionaries = [...html.matchAll(/rel="modulepreload"[^>]*href="\/assets\/([\w.-]+?)-[\w-]+\.js"/g)]
    .map((m) => m[1]!)
    .filter((name) => /\.(en|ar)$/.test(name));
  expect(dictionaries.sort()).toEqual(['catalogue.ar', 'shell.ar']);
  // Styles load with the pages that use them: the shell's and the catalogue's here, not the cart's or
  // checkout's (orders) nor the address book's (account).
  const sheets = [...html.matchAll(/rel="stylesheet"[^>]*href="\/assets\/([\w-]+?)-[\w-]+\.css"/g)].map((m) => m[1]!);
  expect(sheets).toEqual(['entry', 'catalogue']);
  const cartPage = await (await page.request.get('/ar/cart')).text();
  expect(cartPage).toMatch(/rel="stylesheet"[^>]*href="\/assets\/orders-/);
  // Form validation (zod, about 22 kB compressed) is no part of any page's first scripts: browsing,
  // the quiz, the cart, checkout, the forms and the account pages list none of its chunk.
  for (const path of [
    '/',
    '/ar',
    '/products',
    '/quiz',
    '/ar/quiz-result',
    '/cart',
    '/ar/checkout/shipping',
    '/contact-us',
    '/ar/become-a-supplier',
    '/profile/account',
    '/ar/profile/addresses',
    '/profile/blood-tests',
    '/ar/checkout-blood-test/shipping',
    '/auth/sign-in',
  ]) {
    const first = await (await page.request.get(path)).text();
    const scripts = [
      ...first.matchAll(/<script\b[^>]*type="module"[^>]*src="([^"]+)"/g),
      ...first.matchAll(/<link\b[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g),
    ].map((m) => m[1]!);
    expect(scripts.length, path).toBeGreaterThan(0);
    expect(
      scripts.filter((s) => /\/assets\/zod-/.test(s)),
      path,
    ).toEqual([]);
  }
  const note = page.getByTestId('delivery-note');
  // In Arabic the currency reads in Arabic: its label after a price, its name in a sentence.
  await expect(note).toContainText('الدينار الكويتي');
  await expect(note).toContainText('15.000 د.ك');
  await page.getByTestId('country-switch').selectOption('SA');
  await expect(note).toContainText('الريال السعودي');
  await expect(note).toContainText('200.00 ر.س');
  await expect(note).not.toContainText('SAR');
  const toast = page.getByTestId('toast');
  await expect(toast).toBeVisible();
  await expect(toast).toContainText('الريال السعودي');
  await page.reload();
  await expect(page.getByTestId('delivery-note')).toContainText('200.00');
  await expect(page.getByTestId('country-switch')).toHaveValue('SA');
  await page.getByTestId('country-switch').selectOption('KW');
  await expect(page.getByTestId('delivery-note')).toContainText('15.000');

  // The language switch stays on the same page, its query kept (it was a story of its own, decision 74).
  await page.goto('/ar/cart?from=test');
  await page.evaluate(() => sessionStorage.setItem('api:ar:KW:/brand', '{}'));
  await page.getByTestId('language-switch').click();
  await expect(page).toHaveURL(/\/cart\?from=test$/);
  await expect(page).not.toHaveURL(/\/ar\//);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Cart');
  // Cleared before the reload (react-router then stores its scroll positions there again).
  expect(await page.evaluate(() => sessionStorage.getItem('api:ar:KW:/brand'))).toBeNull();
  expect((await page.context().cookies()).find((c) => c.name === 'lang')?.value).toBe('en');
  await page.getByTestId('language-switch').click();
  await expect(page).toHaveURL(/\/ar\/cart\?from=test$/);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('السلة');
});

test('a toast can be closed by hand, leaves after its time, and is dismissed when swiped sideways past 100 px', async ({
  page,
}) => {
  // The page's timers on a clock the test moves: the toast's time is measured in the page's time,
  // not in how long a busy machine takes.
  await page.clock.install();
  await page.goto('/');
  await page.clock.pauseAt(Date.now() + 1000);
  await page.getByTestId('country-switch').selectOption('SA');
  const toast = page.getByTestId('toast');
  await expect(toast).toBeVisible();
  await toast.getByRole('button', { name: 'Dismiss' }).click();
  await page.clock.runFor(TOAST_REPLACE_DELAY_MS);
  await expect(toast).toHaveCount(0);
  await page.getByTestId('country-switch').selectOption('KW');
  await expect(toast).toBeVisible();
  // Still there just before its time, gone once its time and the exit have passed.
  await page.clock.runFor(TOAST_DURATION_MS - 100);
  await expect(toast).toBeVisible();
  await page.clock.runFor(100 + TOAST_REPLACE_DELAY_MS);
  await expect(toast).toHaveCount(0);
  // The clock stands still again, so the toast's own time cannot remove it in the swipe's place.
  await page.getByTestId('country-switch').selectOption('SA');
  await expect(toast).toBeVisible();
  const box = (await toast.boundingBox())!;
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + 20, y);
  await page.mouse.down();
  await page.mouse.move(box.x + 80, y, { steps: 4 });
  await page.mouse.up();
  await expect(toast).toBeVisible();
  await page.mouse.move(box.x + 20, y);
  await page.mouse.down();
  await page.mouse.move(box.x + 160, y, { steps: 6 });
  await page.mouse.up();
  await page.clock.runFor(TOAST_REPLACE_DELAY_MS);
  await expect(toast).toHaveCount(0);
});

test('a keyboard shopper skips to the main content; the sign-in modal opens from the account button, switches to sign-up, closes with Escape and gives focus back', async ({
  page,
}) => {
  await page.goto('/');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/#main$/);
  const signInLink = page.getByRole('link', { name: 'Sign in' });
  await signInLink.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Sign in' });
  await expect(dialog).toBeVisible();
  await expect(page.locator('html')).toHaveClass(/scroll-locked/);
  await expect(dialog.getByTestId('sign-in-form')).toBeVisible();
  await dialog.getByRole('button', { name: 'New here? Create an account' }).click();
  const signUp = page.getByRole('dialog', { name: 'Create account' });
  await expect(signUp).toBeVisible();
  await signUp.getByRole('button', { name: 'Back' }).click();
  await expect(page.getByRole('dialog', { name: 'Sign in' })).toBeVisible();
  // Focus stays inside the modal while it is open.
  for (let i = 0; i < 6; i++) await page.keyboard.press('Tab');
  expect(await page.evaluate(() => !!document.activeElement?.closest('dialog'))).toBe(true);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.locator('html')).not.toHaveClass(/scroll-locked/);
  // Focus goes back to the button that opened it.
  await expect(signInLink).toBeFocused();
});

// One story of moving between pages from the home page: the code coming on the pointer, then the
// scroll positions (they were two stories with the same start, decision 70).
test('a page’s code starts loading when the shopper points at a link to it; navigating keeps the app loaded, back restores the scroll position and forward goes to the top', async ({
  page,
}) => {
  await page.goto('/');
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  const product = page.locator('main a[href^="/products/"]').first();
  await product.scrollIntoViewIfNeeded();
  // The entry lists no page's imports (decision 57): the product page's chunk comes on the pointer's
  // arrival, and the chunks it imports with it, while the shopper has not clicked yet.
  await product.hover();
  await expect.poll(() => scripts.some((s) => /\/assets\/product-[\w-]+\.js$/.test(s))).toBe(true);
  expect(page.url()).toMatch(/\/$/);
  const fetched = scripts.length;
  await product.click();
  await expect(page).toHaveURL(/\/products\//);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // Nothing of the page's code was fetched a second time on the click.
  const again = scripts.slice(fetched).filter((s) => /\/assets\/product-[\w-]+\.js$/.test(s));
  expect(again).toEqual([]);

  await page.setViewportSize({ width: 390, height: 700 });
  await page.goto('/');
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
  await page.getByRole('contentinfo').getByRole('link', { name: 'Return policy' }).scrollIntoViewIfNeeded();
  // The footer hydrates when its code arrives (decision 57's deferred shell): a link pressed before that
  // is a plain link, a whole page load, as it should be. The app's own navigation is what this checks.
  await expect
    .poll(() =>
      page.getByRole('contentinfo').evaluate((el) => Object.keys(el).some((k) => k.startsWith('__reactFiber'))),
    )
    .toBe(true);
  const before = await page.evaluate(() => window.scrollY);
  expect(before).toBeGreaterThan(200);
  await page.getByRole('contentinfo').getByRole('link', { name: 'Return policy' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Return policy');
  await expect(page).toHaveTitle(/Return policy/);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Find the supplements you need');
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(before - 5);
});

test('a slow page change shows the top progress bar on wide screens only', async ({ page }) => {
  // Hold the page chunk back so the navigation stays in flight long enough to look at it.
  await page.route(/\/assets\/(section|static-page)-[\w-]+\.js$/, async (route) => {
    await new Promise((r) => setTimeout(r, 800));
    await route.continue();
  });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Our story' }).click();
  await expect(page.getByTestId('progress-bar')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Our story');
  await expect(page.getByTestId('progress-bar')).toHaveCount(0);

  await page.setViewportSize({ width: 1000, height: 800 });
  await page.goto('/ar');
  await page.evaluate(() => {
    new MutationObserver(() => {
      if (document.querySelector('[data-testid="progress-bar"]'))
        (window as unknown as { __sawBar: boolean }).__sawBar = true;
    }).observe(document.body, { childList: true, subtree: true });
  });
  await page.getByRole('contentinfo').getByRole('link', { name: 'قصتنا' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('قصتنا');
  // At under 1024 px the bar never appeared during the same slow navigation.
  expect(await page.evaluate(() => (window as unknown as { __sawBar?: boolean }).__sawBar ?? false)).toBe(false);
});

test('a shopper on any screen from 320 to 1280 px sees the logo, search box and actions side by side, and a modal whole on a phone', async ({
  page,
}) => {
  const overlap = (a: DOMRect | null, b: DOMRect | null) =>
    !!a &&
    !!b &&
    a.width > 0 &&
    b.width > 0 &&
    a.left < b.right &&
    b.left < a.right &&
    a.top < b.bottom &&
    b.top < a.bottom;
  for (const prefix of ['', '/ar']) {
    await page.goto(`${prefix}/`);
    for (const width of [320, 360, 390, 768, 800, 976, 1024, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      const boxes = await page.evaluate(() => {
        const box = (s: string) => document.querySelector(s)?.getBoundingClientRect().toJSON() ?? null;
        return {
          logo: box('.logo'),
          name: box('.logo-text'),
          search: box('.header-row .search-form'),
          actions: box('.header-actions'),
          page: document.documentElement.scrollWidth,
          view: document.documentElement.clientWidth,
        };
      });
      const at = `${prefix || '/en'} at ${width} px`;
      expect(overlap(boxes.logo, boxes.search), `logo under the search box ${at}`).toBe(false);
      expect(overlap(boxes.name, boxes.search), `shop name under the search box ${at}`).toBe(false);
      expect(overlap(boxes.actions, boxes.search), `actions under the search box ${at}`).toBe(false);
      expect(boxes.page, `no sideways scrolling ${at}`).toBeLessThanOrEqual(boxes.view);
    }
  }
  // In Arabic on a phone the modal sits inside the screen: its close button is not cut off.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('link', { name: 'تسجيل الدخول' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'تسجيل الدخول' });
  await expect(dialog).toBeVisible();
  await expect(dialog).not.toHaveClass(/is-closing/);
  const { left, right, view } = await dialog.evaluate((d) => ({
    ...d.getBoundingClientRect().toJSON(),
    view: document.documentElement.clientWidth,
  }));
  expect(left).toBeGreaterThanOrEqual(0);
  expect(right).toBeLessThanOrEqual(view);
  const close = await dialog.getByRole('button', { name: 'إغلاق' }).boundingBox();
  expect(close!.x).toBeGreaterThanOrEqual(0);
});
