// "A shopper in Saudi Arabia hears of her parcel at each step, chooses another day after a failed
// attempt, and the courier's cash comes back on a statement" (issue 62, decision 66), in Arabic: she
// orders cash on delivery on her phone; a clerk ships it from the back office with a label (SMSA by the
// owner's rules, through the local carrier); a tester moves it along on the local carrier's page; after
// the failed attempt she picks another day on her order page; once delivered, the clerk imports SMSA's
// statement and the parcel reads paid. Two people meet: the shopper's and the clerk's browsers.
import { minorToDecimal } from '../../shared/money';
import { decodeCode128, labelLines, sameWords } from '../support/label-pdf';
import {
  createStaffThroughDev,
  expect,
  openMail,
  placeCodOrder,
  signInStaff,
  signUpThroughApi,
  staffOrigin,
  JEDDAH_ADDRESS,
  test,
} from './fixtures';

test('a shopper in Saudi Arabia follows her parcel, picks another day after a failed attempt, and the cash is settled by statement (ar)', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await signUpThroughApi(page, { lang: 'ar', country: 'SA', name: 'نورة' });
  await page.goto('/ar/');
  await page.getByTestId('country-switch').selectOption('SA');
  await expect(page.getByTestId('country-switch')).toHaveValue('SA');
  const number = await placeCodOrder(page, { lang: 'ar', country: 'SA', address: JEDDAH_ADDRESS });
  const due = (await (await page.request.get(`/api/user/order/${number}`)).json()).data.totals.due as number;

  // The clerk, in her own browser: confirms the order, then ships it from the Shipping page.
  const office = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const clerkPage = await office.newPage();
  const clerk = await createStaffThroughDev(clerkPage, [{ role: 'fulfilment', country: 'SA' }], {
    name: 'فهد',
    lang: 'ar',
  });
  const staff = staffOrigin(baseURL!);
  await signInStaff(clerkPage, staff, clerk, 'ar');
  await clerkPage.goto(`${staff}/orders/${number}`);
  await clerkPage.getByRole('button', { name: 'تأكيد الطلب' }).click();
  await clerkPage.goto(`${staff}/shipping`);
  const ready = clerkPage.getByTestId('shipping-SA');
  await ready.getByRole('checkbox', { name: new RegExp(number) }).check();
  await ready.getByRole('button', { name: 'اشحن الطلبات المختارة' }).click();
  // The carrier answers from the queue: the parcel gets its tracking number and label.
  const row = clerkPage.getByTestId('shipping-SA').locator('tr', { hasText: `${number}-1` });
  await expect(async () => {
    await clerkPage.reload();
    await expect(row).toContainText('البوليصة جاهزة', { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await expect(row).toContainText('سمسا');
  const tracking = (await row.locator('td[dir=ltr]').innerText()).trim();
  expect(tracking).toMatch(/^LC\d{10}$/);
  await row.getByRole('checkbox', { name: `${number}-1` }).check();
  const [labels] = await Promise.all([
    clerkPage.waitForResponse((r) => r.url().includes('/shipping/labels.pdf')),
    ready.getByRole('button', { name: 'اطبع البوالص المختارة' }).click(),
  ]);
  expect(labels.headers()['content-type']).toBe('application/pdf');
  // A courier reads it: her Saudi national address with its words in English and in Arabic (the Arabic
  // shaped, read back in its order), the postal code, and the tracking number's barcode scans.
  // The browser shows the PDF rather than keeping its bytes: fetched again with the clerk's session from
  // Node, by the server's address with the staff host named (Node does not resolve staff.localhost).
  const labelsUrl = new URL(labels.url());
  const session = (await office.cookies(staff)).find((c) => c.name === 'stk')!.value;
  const printed = await (
    await clerkPage.request.get(new URL(`${labelsUrl.pathname}${labelsUrl.search}`, baseURL).href, {
      headers: { host: labelsUrl.host, cookie: `stk=${session}` },
    })
  ).body();
  const lines = await labelLines(printed);
  for (const line of [
    'نورة',
    'الروضة, Jeddah',
    'Street التحلية, Building no. 1234',
    'Postal code 23433',
    'الروضة، جدة',
    'شارع التحلية، رقم المبنى 1234',
    'الرمز البريدي 23433',
  ])
    expect(
      lines.some((l) => sameWords(l, line)),
      `"${line}" in:\n${lines.join('\n')}`,
    ).toBe(true);
  expect(await decodeCode128(printed)).toBe(tracking);

  // Her order page: shipped, with the parcel and its promised day.
  const orderPage = `/ar/profile/orders?id=${number}`;
  await page.goto(orderPage);
  await expect(page.getByTestId('order-tracking-number')).toHaveText(tracking);

  // The tester moves the parcel: picked up, out for delivery, then a failed attempt.
  const tester = await office.newPage();
  const move = async (step: string, reason?: string) => {
    await tester.goto('/dev/parcels?lang=ar');
    const parcel = tester.locator(`article[data-tracking="${tracking}"]`);
    if (reason) await parcel.getByLabel('سبب تعذّر التوصيل').fill(reason);
    await parcel.getByRole('button', { name: step, exact: true }).click();
  };
  await move('تم الاستلام');
  await move('خرج للتوصيل');
  await move('تعذّر التوصيل', 'لا أحد في المنزل');
  await page.goto(orderPage);
  // The tester's words in the shop's own (issue 73).
  await expect(page.getByTestId('order-timeline')).toContainText('تعذّرت محاولة التوصيل: لم يكن أحد موجوداً لاستلامه');
  const redelivery = page.getByTestId('redelivery');
  await expect(redelivery).toContainText('تعذّر توصيل طلبك');
  const second = redelivery.getByTestId('redelivery-day-form').getByRole('radio').nth(1);
  await second.check();
  await redelivery.getByTestId('redelivery-day-submit').click();
  // One date (issue 73): the order's promise is the day she chose.
  await expect(page.getByTestId('redelivery-done')).toContainText('اخترت يوماً آخر للتوصيل');
  await expect(page.getByTestId('order-promise')).toContainText('موعد التوصيل الجديد');

  // Delivered on the day she chose: her page says so, and each step reached her mailbox once.
  await move('خرج للتوصيل');
  await move('تم التسليم');
  await page.goto(orderPage);
  await expect(page.getByTestId('order-timeline')).toContainText('سلّمتها');
  await expect(page.locator('.order-steps:not(.order-tracking-events) .order-step-delivered')).toHaveCount(1);
  for (const subject of ['تم شحن طلبك', 'تم توصيل طلبك'])
    await expect(await openMail(tester, { lang: 'ar', has: number, subject })).toHaveCount(1);

  // SMSA's statement: the parcel's cash, matched and imported; the parcel reads paid.
  await clerkPage.goto(`${staff}/cod`);
  await clerkPage.locator('#cod-carrier').selectOption('smsa');
  await clerkPage.locator('#cod-currency').selectOption('SAR');
  await clerkPage.locator('#cod-ref').fill(`SMSA-${number}`);
  await clerkPage.locator('#cod-file').setInputFiles({
    name: 'smsa-statement.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`AWB No,COD Amount,Currency\r\n${tracking},${minorToDecimal(due, 2)},SAR\r\n`),
  });
  await clerkPage.getByRole('button', { name: 'افحص الملف' }).click();
  const preview = clerkPage.getByTestId('cod-preview');
  await expect(preview).toContainText('مطابق');
  await preview.getByRole('button', { name: 'استورد هذا الكشف' }).click();
  await expect(clerkPage.getByRole('status')).toHaveText('استُورد الكشف.');
  await office.close();
});
