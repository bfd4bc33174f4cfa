// "A support agent finds a shopper and credits their wallet with a reason, and the shopper sees the new
// balance on /profile/wallet", in English and Arabic. The shopper's and the agent's sessions
// live side by side in one browser: the shop's cookies on localhost, the staff app's on staff.localhost.
import {
  createStaffThroughDev,
  expect,
  signInStaff,
  signUpThroughApi,
  staffOrigin,
  test,
  uniqueEmail,
} from './fixtures';

const TEXT = {
  en: {
    prefix: '',
    nav: 'Back office',
    customers: 'Customers',
    query: 'E-mail, name or phone',
    find: 'Find',
    amount: 'Amount',
    reason: 'Reason',
    goodwill: 'Goodwill',
    note: 'Note',
    apply: 'Apply',
    adjusted: 'The wallet was adjusted.',
    adjustment: 'Adjustment by our team',
    kind: 'Adjustment',
  },
  ar: {
    prefix: '/ar',
    nav: 'لوحة الإدارة',
    customers: 'العملاء',
    query: 'البريد الإلكتروني أو الاسم أو الهاتف',
    find: 'بحث',
    amount: 'المبلغ',
    reason: 'السبب',
    goodwill: 'مبادرة حسن نية',
    note: 'ملاحظة',
    apply: 'تطبيق',
    adjusted: 'تم تعديل المحفظة.',
    adjustment: 'تعديل من فريقنا',
    kind: 'تعديل',
  },
} as const;

for (const lang of ['en', 'ar'] as const) {
  test(`a support agent credits a shopper's wallet with a reason and the shopper sees it (${lang})`, async ({
    page,
    baseURL,
  }) => {
    const x = TEXT[lang];
    const shopper = await signUpThroughApi(page, {
      lang,
      name: lang === 'ar' ? 'ريم الشمري' : 'Reem Shammari',
      email: uniqueEmail('wallet'),
    });
    const agent = await createStaffThroughDev(page, [{ role: 'support', country: 'KW' }], {
      name: 'Dana Support',
      lang,
    });
    const staff = staffOrigin(baseURL!);
    await signInStaff(page, staff, agent, lang);

    await page.getByRole('navigation', { name: x.nav }).getByRole('link', { name: x.customers }).click();
    await expect(page.getByRole('heading', { name: x.customers, level: 1 })).toBeVisible();
    await page.getByLabel(x.query).fill(shopper.email);
    await page.getByRole('button', { name: x.find }).click();
    await page.getByRole('link', { name: shopper.name }).click();
    await expect(page.getByRole('heading', { name: shopper.name, level: 1 })).toBeVisible();

    // The wallet's form (her points have a form of their own beside it, with its own reason).
    const wallet = page.locator('form[action$="/wallet"]');
    await wallet.getByLabel(x.amount, { exact: true }).fill('3.500');
    await wallet.getByLabel(x.reason, { exact: true }).selectOption({ label: x.goodwill });
    await wallet.getByLabel(x.note, { exact: true }).fill('Delivery came two days late');
    await wallet.getByRole('button', { name: x.apply }).click();
    await expect(page.getByRole('status')).toHaveText(x.adjusted);
    await expect(page.getByRole('cell', { name: x.kind })).toBeVisible();
    await expect(page.getByRole('cell', { name: /Delivery came two days late/ })).toBeVisible();

    await page.goto(`${x.prefix}/profile/wallet`);
    await expect(page.getByTestId('wallet-balance')).toContainText('3.500');
    await expect(page.getByTestId('wallet-history')).toContainText(x.adjustment);
    await expect(page.getByTestId('wallet-history')).not.toContainText('Delivery came two days late');
  });
}
