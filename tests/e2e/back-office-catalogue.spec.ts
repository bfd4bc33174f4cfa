// The back office's catalogue as a catalogue manager uses it (issue 14), in English and Arabic: a
// sold-out product found by the stock filter, its price changed and its stock raised from 0 with a
// reason; the shopper's product page then shows the new price and an add-to-cart button at once.
import type { Page } from '@playwright/test';
import { formatMinor } from '../../shared/money';
import { totpCode } from '../../shared/staff/totp';
import { createStaffThroughDev, expect, staffOrigin, test } from './fixtures';

async function signIn(page: Page, staff: string, lang: 'en' | 'ar') {
  const manager = await createStaffThroughDev(page, [{ role: 'catalogue_manager', country: null }], {
    name: lang === 'ar' ? 'هدى' : 'Huda Catalogue',
  });
  await page.goto(`${staff}/sign-in`);
  if (lang === 'ar') await page.getByRole('button', { name: 'Switch to Arabic' }).click();
  await page.getByLabel(lang === 'ar' ? 'البريد الإلكتروني' : 'E-mail').fill(manager.email);
  await page.getByLabel(lang === 'ar' ? 'كلمة المرور' : 'Password').fill(manager.password);
  await page.getByRole('button', { name: lang === 'ar' ? 'متابعة' : 'Continue' }).click();
  await page.getByLabel(lang === 'ar' ? 'الرمز' : 'Code').fill(await totpCode(manager.secret));
  await page.getByRole('button', { name: lang === 'ar' ? 'تحقق' : 'Verify' }).click();
}

/** From the sold-out list, the first product with one size (so its page shows that size's price). */
async function openSoldOutProduct(page: Page): Promise<{ slug: string }> {
  const links = await page
    .locator('table a[href^="/catalogue/products/"]')
    .evaluateAll((as) => as.map((a) => a.getAttribute('href')!));
  expect(links.length).toBeGreaterThan(0);
  for (const href of links) {
    await page.goto(new URL(href, page.url()).href);
    if ((await page.locator('section.sku').count()) === 1) {
      const slug = (await page.locator('p.muted .mono').first().innerText()).split('·')[1]!.trim();
      return { slug };
    }
  }
  throw new Error('no sold-out product with a single size');
}

const TEXT = {
  en: {
    nav: 'Catalogue',
    heading: 'Products',
    stock: 'Stock',
    soldOut: 'Sold out',
    filter: 'Filter',
    price: 'Price (KWD)',
    reason: 'Reason for a stock change',
    save: /^Save /,
    saved: 'Saved. Shoppers see the change now.',
    addToCart: /^Add to cart/,
  },
  ar: {
    nav: 'المنتجات',
    heading: 'المنتجات',
    stock: 'المخزون',
    soldOut: 'نفد من المخزون',
    filter: 'تصفية',
    price: 'السعر (د.ك)',
    reason: 'سبب تغيير المخزون',
    save: /^حفظ /,
    saved: 'تم الحفظ. يرى المتسوقون التغيير الآن.',
    addToCart: /^أضف إلى السلة/,
  },
} as const;

for (const lang of ['en', 'ar'] as const) {
  test(`a catalogue manager changes a price and restocks a sold-out size; the shopper sees both (${lang})`, async ({
    page,
    baseURL,
  }) => {
    const x = TEXT[lang];
    const staff = staffOrigin(baseURL!);
    await signIn(page, staff, lang);
    await page
      .getByRole('navigation', { name: lang === 'ar' ? 'لوحة الإدارة' : 'Back office' })
      .getByRole('link', { name: x.nav })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: x.heading })).toBeVisible();
    await page.getByLabel(x.stock).selectOption({ label: x.soldOut });
    await page.getByRole('button', { name: x.filter }).click();
    const { slug } = await openSoldOutProduct(page);

    // A price the seed never uses, in fils, typed as dinars.
    const fils = 1000 + Math.floor(Math.random() * 8000);
    const sku = page.locator('form[action^="/catalogue/skus/"]:not([action$="/stock"])');
    await sku.getByLabel(x.price).fill((fils / 1000).toFixed(3));
    await sku.getByLabel(x.stock, { exact: true }).fill('24');
    await sku.getByLabel(x.reason).fill(lang === 'ar' ? 'شحنة من المورّد' : 'Delivery from the supplier');
    await sku.getByRole('button', { name: x.save }).click();
    await expect(page.getByText(x.saved)).toBeVisible();
    await expect(page.getByText(x.soldOut)).toHaveCount(0);

    // The shopper, on the shop's own origin, right after.
    await page.goto(`${lang === 'ar' ? '/ar' : ''}/products/${slug}`);
    await expect(page.getByText(formatMinor(fils, 'KWD', lang, 'KW')).first()).toBeVisible();
    await expect(page.getByRole('button', { name: x.addToCart }).first()).toBeVisible();
  });
}
