// "A shopper sends an order as a gift in Arabic with a message and an Eid delivery date, and the back
// office prints a packing slip without prices" (decision 34).
import type { Page } from '@playwright/test';
import { deliveryWindow, addGulfDays } from '../../shared/api/gift-schemas';
import {
  cheapestInStockSlug,
  createStaffThroughDev,
  expect,
  signInStaff,
  signUpThroughApi,
  staffOrigin,
  test,
} from './fixtures';

const MESSAGE = 'عيد مبارك يا نورة، كل عام وأنتِ بخير 🌙';

/** The next Eid (1 Shawwal or 10 Dhu al-Hijjah, Umm al-Qura) a gift can be delivered on, else a week ahead. */
function eidDay(now: number): string {
  const { min, max } = deliveryWindow(now, 'Asia/Kuwait');
  const hijri = new Intl.DateTimeFormat('en-u-ca-islamic-umalqura-nu-latn', {
    month: 'numeric',
    day: 'numeric',
    timeZone: 'Asia/Kuwait',
  });
  for (let day = min; day <= max; day = addGulfDays(day, 1)) {
    const parts = hijri.formatToParts(Date.parse(`${day}T09:00:00Z`));
    const m = Number(parts.find((p) => p.type === 'month')?.value);
    const d = Number(parts.find((p) => p.type === 'day')?.value);
    if ((m === 10 && d === 1) || (m === 12 && d === 10)) return day;
  }
  return addGulfDays(min, 6);
}

/** The cheapest product in stock, added from its page. */
async function addCheapProduct(page: Page, prefix: string) {
  const slug = await cheapestInStockSlug(page);
  await page.goto(`${prefix}/products/${slug}`);
  await page.locator('main .add-button').first().click();
  await expect(page.locator('header').getByTestId('cart-count')).toHaveText('1');
}

test('a shopper sends an order as a gift in Arabic with a message and an Eid delivery date, and the back office prints a packing slip without prices', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await signUpThroughApi(page, { lang: 'ar', country: 'KW', name: 'هيا' });
  await page.goto('/ar/');
  await addCheapProduct(page, '/ar');
  await page.goto('/ar/checkout/shipping');

  // The switch reveals the recipient form (loaded on first use) instead of the shopper's own address.
  const toggle = page.getByRole('switch', { name: 'أرسله كهدية' });
  await expect(toggle).not.toBeChecked();
  await toggle.check();
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  const form = page.getByTestId('gift-form');
  await expect(form).toBeVisible();
  // An empty submit lists the problems and focuses the first field.
  await form.getByTestId('gift-continue').click();
  await expect(page.getByTestId('form-summary')).toBeVisible();
  await expect(page.getByLabel('اسم المستلم')).toBeFocused();

  await page.getByLabel('اسم المستلم').fill('نورة');
  await page.getByLabel('جوال المستلم').fill('55512345');
  await form.locator('select[name=governorate_id]').selectOption('2');
  await form.locator('select[name=area_id]').selectOption('26');
  await form.locator('input[name=block]').fill('4');
  await form.locator('input[name=street]').fill('21');
  await form.locator('input[name=building]').fill('9');
  await page.getByLabel('رسالة الهدية').fill(MESSAGE);
  await expect(page.getByTestId('gift-message-left')).toHaveText(/تبق/);

  // The delivery day: a native date input from tomorrow to 60 days ahead; today is refused.
  const date = page.getByLabel('يوم التوصيل');
  const { min, max } = deliveryWindow(Date.now(), 'Asia/Kuwait');
  await expect(date).toHaveAttribute('type', 'date');
  await expect(date).toHaveAttribute('min', min);
  await expect(date).toHaveAttribute('max', max);
  await date.fill(addGulfDays(min, -1));
  await form.getByTestId('gift-continue').click();
  await expect(page.getByTestId('form-summary')).toContainText('اختر يوم توصيل من الغد');
  const eid = eidDay(Date.now());
  await date.fill(eid);
  // The chosen day is spelled with its Hijri date.
  await expect(page.getByTestId('gift-date-chosen')).toContainText('هـ');
  await form.getByTestId('gift-continue').click();

  // The review step shows the gift and the recipient's address.
  await expect(page).toHaveURL(/\/ar\/checkout\/order$/);
  const summary = page.getByTestId('gift-summary');
  await expect(summary).toContainText('مُرسل كهدية');
  await expect(summary).toContainText('إلى نورة');
  await expect(summary.locator('blockquote')).toHaveText(MESSAGE);
  await expect(page.getByTestId('review-address')).toContainText('نورة');
  await page.getByTestId('place-order').click();

  await expect(page).toHaveURL(/\/ar\/checkout\/success\?order=\d+$/);
  const orderId = new URL(page.url()).searchParams.get('order')!;
  const placed = page.getByTestId('gift-summary');
  await expect(placed).toContainText('إلى نورة');
  await expect(placed.locator('blockquote')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByTestId('gift-summary-date')).toContainText('هـ');

  // The back office: the gift orders filter, the order's gift panel, the packing slip.
  const clerk = await createStaffThroughDev(page, [{ role: 'fulfilment', country: 'KW' }], {
    name: 'Fahad',
    lang: 'ar',
  });
  const staff = staffOrigin(baseURL!);
  await signInStaff(page, staff, clerk, 'ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await page.goto(`${staff}/orders`);
  await page.getByLabel('طلبات الهدايا فقط').check();
  await page.getByRole('button', { name: 'تصفية' }).click();
  await expect(page).toHaveURL(/gift=1/);
  const row = page.getByTestId('staff-order-row').filter({ hasText: orderId });
  await expect(row.getByTestId('staff-order-gift')).toContainText('هدية');
  await row.getByRole('link', { name: orderId, exact: true }).click();
  const panel = page.getByTestId('staff-order-gift-card');
  await expect(panel).toContainText('مُرسل كهدية');
  await expect(panel).toContainText(MESSAGE);
  await expect(page.getByTestId('staff-gift-date')).toContainText('هـ');
  await panel.getByRole('link', { name: 'اطبع قسيمة التغليف' }).click();

  const slip = page.getByTestId('packing-slip');
  await expect(slip).toContainText('قسيمة التغليف');
  await expect(slip).toContainText('نورة');
  await expect(page.getByTestId('slip-message')).toHaveText(MESSAGE);
  await expect(page.getByTestId('slip-message')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByTestId('slip-delivery-date')).toContainText('هـ');
  await expect(page.getByTestId('slip-item')).toHaveCount(1);
  const text = await page.locator('body').innerText();
  for (const money of ['د.ك', 'KWD', 'KD', 'الإجمالي', 'السعر', 'الدفع عند الاستلام'])
    expect(text).not.toContain(money);
  // Printed, the sheet drops the screen's back link and hint.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('link', { name: 'العودة إلى الطلب' })).toBeHidden();
  await expect(page.getByTestId('slip-message')).toBeVisible();
});
