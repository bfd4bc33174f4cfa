// Loyalty points and referrals in the browser (issue 47), where a browser is the point: the referral
// card (her code, copy announced for screen readers, the WhatsApp link), the friend's landing page
// keeping the code in the `ref` cookie, and the birthday picker whose points show on the points page.
// The rest of the stories (delivery, refunds, expiry, tiers, the referrer's reward) run at API
// level in tests/integration/api/loyalty-stories.test.ts: the same chains here would cost minutes.
import { expect, signUpInSaudiArabia, signUpThroughApi, test } from './fixtures';

test('a shopper invites a friend on WhatsApp; the friend’s first order gets the discount (ar, SA, 390 px)', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL! });
  await signUpInSaudiArabia(page, 'ar');

  await page.goto('/ar/profile/points');
  const card = page.getByTestId('referral-card');
  await expect(card).toContainText('ادعُ صديقة');
  const code = await page.getByTestId('referral-code').inputValue();
  expect(code).toMatch(/^[2-9A-HJKMNP-Z]{8}$/);
  // WhatsApp: the dictionary's text with her Arabic link, in one text parameter.
  const share = new URL((await page.getByTestId('referral-whatsapp').getAttribute('href'))!);
  expect(share.origin + share.pathname).toBe('https://wa.me/');
  expect(share.searchParams.get('text')).toContain(`/ar/invite/${code}`);
  // Copy from the keyboard: announced in the live region, and on the clipboard.
  await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
  await page.getByTestId('referral-copy-code').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('referral-said')).toHaveText('تم النسخ');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);

  // The friend, on her own phone, opens the link.
  const friendContext = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
  const friend = await friendContext.newPage();
  await friend.goto(`/ar/invite/${code}`);
  await expect(friend.getByTestId('invite-offer')).toContainText('Noura تهديك خصم');
  await friend.waitForSelector('html[data-hydrated]', { state: 'attached' });
  await expect.poll(async () => (await friendContext.cookies()).find((c) => c.name === 'ref')?.value).toBe(code);
  await expect(friend.getByTestId('invite-sign-up')).toHaveAttribute('href', '/ar/auth/sign-up');
  await signUpThroughApi(friend, { lang: 'ar', country: 'SA', name: 'Reem Friend' });
  // Her first order's quote with the kept code: the friend's discount applies.
  const quote = await friend.evaluate(async () => {
    const headers = { 'content-type': 'application/json', 'x-country': 'SA', lang: 'ar' };
    const list = await fetch('/api/product/1', {
      method: 'POST',
      headers,
      body: JSON.stringify({
        filters: [{ key: 'only_available', type: 'boolean', value: true }],
        sort: { key: 'price', value: 'desc' },
      }),
    });
    const sku = ((await list.json()).data.items as Array<{ default_sku: { id: number } }>)[0]!.default_sku.id;
    const ref = /(?:^|;\s*)ref=([^;]+)/.exec(document.cookie)?.[1];
    const res = await fetch('/api/order/calculate', {
      method: 'POST',
      headers,
      body: JSON.stringify({ items: [{ sku_id: sku, count: 1 }], referral_code: ref }),
    });
    return (await res.json()).data;
  });
  expect(quote.referral).toMatchObject({ code, applied: true, discount: 2000, problem: null });
  await friendContext.close();
});

test('a shopper sets her birthday and finds its points on her points page (en, KW, 1280 px)', async ({ page }) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signUpThroughApi(page, { name: 'Maha Points' });

  // A birthday 40 days away (Gulf time): chosen with the keyboard-reachable month and day selects.
  const day = new Date(Date.now() + 40 * 86_400_000 + 3 * 3_600_000);
  await page.goto('/profile/account');
  await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
  const birthday = page.getByTestId('account-birthday');
  await expect(birthday).toContainText('Birthday points come from 30 days after you set it.');
  await birthday.getByLabel('Month').selectOption(String(day.getUTCMonth() + 1));
  await birthday.getByLabel('Day').selectOption(String(day.getUTCDate()));
  await birthday.getByTestId('account-birthday-save').click();
  await expect(page.getByTestId('toast')).toContainText('Saved');

  // The cron on her birthday, 09:00 Gulf time (more than 30 days after she set it).
  const run = await page.request.post('/dev/loyalty/run', {
    data: { now: Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), 6) },
  });
  expect(run.status(), await run.text()).toBe(200);

  await page.goto('/profile');
  await expect(page.getByTestId('profile-points-link')).toContainText('100 points');
  await page.getByTestId('profile-points-link').click();
  await expect(page).toHaveURL(/\/profile\/points$/);
  await expect(page.getByTestId('points-balance')).toHaveText('100 points');
  await expect(page.getByTestId('points-value')).toContainText('KWD 0.200');
  await expect(page.getByTestId('points-tier')).toContainText('You are Bronze');
  await expect(page.getByTestId('points-next-tier')).toContainText('to reach Silver');
  const line = page.getByTestId('points-history').locator('li').first();
  await expect(line).toContainText('Happy birthday!');
  await expect(line).toContainText('Expires');
  await expect(line.getByTestId('points-line-amount')).toHaveText('+100');
});
