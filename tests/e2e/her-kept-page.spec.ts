// A signed-in shopper's pages start from the kept copy of her country and language, her own parts
// streamed into it (issue 76, decision 76): in Arabic on a phone she browses home → product → cart, sees
// her name, her cart's count and what she viewed, and no page she is sent ever says "Sign in" to her
// (the kept copy's account place is neutral). The fixture fails on a hydration error.
import { expect, signUpThroughApi, test, watchLayoutShifts } from './fixtures';

test('a signed-in shopper in Arabic (390 px) browses home, product and cart from kept pages, never greeted as a guest', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  // Every layout shift of each document, from its first paint: her parts have their space before they come.
  const shifts = await watchLayoutShifts(page);
  const { name } = await signUpThroughApi(page, { lang: 'ar', name: 'ريم العتيبي' });
  const documents: Promise<string>[] = [];
  page.on('response', (r) => {
    if (r.request().resourceType() === 'document') documents.push(r.text().catch(() => ''));
  });
  const account = page.getByRole('link', { name: `الحساب: ${name}` });

  const home = await page.goto('/ar');
  expect(home!.headers()['x-her-page']).toBeTruthy();
  await expect(account).toBeVisible();
  const card = page.getByTestId('product-card').first();
  const product = (await card.locator('.product-card-name').getAttribute('title'))!.trim();
  const shortName = (await card.locator('.product-card-name').innerText()).trim();
  await card.getByRole('button', { name: `أضف إلى السلة: ${product}` }).click();
  await expect(page.getByTestId('cart-count')).toHaveText('1');

  const link = (await card.locator('a').first().getAttribute('href'))!;
  const productPage = await page.goto(link);
  // Her pass, written by her home's view, sends the product's kept copy at once (no wait for the API).
  expect(productPage!.headers()['x-her-page']).toBe('kept');
  await expect(page.getByRole('heading', { level: 1 })).toContainText(shortName);
  await expect(account).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  expect(await shifts()).toBe(0);
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  // Her count is her browser's cart's: until the page is live its badge keeps its box, hidden, so the
  // server's "0" never shows before hers (and nothing moves when hers does).
  const badge = await page.getByTestId('cart-count').evaluate((el) => {
    const seen = () => [getComputedStyle(el).visibility, el.getBoundingClientRect().width] as const;
    const live = seen();
    document.documentElement.removeAttribute('data-hydrated');
    const before = seen();
    document.documentElement.dataset.hydrated = 'true';
    return { live, before };
  });
  expect(badge.live[0]).toBe('visible');
  expect(badge.before).toEqual(['hidden', badge.live[1]]);

  // What she viewed is on her home page, in her place under the shop's banners and categories.
  await expect
    .poll(async () => {
      await page.goto('/ar');
      return page.locator('[data-suggestion="recently-viewed"]').getByText(shortName).count();
    })
    .toBeGreaterThan(0);
  // The banners above her place show at once; the shop's sections below hers wait for hers (no layout
  // shift), then show.
  await expect(page.locator('.home-section.banners')).toBeVisible();
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  await expect(account).toBeVisible();
  expect(await shifts()).toBe(0);

  await page.goto('/ar/cart');
  await expect(page.getByText(shortName).first()).toBeVisible();
  await expect(account).toBeVisible();
  await expect(page.getByTestId('cart-count')).toHaveText('1');

  // No document she was sent held the guest's "Sign in", not even for a moment before her parts came.
  const sent = await Promise.all(documents);
  expect(sent.length).toBeGreaterThanOrEqual(4);
  for (const html of sent) expect(html).not.toContain('aria-label="تسجيل الدخول"');
});
