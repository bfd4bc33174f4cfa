// Wishlists and share links, as shoppers use them in both languages: a guest's heart opens
// the sign-in modal, the chooser follows the login, a new list is made (the name rule of spec §5), the
// list is shared from /profile/wishlists and its link copied; a friend in another browser opens it,
// marks the gift as bought, and the owner never sees that mark.
import { expect, test, uniqueEmail } from './fixtures';

const TEXTS = {
  en: {
    prefix: '',
    email: 'Email',
    password: /^Password\s*\*?$/,
    signIn: 'Sign in',
    chooser: 'Save to a wishlist',
    newList: 'New list',
    name: 'List name',
    required: 'List name is required',
    create: 'Create',
    added: 'Added to your wishlist',
    done: 'Done',
    share: 'Share “Birthday”',
    copied: 'Link copied',
    markBought: 'Mark as bought',
    bought: 'Bought',
  },
  ar: {
    prefix: '/ar',
    email: 'البريد الإلكتروني',
    password: /^كلمة المرور\s*\*?$/,
    signIn: 'تسجيل الدخول',
    chooser: 'الحفظ في قائمة أمنيات',
    newList: 'قائمة جديدة',
    name: 'اسم القائمة',
    required: 'اسم القائمة مطلوب',
    create: 'إنشاء',
    added: 'تمت الإضافة إلى قائمة أمنياتك',
    done: 'تم',
    share: 'مشاركة «Birthday»',
    copied: 'تم نسخ الرابط',
    markBought: 'تحديد كمُشترى',
    bought: 'تم الشراء',
  },
} as const;

// One browser run, in Arabic (decision 70): the English list, shared-list and owner pages are the
// storefront integration test wishlists.test.ts; the modals work the same in either language.
for (const lang of ['ar'] as Array<'en' | 'ar'>) {
  test(`a guest adds a product to a wishlist, signs in, shares the list, and a friend opens the link (${lang})`, async ({
    page,
    browser,
    request,
    baseURL,
  }) => {
    const x = TEXTS[lang];
    // The shopper's account exists already; this visit starts signed out.
    const email = uniqueEmail('wish');
    const registered = await request.post('/api/user/register', {
      headers: { accept: 'application/json', lang, 'cf-connecting-ip': `198.19.${Math.floor(Math.random() * 250)}.7` },
      data: { name: 'Hessa Giver', email, password: 'secret1', confirmPassword: 'secret1' },
    });
    expect(registered.status()).toBe(200);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL! });

    await page.goto(`${x.prefix}/products`);
    const card = page.getByTestId('product-card').first();
    const productName = (await card.locator('.product-card-name').getAttribute('title'))!.trim();
    await card.getByTestId('wishlist-button').click();

    // A guest: sign in first, then the chooser opens by itself.
    const signIn = page.getByRole('dialog', { name: x.signIn });
    await signIn.getByLabel(x.email).fill(email);
    await signIn.getByLabel(x.password).fill('secret1');
    await signIn.getByRole('button', { name: x.signIn }).click();
    const chooser = page.getByRole('dialog', { name: x.chooser });
    await expect(chooser).toBeVisible();

    // A new list: the name is required, and create stays disabled while it is empty.
    await chooser.getByRole('button', { name: x.newList }).click();
    const name = chooser.getByLabel(x.name);
    await expect(name).toBeFocused();
    await name.fill('   ');
    await name.blur();
    await expect(chooser.getByText(x.required)).toBeVisible();
    await expect(chooser.getByRole('button', { name: x.create })).toBeDisabled();
    await name.fill('Birthday');
    await chooser.getByRole('button', { name: x.create }).click();
    await expect(page.getByTestId('toast')).toContainText(x.added);
    await expect(chooser.getByRole('checkbox', { name: /Birthday/ })).toBeChecked();
    await chooser.getByRole('button', { name: x.done }).click();
    await expect(chooser).toHaveCount(0);

    // The list in the profile, then the share modal: sharing on, copy the link.
    await page.goto(`${x.prefix}/profile/wishlists`);
    await expect(page.getByTestId('wishlist-list')).toHaveCount(1);
    await expect(page.getByTestId('wishlist-item')).toContainText(productName);
    await page.getByTestId('wishlist-share').click();
    const share = page.getByRole('dialog', { name: x.share });
    // The switch turns on once the API has made the link.
    await share.getByTestId('share-toggle').click();
    await expect(share.getByTestId('share-toggle')).toBeChecked();
    const linkField = share.getByTestId('share-link');
    await expect(linkField).toHaveValue(/\/shared-list\/[A-Za-z0-9_-]{22}$/);
    const link = await linkField.inputValue();
    expect(link.startsWith(baseURL!)).toBe(true);
    await share.getByTestId('share-copy').click();
    await expect(page.getByTestId('toast')).toContainText(x.copied);
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toContain(link);
    expect(copied).toContain('Birthday');

    // A friend, in another browser, opens the link: no sign-in needed; marks the gift as bought.
    const friendContext = await browser.newContext({ baseURL: baseURL!, locale: lang === 'ar' ? 'ar' : 'en-US' });
    const friend = await friendContext.newPage();
    await friend.goto(link.replace(baseURL!, baseURL! + x.prefix));
    await friend.waitForSelector('html[data-hydrated]', { state: 'attached' });
    await expect(friend.getByRole('heading', { level: 1 })).toHaveText('Birthday');
    await expect(friend.locator('meta[property="og:title"]')).toHaveAttribute('content', /^Birthday \| /);
    const item = friend.getByTestId('wishlist-item');
    await expect(item).toContainText(productName);
    await item.getByRole('button', { name: x.markBought }).click();
    await expect(item.getByText(x.bought, { exact: true })).toBeVisible();
    await friendContext.close();

    // The owner opening the same link sees no bought mark and cannot mark anything.
    await page.goto(link.replace(baseURL!, baseURL! + x.prefix));
    await expect(page.getByTestId('shared-owner-note')).toBeVisible();
    await expect(page.getByTestId('wishlist-item')).toContainText(productName);
    await expect(page.getByTestId('shared-mark-bought')).toHaveCount(0);
    await expect(page.getByText(x.bought, { exact: true })).toHaveCount(0);
  });
}
