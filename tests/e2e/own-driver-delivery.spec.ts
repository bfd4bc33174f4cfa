// "A shopper in Kuwait orders cash on delivery, a clerk ships it from the back office with a label, and
// the shop's driver delivers it and collects the cash on her phone" (issue 62), in English: the clerk
// gives Salmiya to a new driver on the Drivers' runs page, confirms and packs the order, ships it from
// the Ship page (Kuwait's same-day parcels go to the shop's own drivers by the seeded carrier rules),
// waits for the queue to create the parcel and opens its label; the driver, on her phone, sees the stop
// with call and WhatsApp buttons and the cash to collect, starts her run and marks it delivered with the
// cash; the shopper's order page shows it delivered with the parcel's steps, and the clerk counts the
// driver's cash in. Three browsers side by side: the shopper's phone, the clerk's desk, the driver's phone.
import type { Browser } from '@playwright/test';
import {
  createStaffThroughDev,
  expect,
  placeCodOrder,
  signInStaff,
  signUpThroughApi,
  staffOrigin,
  test,
  uniqueEmail,
} from './fixtures';
import { decodeCode128, labelLines, sameWords } from '../support/label-pdf';

test.use({ viewport: { width: 390, height: 844 } });

/**
 * A second browser for the back office, its console watched as the fixture watches the shopper's: a
 * console error, an uncaught page error or a blocked resource fails the story.
 */
async function staffPage(browser: Browser, viewport: { width: number; height: number }, problems: string[]) {
  const context = await browser.newContext({ viewport, serviceWorkers: 'block' });
  const page = await context.newPage();
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console (${viewport.width} px staff): ${m.text()} (${m.location().url})`);
  });
  page.on('pageerror', (e) => problems.push(`pageerror (${viewport.width} px staff): ${e.message}`));
  return page;
}

/** "KWD 3.750" → "3.750": the amount as the driver types it. */
const amountOf = (text: string) => /(\d+\.\d{3})/.exec(text)?.[1] ?? '';

test("a shopper in Kuwait orders cash on delivery, a clerk ships it with a label, and the shop's driver delivers it and collects the cash", async ({
  page,
  browser,
  baseURL,
  problems,
}) => {
  test.setTimeout(120_000);
  const staff = staffOrigin(baseURL!);
  // Her name on the address is what the driver reads on the stop; unique per run, as the runs share a day.
  const recipient = `Mariam ${Date.now().toString(36).slice(-5)}`;
  await signUpThroughApi(page, { lang: 'en', country: 'KW', name: recipient, email: uniqueEmail('driver-story') });
  await page.goto('/');
  const number = await placeCodOrder(page, {
    lang: 'en',
    country: 'KW',
    address: { country: 'KW', recipient, phone: '98765432', area_id: 26, block: '3', street: '12', building: '7' },
  });
  await page.goto(`/profile/orders?id=${number}`);
  await expect(page.getByTestId('order-promise')).toHaveText(/^Arrives \S/);

  const driverName = `Driver ${Date.now().toString(36).slice(-5)}`;
  const clerkAccount = await createStaffThroughDev(page, [{ role: 'fulfilment', country: 'KW' }], { name: 'Fahad' });
  const driverAccount = await createStaffThroughDev(page, [{ role: 'driver', country: 'KW' }], { name: driverName });

  // The clerk, at her desk: Salmiya goes to the new driver before anything ships there.
  const clerk = await staffPage(browser, { width: 1280, height: 800 }, problems);
  await signInStaff(clerk, staff, clerkAccount);
  await clerk.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Drivers’ runs' }).click();
  await clerk.getByLabel('Area or governorate').selectOption({ label: 'Salmiya' });
  await clerk.getByLabel('Driver', { exact: true }).selectOption({ label: driverName });
  await clerk.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(clerk.getByRole('status')).toHaveText('Saved. New parcels for that place go to this driver.');
  await expect(clerk.getByRole('listitem').filter({ hasText: `Salmiya: ${driverName}` })).toBeVisible();

  // Confirmed and packed on the order's page, then shipped from the Ship page.
  await clerk.goto(`${staff}/orders/${number}`);
  await clerk.getByRole('button', { name: 'Confirm the order' }).click();
  await clerk.getByRole('button', { name: 'Mark packed' }).click();
  await expect(clerk.getByRole('button', { name: 'Mark packed' })).toHaveCount(0);
  await clerk.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Shipping' }).click();
  const kuwait = clerk.getByTestId('shipping-KW');
  const ready = kuwait.locator('li').filter({ hasText: `Order ${number} ·` });
  await expect(ready).toContainText('Cash on delivery');
  await expect(ready).toContainText('1 item to ship');
  const total = amountOf((await ready.textContent()) ?? '');
  expect(total).not.toBe('');
  await ready.getByRole('checkbox').check();
  await kuwait.getByRole('button', { name: 'Ship the chosen orders' }).click();
  await expect(clerk.getByRole('status')).toHaveText('1 parcel sent to its carrier.');

  // The queue creates the parcel with the shop's drivers a moment later: the page shows it when looked at again.
  const parcel = kuwait.locator('tbody tr').filter({ hasText: `${number}-1` });
  await expect(async () => {
    await clerk.reload();
    await expect(parcel).toContainText('Label ready', { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await expect(parcel).toContainText('Our drivers');
  await expect(parcel).toContainText(`KWD ${total}`);
  const tracking = (await parcel.locator('td[dir=ltr]').textContent())!.trim();
  expect(tracking).toMatch(/^GV\d{10}$/);

  // Its label, from the order's page: a PDF. Fetched with the clerk's session from Node, by the server's
  // address with the staff host named (Node does not resolve staff.localhost; fixtures' signInStaff).
  await clerk.goto(`${staff}/orders/${number}`);
  const orderParcel = clerk.getByTestId('order-parcels');
  await expect(orderParcel).toContainText(`${number}-1 · Our drivers · Label ready · ${tracking}`);
  const href = await orderParcel.getByRole('link', { name: 'Label', exact: true }).getAttribute('href');
  const session = (await clerk.context().cookies(staff)).find((c) => c.name === 'stk')!.value;
  const label = await clerk.request.get(new URL(href!, baseURL).href, {
    headers: { host: new URL(staff).host, cookie: `stk=${session}` },
  });
  expect(label.status()).toBe(200);
  expect(label.headers()['content-type']).toBe('application/pdf');
  expect((await label.body()).subarray(0, 5).toString()).toBe('%PDF-');
  // A courier reads it: her address in Kuwait's form with its words, in English and in Arabic, and the
  // tracking number's barcode scans.
  const lines = await labelLines(await label.body());
  for (const line of [
    recipient,
    'Salmiya, Hawalli',
    'Block 3, Street 12',
    'Building 7',
    'السالمية، حولي',
    'قطعة 3، شارع 12',
    'مبنى 7',
  ])
    expect(
      lines.some((l) => sameWords(l, line)),
      `"${line}" in:\n${lines.join('\n')}`,
    ).toBe(true);
  expect(await decodeCode128(await label.body())).toBe(tracking);

  // The shopper sees her parcel is with the shop's courier, still due the day promised.
  await page.reload();
  await expect(page.getByTestId('order-tracking-number')).toHaveText(tracking);
  await expect(page.getByTestId('order-tracking')).toContainText('Gulf Vitamins courier');
  await expect(page.getByTestId('order-promise')).toHaveText(/^Arrives \S/);

  // The driver, on her phone: signing in lands on her day.
  const driver = await staffPage(browser, { width: 390, height: 844 }, problems);
  await signInStaff(driver, staff, driverAccount);
  await expect(driver).toHaveURL(`${staff}/driver`);
  await expect(driver.getByRole('heading', { level: 1 })).toHaveText('Today’s deliveries');
  await expect(driver.getByText('1 stop left')).toBeVisible();
  const stop = driver.getByRole('listitem').filter({ has: driver.getByRole('heading', { name: recipient }) });
  await expect(stop).toContainText('Salmiya, Hawalli');
  await expect(stop).toContainText('Block 3, Street 12');
  await expect(stop).toContainText(`Order ${number}`);
  await expect(stop.getByText(`Collect KWD ${total}`)).toBeVisible();
  await expect(stop.getByRole('link', { name: `Call ${recipient}` })).toHaveAttribute('href', 'tel:+96598765432');
  await expect(stop.getByRole('link', { name: `WhatsApp ${recipient}` })).toHaveAttribute(
    'href',
    'https://wa.me/96598765432',
  );
  // The page is a phone's: nothing wider than the screen.
  expect(await driver.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await driver.getByRole('button', { name: 'Start my run' }).click();
  await expect(driver.getByRole('status')).toHaveText('Your run has started: every stop is out for delivery.');
  await expect(driver.getByRole('button', { name: 'Start my run' })).toHaveCount(0);

  await stop.getByText('Delivered', { exact: true }).click();
  await expect(stop.getByRole('radio', { name: 'The customer' })).toBeChecked();
  await stop.getByLabel('Cash collected (KWD)').fill(total);
  await stop.getByRole('button', { name: 'Mark delivered' }).click();
  await expect(driver.getByText('Marked delivered.')).toBeVisible();
  await expect(stop.getByRole('status')).toHaveText(`Delivered · received by: The customer · cash KWD ${total}`);
  await expect(driver.getByText('0 stops left')).toBeVisible();

  // The shopper's order moved at the mark: delivered, with the parcel's own steps.
  await page.reload();
  const timeline = page.getByTestId('order-timeline');
  await expect(timeline.locator('.order-steps').first()).toContainText('Delivered');
  await expect(page.getByTestId('order-promise')).toHaveCount(0);
  const events = page.getByTestId('tracking-events');
  await expect(events).toContainText('Picked up by Gulf Vitamins courier');
  await expect(events).toContainText('Out for delivery with Gulf Vitamins courier');
  await expect(events).toContainText('Delivered by Gulf Vitamins courier');

  // The clerk's view of the parcel follows: delivered, no longer on its way.
  await clerk.goto(`${staff}/orders/${number}`);
  await expect(clerk.getByTestId('order-parcels')).toContainText(`${number}-1 · Our drivers · Delivered · ${tracking}`);

  // At the end of the day the clerk counts the driver's cash against what she collected.
  await clerk.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Cash on delivery' }).click();
  const handin = clerk.getByRole('form').filter({ has: clerk.getByRole('heading', { name: driverName }) });
  await expect(handin).toContainText(`Expected KWD ${total} · driver says KWD ${total} · not handed in yet`);
  await expect(handin.getByLabel('Handed in (KWD)')).toHaveValue(total);
  await handin.getByRole('button', { name: 'Record the hand-in' }).click();
  await expect(clerk.getByRole('status')).toHaveText('Hand-in recorded.');
  await expect(clerk.getByRole('form').filter({ has: clerk.getByRole('heading', { name: driverName }) })).toContainText(
    `handed in KWD ${total}`,
  );

  await clerk.context().close();
  await driver.context().close();
});
