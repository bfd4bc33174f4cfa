// The shell and the static pages never scroll sideways at phone and desktop widths, in either direction
// of text. This replaces screenshots that nothing compared: a pixel baseline depends on the exact
// Chromium build and fonts, and the suite runs on Debian's Chromium or the packaged one, whichever the
// machine has.
import { expect, placeCodOrder, signUpThroughApi, test } from './fixtures';

// Each page is loaded once and measured at both widths, as the header's test in shell.spec.ts does: the
// server renders the same page for every width, and the layout follows the window (a phone turned, a
// window resized) through CSS and the media queries the code listens to.
test("a shopper at 390 and at 1280 px never scrolls sideways on the shop's pages, in English and Arabic", async ({
  page,
}) => {
  for (const path of [
    '/',
    '/ar',
    '/cart',
    '/ar/profile',
    '/contact-us',
    '/ar/return-policy',
    '/ar/become-a-supplier',
    '/site-index',
    '/products',
    '/ar/products',
    '/ar/blood-test',
    '/ar/install',
    '/quiz',
    '/ar/search?q=vitamin',
  ]) {
    await page.setViewportSize({ width: 390, height: 900 });
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.evaluate(() => document.fonts.ready);
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      // Two frames: what the code changes when a media query starts or stops matching has rendered.
      const scrollWidth = await page.evaluate(async () => {
        for (let i = 0; i < 2; i++) await new Promise(requestAnimationFrame);
        return document.documentElement.scrollWidth;
      });
      expect(scrollWidth, `${path} at ${width} px`).toBeLessThanOrEqual(width);
    }
  }
});

// A shopper whose e-mail, name and address are long, unbroken strings (a long mailbox, a long surname,
// a street typed without spaces): every page that prints them wraps them inside a phone's width, in
// Arabic (where a Latin e-mail sits in right-to-left text) and in English.
const LONG = {
  name: 'Wolfeschlegelsteinhausenbergerdorff-Alqahtani عبدالرحمن',
  street: 'ShaikhAbdullahAlSalemAlSabahStreetNearTheGrandMosque1',
  avenue: 'AvenueOfTheOldFortTowerGardens12345',
  label: 'MyParentsHouseInSalmiyaNearTheCoast',
};
const longEmail = () =>
  `fatima.alabdulrahman.alhashimi${Date.now()}${Math.floor(Math.random() * 1e4)}@healthcare-subscriptions.example.com`;

// One shopper and one order, her pages seen in both languages (decision 70: one story, not one a language).
const lang = 'ar';
test('a shopper with a long e-mail, name and address never scrolls sideways at 390 px, in Arabic and English', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await signUpThroughApi(page, { lang, name: LONG.name, email: longEmail() });
  await page.goto('/ar/profile');
  const address = {
    country: 'KW',
    label: LONG.label,
    recipient: LONG.name.slice(0, 80),
    phone: '98765432',
    area_id: 26,
    block: '3',
    street: LONG.street,
    avenue: LONG.avenue,
    building: 'Tower7BuildingA12',
  };
  // A saved address and a cash-on-delivery order to it, through the shop's API as her pages would.
  const saved = await page.evaluate(
    async ({ address, lang }) =>
      (
        await fetch('/api/user/address/new', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-country': 'KW', lang },
          body: JSON.stringify(address),
        })
      ).status,
    { address, lang },
  );
  expect(saved).toBe(200);
  const order = await placeCodOrder(page, { lang, country: 'KW', address });

  for (const [path, ready] of [
    [`/checkout/success?order=${order}`, 'mail-note'],
    [`/profile/orders?id=${order}`, null],
    ['/profile/orders', null],
    ['/profile', null],
    ['/profile/account', null],
    ['/profile/addresses', null],
  ] as const)
    for (const prefix of ['/ar', '']) {
      await page.goto(`${prefix}${path}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      if (ready) await expect(page.getByTestId(ready)).toBeVisible();
      await page.waitForLoadState('networkidle');
      await page.evaluate(() => document.fonts.ready);
      // Every page is checked (soft), each failure naming what sticks out.
      const wide = await page.evaluate(() => {
        const out = [...document.querySelectorAll('main *')]
          .filter((e) => e.getBoundingClientRect().right > 391 || e.getBoundingClientRect().left < -1)
          .map((e) => `${e.tagName.toLowerCase()}.${e.className}: ${(e.textContent ?? '').slice(0, 40)}`);
        return { width: document.documentElement.scrollWidth, out: out.slice(-3) };
      });
      expect.soft(wide.width, `${prefix}${path} ${JSON.stringify(wide.out)}`).toBeLessThanOrEqual(390);
    }
});
