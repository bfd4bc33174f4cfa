// "A shopper sees when her order arrives": the product page, the cart and the review step say the day,
// the review step offers the speeds her address gets with their fees, and the order keeps the day it
// was promised (issue 62, decision 65). English in Kuwait on a phone; Arabic in Saudi Arabia on a desktop.
import type { Page } from '@playwright/test';
import { cheapestInStockSlug, expect, signUpThroughApi, test, uniqueEmail } from './fixtures';

async function toCheckout(page: Page, prefix: string, promiseText: RegExp, orderBy: RegExp, left: RegExp) {
  const slug = await cheapestInStockSlug(page);
  await page.goto(`${prefix}/products/${slug}`);
  // The product page says when an order placed now arrives, and by when to order (issue 73).
  const promise = page.getByTestId('delivery-promise').locator('li').first();
  await expect(promise).toHaveText(promiseText);
  await expect(promise).toContainText(orderBy);
  await page.locator('main .add-button').first().click();
  await expect(page.locator('header').getByTestId('cart-count')).toHaveText('1');
  await page.goto(`${prefix}/cart`);
  // The cart says it too, from the totals the API priced, with the time left to order. In the cut-off's
  // last minute the shop shows no countdown (shared/delivery/countdown.ts) and the promise moves a minute
  // later: a run that reaches the cart then reads it again once the next cut-off is the one counted.
  let tries = 0;
  await expect(async () => {
    if (tries++ > 0) await page.reload();
    await expect(page.getByTestId('cart-arrival')).toHaveText(promiseText);
    await expect(page.getByTestId('cart-arrival')).toContainText(left);
  }).toPass({ timeout: 80_000, intervals: [5_000, 15_000] });
}

test('a shopper in Kuwait sees the same-day promise on the product page, in the cart, at checkout and on her order (en, 390 px)', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await signUpThroughApi(page, { lang: 'en', country: 'KW', email: uniqueEmail('promise') });
  await page.goto('/');
  await toCheckout(
    page,
    '',
    /^Arrives [A-Z][a-z]{2}, [A-Z][a-z]{2} \d{1,2}(?!\d)/,
    /Order by \d{1,2}:\d{2}/,
    / left\)/,
  );
  await page.getByTestId('cart-checkout').click();
  await expect(page).toHaveURL(/\/checkout\/shipping$/);
  const form = page.getByTestId('address-form');
  await form.locator('select[name=governorate_id]').selectOption('2');
  await form.locator('select[name=area_id]').selectOption('26');
  await form.locator('input[name=phone]').fill('98765432');
  await form.locator('input[name=block]').fill('3');
  await form.locator('input[name=street]').fill('12');
  await form.locator('input[name=building]').fill('7');
  await form.locator('button[type=submit]').click();
  await expect(page.locator('#checkout-address-title')).toBeFocused();
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await expect(page).toHaveURL(/\/checkout\/order$/);
  // Salmiya gets one speed: a line with its day and the country's fee.
  const speeds = page.getByTestId('delivery-speeds');
  await expect(speeds.getByTestId('delivery-speed-only')).toHaveText(
    /^Same day: arrives [A-Z][a-z]{2}, [A-Z][a-z]{2} \d{1,2} · KWD\s?1\.000Order by /,
  );
  const day = (await speeds.getByTestId('delivery-speed-only').innerText()).match(/arrives (.+) ·/)![1]!;
  const submitted = page.waitForResponse((r) => r.url().endsWith('/api/order/submit'));
  await page.getByTestId('place-order').click();
  expect((await submitted).status()).toBe(200);
  await expect(page).toHaveURL(/\/checkout\/success\?order=\d+$/);
  // The English thanks and the order's date, Gregorian (buying.spec.ts has the Arabic with the Hijri date).
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thank you! Your order is placed.');
  await expect(page.getByTestId('order-date')).toContainText(/[A-Z][a-z]{2} \d+, \d{4}/);
  await expect(page.getByTestId('order-promise')).toHaveText(`Arrives ${day}`);
  // Her order's page keeps the promise.
  const number = await page.getByTestId('order-number').innerText();
  await page.goto(`/profile/orders?id=${number}`);
  await expect(page.getByTestId('order-promise')).toHaveText(`Arrives ${day}`);
});

test('a shopper in Saudi Arabia chooses next-day delivery for her Riyadh address and sees the promised day (ar, 1280 px)', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await signUpThroughApi(page, { lang: 'ar', country: 'SA', email: uniqueEmail('promise-sa') });
  await page.goto('/ar/profile');
  await page.getByTestId('country-switch').selectOption('SA');
  await expect(page.getByTestId('country-switch')).toHaveValue('SA');
  // Before her city is known, the standard day, with its Hijri day.
  await toCheckout(page, '/ar', /^يصلك [^·]+ \([^)]+\)/, /آخر موعد للطلب: الساعة/, /يتبقى/);
  await page.getByTestId('cart-checkout').click();
  await expect(page).toHaveURL(/\/ar\/checkout\/shipping$/);
  const form = page.getByTestId('address-form');
  await form.locator('input[name=city_search]').fill('Riy');
  await expect(form.locator('select[name=city_id] option')).toHaveCount(2);
  await form.locator('select[name=city_id]').selectOption({ index: 1 });
  await form.locator('input[name=phone]').fill('512345678');
  await form.locator('input[name=district]').fill('العليا');
  await form.locator('input[name=street]').fill('طريق الملك فهد');
  await form.locator('input[name=building_number]').fill('2345');
  await form.locator('input[name=postal_code]').fill('12211');
  await form.locator('button[type=submit]').click();
  await expect(page.locator('#checkout-address-title')).toBeFocused();
  await page.getByRole('button', { name: 'المتابعة إلى الدفع' }).click();
  await expect(page).toHaveURL(/\/ar\/checkout\/order$/);
  // Riyadh gets the next day and standard; standard (cheaper) is taken until she chooses.
  const speeds = page.getByTestId('delivery-speeds');
  const nextDay = speeds.getByRole('radio', { name: /^في اليوم التالي: يصلك / });
  const standard = speeds.getByRole('radio', { name: /^عادي: يصلك / });
  await expect(standard).toBeChecked();
  await expect(nextDay).not.toBeChecked();
  await expect(speeds.locator('label[data-speed=next_day]')).toContainText('35.00');
  const priced = page.waitForResponse((r) => r.url().endsWith('/api/order/calculate'));
  await nextDay.check();
  expect((await priced).status()).toBe(200);
  await expect(nextDay).toBeChecked();
  const label = await speeds.locator('label[data-speed=next_day]').innerText();
  const day = label.match(/يصلك (.+) ·/)![1]!;
  const submitted = page.waitForResponse((r) => r.url().endsWith('/api/order/submit'));
  await page.getByTestId('place-order').click();
  const answer = await submitted;
  expect(answer.status(), await answer.text()).toBe(200);
  expect((await answer.json()).data.order.promise.speed).toBe('next_day');
  await expect(page.getByTestId('order-promise')).toHaveText(`يصلك ${day}`);
});
