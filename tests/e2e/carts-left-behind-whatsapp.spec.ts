// Carts left behind (issue 64), in English and in Kuwait, by both channels she agreed to: a shopper who
// proved her phone and chose WhatsApp updates leaves her cart on a wide screen; the owner's first step
// reaches her by mail (the local mailbox) and on WhatsApp (the local outbox of texts), the WhatsApp link
// brings the cart back on her phone, in another browser, where she orders; the next step never goes.
import type { Page } from '@playwright/test';
import {
  addKuwaitAddress,
  expect,
  nextGulfMorning,
  openMail,
  openWhatsApp,
  signUpThroughApi,
  test,
  uniqueEmail,
} from './fixtures';

/** The newest text /dev/messages shows for a number (the local outbox), matching `pattern`. */
async function textFor(page: Page, e164: string, pattern: RegExp): Promise<string> {
  const message = (await openWhatsApp(page, { has: e164, text: pattern })).first();
  return (await message.getByTestId('message-text').textContent()) ?? '';
}

test('a Kuwaiti shopper leaves her cart (en, 1280 px); mail and WhatsApp remind her, the WhatsApp link brings it back on her phone, she orders, and the next step never goes', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  const email = uniqueEmail('cartwa');
  const { password } = await signUpThroughApi(page, { lang: 'en', country: 'KW', email, name: 'Dana' });
  // She proves her phone with a WhatsApp code and chooses updates there, as her profile does. A Kuwaiti
  // mobile of the 50 block: every number of it is valid (some of the 65 block are not).
  const phone = `50${String(Date.now()).slice(-6)}`;
  const json = { accept: 'application/json', 'x-country': 'KW', lang: 'en' };
  const asked = await page.request.post('/api/user/phone/verify/code', {
    headers: json,
    data: { country: 'KW', phone, channel: 'whatsapp' },
  });
  expect(asked.status(), await asked.text()).toBe(200);
  const code = /\d{6}/.exec(await textFor(page, `+965${phone}`, /\d{6}/))![0];
  const proved = await page.request.post('/api/user/phone/verify', {
    headers: json,
    data: { country: 'KW', phone, code, password },
  });
  expect(proved.status(), await proved.text()).toBe(200);
  expect((await page.request.post('/api/user/profile/whatsapp', { headers: json, data: { on: true } })).status()).toBe(
    200,
  );

  // The cart is kept for her a moment after it changes; she leaves.
  await page.goto('/products');
  const card = page.getByTestId('product-card').first();
  const name = (await card.locator('.product-card-name').getAttribute('title'))!.trim();
  const kept = page.waitForResponse((r) => r.url().endsWith('/api/cart/saved') && r.ok());
  await card.getByRole('button', { name: `Add to cart: ${name}` }).click();
  await expect(page.getByTestId('cart-count')).toHaveText('1');
  await kept;

  // Later that morning the first step goes: by mail and on WhatsApp, in English, naming what she left.
  expect((await page.request.post('/dev/cart-reminders/run', { data: { now: nextGulfMorning() } })).status()).toBe(200);
  const mail = (await openMail(page, { lang: 'en', has: email, subject: 'Your cart is waiting' })).first();
  await expect(mail).toContainText(name);
  const text = await textFor(page, `+965${phone}`, /your cart is waiting/);
  expect(text).toContain(name);
  const link = new URL(/https?:\/\/\S+\/cart\?restore=\S+/.exec(text)![0]);

  // On her phone, another browser signed in to nothing: the WhatsApp link brings the cart back.
  const other = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, serviceWorkers: 'block' });
  await other.addCookies([{ name: 'analytics_consent', value: 'denied', url: baseURL! }]);
  const phonePage = await other.newPage();
  await phonePage.goto(link.pathname + link.search);
  await expect(phonePage).toHaveURL(/\/cart$/);
  // The cart page says the saved cart is back, in its live region (issue 73), not with the add toast.
  await expect(phonePage.getByTestId('cart-restored')).toContainText('Your saved cart is back');
  await expect(phonePage.getByRole('main')).toContainText(name);
  await expect(phonePage.getByRole('main')).toContainText('KWD');

  // She signs in from the checkout's offer to a guest and orders, cash on delivery, to Salmiya.
  await phonePage.getByRole('button', { name: 'Checkout' }).click();
  await phonePage.getByRole('region', { name: 'Contact details' }).getByRole('button', { name: 'Sign in' }).click();
  const dialog = phonePage.getByRole('dialog', { name: 'Sign in' });
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel(/^Password\s*\*?$/).fill(password);
  await dialog.getByRole('button', { name: 'Sign in' }).click();
  await expect(dialog).toHaveCount(0);
  await addKuwaitAddress(phonePage, phone);
  await expect(phonePage.locator('#checkout-address-title')).toBeFocused();
  await phonePage.getByRole('button', { name: 'Continue to payment' }).click();
  await phonePage.getByLabel('Cash on delivery').check();
  await phonePage.getByRole('button', { name: 'Place order' }).click();
  await expect(phonePage.getByRole('heading', { level: 1 })).toHaveText('Thank you! Your order is placed.');
  await other.close();

  // A day later the second step would be due: after the order, neither channel sends it.
  const after = await page.request.post('/dev/cart-reminders/run', {
    data: { now: nextGulfMorning() + 26 * 3_600_000 },
  });
  expect(after.status()).toBe(200);
  await expect(await openWhatsApp(page, { has: `+965${phone}`, text: /your cart/i })).toHaveCount(1);
  await expect(await openMail(page, { lang: 'en', has: email, subject: 'Your cart' })).toHaveCount(1);
  await page.goto(link.pathname + link.search);
  await expect(page.getByTestId('toast')).toContainText('This cart has already been ordered.');
});
