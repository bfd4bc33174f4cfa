// The analytics data layer in Chromium (decision 35). The e2e server runs the local outbox
// mode, so events are recorded on localhost: window.dataLayer gets GA4-shaped events without personal or
// health data, nothing leaves the page before the shopper accepts, and then events reach the outbox
// through the storefront's own /collect.
import type { Page, Request } from '@playwright/test';
import { expect, signUpThroughApi, test, watchLayoutShifts } from './fixtures';

// These stories see the banner: no consent cookie before they start.
test.use({ analyticsConsent: null });

type Push = { event?: string; ecommerce?: Record<string, unknown> | null; [k: string]: unknown };
const dataLayer = (page: Page) =>
  page.evaluate(() => ((window as { dataLayer?: unknown[] }).dataLayer ?? []) as Push[]);
const events = async (page: Page, name: string) => (await dataLayer(page)).filter((p) => p.event === name);

async function openFirstProduct(page: Page, lang: 'en' | 'ar' = 'en') {
  await page.goto(lang === 'ar' ? '/ar/products' : '/products');
  const card = page.getByTestId('product-card').first();
  const name = (await card.locator('.product-card-name').getAttribute('title'))!.trim();
  await card.locator('.product-card-link').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  return name;
}

test('a shopper views a product and adds it to the cart: GA4 events in the data layer, nothing sent before consent', async ({
  page,
  context,
}) => {
  const shopper = await signUpThroughApi(page, { name: 'Layla Testshopper' });
  const collected: Request[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/collect') collected.push(r);
  });

  const name = await openFirstProduct(page);
  const banner = page.getByTestId('consent-banner');
  // The runtime starts a few seconds after the page is live (AnalyticsSlot RUNTIME_DELAY_MS).
  await expect(banner).toBeVisible({ timeout: 15_000 });
  await expect(banner.getByRole('heading', { name: 'Help us improve the shop' })).toBeVisible();

  // The listing and the product page were recorded, on the device only.
  await expect.poll(async () => (await events(page, 'view_item_list')).length).toBeGreaterThan(0);
  await expect.poll(async () => (await events(page, 'view_item')).length).toBe(1);
  const [view] = await events(page, 'view_item');
  expect(view!.ecommerce).toMatchObject({
    currency: 'KWD',
    items: [{ item_name: name, quantity: 1, item_id: expect.stringMatching(/^\d+$/) }],
  });
  expect(typeof view!.ecommerce!.value).toBe('number');

  await page.getByRole('button', { name: `Add to cart: ${name}` }).click();
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  await expect.poll(async () => (await events(page, 'add_to_cart')).length).toBe(1);
  const layer = await dataLayer(page);
  // GA4's ecommerce shape: each ecommerce event is preceded by a reset of the previous one.
  const at = layer.findIndex((p) => p.event === 'add_to_cart');
  expect(layer[at - 1]).toEqual({ ecommerce: null });
  expect(layer[at]!.ecommerce).toMatchObject({ currency: 'KWD', items: [{ item_name: name, quantity: 1 }] });

  // No personal data anywhere in the data layer: not the shopper's name or e-mail, no user id or token.
  const text = JSON.stringify(layer);
  for (const secret of [shopper.email, 'Layla', 'Testshopper', 'user_id', 'token', '@'])
    expect(text).not.toContain(secret);
  // …and nothing left the page before the shopper chose.
  await page.waitForTimeout(1500);
  expect(collected).toHaveLength(0);
  expect((await context.cookies()).map((c) => c.name)).not.toContain('analytics_cid');

  // What it counts is one step away, in English (the Arabic story below opens it by keyboard at 390 px).
  await banner.getByRole('button', { name: 'Details' }).click();
  await expect(banner.getByRole('button', { name: 'Details' })).toHaveAttribute('aria-expanded', 'true');
  await expect(banner.getByText(/We never record your name/)).toBeVisible();

  // Accepting lets the tracker send what happens next, to the shop's own /collect.
  await banner.getByRole('button', { name: 'Accept' }).click();
  await expect(banner).toBeHidden();
  await page.getByRole('button', { name: `One more ${name}` }).click();
  await expect.poll(() => collected.length, { timeout: 10_000 }).toBeGreaterThan(0);
  const body = collected[0]!.postDataJSON() as {
    client_id: string;
    events: Array<{ name: string; params: Record<string, unknown> }>;
  };
  expect(body.events.map((e) => e.name)).toContain('add_to_cart');
  const cid = (await context.cookies()).find((c) => c.name === 'analytics_cid')!.value;
  expect(body.client_id).toBe(cid);
  expect(JSON.stringify(body)).not.toContain(shopper.email);

  const outbox = await page.request.get('/dev/analytics?format=json');
  const items = (await outbox.json()).data.items as Array<{ client_id: string; events: Array<{ name: string }> }>;
  expect(items.filter((i) => i.client_id === cid).flatMap((i) => i.events.map((e) => e.name))).toContain('add_to_cart');

  // The banner stays away on the next page: the choice is remembered for 180 days.
  const consent = (await context.cookies()).find((c) => c.name === 'analytics_consent')!;
  expect(consent.value).toBe('granted');
  expect(consent.expires * 1000 - Date.now()).toBeGreaterThan(179 * 24 * 3600 * 1000);
  await page.goto('/cart');
  await expect(page.getByTestId('cart-count')).toHaveText('2');
  await expect(page.getByTestId('consent-banner')).toHaveCount(0);
});

test('on an Arabic phone the banner is a compact bar that moves nothing; Cookie settings reopens it, keyboard first; declining stops the tracker and forgets its id', async ({
  page,
  context,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  // Every layout shift from the start of the page, the banner's arrival included.
  const shifts = await watchLayoutShifts(page);
  await page.goto('/ar/products');
  await expect(page.getByTestId('product-card').first()).toBeVisible();
  const banner = page.getByTestId('consent-banner');
  // The runtime starts a few seconds after the page is live (AnalyticsSlot RUNTIME_DELAY_MS).
  await expect(banner).toBeVisible({ timeout: 15_000 });
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  // On a phone it is a compact bar at the bottom that moves nothing: at most about an eighth of the
  // screen (12 % of 844 px), along its bottom edge.
  await page.evaluate(() => document.fonts.ready);
  const box = (await banner.boundingBox())!;
  expect(box.height).toBeLessThanOrEqual(0.12 * 844);
  expect(box.y + box.height).toBeGreaterThanOrEqual(844 - 16);
  expect(await shifts()).toBe(0);
  // The page's last lines can still be scrolled above it.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const footerEnd = await page.locator('.copyright').boundingBox();
  expect(footerEnd!.y + footerEnd!.height).toBeLessThanOrEqual(box.y + 1);
  // Keyboard: its choices are reachable, and what it counts is one step away, in the shopper's language.
  await banner.getByRole('button', { name: 'التفاصيل' }).focus();
  await page.keyboard.press('Enter');
  await expect(banner.getByRole('button', { name: 'التفاصيل' })).toHaveAttribute('aria-expanded', 'true');
  await expect(banner.getByText(/لا نسجّل أبدًا اسمك/)).toBeVisible();
  await banner.getByRole('button', { name: 'موافق' }).focus();
  await page.keyboard.press('Enter');
  await expect(banner).toBeHidden();
  await expect.poll(async () => (await context.cookies()).some((c) => c.name === 'analytics_consent')).toBe(true);

  const settings = page.getByRole('button', { name: 'إعدادات ملفات تعريف الارتباط' });
  await settings.focus();
  await page.keyboard.press('Enter');
  await expect(banner).toBeVisible();
  // Focus moved into the banner (its title), so a screen reader reads it; Tab reaches its choices.
  await expect(banner.getByRole('heading')).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(banner).toBeHidden();
  await expect(settings).toBeFocused();

  await page.keyboard.press('Enter');
  await expect(banner).toBeVisible();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(banner.getByRole('button', { name: 'رفض' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(banner).toBeHidden();
  await expect(settings).toBeFocused();
  const cookies = await context.cookies();
  expect(cookies.find((c) => c.name === 'analytics_consent')!.value).toBe('denied');
  expect(cookies.map((c) => c.name)).not.toContain('analytics_cid');

  // Declined: events still reach the data layer on the device, but no beacon leaves.
  const collected: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/collect') collected.push(r.url());
  });
  await openFirstProduct(page, 'ar');
  await expect.poll(async () => (await events(page, 'view_item')).length).toBe(1);
  await page.waitForTimeout(1500);
  expect(collected).toEqual([]);
});
