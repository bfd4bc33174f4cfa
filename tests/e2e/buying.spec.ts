// A shopper in Saudi Arabia buys as she does it, in Arabic on her phone (390 px): one journey in one set-up
// (decision 74; four stories before its amendment "room on the checkout path"). She tops up her wallet;
// sees when an order arrives on the product page and in the cart and chooses next-day delivery for her
// Riyadh address (issues 62 and 73); her card payment fails in the gateway's sandbox and she pays again;
// she subscribes to omega-3 and skips a delivery (decision 45); and she fills a cart to free delivery,
// pays it from her wallet and reorders. Their other set-ups are checked below the browser or in another
// story: the English free-delivery banner in client/cart/FreeDeliveryBanner.test.tsx, the English wallet
// page in riyals in tests/integration/storefront/wallet-history.test.ts, Kuwait's same-day promise and
// cash on delivery in Arabic in phone-sign-in.spec.ts (its English texts in client/delivery/ and
// client/orders/ unit tests), the mail notes in English in orders-after-checkout.spec.ts, KNET's Arabic label
// in client/orders/PaymentChoice.test.tsx, the subscription job's rules in
// tests/integration/api/subscriptions.test.ts.
import type { Page } from '@playwright/test';
import { nextDate, orderDate } from '../../shared/subscriptions/frequency';
import { gulfDate } from '../../shared/gulf-days';
import { formatMinor } from '../../shared/money';
import { cheapestInStockSlug, expect, openCartFromHeader, signUpThroughApi, test, uniqueEmail } from './fixtures';
import { COUNTRY_FACTS } from '#shared/countries';

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

/** The seeded 60-softgel omega-3: two a day, a month's supply. */
const OMEGA = '/ar/products/noor-essentials-omega-3-fish-oil-1000-mg-softgels';
/** Noon in the Gulf on a day: the scheduled job's clock for "that day". */
const noonOf = (day: string) => Date.parse(`${day}T09:00:00Z`);

/** The Riyadh address, typed in Arabic on an Arabic keyboard, saved from the checkout's shipping step. */
async function addRiyadhAddress(page: Page) {
  const form = page.getByTestId('address-form');
  await form.locator('input[name=city_search]').fill('Riy');
  await expect(form.locator('select[name=city_id] option')).toHaveCount(2);
  await form.locator('select[name=city_id]').selectOption({ index: 1 });
  await form.locator('input[name=phone]').fill(arabicDigits('512345678'));
  await form.locator('input[name=district]').fill('العليا');
  await form.locator('input[name=street]').fill('طريق الملك فهد');
  await form.locator('input[name=building_number]').fill(arabicDigits('2345'));
  await form.locator('input[name=postal_code]').fill(arabicDigits('12211'));
  await form.locator('button[type=submit]').click();
  // The form closes: the view and focus go back to the section's heading, never the footer below it.
  const heading = page.locator('#checkout-address-title');
  await expect(heading).toBeFocused();
  await expect(heading).toBeInViewport();
}

test('a shopper in Saudi Arabia tops up her wallet, chooses next-day delivery and pays again after her card fails, subscribes to omega-3 and skips one, then fills a cart to free delivery, pays it from her wallet and reorders (ar)', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await signUpThroughApi(page, { lang: 'ar', name: 'Noura Buyer', email: uniqueEmail('saudi') });
  // Her wallet, where she switches the shop to Saudi Arabia (the header's switch): the wallet is then in
  // riyals. She tops it up through the gateway's sandbox.
  await page.goto('/ar/profile/wallet');
  await page.getByTestId('country-switch').selectOption('SA');
  await expect(page.getByTestId('country-switch')).toHaveValue('SA');
  await expect(page.getByTestId('wallet-balance')).toHaveText(formatMinor(0, 'SAR', 'ar', 'SA'));
  await page.getByLabel(/^المبلغ/).fill('500');
  await page.getByLabel('مدى').check();
  await page.getByRole('button', { name: 'اشحن', exact: true }).click();
  await expect(page).toHaveURL(/\/payments\/sandbox\/pay_/);
  await page.getByRole('button', { name: 'ادفع بنجاح', exact: true }).click();
  await expect(page.getByTestId('wallet-charge-result')).toHaveText('تم شحن محفظتك.');
  const topped = formatMinor(50_000, 'SAR', 'ar', 'SA');
  await expect(page.getByTestId('wallet-balance')).toHaveText(topped);

  // The product page says when an order placed now arrives, and by when to order (issue 73): before her
  // city is known, the standard day, with its Hijri day.
  await page.goto(`/ar/products/${await cheapestInStockSlug(page)}`);
  const promise = page.getByTestId('delivery-promise').locator('li').first();
  const standardDay = /^يصلك [^·]+ \([^)]+\)/;
  await expect(promise).toHaveText(standardDay);
  await expect(promise).toContainText(/آخر موعد للطلب: الساعة/);
  await page.locator('main .add-button').first().click();
  await expect(page.locator('header').getByTestId('cart-count')).toHaveText('1');
  await openCartFromHeader(page, 'ar');
  // The cart says it too, from the totals the API priced, with the time left to order. In the cut-off's
  // last minute the shop shows no countdown (shared/delivery/countdown.ts) and the promise moves a minute
  // later: a run that reaches the cart then reads it again once the next cut-off is the one counted.
  let tries = 0;
  await expect(async () => {
    if (tries++ > 0) await page.reload();
    await expect(page.getByTestId('cart-arrival')).toHaveText(standardDay);
    await expect(page.getByTestId('cart-arrival')).toContainText(/يتبقى/);
  }).toPass({ timeout: 80_000, intervals: [5_000, 15_000] });
  await page.getByTestId('cart-checkout').click();
  await expect(page).toHaveURL(/\/ar\/checkout\/shipping$/);
  await addRiyadhAddress(page);
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
  const day = (await speeds.locator('label[data-speed=next_day]').innerText()).match(/يصلك (.+) ·/)![1]!;
  // Paid online: the card fails in the gateway's sandbox, then she pays again and it succeeds. Once in a CI
  // run beside Vitest, the tap on the card option landed while the payment step was still settling and
  // was lost (focus moved, COD stayed chosen). A shopper taps again; so does the story, and the next
  // steps still prove the option was taken.
  await expect(async () => {
    await page.getByLabel('الدفع الإلكتروني').check({ timeout: 2_000 });
  }).toPass({ timeout: 10_000 });
  await page.getByLabel('مدى').check();
  // The order's answer is read on its way (the page leaves for the gateway before a body could be read).
  let placed: { status: number; text: string } | null = null;
  await page.route('**/api/order/submit', async (route) => {
    const response = await route.fetch();
    placed = { status: response.status(), text: await response.text() };
    await route.fulfill({ response });
  });
  await page.getByTestId('place-order').click();
  await expect(page).toHaveURL(/\/payments\/sandbox\/pay_/);
  await page.unroute('**/api/order/submit');
  const answer = placed as { status: number; text: string } | null;
  expect(answer?.status, answer?.text).toBe(200);
  expect(JSON.parse(answer!.text).data.order.promise.speed).toBe('next_day');
  await page.getByRole('button', { name: 'أفشل الدفع' }).click();
  await expect(page).toHaveURL(/\/ar\/checkout\/success\?order=\d+/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('لم تتم عملية الدفع');
  // No confirmation was mailed for an unpaid order: the page says it comes with the payment.
  await expect(page.getByTestId('mail-note')).toHaveText(/^سنراسلك على .+ عند نجاح الدفع\.$/);
  // The cart stays until the payment succeeds.
  await expect(page.locator('header').getByTestId('cart-count')).toHaveText('1');
  await page.getByRole('button', { name: 'أعد الدفع' }).click();
  await expect(page).toHaveURL(/\/payments\/sandbox\/pay_/);
  await page.getByRole('button', { name: 'ادفع بنجاح', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('شكراً لك! تم تأكيد طلبك.');
  await expect(page.getByTestId('checkout-result')).toContainText('تم استلام الدفع');
  await expect(page.getByTestId('mail-note')).toHaveText(/^أرسلنا تأكيداً إلى /);
  await expect(page.locator('header').getByTestId('cart-count')).toHaveText('0');
  // Her order keeps the day she chose.
  await expect(page.getByTestId('order-promise')).toHaveText(`يصلك ${day}`);

  // Subscribe and save: she chooses a frequency on the product page. The choice appears once the page is
  // live, with the shop's discount.
  await page.goto(OMEGA);
  const choice = page.getByTestId('subscribe-choice');
  await expect(choice).toContainText('اشترك ووفّر 10٪');
  // Bought once, the price can be paid later in four; a subscription is paid with a kept card, so once
  // she chooses one the note no longer quotes the one-time price (or any plan).
  await expect(page.getByTestId('pay-later-note')).toBeVisible();
  await choice.getByLabel('عدد مرات التوصيل').selectOption({ label: 'كل شهرين' });
  await expect(page.getByTestId('pay-later-note')).toHaveCount(0);
  await page.locator('main .add-button').first().click();
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  // The cart prices the line at the subscription price, the one-time price struck through.
  await openCartFromHeader(page, 'ar');
  const line = page.getByTestId('cart-line');
  await expect(line.getByTestId('subscribe-every')).toHaveValue('2m');
  await expect(line.locator('.price-was')).toBeVisible();
  await page.getByRole('button', { name: 'إتمام الشراء' }).click();
  // Her Riyadh address is kept and chosen.
  await expect(page.getByRole('radio', { name: /^Noura Buyer/ })).toBeChecked();
  await page.getByRole('button', { name: 'المتابعة إلى الدفع' }).click();
  // The review step names the frequency and offers only ways to charge later: no cash on delivery.
  await expect(page.getByTestId('review-line-every')).toHaveText('اشتراك: كل شهرين');
  await expect(page.getByLabel('الدفع عند الاستلام')).toHaveCount(0);
  await page.getByLabel('الدفع الإلكتروني').check();
  await page.getByLabel('مدى').check();
  await page.getByRole('button', { name: 'تأكيد الطلب' }).click();
  await expect(page).toHaveURL(/\/payments\/sandbox\/pay_/);
  await page.getByRole('button', { name: 'ادفع بنجاح', exact: true }).click();
  await expect(page).toHaveURL(/\/ar\/checkout\/success\?order=\d+/);
  // The thanks page empties the cart once it has seen the payment: she reads it before she moves on.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('شكراً لك! تم تأكيد طلبك.');
  await expect(page.locator('header').getByTestId('cart-count')).toHaveText('0');

  // Her subscription: active, the kept card, the next delivery two months on.
  const today = gulfDate(Date.now());
  const first = nextDate(today, '2m');
  await page.goto('/ar/profile/subscriptions');
  const sub = page.getByTestId('subscription');
  await expect(sub.getByTestId('subscription-status')).toHaveText('نشط');
  await expect(sub).toContainText('•••• 4242');
  const nextBefore = await sub.getByTestId('subscription-next').textContent();
  // She skips the next delivery: it moves on one period.
  await sub.getByTestId('subscription-skip').click();
  await expect(page.getByTestId('toast')).toContainText('تم تحديث اشتراكك.');
  await expect(sub.getByTestId('subscription-next')).not.toHaveText(nextBefore!);
  const second = nextDate(first, '2m');
  // The day before the order is due the job places nothing; on its day it places the order.
  const due = orderDate(second);
  const lastOrder = sub.getByRole('link', { name: /^الطلب الأخير: \d+$/ });
  const early = await page.request.post('/dev/subscriptions/run', { data: { now: noonOf(due) - 86_400_000 } });
  expect(early.status()).toBe(200);
  await page.reload();
  await expect(sub.getByTestId('subscription-status')).toHaveText('نشط');
  await expect(lastOrder).toHaveCount(0);
  const onTime = await page.request.post('/dev/subscriptions/run', { data: { now: noonOf(due) } });
  expect(onTime.status()).toBe(200);
  await page.reload();
  await expect(lastOrder).toBeVisible();
  await expect(sub.getByTestId('subscription-status')).toHaveText('نشط');

  // A cart filled to free delivery, paid from her wallet, and reordered.
  const pick = await pickProduct(page);
  await page.goto(`/ar/products/${pick.slug}`);
  await page.locator('main .add-button').first().click();
  await expect(page.locator('header').getByTestId('cart-count')).toHaveText('1');
  await openCartFromHeader(page, 'ar');
  const banner = page.getByTestId('free-delivery-banner');
  await expect(banner).toContainText(/أضف .+ أخرى للحصول على توصيل مجاني/);
  const before = Number(await banner.locator('progress').getAttribute('value'));
  const plus = page.getByTestId('cart-line').getByRole('button', { name: /^زيادة كمية / });
  for (let n = 1; n < pick.toUnlock; n++) await plus.click();
  // The banner moved, and from 80 % it offers the unlock modal.
  await expect.poll(async () => Number(await banner.locator('progress').getAttribute('value'))).toBeGreaterThan(before);
  await banner.getByRole('button', { name: 'احصل على التوصيل المجاني' }).click();
  const dialog = page.getByRole('dialog', { name: 'احصل على التوصيل المجاني' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('unlock-see-all')).toHaveAttribute('href', /price=0-\d+&available=1&free=1/);
  await dialog.getByRole('button', { name: 'متابعة' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  for (let n = pick.toUnlock; n < pick.toFree; n++) await plus.click();
  await expect(banner).toContainText('استمتع بالتوصيل المجاني لهذا الطلب!');

  await page.getByRole('button', { name: 'إتمام الشراء' }).click();
  await expect(page).toHaveURL(/\/ar\/checkout\/shipping$/);
  await page.getByRole('button', { name: 'المتابعة إلى الدفع' }).click();
  await expect(page).toHaveURL(/\/ar\/checkout\/order$/);
  await expect(page.getByTestId('total')).toContainText(COUNTRY_FACTS.SA.currencyLabel.ar);
  // Paid from the wallet.
  await page.getByLabel(/^المحفظة \(الرصيد/).check();
  // A refused order stays on this page with its reason: name it in the failure rather than time out.
  const submitted = page.waitForResponse((r) => r.url().endsWith('/api/order/submit'), { timeout: 30_000 });
  await page.getByRole('button', { name: 'تأكيد الطلب' }).click();
  const walletAnswer = await submitted;
  expect(walletAnswer.status(), await walletAnswer.text()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('شكراً لك! تم تأكيد طلبك.');
  await expect(page.getByTestId('checkout-result')).toContainText('تم استلام الدفع');
  const number = await page.getByTestId('order-number').innerText();
  // The order date: Gregorian with Latin digits, and in Arabic the Hijri date too.
  await expect(page.getByTestId('order-date')).toContainText(/\d{4} \(\d+\s.+\s14\d\d\sهـ\)/);
  await expect(page.locator('header').getByTestId('cart-count')).toHaveText('0');

  await page.getByRole('link', { name: 'عرض طلباتي' }).click();
  await expect(page).toHaveURL(/\/ar\/profile\/orders$/);
  const card = page.getByTestId('order-card').filter({ hasText: number });
  await expect(card).toBeVisible();
  await card.getByRole('link').click();
  await page.getByTestId('reorder').click();
  await expect(page).toHaveURL(/\/ar\/cart$/);
  // One product reordered: the toast of one (several say how many, with Arabic's dual for two).
  await expect(page.getByTestId('toast')).toContainText('تمت إضافة المنتج إلى السلة');
  await expect(page.getByTestId('cart-line')).toHaveCount(1);
  await expect(page.getByTestId('cart-line').locator('output')).toHaveText(String(pick.toFree));

  // Her wallet: the top-up and the payment, the balance spent.
  await page.goto('/ar/profile/wallet');
  await expect(page.getByTestId('wallet-history').locator('li')).toHaveCount(2);
  await expect(page.getByTestId('wallet-balance')).not.toContainText('500.00');
});
