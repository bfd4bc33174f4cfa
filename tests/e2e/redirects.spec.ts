// An attacker's sign-in link carries a hostile return_url; the page follows it in the browser, so one
// story per language checks that the shopper ends up on the shop and the browser never asks another
// host. Every hostile target is checked without a browser: the country-switch links as requests in
// tests/integration/storefront/hostile-requests.test.ts, the return_url values in
// client/accounts/after-auth.test.ts.
import type { Page } from '@playwright/test';
import { expect, signOut, test, uniqueEmail } from './fixtures';

function watchHosts(page: Page): string[] {
  const foreign: string[] = [];
  page.on('request', (r) => {
    const host = new URL(r.url()).hostname;
    if (host !== 'localhost' && host !== '127.0.0.1') foreign.push(r.url());
  });
  return foreign;
}

test("an attacker's sign-in link with a hostile return_url leaves the shopper on the shop, in both languages", async ({
  page,
  baseURL,
}) => {
  const shop = new URL(baseURL!).origin;
  const foreign = watchHosts(page);
  const email = uniqueEmail('redirect');
  await page.goto('/auth/sign-up?return_url=%2F%09%2Fevil.example/x');
  const form = page.getByTestId('sign-up-form');
  await form.getByLabel('Full name').fill('Huda Salem');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel(/^Password\s*\*?$/).fill('secret1');
  await form.getByLabel('Confirm password').fill('secret1');
  await form.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(`${shop}/profile`);

  await signOut(page);
  await page.goto('/ar/auth/sign-in?return_url=%2F%5Cevil.example');
  const signIn = page.getByTestId('sign-in-form');
  await signIn.getByLabel('البريد الإلكتروني').fill(email);
  await signIn.getByLabel(/^كلمة المرور\s*\*?$/).fill('secret1');
  await signIn.getByRole('button', { name: 'تسجيل الدخول' }).click();
  await expect(page).toHaveURL(`${shop}/ar/profile`);
  expect(foreign).toEqual([]);
});
