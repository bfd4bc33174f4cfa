// "A fulfilment clerk ships an order and the shopper sees the tracking number", in Arabic (Saudi
// Arabia): the shopper orders cash on delivery, a clerk of that country signs in to the back office,
// finds the order, confirms, packs and ships it with a tracking number; the shopper's order page shows
// it, and the shipping mail is in the mailbox in the order's language. The English (Kuwait) run is the
// storefront integration test staff-orders-pages.test.ts (decision 70: one browser run per story).
import {
  createStaffThroughDev,
  expect,
  openMail,
  placeCodOrder,
  signInStaff,
  signUpThroughApi,
  staffOrigin,
  test,
} from './fixtures';

const ADDRESSES = {
  SA: {
    country: 'SA',
    recipient: 'سارة',
    phone: '512345678',
    city_id: 2,
    district: 'Rawdah',
    street: 'Tahlia',
    building_number: '1234',
    postal_code: '23433',
  },
};

const TEXT = {
  ar: {
    prefix: '/ar',
    nav: 'لوحة الإدارة',
    orders: 'الطلبات',
    search: 'رقم الطلب أو البريد أو الاسم أو الهاتف',
    filter: 'تصفية',
    confirm: 'تأكيد الطلب',
    pack: 'تم التغليف',
    carrier: 'شركة الشحن',
    carrierName: 'سمسا إكسبريس',
    tracking: 'رقم التتبع',
    ship: 'شحن',
    shipped: 'تم شحن الطلب وأُرسل رقم التتبع إلى العميل.',
    shopperTracking: 'رقم التتبع',
    mailSubject: 'تم شحن طلبك',
  },
} as const;

{
  const lang = 'ar';
  const country = 'SA';
  test(`a fulfilment clerk ships an order and the shopper sees the tracking number (${lang}, ${country})`, async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const x = TEXT[lang];
    await signUpThroughApi(page, { lang, country, name: lang === 'ar' ? 'سارة' : 'Sara Shopper' });
    await page.goto(`${x.prefix}/`);
    await page.getByTestId('country-switch').selectOption('SA');
    await expect(page.getByTestId('country-switch')).toHaveValue('SA');
    const number = await placeCodOrder(page, { lang, country, address: ADDRESSES[country] });
    const tracking = `${country}TRK${Date.now()}`;

    const clerk = await createStaffThroughDev(page, [{ role: 'fulfilment', country }], { name: 'Fahad', lang });
    const staff = staffOrigin(baseURL!);
    await signInStaff(page, staff, clerk, lang);
    await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');

    await page.getByRole('navigation', { name: x.nav }).getByRole('link', { name: x.orders }).click();
    await page.getByLabel(x.search).fill(number);
    await page.getByRole('button', { name: x.filter }).click();
    await page.getByRole('link', { name: number, exact: true }).click();
    await page.getByRole('button', { name: x.confirm }).click();
    await page.getByRole('button', { name: x.pack }).click();
    await page.getByLabel(x.carrier).selectOption({ label: x.carrierName });
    await page.getByLabel(x.tracking, { exact: true }).fill(tracking);
    await page.getByRole('button', { name: x.ship, exact: true }).click();
    await expect(page.getByRole('status')).toHaveText(x.shipped);
    await expect(page.getByTestId('staff-tracking-number')).toHaveText(tracking);

    await page.goto(`${x.prefix}/profile/orders?id=${number}`);
    await expect(page.getByTestId('order-tracking-number')).toHaveText(tracking);
    await expect(page.getByTestId('order-tracking')).toContainText(x.shopperTracking);
    await expect(page.getByTestId('order-tracking')).toContainText(x.carrierName);

    const mail = (await openMail(page, { lang, has: tracking })).first();
    await expect(mail).toContainText(x.mailSubject);
    await expect(mail).toContainText(number);
  });
}
