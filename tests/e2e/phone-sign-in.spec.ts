// Signing up with a phone, as a Kuwaiti shopper does it in Arabic: the heart on a product asks her to
// sign in, she asks for a WhatsApp code (typed on an Arabic keyboard), the chooser follows once her
// account is made, and she checks out without ever giving an e-mail. And what the form says when no
// code was sent: the API's refusal and the time to wait, never "We sent a code" (decision 51).
import type { Page } from '@playwright/test';
import { expect, signOut, test } from './fixtures';

const arabicDigits = (text: string) => text.replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d)));

/** The newest code /dev/messages shows for a number (the local outbox of texts). */
async function codeFor(page: Page, e164: string): Promise<string> {
  const outbox = await page.context().newPage();
  let code = '';
  await expect(async () => {
    await outbox.goto('/dev/messages');
    const article = outbox.locator('article', { hasText: e164 }).first();
    await expect(article).toHaveAttribute('data-channel', 'whatsapp');
    code = /\d{6}/.exec((await article.getByTestId('message-text').textContent()) ?? '')?.[0] ?? '';
    expect(code).toMatch(/^\d{6}$/);
  }).toPass({ timeout: 10_000 });
  await outbox.close();
  return code;
}

test('a Kuwaiti shopper signs up with a WhatsApp code and checks out (ar); asking again too soon says no code was sent (en)', async ({
  page,
}) => {
  const national = `55${String(Date.now()).slice(-6)}`;
  await page.goto('/ar/products');
  const card = page.getByTestId('product-card').first();
  await card.getByTestId('wishlist-button').click();

  const dialog = page.getByRole('dialog', { name: 'تسجيل الدخول' });
  await dialog.getByRole('button', { name: 'سجّل الدخول برمز يُرسل إلى جوالك' }).click();
  await dialog.getByLabel(/^رقم الجوال/).fill(arabicDigits(national));
  await expect(dialog.getByLabel('واتساب')).toBeChecked();
  await dialog.getByRole('button', { name: 'أرسل لي رمزاً' }).click();
  await expect(dialog.getByRole('status')).toContainText('أرسلنا رمزاً عبر واتساب');
  // A new code only after the minute the API gave, counted down.
  await expect(dialog.getByRole('button', { name: 'أرسل رمزاً جديداً' })).toBeDisabled();
  await expect(dialog.getByTestId('code-resend-wait')).toContainText('يمكنك طلب رمز جديد بعد');

  const code = await codeFor(page, `+965${national}`);
  await dialog.getByLabel(/^الرمز/).fill(arabicDigits(code));
  await dialog.getByRole('button', { name: 'تسجيل الدخول' }).click();
  // A new number: her name makes the account.
  await expect(dialog.getByText('أهلاً بك! لا يوجد حساب بهذا الرقم بعد. ما اسمك؟')).toBeVisible();
  await dialog.getByLabel(/^الاسم الكامل/).fill('نورة');
  await dialog.getByRole('button', { name: 'أنشئ حسابي' }).click();

  // Signed in, the action that asked for it goes on: the wishlist chooser opens.
  await expect(page.getByRole('dialog', { name: 'الحفظ في قائمة أمنيات' })).toBeVisible();
  await page.keyboard.press('Escape');

  await card.locator('.add-button').click();
  await page.goto('/ar/cart');
  await page.getByRole('button', { name: 'إتمام الشراء' }).click();
  const form = page.getByTestId('address-form');
  await form.locator('select[name=governorate_id]').selectOption('2');
  await form.locator('select[name=area_id]').selectOption('26');
  await form.locator('input[name=phone]').fill(arabicDigits(national));
  await form.locator('input[name=block]').fill('٣');
  await form.locator('input[name=street]').fill('١٢');
  await form.locator('input[name=building]').fill('٧');
  await form.locator('button[type=submit]').click();
  await expect(page.locator('#checkout-address-title')).toBeFocused();
  await page.getByRole('button', { name: 'المتابعة إلى الدفع' }).click();
  await page.getByLabel('الدفع عند الاستلام').check();
  await page.getByRole('button', { name: 'تأكيد الطلب' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('شكراً لك! تم تأكيد طلبك.');

  // Her account: the number signs her in; an e-mail can be added.
  await page.goto('/ar/profile/account');
  await expect(page.getByTestId('phone-verified')).toContainText(`+965${national}`);
  await expect(page.getByRole('heading', { name: 'البريد الإلكتروني' })).toBeVisible();

  // Signed out, in English, by SMS for another number: asking again too soon says no code was sent
  // and counts down, never "we sent" (it was a story of its own; the same form, decision 70).
  await signOut(page, 'ar');
  const other = `66${String(Date.now()).slice(-6)}`;
  await page.goto('/auth/sign-in');
  await page.getByRole('button', { name: 'Get a code by WhatsApp or SMS instead' }).click();
  const number = page.getByTestId('phone-code-form');
  await number.getByLabel(/^Mobile number/).fill(other);
  await number.getByLabel('Text message (SMS)').check();
  await number.getByRole('button', { name: 'Send me a code' }).click();
  const check = page.getByTestId('phone-code-check');
  await expect(check.getByRole('status')).toHaveText(`We sent a code by SMS to \u2066+965 ${other}\u2069.`);
  await expect(check.getByRole('button', { name: 'Send a new code' })).toBeDisabled();
  await expect(check.getByTestId('code-resend-wait')).toHaveText(/^You can ask for a new code in \d+ seconds?\.$/);

  // Back to the number, and asking again within the minute: refused, with the time to wait.
  await check.getByRole('button', { name: 'Use another number' }).click();
  await number.getByLabel(/^Mobile number/).fill(other);
  await number.getByRole('button', { name: 'Send me a code' }).click();
  const refused = page.getByTestId('code-refused');
  await expect(refused).toContainText('No code was sent: this number has had as many codes as we send for now.');
  await expect(refused).toContainText(/You can try again in \d+ seconds?\./);
  await expect(number.getByRole('button', { name: 'Send me a code' })).toBeDisabled();
  await expect(page.getByTestId('phone-code-check')).toHaveCount(0);
});
