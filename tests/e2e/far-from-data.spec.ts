// A shopper far from the data (decision 41): the page's calls take a long haul, so the shell comes first
// (the header, the search box, a skeleton) and the page follows in the same document. It hydrates as
// one (the fixture fails on any console error, a hydration mismatch included), and it works.
import { addFirstCardToCartInArabic, expect, test } from './fixtures';

/** Each of the page's calls to the API waits this long (outside production only). */
const FAR = { 'x-simulate-rtt': 'api=700' };

// A shopper's phone: headless Chromium names itself HeadlessChrome, which the shop treats as a crawler
// (crawlers always get the whole document).
test.use({
  userAgent:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/141.0 Mobile Safari/537.36',
});

test('a shopper far from the data sees the header and a skeleton first, then the Arabic listing, buys from it, and meets a product that is gone in English', async ({
  page,
}) => {
  // Records what the document showed, in order, while it arrived.
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __seen: string[] }).__seen = seen;
    const note = (what: string, selector: string) => {
      if (!seen.includes(what) && document.querySelector(selector)) seen.push(what);
    };
    new MutationObserver(() => {
      note('search box', '.site-header input[type="search"]');
      note('skeleton', '.page-skeleton');
      note('products', '[data-testid="product-card"]');
    }).observe(document, { childList: true, subtree: true });
  });
  // She has been here before (her device is known), and comes back to a listing whose data is far:
  // only the page itself comes from far away; its own API calls from the browser stay as they are.
  await page.request.get('/api/country');
  const path = `/ar/products?category=1&story=${Date.now()}`;
  await page.route(
    (url) => url.pathname === '/ar/products' && url.searchParams.has('story'),
    (route) => route.continue({ headers: { ...route.request().headers(), ...FAR } }),
  );

  await page.goto(path);
  expect(await page.evaluate(() => (window as unknown as { __seen: string[] }).__seen)).toEqual([
    'search box',
    'skeleton',
    'products',
  ]);
  await expect(page.locator('.page-skeleton')).toHaveCount(0);
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');

  // The page is live: its buttons work, as on a page that came whole.
  const { card, name } = await addFirstCardToCartInArabic(page);

  // Back with the product in her cart: the page comes shell first again and hydrates against what the
  // server sent before her cart is read from the browser (the fixture fails on a hydration mismatch).
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  await card.getByRole('button', { name: `زيادة كمية ${name}` }).click();
  await expect(page.getByTestId('cart-count')).toHaveText('2');

  // A product that is gone, opened in English from as far: the shell, then its not-found page, live.
  await page.route(
    (url) => url.pathname === '/products/no-longer-sold',
    (route) => route.continue({ headers: { ...route.request().headers(), ...FAR } }),
  );
  await page.request.get('/api/country');
  await page.goto('/products/no-longer-sold');
  await expect(page.getByTestId('not-found')).toBeVisible();
  await expect(page.locator('.page-skeleton')).toHaveCount(0);
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  // The shell's links work once it is live.
  await page.getByRole('link', { name: 'Back to the home page' }).click();
  await expect(page).toHaveURL(/\/$/);
});
