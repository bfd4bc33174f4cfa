// The installable app: the service worker installs on a real visit and keeps the offline page
// of each language, and the "Get the app" guide reads well on a phone in Arabic.
import { allowProblems, expect, test } from './fixtures';

// The other stories block service workers (playwright.config.ts); this one is about it.
test.use({ serviceWorkers: 'allow' });

test("a shopper's browser installs the service worker and sees the Arabic offline page when the network drops", async ({
  page,
  context,
  problems,
}) => {
  await page.goto('/ar');
  await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
  // Not while the first page loads (it would compete with it on a phone): 8 s after, or at a second page.
  expect(await page.evaluate(async () => !!(await navigator.serviceWorker.getRegistration()))).toBe(false);
  // Active once the offline pages are stored.
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
  expect(new URL(scope).pathname).toBe('/');
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const keys: string[] = [];
        for (const name of await caches.keys())
          for (const req of await (await caches.open(name)).keys()) keys.push(new URL(req.url).pathname);
        return keys.sort();
      }),
    )
    .toEqual(expect.arrayContaining(['/ar/offline', '/offline']));
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

  // The network drops; the shopper opens a page of the shop that was never visited, nor stored.
  await context.setOffline(true);
  await page.evaluate(() => window.location.assign('/ar/brands-list'));
  const offline = page.getByTestId('offline-page');
  await expect(offline).toBeVisible();
  await expect(page).toHaveURL(/\/ar\/brands-list$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('أنت غير متصل بالإنترنت');
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  // The failed page requests, as the browser reports them.
  allowProblems(problems, /ERR_INTERNET_DISCONNECTED|navigation preload/i);

  // "Try again" while still offline asks the network again (a fresh document) and lands here again.
  await page.evaluate(() => {
    (window as unknown as { __before?: boolean }).__before = true;
  });
  await offline.getByRole('link', { name: 'حاول مرة أخرى' }).click();
  // Asked while the new document replaces the old one, the question can meet no document at all: ask again.
  const freshDocument = () =>
    page.evaluate(() => !(window as unknown as { __before?: boolean }).__before).catch(() => false);
  await expect.poll(freshDocument).toBe(true);
  await expect(page.getByTestId('offline-page')).toBeVisible();
  allowProblems(problems, /ERR_INTERNET_DISCONNECTED|navigation preload/i);

  // Back online, the page reloads by itself and the shopper has the page they asked for.
  await context.setOffline(false);
  // At once on "online", or at the page's next 5 s check (worker/routes/app-files.ts BACK_ONLINE).
  await expect(page.getByTestId('offline-page')).toHaveCount(0, { timeout: 15_000 });
  await expect(page).toHaveURL(/\/ar\/brands-list$/);
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('أنت غير متصل بالإنترنت');
  await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
  // The /api stays the network's: the worker stored pages and build files only, never an API answer.
  const stored = await page.evaluate(async () => {
    const paths: string[] = [];
    for (const name of await caches.keys())
      for (const req of await (await caches.open(name)).keys()) paths.push(new URL(req.url).pathname);
    return paths;
  });
  expect(stored.filter((p) => p.startsWith('/api'))).toEqual([]);
  expect(stored.filter((p) => p.startsWith('/assets/')).length).toBeGreaterThan(0);
});

// The Arabic iPhone guide's texts and drawings are the storefront integration test installable-app.test.ts,
// its 390 px layout a page of no-sideways-scroll.spec.ts (decision 70).

/** The browser's install offer, as Chrome sends it once the site is installable (headless never does). */
async function offerInstall(page: import('@playwright/test').Page) {
  await page.evaluate(() => {
    const event = new Event('beforeinstallprompt', { cancelable: true });
    const w = window as unknown as { __prompted: number };
    w.__prompted = 0;
    Object.assign(event, {
      prompt: async () => {
        w.__prompted++;
      },
      userChoice: Promise.resolve({ outcome: 'dismissed' }),
    });
    window.dispatchEvent(event);
  });
}

test('a returning shopper with a cart is offered the app once, never on the first page, and "Not now" holds; in Arabic after an order it reads right to left', async ({
  page,
}) => {
  // A browser that has visited before.
  await page.addInitScript(() => {
    if (!localStorage.getItem('app-visits')) localStorage.setItem('app-visits', '1');
  });
  await page.goto('/');
  // First page of the visit: the offer is held back.
  await offerInstall(page);
  await expect(page.getByTestId('install-banner')).toHaveCount(0);

  const slug = await page.evaluate(async () => {
    const res = await fetch('/api/product/1', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ filters: [{ key: 'only_available', type: 'boolean', value: true }] }),
    });
    return ((await res.json()).data.items as Array<{ slug: string }>)[0]!.slug;
  });
  await page.getByRole('link', { name: 'Our story' }).first().click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Our story');
  // Second page, second visit, but an empty cart: still nothing.
  await offerInstall(page);
  await expect(page.getByTestId('install-banner')).toHaveCount(0);

  await page.goto(`/products/${slug}`);
  await page.locator('main .add-button').first().click();
  await expect(page.locator('header').getByTestId('cart-count')).toHaveText('1');
  await offerInstall(page);
  const banner = page.getByTestId('install-banner');
  await expect(banner.getByRole('heading', { name: 'Install the Gulf Vitamins app' })).toBeVisible();
  // "Install" opens the browser's own dialog; declining it counts as "Not now".
  await banner.getByRole('button', { name: 'Install' }).click();
  await expect(banner).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { __prompted: number }).__prompted)).toBe(1);
  expect(Number(await page.evaluate(() => localStorage.getItem('app-install-dismissed')))).toBeGreaterThan(0);

  // Remembered: the next offer, on the next page, is not shown.
  await page.goto('/cart');
  await offerInstall(page);
  await page.getByRole('link', { name: 'Our story' }).first().click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Our story');
  await expect(page.getByTestId('install-banner')).toHaveCount(0);

  // In Arabic, after an order is placed (the same banner, decision 70: one story, the other language a
  // step): a new browser's dismissal is forgotten here, so the success page may offer it again.
  await page.evaluate(() => localStorage.removeItem('app-install-dismissed'));
  // The success page of a checkout, reached within the visit (never a first page).
  await page.goto('/ar');
  await page.goto('/ar/checkout/success');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await offerInstall(page);
  await expect(banner.getByRole('heading', { name: 'ثبّت تطبيق خليج الفيتامينات' })).toBeVisible();
  await banner.getByRole('button', { name: 'ليس الآن' }).click();
  await expect(banner).toHaveCount(0);
  expect(Number(await page.evaluate(() => localStorage.getItem('app-install-dismissed')))).toBeGreaterThan(0);
});
