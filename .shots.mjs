import { chromium } from '@playwright/test';
import { CHROMIUM_FLAGS, chromiumOrPackaged } from './scripts/chromium.mjs';

const BASE = 'http://localhost:8805';
const OUT = '/tmp/shop/shots';
const only = process.argv[2];
const browser = await chromium.launch({ executablePath: chromiumOrPackaged([]), args: CHROMIUM_FLAGS });
const sizes = { 390: { width: 390, height: 844 }, 1280: { width: 1280, height: 800 } };

async function ctx(width, { consent = 'denied' } = {}) {
  const context = await browser.newContext({ viewport: sizes[width], baseURL: BASE, serviceWorkers: 'block' });
  const ip = `198.18.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;
  await context.setExtraHTTPHeaders({ 'cf-connecting-ip': ip });
  if (consent) await context.addCookies([{ name: 'analytics_consent', value: consent, url: BASE }]);
  return context;
}
const hydrated = (page) =>
  page.waitForFunction(() => document.documentElement.hasAttribute('data-hydrated'), undefined, { timeout: 15000 }).catch(() => {});
async function go(page, path) {
  await page.goto(path);
  await hydrated(page);
}

const jobs = {
  async consent(width, lang) {
    const c = await ctx(width, { consent: null });
    const page = await c.newPage();
    await go(page, `${lang === 'ar' ? '/ar' : ''}/products`);
    await page.getByTestId('consent-banner').waitFor({ timeout: 20000 });
    await page.waitForTimeout(300);
    await page.screenshot({ path: `${OUT}/consent-${lang}-${width}.png` });
    await page.getByTestId('consent-banner').locator('.consent-banner-more').click();
    await page.screenshot({ path: `${OUT}/consent-details-${lang}-${width}.png` });
    await c.close();
  },
  async search(width, lang) {
    const c = await ctx(width);
    const page = await c.newPage();
    const p = lang === 'ar' ? '/ar' : '';
    await go(page, `${p}/search?q=qqxzvvqq`);
    await page.screenshot({ path: `${OUT}/search-none-${lang}-${width}.png` });
    await go(page, `${p}/search?q=vitamin&price=0-0.001`);
    await page.screenshot({ path: `${OUT}/search-filtered-none-${lang}-${width}.png` });
    await go(page, `${p}/search?q=vitamin`);
    if (width < 768) await page.locator('.filters-button').click();
    await page.waitForTimeout(400);
    await page.locator('.price-range:visible').first().scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${OUT}/search-price-${lang}-${width}.png` });
    await c.close();
  },
  async reset(width, lang) {
    const c = await ctx(width);
    const page = await c.newPage();
    await go(page, `${lang === 'ar' ? '/ar' : ''}/auth/reset-password?token=${'0'.repeat(64)}`);
    await page.screenshot({ path: `${OUT}/reset-spent-${lang}-${width}.png` });
    await c.close();
  },
  async cart(width, lang) {
    const c = await ctx(width);
    const page = await c.newPage();
    const p = lang === 'ar' ? '/ar' : '';
    await go(page, `${p}/products`);
    await page.getByTestId('product-card').first().locator('.product-card-link').click();
    await hydrated(page);
    await page.locator('main .add-button').first().click();
    await go(page, `${p}/cart`);
    await page.getByTestId('cart-line').first().waitFor();
    await page.waitForTimeout(500);
    await page.screenshot({ path: `${OUT}/cart-one-${lang}-${width}.png` });
    // To 80 % and over: the banner offers the pop-up; adding from it reaches free delivery.
    const plus = page.getByTestId('cart-line').first().locator('.quantity button').last();
    for (let i = 0; i < 12; i++) {
      if (await page.getByTestId('free-delivery-banner').getByRole('button').count()) break;
      await plus.click();
      await page.waitForTimeout(250);
    }
    await page.getByTestId('free-delivery-banner').getByRole('button').first().click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await page.waitForTimeout(1500);
    await page.screenshot({ path: `${OUT}/unlock-open-${lang}-${width}.png` });
    for (let i = 0; i < 6; i++) {
      if ((await dialog.getByTestId('unlock-see-all').count()) === 0) break;
      const add = dialog.locator('.add-button').first();
      if (await add.count()) await add.click();
      else await dialog.locator('.quantity button').last().click();
      await page.waitForTimeout(400);
    }
    await page.screenshot({ path: `${OUT}/unlock-reached-${lang}-${width}.png` });
    await c.close();
  },
  async subscribe(width, lang) {
    const c = await ctx(width);
    const page = await c.newPage();
    const p = lang === 'ar' ? '/ar' : '';
    await go(page, `${p}/search?q=omega`);
    await page.getByTestId('product-card').first().locator('.product-card-link').click();
    await hydrated(page);
    const choice = page.getByTestId('subscribe-every');
    await choice.waitFor({ timeout: 15000 });
    await choice.selectOption({ index: 1 });
    await page.waitForTimeout(300);
    await page.getByTestId('subscribe-choice').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${OUT}/subscribe-${lang}-${width}.png` });
    await c.close();
  },
};

for (const [name, job] of Object.entries(jobs)) {
  if (only && !only.split(',').includes(name)) continue;
  for (const width of [390, 1280])
    for (const lang of ['en', 'ar']) {
      try {
        await job(width, lang);
        console.log('ok', name, lang, width);
      } catch (e) {
        console.log('FAIL', name, lang, width, String(e).slice(0, 300));
      }
    }
}
await browser.close();
