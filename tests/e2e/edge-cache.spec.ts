// A guest's page from the edge cache (decision 40) is the same page: it hydrates under its own CSP nonce
// (the fixture fails on any CSP violation), and a shopper can buy from it, in Arabic.
import { COOKIE_NAMES } from '#shared/locale';
import { addFirstCardToCartInArabic, expect, test } from './fixtures';

test('a guest in Arabic gets a listing from the edge cache, and adds a product to her cart from it', async ({
  page,
  baseURL,
}) => {
  // A URL of its own, so that no earlier run has kept it.
  const path = `/ar/products?category=1&story=${Date.now()}`;
  // Both guests have chosen Kuwait: a first visit placed outside the served countries (local mode places
  // every request in one) is kept apart, with the countries to choose from.
  await page.context().addCookies([{ name: COOKIE_NAMES.country, value: 'KW', url: baseURL! }]);
  // Another guest's view keeps the page.
  const first = await page.request.get(path, { headers: { cookie: `${COOKIE_NAMES.country}=KW` } });
  expect(first.headers()['x-page-cache']).toBe('miss');
  // The shell's stylesheet and the fonts are named in Link headers, for Cloudflare's Early Hints.
  expect(first.headers().link).toMatch(/rel=preload; as=style/);

  const res = await page.goto(path);
  expect(res!.headers()['x-page-cache']).toBe('hit');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await addFirstCardToCartInArabic(page);
});
