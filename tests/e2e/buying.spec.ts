// Buying, as shoppers do it, in both languages and both countries.
import type { Page } from '@playwright/test';
import { expect, signUpThroughApi, test } from './fixtures';
import { COUNTRY_FACTS } from '#shared/countries';

const unique = () => `buyer${Date.now()}${Math.floor(Math.random() * 1000)}@example.com`;

const TEXT = {
  en: {
    prefix: '',
    addMore: /Add .+ more for free delivery/,
    unlock: 'Unlock free delivery',
    unlockDialog: 'Unlock free delivery',
    continue: 'Continue',
    enjoy: 'Enjoy free delivery on this order!',
    checkout: 'Checkout',
    continueToPayment: 'Continue to payment',
    placeOrder: 'Place order',
    thanks: 'Thank you! Your order is placed.',
    reorder: 'Reorder',
    itemsAdded: 'Items added to cart',
    failedTitle: 'The payment did not go through',
    payAgain: 'Pay again',
    payOnline: 'Pay online',
    wallet: /^Wallet \(balance/,
    topUp: 'Top up',
    toppedUp: 'Your wallet was topped up.',
  },
  ar: {
    prefix: '/ar',
    addMore: /أضف .+ أخرى للحصول على توصيل مجاني/,
    unlock: 'احصل على التوصيل المجاني',
    unlockDialog: 'احصل على التوصيل المجاني',
    continue: 'متابعة',
    enjoy: 'استمتع بالتوصيل المجاني لهذا الطلب!',
    checkout: 'إتمام الشراء',
    continueToPayment: 'المتابعة إلى الدفع',
    placeOrder: 'تأكيد الطلب',
    thanks: 'شكراً لك! تم تأكيد طلبك.',
    reorder: 'إعادة الطلب',
    itemsAdded: 'تمت إضافة المنتجات إلى السلة',
    failedTitle: 'لم تتم عملية الدفع',
    payAgain: 'أعد الدفع',
    payOnline: 'الدفع الإلكتروني',
    wallet: /^المحفظة \(الرصيد/,
    topUp: 'اشحن',
    toppedUp: 'تم شحن محفظتك.',
  },
} as const;

type Lang = keyof typeof TEXT;

async function signUp(page: Page, lang: Lang, country: 'KW' | 'SA') {
  const x = TEXT[lang];
  await signUpThroughApi(page, { lang, name: 'Sara Buyer', email: unique() });
  await page.goto(`${x.prefix}/profile`);
  await expect(page).toHaveURL(new RegExp(`${x.prefix}/profile$`));
  if (country === 'SA') {
    await page.getByTestId('country-switch').selectOption('SA');
    await expect(page.getByTestId('country-switch')).toHaveValue('SA');
  }
}

/** A product whose price lets a few units cross 80 % of the threshold and then the threshold. */
async function pickProduct(page: Page): Promise<{ slug: string; toUnlock: number; toFree: number }> {
  return page.evaluate(async () => {
    // The threshold is the country's own, in minor units of its currency as paid (decision 52): compare
    // it with each card's price as paid (the rate and VAT of /country, rounded once like payableMinor).
    const sync = (await (await fetch('/api/user/sync')).json()).data as { free_shipping: number };
    const T = sync.free_shipping;
    const countryCode = document.cookie.match(/(?:^|; )country=(\w+)/)?.[1] ?? 'KW';
    const countries = (await (await fetch('/api/country')).json()).data.items as Array<{
      code: string;
      exchange_rate: string;
      decimals: number;
      vat_basis_points: number;
    }>;
    const c = countries.find((x) => x.code === countryCode)!;
    const paid = (fils: number) =>
      Math.round((fils * Number(c.exchange_rate) * 10 ** c.decimals * (10_000 + c.vat_basis_points)) / 10_000 / 1_000);
    for (let p = 1; p < 20; p++) {
      const res = await fetch(`/api/product/${p}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          filters: [{ key: 'only_available', type: 'boolean', value: true }],
          sort: { key: 'price', value: 'asc' },
        }),
      });
      const items = (await res.json()).data.items as Array<{
        slug: string;
        default_sku: { id: number; price: { price: number }; buy_limit: number | null; in_stock: boolean };
      }>;
      for (const card of items) {
        const price = paid(card.default_sku.price.price);
        const toUnlock = Math.ceil((0.8 * T) / price);
        const toFree = Math.ceil(T / price);
        const limit = card.default_sku.buy_limit ?? 99;
        if (!(card.default_sku.in_stock && toUnlock * price < T && toUnlock >= 2 && toFree <= limit && toFree <= 8))
          continue;
        // "In stock" may mean three left after the other stories' orders: ask the quote whether twice the
        // units the story buys (it reorders once) are there, so it never meets a sold-out size at the end.
        const quote = await fetch('/api/order/calculate', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ items: [{ sku_id: card.default_sku.id, count: 2 * toFree }] }),
        });
        const problems = quote.ok ? ((await quote.json()).data.problems as unknown[]) : [null];
        if (problems.length === 0) return { slug: card.slug, toUnlock, toFree };
      }
    }
    throw new Error('no product fits the free-delivery steps');
  });
}

/** The Arabic stories type numbers on an Arabic keyboard: ٠–٩ must be accepted like 0–9. */
const arabicDigits = (text: string) => text.replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d)));

async function addAddress(page: Page, country: 'KW' | 'SA', typed: (text: string) => string = (t) => t) {
  const form = page.getByTestId('address-form');
  if (country === 'KW') {
    await form.locator('select[name=governorate_id]').selectOption('2');
    await form.locator('select[name=area_id]').selectOption('26');
    await form.locator('input[name=phone]').fill('98765432');
    await form.locator('input[name=block]').fill('3');
    await form.locator('input[name=street]').fill('12');
    await form.locator('input[name=building]').fill('7');
  } else {
    await form.locator('input[name=city_search]').fill('Riy');
    await expect(form.locator('select[name=city_id] option')).toHaveCount(2);
    await form.locator('select[name=city_id]').selectOption({ index: 1 });
    await form.locator('input[name=phone]').fill(typed('512345678'));
    await form.locator('input[name=district]').fill('Al Olaya');
    await form.locator('input[name=street]').fill('King Fahd Road');
    await form.locator('input[name=building_number]').fill(typed('2345'));
    await form.locator('input[name=postal_code]').fill(typed('12211'));
  }
  await form.locator('button[type=submit]').click();
  // The form closes: the view and focus go back to the section's heading, never the footer below it.
  const heading = page.locator('#checkout-address-title');
  await expect(heading).toBeFocused();
  await expect(heading).toBeInViewport();
}

// One browser run, in Arabic from Saudi Arabia (decision 70). English from Kuwait is covered by cheaper
// tests and one English browser story: the banner's three states in client/cart/FreeDeliveryBanner.test.tsx,
// the Kuwait address, cash on delivery, the thanks and the order's date in delivery-promise.spec.ts.
for (const [lang, country] of [['ar', 'SA']] as Array<[Lang, 'KW' | 'SA']>) {
  test(`a shopper fills the cart to free delivery, checks out with cash on delivery and reorders (${lang}, ${country})`, async ({
    page,
  }) => {
    const x = TEXT[lang];
    await signUp(page, lang, country);
    const pick = await pickProduct(page);

    await page.goto(`${x.prefix}/products/${pick.slug}`);
    await page.locator('main .add-button').first().click();
    await page.goto(`${x.prefix}/cart`);
    const banner = page.getByTestId('free-delivery-banner');
    await expect(banner).toContainText(x.addMore);
    const before = Number(await banner.locator('progress').getAttribute('value'));
    const plus = page
      .getByTestId('cart-line')
      .getByRole('button', { name: lang === 'en' ? /^One more / : /^زيادة كمية / });
    for (let n = 1; n < pick.toUnlock; n++) await plus.click();
    // The banner moved, and from 80 % it offers the unlock modal.
    await expect
      .poll(async () => Number(await banner.locator('progress').getAttribute('value')))
      .toBeGreaterThan(before);
    await banner.getByRole('button', { name: x.unlock }).click();
    const dialog = page.getByRole('dialog', { name: x.unlockDialog });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByTestId('unlock-see-all')).toHaveAttribute('href', /price=0-\d+&available=1&free=1/);
    await dialog.getByRole('button', { name: x.continue }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    for (let n = pick.toUnlock; n < pick.toFree; n++) await plus.click();
    await expect(banner).toContainText(x.enjoy);

    await page.getByRole('button', { name: x.checkout }).click();
    await expect(page).toHaveURL(new RegExp(`${x.prefix}/checkout/shipping$`));
    await addAddress(page, country, lang === 'ar' ? arabicDigits : undefined);
    await page.getByRole('button', { name: x.continueToPayment }).click();
    await expect(page).toHaveURL(new RegExp(`${x.prefix}/checkout/order$`));
    await expect(page.getByTestId('total')).toContainText(COUNTRY_FACTS[country].currencyLabel[lang]);
    // A refused order stays on this page with its reason: name it in the failure rather than time out.
    const submitted = page.waitForResponse((r) => r.url().endsWith('/api/order/submit'), { timeout: 30_000 });
    await page.getByRole('button', { name: x.placeOrder }).click();
    const answer = await submitted;
    expect(answer.status(), await answer.text()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(x.thanks);
    const number = await page.getByTestId('order-number').innerText();
    // The order date: Gregorian with Latin digits, and in Arabic the Hijri date too.
    await expect(page.getByTestId('order-date')).toContainText(
      lang === 'ar' ? /\d{4} \(\d+\s.+\s14\d\d\sهـ\)/ : /[A-Z][a-z]{2} \d+, \d{4}/,
    );
    await expect(page.locator('header').getByTestId('cart-count')).toHaveText('0');

    await page.goto(`${x.prefix}/profile/orders`);
    const card = page.getByTestId('order-card').filter({ hasText: number });
    await expect(card).toBeVisible();
    await card.getByRole('link').click();
    await page.getByTestId('reorder').click();
    await expect(page).toHaveURL(new RegExp(`${x.prefix}/cart$`));
    await expect(page.getByTestId('toast')).toContainText(x.itemsAdded);
    await expect(page.getByTestId('cart-line')).toHaveCount(1);
    await expect(page.getByTestId('cart-line').locator('output')).toHaveText(String(pick.toFree));
  });
}

test('a card payment fails in the sandbox, then the shopper pays again and it succeeds (ar)', async ({ page }) => {
  const x = TEXT.ar;
  await signUp(page, 'ar', 'KW');
  const pick = await pickProduct(page);
  await page.goto(`${x.prefix}/products/${pick.slug}`);
  await page.locator('main .add-button').first().click();
  await page.goto(`${x.prefix}/cart`);
  await page.getByRole('button', { name: x.checkout }).click();
  await addAddress(page, 'KW');
  await page.getByRole('button', { name: x.continueToPayment }).click();
  // Once in a CI run beside Vitest, the tap on the card option landed while the payment step was still
  // settling and was lost (focus moved, COD stayed chosen). A shopper taps again; so does the story,
  // and the next steps still prove the option was taken.
  await expect(async () => {
    await page.getByLabel(x.payOnline).check({ timeout: 2_000 });
  }).toPass({ timeout: 10_000 });
  await page.getByLabel('كي نت').check();
  await page.getByRole('button', { name: x.placeOrder }).click();
  await expect(page).toHaveURL(/\/payments\/sandbox\/pay_/);
  await page.getByRole('button', { name: 'أفشل الدفع' }).click();
  await expect(page).toHaveURL(/\/ar\/checkout\/success\?order=\d+/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(x.failedTitle);
  // No confirmation was mailed for an unpaid order: the page says it comes with the payment.
  await expect(page.getByTestId('mail-note')).toHaveText(/^سنراسلك على .+ عند نجاح الدفع\.$/);
  // The cart stays until the payment succeeds.
  await expect(page.locator('header').getByTestId('cart-count')).toHaveText('1');
  await page.getByRole('button', { name: x.payAgain }).click();
  await expect(page).toHaveURL(/\/payments\/sandbox\/pay_/);
  await page.getByRole('button', { name: 'ادفع بنجاح' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(x.thanks);
  await expect(page.getByTestId('checkout-result')).toContainText('تم استلام الدفع');
  await expect(page.getByTestId('mail-note')).toHaveText(/^أرسلنا تأكيداً إلى /);
  await expect(page.locator('header').getByTestId('cart-count')).toHaveText('0');
});

test('a shopper tops up the wallet and pays an order with it (en, Saudi Arabia)', async ({ page }) => {
  const x = TEXT.en;
  await signUp(page, 'en', 'SA');
  await page.goto('/profile/wallet');
  await page.getByLabel(/^Amount/).fill('500');
  await page.getByLabel('mada').check();
  await page.getByRole('button', { name: x.topUp, exact: true }).click();
  await expect(page).toHaveURL(/\/payments\/sandbox\/pay_/);
  await page.getByRole('button', { name: 'Pay successfully' }).click();
  await expect(page.getByTestId('wallet-charge-result')).toHaveText(x.toppedUp);
  await expect(page.getByTestId('wallet-balance')).toContainText('SAR 500.00');

  const pick = await pickProduct(page);
  await page.goto(`/products/${pick.slug}`);
  await page.locator('main .add-button').first().click();
  await page.goto('/cart');
  await page.getByRole('button', { name: x.checkout }).click();
  await addAddress(page, 'SA');
  await page.getByRole('button', { name: x.continueToPayment }).click();
  await page.getByLabel(x.wallet).check();
  await page.getByRole('button', { name: x.placeOrder }).click();
  await expect(page.getByTestId('checkout-result')).toContainText('Your payment is received');
  await page.goto('/profile/wallet');
  await expect(page.getByTestId('wallet-history').locator('li')).toHaveCount(2);
  const balance = await page.getByTestId('wallet-balance').innerText();
  expect(balance).not.toContain('500.00');
});
