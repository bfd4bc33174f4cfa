// Issue 10: redirect targets are parsed by the browser, so the attack is checked in the browser. An
// attacker's link carries a hostile `to` (country switch) or `return_url` (sign-in); wherever the
// shopper ends up, it is a page of the shop, and the browser never even asks another host.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/** As they would sit in an attacker's link (already percent-encoded where a link must be). */
const HOSTILE = [
  '%2F%09%2Fevil.example/x',
  '/%09/evil.example',
  '/\t/evil.example',
  '%2F%0A%2Fevil.example',
  '//evil.example',
  '%2F%2Fevil.example',
  '/\\evil.example',
  '%2F%5Cevil.example',
  '%5C%5Cevil.example',
  '/%2e%2e//evil.example',
  '%2Fa%2F..%2F%2Fevil.example',
  'https://evil.example/',
  'javascript:alert(document.domain)',
  'javascript%3Aalert(1)',
];

function watchHosts(page: Page): string[] {
  const foreign: string[] = [];
  page.on('request', (r) => {
    const host = new URL(r.url()).hostname;
    if (host !== 'localhost' && host !== '127.0.0.1') foreign.push(r.url());
  });
  return foreign;
}

test("an attacker's country-switch links keep the shopper on the shop", async ({ page, baseURL }) => {
  // 28 full navigations, each waiting for hydration, and one error page that never hydrates.
  test.setTimeout(90_000);
  const shop = new URL(baseURL!).origin;
  const foreign = watchHosts(page);
  for (const to of HOSTILE) {
    for (const prefix of ['', '/ar']) {
      await page.goto(`${prefix}/set-country?code=SA&to=${to}`);
      expect(new URL(page.url()).origin, to).toBe(shop);
    }
  }
  // Header-breaking targets are refused with a page of the shop, not followed.
  const res = await page.goto('/set-country?code=SA&to=%0D%0ALocation:%20https://evil.example/');
  expect(res!.status()).toBe(400);
  expect(new URL(page.url()).origin).toBe(shop);
  // A real target still works, and the country was switched.
  await page.goto('/set-country?code=SA&to=%2Far%2Fcart');
  await expect(page).toHaveURL(`${shop}/ar/cart`);
  expect(foreign).toEqual([]);
});

test("an attacker's sign-in link with a hostile return_url leaves the shopper on the shop, in both languages", async ({
  page,
  baseURL,
}) => {
  const shop = new URL(baseURL!).origin;
  const foreign = watchHosts(page);
  const email = `redirect${Date.now()}${Math.floor(Math.random() * 1000)}@example.com`;
  await page.goto(`/auth/sign-up?return_url=${HOSTILE[0]}`);
  const form = page.getByTestId('sign-up-form');
  await form.getByLabel('Full name').fill('Huda Salem');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel(/^Password\s*\*?$/).fill('secret1');
  await form.getByLabel('Confirm password').fill('secret1');
  await form.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(`${shop}/profile`);

  for (const [i, to] of [
    '%2F%2Fevil.example',
    '%2F%5Cevil.example',
    '%2Fa%2F..%2F%2Fevil.example',
    'javascript%3Aalert(1)',
  ].entries()) {
    const ar = i % 2 === 1;
    await page.goto('/logout-profile');
    await page.goto(`${ar ? '/ar' : ''}/auth/sign-in?return_url=${to}`);
    const signIn = page.getByTestId('sign-in-form');
    await signIn.getByLabel(ar ? 'البريد الإلكتروني' : 'Email').fill(email);
    await signIn.getByLabel(ar ? /^كلمة المرور\s*\*?$/ : /^Password\s*\*?$/).fill('secret1');
    await signIn.getByRole('button', { name: ar ? 'تسجيل الدخول' : 'Sign in' }).click();
    await expect(page, to).toHaveURL(`${shop}${ar ? '/ar' : ''}/profile`);
  }
  expect(foreign).toEqual([]);
});
