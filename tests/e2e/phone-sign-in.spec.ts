// A Kuwaiti shopper in Arabic on her phone (390 px): one journey in one set-up (decision 74; the stories of
// gift-order.spec.ts, delivery-promise.spec.ts's Kuwait and whatsapp-updates.spec.ts joined it in its
// amendment "room on the checkout path"). The heart on a product asks her to sign in, she asks for a
// WhatsApp code (typed on an Arabic keyboard), the chooser follows once her account is made. She sees when
// her order arrives in the cart, at checkout and on her order (issue 62, decision 65; by when to order,
// issue 73), her saved address's late list holds Continue back, and she checks out with cash on delivery
// without ever giving an e-mail, her updates on WhatsApp. Then "she sends an order as a gift in Arabic
// with a message and an Eid delivery date, and the back office prints a packing slip without prices"
// (decision 34); the back office ships her first order and the update reaches her on WhatsApp with the
// link that stops the next one. And, in English before she signs up, what the form says when no code was
// sent: the API's refusal and the time to wait, never "We sent a code" (decision 51). Below the browser:
// the back office's gift filter and gift card (staff-gift-packing-slip.test.ts) and its shipping pages
// (staff-orders-pages.test.ts); the English product page's promise (delivery-promise.test.ts), the
// review step's speed line, the countdown and the order's day in English (client/delivery/
// SpeedChoice.test.tsx, client/orders/OrderPromiseLine.test.tsx), the English WhatsApp update
// (api/src/messages/whatsapp-updates.test.ts); the Saudi shopper's promise is buying.spec.ts's.
import type { Page } from '@playwright/test';
import { deliveryWindow, addGulfDays } from '../../shared/api/gift-schemas';
import { formatMinor } from '../../shared/money';
import {
  cheapestInStockSlug,
  createStaffThroughDev,
  expect,
  openWhatsApp,
  openCartFromHeader,
  postStaffForms,
  signInStaff,
  staffOrigin,
  test,
} from './fixtures';

const arabicDigits = (text: string) => text.replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d)));

/** The newest code /dev/messages shows for a number (the local outbox of texts). */
async function codeFor(page: Page, e164: string): Promise<string> {
  const outbox = await page.context().newPage();
  let code = '';
  await expect(async () => {
    await outbox.goto('/dev/messages');
    const article = outbox.locator('article', { hasText: e164 }).first();
    await expect(article).toHaveAttribute('data-channel', 'whatsapp');
    code = /\d{6}/.exec((await article.getByTestId('message-text').textContent()) ?? '')?.[0] ?? '';
    expect(code).toMatch(/^\d{6}$/);
  }).toPass({ timeout: 10_000 });
  await outbox.close();
  return code;
}

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

test('a Kuwaiti shopper signs up with a WhatsApp code, sees when her order arrives and checks out with WhatsApp updates, sends an order as a gift with a message and an Eid delivery date that the back office prints a slip for, and stops the updates with one tap (ar); asking again too soon says no code was sent (en)', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 390, height: 844 });
  // Before she signs up, in English, by SMS for another number: asking again too soon says no code was
  // sent and counts down, never "we sent" (it was a story of its own; the same form, decision 70).
  const other = `66${String(Date.now()).slice(-6)}`;
  await page.goto('/auth/sign-in');
  await page.getByRole('button', { name: 'Get a code by WhatsApp or SMS instead' }).click();
  const number = page.getByTestId('phone-code-form');
  await number.getByLabel(/^Mobile number/).fill(other);
  await number.getByLabel('Text message (SMS)').check();
  await number.getByRole('button', { name: 'Send me a code' }).click();
  const check = page.getByTestId('phone-code-check');
  await expect(check.getByRole('status')).toHaveText(`We sent a code by SMS to \u2066+965 ${other}\u2069.`);
  await expect(check.getByRole('button', { name: 'Send a new code' })).toBeDisabled();
  await expect(check.getByTestId('code-resend-wait')).toHaveText(/^You can ask for a new code in \d+ seconds?\.$/);

  // Back to the number, and asking again within the minute: refused, with the time to wait.
  await check.getByRole('button', { name: 'Use another number' }).click();
  await number.getByLabel(/^Mobile number/).fill(other);
  await number.getByRole('button', { name: 'Send me a code' }).click();
  const refused = page.getByTestId('code-refused');
  await expect(refused).toContainText('No code was sent: this number has had as many codes as we send for now.');
  await expect(refused).toContainText(/You can try again in \d+ seconds?\./);
  await expect(number.getByRole('button', { name: 'Send me a code' })).toBeDisabled();
  await expect(page.getByTestId('phone-code-check')).toHaveCount(0);

  // In Arabic, from a product's heart.
  const national = `55${String(Date.now()).slice(-6)}`;
  await page.goto('/ar/products');
  const card = page.getByTestId('product-card').first();
  await card.getByTestId('wishlist-button').click();

  const dialog = page.getByRole('dialog', { name: 'تسجيل الدخول' });
  await dialog.getByRole('button', { name: 'سجّل الدخول برمز يُرسل إلى جوالك' }).click();
  await dialog.getByLabel(/^رقم الجوال/).fill(arabicDigits(national));
  await expect(dialog.getByLabel('واتساب')).toBeChecked();
  await dialog.getByRole('button', { name: 'أرسل لي رمزاً' }).click();
  await expect(dialog.getByRole('status')).toContainText('أرسلنا رمزاً عبر واتساب');
  // A new code only after the minute the API gave, counted down.
  await expect(dialog.getByRole('button', { name: 'أرسل رمزاً جديداً' })).toBeDisabled();
  await expect(dialog.getByTestId('code-resend-wait')).toContainText('يمكنك طلب رمز جديد بعد');

  const code = await codeFor(page, `+965${national}`);
  await dialog.getByLabel(/^الرمز/).fill(arabicDigits(code));
  await dialog.getByRole('button', { name: 'تسجيل الدخول' }).click();
  // A new number: her name makes the account.
  await expect(dialog.getByText('أهلاً بك! لا يوجد حساب بهذا الرقم بعد. ما اسمك؟')).toBeVisible();
  await dialog.getByLabel(/^الاسم الكامل/).fill('هيا');
  await dialog.getByRole('button', { name: 'أنشئ حسابي' }).click();

  // Signed in, the action that asked for it goes on: the wishlist chooser opens.
  await expect(page.getByRole('dialog', { name: 'الحفظ في قائمة أمنيات' })).toBeVisible();
  await page.keyboard.press('Escape');

  await card.locator('.add-button').click();
  await expect(page.locator('header').getByTestId('cart-count')).toHaveText('1');
  await openCartFromHeader(page, 'ar');
  // The cart says when the order arrives, from the totals the API priced, with the time left to order
  // (issue 62, decision 65; issue 73). In the cut-off's last minute the shop shows no countdown
  // (shared/delivery/countdown.ts) and the promise moves a minute later: a run that reaches the cart then
  // reads it again once the next cut-off is the one counted.
  let tries = 0;
  await expect(async () => {
    if (tries++ > 0) await page.reload();
    await expect(page.getByTestId('cart-arrival')).toHaveText(/^يصلك /);
    await expect(page.getByTestId('cart-arrival')).toContainText(/آخر موعد للطلب: الساعة \d{1,2}:\d{2}/);
    await expect(page.getByTestId('cart-arrival')).toContainText(/يتبقى/);
  }).toPass({ timeout: 80_000, intervals: [5_000, 15_000] });
  await page.getByRole('button', { name: 'إتمام الشراء' }).click();
  const form = page.getByTestId('address-form');
  await form.locator('select[name=governorate_id]').selectOption('2');
  await form.locator('select[name=area_id]').selectOption('26');
  await form.locator('input[name=phone]').fill(arabicDigits(national));
  await form.locator('input[name=block]').fill('٣');
  await form.locator('input[name=street]').fill('١٢');
  await form.locator('input[name=building]').fill('٧');
  // The saved address's list comes back late: Continue waits for it, since the address appearing moves
  // the button down (a tap before that landed on nothing).
  let release = () => {};
  const listed = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/user/address', async (route) => {
    if (route.request().method() === 'GET') await listed;
    await route.continue();
  });
  await form.locator('button[type=submit]').click();
  await expect(page.locator('#checkout-address-title')).toBeFocused();
  await expect(page.getByRole('button', { name: 'المتابعة إلى الدفع' })).toBeDisabled();
  release();
  await expect(page.getByRole('radio', { name: /^هيا/ })).toBeChecked();
  await page.unroute('**/api/user/address');
  await page.getByRole('button', { name: 'المتابعة إلى الدفع' }).click();
  await expect(page).toHaveURL(/\/ar\/checkout\/order$/);
  // Salmiya gets one speed: a line with its day, the country's fee and by when to order.
  const only = page.getByTestId('delivery-speeds').getByTestId('delivery-speed-only');
  await expect(only).toHaveText(/^في اليوم نفسه: يصلك .+ · .+آخر موعد للطلب: الساعة /);
  await expect(only).toContainText(formatMinor(1_000, 'KWD', 'ar', 'KW'));
  const day = (await only.innerText()).match(/يصلك (.+) ·/)![1]!;
  await page.getByLabel('الدفع عند الاستلام').check();
  // She opts in to the order's updates on WhatsApp, to the number she gave.
  await page.getByLabel(/^أرسل لي تحديثات هذا الطلب عبر واتساب إلى/).check();
  const submitted = page.waitForResponse((r) => r.url().endsWith('/api/order/submit'));
  await page.getByRole('button', { name: 'تأكيد الطلب' }).click();
  expect((await submitted).status()).toBe(200);
  await expect(page).toHaveURL(/\/ar\/checkout\/success\?order=\d+$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('شكراً لك! تم تأكيد طلبك.');
  await expect(page.getByTestId('order-date')).toContainText(/\d{4} \(\d+\s.+\s14\d\d\sهـ\)/);
  await expect(page.getByTestId('order-promise')).toHaveText(`يصلك ${day}`);
  const first = (await page.getByTestId('order-number').innerText()).trim();
  // Her order's page keeps the promise: from the thanks page, through her orders.
  await page.getByRole('link', { name: 'عرض طلباتي' }).click();
  await page.getByTestId('order-card').filter({ hasText: first }).getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/ar/profile/orders\\?id=${first}$`));
  await expect(page.getByTestId('order-promise')).toHaveText(`يصلك ${day}`);

  // Her account: the number signs her in; an e-mail can be added.
  await page.goto('/ar/profile/account');
  await expect(page.getByTestId('phone-verified')).toContainText(`+965${national}`);
  await expect(page.getByRole('heading', { name: 'البريد الإلكتروني' })).toBeVisible();

  // The gift: another order, sent to someone else, from the cheapest product's page.
  await page.goto(`/ar/products/${await cheapestInStockSlug(page)}`);
  await page.locator('main .add-button').first().click();
  await expect(page.locator('header').getByTestId('cart-count')).toHaveText('1');
  await openCartFromHeader(page, 'ar');
  await page.getByRole('button', { name: 'إتمام الشراء' }).click();
  await expect(page).toHaveURL(/\/ar\/checkout\/shipping$/);

  // The switch reveals the recipient form (loaded on first use) instead of the shopper's own address.
  const toggle = page.getByRole('switch', { name: 'أرسله كهدية' });
  await expect(toggle).not.toBeChecked();
  await toggle.check();
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  const giftForm = page.getByTestId('gift-form');
  await expect(giftForm).toBeVisible();
  // An empty submit lists the problems and focuses the first field.
  await giftForm.getByTestId('gift-continue').click();
  await expect(page.getByTestId('form-summary')).toBeVisible();
  await expect(page.getByLabel('اسم المستلم')).toBeFocused();

  await page.getByLabel('اسم المستلم').fill('نورة');
  await page.getByLabel('جوال المستلم').fill('55512345');
  await giftForm.locator('select[name=governorate_id]').selectOption('2');
  await giftForm.locator('select[name=area_id]').selectOption('26');
  await giftForm.locator('input[name=block]').fill('4');
  await giftForm.locator('input[name=street]').fill('21');
  await giftForm.locator('input[name=building]').fill('9');
  await page.getByLabel('رسالة الهدية').fill(MESSAGE);
  await expect(page.getByTestId('gift-message-left')).toHaveText(/تبق/);

  // The delivery day: a native date input from tomorrow to 60 days ahead; today is refused.
  const date = page.getByLabel('يوم التوصيل');
  const { min, max } = deliveryWindow(Date.now(), 'Asia/Kuwait');
  await expect(date).toHaveAttribute('type', 'date');
  await expect(date).toHaveAttribute('min', min);
  await expect(date).toHaveAttribute('max', max);
  await date.fill(addGulfDays(min, -1));
  await giftForm.getByTestId('gift-continue').click();
  await expect(page.getByTestId('form-summary')).toContainText('اختر يوم توصيل من الغد');
  const eid = eidDay(Date.now());
  await date.fill(eid);
  // The chosen day is spelled with its Hijri date.
  await expect(page.getByTestId('gift-date-chosen')).toContainText('هـ');
  await giftForm.getByTestId('gift-continue').click();

  // The review step shows the gift and the recipient's address.
  await expect(page).toHaveURL(/\/ar\/checkout\/order$/);
  const summary = page.getByTestId('gift-summary');
  await expect(summary).toContainText('مُرسل كهدية');
  await expect(summary).toContainText('إلى نورة');
  await expect(summary.locator('blockquote')).toHaveText(MESSAGE);
  await expect(page.getByTestId('review-address')).toContainText('نورة');
  await expect(page.getByLabel('الدفع عند الاستلام')).toBeChecked();
  await page.getByTestId('place-order').click();

  await expect(page).toHaveURL(/\/ar\/checkout\/success\?order=\d+$/);
  const orderId = new URL(page.url()).searchParams.get('order')!;
  const placed = page.getByTestId('gift-summary');
  await expect(placed).toContainText('إلى نورة');
  await expect(placed.locator('blockquote')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByTestId('gift-summary-date')).toContainText('هـ');

  // The back office prints her gift's packing slip, in Arabic. Its list's gift filter and the order's gift
  // card (plain pages) are storefront integration tests (staff-gift-packing-slip.test.ts); the slip is
  // opened here for what the browser does with it, printing.
  const clerk = await createStaffThroughDev(page, [{ role: 'fulfilment', country: 'KW' }], {
    name: 'Fahad',
    lang: 'ar',
  });
  const staff = staffOrigin(baseURL!);
  await signInStaff(page, staff, clerk, 'ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await page.goto(`${staff}/orders/${orderId}/packing-slip`);
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

  // The back office ships her first order: its plain forms, posted as its pages post them (the pages, the
  // order's search by number and what they say are storefront integration tests:
  // staff-orders-pages.test.ts). The update reaches her on WhatsApp, in Arabic, with its stop link.
  // Another clerk: the first one's code has just been used, and a code signs in once.
  const shipper = await createStaffThroughDev(page, [{ role: 'fulfilment', country: 'KW' }], { name: 'Salem' });
  const steps = await postStaffForms(staff, shipper, [
    { path: `/orders/${first}/confirm`, form: {} },
    { path: `/orders/${first}/pack`, form: {} },
    { path: `/orders/${first}/ship`, form: { carrier: 'aramex', tracking_number: `TRK${first}` } },
  ]);
  expect(steps).toEqual(['confirm', 'pack', 'ship'].map((step) => `/orders/${first}?done=${step}`));
  await page.emulateMedia({ media: 'screen' });
  const shipped = `طلبك رقم ${first} تم شحنه`;
  const update = (await openWhatsApp(page, { has: `+965${national}`, text: shipped })).first();
  await expect(update.getByTestId('message-text')).toContainText(shipped);
  const message = (await update.getByTestId('message-text').textContent())!;
  const stop = new URL(/https?:\/\/\S+\/whatsapp\/stop\?t=\S+/.exec(message)![0]);
  await page.goto(stop.pathname + stop.search);
  await page.getByRole('button', { name: 'أوقف تحديثات واتساب' }).click();
  await expect(page.getByRole('status')).toContainText('لن تصل تحديثات واتساب إلى');
});
