// Accounts as shoppers use them, in both languages.
import { expect, test } from './fixtures';

const unique = () => `shopper${Date.now()}${Math.floor(Math.random() * 1000)}@example.com`;

test('a shopper creates an account, sees the profile, signs out and signs in again with a return_url', async ({ page }) => {
  const email = unique();
  await page.goto('/auth/sign-up');
  const form = page.getByTestId('sign-up-form');
  await form.getByLabel('Full name').fill('Sara Ahmed');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel(/^Password\s*\*?$/).fill('123');
  // Sign-up checks every change (spec §5).
  await expect(form.getByText('Must be at least 6 characters')).toBeVisible();
  await form.getByLabel(/^Password\s*\*?$/).fill('secret1');
  await form.getByLabel('Confirm password').fill('secret2');
  await expect(form.getByText('Passwords do not match')).toBeVisible();
  await form.getByLabel('Confirm password').fill('secret1');
  await form.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('My account');

  await page.getByTestId('sign-out').click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/auth/sign-in?return_url=%2Fcart');
  const signIn = page.getByTestId('sign-in-form');
  await signIn.getByLabel('Email').fill(email);
  await signIn.getByLabel(/^Password\s*\*?$/).fill('wrong-password');
  await signIn.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('form-error')).toContainText('The email or password is not correct.');
  await signIn.getByLabel(/^Password\s*\*?$/).fill('secret1');
  await signIn.getByRole('button', { name: 'Show password' }).click();
  await expect(signIn.getByLabel(/^Password\s*\*?$/)).toHaveAttribute('type', 'text');
  await signIn.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/cart$/);
});

test('a shopper signs in from the modal in Arabic and stays on the page', async ({ page }) => {
  const email = unique();
  await page.goto('/ar/auth/sign-up');
  await page.getByLabel('الاسم الكامل').fill('نورة');
  await page.getByLabel('البريد الإلكتروني').fill(email);
  await page.getByLabel(/^كلمة المرور\s*\*?$/).fill('secret1');
  await page.getByLabel('تأكيد كلمة المرور').fill('secret1');
  await page.getByRole('button', { name: 'إنشاء حساب' }).click();
  await expect(page).toHaveURL(/\/ar\/profile$/);
  await page.goto('/ar/logout-profile');
  await expect(page).toHaveURL(/\/ar$/);

  await page.goto('/ar/products');
  await page.getByRole('link', { name: 'تسجيل الدخول' }).click();
  const dialog = page.getByRole('dialog', { name: 'تسجيل الدخول' });
  await dialog.getByLabel('البريد الإلكتروني').fill(email);
  await dialog.getByLabel(/^كلمة المرور\s*\*?$/).fill('secret1');
  await dialog.getByRole('button', { name: 'تسجيل الدخول' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page).toHaveURL(/\/ar\/products$/);
  await expect(page.getByRole('link', { name: /الحساب: نورة/ })).toBeVisible();
});

test('a shopper resets a forgotten password through the dev mailbox', async ({ page }) => {
  const email = unique();
  await page.goto('/auth/sign-up');
  await page.getByLabel('Full name').fill('Huda');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password\s*\*?$/).fill('secret1');
  await page.getByLabel('Confirm password').fill('secret1');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await page.goto('/logout-profile');

  await page.goto('/ar/auth/forgot-password');
  await page.getByLabel('البريد الإلكتروني').fill(email);
  await page.getByRole('button', { name: 'إرسال رابط إعادة التعيين' }).click();
  await expect(page.getByTestId('forgot-sent')).toBeVisible();

  await page.goto('/dev/mailbox?lang=ar');
  const mail = page.locator('article', { hasText: email }).first();
  await mail.getByRole('link').click();
  await expect(page).toHaveURL(/\/ar\/auth\/reset-password\?token=[0-9a-f]{64}$/);
  await page.getByLabel('كلمة المرور الجديدة').fill('newpass1');
  await page.getByLabel('تأكيد كلمة المرور').fill('newpass1');
  await page.getByRole('button', { name: 'حفظ كلمة المرور الجديدة' }).click();
  await expect(page).toHaveURL(/\/ar\/profile$/);

  await page.goto('/logout-profile');
  await page.goto('/auth/sign-in');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password\s*\*?$/).fill('newpass1');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/profile$/);
});

test('a shopper edits name and a Kuwait mobile number, then a Saudi one in Arabic, and changes the password', async ({ page }) => {
  const email = unique();
  await page.goto('/auth/sign-up?return_url=%2Fprofile%2Faccount');
  await page.getByLabel('Full name').fill('Ali');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password\s*\*?$/).fill('secret1');
  await page.getByLabel('Confirm password').fill('secret1');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/profile\/account$/);

  const name = page.getByRole('region', { name: 'Name' });
  await name.getByLabel('Full name').fill('Ali Hassan');
  await name.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('toast')).toContainText('Saved');

  const phone = page.getByRole('region', { name: 'Mobile number' });
  await phone.getByLabel('Mobile number').fill('1234');
  await phone.getByRole('button', { name: 'Save' }).click();
  await expect(phone.getByText('Please enter a valid mobile number for the selected country.').first()).toBeVisible();
  await phone.getByLabel('Mobile number').fill('9876 5432');
  await phone.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('toast')).toContainText('Saved');

  await page.goto('/ar/profile/account');
  const arPhone = page.getByRole('region', { name: 'رقم الجوال' });
  await arPhone.getByLabel('رمز الدولة').selectOption('SA');
  await arPhone.getByLabel('رقم الجوال').fill('512345678');
  await arPhone.getByRole('button', { name: 'حفظ' }).click();
  await expect(page.getByTestId('toast')).toContainText('تم الحفظ');

  const password = page.getByRole('region', { name: 'كلمة المرور' });
  await password.getByLabel('كلمة المرور الحالية').fill('secret1');
  await password.getByLabel('كلمة المرور الجديدة').fill('newpass1');
  await password.getByRole('button', { name: 'حفظ' }).click();
  await expect(page.getByTestId('toast')).toContainText('تم الحفظ');
  // The password form starts empty again after a change.
  await expect(password.getByLabel('كلمة المرور الحالية')).toHaveValue('');
  const me = await page.evaluate(() => fetch('/api/user/me').then((r) => r.json()));
  expect(me.data.user).toMatchObject({ name: 'Ali Hassan', phone: '+966512345678' });
});
