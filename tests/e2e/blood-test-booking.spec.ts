// Booking blood tests, as shoppers do it: who is tested, where and when the nurse comes, the review
// with its preparation and consent, and the payment, in both languages and both countries.
import type { Page } from '@playwright/test';
import { expect, signOut, signUpThroughApi, test } from './fixtures';

/** From the test's own page into the blood-test cart, then from the cart to the booking. */
async function addAndCheckOut(page: Page, prefix: string, slug: string, add: string) {
  await page.goto(`${prefix}/blood-test/${slug}`);
  // The page's own Add button (a panel's page also lists its member tests, each with one).
  const button = page.locator('main').getByRole('button', { name: add, exact: true });
  await button.click();
  await expect(button).toHaveCount(0);
  await page.goto(`${prefix}/cart`);
  await page.getByTestId('blood-test-checkout').click();
  await expect(page).toHaveURL(new RegExp(`${prefix}/checkout-blood-test/shipping$`));
}

/** The Umm al-Qura day and month in brackets beside the Gregorian date: "(13 جمادى الآخرة)". */
const HIJRI = /\(\d{1,2}\u00a0[^)]+\)/;

async function shopIn(page: Page, prefix: string, country: 'KW' | 'SA') {
  await page.goto(`${prefix}/profile`);
  if (country === 'SA') {
    // The switch asks the API for the new country's delivery figures in the background: the story waits
    // for that answer, so its next step (signing out) cannot race a call the page is still making.
    const synced = page.waitForResponse(
      async (r) =>
        r.url().endsWith('/api/user/sync') &&
        /(^|;\s*)country=SA(;|$)/.test((await r.request().allHeaders()).cookie ?? ''),
    );
    await page.getByTestId('country-switch').selectOption('SA');
    await expect(page.getByTestId('country-switch')).toHaveValue('SA');
    await synced;
  }
}

test('a Kuwaiti shopper adds a vitamin D test in another tab, books it for a morning home visit and pays by KNET', async ({
  page,
  context,
}) => {
  // Two tabs and a card paid twice, with the other-tab cart steps before the booking: a long story.
  test.slow();
  await signUpThroughApi(page, { lang: 'en', name: 'Sara Shopper' });
  await shopIn(page, '', 'KW');
  // She adds the test in another tab: the header's blood-test link loads its code only once the cart
  // matters in a tab, so a page that never used the cart still hears another tab's test (and its
  // removal), and a page that starts with one in the cart shows it (it was blood-test-cart.spec.ts).
  await page.goto('/products');
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  const header = page.getByRole('banner');
  await expect(header.getByTestId('blood-test-cart-count')).toHaveCount(0);

  const other = await context.newPage();
  await other.goto('/blood-test');
  await expect(other.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await other.getByRole('button', { name: 'Add to blood-test cart: Vitamin D (25-OH) test' }).click();
  await expect(other.getByRole('banner').getByTestId('blood-test-cart-count')).toHaveText('1');

  await expect(header.getByRole('link', { name: 'Blood-test cart, 1 test' })).toBeVisible();
  await expect(header.getByTestId('blood-test-cart-count')).toHaveText('1');

  // Removed in the other tab: gone here too.
  await other.goto('/cart');
  await other
    .getByTestId('blood-test-cart-line')
    .getByRole('button', { name: /Vitamin D/ })
    .click();
  await expect(header.getByTestId('blood-test-cart-count')).toHaveCount(0);

  // A page that starts with a test in the cart shows the link without using the cart itself.
  await other.goto('/blood-test');
  await other.getByRole('button', { name: 'Add to blood-test cart: Vitamin D (25-OH) test' }).click();
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await expect(page.getByRole('banner').getByTestId('blood-test-cart-count')).toHaveText('1');
  await other.close();
  await page.goto('/cart');
  await page.getByTestId('blood-test-checkout').click();
  await expect(page).toHaveURL(/\/checkout-blood-test\/shipping$/);
  // Me: the lab needs my details and civil id once; a typo in the id is caught as it is typed.
  await page.getByLabel('Me', { exact: true }).check();
  await page.getByLabel('Female').check();
  await page.getByLabel(/^Date of birth/).fill('1985-03-15');
  await page.getByLabel(/^Civil ID number/).fill('285031512319');
  await expect(page.locator('#bt-patient-national_id-error')).toBeVisible();
  await page.getByLabel(/^Civil ID number/).fill('285031512318');
  await expect(page.getByTestId('national-id-ok')).toHaveText('This number looks right.');

  // On a phone the address form fills the screen; saving it closes it, and the view and focus go to
  // the address section's heading instead of staying scrolled past the shorter page, at the footer.
  await page.setViewportSize({ width: 390, height: 800 });
  const form = page.getByTestId('address-form');
  await form.locator('select[name=governorate_id]').selectOption('2');
  await form.locator('select[name=area_id]').selectOption('26');
  await form.locator('input[name=phone]').fill('98765432');
  await form.locator('input[name=block]').fill('3');
  await form.locator('input[name=street]').fill('12');
  await form.locator('input[name=building]').fill('7');
  await form.locator('button[type=submit]').click();
  const where = page.getByRole('heading', { name: 'Where should the nurse come?' });
  await expect(where).toBeFocused();
  await expect(where).toBeInViewport();

  // Vitamin D needs no fast: afternoon windows are offered too, and the shopper takes a morning one.
  // The second day offered: the first may be within 12 hours, when a failed payment can no longer be
  // paid again (the story pays again below), so the story would depend on the hour it runs at.
  await expect(page.getByTestId('slot-fasting')).toHaveCount(0);
  // The row of days scrolls inside itself: the page is never wider than the screen, wide or narrow.
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await expect(page.getByTestId('slot-day').first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `${width} px`).toBeLessThanOrEqual(width);
  }
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.getByTestId('slot-day').nth(1).click();
  await page.getByRole('radio', { name: /^7:00 AM – 9:00 AM/ }).check();
  await page.getByTestId('bt-continue').click();

  await expect(page).toHaveURL(/\/checkout-blood-test\/order$/);
  await expect(page.getByTestId('hold-countdown')).toContainText(/held for (10:00|9:\d\d)/);
  await expect(page.getByTestId('bt-review-slot')).toContainText('7:00 AM – 9:00 AM');
  await expect(page.getByTestId('preparation')).toContainText('Stop biotin');
  await expect(page.getByTestId('total')).toContainText('9.000');
  // Booking without consent to process health data is refused, with the reason.
  await page.getByTestId('bt-place').click();
  await expect(page.getByTestId('form-error')).toContainText('Please agree to the processing of health data');
  await page.getByTestId('bt-consent').check();
  await page.getByLabel('Pay by card now').check();
  await page.getByLabel('KNET').check();
  await page.getByTestId('bt-place').click();

  // The first card payment fails: the booking waits, and is paid again from the success page.
  await expect(page).toHaveURL(/\/payments\/sandbox\/pay_/);
  await page.getByRole('button', { name: 'Fail the payment' }).click();
  await expect(page).toHaveURL(/\/checkout-blood-test\/success\?order=\d+/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('The payment did not go through');
  await page.getByTestId('pay-again').click();
  await expect(page).toHaveURL(/\/payments\/sandbox\/pay_/);
  await page.getByRole('button', { name: 'Pay successfully' }).click();
  await expect(page).toHaveURL(/\/checkout-blood-test\/success\?order=\d+/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Blood test booked');
  await expect(page.getByTestId('bt-next-visit')).toContainText('between 7:00 AM – 9:00 AM');
  await expect(page.getByTestId('bt-ics')).toHaveAttribute('href', /\/api\/user\/bloodTestOrder\/ics\?id=\d+/);
  // The blood-test cart is empty after the booking.
  expect(await page.evaluate(() => localStorage.getItem('blood_test_cart'))).toBeNull();

  await page.getByRole('link', { name: 'View the booking' }).click();
  await expect(page.getByTestId('bt-timeline').locator('[aria-current=step]')).toHaveText(/^Booked/);
  await expect(page.getByTestId('bt-patient')).toContainText('Sara Shopper');
});

test("a Saudi shopper tries the blood-test cart, books a women's health panel for her mother and pays at the visit", async ({
  page,
}) => {
  // The blood-test cart's steps, then the whole booking: a long story.
  test.slow();
  const { email } = await signUpThroughApi(page, { lang: 'ar', name: 'ريم العتيبي' });
  await shopIn(page, '/ar', 'SA');
  await signOut(page, 'ar');
  // The blood-test cart: separate from the product cart, counted in the header, kept across pages,
  // listed on the cart page with the way to book, and emptied by its remove button.
  await page.goto('/ar/blood-test');
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: /سلة فحوصات الدم/ })).toHaveCount(0);

  await page.getByRole('button', { name: 'أضف إلى سلة الفحوصات: فحص فيتامين د (25 هيدروكسي)' }).click();
  const testsLink = header.getByRole('link', { name: 'سلة فحوصات الدم 1, فحص واحد' });
  await expect(testsLink).toBeVisible();
  await expect(header.getByTestId('blood-test-cart-count')).toHaveText('1');
  // The product cart is a different cart: still empty.
  await expect(header.getByTestId('cart-count')).toHaveText('0');

  // Kept in the browser: a reload still shows it, and its page says it is in the cart.
  await page.goto('/ar/blood-test/vitamin-d-test');
  await expect(page.getByRole('link', { name: 'في سلة الفحوصات' })).toBeVisible();

  await testsLink.click();
  await expect(page).toHaveURL(/\/ar\/cart#blood-tests$/);
  const line = page.getByTestId('blood-test-cart-line');
  await expect(line).toHaveCount(1);
  await expect(line).toContainText('فحص فيتامين د (25 هيدروكسي)');
  await expect(page.getByTestId('blood-test-checkout')).toHaveAttribute('href', '/ar/checkout-blood-test/shipping');

  await line.getByRole('button', { name: 'إزالة فحص فيتامين د (25 هيدروكسي)' }).click();
  await expect(header.getByRole('link', { name: /سلة فحوصات الدم/ })).toHaveCount(0);
  // Signed out, she fills the cart; the booking asks her to sign in first and goes on after it.
  await addAndCheckOut(page, '/ar', 'womens-health-panel', 'أضف إلى سلة الفحوصات: باقة صحة المرأة');
  const dialog = page.getByRole('dialog', { name: 'تسجيل الدخول' });
  await dialog.getByLabel('البريد الإلكتروني').fill(email);
  await dialog.getByLabel(/^كلمة المرور\s*\*?$/).fill('secret1');
  await dialog.getByRole('button', { name: 'تسجيل الدخول' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page).toHaveURL(/\/ar\/checkout-blood-test\/shipping$/);
  await expect(page.getByRole('heading', { name: 'من سيُجرى له التحليل؟' })).toBeVisible();
  await page.getByLabel('أحد أفراد العائلة').check();
  await page.getByLabel(/^الاسم الكامل/).fill('نورة الحربي');
  await page.getByLabel('أنثى').check();
  await page.getByLabel(/^تاريخ الميلاد/).fill('1962-04-10');
  await page.getByLabel(/^صلة القرابة/).selectOption('parent');
  // Typed on an Arabic keyboard: Arabic-Indic digits are read as the same number.
  await page.getByLabel(/^رقم الهوية الوطنية أو الإقامة/).fill('١٠١٢٣٤٥٦٧٢');
  await expect(page.getByTestId('national-id-ok')).toHaveText('الرقم صحيح.');

  const form = page.getByTestId('address-form');
  await form.locator('input[name=city_search]').fill('الرياض');
  await form.locator('select[name=city_id]').selectOption({ index: 1 });
  await form.locator('input[name=phone]').fill('512345678');
  await form.locator('input[name=district]').fill('العليا');
  await form.locator('input[name=street]').fill('طريق الملك فهد');
  await form.locator('input[name=building_number]').fill('2345');
  await form.locator('input[name=postal_code]').fill('12211');
  await form.locator('button[type=submit]').click();

  // Each day shows its Umm al-Qura date beside the Gregorian one.
  const day = page.getByTestId('slot-day').first();
  await expect(day.locator('.slot-day-hijri')).toHaveText(/^\d{1,2}\u00a0\S+/);
  await day.click();
  await expect(page.getByTestId('slot-window').locator('input:checked')).toHaveCount(1);
  await page.getByTestId('bt-continue').click();

  await expect(page).toHaveURL(/\/ar\/checkout-blood-test\/order$/);
  await expect(page.getByTestId('bt-review-patient')).toHaveText('نورة الحربي');
  await expect(page.getByTestId('bt-review-slot')).toContainText(HIJRI);
  await expect(page.getByTestId('preparation')).toContainText('أوقف مكملات البيوتين');
  await expect(page.getByTestId('vat-included')).toBeVisible();
  await page.getByTestId('bt-consent').check();
  await page.getByLabel('الدفع للممرضة عند الزيارة').check();
  await page.getByTestId('bt-place').click();

  await expect(page).toHaveURL(/\/ar\/checkout-blood-test\/success\?order=\d+/);
  await expect(page.getByTestId('bt-patient')).toContainText('نورة الحربي');
  await expect(page.getByTestId('bt-visit')).toContainText(HIJRI);
  await page.goto('/ar/profile/blood-tests');
  await expect(page.getByTestId('bt-order-card')).toHaveCount(1);
  await expect(page.getByTestId('bt-order-card')).toContainText('نورة الحربي');
});
