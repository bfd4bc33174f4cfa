// "A return from request to refund" (issue 62): a shopper in Saudi Arabia, on her phone in Arabic, is
// delivered a cash-on-delivery order, finds an item damaged and asks to return it from her order page
// with a photo; the back office, on a desktop, sees the photo, receives the parcel, inspects it (it cannot
// be sold again) and refunds her wallet; her order page then shows the refund. The shopper and the clerk
// are two people on two devices: two browser contexts, each with its own screen size.
import { deflateSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { imagesShown } from './browser';
import {
  createStaffThroughDev,
  expect,
  placeCodOrder,
  signInStaff,
  signUpThroughApi,
  staffOrigin,
  test,
} from './fixtures';

const RIYADH = {
  country: 'SA',
  recipient: 'نورة',
  phone: '512345678',
  city_id: 2,
  district: 'Rawdah',
  street: 'Tahlia',
  building_number: '1234',
  postal_code: '23433',
};

/** CRC-32 of PNG chunks (ISO 3309), so the photo is a PNG any decoder accepts, not just its signature. */
function crc32(bytes: Buffer): number {
  let c = ~0;
  for (const b of bytes) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
  }
  return ~c >>> 0;
}

/** A small red-and-white 16×16 PNG: what her phone's camera would give, in miniature. */
function damagePhoto(): Buffer {
  const size = 16;
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), body.length + 4);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  const rows = Buffer.alloc(size * (1 + size * 3));
  for (let y = 0; y < size; y++)
    for (let x = 0; x < size; x++)
      rows.set((x + y) % 4 < 2 ? [200, 30, 30] : [255, 255, 255], y * (1 + size * 3) + 1 + x * 3);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

// The back office shows her photo, loaded (naturalWidth below).
test.use({ ...imagesShown, viewport: { width: 390, height: 844 } });

test('a shopper in Saudi Arabia returns a damaged item in Arabic and the back office receives, inspects and refunds it', async ({
  page,
  baseURL,
  browser,
  problems,
}) => {
  test.setTimeout(120_000);
  await signUpThroughApi(page, { lang: 'ar', country: 'KW', name: 'نورة' });
  await page.goto('/ar/');
  await page.getByTestId('country-switch').selectOption('SA');
  await expect(page.getByTestId('country-switch')).toHaveValue('SA');
  const number = await placeCodOrder(page, { lang: 'ar', country: 'SA', address: RIYADH });

  // The clerk, at her desk: a fulfilment clerk for Saudi Arabia who also answers customers (support has
  // the refund right; fulfilment alone does not).
  const clerk = await createStaffThroughDev(
    page,
    [
      { role: 'fulfilment', country: 'SA' },
      { role: 'support', country: 'SA' },
    ],
    { name: 'Fahad' },
  );
  const staff = staffOrigin(baseURL!);
  const desk = await browser.newContext({ viewport: { width: 1280, height: 800 }, serviceWorkers: 'block' });
  const office = await desk.newPage();
  await office.setExtraHTTPHeaders({ 'cf-connecting-ip': `198.19.${Math.floor(Math.random() * 250)}.200` });
  watch(office, problems);
  try {
    await signInStaff(office, staff, clerk);
    await office.goto(`${staff}/orders/${number}`);
    await office.getByRole('button', { name: 'Confirm the order' }).click();
    await office.getByRole('button', { name: 'Mark packed' }).click();
    await office.getByLabel('Carrier').selectOption({ label: 'SMSA Express' });
    await office.getByLabel('Tracking number', { exact: true }).fill(`SATRK${Date.now()}`);
    await office.getByRole('button', { name: 'Ship', exact: true }).click();
    await expect(office.getByRole('status')).toHaveText(
      'The order is shipped and the shopper has the tracking number.',
    );
    await office.getByRole('button', { name: 'Mark delivered' }).click();
    await expect(office.getByRole('status')).toHaveText('The order is marked delivered.');

    // She opens the order on her phone: the box is crushed.
    await page.goto(`/ar/profile/orders?id=${number}`);
    const returns = page.getByTestId('order-returns');
    await expect(returns).toContainText('يمكنك إرجاع منتجات من هذا الطلب حتى');
    const start = returns.getByRole('button', { name: 'إرجاع منتجات' });
    await start.click();
    const form = page.getByTestId('return-form');
    // The focus never drops to the page (issue 73): the form's heading when it opens, the button again
    // after "Not now".
    await expect(form.getByRole('heading', { name: 'إرجاع منتجات' })).toBeFocused();
    await form.getByRole('button', { name: 'ليس الآن' }).click();
    await expect(start).toBeFocused();
    await start.click();
    await form.getByLabel(/العدد المراد إرجاعه/).selectOption('1');
    await expect(form).toContainText('منتج واحد للإرجاع');
    await form.getByLabel('تالف أو يسرّب').check();
    const photos = form.getByLabel('صور التلف');
    await expect(photos).toHaveAccessibleDescription('أضف صورة واحدة على الأقل للمنتج وعبوته.');
    // Sent without a photo: refused; the alert takes the focus and the photo field says why.
    await form.getByRole('button', { name: 'أرسل طلب الإرجاع' }).click();
    await expect(form.getByTestId('return-error')).toBeFocused();
    await expect(photos).toHaveAttribute('aria-invalid', 'true');
    await expect(photos).toHaveAccessibleDescription(/يرجى إضافة صورة للتلف/);
    await photos.setInputFiles({ name: 'damage.png', mimeType: 'image/png', buffer: damagePhoto() });
    await expect(form).toContainText('أضفت صورة واحدة');
    await expect(photos).not.toHaveAttribute('aria-invalid');
    await form.getByRole('button', { name: 'أرسل طلب الإرجاع' }).click();
    // Sent: the confirmation takes the focus where the form was.
    await expect(page.getByTestId('return-sent')).toBeFocused();
    await expect(page.getByTestId('return-sent')).toContainText('أرسلنا طلب الإرجاع');
    await expect(form).toBeHidden();
    const timeline = page.getByTestId('order-timeline');
    await expect(timeline).toContainText('طلب إرجاع');
    // The carrier collects it or she prints the label: either way the order page says which.
    const mine = returns.getByTestId('order-return');
    await expect(mine).toHaveCount(1);
    await expect(mine).toContainText(/تم حجز المندوب|الملصق جاهز/);
    await expect(timeline).toContainText(/حجزنا مندوبًا لاستلام الإرجاع|ملصق الإرجاع جاهز/);
    // Her first return of this order is 1; its reference (the shop's number, in her mails) beside it.
    const label = await mine.locator('strong').innerText();
    expect(label).toMatch(/^الإرجاع 1 \(المرجع \d+\)$/);
    const returnId = label.match(/(\d+)\)$/)![1]!;

    // The clerk finds it in the returns queue by the order's number, with the photo she sent.
    await office.goto(`${staff}/returns`);
    await office.getByLabel('Return or order number').fill(number);
    await office.getByRole('button', { name: 'Show', exact: true }).click();
    const row = office.getByTestId('returns-table').getByRole('row', { name: new RegExp(`Return ${returnId}\\b`) });
    await expect(row).toContainText('Damaged');
    await row.getByRole('link', { name: `Return ${returnId}`, exact: true }).click();
    const photo = office.getByRole('img', { name: 'Photo 1' });
    await expect(photo).toBeVisible();
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(16);

    await office.getByRole('button', { name: 'Mark received' }).click();
    await expect(office.getByTestId('return-status')).toHaveText('Received');
    await office.getByLabel('Cannot be sold again').check();
    await office.getByRole('button', { name: 'Save the inspection' }).click();
    await expect(office.getByTestId('return-status')).toHaveText('Inspected');
    // Cash on delivery: nothing went through a card, so the refund goes to her wallet.
    await office.getByLabel('Refund to').selectOption({ label: 'Her wallet' });
    const refund = office.getByRole('button', { name: /^Refund / });
    const amount = (await refund.innerText()).replace(/^Refund /, '');
    await refund.click();
    await expect(office.getByTestId('return-status')).toHaveText('Refunded');
    await expect(office.getByText(`Refunded ${amount}`)).toBeVisible();
  } finally {
    await desk.close();
  }

  // Back on her phone: the refund is on the order's timeline and in its refunds, in Arabic.
  await page.reload();
  await expect(page.getByTestId('order-timeline')).toContainText('تم استرداد مبلغ');
  await expect(page.getByTestId('order-refunds')).toContainText('المبالغ المستردة');
  await expect(page.getByTestId('order-return')).toContainText('تم الاسترداد');
  await expect(page.getByTestId('order-return')).toContainText('المبلغ المسترد:');
});

/** The clerk's page fails the story on a console error, an uncaught error, as the shopper's does. */
function watch(page: Page, problems: string[]) {
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`staff console: ${m.text()} (${m.location().url})`);
  });
  page.on('pageerror', (e) => problems.push(`staff pageerror: ${e.message}`));
}
