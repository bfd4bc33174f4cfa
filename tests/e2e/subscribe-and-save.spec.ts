// Subscribe and save (decision 45), as a Saudi shopper lives it in Arabic: she chooses a frequency on
// the product page, pays the first order with a card the gateway keeps, skips a delivery from her
// account, and the next order is placed by the scheduled job on its day, not before. The job's rules
// (once per date, failures, reminders) are tested at the API (tests/integration/api/subscriptions.test.ts).
import { nextDate, orderDate } from '../../shared/subscriptions/frequency';
import { gulfDate } from '../../shared/gulf-days';
import { addSaudiAddress, expect, signUpInSaudiArabia, test } from './fixtures';

/** The seeded 60-softgel omega-3: two a day, a month's supply. */
const OMEGA = '/ar/products/noor-essentials-omega-3-fish-oil-1000-mg-softgels';
/** Noon in the Gulf on a day: the scheduled job's clock for "that day". */
const noonOf = (day: string) => Date.parse(`${day}T09:00:00Z`);

test('a Saudi shopper subscribes to omega-3 every two months, skips one, and the next order is placed on time', async ({
  page,
}) => {
  await signUpInSaudiArabia(page, 'ar');
  await page.goto(OMEGA);
  // The choice appears once the page is live, with the shop's discount.
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
  await page.goto('/ar/cart');
  const line = page.getByTestId('cart-line');
  await expect(line.getByTestId('subscribe-every')).toHaveValue('2m');
  await expect(line.locator('.price-was')).toBeVisible();
  await page.getByRole('button', { name: 'إتمام الشراء' }).click();
  await addSaudiAddress(page, '٥١٢٣٤٥٦٧٨');
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
});
