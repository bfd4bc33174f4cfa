// The back office's front door as staff meet it: password, then the authenticator's code,
// the sections their role opens, in English and Arabic.
import { totpCode } from '../../shared/staff/totp';
import { createStaffThroughDev, expect, staffOrigin, test } from './fixtures';

test('an owner signs in with a password and a code and sees the dashboard and the audit log', async ({
  page,
  baseURL,
}) => {
  const owner = await createStaffThroughDev(page, [{ role: 'owner', country: null }], { name: 'Noura Owner' });
  const staff = staffOrigin(baseURL!);
  await page.goto(`${staff}/`);
  await expect(page.getByRole('heading', { name: 'Staff sign-in' })).toBeVisible();
  await page.getByLabel('E-mail').fill(owner.email);
  await page.getByLabel('Password').fill(owner.password);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Two-step verification' })).toBeVisible();
  await page.getByLabel('Code').fill(await totpCode(owner.secret));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(page.getByText('Signed in as Noura Owner')).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Back office' });
  await nav.getByRole('link', { name: 'Audit log' }).click();
  await expect(page.getByRole('cell', { name: 'staff.sign_in' }).first()).toBeVisible();
});

test('a Kuwait fulfilment clerk signs in in Arabic and sees only what the role opens', async ({ page, baseURL }) => {
  const clerk = await createStaffThroughDev(page, [{ role: 'fulfilment', country: 'KW' }], { name: 'فهد' });
  const staff = staffOrigin(baseURL!);
  await page.goto(`${staff}/sign-in`);
  await page.getByRole('button', { name: 'Switch to Arabic' }).click();
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await page.getByLabel('البريد الإلكتروني').fill(clerk.email);
  await page.getByLabel('كلمة المرور').fill(clerk.password);
  await page.getByRole('button', { name: 'متابعة' }).click();
  // An Arabic keyboard types Arabic-Indic digits: the same code.
  const code = (await totpCode(clerk.secret)).replace(/\d/g, (d) => '٠١٢٣٤٥٦٧٨٩'[Number(d)]!);
  await page.getByLabel('الرمز').fill(code);
  await page.getByRole('button', { name: 'تحقق' }).click();
  await expect(page.getByRole('heading', { name: 'لوحة المتابعة' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'الكويت' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'السعودية' })).toHaveCount(0);
  await expect(
    page.getByRole('navigation', { name: 'لوحة الإدارة' }).getByRole('link', { name: 'سجل التدقيق' }),
  ).toHaveCount(0);
  const audit = await page.goto(`${staff}/audit`);
  expect(audit?.status()).toBe(403);
  await expect(page.getByRole('heading', { name: 'غير متاح لدورك' })).toBeVisible();
});
